"""Impose stage, packing: blocks of equal pieces placed into the free rectangles of open sheets (a guillotine
packer), with the crop marks of butted blocks. Local mutable state only; frozen placements leave it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

from generator.impose.sheet import BLOCK_GAP, MARK_LANE, MARK_LENGTH, CropMark, Placement
from generator.model import Piece
from generator.units import mm

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
MIN_FREE = mm(6)  # a free rectangle narrower or shorter than this holds nothing worth cutting
MARK_ROOM = BLOCK_GAP / 2  # beyond a butted block's bleed: its crop marks (0.5 mm off the bleed, 3.5 mm long)


@dataclass
class OpenSheet:
    """A sheet being filled: its page size, free rectangles (disjoint, each clear of every block by its room),
    the placements so far, their crop marks and how far crop marks may run (`limits`). `duplex` sheets print a
    back; a sheet made from a tile page keeps that page (and its back) in `tile`, the plan pages printed
    before it in `before`."""

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


def open_sheet(paper, duplex: bool = False, area: Box | None = None) -> OpenSheet:
    """An empty sheet of `paper` whose pieces keep to `area` (default: its printable area)."""
    x0, y0, x1, y1 = area or paper.area()
    return OpenSheet(paper.width, paper.height, [(x0, y0, x1, y1)],
                     (x0 - MARK_LANE, y0 - MARK_LANE, x1 + MARK_LANE, y1), (x0, y0, x1, y1), duplex)


@dataclass(frozen=True)
class _Grid:
    """How one group's pieces lie in a block: pitches, the lead before the first piece, staggered rows."""

    straight: bool
    pitch_x: float
    pitch_y: float
    row_pitch: float
    row_height: float
    lead: float
    tail: float
    shift: float
    gutter: float

    @property
    def room(self) -> float:
        """What a block keeps clear beyond its bleed boxes: its crop marks, or the gutter."""
        return MARK_ROOM if self.straight else self.gutter

    def columns(self, width: float, row: int) -> int:
        """Pieces across a free width in `row` (odd rows of staggered discs are shifted half a place)."""
        if self.straight:
            return max(0, int((width - 2 * self.lead + 1e-6) // self.pitch_x))
        offset = self.shift if row % 2 else 0.0
        return max(0, int((width - offset + self.gutter + 1e-6) // self.pitch_x))

    def rows(self, height: float) -> int:
        room = height - self.tail - self.row_height
        return 0 if room < -1e-6 else 1 + int((room + 1e-6) // self.row_pitch)


def _grid(piece: Piece, gutter: float, butt: bool) -> _Grid:
    if piece.outline.straight and butt:
        return _Grid(True, piece.width, piece.height, piece.height, piece.height, piece.bleed, 2 * piece.bleed,
                     0.0, 0.0)
    fw, fh = piece.footprint
    # discs are packed in staggered rows (every other row shifted half a place, rows closer by √3/2): the
    # same gap between neighbours, about 15% more to a sheet
    stagger = piece.outline.shape == "disc"
    pitch_y = fh + gutter
    return _Grid(False, fw + gutter, pitch_y, pitch_y * math.sqrt(3) / 2 if stagger else pitch_y, fh, piece.bleed,
                 0.0, (fw + gutter) / 2 if stagger else 0.0, gutter)


def _capacity(grid: _Grid, box: Box, wanted: int) -> int:
    width, height = box[2] - box[0], box[3] - box[1]
    total = 0
    for row in range(grid.rows(height)):
        total += grid.columns(width, row)
        if total >= wanted or grid.columns(width, row) == 0:
            break
    return min(total, wanted)


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
_ORDERS = {"area": lambda fw, fh: -fw * fh, "height": lambda fw, fh: (-fh, -fw), "width": lambda fw, fh: (-fw, -fh),
           "given": lambda fw, fh: 0}


def groups(pieces: Sequence[Piece], order: str = "area") -> list[list[Piece]]:
    """Pieces with the same footprint and outline kind, in `order` (see `Strategy`; first appearance among
    equals)."""
    found: dict[tuple, list[Piece]] = {}
    for piece in pieces:
        key = (round(piece.width, 3), round(piece.height, 3), round(piece.bleed, 3), piece.outline.straight)
        found.setdefault(key, []).append(piece)
    return sorted(found.values(), key=lambda group: _ORDERS[order](*group[0].footprint))


def pack(pieces: Sequence[Piece], opener: Callable[[Piece], OpenSheet], gutter: float, butt: bool = True,
         sheets: list[OpenSheet] | None = None, strategy: Strategy = Strategy()) -> list[OpenSheet]:
    """Pack `pieces` into `sheets` (new ones from `opener(piece)` as needed, appended) and return the sheets.

    Straight-edged pieces are butted edge to edge (one cut serves two pieces, nine poker cards fit an A4
    sheet) with bleed kept only on the block's outside; other shapes, and every piece when `butt` is false,
    keep a gutter between their bleed boxes. Each block goes into the first sheet with a free rectangle that
    holds any of it (which one: `strategy.pick`), so small groups fill the room larger ones left, across
    components, orientations and tile pages.
    """
    sheets = [] if sheets is None else sheets
    for group in groups(pieces, strategy.order):
        grid = _grid(group[0], gutter, butt)
        start, first = 0, 0  # an index, not slicing: slicing a long group row by row is quadratic
        while start < len(group):
            wanted = len(group) - start
            while True:
                if first == len(sheets):
                    sheets.append(opener(group[0]))
                    best = _best_box(sheets[first], grid, wanted, strategy.pick)
                    if best is None:
                        raise ValueError(f"{group[0].component_id}: a new sheet holds none of these pieces")
                    break
                best = _best_box(sheets[first], grid, wanted, strategy.pick)
                if best is not None:
                    break
                first += 1  # free room only shrinks: this sheet will never hold one of these pieces again
            sheet = sheets[first]
            box, count = best
            sheet.free.remove(box)
            start = _place_block(sheet, box, _usable(sheet, box, grid), group, start, count, grid, strategy.split)
    return sheets


def _best_box(sheet: OpenSheet, grid: _Grid, wanted: int, pick: str) -> tuple[Box, int] | None:
    best, best_rank = None, None
    for box in sheet.free:
        count = _capacity(grid, _usable(sheet, box, grid), wanted)
        rank = (count >= wanted, -_area(box)) if pick == "fit" else (count, -_area(box))
        if count and (best is None or rank > best_rank):
            best, best_rank = (box, count), rank
    return best


def _usable(sheet: OpenSheet, box: Box, grid: _Grid) -> Box:
    """The part of a free rectangle a block may fill: a butted block keeps its crop marks' room from the
    blocks around it (free rectangles already keep each block's own room); at the area's edges its marks run
    into the margin instead."""
    if not grid.straight:
        return box
    ax0, ay0, ax1, ay1 = sheet.area
    room = MARK_ROOM
    return (box[0] + (room if box[0] > ax0 + 1e-6 else 0.0), box[1] + (room if box[1] > ay0 + 1e-6 else 0.0),
            box[2] - (room if box[2] < ax1 - 1e-6 else 0.0), box[3] - (room if box[3] < ay1 - 1e-6 else 0.0))


def _area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def _place_block(sheet: OpenSheet, box: Box, usable: Box, group: Sequence[Piece], start: int, count: int,
                 grid: _Grid, split: str) -> int:
    """Lay `count` pieces of `group` from `start` in rows at the top left of `usable` (inside the free `box`);
    split the rest of the box into free rectangles clear of the block by its room. Returns the index after
    the last piece placed."""
    x0, y0, x1, y1 = usable
    block: list[tuple[Placement, int, int]] = []
    row, end, right, row_top = 0, start + count, x0, y0
    while start < end:
        across = grid.columns(x1 - x0, row)
        items, start = group[start:min(start + across, end)], min(start + across, end)
        top = y0 + row * grid.row_pitch
        offset = grid.shift if row % 2 else 0.0
        for col, piece in enumerate(items):
            if grid.straight:
                x = x0 + grid.lead + col * grid.pitch_x
            else:
                x = x0 + offset + col * grid.pitch_x + piece.bleed
            block.append((Placement(piece, x, top + grid.lead), row, col))
        if grid.straight:
            right = max(right, x0 + len(items) * grid.pitch_x + 2 * grid.lead)
        else:
            right = max(right, x0 + offset + len(items) * grid.pitch_x - grid.gutter)
        row_top = top
        row += 1
    bottom = row_top + grid.row_height + grid.tail
    done = finish_block(block, grid.straight)
    sheet.placements.extend(done)
    if grid.straight:
        sheet.marks.extend(block_marks(done, sheet.limits))
    _split(sheet, box, right, bottom, grid.room, split)
    return start


def _split(sheet: OpenSheet, box: Box, right: float, bottom: float, gap: float, rule: str) -> None:
    """Guillotine split of `box` around a block ending at (right, bottom), along the shorter or the longer
    leftover axis (`rule`); a short last row's room stays unused: the block's straight cuts run through it."""
    x0, y0, x1, y1 = box
    if (x1 - right < y1 - bottom) == (rule == "short"):  # a full-width strip below the block
        pieces = [(right + gap, y0, x1, bottom), (x0, bottom + gap, x1, y1)]
    else:
        pieces = [(right + gap, y0, x1, y1), (x0, bottom + gap, right, y1)]
    sheet.free.extend(b for b in pieces if b[2] - b[0] >= MIN_FREE and b[3] - b[1] >= MIN_FREE)


@lru_cache(maxsize=1024)
def shared(value: tuple) -> tuple:
    """The first tuple equal to `value`: every full sheet repeats the same clip boxes and crop marks, and
    a 10 000-card deck would otherwise hold 20 000 copies of them."""
    return value


def finish_block(block: Sequence[tuple[Placement, int, int]], straight: bool) -> list[Placement]:
    """For butted pieces, clip each face to its trim plus bleed on the sides facing out of the block."""
    if not straight:
        return [placement for placement, _, _ in block]
    occupied = {(row, col) for _, row, col in block}
    done = []
    for placement, row, col in block:
        piece, b = placement.piece, placement.piece.bleed
        left = b if (row, col - 1) not in occupied else 0.0
        # a short last row leaves an empty cell whose top already holds the bleed of the piece above
        right = b if (row, col + 1) not in occupied and (row - 1, col + 1) not in occupied else 0.0
        top = b if (row - 1, col) not in occupied else 0.0
        bottom = b if (row + 1, col) not in occupied else 0.0
        clip = (placement.x - left, placement.y - top, placement.x + piece.width + right, placement.y + piece.height + bottom)
        done.append(Placement(piece, placement.x, placement.y, clip=shared(clip)))
    return done


def block_marks(block: Sequence[Placement], limits: Box) -> list[CropMark]:
    """Crop marks for a block of butted straight-edged pieces, one per cut line on each side of the block,
    none running past `limits` (left, top, right, bottom)."""
    if not block:
        return []
    top = min(p.y for p in block)
    bottom = max(p.y + p.piece.height for p in block)
    left = min(p.x for p in block)
    right = max(p.x + p.piece.width for p in block)
    bleed = block[0].piece.bleed
    xs = sorted({round(x, 4) for p in block for x in (p.x, p.x + p.piece.width)})
    ys = sorted({round(y, 4) for p in block for y in (p.y, p.y + p.piece.height)})
    lo_y, hi_y = _mark_span(top, -1, bleed, limits[1]), _mark_span(bottom, 1, bleed, limits[3])
    lo_x, hi_x = _mark_span(left, -1, bleed, limits[0]), _mark_span(right, 1, bleed, limits[2])
    marks = [CropMark(x, a, x, b) for x in xs for a, b in (lo_y, hi_y)]
    marks += [CropMark(a, y, b, y) for y in ys for a, b in (lo_x, hi_x)]
    return marks


def _mark_span(edge: float, direction: int, bleed: float, limit: float) -> tuple[float, float]:
    """Where a crop mark runs beyond a block edge: outside the bleed when there is room, otherwise
    over the outer bleed (cut away anyway), never closer than 1 mm to the trim nor past `limit`."""
    near = edge + direction * (bleed + mm(0.5))
    far = near + direction * MARK_LENGTH
    if (far - limit) * direction > 0:  # no room outside the bleed: run from the limit to 1 mm off the trim
        near, far = edge + direction * mm(1), limit
    return near, far
