"""Write stage, drawing primitives every sheet uses: one line of text in the sheets' own font (the bundled
DejaVu Sans, whatever the kit's typeface; characters it lacks from the kit's typeface), its width, and a
piece's cut outline as a cairo path."""

from __future__ import annotations

import math
from functools import lru_cache

from generator.geometry.polygon import clipped, grown, is_convex
from generator.render.shaping import ShapedLine, shape_line
from generator.typeface import BUNDLED, Typeface, font_chars, font_index
from generator.write.glyphs import cairo, font_options, show_line


def label(context, text: str, x: float, y: float, size: float, bold: bool = False, grey: float = 0.0,
          colour: tuple[float, float, float] | None = None) -> float:
    """Draw one line of text with its baseline at y, in `grey` (or `colour`); return its advance width."""
    context.save()
    context.set_source_rgb(*(colour or (grey, grey, grey)))
    line = _shaped(text, bold)
    if line is None:
        _select(context, size, bold)
        context.move_to(x, y)
        context.show_text(text)
        advance = context.text_extents(text)[4]
    else:
        names, shaped = line
        context.set_font_options(font_options())
        context.set_font_size(size)
        show_line(context, shaped, names, x, y, size, cairo.FONT_SLANT_NORMAL, _weight(bold))
        advance = shaped.width * size
    context.restore()
    return advance


def text_width(context, text: str, size: float, bold: bool = False) -> float:
    """The advance width of one line of `label` text."""
    line = _shaped(text, bold)
    if line is not None:
        return line[1].width * size
    context.save()
    _select(context, size, bold)
    advance = context.text_extents(text)[4]
    context.restore()
    return advance


def use_sheet_fallback(typeface: Typeface) -> None:
    """Characters the sheets' own font lacks (a kit's names in Japanese on its cover or footer) are drawn from
    `typeface`, the one the document's faces are set in (write/fontfiles.use_typeface)."""
    global _FALLBACK
    _FALLBACK = typeface


_FALLBACK: Typeface = BUNDLED


def _weight(bold: bool):
    return cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL


def _select(context, size: float, bold: bool) -> None:
    context.select_font_face(BUNDLED.family, cairo.FONT_SLANT_NORMAL, _weight(bold))
    context.set_font_options(font_options())
    context.set_font_size(size)


def _shaped(text: str, bold: bool) -> tuple[tuple[str, ...], ShapedLine] | None:
    """None for text the sheets' own font draws alone (cairo's text call, as ever); else the line shaped with that font
    and then the document's typeface for characters it lacks, with the face names of that chain. A character in none
    of them is drawn as '?' (the rest of the line in its own fonts)."""
    if text.isascii():
        return None
    chain = (BUNDLED.file(bold), *_FALLBACK.chain(bold))
    if all(ord(char) in font_chars(chain[0]) for char in text):
        return None
    text = "".join(char if font_index(chain, char) is not None else "?" for char in text)
    return (BUNDLED.face(bold), *_FALLBACK.faces(bold)), shape_line(text, chain)


@lru_cache(maxsize=256)
def _bleed_outline(points: tuple, grow: float, width: float, height: float) -> tuple:
    """A convex outline grown by its bleed and kept within its bleed box; drawn for every copy of a piece."""
    return clipped(grown(points, grow), (-grow, -grow, width + grow, height + grow))


def outline_path(context, piece, x: float, y: float, grow: float = 0.0) -> None:
    """The piece's outline (grown by `grow`, e.g. the bleed) as the current path, its trim top-left at (x, y)."""
    outline = piece.outline
    if outline.shape == "disc":
        context.arc(x + piece.width / 2, y + piece.height / 2, piece.width / 2 + grow, 0, 6.283185307179586)
    elif outline.shape == "polygon" and outline.points:
        points = outline.points
        if grow and not is_convex(points):  # a net's bleed: its bleed box (nets are never nested)
            context.rectangle(x - grow, y - grow, piece.width + 2 * grow, piece.height + 2 * grow)
            return
        if grow:  # a convex piece's bleed follows its outline (nested hexagons): grown, within its bleed box
            points = _bleed_outline(points, grow, piece.width, piece.height)
        px, py = points[0]
        context.move_to(x + px, y + py)
        for px, py in points[1:]:
            context.line_to(x + px, y + py)
        context.close_path()
    elif outline.shape == "rounded" and not grow:
        rounded_rect(context, x, y, piece.width, piece.height, outline.radius)
    else:
        context.rectangle(x - grow, y - grow, piece.width + 2 * grow, piece.height + 2 * grow)


def rounded_rect(context, x: float, y: float, w: float, h: float, radius: float) -> None:
    """A rectangle with rounded corners as a closed sub-path."""
    r = min(radius, w / 2, h / 2)
    context.new_sub_path()
    context.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    context.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    context.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    context.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
    context.close_path()
