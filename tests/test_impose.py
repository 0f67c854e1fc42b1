"""impose: property tests — inside the printable area, no overlaps, each piece once, backs mirror fronts."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st

from generator.impose import Paper, SheetOptions, impose_sheets
from generator.model import FaceSpec, Outline, Piece
from generator.units import mm

A4 = Paper("a4", mm(210), mm(297), mm(5))
LETTER = Paper("letter", 612, 792, mm(5))


def make_piece(index: int, shape: str, width_mm: float, height_mm: float, bleed_mm: float, two_sided: bool) -> Piece:
    width, height = mm(width_mm), mm(height_mm if shape != "disc" else width_mm)
    face = FaceSpec("token", f'{{"i": {index}}}', width, height, mm(bleed_mm), shape)
    back = FaceSpec("back", f'{{"i": {index}}}', width, height, mm(bleed_mm), shape) if two_sided else None
    return Piece(f"c{index}", width, height, mm(bleed_mm), Outline(shape, width, height), face, back)


pieces_strategy = st.lists(
    st.tuples(st.sampled_from(["rect", "disc"]), st.floats(8, 120), st.floats(8, 120), st.sampled_from([0, 1, 3]),
              st.booleans(), st.integers(1, 12)),
    min_size=1, max_size=6,
)


def expand(spec) -> list[Piece]:
    pieces = []
    for index, (shape, w, h, bleed, two_sided, copies) in enumerate(spec):
        piece = make_piece(index, shape, round(w, 1), round(h, 1), bleed, two_sided)
        pieces.extend([piece] * copies)
    return pieces


def boxes(page):
    """Each placement's printed area on the page (clip for butted pieces, else the bleed box)."""
    for pl in page.placements:
        if pl.clip is not None:
            yield pl, pl.clip
        else:
            b = pl.piece.bleed
            yield pl, (pl.x - b, pl.y - b, pl.x + pl.piece.width + b, pl.y + pl.piece.height + b)


def overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


@settings(max_examples=60, deadline=None)
@given(pieces_strategy, st.sampled_from([A4, LETTER, A4.landscape]), st.sampled_from(["long-edge", "short-edge"]),
       st.tuples(st.floats(-2, 2), st.floats(-2, 2)))
def test_packing_properties(spec, paper, duplex, offset_mm):
    pieces = expand(spec)
    options = SheetOptions(paper, mm(1), duplex, (mm(offset_mm[0]), mm(offset_mm[1])))
    imposition = impose_sheets(pieces, options)
    placed = [pl.piece for page in imposition.pages if page.kind in {"front", "single"} for pl in page.placements]
    tiled = {id(pl.piece) for page in imposition.pages if page.kind in {"tile"} for pl in page.placements}
    # each piece placed exactly once (oversize pieces are tiled instead)
    normal = [p for p in pieces if id(p) not in tiled]
    assert sorted(map(id, placed)) == sorted(map(id, normal))
    for page in imposition.pages:
        if page.kind not in {"front", "single"}:
            continue
        x0, y0, x1, y1 = paper.margin, paper.margin, page.width - paper.margin, page.height - paper.margin
        printed = list(boxes(page))
        for _, box in printed:  # inside the printable area
            assert box[0] >= x0 - 1e-6 and box[1] >= y0 - 1e-6 and box[2] <= x1 + 1e-6 and box[3] <= y1 + 1e-6
        for i, (a, box_a) in enumerate(printed):  # no overlaps (discs, packed in staggered rows, as circles)
            for b, box_b in printed[i + 1:]:
                if a.piece.outline.shape == b.piece.outline.shape == "disc" and a.clip is None and b.clip is None:
                    reach = (a.piece.width + b.piece.width) / 2 + a.piece.bleed + b.piece.bleed
                    centres = math.dist((a.x + a.piece.width / 2, a.y + a.piece.height / 2),
                                        (b.x + b.piece.width / 2, b.y + b.piece.height / 2))
                    assert centres >= reach - 1e-6, (a, b)
                else:
                    assert not overlap(box_a, box_b), (a, b)
        for mark in page.marks:  # crop marks stay on the printable area and off every trim box
            for pl, _ in printed:
                inside_x = pl.x + 1e-6 < (mark.x1 + mark.x2) / 2 < pl.x + pl.piece.width - 1e-6
                inside_y = pl.y + 1e-6 < (mark.y1 + mark.y2) / 2 < pl.y + pl.piece.height - 1e-6
                assert not (inside_x and inside_y)


@settings(max_examples=40, deadline=None)
@given(pieces_strategy, st.sampled_from(["long-edge", "short-edge"]), st.tuples(st.floats(-2, 2), st.floats(-2, 2)))
def test_backs_land_behind_fronts(spec, duplex, offset_mm):
    """Flip each back page as the printer does: every back's centre meets its front's centre, less the drift."""
    pieces = expand(spec)
    read = (mm(offset_mm[0]), mm(offset_mm[1]))
    imposition = impose_sheets(pieces, SheetOptions(A4, mm(1), duplex, read))
    pages = imposition.pages
    for front, back in zip(pages, pages[1:]):
        if front.kind != "front":
            continue
        assert back.kind == "back" and len(back.placements) == len(front.placements)
        for f, b in zip(front.placements, back.placements):
            assert b.piece is f.piece and b.side == "back"
            bx, by = b.x + b.piece.width / 2, b.y + b.piece.height / 2
            seen_x, seen_y = (A4.width - bx, by) if duplex == "long-edge" else (bx, A4.height - by)
            # after the printer drifts by `read` (seen from the front), the back sits exactly behind the front
            assert seen_x + read[0] == pytest.approx(f.x + f.piece.width / 2, abs=1e-6)
            assert seen_y + read[1] == pytest.approx(f.y + f.piece.height / 2, abs=1e-6)


def test_nine_poker_cards_fit_an_a4_sheet():
    cards = [make_piece(0, "rect", 63.5, 88.9, 3, False)] * 9
    imposition = impose_sheets(cards, SheetOptions(A4, mm(1)))
    assert imposition.sheets == 1 and len(imposition.pages[0].placements) == 9


def test_oversize_piece_is_tiled_with_overlap_and_assembly_page():
    board = make_piece(0, "rect", 420, 300, 0, False)
    imposition = impose_sheets([board], SheetOptions(A4, mm(1)))
    kinds = [p.kind for p in imposition.pages]
    assert kinds[0] == "assembly" and kinds.count("tile") >= 2
    tiles = [p.tile for p in imposition.pages if p.kind == "tile"]
    covered_w = max(t.piece_x + t.width for t in tiles)
    covered_h = max(t.piece_y + t.height for t in tiles)
    assert covered_w == pytest.approx(board.width) and covered_h == pytest.approx(board.height)
    for page in imposition.pages[1:]:  # every tile fits the page's printable area
        x0, y0, x1, y1 = page.placements[0].clip
        assert x1 <= page.width - A4.margin + 1e-6 and y1 <= page.height - A4.margin + 1e-6


def _seen_from_front(x: float, y: float, page_width: float, page_height: float, duplex: str) -> tuple[float, float]:
    """Where a point of a back page lies, seen from the front, once the sheet is turned over its long or short
    edge: a portrait page's long edges are its sides, a landscape page's its top and bottom."""
    left_right = (page_width <= page_height) == (duplex == "long-edge")
    return (page_width - x, y) if left_right else (x, page_height - y)


@settings(max_examples=30, deadline=None)
@given(pieces_strategy, st.sampled_from(["long-edge", "short-edge"]), st.tuples(st.floats(-2, 2), st.floats(-2, 2)))
def test_backs_land_behind_fronts_on_landscape_sheets(spec, duplex, offset_mm):
    read = (mm(offset_mm[0]), mm(offset_mm[1]))
    paper = A4.landscape
    pages = impose_sheets(expand(spec), SheetOptions(paper, mm(1), duplex, read)).pages
    for front, back in zip(pages, pages[1:]):
        if front.kind != "front":
            continue
        for f, b in zip(front.placements, back.placements):
            seen = _seen_from_front(b.x + b.piece.width / 2, b.y + b.piece.height / 2, back.width, back.height, duplex)
            # the offset is read in the page's own axes (right and down, seen from the front)
            assert seen[0] + read[0] == pytest.approx(f.x + f.piece.width / 2, abs=1e-6)
            assert seen[1] + read[1] == pytest.approx(f.y + f.piece.height / 2, abs=1e-6)


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
@pytest.mark.parametrize("size", [(420, 300), (190, 600), (700, 120)])
def test_a_two_sided_piece_too_big_for_any_sheet_is_tiled_with_each_back_behind_its_tile(duplex, size):
    board = make_piece(0, "rect", size[0], size[1], 3, True)
    pages = impose_sheets([board], SheetOptions(A4, mm(1), duplex)).pages
    kinds = [p.kind for p in pages]
    assert kinds[:2] == ["assembly", "back"] and kinds[2:] == ["tile", "back"] * ((len(kinds) - 2) // 2)
    assert len({p.sheet for p in pages}) == len(pages) // 2  # every sheet printed on both sides
    for front, back in zip(pages[2::2], pages[3::2]):
        [f], [b] = front.placements, back.placements
        assert b.side == "back" and back.tile == front.tile
        # the whole back face lies behind the whole front face ...
        corner = _seen_from_front(b.x, b.y, back.width, back.height, duplex)
        far = _seen_from_front(b.x + board.width, b.y + board.height, back.width, back.height, duplex)
        assert min(corner[0], far[0]) == pytest.approx(f.x) and min(corner[1], far[1]) == pytest.approx(f.y)
        # ... and the back prints the tile's share and 2 mm more all round, behind the front's printable area
        # (so clear of the margins, and of the back's footer, which lies behind the front's)
        bx0, by0 = _seen_from_front(b.clip[0], b.clip[1], back.width, back.height, duplex)
        bx1, by1 = _seen_from_front(b.clip[2], b.clip[3], back.width, back.height, duplex)
        seen_clip = (min(bx0, bx1), min(by0, by1), max(bx0, bx1), max(by0, by1))
        grown = (f.clip[0] - mm(2), f.clip[1] - mm(2), f.clip[2] + mm(2), f.clip[3] + mm(2))
        assert seen_clip == pytest.approx(grown)
        x0, y0, x1, y1 = Paper(A4.name, front.width, front.height, A4.margin).area()
        assert seen_clip[0] >= x0 - 1e-6 and seen_clip[1] >= y0 - 1e-6
        assert seen_clip[2] <= x1 + 1e-6 and seen_clip[3] <= y1 + 1e-6
        assert back.footer_top == (_seen_from_front(0, 0, back.width, back.height, duplex)[1] != 0)
    tiles = [p.tile for p in pages[2::2]]
    assert max(t.piece_x + t.width for t in tiles) == pytest.approx(board.width)
    assert max(t.piece_y + t.height for t in tiles) == pytest.approx(board.height)
