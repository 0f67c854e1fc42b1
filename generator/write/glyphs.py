"""Write stage, text: a text block of the template helper drawn as shaped glyphs with cairo.

Each line is shaped again exactly as its layout was (render/shaping.py, cached: the same fonts, bidi runs,
features and glyphs that were measured) and drawn with one `show_text_glyphs` call per font run, from the
very font file HarfBuzz read (fontconfig knows each file by a name of its own, write/fontfiles.py). Clusters
tie glyphs to characters, so the PDF's text extracts in logical order, right-to-left runs included.
"""

from __future__ import annotations

from functools import lru_cache

from generator.render.shaping import Shaping, ShapedLine, chain_of, register_typeface, shape_line
from generator.typeface import BUNDLED
from generator.write.cairolib import load_cairo
from generator.write.svgvalues import size

cairo = load_cairo()  # before cairosvg imports cairocffi

register_typeface(BUNDLED)


@lru_cache(maxsize=1)
def font_options() -> cairo.FontOptions:
    """Unhinted metrics: the layout computed from the TTF's advances holds in PDF and PNG alike.
    One object for every text (a context copies it): making one costs four C calls."""
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    return options


@lru_cache(maxsize=64)
def _shaping(features: str, tracking: str, language: str) -> Shaping:
    """The Shaping a block's attributes name, equal to the one its layout used (so shape_line's cache hits)."""
    tags = tuple(sorted((item[1:], item[0] == "+") for item in features.split()))
    return Shaping(tags, float(tracking or 0), language)


def _coordinate(surface, value: str | None, reference: str) -> float:
    """A line's x or y: the plain number the template helper writes (what `size` makes of it), or anything else
    (a unit, a percentage, nothing) through `size`, cairosvg's reading of a length."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return size(surface, value, reference)


def show_line(context, line: ShapedLine, names: tuple[str, ...], pen: float, baseline: float, em: float,
              slant, weight, selected: str | None = None) -> str | None:
    """Draw one shaped line from `pen` on `baseline` at `em` points, each run in its face of `names` (the chain the
    line was shaped with); returns the face selected last (`selected`: the one selected already, not asked again)."""
    placed = []
    for piece in line.pieces:  # placed in visual order, left to right ...
        placed.append((piece, pen))
        pen += piece.width * em
    if len(placed) > 1:  # ... and drawn in logical order, so that the PDF's text reads (copies, searches) as written
        placed.sort(key=lambda item: item[0].start)
    for piece, pen in placed:
        face = names[piece.font_index]
        if face != selected:
            context.select_font_face(face, slant, weight)
            selected = face
        glyphs = []
        for shape, left in piece.segments:
            left = pen + left * em
            if shape.ys is None:  # on the baseline: baseline - 0.0 * em is the baseline itself
                glyphs += [(glyph, left + x * em, baseline) for glyph, x in zip(shape.ids, shape.xs)]
            else:
                glyphs += [(glyph, left + x * em, baseline - y * em)
                           for glyph, x, y in zip(shape.ids, shape.xs, shape.ys)]
        if piece.plain:  # a glyph per ASCII character: the font's own character map tells the PDF the text
            context.show_glyphs(glyphs)
        else:
            context.show_text_glyphs(piece.text, glyphs, piece.clusters,
                                     cairo.TEXT_CLUSTER_FLAG_BACKWARD if piece.rtl else 0)
    return selected


def fast_text(surface, node) -> None:
    """Draw a block of pre-laid-out lines: each line shaped as its layout was (fonts, bidi, features) and
    drawn glyph by glyph from the very font files that were measured, one show_text_glyphs per run. The glyphs
    are placed from each word's cached arrays (ids and x in em), scaled and moved in one pass per word."""
    context = surface.context
    bold = node.get("font-weight") == "bold"
    weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
    slant = cairo.FONT_SLANT_ITALIC if node.get("font-style") == "italic" else cairo.FONT_SLANT_NORMAL
    names = tuple(name.strip() for name in node.get("font-family", BUNDLED.family).split(","))
    chain = chain_of(names, bold)
    shaping = _shaping(node.get("data-features", ""), node.get("data-tracking", ""), node.get("data-lang", ""))
    right_to_left = shaping._replace(rtl=True)
    em = surface.font_size
    context.set_font_size(em)
    context.set_font_options(font_options())
    context.set_source_rgba(*surface.map_color(node.get("fill", "black"), float(node.get("fill-opacity", 1))))
    selected = None
    for x, y, text, rtl in node.lines:
        line = shape_line(text, chain, right_to_left if rtl else shaping)
        selected = show_line(context, line, names, _coordinate(surface, x, "x"), _coordinate(surface, y, "y"), em,
                             slant, weight, selected)
    context.new_path()
    node["fill"] = "none"  # draw() fills afterwards; nothing more to paint
