"""Render stage: `render_faces(kit)` turns every distinct FaceSpec into one SVG document.

Faces are keyed by content, so a token used 1000 times is rendered once. Built-in drawers (names
starting with '@') are Python functions registered in DRAWERS; everything else is an SVG template.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from generator.errors import LayoutError, PnpError, TemplateError
from generator.manifest.spec import KitSpec
from generator.model import FaceSpec, Kit
from generator.render.templating import render_template
from generator.units import PT_PER_MM

DERIVED_FIELDS = ("colour", "ink", "name", "kit_name", "content_missing", "colour_name", "seat")
Drawer = Callable[[FaceSpec, KitSpec], str]
DRAWERS: dict[str, Drawer] = {}


@dataclass(frozen=True)
class RenderedFace:
    """One face as an SVG document covering trim plus bleed."""

    key: str
    svg: str
    width: float   # trim, points
    height: float
    bleed: float


def face_context(face: FaceSpec) -> dict:
    """What every template sees: sizes in mm (origin at the trim's top-left) and the fields."""
    fields = face.fields
    return {
        "w": face.width / PT_PER_MM, "h": face.height / PT_PER_MM, "bleed": face.bleed / PT_PER_MM,
        "r": face.corner_radius / PT_PER_MM, "shape": face.shape, "f": fields,
        **{key: fields.get(key) for key in DERIVED_FIELDS},
    }


def render_face(face: FaceSpec, spec: KitSpec) -> RenderedFace:
    """One face to SVG; errors name the template and the face's component fields."""
    try:
        if face.template.startswith("@"):
            drawer = DRAWERS.get(face.template[1:])
            if drawer is None:
                raise TemplateError(f"no built-in drawer {face.template!r}")
            svg = drawer(face, spec)
        else:
            svg = render_template(face.template, face_context(face), spec.root, spec.icons)
    except LayoutError as exc:
        name = face.fields.get("name", "?")
        raise LayoutError(f"{name}: {exc}") from None
    return RenderedFace(face.key, svg, face.width, face.height, face.bleed)


def render_faces(kit: Kit) -> Mapping[str, RenderedFace]:
    """Every distinct face of the kit, rendered once, keyed by FaceSpec.key (in first-use order)."""
    faces: dict[str, RenderedFace] = {}
    for piece in kit.pieces:
        for face in (piece.front, piece.back):
            if face is not None and face.key not in faces:
                faces[face.key] = render_face(face, kit.spec)
    return faces


__all__ = ["render_faces", "render_face", "RenderedFace", "DRAWERS", "PnpError"]
