"""Write stage, pnpgen's own SVG read without an XML parser: a face made only of plain shapes and the template
helper's text blocks (what the built-in card templates write) becomes the very nodes cairosvg's parser would
make of it, so drawing it makes the same cairo calls; anything else (art, groups, styles, transforms, entities)
is left to cairosvg's parser (`own_tree` returns None).
"""

from __future__ import annotations

import html
import re
import weakref
from typing import Sequence

FAST_TAG = "pnp-line"  # a text block's tag once its lines are lifted out (drawn by write/glyphs.py)
SHAPES = frozenset(("rect", "circle", "ellipse", "line", "polygon", "polyline", "path"))  # cairosvg's basic shapes
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"  # how ElementTree names xml:space

_ROOT = re.compile(r'<svg xmlns="http://www\.w3\.org/2000/svg"(?: xmlns:xlink="http://www\.w3\.org/1999/xlink")?'
                   r'((?: [a-zA-Z]+="[^"<>&\t\n\r]*")*)>')
_ELEMENT = re.compile(r'[ \t\r\n]*<([a-z]+)((?: [a-z:-]+="[^"<>&\t\n\r]*")*)/>')
_ATTRIBUTE = re.compile(r' ([a-zA-Z:-]+)="([^"]*)"')
_END = re.compile(r"[ \t\r\n]*</svg>[ \t\r\n]*")

_ROOT_KEYS = frozenset(("width", "height", "viewBox"))
_SHAPE_KEYS = frozenset(("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "points",
                         "d", "fill", "stroke", "stroke-width", "fill-opacity", "stroke-opacity", "stroke-linecap",
                         "stroke-linejoin", "stroke-miterlimit", "class"))
_TEXT_KEYS = frozenset(("class", "data-block", "font-family", "font-size", "font-weight", "font-style",
                        "data-features", "data-tracking", "data-lang", "fill", "fill-opacity", XML_SPACE))
_REWRITTEN = frozenset(("inherit", "currentColor"))  # values cairosvg's parser replaces


# The block TextHelper writes: <text class="pnp-line" …><tspan x=… y=…>line</tspan>…</text>. The render stage
# hands its lines over as data (RenderedFace.text_blocks); for a face without them (one whose template rewrote
# the helper's output, or one made by hand) they are lifted out here, before the document is read (here, or by
# cairosvg's parser: a parsed tspan costs more than drawing its line).
_TEXT_BLOCK = re.compile(r'<text class="pnp-line"([^>]*)>((?:<tspan x="[^"<>]*" y="[^"<>]*"(?: direction="rtl")?>[^<]*</tspan>)*)</text>')
_LINE = re.compile(r'<tspan x="([^"<>]*)" y="([^"<>]*)"( direction="rtl")?>([^<]*)</tspan>')


def lift_text_blocks(svg: str) -> tuple[str, list[tuple]]:
    """The document with each text block emptied (`data-block` numbers it), and the blocks' lines."""
    blocks: list[tuple] = []

    def lift(match: re.Match) -> str:
        blocks.append(tuple((x, y, html.unescape(text), bool(rtl)) for x, y, rtl, text in _LINE.findall(match.group(2))))
        return f'<text class="pnp-line" data-block="{len(blocks) - 1}"{match.group(1)}/>'

    return _TEXT_BLOCK.sub(lift, svg), blocks


class OwnNode(dict):
    """A node as cairosvg's parser makes it: a dict of its attributes (a child inherits none of the root's:
    width, height and viewBox are not inherited), with its tag, parent and children.

    A node holds its parent weakly, so a tree is no reference cycle: it is freed once drawn, not left for the
    garbage collector (a worker drawing a large deck held thousands of drawn trees, some 10 MB, until it ran)."""

    def __init__(self, tag: str, attributes: dict[str, str], parent: "OwnNode | None" = None):
        super().__init__(attributes)
        self.tag, self.children = tag, []
        self._parent = None if parent is None else weakref.ref(parent)
        self.text, self.root, self.url = None, parent is None, None

    @property
    def parent(self) -> "OwnNode | None":
        return None if self._parent is None else self._parent()


def own_tree(svg: str, blocks: Sequence[tuple], text_tag: str, shapes: frozenset[str]) -> OwnNode | None:
    """The parsed tree of `svg` (text blocks already lifted into `blocks` and tagged `text_tag`, whose drawer
    reads their `lines`), or None when the document holds anything but plain `shapes` and text blocks."""
    root_match = _ROOT.match(svg)
    if root_match is None:
        return None
    root_attributes = _attributes(root_match.group(1), _ROOT_KEYS)
    if root_attributes is None or set(root_attributes) != _ROOT_KEYS:
        return None
    tree = OwnNode("svg", root_attributes)
    position = root_match.end()
    while (match := _ELEMENT.match(svg, position)) is not None:
        tag, raw = match.groups()
        if tag in shapes:
            attributes = _attributes(raw, _SHAPE_KEYS)
        elif tag == "text" and raw.startswith(' class="pnp-line" data-block="'):
            attributes = _attributes(raw, _TEXT_KEYS)
        else:
            return None
        if attributes is None:
            return None
        node = OwnNode(tag, attributes, tree)
        if tag == "text":
            node.lines = blocks[int(attributes["data-block"])]
            node.tag = text_tag
        tree.children.append(node)
        position = match.end()
    end = _END.match(svg, position)
    return tree if end is not None and end.end() == len(svg) else None


def _attributes(raw: str, allowed: frozenset[str]) -> dict[str, str] | None:
    """The attributes written in `raw`, or None for a name not `allowed` (or one written twice), a value
    cairosvg's parser would rewrite or a paint server (`url(…)`, drawn by cairosvg's own drawing)."""
    attributes: dict[str, str] = {}
    for name, value in _ATTRIBUTE.findall(raw):
        if name == "xml:space":
            name = XML_SPACE
        if name not in allowed or name in attributes or value in _REWRITTEN or "url(" in value:
            return None
        attributes[name] = value
    return attributes
