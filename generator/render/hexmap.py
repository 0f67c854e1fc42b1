"""Drawer `@hexmap`: a hex map board from the `MapDrawing` (points) generator/kinds/hexmap.py plans, drawn in
millimetres, the face documents' unit: every length is turned into millimetres here, at the SVG boundary.

Layers, bottom first: background, cell terrain, grid, area borders, map edge, regions, cell labels and
coordinates, title and legend. Lines that may be dashed are drawn as whole polylines so dashes run on.
"""

from __future__ import annotations

from markupsafe import escape

from generator.kinds.hexmap import (BADGE_HALF_HEIGHT, LEGEND_FONT, LEGEND_LABEL_AT, LEGEND_LABEL_HEIGHT, LEGEND_LABEL_ROOM,
                                    TITLE_FONT, MapDrawing, Polyline, badge_width, legend_slots, map_point_mm, title_box)
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.layers import num, points_attr, svg_document
from generator.render.templating import TextHelper
from generator.units import to_mm

GRID = "#4a4a4a"
AREA_LINE = "#262626"
EDGE_LINE = "#000000"


def _polyline(points, stroke: str, width: float, dash: str = "") -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline points="{points_attr(points)}" fill="none" stroke="{stroke}" stroke-width="{num(width)}" '
            f'stroke-linejoin="round" stroke-linecap="round"{dashes}/>')


def _mm_line(points: Polyline) -> list[tuple[float, float]]:
    return [map_point_mm(point) for point in points]


def draw_hexmap(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@hexmap': the board's ground, cells, lines, words and legend from its MapDrawing."""
    plan: MapDrawing = face.drawing
    w, h, bleed = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    text = TextHelper.for_kit(spec)
    out = [f'<rect x="{num(-bleed)}" y="{num(-bleed)}" width="{num(w + 2 * bleed)}" height="{num(h + 2 * bleed)}" '
           f'fill="{plan.background}"/>']
    for cell in plan.cells:
        out.append(f'<polygon points="{points_attr(_mm_line(cell.corners))}" fill="{cell.fill}" stroke="{GRID}" '
                   f'stroke-width="0.25" stroke-linejoin="round"/>')
    out += [_polyline(_mm_line(line), AREA_LINE, 0.7) for line in plan.areas]
    out += [_polyline(_mm_line(line), EDGE_LINE, 1.0) for line in plan.edge]
    for region in plan.regions:
        width = to_mm(region.width)
        dash = f"{num(width * 3)} {num(width * 1.6)}" if region.dashed else ""
        out += [_polyline(_mm_line(line), region.colour, width, dash) for line in region.lines]
    out += _cell_texts(plan, text)
    out += _region_labels(plan, text)
    if plan.title:
        out.append(str(text(plan.title, *title_box(plan, w), size=TITLE_FONT[0], min_size=TITLE_FONT[1], bold=True, max_lines=1,
                            align=plan.title_align)))
    out += _legend(plan, w, text)
    return svg_document(w, h, bleed, "\n".join(out))


def _cell_texts(plan: MapDrawing, text: TextHelper) -> list[str]:
    out = []
    radius = to_mm(plan.radius)
    box = radius * 1.4
    for cell in plan.cells:
        x, y = to_mm(cell.centre[0]), to_mm(cell.centre[1])
        if cell.label:
            out.append(str(text(cell.label, x - box / 2, y - radius * 0.45, box, radius * 0.6,
                                size=plan.label_font, min_size=5, bold=True, fill=cell.ink, max_lines=2)))
        if cell.coord:
            out.append(str(text(cell.coord, x - box / 2, y + radius * 0.38, box, radius * 0.32,
                                size=5.5, min_size=5, fill=cell.ink, max_lines=1)))
    return out


def _region_labels(plan: MapDrawing, text: TextHelper) -> list[str]:
    out = []
    for region in plan.regions:
        if not region.label:
            continue
        x, y = map_point_mm(region.anchor)
        width = badge_width(region)
        out.append(f'<rect x="{num(x - width / 2)}" y="{num(y - BADGE_HALF_HEIGHT)}" width="{num(width)}" height="{num(2 * BADGE_HALF_HEIGHT)}" rx="1.2" '
                   f'fill="#ffffff" stroke="{escape(region.colour)}" stroke-width="0.4"/>')
        out.append(str(text(region.label, x - width / 2 + 0.6, y - 2.0, width - 1.2, 4.0, size=7, min_size=5, bold=True,
                            fill=region.colour, max_lines=1)))
    return out


def _legend(plan: MapDrawing, width: float, text: TextHelper) -> list[str]:
    """Terrain swatches, then region line samples, in one row centred in the band under the map."""
    out = []
    for kind, colour, label, x, y, slot in legend_slots(plan, width):
        if kind == "swatch":
            out.append(f'<rect x="{num(x)}" y="{num(y)}" width="5" height="4" fill="{colour}" stroke="{GRID}" stroke-width="0.25"/>')
        else:
            out.append(_polyline([[x, y + 2], [x + 5, y + 2]], colour, 1.0, "2 1"))
        out.append(str(text(label, x + LEGEND_LABEL_AT, y - 0.2, slot - LEGEND_LABEL_ROOM, LEGEND_LABEL_HEIGHT,
                            size=LEGEND_FONT[0], min_size=LEGEND_FONT[1], align="start", max_lines=1)))
    return out
