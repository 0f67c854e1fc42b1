"""Denser packing read back from the written PDF: hexagons nested like a honeycomb (cut outlines never closer
than both bleeds and the gutter, the bleed clipped to a grown hexagon and still under the cut), one-sided pieces
laid a quarter turn where that holds more (cut at their size, turned), and a block packed into the empty cells
of a short last row without any cut of the row's block running through it."""

from __future__ import annotations

import itertools
import json
import math

import pdfplumber
from PIL import Image

from generator.pipeline import BuildOptions, build
from tests.conftest import CUT_GREY

MM = 72 / 25.4

HEXES = """\
kit:
  name: Honeycomb
  players: {min: 1, max: 1}
  defaults: {gutter: 1mm}
components:
  - id: hexes
    kind: hex
    count: 40
    bleed: 1mm
    colour: "#3050a0"
    hex:
      orientation: pointy
      across_flats: 22mm
      layers:
        - {type: terrain}
"""

TURNED = """\
kit:
  name: Turned
  players: {min: 1, max: 1}
components:
  - id: plaque
    kind: token
    shape: rect
    size: 50mm x 90mm
    count: 10
    sides: {front: {template: topband}}
"""
# A face that shows which way up it is: a magenta band along its top edge, a tenth of its height deep.
TOP_BAND = """\
{% extends "_base.svg.j2" %}
{% block body %}<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2*bleed }}" height="{{ h + 2*bleed }}" fill="#ffffff"/>\
<rect x="0" y="0" width="{{ w }}" height="{{ h / 10 }}" fill="#ff00ff"/>{% endblock %}
"""

CELLS = """\
kit:
  name: Cells
  players: {min: 1, max: 1}
components:
  - id: tile
    kind: card
    size: 96mm x 90mm
    count: 5
    sides: {back: {template: card}}
  - id: chit
    kind: token
    shape: square
    size: 20mm
    count: 130
"""


def _cut_shapes(pdf_path):
    """Per page: the grey cut outlines, each as its points in mm (y down)."""
    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            shapes = []
            for shape in page.curves + page.rects:
                if shape.get("stroke") and shape.get("stroking_color") == CUT_GREY:
                    points = shape.get("pts") or [(shape["x0"], shape["top"]), (shape["x1"], shape["top"]),
                                                  (shape["x1"], shape["bottom"]), (shape["x0"], shape["bottom"])]
                    shapes.append([(x / MM, y / MM) for x, y in points])
            found.append(shapes)
    return found


def _gap(a, b) -> float:
    """The distance between two convex polygons that do not overlap (0 when they do), along the best separating
    edge normal."""
    best = -math.inf
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y1 - y0, x0 - x1
            length = math.hypot(nx, ny)
            if length < 1e-9:
                continue
            nx, ny = nx / length, ny / length
            pa = [x * nx + y * ny for x, y in a]
            pb = [x * nx + y * ny for x, y in b]
            best = max(best, min(pb) - max(pa), min(pa) - max(pb))
    return max(best, 0.0)


def test_hexagons_nest_like_a_honeycomb_and_keep_their_bleed(write_kit, tmp_path):
    kit = write_kit(HEXES, name="honeycomb")
    result = build(kit, BuildOptions(out=tmp_path, reference=False))
    pages = _cut_shapes(result.pdf)
    hexes = [[p for p in shape] for shape in pages[0] if len(shape) >= 6]
    assert len(hexes) == 40 and len(pages) == 1
    centres = sorted((sum(x for x, _ in h) / len(h), sum(y for _, y in h) / len(h)) for h in hexes)
    rows: list[float] = []
    for y in sorted(y for _, y in centres):
        if not rows or y - rows[-1] > 1:
            rows.append(y)
    # rows 21.65 mm apart (√3/2 of the 25 mm pitch across), not the 28.4 mm a hexagon's bleed box takes
    assert len(rows) > 1 and all(abs((b - a) - 25 * math.sqrt(3) / 2) < 0.05 for a, b in zip(rows, rows[1:])), rows
    for a, b in itertools.combinations(hexes, 2):  # both bleeds (1 mm each) and the gutter (1 mm) between any two
        assert _gap(a, b) >= 3 - 0.02, (a, b)
    # the bleed: the face's colour 0.6 mm outside every edge of a hexagon; paper white between neighbours
    prefix = tmp_path / "page"
    import subprocess

    dpi = 300
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(result.pdf), str(prefix)], check=True)
    image = Image.open(f"{prefix}.png").convert("RGB")

    def colour(x_mm, y_mm):
        return image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))

    blue = (0x30, 0x50, 0xa0)
    for hexagon in hexes[:12]:
        cx = sum(x for x, _ in hexagon) / len(hexagon)
        cy = sum(y for _, y in hexagon) / len(hexagon)
        for (x0, y0), (x1, y1) in zip(hexagon, hexagon[1:] + hexagon[:1]):
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            out = math.hypot(mx - cx, my - cy)
            for reach, expected in ((0.6, blue), (1.5, (255, 255, 255))):
                x, y = mx + (mx - cx) / out * reach, my + (my - cy) / out * reach
                pixel = colour(x, y)
                if expected == blue:
                    assert sum(abs(p - e) for p, e in zip(pixel, blue)) < 60, (x, y, pixel)
                else:  # in the gutter: white, unless another hexagon's bleed is there (it is not: 3 mm apart)
                    assert min(pixel) > 200, (x, y, pixel)


def test_one_sided_pieces_lie_a_quarter_turn_where_that_holds_more(write_kit, tmp_path):
    """Ten plaques of 50 x 90 mm: upright, nine fill an A4 sheet (3 x 3) and the tenth needs another; turned, two
    across and five down hold all ten. Every cut outline is the piece's size turned, and its face is turned with
    it: its top edge runs down the right side."""
    kit = write_kit(TURNED, {"templates/topband.svg.j2": TOP_BAND}, name="turned")
    result = build(kit, BuildOptions(out=tmp_path, reference=False))
    report = json.loads(result.report.read_text(encoding="utf-8"))
    assert report["sheets"] == 1
    cuts = []
    for shape in _cut_shapes(result.pdf)[0]:
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        cuts.append((min(xs), min(ys), max(xs), max(ys)))
    assert sorted((round(c[2] - c[0], 1), round(c[3] - c[1], 1)) for c in cuts) == [(90.0, 50.0)] * 10
    with pdfplumber.open(result.pdf) as pdf:
        bands = [(s["x0"] / MM, s["top"] / MM, s["x1"] / MM, s["bottom"] / MM) for s in pdf.pages[0].rects
                 + pdf.pages[0].curves if s.get("fill") and s.get("non_stroking_color") == (1, 0, 1)]
    assert len(bands) == 10
    for x0, top, x1, bottom in bands:  # 9 mm wide, 50 mm long, against the right side of one cut outline
        assert abs(x1 - x0 - 9) < 0.05 and abs(bottom - top - 50) < 0.05
        assert sum(abs(c[2] - x1) < 0.05 and abs(c[1] - top) < 0.05 and abs(c[3] - bottom) < 0.05
                   for c in cuts) == 1


def test_a_short_last_rows_empty_cell_takes_pieces_clear_of_the_blocks_cuts(write_kit, tmp_path):
    """Five 96 x 90 mm tiles leave the sixth place of their 2 x 3 block empty; chits are packed there, and no crop
    mark of the tiles' block, carried across the block as the cut it marks, runs through a chit."""
    kit = write_kit(CELLS, name="cells")
    result = build(kit, BuildOptions(out=tmp_path, reference=False))
    with pdfplumber.open(result.pdf) as pdf:
        page = pdf.pages[0]
        cuts = [(s["x0"] / MM, s["top"] / MM, s["x1"] / MM, s["bottom"] / MM) for s in page.rects + page.curves
                if s.get("stroke") and s.get("stroking_color") == CUT_GREY]
        marks = [(s["x0"] / MM, s["top"] / MM, s["x1"] / MM, s["bottom"] / MM) for s in page.lines
                 if s.get("stroking_color") == (0, 0, 0) and not (s.get("dash") and s["dash"][0])]
    tiles = [c for c in cuts if abs(c[2] - c[0] - 96) < 0.1]
    chits = [c for c in cuts if abs(c[2] - c[0] - 20) < 0.1]
    assert len(tiles) == 5
    left, top = min(t[0] for t in tiles), min(t[1] for t in tiles)
    right, bottom = max(t[2] for t in tiles), max(t[3] for t in tiles)
    inside = [c for c in chits if left < c[0] and c[2] < right and top < c[1] and c[3] < bottom]
    assert len(inside) >= 9  # the empty place holds a block of chits
    # the tiles' own marks: within 5 mm of their block (its bleed is 3 mm; the next block's marks start 7 mm off)
    down = [x0 for x0, y0, x1, y1 in marks if abs(x0 - x1) < 0.01 and (0 < top - y1 < 5 or 0 < y0 - bottom < 5)
            and left - 0.1 <= x0 <= right + 0.1]
    across = [y0 for x0, y0, x1, y1 in marks if abs(y0 - y1) < 0.01 and (0 < left - x1 < 5 or 0 < x0 - right < 5)
              and top - 0.1 <= y0 <= bottom + 0.1]
    assert len(set(round(x, 2) for x in down)) == 3 and len(set(round(y, 2) for y in across)) == 4
    for x in down:  # the tiles' cuts, each the full length of their block
        assert not [c for c in inside if c[0] + 0.01 < x < c[2] - 0.01], x
    for y in across:
        assert not [c for c in inside if c[1] + 0.01 < y < c[3] - 0.01], y
