"""geometry.polygon: convexity, regular hexagons told apart by which way up, a convex outline grown by its bleed
(every edge moved out by exactly that much) and clipped to a box."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from generator.geometry.polygon import clipped, grown, hexagon_kind, is_convex


def regular(sides: int, radius: float, turn: float, clockwise: bool) -> list[tuple[float, float]]:
    points = [(radius * math.cos(turn + 2 * math.pi * k / sides), radius * math.sin(turn + 2 * math.pi * k / sides))
              for k in range(sides)]
    return points[::-1] if clockwise else points


def _distance_to_line(point, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.hypot(bx - ax, by - ay)


@given(st.integers(3, 9), st.floats(5, 200), st.floats(0, 2 * math.pi), st.booleans(), st.floats(0.1, 10))
def test_a_grown_convex_polygon_has_every_edge_moved_out_by_the_distance(sides, radius, turn, clockwise, by):
    points = regular(sides, radius, turn, clockwise)
    assert is_convex(points)
    bigger = grown(points, by)
    apothem = radius * math.cos(math.pi / sides)
    for a, b in zip(bigger, bigger[1:] + bigger[:1]):
        assert _distance_to_line((0.0, 0.0), a, b) == pytest.approx(apothem + by, rel=1e-9)
    for corner in bigger:  # each corner moved out along its bisector
        assert math.hypot(*corner) == pytest.approx((apothem + by) / math.cos(math.pi / sides), rel=1e-9)


@given(st.floats(5, 100), st.booleans(), st.floats(0.1, 5))
def test_clipped_to_the_bleed_box_stays_inside_it_and_round_the_outline(across_flats, pointy, bleed):
    radius = across_flats / math.sqrt(3)
    points = regular(6, radius, math.pi / 6 if pointy else 0.0, False)
    left, top = min(x for x, _ in points), min(y for _, y in points)
    points = [(x - left, y - top) for x, y in points]
    width, height = max(x for x, _ in points), max(y for _, y in points)
    assert hexagon_kind(points, width, height) == ("pointy" if pointy else "flat")
    box = (-bleed, -bleed, width + bleed, height + bleed)
    bleed_outline = clipped(grown(points, bleed), box)
    for x, y in bleed_outline:
        assert box[0] - 1e-9 <= x <= box[2] + 1e-9 and box[1] - 1e-9 <= y <= box[3] + 1e-9
    # every point of the cut outline is at least the bleed inside the printed bleed outline
    for point in points:
        for a, b in zip(bleed_outline, bleed_outline[1:] + bleed_outline[:1]):
            assert _distance_to_line(point, a, b) >= bleed - 1e-6


def test_only_regular_hexagons_are_told_which_way_up():
    assert hexagon_kind([(0, 0), (10, 0), (10, 10), (0, 10)], 10, 10) is None
    stretched = [(x * 2, y) for x, y in regular(6, 10, 0.0, False)]
    assert hexagon_kind(stretched, 40, 17.32) is None
    assert not is_convex([(0, 0), (10, 0), (5, 2), (10, 10), (0, 10)])
