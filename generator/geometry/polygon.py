"""Convex polygon geometry for cut outlines: is a polygon convex, is it a regular hexagon (and which way up),
and the polygon grown outward by a distance (its bleed). Pure; any length unit, y growing downward."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]


def _signed_area(points: Sequence[Point]) -> float:
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(points, [*points[1:], points[0]])) / 2


def is_convex(points: Sequence[Point]) -> bool:
    """True when the polygon (at least three points, in either winding) turns the same way at every corner."""
    if len(points) < 3:
        return False
    turns = set()
    for i in range(len(points)):
        (ax, ay), (bx, by), (cx, cy) = points[i - 2], points[i - 1], points[i]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(cross) > 1e-9:
            turns.add(cross > 0)
    return len(turns) == 1


def hexagon_kind(points: Sequence[Point], width: float, height: float, tolerance: float = 0.01) -> str | None:
    """'pointy' (a corner at the top) or 'flat' (an edge at the top) when the polygon is a regular hexagon filling
    its width x height box, else None. `tolerance` is relative to the hexagon's size."""
    if len(points) != 6 or not is_convex(points) or width <= 0 or height <= 0:
        return None
    cx, cy = width / 2, height / 2
    radius = max(width, height) / 2
    distances = [math.dist((x, y), (cx, cy)) for x, y in points]
    if any(abs(d - radius) > tolerance * radius for d in distances):
        return None
    sides = [math.dist(a, b) for a, b in zip(points, [*points[1:], points[0]])]
    if any(abs(s - radius) > tolerance * radius for s in sides):
        return None
    if abs(height - 2 * radius) <= tolerance * radius and abs(width - math.sqrt(3) * radius) <= tolerance * radius:
        return "pointy"
    if abs(width - 2 * radius) <= tolerance * radius and abs(height - math.sqrt(3) * radius) <= tolerance * radius:
        return "flat"
    return None


def grown(points: Sequence[Point], by: float) -> tuple[Point, ...]:
    """A convex polygon with every edge moved outward by `by` (mitred corners: each corner moves out along its
    bisector by by / cos(half the turn)), so every point of the outline is at least `by` inside it."""
    if not by:
        return tuple(points)
    n = len(points)
    outward = 1.0 if _signed_area(points) > 0 else -1.0  # which side of each edge is outside, by the winding
    lines = []
    for i in range(n):
        (ax, ay), (bx, by_) = points[i], points[(i + 1) % n]
        length = math.hypot(bx - ax, by_ - ay)
        nx, ny = outward * (by_ - ay) / length, -outward * (bx - ax) / length  # the edge's outward normal
        lines.append(((ax + nx * by, ay + ny * by), (bx - ax, by_ - ay)))
    corners = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        det = dx * ey - dy * ex
        t = ((qx - px) * ey - (qy - py) * ex) / det
        corners.append((px + t * dx, py + t * dy))
    return tuple(corners)


def clipped(points: Sequence[Point], box: tuple[float, float, float, float]) -> tuple[Point, ...]:
    """The part of a convex polygon inside the box (x0, y0, x1, y1), as a polygon (Sutherland–Hodgman)."""
    x0, y0, x1, y1 = box
    edges = ((lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)), (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
             (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)), (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1)))
    result = list(points)
    for inside, crossing in edges:
        given, result = result, []
        for index, current in enumerate(given):
            previous = given[index - 1]
            if inside(current):
                if not inside(previous):
                    result.append(crossing(previous, current))
                result.append(current)
            elif inside(previous):
                result.append(crossing(previous, current))
    # a corner on the box's edge comes out twice: keep it once
    return tuple(p for i, p in enumerate(result) if math.dist(p, result[i - 1]) > 1e-9 or len(result) == 1)


def _at_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _at_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)
