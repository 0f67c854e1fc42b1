"""Hex grid geometry (axial coordinates, layouts, map shapes), after Red Blob Games' hexagon guide.

Lengths are whatever unit the caller passes (pnpgen uses PDF points); y grows downward, as on a page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

Orientation = Literal["flat", "pointy"]
OffsetKind = Literal["odd-q", "even-q", "odd-r", "even-r"]
Point = tuple[float, float]

ORIENTATIONS: tuple[Orientation, ...] = ("flat", "pointy")
OFFSET_KINDS: tuple[OffsetKind, ...] = ("odd-q", "even-q", "odd-r", "even-r")

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class HexLayout:
    """How cells sit on the page: flat- or pointy-top, corner radius, and the centre of cell (0, 0)."""

    orientation: Orientation
    radius: float  # centre to corner; Red Blob's "size"
    origin: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if not (self.radius > 0 and math.isfinite(self.radius)):
            raise ValueError(f"hex radius must be a positive finite length, not {self.radius!r}")

    @classmethod
    def from_across_flats(cls, d: float, orientation: Orientation, origin: Point = (0.0, 0.0)) -> HexLayout:
        """Layout whose hexes measure `d` between opposite edges (the size players measure with a ruler)."""
        return cls(orientation, d / SQRT3, origin)

    @classmethod
    def from_across_corners(cls, d: float, orientation: Orientation, origin: Point = (0.0, 0.0)) -> HexLayout:
        """Layout whose hexes measure `d` between opposite corners."""
        return cls(orientation, d / 2.0, origin)

    @property
    def across_flats(self) -> float:
        """Distance between opposite edges; also the distance between neighbouring centres."""
        return SQRT3 * self.radius

    @property
    def across_corners(self) -> float:
        """Distance between opposite corners."""
        return 2.0 * self.radius

    @property
    def width(self) -> float:
        """Width of one hex's bounding box."""
        return self.across_corners if self.orientation == "flat" else self.across_flats

    @property
    def height(self) -> float:
        """Height of one hex's bounding box."""
        return self.across_flats if self.orientation == "flat" else self.across_corners

    @property
    def horizontal_spacing(self) -> float:
        """Horizontal distance between centres of adjacent columns."""
        # Flat-top columns interlock, so they advance by only three quarters of a hex width.
        return 1.5 * self.radius if self.orientation == "flat" else self.across_flats

    @property
    def vertical_spacing(self) -> float:
        """Vertical distance between centres of adjacent rows."""
        # Pointy-top rows interlock, so they advance by only three quarters of a hex height.
        return self.across_flats if self.orientation == "flat" else 1.5 * self.radius


# Direction i is the neighbour across the edge from corner i to corner i+1 (see `corners`), so
# directions run clockwise on the page, like corners. Red Blob lists the same six counter-clockwise.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@dataclass(frozen=True)
class Axial:
    """A cell in axial coordinates; the implied cube coordinate s = -q - r."""

    q: int
    r: int

    def __post_init__(self) -> None:
        # A float here would make equal-looking cells hash differently and break map membership.
        for name, value in (("q", self.q), ("r", self.r)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"Axial.{name} must be an int, not {value!r}")

    @property
    def s(self) -> int:
        """Third cube coordinate, so that q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: Axial) -> Axial:
        return Axial(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Axial) -> Axial:
        return Axial(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Axial:
        """The adjacent cell in `direction` (0..5, clockwise on the page; see DIRECTIONS)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Axial(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Axial, ...]:
        """The six adjacent cells, indexed by direction 0..5 (clockwise on the page)."""
        return tuple(self.neighbour(d) for d in range(6))

    def distance(self, other: Axial) -> int:
        """Number of steps between the two cells."""
        diff = self - other
        return (abs(diff.q) + abs(diff.r) + abs(diff.s)) // 2

    def ring(self, radius: int) -> tuple[Axial, ...]:
        """Cells exactly `radius` steps away, walked clockwise; radius 0 gives just this cell."""
        if radius < 0:
            raise ValueError(f"ring radius must be >= 0, not {radius}")
        if radius == 0:
            return (self,)
        # Start at the big hexagon's corner in direction 4; from there side i runs along direction i.
        dq, dr = DIRECTIONS[4]
        cell = Axial(self.q + dq * radius, self.r + dr * radius)
        cells = []
        for side in range(6):
            for _ in range(radius):
                cells.append(cell)
                cell = cell.neighbour(side)
        return tuple(cells)

    def to_offset(self, kind: OffsetKind) -> tuple[int, int]:
        """(col, row) in an offset grid; "-q" kinds shove odd/even columns down, "-r" kinds rows right."""
        # (n & 1) is 0 or 1 for negative n too, so these formulas hold on both sides of the origin.
        if kind == "odd-q":
            return self.q, self.r + (self.q - (self.q & 1)) // 2
        if kind == "even-q":
            return self.q, self.r + (self.q + (self.q & 1)) // 2
        if kind == "odd-r":
            return self.q + (self.r - (self.r & 1)) // 2, self.r
        if kind == "even-r":
            return self.q + (self.r + (self.r & 1)) // 2, self.r
        raise ValueError(f"offset kind must be one of {', '.join(OFFSET_KINDS)}, not {kind!r}")

    @classmethod
    def from_offset(cls, col: int, row: int, kind: OffsetKind) -> Axial:
        """The cell at (col, row) of an offset grid; inverse of `to_offset`."""
        if kind == "odd-q":
            return cls(col, row - (col - (col & 1)) // 2)
        if kind == "even-q":
            return cls(col, row - (col + (col & 1)) // 2)
        if kind == "odd-r":
            return cls(col - (row - (row & 1)) // 2, row)
        if kind == "even-r":
            return cls(col - (row + (row & 1)) // 2, row)
        raise ValueError(f"offset kind must be one of {', '.join(OFFSET_KINDS)}, not {kind!r}")


ORIGIN = Axial(0, 0)


def center(layout: HexLayout, cell: Axial) -> Point:
    """Page position of the cell's centre."""
    size = layout.radius
    if layout.orientation == "flat":
        x = size * 1.5 * cell.q
        y = size * (SQRT3 / 2 * cell.q + SQRT3 * cell.r)
    else:
        x = size * (SQRT3 * cell.q + SQRT3 / 2 * cell.r)
        y = size * 1.5 * cell.r
    return layout.origin[0] + x, layout.origin[1] + y


def corners(layout: HexLayout, cell: Axial) -> tuple[Point, ...]:
    """The six corners, clockwise on a y-down page, starting east (flat) or upper-right (pointy)."""
    cx, cy = center(layout, cell)
    # With y pointing down, increasing angle turns clockwise on the page.
    start = 0.0 if layout.orientation == "flat" else -30.0
    points = []
    for i in range(6):
        angle = math.radians(start + 60.0 * i)
        points.append((cx + layout.radius * math.cos(angle), cy + layout.radius * math.sin(angle)))
    return tuple(points)


def edge(layout: HexLayout, cell: Axial, direction: int) -> tuple[Point, Point]:
    """Endpoints of the edge shared with the neighbour in `direction`: corner i to corner i+1."""
    points = corners(layout, cell)
    return points[direction % 6], points[(direction + 1) % 6]


def edge_midpoints(layout: HexLayout, cell: Axial) -> tuple[Point, ...]:
    """Midpoints of the six edges; midpoint i faces the neighbour in direction i."""
    points = corners(layout, cell)
    return tuple(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(points, points[1:] + points[:1]))


def _cube_round(q: float, r: float) -> Axial:
    """Nearest cell to a fractional axial position."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # Rounding each coordinate alone can break q + r + s == 0; rebuild the one that moved furthest.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Axial(int(rq), int(rr))


def pixel_to_axial(layout: HexLayout, x: float, y: float) -> Axial:
    """The cell containing page point (x, y)."""
    px = (x - layout.origin[0]) / layout.radius
    py = (y - layout.origin[1]) / layout.radius
    if layout.orientation == "flat":
        q = 2.0 / 3.0 * px
        r = -1.0 / 3.0 * px + SQRT3 / 3.0 * py
    else:
        q = SQRT3 / 3.0 * px - 1.0 / 3.0 * py
        r = 2.0 / 3.0 * py
    return _cube_round(q, r)


def within(center_cell: Axial, k: int) -> tuple[Axial, ...]:
    """Cells at most `k` steps from `center_cell`, ring by ring outward (so smaller areas are prefixes)."""
    if k < 0:
        raise ValueError(f"distance must be >= 0, not {k}")
    return tuple(cell for radius in range(k + 1) for cell in center_cell.ring(radius))


def hexagon_map(side: int) -> tuple[Axial, ...]:
    """A hexagonal map centred on (0, 0) with `side` cells along each side: 3n(n-1)+1 cells."""
    if side < 1:
        raise ValueError(f"a hexagon map needs at least 1 cell per side, not {side}")
    return within(ORIGIN, side - 1)


def rectangle_map(
    rows: int, cols: int, orientation: Orientation, parity: Literal["odd", "even"] = "odd"
) -> tuple[Axial, ...]:
    """A rows x cols offset rectangle whose corner cell is (0, 0), row by row, left to right.

    Flat-top maps stagger columns ("odd-q"/"even-q"); pointy-top maps stagger rows ("odd-r"/"even-r").
    """
    if rows < 0 or cols < 0:
        raise ValueError(f"rectangle size must not be negative, not {rows} rows x {cols} cols")
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation must be 'flat' or 'pointy', not {orientation!r}")
    if parity not in ("odd", "even"):
        raise ValueError(f"parity must be 'odd' or 'even', not {parity!r}")
    kind: OffsetKind
    if orientation == "flat":
        kind = "odd-q" if parity == "odd" else "even-q"
    else:
        kind = "odd-r" if parity == "odd" else "even-r"
    return tuple(Axial.from_offset(col, row, kind) for row in range(rows) for col in range(cols))


def bounds(layout: HexLayout, cells: Iterable[Axial]) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) enclosing every corner of every cell."""
    points = [p for cell in cells for p in corners(layout, cell)]
    if not points:
        raise ValueError("cannot take the bounds of an empty map")
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def map_edge(cells: Iterable[Axial]) -> tuple[tuple[Axial, int], ...]:
    """(cell, direction) for every side whose neighbour is off the map; cell order, then direction order.

    Draw each with `edge(layout, cell, direction)` to outline the map.
    """
    ordered = tuple(dict.fromkeys(cells))  # drop repeats, keep the caller's order
    present = frozenset(ordered)
    return tuple((cell, d) for cell in ordered for d in range(6) if cell.neighbour(d) not in present)


def is_coastal(cell: Axial, cells: Iterable[Axial]) -> bool:
    """True if at least one of the cell's six neighbours is not in `cells`."""
    present = cells if isinstance(cells, (set, frozenset)) else frozenset(cells)
    return any(n not in present for n in cell.neighbours())


def ring_of(cells: Iterable[Axial], k: int, center_cell: Axial = ORIGIN) -> tuple[Axial, ...]:
    """Those of `cells` exactly `k` steps from `center_cell`, in the given order."""
    return tuple(cell for cell in cells if cell.distance(center_cell) == k)


def chain_segments(segments: Sequence[tuple[Point, Point]]) -> list[list[Point]]:
    """Join segments that share end points into polylines (closed ones repeat their first point)."""
    def key(p):
        return round(p[0], 3), round(p[1], 3)

    ends: dict[tuple, list[int]] = {}
    for i, (a, b) in enumerate(segments):
        ends.setdefault(key(a), []).append(i)
        ends.setdefault(key(b), []).append(i)
    used = [False] * len(segments)
    # Start open chains at points with an odd number of segments, so each chain is walked whole.
    starts = [i for pts in ends.values() if len(pts) % 2 for i in pts] + list(range(len(segments)))
    chains = []
    for first in starts:
        if used[first]:
            continue
        a, b = segments[first]
        if len(ends[key(a)]) % 2 == 0 and len(ends[key(b)]) % 2:
            a, b = b, a
        used[first] = True
        chain = [a, b]
        while True:
            nxt = next((i for i in ends[key(chain[-1])] if not used[i]), None)
            if nxt is None:
                break
            used[nxt] = True
            p, q = segments[nxt]
            chain.append(q if key(p) == key(chain[-1]) else p)
        chains.append(chain)
    return chains
