"""impose: property tests — inside the printable area, no overlaps, each piece once, backs mirror fronts."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given, settings, strategies as st

from generator.impose import Paper, SheetOptions, impose_sheets, pack
from generator.model import FaceSpec, Outline, Piece
from generator.units import mm

A4 = Paper("a4", mm(210), mm(297), mm(5))
LETTER = Paper("letter", 612, 792, mm(5))


def make_piece(index: int, shape: str, width_mm: float, height_mm: float, bleed_mm: float, two_sided: bool) -> Piece:
    """A piece: `rect`, `disc` (width_mm across) or a regular hexagon, `pointy` or `flat` (width_mm across flats)."""
    width, height = mm(width_mm), mm(height_mm if shape != "disc" else width_mm)
    points = ()
    if shape in ("pointy", "flat"):
        radius = mm(width_mm) / math.sqrt(3)
        angles = [math.radians(30 + 60 * k if shape == "pointy" else 60 * k) for k in range(6)]
        points = tuple((radius * math.cos(a), radius * math.sin(a)) for a in angles)
        left, top = min(x for x, _ in points), min(y for _, y in points)
        points = tuple((x - left, y - top) for x, y in points)
        width, height = max(x for x, _ in points), max(y for _, y in points)
        shape_name = "polygon"
    else:
        shape_name = shape
    face = FaceSpec("token", f'{{"i": {index}}}', width, height, mm(bleed_mm), shape_name)
    back = FaceSpec("back", f'{{"i": {index}}}', width, height, mm(bleed_mm), shape_name) if two_sided else None
    outline = Outline(shape_name, width, height, points=points)
    return Piece(f"c{index}", width, height, mm(bleed_mm), outline, face, back)


pieces_strategy = st.lists(
    st.tuples(st.sampled_from(["rect", "rect", "disc", "pointy", "flat"]), st.floats(8, 120), st.floats(8, 120),
              st.sampled_from([0, 1, 3]), st.booleans(), st.integers(1, 12)),
    min_size=1, max_size=6,
)


def expand(spec) -> list[Piece]:
    pieces = []
    for index, (shape, w, h, bleed, two_sided, copies) in enumerate(spec):
        piece = make_piece(index, shape, round(w, 1), round(h, 1), bleed, two_sided)
        pieces.extend([piece] * copies)
    return pieces


def boxes(page):
    """Each placement's printed area on the page (clip for butted pieces, else the bleed box; a piece laid a
    quarter turn round is as wide as it is tall)."""
    for pl in page.placements:
        if pl.clip is not None:
            yield pl, pl.clip
        else:
            b = pl.piece.bleed
            yield pl, (pl.x - b, pl.y - b, pl.x + pl.width + b, pl.y + pl.height + b)


def overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


def hexagon(pl) -> list[tuple[float, float]]:
    """A placed hexagon's cut outline on the page."""
    return [(pl.x + x, pl.y + y) for x, y in pl.piece.outline.points]


def gap(a, b) -> float:
    """How far apart two convex polygons are along their best separating edge normal (negative: overlapping)."""
    best = -math.inf
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y1 - y0, x0 - x1
            length = math.hypot(nx, ny)
            pa = [(x * nx + y * ny) / length for x, y in a]
            pb = [(x * nx + y * ny) / length for x, y in b]
            best = max(best, min(pb) - max(pa), min(pa) - max(pb))
    return best


def cuts_cross_no_piece(page) -> None:
    """Each cut a block's crop marks mark (a block's marks come in pairs: one on each side of the block, at the
    same place) runs through no piece: packed into a block's empty cell, a piece lies clear of its cuts."""
    marks = page.marks
    for first, second in zip(marks[0::2], marks[1::2]):
        vertical = abs(first.x1 - first.x2) < 1e-6
        at = first.x1 if vertical else first.y1
        assert abs((second.x1 if vertical else second.y1) - at) < 1e-6  # the same cut, marked on both sides
        spans = sorted([sorted((first.y1, first.y2) if vertical else (first.x1, first.x2)),
                        sorted((second.y1, second.y2) if vertical else (second.x1, second.x2))])
        start, end = spans[0][1], spans[1][0]  # the cut, from the one mark to the other
        for pl in page.placements[page.kind == "tile":]:
            lo, hi = (pl.x, pl.x + pl.width) if vertical else (pl.y, pl.y + pl.height)
            a, b = (pl.y, pl.y + pl.height) if vertical else (pl.x, pl.x + pl.width)
            assert not (lo + 1e-3 < at < hi - 1e-3 and min(b, end) - max(a, start) > 1e-3), (at, start, end, pl)


# a board too big for the paper (tiled, its tiles' room filled with other pieces), or one that fits only turned
boards_strategy = st.lists(st.tuples(st.floats(150, 500), st.floats(150, 600), st.booleans()), max_size=2)


@settings(max_examples=60, deadline=None)
@given(pieces_strategy, st.sampled_from([A4, LETTER, A4.landscape]), st.sampled_from(["long-edge", "short-edge"]),
       st.tuples(st.floats(-2, 2), st.floats(-2, 2)), boards_strategy)
# a board whose trim fits the paper turned but whose bleed box is wider than the margins allow: printed whole,
# its bleed clipped at the margin (it once ran 0.5 mm into it)
@example(spec=[("rect", 82.87891984920564, 10.072285359487964, 0, True, 3),
               ("disc", 65.95122653516464, 102.79366457627233, 0, True, 7),
               ("disc", 14.14323683097185, 13.415825537710896, 1, False, 8),
               ("disc", 41.526882167426734, 25.50324150556776, 3, False, 5),
               ("rect", 9.0, 11.601309172852243, 1, True, 11)],
         paper=A4, duplex="short-edge", offset_mm=(0.7598635467575199, -1.5898911529760715),
         boards=[(281.88868565696873, 189.73832872075485, True), (473.139897141114, 597.8494800905517, True)])
def test_packing_properties(spec, paper, duplex, offset_mm, boards):
    pieces = [make_piece(100 + i, "rect", round(w), round(h), 3, two) for i, (w, h, two) in enumerate(boards)]
    pieces += expand(spec)
    options = SheetOptions(paper, mm(1), duplex, (mm(offset_mm[0]), mm(offset_mm[1])))
    imposition = impose_sheets(pieces, options)
    # a tile page's first placement is its tile; pieces packed into the room the tile leaves follow it
    placed = [pl.piece for page in imposition.pages if page.kind in {"front", "single", "tile"}
              for pl in page.placements[page.kind == "tile":]]
    tiled = {id(page.placements[0].piece) for page in imposition.pages if page.kind == "tile"}
    # each piece placed exactly once (oversize pieces are tiled instead)
    normal = [p for p in pieces if id(p) not in tiled]
    assert sorted(map(id, placed)) == sorted(map(id, normal))
    for page in imposition.pages:
        if page.kind not in {"front", "single", "tile"}:
            continue
        x0, y0, x1, y1 = paper.margin, paper.margin, page.width - paper.margin, page.height - paper.margin
        printed = list(boxes(page))
        if page.inset is not None:  # the assembly plan drawn on a tile page: nothing else over it
            printed.append((page.placements[0], page.inset))
        for _, box in printed:  # inside the printable area
            assert box[0] >= x0 - 1e-6 and box[1] >= y0 - 1e-6 and box[2] <= x1 + 1e-6 and box[3] <= y1 + 1e-6
        for i, (a, box_a) in enumerate(printed):  # no overlaps (discs, packed in staggered rows, as circles;
            for b, box_b in printed[i + 1:]:      # hexagons, nested like a honeycomb, as grown hexagons)
                if a.piece.outline.shape == b.piece.outline.shape == "disc" and a.clip is None and b.clip is None:
                    reach = (a.piece.width + b.piece.width) / 2 + a.piece.bleed + b.piece.bleed
                    centres = math.dist((a.x + a.piece.width / 2, a.y + a.piece.height / 2),
                                        (b.x + b.piece.width / 2, b.y + b.piece.height / 2))
                    assert centres >= reach - 1e-6, (a, b)
                elif a.piece.outline.points and b.piece.outline.points and a.clip is None and b.clip is None:
                    assert gap(hexagon(a), hexagon(b)) >= a.piece.bleed + b.piece.bleed - 1e-6, (a, b)
                else:
                    assert not overlap(box_a, box_b), (a, b)
        cuts_cross_no_piece(page)
        for mark in page.marks:  # crop marks stay on the printable area and off every trim box
            for pl, box in printed:
                trim = (max(pl.x, box[0]), max(pl.y, box[1]),  # a tile: the share of the trim on this page
                        min(pl.x + pl.width, box[2]), min(pl.y + pl.height, box[3]))
                inside_x = trim[0] + 1e-6 < (mark.x1 + mark.x2) / 2 < trim[2] - 1e-6
                inside_y = trim[1] + 1e-6 < (mark.y1 + mark.y2) / 2 < trim[3] - 1e-6
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
        # one-sided pieces packed into a two-sided sheet's room leave their back blank
        two_sided = [f for f in front.placements if f.piece.back is not None]
        assert back.kind == "back" and len(back.placements) == len(two_sided)
        for f, b in zip(two_sided, back.placements):
            assert b.piece is f.piece and b.side == "back"
            bx, by = b.x + b.piece.width / 2, b.y + b.piece.height / 2
            seen_x, seen_y = (A4.width - bx, by) if duplex == "long-edge" else (bx, A4.height - by)
            # after the printer drifts by `read` (seen from the front), the back sits exactly behind the front
            assert seen_x + read[0] == pytest.approx(f.x + f.piece.width / 2, abs=1e-6)
            assert seen_y + read[1] == pytest.approx(f.y + f.piece.height / 2, abs=1e-6)
        # a back's print (its bleed may run onto a one-sided neighbour's blank back) covers no other back
        printed = list(boxes(back))
        for i, (a, box_a) in enumerate(printed):
            for b, box_b in printed[i + 1:]:
                trim_b = (b.x, b.y, b.x + b.width, b.y + b.height)
                trim_a = (a.x, a.y, a.x + a.width, a.y + a.height)
                if a.piece.outline.points and b.piece.outline.points:  # nested hexagons
                    assert gap(hexagon(a), hexagon(b)) >= a.piece.bleed + b.piece.bleed - 1e-6, (a, b)
                elif a.piece.outline.shape != "disc" and b.piece.outline.shape != "disc":
                    assert not overlap(box_a, trim_b) and not overlap(box_b, trim_a), (a, b)


def test_nine_poker_cards_fit_an_a4_sheet():
    cards = [make_piece(0, "rect", 63.5, 88.9, 3, False)] * 9
    imposition = impose_sheets(cards, SheetOptions(A4, mm(1)))
    assert imposition.sheets == 1 and len(imposition.pages[0].placements) == 9


@pytest.mark.parametrize(("size", "inset"), [((420, 300), True), ((380, 540), False)])
def test_oversize_piece_is_tiled_with_overlap_and_an_assembly_plan(size, inset):
    """The plan is an inset on the first tile's page when the tile leaves room for it, else a page of its own."""
    board = make_piece(0, "rect", *size, 0, False)
    imposition = impose_sheets([board], SheetOptions(A4, mm(1)))
    kinds = [p.kind for p in imposition.pages]
    tile_pages = [p for p in imposition.pages if p.kind == "tile"]
    assert len(tile_pages) >= 2 and imposition.sheets == len(imposition.pages)
    if inset:
        assert "assembly" not in kinds and tile_pages[0].tiles and tile_pages[0].tiled is board
        x0, y0, x1, y1 = tile_pages[0].placements[0].clip
        ix0, iy0, ix1, iy1 = tile_pages[0].inset
        assert ix0 >= x1 + mm(4) - 1e-6 or iy0 >= y1 + mm(6.5) - 1e-6  # clear of the tile's cut and its label
        assert ix1 - ix0 >= mm(45) - 1e-6 and iy1 - iy0 >= mm(55) - 1e-6
        assert not any(p.tiles for p in tile_pages[1:])
    else:
        assert kinds[0] == "assembly" and not any(p.inset for p in tile_pages)
    tiles = [p.tile for p in tile_pages]
    covered_w = max(t.piece_x + t.width for t in tiles)
    covered_h = max(t.piece_y + t.height for t in tiles)
    assert covered_w == pytest.approx(board.width) and covered_h == pytest.approx(board.height)
    for page in tile_pages:  # every tile fits the page's printable area
        x0, y0, x1, y1 = page.placements[0].clip
        assert x1 <= page.width - A4.margin + 1e-6 and y1 <= page.height - A4.margin + 1e-6


def test_one_sided_pieces_fill_the_room_of_two_sided_sheets_and_tiles():
    """A sheet of 8 two-sided cards takes one-sided tokens in its room (their backs stay blank), and a tiled
    board's pages take tokens beside and below the tile, before any sheet of tokens is opened."""
    cards = [make_piece(0, "rect", 63.5, 88.9, 3, True)] * 6
    tokens = [make_piece(1, "disc", 20, 20, 1, False)] * 100
    board = make_piece(2, "rect", 384, 361, 0, False)
    imposition = impose_sheets([board] + cards + tokens, SheetOptions(A4, mm(1)))
    front, back = imposition.pages[:2]
    assert front.kind == "front" and back.kind == "back"
    on_front = sum(pl.piece.component_id == "c1" for pl in front.placements)
    assert on_front and [pl.piece.component_id for pl in back.placements] == ["c0"] * 6
    tiles = [p for p in imposition.pages if p.kind == "tile"]
    assert len(tiles) == 4 and any(len(p.placements) > 1 for p in tiles)
    assert sum(len(p.placements) - 1 for p in tiles) == 100 - on_front
    assert imposition.sheets == 5  # no sheet of tokens of its own


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
        for f, b in zip([f for f in front.placements if f.piece.back is not None], back.placements):
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
    plan = 2 if kinds[0] == "assembly" else 0  # a plan sheet of its own, or an inset on the first tile's sheet
    if plan:
        assert kinds[:2] == ["assembly", "back"]
    else:  # the plan of the back lies behind the plan of the front
        front, back = pages[:2]
        assert front.inset and back.tiles and back.tiled is board
        seen = [_seen_from_front(x, y, back.width, back.height, duplex) for x, y in (back.inset[:2], back.inset[2:])]
        assert (min(seen[0][0], seen[1][0]), min(seen[0][1], seen[1][1])) == pytest.approx(front.inset[:2])
    assert kinds[plan:] == ["tile", "back"] * ((len(kinds) - plan) // 2)
    assert len({p.sheet for p in pages}) == len(pages) // 2  # every sheet printed on both sides
    for front, back in zip(pages[plan::2], pages[plan + 1::2]):
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
    tiles = [p.tile for p in pages[plan::2]]
    assert max(t.piece_x + t.width for t in tiles) == pytest.approx(board.width)
    assert max(t.piece_y + t.height for t in tiles) == pytest.approx(board.height)


@settings(max_examples=40, deadline=None)
@given(pieces_strategy, pieces_strategy, st.sampled_from([A4, LETTER, A4.landscape]))
def test_blocks_kept_by_their_geometry_lay_the_pages_laid_afresh(others, spec, paper):
    """A block's clips and crop marks are kept by the block's geometry (impose/pack.py): imposed after other pieces
    filled what is kept, the same pieces give the same pages as with nothing kept."""
    options = SheetOptions(paper, mm(1))
    pack._block_clips.cache_clear()
    pack._block_marks.cache_clear()
    fresh = impose_sheets(expand(spec), options)
    impose_sheets(expand(others), options)
    assert impose_sheets(expand(spec), options) == fresh


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["rect", "rect", "disc", "pointy", "flat"]), st.floats(8, 150), st.floats(8, 150),
       st.sampled_from([0, 1, 3]), st.booleans(), st.integers(1, 90), st.sampled_from([A4, LETTER]))
def test_a_deck_of_one_kind_is_laid_as_if_every_strategy_were_tried(shape, w, h, bleed, two_sided, copies, paper):
    """The layouts stop trying strategies once a deck of one kind is on as few sheets as a sheet's room allows: the
    pages are those the full search picks."""
    import generator.impose.layouts as layouts

    pieces = [make_piece(0, shape, round(w, 1), round(h, 1), bleed, two_sided)] * copies
    options = SheetOptions(paper, mm(2))
    quick = impose_sheets(pieces, options)
    original = layouts._fewest_possible
    layouts._fewest_possible = lambda *args: False
    try:
        full = impose_sheets(pieces, options)
    finally:
        layouts._fewest_possible = original
    assert quick.pages == full.pages
