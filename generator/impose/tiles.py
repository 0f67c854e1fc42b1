"""Impose stage, two sides and big pieces: backs mirrored behind their fronts for the duplex flip, and pieces
too big for the paper split into overlapping tiles with an assembly plan (an inset on a tile page when the
tile leaves room for it, else a page of its own)."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from typing import Callable

from generator.impose.pack import MIN_FREE, Box, OpenSheet, open_sheet, shared
from generator.impose.sheet import INSET_HEADER, TILE_BACK_BLEED, Page, Paper, Placement, SheetOptions, Tile
from generator.model import Piece
from generator.units import mm
from generator.vocabulary import BACK

INSET_MIN = (mm(45), mm(55))  # the smallest box an assembly plan is drawn in: caption and a legible miniature
INSET_LONG = mm(90)           # the plan's miniature is at most this long: the rest of the room holds pieces
INSET_GAP = mm(8)             # around the plan: its caption and tags stay clear of the pieces beside it
ROOM_GAP = mm(4)              # between a tile's cut edge and the room beside it
TILE_LABEL = mm(6.5)          # below a tile: its label line ("Tile A1 ..."), baseline 3.5 mm under the tile


def flips_across(page_width: float, page_height: float, duplex: str) -> bool:
    """True when the duplex flip mirrors a page left to right (about a vertical axis), False when top to bottom.

    The printer turns the sheet over its long or its short edge. A portrait page's long edges are its
    sides, so a long-edge flip mirrors it left to right; a landscape page's long edges are its top and
    bottom, so the same flip mirrors it top to bottom (the printer turns both sides of the sheet alike).
    """
    portrait = page_width <= page_height + 1e-6
    return portrait == (duplex != "short-edge")


def _back_offset(front: Page, options: SheetOptions) -> tuple[bool, float, float]:
    read_x, read_y = options.back_offset
    across = flips_across(front.width, front.height, options.duplex)
    dx, dy = (read_x, -read_y) if across else (-read_x, read_y)
    return across, dx, dy


def mirror_box(box: Box, front: Page, options: SheetOptions) -> Box:
    """Where `box` of `front` lies on its back page (moved against the printer's drift)."""
    across, dx, dy = _back_offset(front, options)
    if across:
        box = (front.width - box[2], box[1], front.width - box[0], box[3])
    else:
        box = (box[0], front.height - box[3], box[2], front.height - box[1])
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def mirror_page(front: Page, options: SheetOptions) -> Page:
    """The back page of `front`: each two-sided piece's back lands behind its front after the flip (a one-sided
    piece packed on the sheet leaves its back blank).

    `back_offset` is the printer's drift as read on the calibration page: where the back lands,
    seen from the front (right and down positive). Backs are moved the opposite way; seen from the
    back page, the mirrored axis flips sign.
    """
    across, dx, dy = _back_offset(front, options)
    backs = []
    for pl in front.placements:
        if pl.piece.back is None:
            continue
        if not across:
            x, y = pl.x, front.height - pl.y - pl.piece.height
        else:
            x, y = front.width - pl.x - pl.piece.width, pl.y
        clip = (pl.back_clip or pl.clip) and mirror_box(pl.back_clip or pl.clip, front, options)
        backs.append(Placement(pl.piece, x + dx, y + dy, side=BACK, clip=clip and shared(clip)))
    return Page("back", front.width, front.height, tuple(backs), (), sheet=front.sheet, footer_top=not across)


def _tile_count(length: float, available: float, overlap: float) -> int:
    if length <= available:
        return 1
    return max(2, math.ceil((length - overlap) / (available - overlap)))


def _rooms(paper: Paper, tile_w: float, tile_h: float, grow: float) -> list[Box]:
    """The room a tile of tile_w x tile_h leaves on its page: beside it (above its label line) and below it."""
    x0, y0, x1, y1 = paper.area()
    right = (x0 + 2 * grow + tile_w + ROOM_GAP, y0, x1, y0 + 2 * grow + tile_h)
    below = (x0, y0 + 2 * grow + tile_h + TILE_LABEL, x1, y1)
    return [box for box in (right, below) if box[2] - box[0] > MIN_FREE and box[3] - box[1] > MIN_FREE]


def _inset(piece: Piece, rooms: list[Box]) -> tuple[Box | None, list[Box]]:
    """Where the assembly plan goes in the rooms a tile leaves (the roomiest that holds it at `INSET_MIN`), at
    most `INSET_LONG` long, and the room still free around it (for other pieces)."""
    fitting = [box for box in rooms
               if box[2] - box[0] >= INSET_MIN[0] - 1e-6 and box[3] - box[1] >= INSET_MIN[1] - 1e-6]
    if not fitting:
        return None, rooms
    room = max(fitting, key=lambda box: (box[2] - box[0]) * (box[3] - box[1]))
    rx0, ry0, rx1, ry1 = room
    scale = min((rx1 - rx0) / piece.width, (ry1 - ry0 - INSET_HEADER) / piece.height,
                INSET_LONG / max(piece.width, piece.height))
    box = (rx0, ry0, rx0 + max(piece.width * scale, INSET_MIN[0]), ry0 + INSET_HEADER + piece.height * scale)
    left = [b for b in rooms if b != room]
    left += [b for b in ((box[2] + INSET_GAP, ry0, rx1, ry1), (rx0, box[3] + INSET_GAP, box[2], ry1))
             if b[2] - b[0] > MIN_FREE and b[3] - b[1] > MIN_FREE]
    return box, left


def tile_piece(piece: Piece, options: SheetOptions) -> list[Page]:
    """A piece too big for the sheet as imposed, as pages (`tile_sheets`), nothing else on them."""
    return [page for sheet in tile_sheets(piece, options) for page in sheet_pages(sheet, options)]


def _whole(piece: Piece, options: SheetOptions) -> OpenSheet | None:
    """A sheet holding the piece whole, centred, on the orientation whose printable area takes its trim (its
    bleed may run into the mark lanes and the margin), if either does; nothing else goes on it. Where the bleed
    would run past the paper's margin, which the printer cannot print, it is clipped there."""
    for paper in (options.paper.portrait, options.paper.landscape):
        x0, y0, x1, y1 = paper.area()
        aw, ah = x1 - x0, y1 - y0
        if piece.width <= aw + 1e-6 and piece.height <= ah + 1e-6:
            sheet = open_sheet(paper, piece.back is not None)
            sheet.free, sheet.rooms = [], ()
            x, y = x0 + (aw - piece.width) / 2, y0 + (ah - piece.height) / 2
            b, m = piece.bleed, paper.margin
            bleed = (x - b, y - b, x + piece.width + b, y + piece.height + b)
            printable = (max(bleed[0], m), max(bleed[1], m), min(bleed[2], paper.width - m),
                         min(bleed[3], paper.height - m))
            sheet.placements.append(Placement(piece, x, y, clip=None if printable == bleed else printable))
            return sheet
    return None


@dataclass(frozen=True)
class TileLayout:
    """How a piece too big for the paper is split: the paper's orientation, and the widths of its tile columns
    and heights of its tile rows (neighbours overlap by the options' overlap)."""

    paper: Paper
    widths: tuple[float, ...]
    heights: tuple[float, ...]

    @property
    def count(self) -> int:
        return len(self.widths) * len(self.heights)


SEAM_STEP = mm(0.5)  # how finely a seam is moved to clear the words on a board


def _spans(length: float, count: int, available: float, overlap: float, full: bool,
           keep: tuple[tuple[float, float], ...] = (), two_sided: bool = False) -> tuple[float, ...]:
    """Tile lengths along one side: `count` equal ones, or (`full`) as long as the paper allows but the last.

    `keep` are the stretches of the side holding words (a title, a badge, a legend entry: `Piece.keep_whole`).
    Each seam is moved, as little as it can be, so that the cut edge of the tile laid over the strip (the seam
    seen on the finished board; on a two-sided board's back, the other edge of the strip) runs through none of
    them, and then so that the edge glued under runs through none either: every word is then printed whole on
    the tile that shows it. Where no place within the paper's reach clears them all, the seam cuts fewest."""
    if count == 1:
        return (length,)
    if full:
        spans = (available,) * (count - 1) + (length - (count - 1) * (available - overlap),)
    else:
        spans = ((length - overlap) / count + overlap,) * count
    if not keep:
        return spans
    cuts = _cut_counter(keep)
    ends, start, wanted, unmoved = [], 0.0, 0.0, True
    for index, span in enumerate(spans[:-1]):
        wanted += span - (overlap if index else 0.0)  # where this tile would end, unmoved
        after = count - 1 - index  # tiles still to come
        low = max(length - after * (available - overlap), start + 2 * overlap)
        high = min(start + available, length - overlap)
        if low > high + 1e-6:
            return spans
        steps = int((high - low) / SEAM_STEP)
        candidates = [low + i * SEAM_STEP for i in range(steps + 1)] + [high, min(max(wanted, low), high)]
        end = min(candidates, key=lambda e: (cuts(e - overlap) + two_sided * cuts(e), cuts(e), abs(e - wanted)))
        ends.append(end)
        unmoved = unmoved and abs(end - wanted) < 1e-6
        start = end - overlap
    if unmoved:
        return spans
    starts = [0.0] + [e - overlap for e in ends]
    return tuple(e - s for s, e in zip(starts, ends)) + (length - starts[-1],)


def _cut_counter(keep: tuple[tuple[float, float], ...]) -> Callable[[float], int]:
    """How many stretches of `keep` a cut at x runs through (strictly inside one, by more than 1e-6), as a
    function of x: the stretches that start before x less those that end before it, by bisection (a board's
    legend and labels are many stretches, and each seam tries hundreds of places)."""
    stretches = [(a + 1e-6, b - 1e-6) for a, b in keep if a + 1e-6 < b - 1e-6]  # none other holds any x
    starts, ends = sorted(a for a, _ in stretches), sorted(b for _, b in stretches)
    return lambda x: bisect_left(starts, x) - bisect_right(ends, x)


def tile_layouts(piece: Piece, options: SheetOptions) -> list[TileLayout]:
    """The ways to tile `piece` on the fewest sheets (its plan counted when no tile leaves room for it): each
    orientation of the paper, with equal tiles or full ones and a short last row and column. The first is the
    default; the home layout tries each with the pieces packed in the tiles' room and keeps the best."""
    grow = TILE_BACK_BLEED if piece.back is not None else 0.0
    found: list[tuple[int, TileLayout]] = []
    for paper in (options.paper.portrait, options.paper.landscape):
        x0, y0, x1, y1 = paper.area()
        aw, ah = x1 - x0 - 2 * grow, y1 - y0 - 2 * grow
        cols, rows = _tile_count(piece.width, aw, options.overlap), _tile_count(piece.height, ah, options.overlap)
        across = tuple((b[0], b[2]) for b in piece.keep_whole)
        down = tuple((b[1], b[3]) for b in piece.keep_whole)
        for full in (False, True):
            two_sided = piece.back is not None
            layout = TileLayout(paper, _spans(piece.width, cols, aw, options.overlap, full, across, two_sided),
                                _spans(piece.height, rows, ah, options.overlap, full, down, two_sided))
            if all(layout != other for _, other in found):
                found.append((layout.count + (_plan_tile(piece, layout, grow) is None), layout))
    fewest = min(count for count, _ in found)
    return [layout for count, layout in found if count == fewest]


def _plan_tile(piece: Piece, layout: TileLayout, grow: float) -> int | None:
    """Which tile's page takes the assembly plan (the first whose room holds it), or None."""
    for index, (w, h) in enumerate((w, h) for h in layout.heights for w in layout.widths):
        if _inset(piece, _rooms(layout.paper, w, h, grow))[0] is not None:
            return index
    return None


def tile_sheets(piece: Piece, options: SheetOptions, layout: TileLayout | None = None) -> list[OpenSheet]:
    """A piece too big for the paper with its bleed: whole on a sheet of its own if its trim fits either
    orientation, else split into overlapping tiles (`layout`, default the first of `tile_layouts`), with an
    assembly plan: an inset on a tile's page when the tile leaves room for it, else a page of its own. Each
    tile's page is an open sheet: other pieces may fill its free room.

    A two-sided piece is tiled on both sides: each tile's back page follows it, mirrored like any back,
    so it lands behind its tile, and the plan gets a back showing the tiles as seen from the
    back. (Refusing would leave a board with a different track on each side unprintable on home paper;
    tiles cut on all four printed edges and overlapped line up on both faces, as the same stretch of
    board is printed on both tiles of an overlap.) Each back tile is printed `TILE_BACK_BLEED` past its
    tile's edges, so the printer's duplex drift leaves no white sliver along a cut.
    """
    whole = _whole(piece, options)
    if whole is not None:
        return [whole]
    return _tiled_sheets(piece, options, layout or tile_layouts(piece, options)[0])


def _tiled_sheets(piece: Piece, options: SheetOptions, layout: TileLayout) -> list[OpenSheet]:
    two_sided = piece.back is not None
    grow = TILE_BACK_BLEED if two_sided else 0.0
    paper, overlap = layout.paper, options.overlap
    x0, y0, _, _ = paper.area()
    x0, y0 = x0 + grow, y0 + grow  # room for the back tiles' extra print (two-sided pieces only)
    xs = [sum(layout.widths[:c]) - c * overlap for c in range(len(layout.widths))]
    ys = [sum(layout.heights[:r]) - r * overlap for r in range(len(layout.heights))]
    tiles = tuple(Tile(f"{chr(ord('A') + row)}{col + 1}", col, row, xs[col], ys[row], w, h, overlap)
                  for row, h in enumerate(layout.heights) for col, w in enumerate(layout.widths))
    # the back of the plan: the back face, with each tile where it lies when the board is turned over
    across = flips_across(paper.width, paper.height, options.duplex)
    behind = tuple(replace(t, piece_x=piece.width - t.piece_x - t.width) if across else
                   replace(t, piece_y=piece.height - t.piece_y - t.height) for t in tiles)
    cols, rows = len(layout.widths), len(layout.heights)
    caption = f"{piece.component_id}: {cols}×{rows} tiles, overlap {overlap / mm(1):g} mm"
    back_caption = f"{piece.component_id}: the back, as it lies when the board is turned over"
    planned = _plan_tile(piece, layout, grow)
    sheets: list[OpenSheet] = []
    for index, tile in enumerate(tiles):
        rooms = _rooms(paper, tile.width, tile.height, grow)
        inset, free = _inset(piece, rooms) if index == planned else (None, rooms)
        clip = (x0, y0, x0 + tile.width, y0 + tile.height)
        placement = Placement(piece, x0 - tile.piece_x, y0 - tile.piece_y, clip=clip)
        plan = {"tiles": tiles, "tiled": piece, "caption": caption, "inset": inset} if inset else {}
        front = Page("tile", paper.width, paper.height, (placement,), tile=tile, **plan)
        back = None
        if two_sided:
            back = mirror_page(front, options)
            grown = tuple(replace(pl, clip=_grown(pl.clip, grow)) for pl in back.placements)
            if plan:
                plan = {"tiles": behind, "tiled": piece, "inset": mirror_box(inset, front, options),
                        "caption": back_caption}
            back = replace(back, placements=grown, tile=tile, **plan)
        sheet = open_sheet(paper, two_sided)
        sheet.free, sheet.rooms = list(free), tuple(free)
        sheet.tile = (front, back)
        sheets.append(sheet)
    if planned is None:
        if not two_sided:
            sheets[0].before = (Page("assembly", paper.width, paper.height, tiles=tiles, caption=caption, tiled=piece),)
        else:
            sheets[0].before = (
                Page("assembly", paper.width, paper.height, tiles=tiles, tiled=piece,
                     caption=f"{caption}, printed on both sides: print these pages double-sided"),
                Page("back", paper.width, paper.height, tiles=behind, tiled=piece, footer_top=not across,
                     caption=back_caption))
    return sheets


def sheet_pages(sheet: OpenSheet, options: SheetOptions, registration=None) -> list[Page]:
    """The pages of a packed sheet: the plan pages before it, the page (a tile's, with what was packed in its
    room, or a front or a one-sided page), then its back if anything on it has one."""
    pages = list(sheet.before)
    placements, marks = tuple(sheet.placements), () if registration else shared(tuple(sheet.marks))
    if sheet.tile:
        front, back = sheet.tile
        front = replace(front, placements=front.placements + placements, marks=marks)
        extra = mirror_page(replace(front, placements=placements), options)
        pages.append(front)
        if back is not None or extra.placements:
            back = back or replace(extra, placements=(), tile=front.tile)
            pages.append(replace(back, placements=back.placements + extra.placements))
        return pages
    duplex = sheet.duplex or any(pl.piece.back is not None for pl in placements)
    pages.append(Page("front" if duplex else "single", sheet.width, sheet.height, placements, marks,
                      registration=registration))
    if duplex:
        pages.append(mirror_page(pages[-1], options))
    return pages


def _grown(box: Box | None, by: float) -> Box | None:
    return box and (box[0] - by, box[1] - by, box[2] + by, box[3] + by)
