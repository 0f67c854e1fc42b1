"""Kind `hex`: hex tiles cut along the hexagon, each face drawn from declared layers.

Options (`hex:`, read once at load into `HexOptions`: geometry in points, colours resolved through the palette):
orientation (flat | pointy), across_flats or across_corners, a terrain legend, and
`layers` / `back_layers` (see kinds/layers.py). Each card of `cards:` is one distinct tile with its own
fields. Sizes come from generator/geometry/hexgrid.py. The builder hands drawer '@hex' a `HexTileDrawing` (points)
on FaceSpec.drawing; `draw_hex` draws the layers clipped to nothing but the hexagon and bleed, turning lengths into
the face document's millimetres (origin at the tile's bounding-box top-left) only where it writes SVG.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from generator.geometry.hexgrid import ORIGIN, HexLayout, Orientation, corners
from generator.kinds.common import block_form_problems
from generator.kinds.layers import (KeyPath, Layer, TerrainColours, TerrainLayer, check_layers, check_legend,
                                    read_layers, resolve_legend, terrain_colours)
from generator.kinds.parts import KindParts
from generator.manifest.spec import ComponentSpec, KitSpec, SideSpec
from generator.pieces import FaceSpec, Outline, Piece, colour_sets, face_fields
from generator.units import parse_length, to_mm

if TYPE_CHECKING:
    from generator.render.layers import Frame

DEFAULT_LAYERS = [{"type": "terrain"}, {"type": "border", "inset": 1.5, "width": 0.4},
                  {"type": "text", "field": "label", "size": [24, 8], "font": 10, "bold": True}]
DEFAULT_BACK_LAYERS = [{"type": "terrain"}, {"type": "border", "inset": 1.5, "width": 0.4},
                       {"type": "text", "field": "label", "size": [24, 10], "font": 11, "bold": True}]


@dataclass(frozen=True)
class HexShape:
    """One tile's geometry: a layout centred in the tile's bounding box (points)."""

    layout: HexLayout

    @property
    def width(self) -> float:
        return self.layout.width

    @property
    def height(self) -> float:
        return self.layout.height

    def outline(self) -> Outline:
        return Outline("polygon", self.width, self.height, points=corners(self.layout, ORIGIN))


def hex_layout(options: Mapping[str, Any], origin: tuple[float, float] | None = None) -> HexLayout:
    """The layout an options block (hex: or map:) describes; origin defaults to the centre of one hex's box."""
    orientation = options.get("orientation", "flat")
    if "across_corners" in options:
        layout = HexLayout.from_across_corners(parse_length(options["across_corners"]), orientation)
    else:
        layout = HexLayout.from_across_flats(parse_length(options["across_flats"]), orientation)
    centre = origin if origin is not None else (layout.width / 2, layout.height / 2)
    return HexLayout(layout.orientation, layout.radius, centre)


def check_hex_size(options: Mapping[str, Any], block: str) -> Iterator[tuple[KeyPath, str]]:
    """Problems with orientation and size keys shared by hex: and map: blocks."""
    if options.get("orientation", "flat") not in ("flat", "pointy"):
        yield (block, "orientation"), "orientation is flat (flat top edge) or pointy (corner on top)"
    sizes = [key for key in ("across_flats", "across_corners") if key in options]
    if not sizes:
        yield (block,), f"{block}: needs across_flats (edge to edge, e.g. 30mm) or across_corners"
    elif len(sizes) == 2:
        yield (block, "across_corners"), "give across_flats or across_corners, not both"
    for key in sizes:
        try:
            if parse_length(options[key]) <= 0:
                yield (block, key), "the hex size must be larger than zero"
        except ValueError as exc:
            yield (block, key), str(exc)


def validate_hex_options(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[KeyPath, str]]:
    """Problems with a hex tile component's `hex:` block (key paths relative to the component)."""
    block = options.get("hex")
    if "size" in raw:
        size = str(raw["size"])
        try:
            parse_length(size)
            hint = f"; for tiles {size} across the flats write hex: {{across_flats: {size}}}"
        except ValueError:
            hint = ""
        yield ("size",), f"hex tiles are sized by hex.across_flats or hex.across_corners, not size{hint}"
    if not isinstance(block, dict):
        yield from block_form_problems(block, "hex", "kind hex needs a hex: block, e.g. hex: {across_flats: 40mm}",
                                       "across_flats, terrain, layers …")
        return
    yield from check_hex_size(block, "hex")
    if "terrain" in block:
        yield from check_legend(block["terrain"], ("hex", "terrain"))
    for key in ("layers", "back_layers"):
        if key in block:
            yield from check_layers(block[key], ("hex", key))


@dataclass(frozen=True)
class HexOptions:
    """A tile's `hex:` block, read once at load: its geometry and layers (points) and its terrain legend, colours
    resolved through the kit palette."""

    layout: HexLayout                    # centred in one tile's bounding box
    layers: tuple[Layer, ...]
    back_layers: tuple[Layer, ...]
    legend: TerrainColours


@dataclass(frozen=True)
class HexTileDrawing:
    """What drawer '@hex' gets (FaceSpec.drawing): the tile's hexagon (corner radius in points) and one side's layers
    with the terrain legend they paint from."""

    orientation: Orientation
    radius: float
    layers: tuple[Layer, ...]
    legend: TerrainColours


def read_hex(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]
             ) -> tuple[HexOptions | None, list[tuple[KeyPath, str]]]:
    """The block as HexOptions, or None and every problem (key paths from the component)."""
    problems = list(validate_hex_options({"hex": block} if block is not None else {}, dict(raw)))
    if problems:
        return None, problems
    try:
        layers = read_layers(block.get("layers", DEFAULT_LAYERS), palette)
        back_layers = read_layers(block.get("back_layers", DEFAULT_BACK_LAYERS), palette)
        legend = terrain_colours(resolve_legend(block.get("terrain"), palette))
    except ValueError as exc:
        return None, [(("hex",), str(exc))]
    return HexOptions(hex_layout(block), layers, back_layers, legend), []


def terrain_fill(layers: tuple[Layer, ...], fields: Mapping[str, Any], legend: TerrainColours) -> str | None:
    """The colour the first terrain layer paints, when it comes from the legend (so ink can match it)."""
    for layer in layers:
        if isinstance(layer, TerrainLayer):
            if layer.colour:
                return layer.colour if layer.colour.startswith("#") else None
            return legend.colour_of(fields.get(layer.field))
    return None


def hex_face(spec: KitSpec, component: ComponentSpec, side: SideSpec, extra: Mapping[str, Any], colour: str | None,
             colour_name: str | None, seat: int | None, shape: HexShape, layers: tuple[Layer, ...],
             legend: TerrainColours) -> FaceSpec:
    """One side of a tile: its fields, and the hexagon and layers the @hex drawer draws as its drawing."""
    merged = {**side.fields, **extra}
    fill = colour or terrain_fill(layers, merged, legend)
    fields = face_fields(spec, component, side, fill, colour_name, extra, seat)
    drawing = HexTileDrawing(shape.layout.orientation, shape.layout.radius, layers, legend)
    return FaceSpec(template="@hex", fields_json=json.dumps(fields, sort_keys=True, default=str), width=shape.width,
                    height=shape.height, bleed=component.bleed, shape="hex", drawing=drawing)


def hex_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """One piece per tile: the distinct cards (or `count` copies of one tile) in each colour set."""
    options: HexOptions = component.options["hex"]
    shape = HexShape(options.layout)
    outline = shape.outline()
    front_layers, back_layers, legend = options.layers, options.back_layers, options.legend
    cards = [(c.count, c.front, c.back) for c in component.cards] or [(component.count, {}, {})]
    for seat, colour_name, colour in colour_sets(spec, component, players):
        for row, (copies, front_extra, back_extra) in enumerate(cards):
            front = hex_face(spec, component, component.front, front_extra, colour, colour_name, seat, shape,
                             front_layers, legend)
            back = None
            if component.back is not None:
                # as for every kind (model.simple_pieces): a back shows its own fields only, so shared backs
                # are one face and never give away the tile on the other side
                back = hex_face(spec, component, component.back, back_extra, colour, colour_name,
                                seat, shape, back_layers, legend)
            piece = Piece(component.id, shape.width, shape.height, component.bleed, outline, front, back, player=seat,
                          card=row if component.cards else None)
            for _ in range(copies):
                yield piece


# -- the drawer ----------------------------------------------------------------------------------------
# render's helpers are imported inside the drawing functions: the kinds load with the manifest, which draws nothing
COS30 = math.cos(math.radians(30))


def hexagon_points(cx: float, cy: float, radius: float, orientation: str) -> list[tuple[float, float]]:
    """Corners of a hexagon of corner radius `radius` (mm), matching hexgrid.corners' order."""
    from generator.render.layers import regular_polygon

    return regular_polygon(cx, cy, radius, 6, 0.0 if orientation == "flat" else -30.0)


def hex_frame(cx: float, cy: float, radius: float, orientation: str, bleed: float, legend: TerrainColours) -> Frame:
    """A layer frame whose fill is the hexagon grown by the bleed and whose outline is an inset hexagon."""
    from generator.render.layers import Frame, num, points_attr

    def fill(colour: str) -> str:
        # Growing the corner radius by bleed / cos 30° moves every edge out by exactly `bleed`.
        grown = hexagon_points(cx, cy, radius + bleed / COS30, orientation)
        return f'<polygon points="{points_attr(grown)}" fill="{colour}"/>'

    def outline(inset: float, stroke: str, width: float) -> str:
        shrunk = hexagon_points(cx, cy, radius - inset / COS30, orientation)
        return (f'<polygon points="{points_attr(shrunk)}" fill="none" stroke="{stroke}" stroke-width="{num(width)}" '
                f'stroke-linejoin="round"/>')

    return Frame(cx, cy, fill, outline, legend)


def draw_hex(face: FaceSpec, spec: KitSpec) -> str:
    """A tile's side from its HexTileDrawing: the layers in the face document's millimetres."""
    from generator.render.layers import draw_layers, svg_document
    from generator.render.templating import TextHelper

    drawing: HexTileDrawing = face.drawing
    w, h, bleed = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    frame = hex_frame(w / 2, h / 2, to_mm(drawing.radius), drawing.orientation, bleed, drawing.legend)
    body = draw_layers(drawing.layers, face.fields, frame, TextHelper.for_kit(spec))
    return svg_document(w, h, bleed, body)


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(hex_pieces, parse=read_hex, options=HexOptions)
