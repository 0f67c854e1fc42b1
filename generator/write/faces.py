"""SVG faces to cairo recording surfaces, each recorded once and painted wherever the face is used.

cairo stores a recording painted many times as one PDF Form XObject. Text lines produced by the
template helper (class "pnp-line") are drawn with one show_text call instead of cairosvg's
letter-by-letter path, which is where nearly all rendering time went.
"""

from __future__ import annotations

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
    """Draw one pre-laid-out line of text in a single call (the line's position is already final)."""
    context = surface.context
    weight = cairo.FONT_WEIGHT_BOLD if node.get("font-weight") == "bold" else cairo.FONT_WEIGHT_NORMAL
    slant = cairo.FONT_SLANT_ITALIC if node.get("font-style") == "italic" else cairo.FONT_SLANT_NORMAL
    context.select_font_face(node.get("font-family", "DejaVu Sans"), slant, weight)
    context.set_font_size(surface.font_size)
    context.set_font_options(font_options())
    context.set_source_rgba(*surface.map_color(node.get("fill", "black"), float(node.get("fill-opacity", 1))))
    context.move_to(size(surface, node.get("x"), "x"), size(surface, node.get("y"), "y"))
    context.show_text(node.text or "")
    context.new_path()
    node["fill"] = "none"  # draw() fills afterwards; nothing more to paint


cairosvg.surface.TAGS[FAST_TAG] = _fast_text


def _retag_fast_text(node) -> None:
    for child in node.children:
        if child.tag == "text" and child.get("class") == FAST_TAG and not child.children:
            child.tag = FAST_TAG
        else:
            _retag_fast_text(child)


class _RecordingSurface(cairosvg.surface.Surface):
    """cairosvg drawing into an unbounded-free recording of the face's exact size."""

    def _create_surface(self, width, height):
        return cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height)), width, height


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
    """Records each face once; `recording(key)` returns the surface to paint."""

    def __init__(self, faces: Mapping[str, RenderedFace], roots: tuple[Path, ...]):
        self.faces = faces
        self.fetcher = SafeFetcher(roots)
        self.cache: dict[str, cairo.RecordingSurface] = {}

    def recording(self, key: str) -> cairo.RecordingSurface:
        surface = self.cache.get(key)
        if surface is None:
            surface = self.cache[key] = self._record(self.faces[key])
        return surface

    def _record(self, face: RenderedFace) -> cairo.RecordingSurface:
        try:
            tree = Tree(bytestring=face.svg.encode("utf-8"), url_fetcher=self.fetcher, unsafe=False)
            _retag_fast_text(tree)
            drawn = _RecordingSurface(tree, None, 72)
        except UnsafeResourceError:
            raise
        except Exception as exc:  # cairosvg raises many kinds for malformed SVG; name the face instead
            raise TemplateError(f"cannot draw face {face.key}: {type(exc).__name__}: {exc}") from exc
        return drawn.cairo
