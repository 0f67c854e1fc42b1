"""Reference stage, sheets: the reference typeset on A4/Letter pages in one or two columns.

Page one opens with the title across the full width; blocks then flow down the columns and on to
further pages, long tables repeating their header. Every page has a footer with the page count.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.platypus import Frame, FrameBreak, NextPageTemplate, PageTemplate

from generator.reference.content import Reference
from generator.reference.document import ReferenceDocument, counting_canvas
from generator.reference.icons import IconLibrary
from generator.reference.fallback import FONT, FONT_BOLD
from generator.reference.styles import MIN_TEXT_PT
from generator.reference.typeset import Typesetter
from generator.units import mm

MIN_MARGIN = mm(12)
COLUMN_GAP = mm(7)
FOOTER = mm(9)


def write_sheets(reference: Reference, icons: IconLibrary, target: Path, page_size: tuple[float, float],
                 margin: float) -> None:
    """Typeset `reference` into `target` on pages of `page_size` points."""
    width, height = page_size
    margin = max(margin, MIN_MARGIN)
    inner = width - 2 * margin
    top, bottom = height - margin, margin + FOOTER
    setter = Typesetter(reference, icons, reference.theme.font_size, frame_height=top - bottom)
    column = (inner - (reference.columns - 1) * COLUMN_GAP) / reference.columns
    title = setter.title()
    title_height = sum(f.wrap(inner, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in title) + 2

    def columns(column_top: float) -> list[Frame]:
        return [Frame(margin + i * (column + COLUMN_GAP), bottom, column, column_top - bottom, id=f"column{i + 1}",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
                for i in range(reference.columns)]

    title_frame = Frame(margin, top - title_height, inner, title_height, id="title",
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc = ReferenceDocument(str(target), "column" if reference.columns > 1 else "page", pagesize=page_size,
                            title=reference.title, author=reference.kit_name, subject=f"{reference.kit_name} reference",
                            leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin)
    doc.addPageTemplates([
        PageTemplate("first", [title_frame] + columns(top - title_height - mm(2))),
        PageTemplate("later", columns(top)),
    ])
    story = [NextPageTemplate("later"), *title, FrameBreak()]
    for block in reference.blocks:
        story.extend(setter.block(block, column))
    doc.build(story, canvasmaker=counting_canvas(_footer(reference, page_size, margin)))


def _footer(reference: Reference, page_size: tuple[float, float], margin: float):
    width, _ = page_size

    def decorate(canvas, number: int, count: int) -> None:
        base = margin + mm(2)
        canvas.saveState()
        canvas.setStrokeColor(HexColor(reference.theme.accent))
        canvas.setLineWidth(0.5)
        canvas.line(margin, base + mm(4), width - margin, base + mm(4))
        canvas.setFillColor(HexColor("#555555"))
        canvas.setFont(FONT_BOLD, MIN_TEXT_PT)
        canvas.drawString(margin, base, reference.kit_name)
        canvas.setFont(FONT, MIN_TEXT_PT)
        canvas.drawRightString(width - margin, base, f"reference · page {number} of {count}")
        canvas.restoreState()

    return decorate
