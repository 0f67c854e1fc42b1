"""Layouts read back from the PDFs written: gutter fold (each back mirrored across the fold line, turned across a
horizontal fold) and print-and-cut (registration marks, every piece inside their area), within 0.1 mm."""

from __future__ import annotations

import json

import pdfplumber
import pytest
from typer.testing import CliRunner

from generator.cli import app

MM = 72 / 25.4
TOLERANCE = 0.1  # mm
MAGENTA, CYAN = (1, 0, 1), (0, 1, 1)
CUT_GREY = (0.45, 0.45, 0.45)
FOLD_BLUE = (0.1, 0.3, 0.7)

# A back that shows where it is: magenta over the trim box, a cyan 4 mm square in its top-left corner.
MARK_BACK = """\
{% extends "_base.svg.j2" %}
{% block body %}<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2*bleed }}" height="{{ h + 2*bleed }}" fill="#ffffff"/>\
<rect x="0" y="0" width="{{ w }}" height="{{ h }}" fill="#ff00ff"/><rect x="0" y="0" width="4" height="4" fill="#00ffff"/>{% endblock %}
"""

KIT = """\
kit:
  name: Layouts
  players: {min: 1, max: 2}
  player_colours: [red, blue]
components:
  - id: deck
    kind: card
    size: poker
    cards:
      - {title: One, count: 2}
      - {title: Two}
      - {title: Three}
    sides: {back: {template: markback}}
  - id: coin
    kind: token
    size: 20mm
    count: 5
    sides: {back: {template: markback}}
  - id: land
    kind: hex
    hex: {across_flats: 30mm}
    count: 3
  - id: plan
    kind: card
    shape: rounded
    corner_radius: 4mm
    size: 40mm x 60mm
    count: 2
  - id: tent
    kind: foldup
    foldup: {panel: 14mm x 18mm}
    count: 2
"""

WIDE = """\
kit:
  name: Wide
  players: {min: 1, max: 1}
components:
  - id: strip
    kind: card
    size: 150mm x 40mm
    cards:
      - {title: One, count: 2}
      - {title: Two}
    sides: {back: {template: markback}}
"""


def _build(write_kit, tmp_path, manifest: str, *args: str, name: str = "kit"):
    kit = write_kit(manifest, {"templates/markback.svg.j2": MARK_BACK}, name=name)
    out = tmp_path / f"out-{name}"
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-reference", "-q", *args])
    assert result.exit_code == 0, result.output
    return kit, out / name


def _mm(shape) -> tuple[float, float, float, float]:
    return tuple(round(v / MM, 3) for v in (shape["x0"], shape["top"], shape["x1"], shape["bottom"]))


def _filled(page, colour) -> list[tuple]:
    return [_mm(s) for s in page.rects + page.curves
            if s.get("fill") and s.get("non_stroking_color") == colour]


def _cut_boxes(page) -> list[tuple]:
    return [_mm(s) for s in page.rects + page.curves if s.get("stroke") and s.get("stroking_color") == CUT_GREY]


def _close(a, b) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def _fold(page):
    lines = [s for s in page.lines + page.curves if s.get("stroking_color") == FOLD_BLUE]
    assert len(lines) == 1
    x0, top, x1, bottom = _mm(lines[0])
    return ("vertical", x0) if abs(x1 - x0) < 0.01 else ("horizontal", top)


def _mirrored(box, fold):
    direction, at = fold
    x0, y0, x1, y1 = box
    return (2 * at - x1, y0, 2 * at - x0, y1) if direction == "vertical" else (x0, 2 * at - y1, x1, 2 * at - y0)


def _check_folded_backs(pdf_path) -> list[str]:
    """Every gutter-fold page: each printed back lies on the mirror image of a front cut outline. Returns the
    fold directions seen."""
    directions = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            if not any(s.get("stroking_color") == FOLD_BLUE for s in page.lines + page.curves):
                continue
            fold = _fold(page)
            directions.append(fold[0])
            fronts = _cut_boxes(page)
            backs = _filled(page, MAGENTA)
            marks = _filled(page, CYAN)
            assert fronts and len(backs) == len(fronts)
            for front in fronts:
                behind = _mirrored(front, fold)
                matches = [b for b in backs if _close(b, behind)]
                assert matches, f"no back behind the front at {front} (expected {behind})"
                corner = [m for m in marks if behind[0] - 0.1 <= m[0] and m[2] <= behind[2] + 0.1
                          and behind[1] - 0.1 <= m[1] and m[3] <= behind[3] + 0.1]
                assert len(corner) == 1
                mark = corner[0]
                if fold[0] == "vertical":  # upright: its top-left corner stays top-left on the page
                    assert _close(mark[:2], behind[:2])
                else:  # turned: the back's top-left corner is at the bottom right
                    assert _close(mark[2:], behind[2:])
            # the fold line runs between the halves, clear of every piece
            at = fold[1]
            for box in fronts + backs:
                lo, hi = (box[0], box[2]) if fold[0] == "vertical" else (box[1], box[3])
                assert hi < at or lo > at
    return directions


def test_gutter_fold_puts_each_back_behind_its_front(write_kit, tmp_path):
    _, folder = _build(write_kit, tmp_path, KIT, "--layout", "gutter-fold")
    report = json.loads((folder / "build.json").read_text())
    cover = report.get("cover_pages", 0)
    assert report["layout"] == "gutter-fold" and report["duplex_pages"] == list(range(1, cover + 1))  # no sheet
    directions = _check_folded_backs(folder / "kit.pdf")
    assert directions and set(directions) == {"vertical"}  # poker cards and discs: fronts beside their backs
    # one-sided pieces (hexes, rounded cards, fold-ups) pack as usual, on sheets of their own
    with pdfplumber.open(folder / "kit.pdf") as pdf:
        assert len(pdf.pages) == report["pages"] == cover + len(directions) + 1


def test_gutter_fold_across_a_horizontal_fold_turns_the_backs(write_kit, tmp_path):
    _, folder = _build(write_kit, tmp_path, WIDE, "--layout", "gutter-fold", name="wide")
    assert _check_folded_backs(folder / "wide.pdf") == ["horizontal"]


def test_print_and_cut_pages_carry_silhouette_marks_and_keep_pieces_inside(write_kit, tmp_path):
    _, folder = _build(write_kit, tmp_path, KIT, "--layout", "print-and-cut", "--cutter", "silhouette")
    report = json.loads((folder / "build.json").read_text())
    assert report["layout"] == "print-and-cut" and report["cutter"] == "silhouette"
    with pdfplumber.open(folder / "kit.pdf") as pdf:
        fronts = 0
        for page in pdf.pages[report.get("cover_pages", 0):]:
            squares = [s for s in _filled(page, (0, 0, 0)) if _close((s[2] - s[0], s[3] - s[1]), (5, 5))]
            cuts = _cut_boxes(page)
            if not cuts:
                assert not squares  # a back page: no marks
                continue
            fronts += 1
            assert len(squares) == 1 and _close(squares[0][:2], (10, 10))
            width, height = page.width / MM, page.height / MM
            for x0, y0, x1, y1 in cuts:  # inside the marks, clear of the corner marks' arms
                assert x0 >= 12 - TOLERANCE and x1 <= width - 12 + TOLERANCE
                assert y0 >= 32 - TOLERANCE and y1 <= height - 32 + TOLERANCE
        assert fronts >= 2


def test_print_and_cut_for_cricut_keeps_to_its_print_then_cut_area(write_kit, tmp_path):
    _, folder = _build(write_kit, tmp_path, KIT, "--layout", "print-and-cut", "--cutter", "cricut", "--paper", "letter")
    cover = json.loads((folder / "build.json").read_text()).get("cover_pages", 0)
    with pdfplumber.open(folder / "kit.pdf") as pdf:
        page = pdf.pages[cover]
        frame = [s for s in page.lines + page.curves + page.rects
                 if s.get("stroking_color") == (0, 0, 0) and abs(s.get("linewidth", 0) - MM) < 0.01]
        assert len(frame) == 4
        x0 = min(_mm(s)[0] for s in frame)
        x1 = max(_mm(s)[2] for s in frame)
        # the frame line's middle: 3.5 mm outside the 6.75 in wide image area on each side
        assert abs((x1 - x0) - (6.75 * 25.4 + 7)) <= TOLERANCE
        for box in _cut_boxes(page):
            assert x0 + 3.5 - TOLERANCE <= box[0] and box[2] <= x1 - 3.5 + TOLERANCE


def test_layout_options_are_checked(write_kit, tmp_path):
    kit = write_kit(KIT, {"templates/markback.svg.j2": MARK_BACK})
    result = CliRunner().invoke(app, ["build", str(kit), "--layout", "sideways", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--layout is home, gutter-fold or print-and-cut" in result.output
    result = CliRunner().invoke(app, ["build", str(kit), "--cutter", "cricut", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--cutter goes with --layout print-and-cut" in result.output
    help_text = CliRunner().invoke(app, ["build", "--help"]).output
    assert "home|gutter-fold|print-and-cut" in help_text and "silhouette|cricut" in help_text


@pytest.mark.parametrize("layout", [["--layout", "gutter-fold"], ["--layout", "print-and-cut", "--cutter", "cricut"]])
def test_layouts_are_deterministic(write_kit, tmp_path, layout):
    _, first = _build(write_kit, tmp_path, KIT, *layout)
    before = (first / "kit.pdf").read_bytes()
    _, again = _build(write_kit, tmp_path, KIT, *layout)
    assert (again / "kit.pdf").read_bytes() == before
