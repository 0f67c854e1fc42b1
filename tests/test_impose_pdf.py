"""Packing across components, read back from the written PDF: one-sided pieces in the room two-sided sheets and
tiles leave, every back still behind its front, nothing overlapping, everything inside the printable area, and
the assembly plan as an inset on a tile page (within 0.1 mm)."""

from __future__ import annotations

import json

import pdfplumber
from typer.testing import CliRunner

from generator.cli import app

MM = 72 / 25.4
TOLERANCE = 0.1  # mm
MAGENTA = (1, 0, 1)
CUT_GREY = (0.45, 0.45, 0.45)
MARGIN = 5  # mm: the kit's paper margin (A4's built-in)

# A back that shows where it is: magenta over its trim box.
MARK_BACK = """\
{% extends "_base.svg.j2" %}
{% block body %}<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2*bleed }}" height="{{ h + 2*bleed }}" fill="#ffffff"/>\
<rect x="0" y="0" width="{{ w }}" height="{{ h }}" fill="#ff00ff"/>{% endblock %}
"""

KIT = """\
kit:
  name: Mixed
  players: {min: 1, max: 1}
components:
  - id: deck
    kind: card
    size: poker
    count: 11
    sides: {back: {template: markback}}
  - id: coin
    kind: token
    size: 20mm
    count: 40
  - id: plan
    kind: card
    size: 40mm x 60mm
    count: 7
  - id: board
    kind: card
    size: 330mm x 380mm
    count: 1
"""


def _mm(shape) -> tuple[float, float, float, float]:
    return tuple(round(v / MM, 3) for v in (shape["x0"], shape["top"], shape["x1"], shape["bottom"]))


def _close(a, b) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE and min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE


def test_one_sided_pieces_fill_two_sided_sheets_and_backs_stay_behind_their_fronts(write_kit, tmp_path):
    kit = write_kit(KIT, {"templates/markback.svg.j2": MARK_BACK}, name="mixed")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-reference", "--no-cover", "-q"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "mixed" / "build.json").read_text())
    duplex = set(report["duplex_pages"])
    backs_seen, one_sided_on_fronts, plans = 0, 0, 0
    with pdfplumber.open(out / "mixed" / "mixed.pdf") as pdf:
        pages = pdf.pages
        for number, page in enumerate(pages, start=1):
            width, height = page.width / MM, page.height / MM
            cuts = [_mm(s) for s in page.rects + page.curves if s.get("stroke") and s.get("stroking_color") == CUT_GREY]
            whole = [c for c in cuts if c[2] - c[0] < 200]  # the board's cut outline runs off a tile page
            for box in whole:  # inside the printable area (inside the margins, above the footer)
                assert box[0] >= MARGIN - TOLERANCE and box[1] >= MARGIN - TOLERANCE
                assert box[2] <= width - MARGIN + TOLERANCE and box[3] <= height - MARGIN - 9 + TOLERANCE
            for i, a in enumerate(whole):  # no two pieces overlap
                assert not any(_overlap(a, b) for b in whole[i + 1:]), a
            if "Assembly" in (page.extract_text() or "") and cuts:
                plans += 1  # the plan shares a page with a tile
            if number not in duplex or not cuts or number + 1 not in duplex:
                continue
            back = pages[number]  # the next page: this front's back, flipped on the long edge (portrait)
            magenta = [_mm(s) for s in back.rects + back.curves
                       if s.get("fill") and s.get("non_stroking_color") == MAGENTA]
            for box in magenta:  # each back lies exactly behind one front's cut outline
                behind = (width - box[2], box[1], width - box[0], box[3])
                assert sum(_close(behind, c) for c in whole) == 1, (number, box)
            backs_seen += len(magenta)
            one_sided_on_fronts += len(whole) - len(magenta)
    assert backs_seen == 11  # every card's back, once
    assert one_sided_on_fronts > 0  # tokens or plans packed into the room the cards left
    assert plans == 1 and "assembly" not in {s["kind"] for s in report["sheet_utilisation"]}
