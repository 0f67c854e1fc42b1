"""Kind `hexmap`: a whole hex map printed as one board (tiled across sheets when larger than the paper).

Options (`map:`): the shape (a hexagon of `side` cells, a `rows` x `cols` rectangle, or a list of
`cells`), hex size and orientation, a terrain legend, per-cell terrain via a text `picture` (and
optional `areas`), per-cell labels, coordinates, and `regions` outlined on top (e.g. the playing area
for each player count). The block is checked by generator/kinds/hexmapshape.py and read once, at load, into
`MapOptions` (lengths in points, each cell's terrain, area and label worked out); `plan_map` places it on its
board and resolves its colours into the frozen `MapDrawing` (points) the @hexmap drawer gets on FaceSpec.drawing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

from generator.colours import normalise_colour, text_on
from generator.geometry.hexgrid import Axial, HexLayout, bounds, center, chain_segments, corners, edge, map_edge
from generator.kinds.hexes import hex_layout
from generator.kinds.hexmapshape import EMPTY, cell_at, map_cells, region_cells, validate_map_options, visual_rows
from generator.kinds.layers import resolve_legend
from generator.kinds.parts import KindParts
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import FaceSpec, Outline, Piece, Point, located_error
from generator.typeface import Typeface
from generator.units import PT_PER_MM, mm, parse_length, to_mm

DEFAULT_MARGIN = "10mm"
TITLE_BAND = 9.0     # mm above the map for the title
LEGEND_BAND = 9.0    # mm below the map for the legend
REGION_COLOURS = ("#c2185b", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")


# -- options ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MapRegion:
    """A region outlined on the map: its label, its cells, and its line (colour as written; None: the next of
    REGION_COLOURS)."""

    label: str
    cells: tuple[Axial, ...]
    colour: Any = None
    width: float = mm(1.2)  # points
    dashed: bool = True


@dataclass(frozen=True)
class MapOptions:
    """A map's `map:` block (checked), read once at load: its cells and what each shows, sizes in points. The
    terrain legend, background and region colours stay as written: the builder resolves them against the palette."""

    layout: HexLayout                  # one hex's size and orientation, centred on (0, 0)
    cells: tuple[Axial, ...]           # in the block's order
    terrain_of: Mapping[Axial, str]    # from the picture, then the cells' own entries
    area_of: Mapping[Axial, str]
    labels: Mapping[Axial, str]
    regions: tuple[MapRegion, ...] = ()
    margin: float = mm(10.0)
    title: str | None = None           # None: the component's name; '' for none
    title_align: str = "middle"
    coordinates: str = "none"          # none | axial | rows
    default_terrain: str | None = None
    terrain: Any = None                # the legend as written
    background: Any = "#ffffff"
    legend: bool | None = None         # None: shown when there is a terrain legend or regions; True: every terrain
    label_font: float = 7.0            # points


def read_map(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]) -> tuple[MapOptions, list]:
    """Kind hexmap's parse: the `map:` block (checked by validate_map_options) as MapOptions."""
    cells = map_cells(block)
    layout = hex_layout(block, origin=(0.0, 0.0))
    terrain_of, area_of = _cell_terrains(block, layout, cells)
    labels = {cell_at(e): str(e["label"]) for e in block.get("cells", []) if isinstance(e, dict) and "label" in e}
    regions = tuple(MapRegion(str(region.get("label", "")), region_cells(region), region.get("colour"),
                              mm(float(region.get("width", 1.2))), bool(region.get("dashed", True)))
                    for region in block.get("regions", []))
    return MapOptions(layout, cells, terrain_of, area_of, labels, regions,
                      parse_length(block.get("margin", DEFAULT_MARGIN)), block.get("title"),
                      block.get("title_align", "middle"), block.get("coordinates", "none"), block.get("default_terrain"),
                      block.get("terrain"), block.get("background", "#ffffff"), block.get("legend"),
                      float(block.get("label_font", 7))), []


def cell_count(component: ComponentSpec) -> int:
    """How many cells the component's map has (reported in build.json)."""
    options: MapOptions = component.options["map"]
    return len(options.cells)


def _cell_terrains(block: Mapping[str, Any], layout: HexLayout, cells: Sequence[Axial]) -> tuple[dict, dict]:
    """Terrain and area of each cell: the picture first, then explicit cell entries (which win)."""
    terrain_of: dict[Axial, str] = {}
    area_of: dict[Axial, str] = {}
    areas = {name: (entry if isinstance(entry, dict) else {"terrain": entry}) for name, entry in (block.get("areas") or {}).items()}
    if "picture" in block:
        for line, row in zip(block["picture"], visual_rows(layout, cells)):
            for token, cell in zip(line.split(), row):
                if token == EMPTY:
                    continue
                if areas:
                    area_of[cell] = token
                    terrain_of[cell] = areas[token]["terrain"]
                else:
                    terrain_of[cell] = token
    for entry in block.get("cells", []):
        if not isinstance(entry, dict):
            continue
        cell = cell_at(entry)
        if "area" in entry:
            area_of[cell] = entry["area"]
            terrain_of[cell] = areas[entry["area"]]["terrain"]
        if "terrain" in entry:
            terrain_of[cell] = entry["terrain"]
    return terrain_of, area_of


# -- planning: everything the drawer needs, in points ---------------------------------------------------
Polyline = tuple[Point, ...]


@dataclass(frozen=True)
class MapCell:
    """One cell as drawn: its centre and corners (points, board coordinates), its fill and ink, label and coordinate."""

    centre: Point
    corners: Polyline
    fill: str
    ink: str
    label: str = ""
    coord: str = ""


@dataclass(frozen=True)
class DrawnRegion:
    """A region as drawn: its outline as closed polylines, its line (colour resolved, width in points) and where its
    label's badge sits (points)."""

    label: str
    colour: str
    width: float
    dashed: bool
    lines: tuple[Polyline, ...]
    anchor: Point


@dataclass(frozen=True)
class MapDrawing:
    """What drawer '@hexmap' gets (FaceSpec.drawing): the map placed on its board, colours resolved, lengths in
    points (board coordinates, origin at the trim's top-left)."""

    radius: float                        # one hex's, centre to corner
    cells: tuple[MapCell, ...]
    edge: tuple[Polyline, ...]           # the map's outline
    areas: tuple[Polyline, ...]          # borders between areas
    regions: tuple[DrawnRegion, ...]
    title: str                           # '' for none
    title_align: str
    background: str
    show_legend: bool
    legend: tuple[tuple[str, str], ...]  # (label, colour) of each terrain shown
    label_font: float                    # cell labels' size, in points of type
    margin: float
    map_top: float                       # where the cells begin, below the title band
    map_bottom: float                    # where they end, above the legend band


@dataclass(frozen=True)
class MapPlan:
    """The board's size and its drawing (points)."""

    width: float
    height: float
    drawing: MapDrawing


def plan_map(spec: KitSpec, component: ComponentSpec) -> MapPlan:
    """The map placed on its board, colours resolved against the kit's palette."""
    options: MapOptions = component.options["map"]
    try:
        legend = resolve_legend(options.terrain, spec.palette)
        background = _colour(options.background, spec)
        region_colours = [_colour(r.colour, spec) if r.colour is not None else REGION_COLOURS[i % len(REGION_COLOURS)]
                          for i, r in enumerate(options.regions)]
    except ValueError as exc:
        raise located_error(component, "map", str(exc)) from None
    cells, unit = options.cells, options.layout
    min_x, min_y, max_x, max_y = bounds(unit, cells)
    margin = options.margin
    title = component.name if options.title is None else options.title
    top = margin + (mm(TITLE_BAND) if title else 0.0)
    show_legend = options.legend if options.legend is not None else bool(legend) or bool(options.regions)
    bottom = margin + (mm(LEGEND_BAND) if show_legend else 0.0)
    layout = HexLayout(unit.orientation, unit.radius, (margin - min_x, top - min_y))
    width = (max_x - min_x) + 2 * margin
    height = (max_y - min_y) + top + bottom
    terrain_of = options.terrain_of
    coords = _coordinates(options.coordinates, layout, cells)
    default = options.default_terrain
    drawn_cells = []
    for cell in cells:
        terrain = terrain_of.get(cell, default)
        fill = legend[terrain]["colour"] if terrain in legend else background
        drawn_cells.append(MapCell(center(layout, cell), tuple(corners(layout, cell)), fill, text_on(fill),
                                   options.labels.get(cell, ""), coords.get(cell, "")))
    regions = tuple(DrawnRegion(region.label, colour, region.width, region.dashed, _outline(layout, region.cells),
                                _label_anchor(layout, region.cells))
                    for region, colour in zip(options.regions, region_colours))
    area_lines = _area_borders(layout, cells, options.area_of) if options.area_of else ()
    drawing = MapDrawing(
        layout.radius, tuple(drawn_cells), _outline(layout, cells), area_lines, regions, title or "",
        options.title_align, background, show_legend,
        _legend_entries(legend, cells, terrain_of, default, options.legend is True), options.label_font, margin,
        top, height - bottom)
    return MapPlan(width, height, drawing)


def _colour(value: str, spec: KitSpec) -> str:
    return normalise_colour(value, spec.palette)


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


def _outline(layout: HexLayout, cells: Sequence[Axial]) -> tuple[Polyline, ...]:
    """The boundary of a set of cells as closed polylines, so dashes run on unbroken."""
    segments = [edge(layout, cell, d) for cell, d in map_edge(cells)]
    return tuple(tuple(chain) for chain in chain_segments(segments))


def _area_borders(layout: HexLayout, cells: Sequence[Axial], area_of: Mapping[Axial, str]) -> tuple[Polyline, ...]:
    """Edges between neighbouring cells of different areas (each shared edge once)."""
    present = frozenset(cells)
    segments = []
    for cell in cells:
        for d in range(3):  # directions 0-2 visit each shared edge from one side only
            other = cell.neighbour(d)
            if other in present and area_of.get(cell) != area_of.get(other):
                segments.append(edge(layout, cell, d))
    return tuple(tuple(chain) for chain in chain_segments(segments))


def _label_anchor(layout: HexLayout, cells: Sequence[Axial]) -> Point:
    """Where a region's label sits: on its top boundary, above the topmost row's first cell — off the map's middle,
    where a map printed on two or four tiles is cut, and for nested regions one above another along a diagonal."""
    rows = visual_rows(layout, cells)
    top_row = rows[0]
    x, y = center(layout, top_row[0])
    top = min(py for _, py in corners(layout, top_row[0]))
    return x, top


def _legend_entries(legend: Mapping[str, Mapping[str, str]], cells, terrain_of, default,
                    every: bool) -> tuple[tuple[str, str], ...]:
    """(label, colour) of the terrains the map shows; with `legend: true`, every terrain (a blank map's swatches to
    draw with)."""
    used = {terrain_of.get(c, default) for c in cells}
    return tuple((entry["label"], entry["colour"]) for key, entry in legend.items() if every or key in used)


# -- where the drawer puts the map's words (mm, the face document's unit; shared with render/hexmap.py) ----------
def map_point_mm(point: Point) -> tuple[float, float]:
    """A point of the map in millimetres, rounded as the map's lines are written (0.1 µm)."""
    return round(to_mm(point[0]), 4), round(to_mm(point[1]), 4)


def title_box(plan: MapDrawing, width: float) -> tuple[float, float, float, float]:
    """The band the title is fitted in: x, y, w, h (mm)."""
    margin = to_mm(plan.margin)
    return margin, margin * 0.5, width - 2 * margin, to_mm(plan.map_top) - margin * 0.5 - 2


def badge_width(region: DrawnRegion) -> float:
    """A region label's badge width (mm)."""
    return max(14.0, 1.9 * len(region.label) + 3)


def legend_slots(plan: MapDrawing, width: float) -> list[tuple[str, str, str, float, float, float]]:
    """Each legend entry (kind, colour, label) with its slot's left, top and width (mm)."""
    if not plan.show_legend:
        return []
    entries = [("swatch", colour, label) for label, colour in plan.legend]
    entries += [("line", r.colour, r.label) for r in plan.regions if r.label]
    if not entries:
        return []
    y = to_mm(plan.map_bottom) + 3.0
    slot = min(34.0, (width - 2 * to_mm(plan.margin)) / len(entries))
    x = (width - slot * len(entries)) / 2
    return [(kind, colour, label, x + i * slot, y, slot) for i, (kind, colour, label) in enumerate(entries)]


# The map's words as the drawer sets them (render/hexmap.py), shared with `text_boxes`, which keeps a tiled map's
# seams off them: the title's size and smallest size (pt), a region badge's half height (mm), a legend label's
# start after its swatch, the room it leaves at its slot's end, its box height (mm) and its sizes (pt).
TITLE_FONT = (14, 7)
BADGE_HALF_HEIGHT = 2.3
LEGEND_LABEL_AT = 6
LEGEND_LABEL_ROOM = 7
LEGEND_LABEL_HEIGHT = 4.4
LEGEND_FONT = (7, 5)


def text_boxes(plan: MapDrawing, width: float, typeface: Typeface) -> tuple[tuple[float, float, float, float], ...]:
    """Where the map's words are printed (x0, y0, x1, y1 in points, the board's trim coordinates): the title,
    each region's badge and each legend entry, swatch and label. A map too big for the paper is cut between
    them where the tiles allow (Piece.keep_whole)."""
    from generator.render.text import fit_text  # the drawer's own fitting; `check` never loads the renderer

    w = to_mm(width)
    boxes = []

    def words(text: str, box_w: float, box_h: float, size: float, min_size: float, bold: bool) -> float:
        layout = fit_text(text, box_w * PT_PER_MM, box_h * PT_PER_MM, size, min_size, bold, 1.2, 1, typeface)
        return max(line.width for line in layout.lines) * layout.size / PT_PER_MM

    if plan.title:
        x, y, bw, bh = title_box(plan, w)
        used = words(plan.title, bw, bh, *TITLE_FONT, True)
        left = x if plan.title_align == "start" else x + (bw - used) / 2
        boxes.append((left, y, left + used, y + bh))
    for region in plan.regions:
        if region.label:
            (x, y), half = map_point_mm(region.anchor), badge_width(region) / 2
            boxes.append((x - half, y - BADGE_HALF_HEIGHT, x + half, y + BADGE_HALF_HEIGHT))
    for _, _, label, x, y, slot in legend_slots(plan, w):
        label_w = words(label, slot - LEGEND_LABEL_ROOM, LEGEND_LABEL_HEIGHT, *LEGEND_FONT, False)
        boxes.append((x, y - 0.2, x + LEGEND_LABEL_AT + label_w, y + 4.2))
    return tuple(tuple(mm(v) for v in box) for box in boxes)


# -- pieces ------------------------------------------------------------------------------------------
def hexmap_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """`count` copies of the board; larger than the paper, it is tiled by the impose stage."""
    plan = plan_map(spec, component)
    fields = {"name": component.name, "kit_name": spec.name, "content_missing": component.content == "missing"}
    front = FaceSpec(template="@hexmap", fields_json=json.dumps(fields, sort_keys=True), width=plan.width,
                     height=plan.height, bleed=component.bleed, shape="rect", drawing=plan.drawing)
    outline = Outline("rect", plan.width, plan.height)
    piece = Piece(component.id, plan.width, plan.height, component.bleed, outline, front,
                  keep_whole=text_boxes(plan.drawing, plan.width, spec.defaults.font))
    for _ in range(component.count):
        yield piece


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(hexmap_pieces, check=validate_map_options, parse=read_map, options=MapOptions)
