"""Render stage: `render_faces(kit)` turns every distinct FaceSpec into one SVG document, on demand.

Faces are keyed by content, so a token used 1000 times is rendered once. Built-in drawers (names
starting with '@') are the kinds' drawers (generator/kinds/registry.py); everything else is an SVG template.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from generator.errors import LayoutError, ManifestError, PnpError, TemplateError
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec, Kit
from generator.render.templating import TemplateReads, render_template
from generator.render.textblocks import TextBlocks, recorded_text_blocks, separate_text_blocks
from generator.units import PT_PER_MM

if TYPE_CHECKING:
    from generator.render.cache import FaceCache

DERIVED_FIELDS = ("colour", "ink", "name", "kit_name", "content_missing", "colour_name", "seat")


@dataclass(frozen=True)
class RenderedFace:
    """One face as an SVG document covering trim plus bleed.

    `svg` is the whole document (what exports, blanks and the cache read); `text_blocks` hands the writer the
    template helper's laid-out text blocks and the document with each left as a numbered placeholder. It is
    None for a face whose blocks could not be told apart from its SVG (a template that rewrites the helper's
    output), which the writer then reads from `svg`.
    """

    key: str
    svg: str
    width: float   # trim, points
    height: float
    bleed: float
    origin: str = ""  # the component it belongs to, as 'kit.yaml:12:5: components.id', for the writer's errors
    text_blocks: TextBlocks | None = None


def face_context(face: FaceSpec) -> dict:
    """What every template sees: sizes in mm (origin at the trim's top-left) and the fields."""
    fields = face.fields
    return {
        "w": face.width / PT_PER_MM, "h": face.height / PT_PER_MM, "bleed": face.bleed / PT_PER_MM,
        "r": face.corner_radius / PT_PER_MM, "shape": face.shape, "f": fields,
        **{key: fields.get(key) for key in DERIVED_FIELDS},
    }


def render_face(face: FaceSpec, spec: KitSpec, reads: TemplateReads | None = None) -> RenderedFace:
    """One face to SVG; errors name the template and the face's component fields. `reads`: the build's template
    files as it found them (render/templating.py), or None to look at them now."""
    try:
        with recorded_text_blocks() as blocks:
            if face.template.startswith("@"):
                from generator.kinds.registry import DRAWERS  # imported here: the kinds' drawers use render's helpers

                drawer = DRAWERS.get(face.template[1:])
                if drawer is None:
                    raise TemplateError(f"no built-in drawer {face.template!r}")
                svg = drawer(face, spec)
            else:
                svg = render_template(face.template, face_context(face), spec.roots, spec.icons, spec.defaults.font,
                                      reads)
    except LayoutError as exc:
        name = face.fields.get("name", "?")
        raise LayoutError(f"{name}: {exc}") from None
    return RenderedFace(face.key, svg, face.width, face.height, face.bleed,
                        text_blocks=separate_text_blocks(svg, blocks))


def _located(lookup: Callable[["RenderedFaces", str], RenderedFace]) -> Callable[["RenderedFaces", str], RenderedFace]:
    """A face's errors, and the face itself, carry the manifest position of the component it belongs to."""
    def located_lookup(faces: "RenderedFaces", key: str) -> RenderedFace:
        try:
            face = lookup(faces, key)
        except ManifestError:
            raise  # located already
        except PnpError as exc:
            raise type(exc)(f"{faces.origin(key)}: {exc}") from None
        return replace(face, origin=faces.origin(key))

    return located_lookup


class RenderedFaces(Mapping[str, RenderedFace]):
    """Every distinct face of a kit by FaceSpec.key (in first-use order), each rendered when it is looked up.

    Template faces are not kept (the face cache holds them on disk): the writer asks for a face once per
    drawing, so a 10 000-card deck never holds 10 000 SVG documents at the same time. Faces of built-in drawers
    (a map, a board, a die's stickers: few, each costly, and the cover asks for them before the writer) are kept
    for the build. A watch hands over `kept`, the template faces earlier builds in its process rendered or read
    (each face's drawing calls are kept there already): a rebuild reads them from there, not from the cache file.
    """

    def __init__(self, kit: Kit, cache: FaceCache | None = None, kept: dict[str, RenderedFace] | None = None):
        self.spec = kit.spec
        self.pieces, self.owners = kit.pieces, None
        self.cache = cache
        self.kept = kept
        self.specs: dict[str, FaceSpec] = {}
        self.drawn: dict[str, RenderedFace] = {}  # faces of built-in drawers, once rendered
        self.reads = TemplateReads()  # each template file looked at once, by the first face that uses it
        for piece in kit.pieces:
            for face in (piece.front, piece.back):
                if face is not None:
                    self.specs.setdefault(face.key, face)

    @_located
    def __getitem__(self, key: str) -> RenderedFace:
        face = self.specs[key]
        if face.template.startswith("@"):
            if key not in self.drawn:
                self.drawn[key] = render_face(face, self.spec)
            return self.drawn[key]
        if self.kept is not None:
            rendered = self.kept.get(key)
            if rendered is not None:
                return rendered
        cached = self.cache.get(key) if self.cache is not None else None
        if cached is not None:
            svg, text_blocks = cached
            rendered = RenderedFace(key, svg, face.width, face.height, face.bleed, text_blocks=text_blocks)
        else:
            rendered = render_face(face, self.spec, self.reads)
            if self.cache is not None:
                self.cache.put(key, rendered.svg, rendered.text_blocks)
        if self.kept is not None:
            self.kept[key] = rendered
        return rendered

    def origin(self, key: str) -> str:
        """'kit.yaml:12:5: components.tokens': where the component a face belongs to is written."""
        if self.owners is None:
            where = {c.id: f"{c.location}: components.{c.id}" for c in self.spec.components}
            self.owners = {}
            for piece in self.pieces:
                for face in (piece.front, piece.back):
                    if face is not None:
                        self.owners.setdefault(face.key, where.get(piece.component_id, f"face {face.key}"))
        return self.owners.get(key, f"face {key}")

    def close(self) -> None:
        """Save what was rendered into the cache (if any); forget the kept faces the kit no longer has."""
        if self.cache is not None:
            self.cache.close()
        if self.kept is not None and len(self.kept) > len(self.specs):
            for key in [key for key in self.kept if key not in self.specs]:
                del self.kept[key]

    def discard(self) -> None:
        """Leave no cache behind for a build that failed."""
        if self.cache is not None:
            self.cache.discard()

    def __iter__(self) -> Iterator[str]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)


def render_faces(kit: Kit, cache_folder: Path | None = None,
                 kept: dict[str, tuple[str, dict[str, RenderedFace]]] | None = None) -> RenderedFaces:
    """Every distinct face of the kit, keyed by FaceSpec.key (in first-use order), rendered on demand.

    With `cache_folder`, template faces rendered by an earlier build are reused (see render/cache.py);
    call `close()` on the result afterwards to keep this build's. With `kept` (a watch's memory: each kit's
    template faces by key, under the fingerprint of what templates read), a rebuild reuses them in memory; a
    changed fingerprint (another font or icon set in kit.yaml) starts the kit's afresh.
    """
    from generator.render.cache import FaceCache, fingerprint

    cache = FaceCache(cache_folder, kit.spec) if cache_folder is not None else None
    faces = None
    if kept is not None:
        # the same premise as the cache file's: a template face follows from its key and the fingerprint
        current = cache.fingerprint if cache is not None else fingerprint(kit.spec)
        found = kept.get(kit.spec.id)
        if found is None or found[0] != current:
            found = kept[kit.spec.id] = (current, {})
        faces = found[1]
    return RenderedFaces(kit, cache, faces)


__all__ = ["render_faces", "render_face", "RenderedFace", "PnpError"]
