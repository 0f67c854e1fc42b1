"""Reference stage, fonts: reference text whose characters the kit's first font lacks is set in the next
font of the kit's list that has them (`font_runs`), as reportlab <font> runs; a character none has stops
the build, as on the pieces (render/shaping.py)."""

from __future__ import annotations

import hashlib
import re

from generator.render.shaping import font_of
from generator.typeface import BUNDLED, Typeface

FONT, FONT_BOLD = "PnpSans", "PnpSans-Bold"  # reportlab's names for pnpgen's own font (page chrome too)
TAG_OR_ENTITY = re.compile(r"(<[^>]*>|&[#a-zA-Z0-9]+;)")


def reportlab_name(member: Typeface) -> str:
    """The reportlab family name of one font of the kit's list (registered by `register_fallbacks`)."""
    if member.regular == BUNDLED.regular:
        return FONT  # pnpgen's own, registered for the page chrome
    return "PnpKit-" + hashlib.sha1("|".join(member.digests).encode()).hexdigest()[:8]


def register_fallbacks(typeface: Typeface) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for member in typeface.fallbacks:
        name = reportlab_name(member)
        if name in pdfmetrics.getRegisteredFontNames():
            continue
        pdfmetrics.registerFont(TTFont(name, str(member.regular)))
        pdfmetrics.registerFont(TTFont(f"{name}-Bold", str(member.bold)))
        pdfmetrics.registerFontFamily(name, normal=name, bold=f"{name}-Bold", italic=name, boldItalic=f"{name}-Bold")


def font_runs(markup: str, typeface: Typeface) -> str:
    """Paragraph markup with each run of characters the first font lacks wrapped in the fallback's <font>."""
    if not typeface.fallbacks:
        return markup
    chain = typeface.chain(False)
    out = []
    for part in TAG_OR_ENTITY.split(markup):
        if not part or part[0] in "<&":
            out.append(part)
            continue
        current, run = 0, []
        for char in part:
            index = max(font_of(chain, char), 0)
            if index != current and run:
                out.append(_wrap("".join(run), current, typeface))
                run = []
            current = index
            run.append(char)
        out.append(_wrap("".join(run), current, typeface))
    return "".join(out)


def _wrap(text: str, index: int, typeface: Typeface) -> str:
    if index == 0:
        return text
    return f'<font name="{reportlab_name(typeface.fallbacks[index - 1])}">{text}</font>'


def covering_font(typeface: Typeface, text: str, bold: bool, first: str) -> str:
    """The reportlab name of the first font of the kit's list that has every character of `text` (a bullet
    or list number, which reportlab sets in one font); `first` is the name of the kit's own font."""
    chain = typeface.chain(bold)
    index = max((max(font_of(chain, char), 0) for char in text), default=0)
    if index == 0:
        return first
    name = reportlab_name(typeface.fallbacks[index - 1])
    return f"{name}-Bold" if bold else name


def bullet_fonts(typeface: Typeface, labels: str, bold: str, regular: str) -> tuple[str, str]:
    """reportlab fonts for a list's numbers or bullets (bold) and its sub-items' letters (regular): the
    kit's own (`bold`, `regular`) unless it lacks their characters."""
    return (covering_font(typeface, labels + "m)", True, bold),
            covering_font(typeface, "–abcdefghijklmnopqrstuvwxyz)", False, regular))
