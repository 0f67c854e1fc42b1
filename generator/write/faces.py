"""SVG faces drawn with cairo: a face used more than once is recorded once (one PDF Form XObject), a face
used once is drawn straight onto the sheet and forgotten, so memory does not grow with the kit.

Text blocks produced by the template helper (class "pnp-line") are drawn with one show_text call per
line instead of cairosvg's letter-by-letter path, which is where nearly all rendering time went.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Mapping

from generator.paths import FONTS_DIR

os.environ["FONTCONFIG_FILE"] = str(FONTS_DIR / "fonts.conf")  # before cairo's first font lookup

import cairocffi as cairo  # noqa: E402
import cairosvg.surface  # noqa: E402
from cairosvg.helpers import size  # noqa: E402
from cairosvg.parser import Tree  # noqa: E402

from generator.errors import TemplateError, UnsafeResourceError  # noqa: E402
from generator.render import RenderedFace  # noqa: E402

MAX_ART_BYTES = 20 * 1024 * 1024
MAX_USE_ELEMENTS = 500
FAST_TAG = "pnp-line"


def font_options() -> cairo.FontOptions:
    """Unhinted metrics: the layout computed from the TTF's advances holds in PDF and PNG alike."""
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    return options


def _fast_text(surface, node) -> None:
    """Draw a block of pre-laid-out lines, one show_text call each (their positions are already final)."""
    context = surface.context
    weight = cairo.FONT_WEIGHT_BOLD if node.get("font-weight") == "bold" else cairo.FONT_WEIGHT_NORMAL
    slant = cairo.FONT_SLANT_ITALIC if node.get("font-style") == "italic" else cairo.FONT_SLANT_NORMAL
    context.select_font_face(node.get("font-family", "DejaVu Sans"), slant, weight)
    context.set_font_size(surface.font_size)
    context.set_font_options(font_options())
    context.set_source_rgba(*surface.map_color(node.get("fill", "black"), float(node.get("fill-opacity", 1))))
    for x, y, text in node.lines:
        context.move_to(size(surface, x, "x"), size(surface, y, "y"))
        context.show_text(text)
    context.new_path()
    node["fill"] = "none"  # draw() fills afterwards; nothing more to paint


cairosvg.surface.TAGS[FAST_TAG] = _fast_text


def _retag_fast_text(node) -> None:
    """Mark the helper's text blocks for _fast_text; their lines (tspans) are taken out of the tree."""
    for child in node.children:
        if child.tag == "text" and child.get("class") == FAST_TAG:
            spans = child.children or [child]
            child.lines = tuple((span.get("x"), span.get("y"), span.text or "") for span in spans)
            child.children = []
            child.tag = FAST_TAG
        else:
            _retag_fast_text(child)


class _DirectSurface(cairosvg.surface.Surface):
    """cairosvg drawing through an existing context (its transform and clip hold), the face's top-left at (x, y)."""

    def __init__(self, tree, context, x: float, y: float):
        self._outer, self._origin = context, (x, y)
        super().__init__(tree, None, 72)

    def _create_surface(self, width, height):
        return self._outer.get_target(), width, height

    def set_context_size(self, width, height, viewbox, tree):
        self.context = self._outer
        self.context.translate(*self._origin)
        super().set_context_size(width, height, viewbox, tree)


class SafeFetcher:
    """Loads images only from inside the allowed folders (the kit, pnpgen's templates) or data: URLs."""

    def __init__(self, roots: tuple[Path, ...]):
        self.roots = tuple(r.resolve() for r in roots)

    def __call__(self, url: str, resource_type: str) -> bytes:
        from urllib.parse import unquote, urlparse

        if url.startswith("data:"):
            from cairosvg.url import fetch

            return fetch(url, resource_type)
        parsed = urlparse(url)
        if parsed.scheme not in {"", "file"}:
            raise UnsafeResourceError(f"art refers to {url!r}: pnpgen never fetches from the network")
        path = Path(unquote(parsed.path)).resolve()
        if not any(path == r or r in path.parents for r in self.roots):
            raise UnsafeResourceError(f"art refers to {path}, which is outside the kit folder")
        if not path.is_file():
            raise UnsafeResourceError(f"art refers to {path}, which does not exist")
        data = path.read_bytes()
        if len(data) > MAX_ART_BYTES:
            raise UnsafeResourceError(f"{path.name} is larger than {MAX_ART_BYTES // 2**20} MiB")
        if data[:2] == b"\x1f\x8b":
            raise UnsafeResourceError(f"{path.name}: compressed SVG (.svgz) is not accepted; save it as plain .svg")
        if path.suffix.lower() == ".svg" and data.count(b"<use") > MAX_USE_ELEMENTS:
            raise UnsafeResourceError(f"{path.name} has more than {MAX_USE_ELEMENTS} <use> elements")
        return data


class FaceRecorder:
    """Draws faces where the pages need them: `paint(context, key, piece, x, y, outline)`.

    A face used more than once is recorded once, clipped to its piece's outline inside the recording,
    so each further use is a single Form XObject reference. Recordings are unbounded because cairo
    1.16 writes a bounded recording's Form XObject with only what its first use showed, which would
    blank the later tiles of a tiled board. A face used once is drawn straight onto the page and
    nothing of it is kept; when its SVG document comes back under another key (a shared back whose
    fields differ only in values it does not show), the document is recorded then and shared.
    """

    def __init__(self, faces: Mapping[str, RenderedFace], roots: tuple[Path, ...], uses: Mapping[str, int]):
        self.faces = faces
        self.uses = uses
        self.fetcher = SafeFetcher(roots)
        self.recordings: dict[tuple, cairo.RecordingSurface] = {}  # (SVG digest, outline, size) -> recording
        self.recorded: dict[tuple, cairo.RecordingSurface] = {}    # (face key, outline, size) -> the same
        self.drawn: set[tuple] = set()  # documents drawn once straight onto a page

    def paint(self, context, key: str, piece, x: float, y: float, outline) -> None:
        """Draw face `key` with its bleed box's top-left at (x, y), clipped by `outline(context, x, y)`.

        `outline` adds the piece's outline grown by its bleed, for a bleed box whose top-left is (x, y).
        """
        shape = (piece.outline, piece.width, piece.height, piece.bleed)
        surface = self.recorded.get((key, *shape))
        if surface is None:
            face = self.faces[key]
            document = (hashlib.sha1(face.svg.encode("utf-8")).digest(), *shape)
            surface = self.recordings.get(document)
            if surface is None and self.uses.get(key, 0) <= 1 and document not in self.drawn:
                self.drawn.add(document)
                context.save()
                outline(context, x, y)
                context.clip()
                self._draw(face, context, x, y)
                context.restore()
                context.new_path()  # cairosvg leaves a current point; the path is not part of the saved state
                return
            if surface is None:
                surface = self.recordings[document] = self._record(face, outline)
            self.recorded[(key, *shape)] = surface
        context.set_source_surface(surface, x, y)
        context.paint()

    def _record(self, face: RenderedFace, outline) -> cairo.RecordingSurface:
        surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
        context = cairo.Context(surface)
        outline(context, 0.0, 0.0)
        context.clip()
        self._draw(face, context, 0.0, 0.0)
        return surface

    def _draw(self, face: RenderedFace, context, x: float, y: float) -> None:
        try:
            tree = Tree(bytestring=face.svg.encode("utf-8"), url_fetcher=self.fetcher, unsafe=False)
            _retag_fast_text(tree)
            _DirectSurface(tree, context, x, y)
        except UnsafeResourceError:
            raise
        except Exception as exc:  # cairosvg raises many kinds for malformed SVG; name the face instead
            raise TemplateError(f"cannot draw face {face.key}: {type(exc).__name__}: {exc}") from exc
