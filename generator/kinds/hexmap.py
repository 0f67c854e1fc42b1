"""Kind `hexmap`: a whole hex map printed as one board (tiled across sheets when larger than the paper).

Options (`map:`): the shape (a hexagon of `side` cells, a `rows` x `cols` rectangle, or a list of
`cells`), hex size and orientation, a terrain legend, per-cell terrain via a text `picture` (and
optional `areas`), per-cell labels, coordinates, and `regions` outlined on top (e.g. the playing area
for each player count). `plan_map` turns the options into plain millimetre data for the @hexmap drawer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from generator.colours import normalise_colour, text_on
from generator.geometry.hexgrid import (Axial, HexLayout, bounds, center, chain_segments, corners, edge, hexagon_map,
                                        map_edge, rectangle_map, within)
from generator.kinds.common import one_sided_problems
from generator.kinds.hexes import check_hex_size, hex_layout
from generator.kinds.layers import KeyPath, check_legend, resolve_legend, shown_value
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import FaceSpec, Outline, Piece, located_error
from generator.render.hexmap import text_boxes
from generator.units import mm, parse_length, to_mm

SHAPES = ("hexagon", "rectangle", "cells")
COORDINATES = ("none", "axial", "rows")
DEFAULT_MARGIN = "10mm"
TITLE_BAND = 9.0     # mm above the map for the title
LEGEND_BAND = 9.0    # mm below the map for the legend
EMPTY = "."          # picture token for "no terrain / no area"
REGION_COLOURS = ("#c2185b", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")


# -- shape ------------------------------------------------------------------------------------------
def map_cells(options: Mapping[str, Any]) -> tuple[Axial, ...]:
    """The cells of the map in the options' order (hexagon rings outward, rectangle rows, or as listed)."""
    shape = map_shape(options)
    if shape == "hexagon":
        return hexagon_map(int(options["side"]))
    if shape == "rectangle":
        return rectangle_map(int(options["rows"]), int(options["cols"]), options.get("orientation", "flat"),
                             options.get("parity", "odd"))
    return tuple(dict.fromkeys(_cell_at(entry) for entry in options["cells"]))


def map_shape(options: Mapping[str, Any]) -> str:
    if "shape" in options:
        return options["shape"]
    if "side" in options:
        return "hexagon"
    return "rectangle" if "rows" in options else "cells"


def cell_count(component: ComponentSpec) -> int:
    """How many cells the component's map has (reported in build.json)."""
    return len(map_cells(component.options["map"]))


def _cell_at(entry: Any) -> Axial:
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
        if block is None:
            yield (), "kind hexmap needs a map: block, e.g. map: {side: 7, across_flats: 30mm}"
        else:
            yield ("map",), f"map: is a mapping of options (side, across_flats, terrain …), not {shown_value(block)}"
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
        if _cell_at(entry) not in present:
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
    if "within" in region:
        q, r = region.get("centre", (0, 0))
        return within(Axial(int(q), int(r)), int(region["within"]))
    return tuple(_cell_at(entry) for entry in region["cells"])


# -- planning: everything the drawer needs, in millimetres --------------------------------------------
@dataclass(frozen=True)
class MapPlan:
    """The board's size (points) and the JSON-ready drawing data (millimetres, board coordinates)."""

    width: float
    height: float
    data: dict


def plan_map(spec: KitSpec, component: ComponentSpec) -> MapPlan:
    options = component.options["map"]
    try:
        legend = resolve_legend(options.get("terrain"), spec.palette)
        background = _colour(options.get("background", "#ffffff"), spec)
        region_colours = [_colour(r["colour"], spec) if "colour" in r else REGION_COLOURS[i % len(REGION_COLOURS)]
                          for i, r in enumerate(options.get("regions", []))]
    except ValueError as exc:
        raise located_error(component, "map", str(exc)) from None
    cells = map_cells(options)
    unit = hex_layout(options, origin=(0.0, 0.0))
    min_x, min_y, max_x, max_y = bounds(unit, cells)
    margin = parse_length(options.get("margin", DEFAULT_MARGIN))
    title = options.get("title", component.name)
    top = margin + (mm(TITLE_BAND) if title else 0.0)
    show_legend = options.get("legend", bool(legend) or bool(options.get("regions")))
    bottom = margin + (mm(LEGEND_BAND) if show_legend else 0.0)
    layout = HexLayout(unit.orientation, unit.radius, (margin - min_x, top - min_y))
    width = (max_x - min_x) + 2 * margin
    height = (max_y - min_y) + top + bottom
    terrain_of, area_of = _cell_terrains(options, layout, cells)
    labels = {_cell_at(e): str(e["label"]) for e in options.get("cells", []) if isinstance(e, dict) and "label" in e}
    coords = _coordinates(options.get("coordinates", "none"), layout, cells)
    default = options.get("default_terrain")
    drawn_cells = []
    for cell in cells:
        terrain = terrain_of.get(cell, default)
        fill = legend[terrain]["colour"] if terrain in legend else background
        x, y = center(layout, cell)
        drawn_cells.append({"q": cell.q, "r": cell.r, "x": to_mm(x), "y": to_mm(y), "fill": fill, "ink": text_on(fill),
                            "corners": _mm_points(corners(layout, cell)), "label": labels.get(cell, ""),
                            "coord": coords.get(cell, ""), "area": area_of.get(cell)})
    regions = []
    for region, colour in zip(options.get("regions", []), region_colours):
        members = region_cells(region)
        regions.append({"label": str(region.get("label", "")), "colour": colour, "width": float(region.get("width", 1.2)),
                        "dashed": bool(region.get("dashed", True)), "lines": _outline(layout, members),
                        "anchor": _label_anchor(layout, members)})
    area_lines = _area_borders(layout, cells, area_of) if area_of else []
    data = {
        "radius": to_mm(layout.radius), "orientation": layout.orientation, "cells": drawn_cells,
        "edge": _outline(layout, cells), "areas": area_lines, "regions": regions, "title": title or "",
        "title_align": options.get("title_align", "middle"),
        "background": background, "show_legend": show_legend,
        "legend": _legend_entries(legend, cells, terrain_of, default, options.get("legend") is True),
        "label_font": float(options.get("label_font", 7)), "margin": to_mm(margin),
        "map_top": to_mm(top), "map_bottom": to_mm(height - bottom),
    }
    return MapPlan(width, height, data)


def _colour(value: str, spec: KitSpec) -> str:
    return normalise_colour(value, spec.palette)


def _cell_terrains(options: Mapping[str, Any], layout: HexLayout, cells: Sequence[Axial]) -> tuple[dict, dict]:
    """Terrain and area of each cell: the picture first, then explicit cell entries (which win)."""
    terrain_of: dict[Axial, str] = {}
    area_of: dict[Axial, str] = {}
    areas = {name: (entry if isinstance(entry, dict) else {"terrain": entry}) for name, entry in (options.get("areas") or {}).items()}
    if "picture" in options:
        for line, row in zip(options["picture"], visual_rows(layout, cells)):
            for token, cell in zip(line.split(), row):
                if token == EMPTY:
                    continue
                if areas:
                    area_of[cell] = token
                    terrain_of[cell] = areas[token]["terrain"]
                else:
                    terrain_of[cell] = token
    for entry in options.get("cells", []):
        if not isinstance(entry, dict):
            continue
        cell = _cell_at(entry)
        if "area" in entry:
            area_of[cell] = entry["area"]
            terrain_of[cell] = areas[entry["area"]]["terrain"]
        if "terrain" in entry:
            terrain_of[cell] = entry["terrain"]
    return terrain_of, area_of


def _coordinates(style: str, layout: HexLayout, cells: Sequence[Axial]) -> dict[Axial, str]:
    if style == "axial":
        return {c: f"{c.q},{c.r}" for c in cells}
    if style == "rows":
        names = {}
        for i, row in enumerate(visual_rows(layout, cells)):
            for j, cell in enumerate(row):
                names[cell] = f"{_row_name(i)}{j + 1}"
        return names
    return {}


def _row_name(index: int) -> str:
    """A, B, … Z, AA, AB, …"""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _mm_points(points) -> list[list[float]]:
    return [[round(to_mm(x), 4), round(to_mm(y), 4)] for x, y in points]


def _outline(layout: HexLayout, cells: Sequence[Axial]) -> list[list[list[float]]]:
    """The boundary of a set of cells as closed polylines (mm), so dashes run on unbroken."""
    segments = [edge(layout, cell, d) for cell, d in map_edge(cells)]
    return [_mm_points(chain) for chain in chain_segments(segments)]


def _area_borders(layout: HexLayout, cells: Sequence[Axial], area_of: Mapping[Axial, str]) -> list[list[list[float]]]:
    """Edges between neighbouring cells of different areas (each shared edge once)."""
    present = frozenset(cells)
    segments = []
    for cell in cells:
        for d in range(3):  # directions 0-2 visit each shared edge from one side only
            other = cell.neighbour(d)
            if other in present and area_of.get(cell) != area_of.get(other):
                segments.append(edge(layout, cell, d))
    return [_mm_points(chain) for chain in chain_segments(segments)]


def _label_anchor(layout: HexLayout, cells: Sequence[Axial]) -> list[float]:
    """Where a region's label sits: on its top boundary, above the topmost row's first cell — off the map's middle,
    where a map printed on two or four tiles is cut, and for nested regions one above another along a diagonal."""
    rows = visual_rows(layout, cells)
    top_row = rows[0]
    x, y = center(layout, top_row[0])
    top = min(py for _, py in corners(layout, top_row[0]))
    return [round(to_mm(x), 4), round(to_mm(top), 4)]


def _legend_entries(legend: Mapping[str, Mapping[str, str]], cells, terrain_of, default, every: bool) -> list[dict]:
    """The terrains the map shows; with `legend: true`, every terrain (a blank map's swatches to draw with)."""
    used = {terrain_of.get(c, default) for c in cells}
    return [{"label": entry["label"], "colour": entry["colour"]} for key, entry in legend.items() if every or key in used]


# -- pieces ------------------------------------------------------------------------------------------
def hexmap_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """`count` copies of the board; larger than the paper, it is tiled by the impose stage."""
    plan = plan_map(spec, component)
    fields = {"name": component.name, "kit_name": spec.name, "_map": plan.data,
              "content_missing": component.content == "missing"}
    front = FaceSpec(template="@hexmap", fields_json=json.dumps(fields, sort_keys=True), width=plan.width,
                     height=plan.height, bleed=component.bleed, shape="rect")
    outline = Outline("rect", plan.width, plan.height)
    piece = Piece(component.id, plan.width, plan.height, component.bleed, outline, front,
                  keep_whole=text_boxes(plan.data, plan.width, spec.defaults.font))
    for _ in range(component.count):
        yield piece
