"""Impose stage, how a block of equal pieces lies: its grid (pitches, lead, staggered rows for discs and
hexagons, a quarter turn for one-sided pieces, rows running down for `transposed`) and how many of them a
rectangle holds. Pure geometry, points."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from generator.geometry.polygon import hexagon_kind
from generator.impose.sheet import BLOCK_GAP
from generator.model import Piece

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
MARK_ROOM = BLOCK_GAP / 2  # beyond a butted block's bleed: its crop marks (0.5 mm off the bleed, 3.5 mm long)


@dataclass(frozen=True)
class Grid:
    """How one group's pieces lie in a block: pitches, the lead before the first piece, staggered rows (`shift`:
    odd rows are shifted this far, discs and hexagons nesting into the row above).

    A `transposed` grid is laid out with x and y swapped (its rows run down the sheet): staggered discs and
    flat-topped hexagons nest in columns as they do in rows. A `rotated` grid lays one-sided pieces a quarter
    turn clockwise (`Placement.rotated`): its pitches are the turned pieces'."""

    straight: bool
    pitch_x: float
    pitch_y: float
    row_pitch: float
    row_height: float
    lead: float
    tail: float
    shift: float
    gutter: float
    transposed: bool = False
    rotated: bool = False

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


def ways_to_lay(piece: Piece, gutter: float, butt: bool, turn: bool = False) -> tuple[Grid, ...]:
    """The ways a block of `piece` may lie, the usual first: butted straight pieces in a plain grid; discs in
    staggered rows, or columns, or plain rows; a regular hexagon in rows (columns, flat-topped) nested into each
    other like a honeycomb, or plain; any other shape in a plain grid of its bleed boxes and gutters. With
    `turn`, a one-sided piece that is neither a disc nor a hexagon may also lie a quarter turn round (no back
    has to follow it)."""
    fw, fh = piece.footprint
    if piece.outline.straight and butt:
        upright = Grid(True, piece.width, piece.height, piece.height, piece.height, piece.bleed, 2 * piece.bleed,
                       0.0, 0.0)
        turned = Grid(True, piece.height, piece.width, piece.width, piece.width, piece.bleed, 2 * piece.bleed,
                      0.0, 0.0, rotated=True)
    else:
        upright = Grid(False, fw + gutter, fh + gutter, fh + gutter, fh, piece.bleed, 0.0, 0.0, gutter)
        turned = Grid(False, fh + gutter, fw + gutter, fw + gutter, fw, piece.bleed, 0.0, 0.0, gutter, rotated=True)
    if piece.outline.shape == "disc":
        # staggered rows (every other row shifted half a place, rows closer by √3/2): the same gap between
        # neighbours, about 15% more to a sheet; or staggered columns, whichever fits the room better
        return nested(fw, fh, piece.bleed, gutter, False), nested(fh, fw, piece.bleed, gutter, True), upright
    kind = hexagon_way_up(piece)
    if kind == "pointy":
        return upright, nested(fw, fh, piece.bleed, gutter, False)
    if kind == "flat":
        return upright, nested(fh, fw, piece.bleed, gutter, True)
    if turn and piece.back is None and abs(piece.width - piece.height) > 1e-6:
        return upright, turned
    return (upright,)


def hexagon_way_up(piece: Piece) -> str | None:
    """'pointy' or 'flat' when the piece is cut as a regular hexagon filling its box, else None."""
    return hexagon_way_up_of(piece.outline, piece.width, piece.height)


def hexagon_way_up_of(outline, width: float, height: float) -> str | None:
    """`hexagon_way_up` of an outline cut in a `width` x `height` box."""
    return _hexagon(outline.points, width, height) if outline.shape == "polygon" else None


@lru_cache(maxsize=256)
def _hexagon(points: tuple, width: float, height: float) -> str | None:
    return hexagon_kind(points, width, height)  # asked for every piece of a kit: once per outline


def nested(fw: float, fh: float, bleed: float, gutter: float, transposed: bool) -> Grid:
    """Staggered rows of discs, or of pointy-topped hexagons, `fw` x `fh` with their bleed: neighbours in the
    next row sit half a place across and √3/2 of a place down, so a hexagon's slanted edges face its
    neighbours' at the gutter's distance, and a disc touches six neighbours' gutters."""
    pitch = fw + gutter
    return Grid(False, pitch, fh + gutter, pitch * math.sqrt(3) / 2, fh, bleed, 0.0, pitch / 2, gutter, transposed)


def swap(box: Box) -> Box:
    return (box[1], box[0], box[3], box[2])


def capacity(grid: Grid, box: Box, wanted: int) -> tuple[int, float]:
    """How many of `wanted` pieces a block laid by `grid` in `box` holds, and the area of its pieces' places."""
    if grid.transposed:
        box = swap(box)
    width, height = box[2] - box[0], box[3] - box[1]
    total, covered = 0, 0.0
    for row in range(grid.rows(height)):
        across = min(grid.columns(width, row), wanted - total)
        if across <= 0:
            break
        total += across
        covered += across * grid.pitch_x * (grid.row_pitch if total < wanted else grid.row_height)
    return total, covered


def row_end(grid: Grid, box: Box, count: int) -> int:
    """How many places a block laid by `grid` in `box` has up to the end of the row its `count`th piece is in."""
    if grid.transposed:
        box = swap(box)
    total = 0
    for row in range(grid.rows(box[3] - box[1])):
        across = grid.columns(box[2] - box[0], row)
        if across <= 0:
            break
        total += across
        if total >= count:
            break
    return max(total, count)
