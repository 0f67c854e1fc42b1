"""Write stage, cairosvg as pnpgen draws with it — the one module that patches cairosvg: the template helper's
text blocks registered in cairosvg's TAGS (drawn by write/glyphs.py), a surface that draws through an existing
cairo context with fast paths for text blocks and plain shapes, and `draw_with_cairosvg`, which draws a face
write/svgdraw.py does not draw itself (art, groups, paths, styles …), read by cairosvg's parser unless
write/ownsvg.py read it. Only such a face loads this module, and cairosvg (with PIL, urllib, its XML parser).
"""

from __future__ import annotations

from typing import Sequence

from generator.write.cairolib import load_cairo

cairo = load_cairo()  # before cairosvg imports cairocffi
import cairosvg.surface  # noqa: E402
from cairosvg.helpers import PointError, paint, size  # noqa: E402
from cairosvg.parser import Tree  # noqa: E402

from generator.write.calllog import CallLog  # noqa: E402
from generator.write.glyphs import fast_text  # noqa: E402
from generator.write.ownsvg import FAST_TAG, SHAPES  # noqa: E402

cairosvg.surface.TAGS[FAST_TAG] = fast_text


def retag_fast_text(node, blocks: Sequence[tuple]) -> None:
    """Mark the helper's text blocks for `fast_text` (write/glyphs.py), their lines taken out of the tree."""
    for child in node.children:
        if child.tag == "text" and child.get("class") == FAST_TAG:
            if "data-block" in child:
                child.lines = blocks[int(child["data-block"])]
            else:
                spans = child.children or [child]
                child.lines = tuple((span.get("x"), span.get("y"), span.text or "", span.get("direction") == "rtl")
                                    for span in spans)
            child.children = []
            child.tag = FAST_TAG
        else:
            retag_fast_text(child, blocks)


_FULL_DRAW = ("transform", "opacity", "filter", "mask", "clip-path", "clip", "font")
_SHAPE_FULL_DRAW = _FULL_DRAW + ("stroke-dasharray", "marker", "marker-start", "marker-mid", "marker-end",
                                 "display", "visibility", "fill-rule")
_CAPS = {"square": cairo.LINE_CAP_SQUARE, "round": cairo.LINE_CAP_ROUND}
_JOINS = {"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}


def _plain_shape(node) -> bool:
    """A shape cairosvg's per-element set-up would do nothing for: no transform, dashes, markers, gradients …"""
    return (node.tag in SHAPES and not node.children and not any(key in node for key in _SHAPE_FULL_DRAW)
            and "url(" not in node.get("fill", "") and "url(" not in node.get("stroke", ""))


def _fast_shape(surface, node) -> None:
    """What cairosvg's draw() does for a plain shape, without its per-element overhead (same cairo calls out)."""
    if any(key in node and size(surface, node[key]) == 0 for key in ("width", "height")):
        return
    context = surface.context
    context.save()
    context.move_to(size(surface, node.get("x"), "x"), size(surface, node.get("y"), "y"))
    if node.get("stroke-linecap") in _CAPS:
        context.set_line_cap(_CAPS[node["stroke-linecap"]])
    if node.get("stroke-linejoin") in _JOINS:
        context.set_line_join(_JOINS[node["stroke-linejoin"]])
    context.set_miter_limit(float(node.get("stroke-miterlimit", 4)))
    try:
        cairosvg.surface.TAGS[node.tag](surface, node)
    except PointError:
        pass  # as cairosvg does: a shape with malformed points draws nothing
    context.save()
    context.set_source_rgba(*surface.map_color(paint(node.get("fill", "black"))[1], float(node.get("fill-opacity", 1))))
    context.fill_preserve()
    context.restore()
    context.save()
    context.set_line_width(size(surface, node.get("stroke-width", "1")))
    context.set_source_rgba(*surface.map_color(paint(node.get("stroke"))[1], float(node.get("stroke-opacity", 1))))
    context.stroke()
    context.restore()
    context.restore()


class DirectSurface(cairosvg.surface.Surface):
    """cairosvg drawing through an existing context (its transform and clip hold), the face's top-left at (x, y).

    With keep_calls, every call cairosvg makes on the context is also kept (`self.context.calls`).
    """

    def __init__(self, tree, context, x: float, y: float, keep_calls: bool = False):
        self._outer, self._origin, self._keep_calls = context, (x, y), keep_calls
        super().__init__(tree, None, 72)

    def _create_surface(self, width, height):
        return self._outer.get_target(), width, height

    def set_context_size(self, width, height, viewbox, tree):
        self._outer.translate(*self._origin)
        self.context = CallLog(self._outer) if self._keep_calls else self._outer
        super().set_context_size(width, height, viewbox, tree)

    def draw(self, node):
        """Text blocks and plain shapes skip cairosvg's per-element set-up (transforms, opacity, dashes …)."""
        if _plain_shape(node):
            _fast_shape(self, node)
            return
        if node.tag != FAST_TAG or node.get("visibility") == "hidden" or any(key in node for key in _FULL_DRAW):
            super().draw(node)
            return
        font_size = self.font_size
        self.font_size = size(self, node.get("font-size", "12pt"))
        self.context.save()
        fast_text(self, node)
        self.context.restore()
        self.font_size = font_size


def draw_with_cairosvg(svg: str, blocks: Sequence[tuple], tree, context, x: float, y: float, fetcher,
                       keep_calls: bool = False) -> list | None:
    """Draw the face `svg` (its text blocks lifted into `blocks`) with cairosvg through `context`, its top-left at
    (x, y); `tree` is its own_tree reading, or None to parse it with cairosvg's XML parser (`fetcher` loads its
    images). With keep_calls, return the calls made."""
    if tree is None:
        tree = Tree(bytestring=svg.encode("utf-8"), url_fetcher=fetcher, unsafe=False)
        retag_fast_text(tree, blocks)
    drawn = DirectSurface(tree, context, x, y, keep_calls)
    return drawn.context.calls if keep_calls else None
