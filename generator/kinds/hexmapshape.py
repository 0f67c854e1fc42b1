"""Kind `hexmap`, its `map:` block's shape and checks (manifest stage): which cells a map has (a hexagon of `side`
cells, a `rows` x `cols` rectangle, or a list of `cells`), its rows as a picture draws them, its regions' cells, and
every problem with the block. generator/kinds/hexmap.py reads the checked block into MapOptions.
"""

from __future__ import annotations

from typing import Any, Iterator, Literal, Mapping, Sequence, get_args

from generator.errors import shown_value
from generator.geometry.hexgrid import Axial, HexLayout, center, hexagon_map, rectangle_map, within
from generator.kinds.common import block_form_problems, one_sided_problems
from generator.kinds.hexes import check_hex_size
from generator.kinds.layers import KeyPath, check_legend
from generator.units import parse_length

MapShape = Literal["hexagon", "rectangle", "cells"]  # a map's `shape:` (not a piece's: vocabulary.Shape)
SHAPES: tuple[MapShape, ...] = get_args(MapShape)
COORDINATES = ("none", "axial", "rows")
EMPTY = "."          # picture token for "no terrain / no area"


# -- shape ------------------------------------------------------------------------------------------
def map_cells(options: Mapping[str, Any]) -> tuple[Axial, ...]:
    """The cells of the map in the options' order (hexagon rings outward, rectangle rows, or as listed)."""
    shape = map_shape(options)
    if shape == "hexagon":
        return hexagon_map(int(options["side"]))
    if shape == "rectangle":
        return rectangle_map(int(options["rows"]), int(options["cols"]), options.get("orientation", "flat"),
                             options.get("parity", "odd"))
    return tuple(dict.fromkeys(cell_at(entry) for entry in options["cells"]))


def map_shape(options: Mapping[str, Any]) -> MapShape:
    if "shape" in options:
        return options["shape"]
    if "side" in options:
        return "hexagon"
    return "rectangle" if "rows" in options else "cells"


def cell_at(entry: Any) -> Axial:
    """The cell a `cells:` entry names: [q, r] or {at: [q, r], …}."""
    at = entry.get("at") if isinstance(entry, dict) else entry
    return Axial(int(at[0]), int(at[1]))


def visual_rows(layout: HexLayout, cells: Sequence[Axial]) -> list[list[Axial]]:
    """Cells grouped into rows of equal centre height (top to bottom), each row left to right.

    Pointy-top maps have straight rows; flat-top rows are half a hex apart and interleave.
    """
    rows: dict[int, list[Axial]] = {}
    step = layout.across_flats / 2 if layout.orientation == "flat" else layout.vertical_spacing
    top = min(center(layout, cell)[1] for cell in cells)
    for cell in cells:
        rows.setdefault(round((center(layout, cell)[1] - top) / step), []).append(cell)
    return [sorted(rows[key], key=lambda c: center(layout, c)[0]) for key in sorted(rows)]


def _unit_layout(options: Mapping[str, Any]) -> HexLayout:
    return HexLayout(options.get("orientation", "flat"), 1.0)


# -- validation --------------------------------------------------------------------------------------
def validate_map_options(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[KeyPath, str]]:
    """Problems with a hex map component's `map:` block (key paths relative to the component)."""
    yield from one_sided_problems(raw)
    block = options.get("map")
    if not isinstance(block, dict):
        yield from block_form_problems(block, "map", "kind hexmap needs a map: block, e.g. map: "
                                                     "{side: 7, across_flats: 30mm}", "side, across_flats, terrain …")
        return
    yield from check_hex_size(block, "map")
    shape_problems = list(_check_shape(block))
    yield from shape_problems
    if "terrain" in block:
        yield from check_legend(block["terrain"], ("map", "terrain"))
    terrains = set(block.get("terrain") or {}) if isinstance(block.get("terrain"), dict) else set()
    if "default_terrain" in block and block["default_terrain"] not in terrains:
        yield ("map", "default_terrain"), f"{block['default_terrain']!r} is not in the terrain legend"
    yield from _check_areas(block, terrains)
    if "coordinates" in block and block["coordinates"] not in COORDINATES:
        yield ("map", "coordinates"), f"coordinates is one of: {', '.join(COORDINATES)}"
    if "margin" in block:
        try:
            parse_length(block["margin"])
        except ValueError as exc:
            yield ("map", "margin"), str(exc)
    for key in ("legend",):
        if key in block and not isinstance(block[key], bool):
            yield ("map", key), f"{key} is true or false"
    if "label_font" in block and not (isinstance(block["label_font"], (int, float)) and block["label_font"] > 0):
        yield ("map", "label_font"), "label_font is a size in points"
    if shape_problems:
        return
    cells = map_cells(block)
    present = frozenset(cells)
    yield from _check_cells(block, present, terrains)
    yield from _check_picture(block, cells, terrains)
    yield from _check_regions(block, present)


def _check_shape(block: dict) -> Iterator[tuple[KeyPath, str]]:
    shape = map_shape(block)
    if shape not in SHAPES:
        yield ("map", "shape"), f"shape is one of: {', '.join(SHAPES)}"
        return
    needs = {"hexagon": ("side",), "rectangle": ("rows", "cols"), "cells": ("cells",)}[shape]
    for key in needs:
        if key not in block:
            yield ("map",), f"a {shape} map needs {key}"
    for key in ("side", "rows", "cols"):
        if key in block and not (isinstance(block[key], int) and not isinstance(block[key], bool) and 1 <= block[key] <= 60):
            yield ("map", key), f"{key} must be a whole number from 1 to 60"
    if block.get("parity", "odd") not in ("odd", "even"):
        yield ("map", "parity"), "parity is odd or even (which rows or columns are shoved over)"
    cells = block.get("cells", [])
    if not isinstance(cells, list):
        yield ("map", "cells"), "cells is a list of [q, r] pairs or {at: [q, r], terrain, label, area}"
        return
    for i, entry in enumerate(cells):
        at = entry.get("at") if isinstance(entry, dict) else entry
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
            yield ("map", "cells", i), "a cell is [q, r] (whole numbers, axial coordinates) or {at: [q, r], ...}"


def _check_areas(block: dict, terrains: set[str]) -> Iterator[tuple[KeyPath, str]]:
    areas = block.get("areas")
    if areas is None:
        return
    if not isinstance(areas, dict):
        yield ("map", "areas"), "areas maps area names to a terrain (or {terrain, label})"
        return
    for name, entry in areas.items():
        item = entry if isinstance(entry, dict) else {"terrain": entry}
        if item.get("terrain") not in terrains:
            yield ("map", "areas", name), f"terrain {item.get('terrain')!r} is not in the terrain legend"


def _check_cells(block: dict, present: frozenset[Axial], terrains: set[str]) -> Iterator[tuple[KeyPath, str]]:
    areas = block.get("areas") or {}
    for i, entry in enumerate(block.get("cells", [])):
        if not isinstance(entry, dict):
            continue
        if cell_at(entry) not in present:
            yield ("map", "cells", i, "at"), f"cell {entry['at']} is not on the map"
        if "terrain" in entry and entry["terrain"] not in terrains:
            yield ("map", "cells", i, "terrain"), f"{entry['terrain']!r} is not in the terrain legend"
        if "area" in entry and entry["area"] not in areas:
            yield ("map", "cells", i, "area"), f"{entry['area']!r} is not one of the map's areas"


def _check_picture(block: dict, cells: Sequence[Axial], terrains: set[str]) -> Iterator[tuple[KeyPath, str]]:
    picture = block.get("picture")
    if picture is None:
        return
    if not (isinstance(picture, list) and all(isinstance(line, str) for line in picture)):
        yield ("map", "picture"), "picture is a list of text lines, one per row of cells, tokens separated by spaces"
        return
    rows = visual_rows(_unit_layout(block), cells)
    if len(picture) != len(rows):
        yield ("map", "picture"), f"the picture has {len(picture)} lines but the map has {len(rows)} rows of cells"
        return
    areas = block.get("areas")
    known = set(areas) if isinstance(areas, dict) else terrains
    what = "area" if isinstance(areas, dict) else "terrain"
    for i, (line, row) in enumerate(zip(picture, rows)):
        tokens = line.split()
        if len(tokens) != len(row):
            yield ("map", "picture", i), f"line {i + 1} of the picture has {len(tokens)} cells; that row of the map has {len(row)}"
            continue
        for token in tokens:
            if token != EMPTY and token not in known:
                yield ("map", "picture", i), f"{token!r} is not a {what} name (use {EMPTY!r} for none)"
                break


def _check_regions(block: dict, present: frozenset[Axial]) -> Iterator[tuple[KeyPath, str]]:
    regions = block.get("regions", [])
    if not isinstance(regions, list):
        yield ("map", "regions"), f"regions is a list of {{label, within: k}} or {{label, cells: [[q, r], ...]}}, not {shown_value(regions)}"
        return
    for i, region in enumerate(regions):
        path = ("map", "regions", i)
        if not isinstance(region, dict):
            yield path, f"a region is a mapping with a label and within: or cells:, not {shown_value(region)}"
            continue
        if ("within" in region) == ("cells" in region):
            yield path, "a region needs either within (steps from its centre cell) or cells (a list of [q, r])"
            continue
        if "within" in region and not (isinstance(region["within"], int) and region["within"] >= 0):
            yield path + ("within",), "within is a whole number of steps (0 = just the centre cell)"
            continue
        try:
            cells = region_cells(region)
        except (TypeError, ValueError, IndexError):
            yield path, "region cells are [q, r] pairs of whole numbers"
            continue
        outside = [c for c in cells if c not in present]
        if outside:
            yield path, f"{len(outside)} of the region's cells are off the map (e.g. [{outside[0].q}, {outside[0].r}])"
        if "width" in region and not (isinstance(region["width"], (int, float)) and region["width"] > 0):
            yield path + ("width",), "width is a line width in mm"


def region_cells(region: Mapping[str, Any]) -> tuple[Axial, ...]:
    """A region's cells: those `within` steps of its centre, or its listed `cells`."""
    if "within" in region:
        q, r = region.get("centre", (0, 0))
        return within(Axial(int(q), int(r)), int(region["within"]))
    return tuple(cell_at(entry) for entry in region["cells"])
