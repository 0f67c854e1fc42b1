"""Impose stage, the room left on a sheet: the maximal free rectangles of its rooms once the boxes its blocks keep
to themselves are taken out. Pure geometry, points; free rectangles may overlap (each is as large as it can be)."""

from __future__ import annotations

from typing import Iterable, Sequence

from generator.impose.grid import Box


def maximal_rectangles(rooms: Iterable[Box], taken: Sequence[Box], smallest: float) -> list[Box]:
    """Every rectangle inside one of `rooms` that meets none of `taken` and cannot grow on any side, at least
    `smallest` wide and tall. A room is its own world: no rectangle spans two of them (the rooms of a sheet are
    disjoint, and what lies between them, a tile's label or cut, is not free). In a fixed order: the same sheet
    gives the same list."""
    found: list[Box] = []
    for room in rooms:
        free = [room] if _big_enough(room, smallest) else []
        for box in taken:
            if not _meets(box, room):
                continue
            cut: list[Box] = []
            new: list[bool] = []  # parts cut from a rectangle the box meets, not rectangles kept whole
            for rect in free:
                if not _meets(rect, box):
                    cut.append(rect)
                    new.append(False)
                    continue
                parts = [part for part in ((rect[0], rect[1], box[0], rect[3]), (box[2], rect[1], rect[2], rect[3]),
                                           (rect[0], rect[1], rect[2], box[1]), (rect[0], box[3], rect[2], rect[3]))
                         if _big_enough(part, smallest)]
                cut += parts
                new += [True] * len(parts)
            free = _outermost(cut, new)
        found += free
    return found


def _meets(a: Box, b: Box) -> bool:
    """True when the two boxes share some area (touching edges do not count)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


def _big_enough(box: Box, smallest: float) -> bool:
    return box[2] - box[0] >= smallest - 1e-6 and box[3] - box[1] >= smallest - 1e-6


def _inside(a: Box, b: Box) -> bool:
    return a[0] >= b[0] - 1e-6 and a[1] >= b[1] - 1e-6 and a[2] <= b[2] + 1e-6 and a[3] <= b[3] + 1e-6


def _outermost(boxes: Sequence[Box], new: Sequence[bool]) -> list[Box]:
    """`boxes` without those lying inside another (of equal ones, the first is kept). Only a `new` box can lie
    inside another: the others were maximal before the cut, and every new box lies inside the rectangle it was
    cut from, so a kept box inside a new one would have been inside that rectangle too."""
    kept = []
    for index, box in enumerate(boxes):
        if not new[index] or not any(_inside(box, other) and (not _inside(other, box) or other_index < index)
                                     for other_index, other in enumerate(boxes) if other_index != index):
            kept.append(box)
    return kept
