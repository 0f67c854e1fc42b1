"""Write stage, a face's SVG drawn through a cairo context: `draw_svg`. A face of pnpgen's own (plain shapes and
the template helper's text blocks, read by write/ownsvg.py, in colours pnpgen writes) is drawn here, with the very
cairo calls cairosvg's Surface makes for it (the same order, the same numbers: a test compares them call by
call), so the PDF is the same; any other face goes to write/cairosvgdraw.py, and only then is cairosvg loaded
(with PIL, urllib and its XML parser: a sixth of a small build's start).
"""

from __future__ import annotations

from math import pi
from typing import Sequence

from generator.write.calllog import CallLog
from generator.write.glyphs import cairo, fast_text
from generator.write.ownsvg import FAST_TAG, SHAPES, lift_text_blocks, own_tree
from generator.write.svgvalues import DPI, PointError, normalize, plain_colour, point, size

# What this module draws itself; a path (cairosvg's path parser) is left to cairosvg, and own_tree reads no line.
OWN_SHAPES = frozenset(("rect", "circle", "ellipse", "polygon", "polyline"))
_CAPS = {"square": cairo.LINE_CAP_SQUARE, "round": cairo.LINE_CAP_ROUND}
_JOINS = {"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}
_ARC_TO_BEZIER = 4 * (2 ** .5 - 1) / 3  # a quarter circle's control points, as cairosvg rounds corners


def draw_svg(svg: str, blocks: Sequence[tuple] | None, context, x: float, y: float, fetcher,
             keep_calls: bool = False) -> list | None:
    """Draw the face `svg` through `context` with its top-left at (x, y); with keep_calls, return the calls made.

    `blocks`: the lines of its text blocks, which `svg` holds as numbered placeholders (RenderedFace.text_blocks);
    None when `svg` is a whole document, whose blocks are then lifted out of it here. `fetcher` loads its images.
    """
    if blocks is None:
        svg, blocks = lift_text_blocks(svg)
    tree = own_tree(svg, blocks, FAST_TAG, SHAPES)  # pnpgen's own shapes and text: no XML parser
    if tree is not None and drawable(tree):
        return OwnSurface(tree, context, x, y, keep_calls).calls
    from generator.write.cairosvgdraw import draw_with_cairosvg

    return draw_with_cairosvg(svg, blocks, tree, context, x, y, fetcher, keep_calls)


def drawable(tree) -> bool:
    """Whether every shape of `tree` is one drawn here and every colour one read here."""
    for node in tree.children:
        if node.tag not in OWN_SHAPES and node.tag != FAST_TAG:
            return False
        if plain_colour(node.get("fill", "black")) is None or plain_colour(node.get("stroke")) is None:
            return False
    return True


class OwnSurface:
    """An own tree drawn through `context` with its top-left at (x, y), as cairosvg's Surface (the DirectSurface
    of write/cairosvgdraw.py) draws it: the viewport set up, the root painted (an empty path, filled and stroked),
    then each shape and text block. `calls` is the list of calls made, with keep_calls, else None.

    Its attributes are those of cairosvg's Surface that the length helpers and write/glyphs.py read."""

    dpi = DPI

    def __init__(self, tree, context, x: float, y: float, keep_calls: bool = False):
        self.context_width = self.context_height = None
        self.font_size = size(self, "12pt")
        width, height, viewbox = _viewport(self, tree)
        if 0 in (width, height):
            raise ValueError("The SVG size is undefined")
        context.translate(x, y)
        self.context = CallLog(context) if keep_calls else context
        self.calls = self.context.calls if keep_calls else None
        self._set_viewport(width, height, viewbox)
        self.context.move_to(0, 0)
        self._draw_root(tree)

    def map_color(self, text: str | None, opacity: float = 1) -> tuple:
        """A colour as RGBA (write/glyphs.py asks the surface, as cairosvg's may map colours)."""
        return plain_colour(text, opacity)

    def _set_viewport(self, width: float, height: float, viewbox: tuple) -> None:
        """The viewBox fitted into width x height, centred (xMidYMid meet), and clipped to it."""
        view_width, view_height = viewbox[2], viewbox[3]
        scale_x = width / view_width if view_width > 0 else 1
        scale_y = height / view_height if view_height > 0 else 1
        scale_x = scale_y = min(scale_x, scale_y)
        translate_x = (width / scale_x - view_width) / 2
        translate_y = (height / scale_y - view_height) / 2
        rect_x, rect_y = viewbox[0] * scale_x, viewbox[1] * scale_y
        context = self.context
        context.translate(*context.get_current_point())
        context.translate(-rect_x, -rect_y)
        context.rectangle(rect_x, rect_y, width, height)
        context.clip()
        context.scale(scale_x, scale_y)
        context.translate(translate_x, translate_y)
        self.context_width = width / scale_x
        self.context_height = height / scale_y

    def _draw_root(self, tree) -> None:
        if size(self, tree["width"]) == 0 or size(self, tree["height"]) == 0:
            return
        context = self.context
        self.font_size = size(self, "12pt")
        context.save()
        context.move_to(0, 0)  # the root's x and y, which it has not
        context.set_miter_limit(4.0)
        context.set_antialias(cairo.ANTIALIAS_DEFAULT)
        options = context.get_font_options()
        options.set_antialias(cairo.ANTIALIAS_DEFAULT)
        options.set_hint_style(cairo.HINT_STYLE_DEFAULT)
        options.set_hint_metrics(cairo.HINT_METRICS_DEFAULT)
        context.set_font_options(options)
        context.save()  # the root's fill and stroke, of no path
        context.set_source_rgba(*plain_colour("black", 1.0))
        context.fill_preserve()
        context.restore()
        context.save()
        context.set_line_width(size(self, "1"))
        context.set_source_rgba(*plain_colour(None, 1.0))
        context.stroke()
        context.restore()
        for node in tree.children:
            if node.tag == FAST_TAG:
                self._draw_text(node)
            else:
                self._draw_shape(node)
        context.restore()

    def _draw_text(self, node) -> None:
        font_size = self.font_size
        self.font_size = size(self, node.get("font-size", "12pt"))
        self.context.save()
        fast_text(self, node)
        self.context.restore()
        self.font_size = font_size

    def _draw_shape(self, node) -> None:
        if any(key in node and size(self, node[key]) == 0 for key in ("width", "height")):
            return
        context = self.context
        context.save()
        context.move_to(size(self, node.get("x"), "x"), size(self, node.get("y"), "y"))
        if node.get("stroke-linecap") in _CAPS:
            context.set_line_cap(_CAPS[node["stroke-linecap"]])
        if node.get("stroke-linejoin") in _JOINS:
            context.set_line_join(_JOINS[node["stroke-linejoin"]])
        context.set_miter_limit(float(node.get("stroke-miterlimit", 4)))
        try:
            _OUTLINES[node.tag](self, node)
        except PointError:
            pass  # as cairosvg does: a shape with malformed points draws nothing
        context.save()
        context.set_source_rgba(*plain_colour(_paint(node.get("fill", "black")), float(node.get("fill-opacity", 1))))
        context.fill_preserve()
        context.restore()
        context.save()
        context.set_line_width(size(self, node.get("stroke-width", "1")))
        context.set_source_rgba(*plain_colour(_paint(node.get("stroke")), float(node.get("stroke-opacity", 1))))
        context.stroke()
        context.restore()
        context.restore()


def _viewport(surface: OwnSurface, tree) -> tuple[float, float, tuple]:
    """The root's width, height (its viewBox's where they are 0) and viewBox, which own_tree always finds."""
    width = size(surface, tree.get("width", "100%"), "x")
    height = size(surface, tree.get("height", "100%"), "y")
    viewbox = tuple(float(number) for number in tree["viewBox"].replace(",", " ").split())
    return width or viewbox[2], height or viewbox[3], viewbox


def _paint(value: str | None) -> str | None:
    """The colour of a paint that is no paint server (own trees hold none)."""
    return (value.strip() or None) if value else None


def _rect(surface, node) -> None:
    x, y = size(surface, node.get("x"), "x"), size(surface, node.get("y"), "y")
    width = size(surface, node.get("width"), "x")
    height = size(surface, node.get("height"), "y")
    rx, ry = node.get("rx"), node.get("ry")
    if rx and ry is None:
        ry = rx
    elif ry and rx is None:
        rx = ry
    rx, ry = size(surface, rx, "x"), size(surface, ry, "y")
    context = surface.context
    if rx == 0 or ry == 0:
        context.rectangle(x, y, width, height)
        return
    rx, ry = min(rx, width / 2), min(ry, height / 2)
    c1, c2 = _ARC_TO_BEZIER * rx, _ARC_TO_BEZIER * ry
    context.new_path()
    context.move_to(x + rx, y)
    context.rel_line_to(width - 2 * rx, 0)
    context.rel_curve_to(c1, 0, rx, c2, rx, ry)
    context.rel_line_to(0, height - 2 * ry)
    context.rel_curve_to(0, c2, c1 - rx, ry, -rx, ry)
    context.rel_line_to(-width + 2 * rx, 0)
    context.rel_curve_to(-c1, 0, -rx, -c2, -rx, -ry)
    context.rel_line_to(0, -height + 2 * ry)
    context.rel_curve_to(0, -c2, rx - c1, -ry, rx, -ry)
    context.close_path()


def _circle(surface, node) -> None:
    r = size(surface, node.get("r"))
    if not r:
        return
    cx, cy = size(surface, node.get("cx"), "x"), size(surface, node.get("cy"), "y")
    surface.context.new_sub_path()
    surface.context.arc(cx, cy, r, 0, 2 * pi)
    surface.context.close_path()


def _ellipse(surface, node) -> None:
    rx, ry = size(surface, node.get("rx"), "x"), size(surface, node.get("ry"), "y")
    if not rx or not ry:
        return
    cx, cy = size(surface, node.get("cx"), "x"), size(surface, node.get("cy"), "y")
    ratio = ry / rx
    context = surface.context
    context.new_sub_path()
    context.save()
    context.scale(1, ratio)
    context.arc(cx, cy / ratio, rx, 0, 2 * pi)
    context.close_path()
    context.restore()


def _polyline(surface, node) -> None:
    points = normalize(node.get("points", ""))
    if points:
        x, y, points = point(surface, points)
        surface.context.move_to(x, y)
        while points:
            x, y, points = point(surface, points)
            surface.context.line_to(x, y)


def _polygon(surface, node) -> None:
    _polyline(surface, node)
    surface.context.close_path()


_OUTLINES = {"rect": _rect, "circle": _circle, "ellipse": _ellipse, "polyline": _polyline, "polygon": _polygon}
