"""What every floor script shares: A4 in points, the bundled TTF fonts, and pnpgen's page footer.

Floors are plain reportlab: no manifest, no templates, one Form XObject per repeated piece.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parents[2] / "generator" / "fonts"
A4 = (210 * mm, 297 * mm)
REGULAR, BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"


def open_canvas(path: str, title: str) -> Canvas:
    """An A4 canvas with the same TrueType fonts pnpgen embeds, and deterministic output."""
    for name in (REGULAR, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
    canvas = Canvas(path, pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    return canvas


def footer(canvas: Canvas, kit_name: str, number: int, total: int, note: str) -> None:
    """The same footer pnpgen prints: kit name, page n/N, side note and a 50 mm scale bar."""
    width, height = A4
    base = 6.5 * mm  # reportlab's y grows upward: the baseline sits 6.5 mm above the bottom edge
    x = 8 * mm
    canvas.setFillGray(0)
    for text, font, size in ((kit_name, BOLD, 8), (f"page {number}/{total}", REGULAR, 8)):
        canvas.setFont(font, size)
        canvas.drawString(x, base, text)
        x += canvas.stringWidth(text, font, size) + 3 * mm
    canvas.setFont(REGULAR, 7)
    canvas.setFillGray(0.25)
    canvas.drawString(x, base, note)
    right = width - 8 * mm
    left = right - 50 * mm
    canvas.setFillGray(0)
    canvas.setFont(REGULAR, 6.5)
    canvas.drawString(left, base + 2.2 * mm, "Print at 100% (actual size): this bar measures 50 mm")
    canvas.setLineWidth(0.6)
    path = canvas.beginPath()
    path.moveTo(left, base)
    path.lineTo(right, base)
    for i in range(6):
        tick = left + 10 * mm * i
        path.moveTo(tick, base + (1.8 if i in (0, 5) else 1.0) * mm)
        path.lineTo(tick, base)
    canvas.drawPath(path, stroke=1, fill=0)
