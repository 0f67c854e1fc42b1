"""Render stage: `render_faces(kit)` turns every distinct FaceSpec into one SVG document, on demand.

Faces are keyed by content, so a token used 1000 times is rendered once. Built-in drawers (names
starting with '@') are Python functions registered in DRAWERS; everything else is an SVG template.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, Sequence

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


class RenderedFaces(Mapping[str, RenderedFace]):
    """Every distinct face of a kit by FaceSpec.key (in first-use order), each rendered when it is looked up.

    Nothing is kept: the writer asks for a face once per drawing, so a 10 000-card deck never holds
    10 000 SVG documents at the same time.
    """

    def __init__(self, kit: Kit):
        self.spec = kit.spec
        self.specs: dict[str, FaceSpec] = {}
        for piece in kit.pieces:
            for face in (piece.front, piece.back):
                if face is not None:
                    self.specs.setdefault(face.key, face)
        self._ahead = None

    def __getitem__(self, key: str) -> RenderedFace:
        face = self._ahead.take(key) if self._ahead is not None else None
        return face if face is not None else render_face(self.specs[key], self.spec)

    @contextmanager
    def ahead(self, keys: Sequence[str]) -> Iterator[None]:
        """Within the block, faces are rendered in a second process in the order `keys` says they will be asked for."""
        from generator.render.ahead import RenderAhead, worth_it

        if self._ahead is not None or not worth_it(len(keys)):
            yield
            return
        self._ahead = RenderAhead(lambda key: render_face(self.specs[key], self.spec), keys)
        try:
            yield
        finally:
            self._ahead.close()
            self._ahead = None

    def __iter__(self) -> Iterator[str]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)


def render_faces(kit: Kit) -> RenderedFaces:
    """Every distinct face of the kit, keyed by FaceSpec.key (in first-use order), rendered on demand."""
    return RenderedFaces(kit)


__all__ = ["render_faces", "render_face", "RenderedFace", "DRAWERS", "PnpError"]

from generator.render import boards, dice, mats, tracks  # noqa: E402,F401  register their drawers
