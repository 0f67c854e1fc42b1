"""Drawer `@hex`: one face of a hex tile, its declared layers clipped to nothing but the hexagon and bleed.

Coordinates are millimetres with the origin at the tile's bounding-box top-left; the hex is centred.
"""

from __future__ import annotations

import math

from generator.manifest.spec import KitSpec
from generator.model import FaceSpec
from generator.render import DRAWERS
from generator.render.layers import Frame, draw_layers, num, points_attr, regular_polygon, svg_document
from generator.render.templating import TextHelper
from generator.units import to_mm

COS30 = math.cos(math.radians(30))


def hexagon_points(cx: float, cy: float, radius: float, orientation: str) -> list[tuple[float, float]]:
    """Corners of a hexagon of corner radius `radius` (mm), matching hexgrid.corners' order."""
    return regular_polygon(cx, cy, radius, 6, 0.0 if orientation == "flat" else -30.0)


def hex_frame(cx: float, cy: float, radius: float, orientation: str, bleed: float, legend) -> Frame:
    """A layer frame whose fill is the hexagon grown by the bleed and whose outline is an inset hexagon."""

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
    fields = face.fields
    geometry = fields["_hex"]
    w, h, bleed = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    frame = hex_frame(w / 2, h / 2, geometry["radius"], geometry["orientation"], bleed, fields.get("_legend", {}))
    body = draw_layers(fields["_layers"], fields, frame, TextHelper.for_kit(spec))
    return svg_document(w, h, bleed, body)


DRAWERS["hex"] = draw_hex
