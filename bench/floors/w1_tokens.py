"""Floor for W1: 1000 identical 25 mm "Gold 5" discs with cut lines on A4, in plain reportlab.

The token is one Form XObject placed 1000 times; only placements and cut circles are per piece.
"""

from __future__ import annotations

import sys

from reportlab.lib.units import mm

from common import A4, BOLD, footer, open_canvas

TOKENS = 1000
DIAMETER, BLEED, GUTTER = 25 * mm, 1 * mm, 1 * mm
X0, Y0 = 5.5 * mm, 5.5 * mm   # pnpgen's printable area starts at margin + mark lane
COLUMNS, ROWS = 7, 9
GOLD, INK = (0.831, 0.627, 0.090), (0, 0, 0)


def draw_token_form(canvas) -> None:
    """The token, drawn once: gold disc to the bleed edge, an inner ring, the label."""
    r = DIAMETER / 2
    canvas.beginForm("gold", 0, 0, DIAMETER + 2 * BLEED, DIAMETER + 2 * BLEED)
    c = r + BLEED
    canvas.setFillColorRGB(*GOLD)
    canvas.circle(c, c, r + BLEED, stroke=0, fill=1)
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.3 * mm)
    canvas.circle(c, c, r - 0.06 * DIAMETER, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 11)
    canvas.drawCentredString(c, c - 4, "Gold 5")
    canvas.endForm()


def main(path: str) -> None:
    canvas = open_canvas(path, "Bench W1 tokens")
    draw_token_form(canvas)
    per_page = COLUMNS * ROWS
    pages = -(-TOKENS // per_page)
    pitch = DIAMETER + 2 * BLEED + GUTTER
    _, height = A4
    for page in range(pages):
        count = min(per_page, TOKENS - page * per_page)
        spots = [(X0 + (i % COLUMNS) * pitch, height - Y0 - (i // COLUMNS) * pitch - DIAMETER - 2 * BLEED)
                 for i in range(count)]
        for x, y in spots:
            canvas.saveState()
            canvas.translate(x, y)
            canvas.doForm("gold")
            canvas.restoreState()
        canvas.setStrokeGray(0.45)
        canvas.setLineWidth(0.3)
        for x, y in spots:
            canvas.circle(x + BLEED + DIAMETER / 2, y + BLEED + DIAMETER / 2, DIAMETER / 2, stroke=1, fill=0)
        footer(canvas, "Bench W1 tokens", page + 1, pages, f"Sheet {page + 1} - one-sided")
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1])
