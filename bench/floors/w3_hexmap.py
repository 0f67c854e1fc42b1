"""Floor for W3: a 127-cell hexagonal map (7 per side, 30 mm across flats) tiled 3 × 2 on A4, in plain reportlab.

The whole map is one Form XObject drawn once and placed, clipped, on each tile page; an assembly page
comes first, as pnpgen prints it.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import yaml
from reportlab.lib.units import mm

from common import A4, BOLD, REGULAR, footer, open_canvas

KIT = Path(__file__).resolve().parents[1] / "kits" / "w3_hexmap" / "kit.yaml"
SIDE, ACROSS = 7, 30 * mm
RADIUS = ACROSS / math.sqrt(3)
MAP_W, MAP_H = 410 * mm, 384.41 * mm
CENTRE = (205 * mm, 192.205 * mm)          # cell (0, 0), from the map's top-left
OVERLAP = 10 * mm
COLUMNS, ROWS = 3, 2
X0 = Y0 = 5.5 * mm
NAME = "Bench W3 hex map"


def cells() -> list[tuple[int, int, str]]:
    """(q, r, terrain colour) for every cell, read from the kit's picture (rows top to bottom, left to right)."""
    options = yaml.safe_load(KIT.read_text())["components"][0]["map"]
    colours = {key: entry["colour"] for key, entry in options["terrain"].items()}
    out = []
    for r, line in zip(range(-SIDE + 1, SIDE), options["picture"]):
        qs = range(max(-SIDE + 1, -SIDE + 1 - r), min(SIDE - 1, SIDE - 1 - r) + 1)
        out += [(q, r, colours[token]) for q, token in zip(qs, line.split())]
    return out


def centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top axial coordinates to the cell's centre, in form space (y up)."""
    x = CENTRE[0] + ACROSS * (q + r / 2)
    y = CENTRE[1] + 1.5 * RADIUS * r
    return x, MAP_H - y


def draw_map_form(canvas) -> None:
    canvas.beginForm("map", 0, 0, MAP_W, MAP_H)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(0, 0, MAP_W, MAP_H, stroke=0, fill=1)
    canvas.setStrokeColor("#4a4a4a")
    canvas.setLineWidth(0.25 * mm)
    canvas.setLineJoin(1)
    grid = cells()
    for q, r, colour in grid:
        cx, cy = centre(q, r)
        path = canvas.beginPath()
        for k in range(6):
            angle = math.radians(60 * k + 30)
            point = (cx + RADIUS * math.cos(angle), cy + RADIUS * math.sin(angle))
            path.moveTo(*point) if k == 0 else path.lineTo(*point)
        path.close()
        canvas.setFillColor(colour)
        canvas.drawPath(path, stroke=1, fill=1)
    canvas.setFillGray(0)
    canvas.setFont(REGULAR, 5.5)
    for q, r, _ in grid:
        cx, cy = centre(q, r)
        canvas.drawCentredString(cx, cy - RADIUS * 0.55, f"{q},{r}")
    canvas.setFont(BOLD, 14)
    canvas.drawCentredString(MAP_W / 2, MAP_H - 16 * mm, "Bench map")
    canvas.setFont(REGULAR, 7)
    for i, (label, colour) in enumerate((("Plains", "#cfe3a1"), ("Forest", "#4f8f4a"), ("Hills", "#c9a66b"),
                                         ("Mountains", "#8d8d8d"), ("Water", "#7fb3d5"))):
        x = MAP_W / 2 - 60 * mm + i * 25 * mm
        canvas.setFillColor(colour)
        canvas.rect(x, 12 * mm, 4 * mm, 4 * mm, stroke=1, fill=1)
        canvas.setFillGray(0)
        canvas.drawString(x + 5 * mm, 13 * mm, label)
    canvas.endForm()


def draw_assembly(canvas, tile_w: float, tile_h: float, stride_x: float, stride_y: float) -> None:
    width, height = A4
    canvas.setFont(BOLD, 16)
    canvas.drawString(20 * mm, height - 20 * mm, "Assembly")
    canvas.setFont(REGULAR, 9)
    canvas.drawString(20 * mm, height - 28 * mm, "map: 3×2 tiles, overlap 10 mm")
    scale = min((width - 40 * mm) / MAP_W, (height - 80 * mm) / MAP_H)
    ox = (width - MAP_W * scale) / 2
    for row in range(ROWS):
        for col in range(COLUMNS):
            x = ox + col * stride_x * scale
            y = height - 40 * mm - (row * stride_y + tile_h) * scale
            canvas.setFillColorRGB(0.2, 0.4, 0.8, alpha=0.12)
            canvas.setStrokeColorRGB(0.2, 0.3, 0.6)
            canvas.rect(x, y, tile_w * scale, tile_h * scale, stroke=1, fill=1)
            canvas.setFillAlpha(1)
            canvas.setFillGray(0)
            canvas.setFont(BOLD, 14)
            canvas.drawCentredString(x + tile_w * scale / 2, y + tile_h * scale / 2, f"{chr(65 + row)}{col + 1}")


def draw_tile_marks(canvas, left: float, top: float, tile_w: float, tile_h: float, col: int, row: int) -> None:
    """Alignment crosses in the overlap strips and the tile's label."""
    points = []
    xs = [left + tile_w * f for f in (0.25, 0.5, 0.75)]
    ys = [top - tile_h * f for f in (0.25, 0.5, 0.75)]
    if col < COLUMNS - 1:
        points += [(left + tile_w - OVERLAP / 2, y) for y in ys]
    if col > 0:
        points += [(left + OVERLAP / 2, y) for y in ys]
    if row < ROWS - 1:
        points += [(x, top - tile_h + OVERLAP / 2) for x in xs]
    if row > 0:
        points += [(x, top - OVERLAP / 2) for x in xs]
    canvas.setLineWidth(0.6)
    for x, y in points:
        canvas.setFillGray(1)
        canvas.circle(x, y, 2.2 * mm, stroke=0, fill=1)
        canvas.setStrokeColorRGB(0.85, 0, 0.3)
        canvas.circle(x, y, 1.6 * mm, stroke=1, fill=0)
        canvas.line(x - 2.5 * mm, y, x + 2.5 * mm, y)
        canvas.line(x, y - 2.5 * mm, x, y + 2.5 * mm)
    canvas.setFillGray(0)
    canvas.setFont(BOLD, 8)
    canvas.drawString(left, top + 1.2 * mm, f"Tile {chr(65 + row)}{col + 1}")


def main(path: str) -> None:
    canvas = open_canvas(path, NAME)
    draw_map_form(canvas)
    stride_x, stride_y = (MAP_W - OVERLAP) / COLUMNS, (MAP_H - OVERLAP) / ROWS
    tile_w, tile_h = stride_x + OVERLAP, stride_y + OVERLAP
    total = 1 + COLUMNS * ROWS
    draw_assembly(canvas, tile_w, tile_h, stride_x, stride_y)
    footer(canvas, NAME, 1, total, "Sheet 1 assembly plan")
    canvas.showPage()
    _, height = A4
    for row in range(ROWS):
        for col in range(COLUMNS):
            left, top = X0, height - Y0
            canvas.saveState()
            clip = canvas.beginPath()
            clip.rect(left, top - tile_h, tile_w, tile_h)
            canvas.clipPath(clip, stroke=0, fill=0)
            canvas.translate(left - col * stride_x, top + row * stride_y - MAP_H)
            canvas.doForm("map")
            canvas.restoreState()
            draw_tile_marks(canvas, left, top, tile_w, tile_h, col, row)
            number = 2 + row * COLUMNS + col
            footer(canvas, NAME, number, total, f"Sheet 1 tile {chr(65 + row)}{col + 1}")
            canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(sys.argv[1])
