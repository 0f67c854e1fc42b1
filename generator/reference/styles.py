"""Reference stage, the theme as reportlab styles: the kit's typeface registered as a font family, and every
paragraph style of one reference at one body size (nothing below 7 pt), for sheets and cards alike."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from generator.colours import text_on
from generator.errors import LayoutError
from generator.reference.content import Reference, tint
from generator.reference.fallback import FONT, FONT_BOLD, register_fallbacks
from generator.typeface import BUNDLED, Typeface

MIN_TEXT_PT = 7.0


@lru_cache(maxsize=None)
def register_fonts(typeface: Typeface = BUNDLED) -> tuple[str, str]:
    """reportlab names (regular, bold) for a typeface, registered as one family so <b> picks the bold face.
    The bundled font is FONT and FONT_BOLD, which page headers and footers always use."""
    if typeface == BUNDLED:
        regular, bold = FONT, FONT_BOLD
    else:
        register_fonts(BUNDLED)  # for the page chrome
        tag = hashlib.sha1("|".join(typeface.digests).encode()).hexdigest()[:8]  # a changed file is a new font
        regular, bold = f"PnpKit-{tag}", f"PnpKit-{tag}-Bold"
    try:
        pdfmetrics.registerFont(TTFont(regular, str(typeface.regular)))
        pdfmetrics.registerFont(TTFont(bold, str(typeface.bold)))
    except TTFError as exc:
        raise LayoutError(f"reference: the font {typeface.family!r} cannot be embedded: {exc}") from None
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
    register_fallbacks(typeface)
    return regular, bold


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of one reference at one body size."""

    body: ParagraphStyle
    small: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    cell: ParagraphStyle
    head: ParagraphStyle


def header_fill(accent: str) -> str:
    """Table header background: a light tint of the accent, so dark icons in headings stay visible."""
    return tint(accent, 0.72)


def _pt(size: float) -> float:
    return max(MIN_TEXT_PT, size)


def make_styles(reference: Reference, size: float, compact: bool = False) -> Styles:
    theme = reference.theme
    font, font_bold = register_fonts(reference.typeface)
    ink, accent = HexColor(theme.ink), HexColor(theme.accent)
    body = ParagraphStyle("body", fontName=font, fontSize=_pt(size), leading=_pt(size) * 1.25, textColor=ink,
                          splitLongWords=1, spaceShrinkage=0, allowWidows=0, allowOrphans=0)
    cell_size = _pt(size - 0.5)
    title_size = _pt(size * (1.75 if compact else 2.1))  # a card is narrow: a smaller title wraps less
    return Styles(
        body=body,
        small=replace_style(body, "small", fontSize=_pt(size * 0.85), leading=_pt(size * 0.85) * 1.2,
                            textColor=HexColor("#555555")),
        title=replace_style(body, "title", fontName=font_bold, fontSize=title_size, leading=title_size * 1.15,
                            textColor=accent),
        subtitle=replace_style(body, "subtitle", fontSize=_pt(size * 1.05), leading=_pt(size * 1.05) * 1.3,
                               textColor=HexColor("#555555")),
        heading=replace_style(body, "heading", fontName=font_bold, fontSize=_pt(size * 1.2), leading=_pt(size * 1.2) * 1.2,
                              textColor=accent, spaceBefore=size * 0.9, keepWithNext=1),
        cell=replace_style(body, "cell", fontSize=cell_size, leading=cell_size * 1.2),
        head=replace_style(body, "head", fontName=font_bold, fontSize=cell_size, leading=cell_size * 1.2,
                           textColor=HexColor(text_on(header_fill(theme.accent)))),
    )


def replace_style(base: ParagraphStyle, name: str, **changes) -> ParagraphStyle:
    return ParagraphStyle(name, parent=base, **changes)
