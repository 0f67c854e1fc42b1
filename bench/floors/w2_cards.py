"""Floor for W2: 500 distinct 63 × 88 mm cards (title, ~60 words fitted) and one shared back, in plain reportlab.

Fronts are drawn straight onto the sheet (each is used once); the back is one Form XObject.
Nine cards per A4 sheet, butted, crop marks, each front sheet followed by its mirrored back sheet.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from common import A4, BOLD, REGULAR, footer, open_canvas

KIT = Path(__file__).resolve().parents[1] / "kits" / "w2_cards"
CARD_W, CARD_H, BLEED = 63 * mm, 88 * mm, 3 * mm
X0 = Y0 = 5.5 * mm + BLEED
COLUMNS = ROWS = 3
BAND, SAFE = 11 * mm, 3.2 * mm
BLUE, CREAM = (0.180, 0.361, 0.541), (0.984, 0.973, 0.941)
NAME = "Bench W2 cards"


def fitted(text: str, width: float, height: float, size: float, font: str, **style) -> Paragraph:
    """The largest Paragraph (in 0.25 pt steps, down to 5 pt) whose wrapped height fits the box."""
    while True:
        paragraph = Paragraph(text, ParagraphStyle("t", fontName=font, fontSize=size, leading=1.2 * size, **style))
        if paragraph.wrap(width, height)[1] <= height or size <= 5:
            return paragraph
        size -= 0.25


def draw_front(canvas, x: float, y: float, title: str, text: str) -> None:
    """One front with its bottom-left at (x, y), clipped to trim plus bleed."""
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColorRGB(*CREAM)
    canvas.rect(x - BLEED, y - BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=0, fill=1)
    canvas.setFillColorRGB(*BLUE)
    canvas.rect(x - BLEED, y + CARD_H - SAFE - BAND, CARD_W + 2 * BLEED, SAFE + BAND + BLEED, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*BLUE)
    canvas.setLineWidth(0.5 * mm)
    canvas.roundRect(x + SAFE - mm, y + SAFE, CARD_W - 2 * SAFE + 2 * mm, CARD_H - 2 * SAFE - BAND - 0.8 * mm, 1.2 * mm)
    width = CARD_W - 2 * SAFE
    heading = fitted(title, width, BAND, 13, BOLD, alignment=1, textColor=(1, 1, 1))
    _, used = heading.wrap(width, BAND)
    heading.drawOn(canvas, x + SAFE, y + CARD_H - SAFE - (BAND + used) / 2)
    body_h = CARD_H - 2 * SAFE - BAND - 2.6 * mm
    body = fitted(text, width - 1 * mm, body_h, 10, REGULAR)
    _, used = body.wrap(width - 1 * mm, body_h)
    body.drawOn(canvas, x + SAFE + 0.5 * mm, y + CARD_H - SAFE - BAND - 2.1 * mm - used)
    canvas.restoreState()


def draw_back_form(canvas) -> None:
    """The shared back, drawn once: colour to the bleed edge, two frames, the deck's name."""
    w, h = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
    canvas.beginForm("back", 0, 0, w, h)
    canvas.setFillColorRGB(*BLUE)
    canvas.rect(0, 0, w, h, stroke=0, fill=1)
    canvas.setStrokeColorRGB(1, 1, 1)
    for inset, width in ((0.07, 0.4), (0.112, 0.2)):
        d = BLEED + CARD_W * inset
        canvas.setLineWidth(width * mm)
        canvas.roundRect(d, d, w - 2 * d, h - 2 * d, 1 * mm)
    label = fitted(NAME, CARD_W * 0.72, CARD_H * 0.7, 16, BOLD, alignment=1, textColor=(1, 1, 1))
    _, used = label.wrap(CARD_W * 0.72, CARD_H * 0.7)
    label.drawOn(canvas, BLEED + CARD_W * 0.14, (h - used) / 2)
    canvas.endForm()


def crop_marks(canvas, columns: int, rows: int) -> None:
    """A short line beyond the block at every cut, on all four sides."""
    _, height = A4
    top = height - Y0
    xs = [X0 + i * CARD_W for i in range(columns + 1)]
    ys = [top - j * CARD_H for j in range(rows + 1)]
    left, right, bottom = xs[0], xs[-1], ys[-1]
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.5)
    path = canvas.beginPath()
    for x in xs:
        path.moveTo(x, top + BLEED + 1 * mm)
        path.lineTo(x, top + BLEED + 3.5 * mm)
        path.moveTo(x, bottom - BLEED - 1 * mm)
        path.lineTo(x, bottom - BLEED - 3.5 * mm)
    for y in ys:
        path.moveTo(left - BLEED - 1 * mm, y)
        path.lineTo(left - BLEED - 3.5 * mm, y)
        path.moveTo(right + BLEED + 1 * mm, y)
        path.lineTo(right + BLEED + 3.5 * mm, y)
    canvas.drawPath(path, stroke=1, fill=0)


def main(path: str) -> None:
    with (KIT / "cards.csv").open(encoding="utf-8") as handle:
        cards = [(row["title"], row["text"]) for row in csv.DictReader(handle)]
    canvas = open_canvas(path, NAME)
    draw_back_form(canvas)
    per_sheet = COLUMNS * ROWS
    sheets = -(-len(cards) // per_sheet)
    width, height = A4
    for sheet in range(sheets):
        batch = cards[sheet * per_sheet:(sheet + 1) * per_sheet]
        spots = [(X0 + (i % COLUMNS) * CARD_W, height - Y0 - (i // COLUMNS + 1) * CARD_H) for i in range(len(batch))]
        for (x, y), (title, text) in zip(spots, batch):
            draw_front(canvas, x, y, title, text)
        rows = -(-len(batch) // COLUMNS)
        crop_marks(canvas, min(COLUMNS, len(batch)), rows)
        footer(canvas, NAME, 2 * sheet + 1, 2 * sheets, f"Sheet {sheet + 1} front - print double-sided, flip on long edge")
        canvas.showPage()
        for x, y in spots:
            canvas.saveState()
            canvas.translate(width - x - CARD_W - BLEED, y - BLEED)
            canvas.doForm("back")
            canvas.restoreState()
        footer(canvas, NAME, 2 * sheet + 2, 2 * sheets, f"Sheet {sheet + 1} back - crop marks are on the front")
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1])
