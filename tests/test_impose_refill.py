"""impose/refill.py and room.py: a sheet's stragglers moved into the room other sheets leave — every piece once,
inside the room it may use, nothing overlapping, two-sided pieces only where a back page follows; and, read back
from the written PDF, the pieces of a sheet so filled at their physical size."""

from __future__ import annotations

import json

import pdfplumber
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from generator.cli import app
from generator.impose import SheetOptions, impose_sheets
from generator.impose.pack import MIN_FREE, open_sheet, pack, room_left
from generator.impose.refill import refill
from generator.impose.room import maximal_rectangles
from generator.impose.tiles import sheet_pages
from generator.units import mm
from tests.test_impose import A4, LETTER, boxes, cuts_cross_no_piece, make_piece, overlap

# 12 tickets leave room below them; packed group by group, 10 chits and 3 strips took a second sheet
STRAGGLERS = [(63.5, 41, 12), (20, 22, 10), (95, 20, 3)]


def _pieces(spec, two_sided=False, first=0):
    pieces = []
    for index, (w, h, copies) in enumerate(spec, start=first):
        pieces += [make_piece(index, "rect", w, h, 3, two_sided)] * copies
    return pieces


def test_stragglers_go_into_the_room_another_sheet_leaves():
    imposition = impose_sheets(_pieces(STRAGGLERS), SheetOptions(A4, mm(1)))
    assert imposition.sheets == 1
    assert len(imposition.pages[0].placements) == 25


def test_maximal_rectangles_are_free_and_cannot_grow():
    room = (0.0, 0.0, 100.0, 60.0)
    taken = [(20.0, 10.0, 50.0, 30.0), (70.0, 0.0, 100.0, 20.0)]
    free = maximal_rectangles([room], taken, 5.0)
    assert (0.0, 30.0, 100.0, 60.0) in free and (0.0, 0.0, 20.0, 60.0) in free and (50.0, 20.0, 100.0, 60.0) in free
    for rect in free:
        assert not any(overlap(rect, box) for box in taken)
        assert not any(rect != other and other[0] <= rect[0] and other[1] <= rect[1] and other[2] >= rect[2]
                       and other[3] >= rect[3] for other in free)  # none lies inside another


def _brute_force_maximal(room, taken, smallest):
    """Every free rectangle whose sides lie on a side of the room or of a taken box, kept when none holds it."""
    xs = sorted({room[0], room[2], *(b[0] for b in taken), *(b[2] for b in taken)})
    ys = sorted({room[1], room[3], *(b[1] for b in taken), *(b[3] for b in taken)})
    free = {(x0, y0, x1, y1) for x0 in xs for x1 in xs for y0 in ys for y1 in ys
            if room[0] <= x0 and x1 <= room[2] and room[1] <= y0 and y1 <= room[3]
            and x1 - x0 >= smallest and y1 - y0 >= smallest and not any(overlap((x0, y0, x1, y1), b) for b in taken)}
    return {r for r in free if not any(o != r and o[0] <= r[0] and o[1] <= r[1] and o[2] >= r[2] and o[3] >= r[3]
                                       for o in free)}


whole = st.integers(0, 40).map(float)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(whole, whole, st.integers(1, 25), st.integers(1, 25)), max_size=7))
def test_maximal_rectangles_are_all_the_maximal_free_rectangles(boxes_at):
    """Against a brute force over every rectangle on the boxes' coordinates: the same rectangles, each once."""
    room = (0.0, 0.0, 60.0, 50.0)
    taken = [(x, y, x + w, y + h) for x, y, w, h in boxes_at]
    found = maximal_rectangles([room], taken, 3.0)
    assert len(found) == len(set(found))
    assert set(found) == _brute_force_maximal(room, taken, 3.0)


def test_room_left_is_kept_by_geometry_and_handed_out_as_a_fresh_list():
    """Full sheets of one piece keep the same boxes: their room is found once, and whoever packs into it (and
    shortens its list) changes nothing for the next sheet asking."""
    pieces = [make_piece(0, "disc", 25, 25, 1, False)] * 150
    sheets = pack(pieces, lambda p: open_sheet(A4), mm(1))
    first, second = room_left(sheets[0]), room_left(sheets[1])
    assert first == second == maximal_rectangles(sheets[0].rooms, sheets[0].taken, MIN_FREE)
    assert first is not second
    first.clear()
    assert room_left(sheets[0]) == second


group = st.tuples(st.floats(15, 100), st.floats(15, 100), st.integers(1, 10))


@settings(max_examples=40, deadline=None)
@given(st.lists(group, min_size=1, max_size=3), st.lists(group, min_size=1, max_size=2), st.booleans(),
       st.booleans(), st.sampled_from([A4, LETTER]))
def test_refilled_sheets_hold_every_piece_once_inside_their_room_without_overlaps(main, extra, main_two_sided,
                                                                                    extra_two_sided, paper):
    """Sheets packed as usual, and stragglers on sheets of their own: after refilling, each piece is placed once,
    inside the printable area, clear of every other piece and cut, a two-sided one only on a sheet printed on
    both sides, and no more sheets than before."""
    gutter = mm(1)
    main_pieces = _pieces([(round(w), round(h), n) for w, h, n in main], main_two_sided)
    extra_pieces = _pieces([(round(w), round(h), n) for w, h, n in extra], extra_two_sided, first=10)
    sheets = pack(main_pieces, lambda p: open_sheet(paper, main_two_sided), gutter, turn=not main_two_sided)
    before = len(sheets)
    stragglers = pack(extra_pieces, lambda p: open_sheet(paper, extra_two_sided), gutter, turn=not extra_two_sided)
    refilled = refill(sheets + stragglers, gutter)
    assert len(refilled) <= before + len(stragglers)
    placed = [pl.piece for sheet in refilled for pl in sheet.placements]
    assert sorted(map(id, placed)) == sorted(map(id, main_pieces + extra_pieces))
    x0, y0, x1, y1 = paper.area()
    options = SheetOptions(paper, gutter)
    for sheet in refilled:
        for pl in sheet.placements:
            assert pl.piece.back is None or sheet.duplex  # its back page follows
            assert x0 - 1e-6 <= pl.x and pl.x + pl.width <= x1 + 1e-6 and y0 - 1e-6 <= pl.y
            assert pl.y + pl.height <= y1 + 1e-6  # the trim above the footer
        front = sheet_pages(sheet, options)[0]
        printed = list(boxes(front))
        for i, (a, box_a) in enumerate(printed):
            assert not any(overlap(box_a, box_b) for _, box_b in printed[i + 1:]), a
        cuts_cross_no_piece(front)
        for mark in front.marks:  # crop marks off every trim
            for pl, _ in printed:
                assert not (pl.x + 1e-6 < (mark.x1 + mark.x2) / 2 < pl.x + pl.width - 1e-6
                            and pl.y + 1e-6 < (mark.y1 + mark.y2) / 2 < pl.y + pl.height - 1e-6)


KIT = """\
kit:
  name: Stragglers
  players: {min: 1, max: 1}
components:
  - id: ticket
    kind: card
    size: 63.5mm x 41mm
    count: 12
  - id: chit
    kind: card
    size: 20mm x 22mm
    count: 10
  - id: strip
    kind: card
    size: 95mm x 20mm
    count: 3
"""
MM = 72 / 25.4
CUT_GREY = (0.45, 0.45, 0.45)


def test_a_refilled_sheet_prints_every_piece_at_its_size(write_kit, tmp_path):
    """Read from the PDF: the one sheet holds all 25 pieces of the three components, each cut outline at its
    size within 0.1 mm, none overlapping, all inside the margins and above the footer; build.json says so."""
    kit = write_kit(KIT, name="stragglers")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-reference", "--no-cover", "-q"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "stragglers" / "build.json").read_text())
    assert report["sheets"] == 1
    covered = (12 * 63.5 * 41 + 10 * 20 * 22 + 3 * 95 * 20) / ((210 - 11) * (297 - 5.5 - 14))
    assert abs(report["sheet_utilisation"][0]["utilisation"] - covered) < 1e-3
    with pdfplumber.open(out / "stragglers" / "stragglers.pdf") as pdf:
        (page,) = pdf.pages
        cuts = [tuple(s[k] / MM for k in ("x0", "top", "x1", "bottom")) for s in page.rects + page.curves
                if s.get("stroke") and s.get("stroking_color") == CUT_GREY]
    sizes = sorted((round(b[2] - b[0], 1), round(b[3] - b[1], 1)) for b in cuts)
    wanted = {(63.5, 41.0): 12, (20.0, 22.0): 10, (95.0, 20.0): 3}
    for size, count in wanted.items():  # a one-sided piece may lie a quarter turn round
        assert sizes.count(size) + sizes.count((size[1], size[0])) == count, (size, sizes)
    assert len(sizes) == sum(wanted.values())
    for i, a in enumerate(cuts):
        assert a[0] >= 5 - 0.1 and a[1] >= 5 - 0.1 and a[2] <= 205 + 0.1 and a[3] <= 297 - 5 - 9 + 0.1
        assert not any(min(a[2], b[2]) - max(a[0], b[0]) > 0.1 and min(a[3], b[3]) - max(a[1], b[1]) > 0.1
                       for b in cuts[i + 1:]), a
