"""Impose stage, packing: blocks of equal pieces placed into the free rectangles of open sheets (a guillotine
packer; on an `exact` sheet, the maximal rectangles of what is left: room.py), with the crop marks of butted
blocks. Local mutable state only; frozen placements leave it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

from generator.impose.grid import MARK_ROOM, Box, Grid, capacity, hexagon_way_up_of, ways_to_lay, row_end, swap
from generator.impose.room import maximal_rectangles
from generator.impose.sheet import MARK_LANE, MARK_LENGTH, CropMark, Placement
from generator.model import Piece
from generator.units import mm

MIN_FREE = mm(6)  # a free rectangle narrower or shorter than this holds nothing worth cutting
TIGHTER = 0.99  # a later way of laying a block is taken on a tie when it covers at most this share of the first
CELL_CLEAR = MARK_ROOM + mm(0.5)  # from a block's cut lines to a block packed into an empty cell of it


@dataclass
class OpenSheet:
    """A sheet being filled: its page size, free rectangles (disjoint, each clear of every block by its room),
    the placements so far, their crop marks and how far crop marks may run (`limits`). `duplex` sheets print a
    back; a sheet made from a tile page keeps that page (and its back) in `tile`, the plan pages printed
    before it in `before`.

    `rooms` are where pieces may go at all (the printable area; beside and below a tile), `taken` what each block
    keeps to itself (a butted block: its bleed and crop marks' room round the whole block, as its cuts run its
    length; other shapes: each bleed box and the gutter). On an `exact` sheet, `free` is found from those two
    after every block (`room_left`) instead of split from the rectangle the block went into."""

    width: float
    height: float
    free: list[Box]
    limits: Box
    area: Box = (0.0, 0.0, 0.0, 0.0)
    duplex: bool = False
    placements: list[Placement] = field(default_factory=list)
    marks: list[CropMark] = field(default_factory=list)
    tile: tuple = ()
    before: tuple = ()
    cells: set[Box] = field(default_factory=set)  # free rectangles inside a block's cut lines, already clear of them
    rooms: tuple[Box, ...] = ()
    taken: list[Box] = field(default_factory=list)
    exact: bool = False


def open_sheet(paper, duplex: bool = False, area: Box | None = None) -> OpenSheet:
    """An empty sheet of `paper` whose pieces keep to `area` (default: its printable area)."""
    x0, y0, x1, y1 = area or paper.area()
    return OpenSheet(paper.width, paper.height, [(x0, y0, x1, y1)],
                     (x0 - MARK_LANE, y0 - MARK_LANE, x1 + MARK_LANE, y1), (x0, y0, x1, y1), duplex,
                     rooms=((x0, y0, x1, y1),))


def room_left(sheet: OpenSheet) -> list[Box]:
    """The maximal free rectangles of the sheet's rooms, clear of everything its blocks keep to themselves."""
    return list(_room_left(sheet.rooms, tuple(sheet.taken)))


@lru_cache(maxsize=256)
def _room_left(rooms: tuple[Box, ...], taken: tuple[Box, ...]) -> tuple[Box, ...]:
    """`room_left` kept by the sheet's geometry alone (as `_block_clips` is): the full sheets of a deck or of a
    thousand tokens keep the same boxes in the same places, and refilling asks for the room on each of them."""
    return tuple(maximal_rectangles(rooms, taken, MIN_FREE))


@dataclass(frozen=True)
class Strategy:
    """How the packer chooses: the order groups are packed in (`area`, `height` or `width` of their pieces,
    largest first; `given`: first appearance), how a free rectangle is split around a block (`short`: along the
    shorter leftover axis; `long`: the longer) and which rectangle of a sheet takes a block (`most`: the one
    holding most of it; `fit`: the smallest that holds any). Which is best depends on the pieces, so the layouts
    try each (`STRATEGIES`) and keep the one needing fewest sheets."""

    order: str = "area"
    split: str = "short"
    pick: str = "most"


STRATEGIES = tuple(Strategy(order, split, pick) for order in ("area", "height", "width", "given")
                   for split in ("short", "long") for pick in ("most", "fit"))


def strategies_for(pieces: Sequence[Piece]) -> tuple[Strategy, ...]:
    """The strategies worth trying for `pieces`: all of them, but when the pieces are all of one block kind the
    order of groups cannot matter (any list of them holds one group), so one order stands for the four."""
    if len({block_kind(piece) for piece in pieces}) > 1:
        return STRATEGIES
    return tuple(strategy for strategy in STRATEGIES if strategy.order == STRATEGIES[0].order)


_ORDERS = {"area": lambda fw, fh: -fw * fh, "height": lambda fw, fh: (-fh, -fw), "width": lambda fw, fh: (-fw, -fh),
           "given": lambda fw, fh: 0}


def groups(pieces: Sequence[Piece], order: str = "area") -> list[list[Piece]]:
    """Pieces with the same footprint and outline kind (a regular hexagon's which way up), in `order` (see
    `Strategy`; first appearance among equals)."""
    found: dict[tuple, list[Piece]] = {}
    kinds: dict[int, tuple] = {}  # one piece object may be many copies (1000 equal tokens): its kind found once
    for piece in pieces:
        kind = kinds.get(id(piece))
        if kind is None:
            kind = kinds[id(piece)] = block_kind(piece)
        found.setdefault(kind, []).append(piece)
    return sorted(found.values(), key=lambda group: _ORDERS[order](*group[0].footprint))


def block_kind(piece: Piece) -> tuple:
    """What pieces must share to be laid in one block: footprint, bleed and outline (a hexagon's way up)."""
    return _block_kind(piece.width, piece.height, piece.bleed, piece.outline)


@lru_cache(maxsize=1024)
def _block_kind(width: float, height: float, bleed: float, outline) -> tuple:
    """`block_kind` once per size and outline: it is asked for every piece each time a group is packed."""
    return (round(width, 3), round(height, 3), round(bleed, 3), outline.straight, outline.shape,
            hexagon_way_up_of(outline, width, height))


def pack(pieces: Sequence[Piece], opener: Callable[[Piece], OpenSheet], gutter: float, butt: bool = True,
         sheets: list[OpenSheet] | None = None, strategy: Strategy = Strategy(),
         fillers: list[Piece] | None = None, turn: bool = False) -> list[OpenSheet]:
    """Pack `pieces` into `sheets` (new ones from `opener(piece)` as needed, appended) and return the sheets.

    Straight-edged pieces are butted edge to edge (one cut serves two pieces, nine poker cards fit an A4
    sheet) with bleed kept only on the block's outside; other shapes, and every piece when `butt` is false,
    keep a gutter between their bleed boxes (discs and hexagons nest: `grid.ways_to_lay`). Each block goes into
    the first sheet with a free rectangle that holds any of it (which one: `strategy.pick`; laid the way that
    holds most there), so small groups fill the room larger ones left, across components, orientations and tile
    pages. `fillers` (one-sided pieces, when `pieces` are two-sided) of a group's kind complete the short last
    row of its last block (that room would be lost); they leave its back blank, and those placed are taken out
    of the list. With `turn`, one-sided pieces may be laid a quarter turn round (`Placement.rotated`).
    """
    sheets = [] if sheets is None else sheets
    for group in groups(pieces, strategy.order):
        ways = ways_to_lay(group[0], gutter, butt, turn)
        kind = block_kind(group[0])
        extra = [piece for piece in fillers or () if block_kind(piece) == kind]
        start, first = 0, 0  # an index, not slicing: slicing a long group row by row is quadratic
        while start < len(group):
            wanted = len(group) - start
            while True:
                if first == len(sheets):
                    sheets.append(opener(group[0]))
                    best = _best_box(sheets[first], ways, wanted, strategy.pick)
                    if best is None:
                        raise ValueError(f"{group[0].component_id}: a new sheet holds none of these pieces")
                    break
                best = _best_box(sheets[first], ways, wanted, strategy.pick)
                if best is not None:
                    break
                first += 1  # free room only shrinks: this sheet will never hold one of these pieces again
            sheet = sheets[first]
            box, count, grid = best
            usable = _usable(sheet, box, grid)
            sheet.free.remove(box)
            sheet.cells.discard(box)
            if start + count == len(group) and extra:  # the group's last block: fillers complete its last row
                taken = extra[:row_end(grid, usable, count) - count]
                _place_block(sheet, box, usable, [*group[start:], *taken], 0, count + len(taken), grid, strategy.split)
                for piece in taken:
                    fillers.remove(piece)
                start = len(group)
            else:
                start = _place_block(sheet, box, usable, group, start, count, grid, strategy.split)
            if sheet.exact:
                sheet.free, sheet.cells = room_left(sheet), set()
    return sheets


def _best_box(sheet: OpenSheet, ways: Sequence[Grid], wanted: int, pick: str) -> tuple[Box, int, Grid] | None:
    """The free rectangle to take the block (as `pick` says) and the way to lay it there (`_best_way`)."""
    best, best_rank = None, None
    for box in sheet.free:
        count, grid = _best_way(sheet, box, ways, wanted)
        rank = (count >= wanted, -_area(box)) if pick == "fit" else (count, -_area(box))
        if count and (best is None or rank > best_rank):
            best, best_rank = (box, count, grid), rank
    return best


def _best_way(sheet: OpenSheet, box: Box, ways: Sequence[Grid], wanted: int) -> tuple[int, Grid]:
    """The way of laying the block in `box` that holds most; of those, the first unless a later one covers
    clearly less of the box (`TIGHTER`: honeycombed hexagons do, a turned piece's gutters barely)."""
    best, best_count, best_covered = ways[0], 0, 0.0
    for grid in ways:
        count, covered = capacity(grid, _usable(sheet, box, grid), wanted)
        if count > best_count or (count == best_count and covered < best_covered * TIGHTER):
            best, best_count, best_covered = grid, count, covered
    return best_count, best


def _usable(sheet: OpenSheet, box: Box, grid: Grid) -> Box:
    """The part of a free rectangle a block may fill: a butted block keeps its crop marks' room from the
    blocks around it (free rectangles already keep each block's own room; a cell inside a block keeps all
    of it); at the area's edges its marks run into the margin instead."""
    if not grid.straight or box in sheet.cells:
        return box
    ax0, ay0, ax1, ay1 = sheet.area
    room = MARK_ROOM
    return (box[0] + (room if box[0] > ax0 + 1e-6 else 0.0), box[1] + (room if box[1] > ay0 + 1e-6 else 0.0),
            box[2] - (room if box[2] < ax1 - 1e-6 else 0.0), box[3] - (room if box[3] < ay1 - 1e-6 else 0.0))


def _area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def _place_block(sheet: OpenSheet, box: Box, usable: Box, group: Sequence[Piece], start: int, count: int,
                 grid: Grid, split: str) -> int:
    """Lay `count` pieces of `group` from `start` in rows at the top left of `usable` (inside the free `box`);
    split the rest of the box into free rectangles clear of the block by its room. Returns the index after
    the last piece placed. A transposed grid is laid with x and y swapped, then swapped back."""
    local = swap if grid.transposed else (lambda b: b)  # the grid's own axes, and back
    x0, y0, x1, y1 = local(usable)
    block: list[tuple[Placement, int, int]] = []
    row, end, right, row_top, widths = 0, start + count, x0, y0, []
    straight, lead, pitch_x, transposed, rotated = grid.straight, grid.lead, grid.pitch_x, grid.transposed, grid.rotated
    while start < end:
        across = grid.columns(x1 - x0, row)
        items, start = group[start:min(start + across, end)], min(start + across, end)
        top = y0 + row * grid.row_pitch
        offset = grid.shift if row % 2 else 0.0
        for col, piece in enumerate(items):  # (the grid's values read once a block, not once a piece)
            if straight:
                x = x0 + lead + col * pitch_x
            else:
                x = x0 + offset + col * pitch_x + piece.bleed
            y = top + lead
            x, y = (y, x) if transposed else (x, y)
            block.append((Placement(piece, x, y, rotated=rotated), row, col))
        if grid.straight:
            widths.append((len(items), across))
            right = max(right, x0 + len(items) * grid.pitch_x + 2 * grid.lead)
        else:
            widths.append((x0 + offset + len(items) * grid.pitch_x - grid.gutter, across))
            right = max(right, widths[-1][0])
        row_top = top
        row += 1
    bottom = row_top + grid.row_height + grid.tail
    done = finish_block(block, grid.straight)
    sheet.placements.extend(done)
    sheet.taken.extend(_kept(done, grid))
    if grid.straight:
        sheet.marks.extend(block_marks(done, sheet.limits))
    free = _split(local(box), right, bottom, grid.room, split)
    cell = _last_row_room(grid, x0, row_top, right, bottom, widths)
    sheet.free.extend(local(b) for b in free + cell if b[2] - b[0] >= MIN_FREE and b[3] - b[1] >= MIN_FREE)
    if grid.straight:
        sheet.cells.update(local(b) for b in cell)
    return start


def _kept(block: Sequence[Placement], grid: Grid) -> list[Box]:
    """What a block keeps to itself: butted pieces, the box round the whole block's bleed grown by the crop
    marks' room (its cuts run the block's length, through any empty place of its last row); other shapes, each
    piece's bleed box grown by the gutter."""
    boxes = [(pl.x - pl.piece.bleed, pl.y - pl.piece.bleed, pl.x + pl.width + pl.piece.bleed,
              pl.y + pl.height + pl.piece.bleed) for pl in block]
    if grid.straight:
        boxes = [(min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                  max(b[3] for b in boxes))]
    room = grid.room
    return [(b[0] - room, b[1] - room, b[2] + room, b[3] + room) for b in boxes]


def _last_row_room(grid: Grid, x0: float, row_top: float, right: float, bottom: float,
                   widths: Sequence[tuple[float, int]]) -> list[Box]:
    """The room a short last row leaves inside its block. Butted pieces: each empty place right of it, inside the
    cut lines round it (the column lines either side, which the block's marks carry the whole height of the
    block, the foot of the block, and the bleed of the row above) by a crop mark's room (`CELL_CLEAR`), so that
    the block's straight cuts run past whatever is packed there and its marks stay off them. Other shapes: right
    of the last row, below the row above, by the gutter."""
    if len(widths) < 2:
        return []
    if grid.straight:
        placed, across = widths[-1]
        trim_top = row_top + grid.lead
        return [(x0 + grid.lead + col * grid.pitch_x + CELL_CLEAR, trim_top + grid.lead + CELL_CLEAR,
                 x0 + grid.lead + (col + 1) * grid.pitch_x - CELL_CLEAR, trim_top + grid.pitch_y - CELL_CLEAR)
                for col in range(placed, across)]
    last_right = widths[-1][0]
    above = row_top - grid.row_pitch + grid.row_height  # the foot of the row above
    return [(last_right + grid.gutter, above + grid.gutter, right, bottom)]


def _split(box: Box, right: float, bottom: float, gap: float, rule: str) -> list[Box]:
    """Guillotine split of `box` around a block ending at (right, bottom), along the shorter or the longer
    leftover axis (`rule`)."""
    x0, y0, x1, y1 = box
    if (x1 - right < y1 - bottom) == (rule == "short"):  # a full-width strip below the block
        return [(right + gap, y0, x1, bottom), (x0, bottom + gap, x1, y1)]
    return [(right + gap, y0, x1, y1), (x0, bottom + gap, right, y1)]


@lru_cache(maxsize=1024)
def shared(value: tuple) -> tuple:
    """The first tuple equal to `value`: every full sheet repeats the same clip boxes and crop marks, and
    a 10 000-card deck would otherwise hold 20 000 copies of them."""
    return value


def finish_block(block: Sequence[tuple[Placement, int, int]], straight: bool) -> list[Placement]:
    """For butted pieces, clip each face to its trim plus bleed on the sides facing out of the block. A two-sided
    piece butted to a one-sided one (a filler) gets a `back_clip` whose bleed also runs onto that piece's blank
    back, so that a cut a little off shows the back's colour there, not paper."""
    if not straight:
        return [placement for placement, _, _ in block]
    cells = tuple((pl.x, pl.y, pl.width, pl.height, pl.piece.bleed, row, col, pl.piece.back is not None)
                  for pl, row, col in block)
    return [Placement(placement.piece, placement.x, placement.y, side=placement.side, clip=clip,
                      turned=placement.turned, rotated=placement.rotated, back_clip=back_clip)  # (replace() costs 4x)
            for (placement, _, _), (clip, back_clip) in zip(block, _block_clips(cells))]


@lru_cache(maxsize=256)
def _block_clips(cells: tuple[tuple[float, float, float, float, float, int, int, bool], ...]) -> tuple[tuple, ...]:
    """(clip, back_clip or None) of each cell of a block: (x, y, width, height, bleed, row, col, has a back) each.
    Kept by the cells' geometry alone: every full sheet of a deck lays the same blocks in the same places, and
    each strategy the layouts try lays them again."""
    occupied = {(row, col) for *_, row, col, _back in cells}
    backed = {(row, col) for *_, row, col, back in cells if back}
    clips = []
    for x, y, width, height, bleed, row, col, _back in cells:
        clip = _bleed_clip(x, y, width, height, bleed, row, col, occupied)
        back = _bleed_clip(x, y, width, height, bleed, row, col, backed) if (row, col) in backed else clip
        clips.append((shared(clip), None if back == clip else shared(back)))
    return tuple(clips)


def _bleed_clip(x: float, y: float, width: float, height: float, b: float, row: int, col: int,
                neighbours: set[tuple[int, int]]) -> Box:
    left = b if (row, col - 1) not in neighbours else 0.0
    # a short last row leaves an empty cell whose top already holds the bleed of the piece above
    right = b if (row, col + 1) not in neighbours and (row - 1, col + 1) not in neighbours else 0.0
    top = b if (row - 1, col) not in neighbours else 0.0
    bottom = b if (row + 1, col) not in neighbours else 0.0
    return (x - left, y - top, x + width + right, y + height + bottom)


def block_marks(block: Sequence[Placement], limits: Box) -> list[CropMark]:
    """Crop marks for a block of butted straight-edged pieces, one per cut line on each side of the block,
    none running past `limits` (left, top, right, bottom)."""
    if not block:
        return []
    return list(_block_marks(tuple((p.x, p.y, p.width, p.height) for p in block), block[0].piece.bleed, limits))


@lru_cache(maxsize=256)
def _block_marks(boxes: tuple[tuple[float, float, float, float], ...], bleed: float, limits: Box) -> tuple[CropMark, ...]:
    """`block_marks` of the trim boxes (x, y, width, height) of a block, kept by geometry as `_block_clips` is."""
    top = min(y for _x, y, _w, _h in boxes)
    bottom = max(y + h for _x, y, _w, h in boxes)
    left = min(x for x, _y, _w, _h in boxes)
    right = max(x + w for x, _y, w, _h in boxes)
    xs = sorted({round(x, 4) for bx, _y, w, _h in boxes for x in (bx, bx + w)})
    ys = sorted({round(y, 4) for _x, by, _w, h in boxes for y in (by, by + h)})
    lo_y, hi_y = _mark_span(top, -1, bleed, limits[1]), _mark_span(bottom, 1, bleed, limits[3])
    lo_x, hi_x = _mark_span(left, -1, bleed, limits[0]), _mark_span(right, 1, bleed, limits[2])
    marks = [CropMark(x, a, x, b) for x in xs for a, b in (lo_y, hi_y)]
    marks += [CropMark(a, y, b, y) for y in ys for a, b in (lo_x, hi_x)]
    return tuple(marks)


def _mark_span(edge: float, direction: int, bleed: float, limit: float) -> tuple[float, float]:
    """Where a crop mark runs beyond a block edge: outside the bleed when there is room, otherwise
    over the outer bleed (cut away anyway), never closer than 1 mm to the trim nor past `limit`."""
    near = edge + direction * (bleed + mm(0.5))
    far = near + direction * MARK_LENGTH
    if (far - limit) * direction > 0:  # no room outside the bleed: run from the limit to 1 mm off the trim
        near, far = edge + direction * mm(1), limit
    return near, far
