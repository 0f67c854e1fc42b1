"""Impose stage, the three layouts: `home` (duplex fronts and backs, then one-sided sheets), `gutter-fold`
(fronts and their backs on one side of a sheet, across a fold line) and `print-and-cut` (every piece inside a
cutting machine's registration marks)."""

from __future__ import annotations

import itertools
from typing import Sequence

from generator.errors import UsageError
from generator.impose.pack import Box, OpenSheet, Strategy, open_sheet, pack, shared, strategies_for
from generator.impose.refill import refill
from generator.impose.sheet import FOOTER, Page, Paper, Placement, Registration, SheetOptions, fits, fits_area
from generator.impose.tiles import TileLayout, sheet_pages, tile_layouts, tile_piece, tile_sheets
from generator.model import Piece
from generator.units import mm
from generator.vocabulary import BACK

FOLD_CLEAR = mm(1)       # gutter fold: from the fold line to the nearest bleed box, on either side
# Silhouette Studio's print-and-cut marks (type 1, its defaults): a filled square top left, L-shaped corners
# top right and bottom left, all `SILHOUETTE_INSET` from the page edges.
SILHOUETTE_INSET = mm(10)
SILHOUETTE_LENGTH = mm(20)    # the L marks' arms
SILHOUETTE_THICKNESS = mm(0.5)
SILHOUETTE_SQUARE = mm(5)
# Cricut Design Space's Print Then Cut: the printed image may be at most 6.75 x 9.25 in, framed by its sensor marks
CRICUT_AREA = (6.75 * 72, 9.25 * 72)
CRICUT_FRAME_GAP = mm(3)      # from the image area to the frame line
CRICUT_FRAME_LINE = mm(1)
CRICUT_SQUARE = mm(5)
REGISTRATION_CLEAR = mm(2)    # between a mark and the nearest bleed box
TILINGS = 16                  # at most this many ways of tiling a kit's big pieces are tried


def home(pieces: Sequence[Piece], options: SheetOptions) -> list[Page]:
    """The home layout: sheets holding two-sided pieces as front/back pairs for a duplex printer, then
    one-sided sheets. A piece too big for the paper as given is laid on the paper turned, and one too big for
    either is tiled (a two-sided piece's tiles follow the two-sided sheets; a one-sided piece's come first among
    the one-sided ones). One-sided pieces fill what room the two-sided ones, turned sheets and tiles leave,
    before new sheets are opened; last, sheets whose pieces all fit the others' room are emptied into it
    (refill.py)."""
    paper = options.paper
    turned = paper.landscape if paper.width <= paper.height else paper.portrait

    def opener(piece: Piece, duplex: bool):
        return open_sheet(paper if fits(piece, paper) else turned, duplex)

    groups = {duplex: [p for p in pieces if (p.back is not None) == duplex] for duplex in (True, False)}
    oversize = {duplex: [p for p in group if not fits(p, paper) and not fits(p, turned)]
                for duplex, group in groups.items()}
    whole = {duplex: [p for p in group if fits(p, paper) or fits(p, turned)]  # the pieces the packer lays
             for duplex, group in groups.items()}

    known: dict[int, list[TileLayout]] = {}

    def layouts_of(piece: Piece) -> list[TileLayout]:
        """The piece's ways of tiling (`tile_layouts`), found once: every strategy tiles it."""
        if id(piece) not in known:
            known[id(piece)] = tile_layouts(piece, options)
        return known[id(piece)]

    def layout_of(piece: Piece, tiling: dict[int, TileLayout]) -> TileLayout | None:
        return tiling.get(id(piece)) or (layouts_of(piece)[0] if piece.width * piece.height > 0 else None)

    def packed(strategy: Strategy, tiling: dict[int, TileLayout]) -> list[OpenSheet]:
        sheets: list[OpenSheet] = []
        # one-sided pieces the size of two-sided ones may complete their blocks' last rows
        one_sided = list(whole[False])  # (the packer takes out those it places so)
        for duplex in (True, False):
            tiles = [s for p in oversize[duplex] for s in tile_sheets(p, options, layout_of(p, tiling))]
            if not duplex:  # one-sided tiles first: the room beside and below each tile takes one-sided pieces
                sheets.extend(tiles)
            pack(whole[True] if duplex else one_sided,
                 lambda p, d=duplex: opener(p, d), options.gutter, sheets=sheets, strategy=strategy,
                 fillers=one_sided if duplex else None, turn=True)
            if duplex:
                sheets.extend(tiles)
        return sheets

    # each try is quick: keep the one needing fewest sheets (the first on a tie); first the packing strategy,
    # then, with it, each way of tiling the big pieces (at most TILINGS of them). Only the best packing so far is
    # kept: a large deck's sheets, packed by every strategy at once, were most of the build's memory at its peak
    strategy, untiled = None, None
    tries = strategies_for(pieces)
    fewest = None
    for tried in tries:
        if untiled is not None:
            fewest = _fewest_possible(tries, pieces, whole, opener, options, untiled) if fewest is None else fewest
            if _sheet_count(untiled) <= fewest:
                break  # a deck of one kind already on as few sheets as a sheet's room allows: no other try can do better
        sheets = packed(tried, {})
        if untiled is None or _sheet_count(sheets) < _sheet_count(untiled):
            strategy, untiled = tried, sheets
        del sheets
    choices = [[(id(p), layout) for layout in layouts_of(p)] for p in oversize[True] + oversize[False]
               if p.width * p.height > 0]
    result, fewest = None, None
    for index, combination in enumerate(itertools.islice(itertools.product(*choices), TILINGS)):
        sheets = packed(strategy, dict(combination)) if combination else untiled  # nothing to tile: packed
        if fewest is None or _sheet_count(sheets) < fewest:
            result, fewest = sheets, _sheet_count(sheets)
    result = refill(result, options.gutter)
    return [page for sheet in result for page in sheet_pages(sheet, options)]


def _sheet_count(sheets: Sequence[OpenSheet]) -> int:
    return sum(len(s.before) + 1 for s in sheets)


def _fewest_possible(tries: Sequence[Strategy], pieces: Sequence[Piece], whole: dict[bool, list[Piece]], opener,
                     options: SheetOptions, packed: Sequence[OpenSheet]) -> int:
    """The fewest sheets any try could lay `pieces` on when they are all laid alike (one duplex group of one block
    kind, none tiled): as many as the most pieces one sheet takes under any try allow (each try lays every fresh
    sheet alike, so its first sheet, packed from a few sheets' worth, shows what one holds); 0 when they are not.
    `packed`: the packing found so far."""
    duplex = bool(whole[True])
    group = whole[duplex]
    if len(tries) < 2 or not group or not packed or len(group) != len(pieces) or whole[not duplex]:
        return 0
    most = len(packed[0].placements)
    for tried in tries:
        probe = group[:3 * most + 1]
        first = pack(probe, lambda p: opener(p, duplex), options.gutter, strategy=tried, turn=True)
        most = max(most, len(first[0].placements))
        if most >= len(probe) and len(probe) < len(group):  # the probe was too small to fill a sheet: not known
            return 0
    return -(-len(group) // most)


def fold_halves(paper: Paper, vertical: bool) -> tuple[float, Box]:
    """Where a gutter fold runs (x for a vertical fold, y for a horizontal one) and the half holding the fronts:
    the right half, or the lower one, so the fronts are packed against the fold and their backs mirror them."""
    x0, y0, x1, y1 = paper.area()
    if vertical:
        at = (x0 + x1) / 2
        return at, (at + FOLD_CLEAR, y0, x1, y1)
    at = (y0 + y1) / 2
    return at, (x0, at + FOLD_CLEAR, x1, y1)


def gutter_fold(pieces: Sequence[Piece], options: SheetOptions) -> list[Page]:
    """Two-sided pieces as gutter-fold sheets: fronts on one half, their backs mirrored across the fold on the
    other (turned upside down across a horizontal fold, so they read upright when the folded piece is turned
    over like a card). The paper's orientation and the fold's direction are chosen to need the fewest sheets
    (the paper as given and a vertical fold win ties). Two-sided pieces too big for half a sheet, and one-sided
    pieces, are laid out as at home."""
    two_sided = [p for p in pieces if p.back is not None]
    best = None
    if two_sided:
        given = options.paper
        turned = given.landscape if given.width <= given.height else given.portrait
        for rank, (paper, vertical) in enumerate(((given, True), (given, False), (turned, True), (turned, False))):
            at, half = fold_halves(paper, vertical)
            inside = [p for p in two_sided if fits_area(p, half)]
            sheets = pack(inside, lambda _, paper=paper, half=half: open_sheet(paper, False, half), options.gutter)
            score = (len(two_sided) - len(inside), len(sheets), rank)
            if best is None or score < best[0]:
                best = (score, paper, vertical, at, inside, sheets)
    pages: list[Page] = []
    folded: set[int] = set()
    if best is not None:
        _, paper, vertical, at, inside, sheets = best
        folded = {id(p) for p in inside}
        x0, y0, x1, y1 = paper.area()
        line = (at, paper.margin, at, y1) if vertical else (paper.margin, at, paper.width - paper.margin, at)
        for sheet in sheets:
            placements = tuple(sheet.placements)
            backs = tuple(_folded_back(pl, at, vertical) for pl in placements)
            pages.append(Page("fold", paper.width, paper.height, placements + backs, shared(tuple(sheet.marks)),
                              fold=line))
    return pages + home([p for p in pieces if id(p) not in folded], options)


def _folded_back(front: Placement, at: float, vertical: bool) -> Placement:
    """The back of a gutter-fold front: mirrored across the fold line at `at`, upright across a vertical fold."""
    piece, clip = front.piece, front.clip
    if vertical:
        x, y = 2 * at - front.x - piece.width, front.y
        clip = clip and (2 * at - clip[2], clip[1], 2 * at - clip[0], clip[3])
    else:
        x, y = front.x, 2 * at - front.y - piece.height
        clip = clip and (clip[0], 2 * at - clip[3], clip[2], 2 * at - clip[1])
    return Placement(piece, x, y, side=BACK, clip=clip and shared(clip), turned=not vertical)


def registration(paper: Paper, cutter: str) -> Registration:
    """The marks `cutter` reads on a sheet of `paper`, and the area inside them where pieces may go."""
    w, h = paper.width, paper.height
    clear = REGISTRATION_CLEAR
    if cutter == "silhouette":
        inset, length, thick, square = SILHOUETTE_INSET, SILHOUETTE_LENGTH, SILHOUETTE_THICKNESS, SILHOUETTE_SQUARE
        half = thick / 2
        lines = ((w - inset - length, inset + half, w - inset, inset + half),      # top right: across
                 (w - inset - half, inset, w - inset - half, inset + length),      # top right: down
                 (inset, h - inset - half, inset + length, h - inset - half),      # bottom left: across
                 (inset + half, h - inset - length, inset + half, h - inset))      # bottom left: up
        area = (inset + clear, inset + length + clear, w - inset - clear, h - inset - length - clear)
        return Registration(cutter, area, ((inset, inset, square, square),), lines, thick,
                            footer_left=inset + length + mm(4))
    if cutter == "cricut":
        aw, ah = CRICUT_AREA if w <= h else CRICUT_AREA[::-1]
        outside = CRICUT_FRAME_GAP + CRICUT_FRAME_LINE
        bottom = h - paper.margin - FOOTER
        total = CRICUT_SQUARE + 2 * outside + ah  # the square sits on the frame's top-left corner
        if aw + 2 * outside > w - 2 * paper.margin or total > bottom - paper.margin:
            raise UsageError(f"Cricut's print-then-cut area ({aw / 72:g} x {ah / 72:g} in) does not fit on "
                             f"{paper.name}; choose larger paper")
        x0 = (w - aw) / 2
        y0 = paper.margin + (bottom - paper.margin - total) / 2 + CRICUT_SQUARE + outside
        fx0, fy0 = x0 - CRICUT_FRAME_GAP - CRICUT_FRAME_LINE / 2, y0 - CRICUT_FRAME_GAP - CRICUT_FRAME_LINE / 2
        fx1, fy1 = x0 + aw + CRICUT_FRAME_GAP + CRICUT_FRAME_LINE / 2, y0 + ah + CRICUT_FRAME_GAP + CRICUT_FRAME_LINE / 2
        lines = ((fx0, fy0, fx1, fy0), (fx1, fy0, fx1, fy1), (fx1, fy1, fx0, fy1), (fx0, fy1, fx0, fy0))
        corner = fx0 - CRICUT_FRAME_LINE / 2
        squares = ((corner, fy0 - CRICUT_FRAME_LINE / 2 - CRICUT_SQUARE, CRICUT_SQUARE, CRICUT_SQUARE),)
        return Registration(cutter, (x0, y0, x0 + aw, y0 + ah), squares, lines, CRICUT_FRAME_LINE,
                            footer_left=mm(8))
    raise ValueError(f"unknown cutter {cutter!r}")


def print_and_cut(pieces: Sequence[Piece], options: SheetOptions) -> list[Page]:
    """Every piece inside the cutter's registration area, each with its whole bleed and a gutter round it (the
    machine cuts each outline, so nothing is butted); two-sided sheets are followed by their backs (no marks).
    A piece too big for the area is printed as at home (whole or tiled) and cut by hand."""
    paper = options.paper
    marks = registration(paper, options.cutter)
    pages: list[Page] = []
    for duplex in (True, False):
        group = [p for p in pieces if (p.back is not None) == duplex]
        inside = [p for p in group if fits_area(p, marks.area)]
        sheets = pack(inside, lambda _, d=duplex: open_sheet(paper, d, marks.area), options.gutter, butt=False)
        pages += [page for sheet in sheets for page in sheet_pages(sheet, options, registration=marks)]
        for piece in (p for p in group if not fits_area(p, marks.area)):
            pages.extend(tile_piece(piece, options))
    return pages



