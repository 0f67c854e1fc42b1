"""Property tests for generator.geometry.hexgrid: coordinates, layouts and map shapes."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.geometry.hexgrid import (
    DIRECTIONS,
    OFFSET_KINDS,
    ORIGIN,
    Axial,
    HexLayout,
    bounds,
    center,
    corners,
    edge,
    edge_midpoints,
    hexagon_map,
    is_coastal,
    map_edge,
    pixel_to_axial,
    rectangle_map,
    ring_of,
    within,
)

SQRT3 = math.sqrt(3.0)

orientations = st.sampled_from(("flat", "pointy"))
radii = st.floats(min_value=0.5, max_value=500.0, allow_nan=False, allow_infinity=False)
coordinates = st.floats(min_value=-2000.0, max_value=2000.0, allow_nan=False, allow_infinity=False)
origins = st.tuples(coordinates, coordinates)
layouts = st.builds(HexLayout, orientation=orientations, radius=radii, origin=origins)
small_ints = st.integers(min_value=-60, max_value=60)
cells = st.builds(Axial, small_ints, small_ints)
offset_kinds = st.sampled_from(OFFSET_KINDS)


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def approx_point(p: tuple[float, float], scale: float) -> object:
    return pytest.approx(p, abs=1e-9 * max(1.0, scale))


# --- layout measurements ---------------------------------------------------------------------


@given(st.floats(min_value=0.1, max_value=1000.0), orientations)
def test_across_flats_constructor_and_relations(d, orientation):
    layout = HexLayout.from_across_flats(d, orientation)
    assert layout.across_flats == pytest.approx(d)
    assert layout.across_flats == pytest.approx(SQRT3 * layout.radius)
    assert layout.across_corners == pytest.approx(2 * layout.radius)
    assert layout.across_flats / layout.across_corners == pytest.approx(SQRT3 / 2)


@given(st.floats(min_value=0.1, max_value=1000.0), orientations)
def test_across_corners_constructor(d, orientation):
    layout = HexLayout.from_across_corners(d, orientation, origin=(3.0, 4.0))
    assert layout.across_corners == pytest.approx(d)
    assert layout.radius == pytest.approx(d / 2)
    assert layout.origin == (3.0, 4.0)
    assert layout.orientation == orientation


@given(layouts, cells)
def test_width_and_height_are_the_corner_bounding_box(layout, cell):
    xs = [x for x, _ in corners(layout, cell)]
    ys = [y for _, y in corners(layout, cell)]
    assert max(xs) - min(xs) == pytest.approx(layout.width)
    assert max(ys) - min(ys) == pytest.approx(layout.height)
    if layout.orientation == "flat":
        assert layout.width == pytest.approx(layout.across_corners)
    else:
        assert layout.height == pytest.approx(layout.across_corners)


@given(layouts, st.integers(-30, 30), st.integers(-30, 30), st.sampled_from(("odd", "even")))
def test_spacing_matches_centres_of_adjacent_offset_rows_and_columns(layout, col, row, parity):
    kind = f"{parity}-{'q' if layout.orientation == 'flat' else 'r'}"
    here = center(layout, Axial.from_offset(col, row, kind))
    right = center(layout, Axial.from_offset(col + 1, row, kind))
    below = center(layout, Axial.from_offset(col, row + 1, kind))
    assert right[0] - here[0] == pytest.approx(layout.horizontal_spacing)
    assert below[1] - here[1] == pytest.approx(layout.vertical_spacing)
    # Flat-top columns stand straight and stagger vertically; pointy-top rows the other way round.
    if layout.orientation == "flat":
        assert below[0] == pytest.approx(here[0], abs=1e-9 * layout.radius)
        assert abs(right[1] - here[1]) == pytest.approx(layout.vertical_spacing / 2)
    else:
        assert right[1] == pytest.approx(here[1], abs=1e-9 * layout.radius)
        assert abs(below[0] - here[0]) == pytest.approx(layout.horizontal_spacing / 2)
    assert layout.horizontal_spacing * layout.vertical_spacing == pytest.approx(1.5 * SQRT3 * layout.radius**2)


def test_layout_rejects_nonsense():
    with pytest.raises(ValueError):
        HexLayout("round", 10.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HexLayout("flat", 0.0)
    with pytest.raises(ValueError):
        HexLayout.from_across_flats(-5.0, "pointy")


# --- axial coordinates -----------------------------------------------------------------------


@given(cells, cells)
def test_axial_arithmetic_and_cube_constraint(a, b):
    assert a.q + a.r + a.s == 0
    assert (a + b) - b == a
    assert a - a == ORIGIN
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(cells, cells, cells)
def test_distance_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_axial_rejects_non_integers():
    with pytest.raises(TypeError):
        Axial(1.0, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Axial(True, 0)


def test_neighbour_order_is_documented_clockwise_order():
    assert ORIGIN.neighbours() == tuple(Axial(q, r) for q, r in DIRECTIONS)
    assert DIRECTIONS == ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@given(layouts, cells)
def test_neighbours_are_one_step_and_one_flat_width_away(layout, cell):
    neighbours = cell.neighbours()
    assert len(set(neighbours)) == 6
    here = center(layout, cell)
    for n in neighbours:
        assert cell.distance(n) == 1
        assert dist(here, center(layout, n)) == pytest.approx(layout.across_flats)


@given(layouts, cells)
def test_neighbour_i_lies_across_edge_i(layout, cell):
    here = center(layout, cell)
    for direction, midpoint in enumerate(edge_midpoints(layout, cell)):
        there = center(layout, cell.neighbour(direction))
        halfway = ((here[0] + there[0]) / 2, (here[1] + there[1]) / 2)
        assert midpoint == approx_point(halfway, layout.radius + dist(here, (0, 0)))
        a, b = edge(layout, cell, direction)
        assert ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) == pytest.approx(midpoint)


@given(cells, st.integers(min_value=0, max_value=12))
def test_ring_is_a_closed_walk_at_exact_distance(cell, radius):
    ring = cell.ring(radius)
    assert len(ring) == (1 if radius == 0 else 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(cell.distance(c) == radius for c in ring)
    if radius > 0:
        for a, b in zip(ring, ring[1:] + ring[:1]):
            assert a.distance(b) == 1


def test_negative_ring_is_rejected():
    with pytest.raises(ValueError):
        ORIGIN.ring(-1)


# --- offset coordinates ----------------------------------------------------------------------


@given(cells, offset_kinds)
def test_axial_to_offset_round_trip(cell, kind):
    col, row = cell.to_offset(kind)
    assert Axial.from_offset(col, row, kind) == cell


@given(small_ints, small_ints, offset_kinds)
def test_offset_to_axial_round_trip(col, row, kind):
    assert Axial.from_offset(col, row, kind).to_offset(kind) == (col, row)


@given(st.integers(-30, 30), st.integers(-30, 30))
def test_offset_kinds_shove_the_named_columns_and_rows(col, row):
    flat = HexLayout("flat", 10.0)
    pointy = HexLayout("pointy", 10.0)
    half_v = flat.vertical_spacing / 2
    half_h = pointy.horizontal_spacing / 2
    even_col, even_row = 2 * col, 2 * row
    # "odd-q": odd columns sit half a row lower than the even column to their left.
    y_even = center(flat, Axial.from_offset(even_col, row, "odd-q"))[1]
    y_odd = center(flat, Axial.from_offset(even_col + 1, row, "odd-q"))[1]
    assert y_odd - y_even == pytest.approx(half_v)
    y_even = center(flat, Axial.from_offset(even_col, row, "even-q"))[1]
    y_odd = center(flat, Axial.from_offset(even_col + 1, row, "even-q"))[1]
    assert y_even - y_odd == pytest.approx(half_v)
    # "odd-r": odd rows sit half a column further right than the even row above.
    x_even = center(pointy, Axial.from_offset(col, even_row, "odd-r"))[0]
    x_odd = center(pointy, Axial.from_offset(col, even_row + 1, "odd-r"))[0]
    assert x_odd - x_even == pytest.approx(half_h)
    x_even = center(pointy, Axial.from_offset(col, even_row, "even-r"))[0]
    x_odd = center(pointy, Axial.from_offset(col, even_row + 1, "even-r"))[0]
    assert x_even - x_odd == pytest.approx(half_h)


def test_unknown_offset_kind_is_rejected():
    with pytest.raises(ValueError):
        ORIGIN.to_offset("odd-s")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Axial.from_offset(0, 0, "odd")  # type: ignore[arg-type]


# --- page positions --------------------------------------------------------------------------


def test_cell_zero_is_centred_on_the_origin():
    for orientation in ("flat", "pointy"):
        assert center(HexLayout(orientation, 7.0, (11.0, -3.0)), ORIGIN) == pytest.approx((11.0, -3.0))


@given(layouts, cells)
def test_pixel_to_axial_round_trips_every_centre(layout, cell):
    x, y = center(layout, cell)
    assert pixel_to_axial(layout, x, y) == cell


@given(layouts, cells, st.integers(0, 5), st.floats(min_value=0.0, max_value=0.9))
def test_points_inside_a_hex_map_back_to_it(layout, cell, corner_index, fraction):
    cx, cy = center(layout, cell)
    kx, ky = corners(layout, cell)[corner_index]
    x, y = cx + fraction * (kx - cx), cy + fraction * (ky - cy)
    assert pixel_to_axial(layout, x, y) == cell


@given(layouts, coordinates, coordinates)
def test_pixel_to_axial_picks_the_nearest_centre(layout, x, y):
    cell = pixel_to_axial(layout, x, y)
    nearest = dist((x, y), center(layout, cell))
    assert nearest <= layout.radius * (1 + 1e-9)
    for n in cell.neighbours():
        assert nearest <= dist((x, y), center(layout, n)) + 1e-9 * layout.radius


@given(layouts, cells)
def test_corners_are_radius_from_centre_and_from_each_other(layout, cell):
    points = corners(layout, cell)
    here = center(layout, cell)
    assert len(points) == 6
    for a, b in zip(points, points[1:] + points[:1]):
        assert dist(here, a) == pytest.approx(layout.radius)
        assert dist(a, b) == pytest.approx(layout.radius)


@given(layouts, cells)
def test_corners_run_clockwise_on_a_y_down_page(layout, cell):
    points = corners(layout, cell)
    # Shoelace sum in raw page coordinates: positive means clockwise once y points down.
    twice_area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1]))
    assert twice_area / 2 == pytest.approx(1.5 * SQRT3 * layout.radius**2, rel=1e-6)
    cx, cy = center(layout, cell)
    first = points[0]
    if layout.orientation == "flat":
        assert first == approx_point((cx + layout.radius, cy), layout.radius + abs(cx) + abs(cy))
    else:
        assert first[0] > cx and first[1] < cy  # upper right


# --- map shapes ------------------------------------------------------------------------------


@given(st.integers(min_value=1, max_value=15))
def test_hexagon_map_counts_and_extent(side):
    cells_ = hexagon_map(side)
    assert len(cells_) == 3 * side * (side - 1) + 1
    assert len(set(cells_)) == len(cells_)
    assert all(c.distance(ORIGIN) <= side - 1 for c in cells_)
    assert max(c.distance(ORIGIN) for c in cells_) == side - 1
    assert cells_[0] == ORIGIN


def test_hexagon_map_rejects_empty():
    with pytest.raises(ValueError):
        hexagon_map(0)


@given(cells, st.integers(min_value=0, max_value=8))
def test_within_is_every_cell_in_range_and_grows_by_prefix(centre, k):
    area = within(centre, k)
    assert set(area) == {
        centre + Axial(dq, dr)
        for dq in range(-k, k + 1)
        for dr in range(-k, k + 1)
        if centre.distance(centre + Axial(dq, dr)) <= k
    }
    if k > 0:
        smaller = within(centre, k - 1)
        assert area[: len(smaller)] == smaller


@given(st.integers(min_value=1, max_value=10), st.data())
def test_ring_of_filters_by_distance(side, data):
    k = data.draw(st.integers(min_value=0, max_value=side - 1))
    assert set(ring_of(hexagon_map(side), k)) == set(ORIGIN.ring(k))
    assert ring_of(hexagon_map(side), side) == ()


@given(st.integers(0, 12), st.integers(0, 12), orientations, st.sampled_from(("odd", "even")))
def test_rectangle_map_is_every_offset_position_once(rows, cols, orientation, parity):
    rect = rectangle_map(rows, cols, orientation, parity)
    assert len(rect) == rows * cols
    assert len(set(rect)) == rows * cols
    kind = f"{parity}-{'q' if orientation == 'flat' else 'r'}"
    assert [c.to_offset(kind) for c in rect] == [(col, row) for row in range(rows) for col in range(cols)]


@given(st.integers(1, 12), st.integers(1, 12), layouts)
def test_rectangle_map_is_a_rectangle_on_the_page(rows, cols, layout):
    rect = rectangle_map(rows, cols, layout.orientation)
    min_x, min_y, max_x, max_y = bounds(layout, rect)
    # Staggered rows/columns stick out by half a spacing when there are at least two of them.
    stagger_x = layout.horizontal_spacing / 2 if layout.orientation == "pointy" and rows > 1 else 0.0
    stagger_y = layout.vertical_spacing / 2 if layout.orientation == "flat" and cols > 1 else 0.0
    assert max_x - min_x == pytest.approx((cols - 1) * layout.horizontal_spacing + layout.width + stagger_x)
    assert max_y - min_y == pytest.approx((rows - 1) * layout.vertical_spacing + layout.height + stagger_y)


def test_rectangle_map_rejects_negative_size():
    with pytest.raises(ValueError):
        rectangle_map(-1, 3, "flat")


@given(layouts, st.lists(cells, min_size=1, max_size=30))
def test_bounds_contain_all_corners_tightly(layout, some_cells):
    min_x, min_y, max_x, max_y = bounds(layout, some_cells)
    points = [p for c in some_cells for p in corners(layout, c)]
    assert all(min_x <= x <= max_x and min_y <= y <= max_y for x, y in points)
    assert min(x for x, _ in points) == pytest.approx(min_x)
    assert max(x for x, _ in points) == pytest.approx(max_x)
    assert min(y for _, y in points) == pytest.approx(min_y)
    assert max(y for _, y in points) == pytest.approx(max_y)


def test_bounds_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        bounds(HexLayout("flat", 1.0), [])


@pytest.mark.parametrize("side", [1, 2, 3, 4, 7])
def test_map_edge_of_hexagon_map_has_6_times_2n_minus_1_segments(side):
    # Six corner cells show 3 sides each and the 6(n-2) other rim cells show 2: 12n - 6 = 6(2n - 1).
    assert len(map_edge(hexagon_map(side))) == 6 * (2 * side - 1)


@given(st.integers(1, 8), layouts)
def test_map_edge_of_hexagon_map_is_one_closed_outline(side, layout):
    area = hexagon_map(side)
    outline = map_edge(area)
    assert len(set(outline)) == len(outline)
    assert all(cell in area and cell.neighbour(d) not in area for cell, d in outline)
    # Every outline vertex is shared by exactly two segments, so the segments close up.
    scale = layout.radius / 1000
    ox, oy = layout.origin
    ends = Counter(
        (round((x - ox) / scale), round((y - oy) / scale)) for cell, d in outline for x, y in edge(layout, cell, d)
    )
    assert set(ends.values()) == {2}
    assert len(ends) == len(outline)


@given(st.lists(cells, max_size=40))
def test_map_edge_counts_every_side_not_shared_with_the_map(some_cells):
    present = set(some_cells)
    shared_sides = sum(1 for c in present for n in c.neighbours() if n in present)
    outline = map_edge(some_cells)
    assert len(outline) == 6 * len(present) - shared_sides
    assert {c for c, _ in outline} == {c for c in present if is_coastal(c, some_cells)}


@given(st.integers(1, 10))
def test_coastal_cells_of_hexagon_map_are_its_outer_ring(side):
    area = hexagon_map(side)
    coastal = {c for c in area if is_coastal(c, area)}
    assert coastal == set(ORIGIN.ring(side - 1))
    assert not is_coastal(ORIGIN, within(ORIGIN, 1))
    assert is_coastal(ORIGIN, set(within(ORIGIN, 1)) - {Axial(0, 1)})
