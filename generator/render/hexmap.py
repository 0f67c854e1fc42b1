"""Drawer `@hexmap`: a hex map board from the plan made by generator/kinds/hexmap.py (all millimetres).

Layers, bottom first: background, cell terrain, grid, area borders, map edge, regions, cell labels and
coordinates, title and legend. Lines that may be dashed are drawn as whole polylines so dashes run on.
"""

from __future__ import annotations

from markupsafe import escape

from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.layers import num, points_attr, svg_document
from generator.render.templating import TextHelper
from generator.render.text import fit_text
from generator.typeface import Typeface
from generator.units import PT_PER_MM, mm, to_mm

GRID = "#4a4a4a"
AREA_LINE = "#262626"
EDGE_LINE = "#000000"


def _polyline(points, stroke: str, width: float, dash: str = "") -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline points="{points_attr(points)}" fill="none" stroke="{stroke}" stroke-width="{num(width)}" '
            f'stroke-linejoin="round" stroke-linecap="round"{dashes}/>')


def draw_hexmap(face: FaceSpec, spec: KitSpec) -> str:
    plan = face.fields["_map"]
    w, h, bleed = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    text = TextHelper.for_kit(spec)
    radius = plan["radius"]
    out = [f'<rect x="{num(-bleed)}" y="{num(-bleed)}" width="{num(w + 2 * bleed)}" height="{num(h + 2 * bleed)}" '
           f'fill="{plan["background"]}"/>']
    for cell in plan["cells"]:
        out.append(f'<polygon points="{points_attr(cell["corners"])}" fill="{cell["fill"]}" stroke="{GRID}" '
                   f'stroke-width="0.25" stroke-linejoin="round"/>')
    out += [_polyline(line, AREA_LINE, 0.7) for line in plan["areas"]]
    out += [_polyline(line, EDGE_LINE, 1.0) for line in plan["edge"]]
    for region in plan["regions"]:
        dash = f"{num(region['width'] * 3)} {num(region['width'] * 1.6)}" if region["dashed"] else ""
        out += [_polyline(line, region["colour"], region["width"], dash) for line in region["lines"]]
    out += _cell_texts(plan, radius, text)
    out += _region_labels(plan, text)
    if plan["title"]:
        out.append(str(text(plan["title"], *_title_box(plan, w), size=14, min_size=7, bold=True, max_lines=1,
                            align=plan.get("title_align", "middle"))))
    out += _legend(plan, w, text)
    return svg_document(w, h, bleed, "\n".join(out))


def _cell_texts(plan: dict, radius: float, text: TextHelper) -> list[str]:
    out = []
    box = radius * 1.4
    for cell in plan["cells"]:
        if cell["label"]:
            out.append(str(text(cell["label"], cell["x"] - box / 2, cell["y"] - radius * 0.45, box, radius * 0.6,
                                size=plan["label_font"], min_size=5, bold=True, fill=cell["ink"], max_lines=2)))
        if cell["coord"]:
            out.append(str(text(cell["coord"], cell["x"] - box / 2, cell["y"] + radius * 0.38, box, radius * 0.32,
                                size=5.5, min_size=5, fill=cell["ink"], max_lines=1)))
    return out


def _title_box(plan: dict, width: float) -> tuple[float, float, float, float]:
    """The band the title is fitted in: x, y, w, h (mm)."""
    margin = plan["margin"]
    return margin, margin * 0.5, width - 2 * margin, plan["map_top"] - margin * 0.5 - 2


def _badge_width(region: dict) -> float:
    return max(14.0, 1.9 * len(region["label"]) + 3)


def _region_labels(plan: dict, text: TextHelper) -> list[str]:
    out = []
    for region in plan["regions"]:
        if not region["label"]:
            continue
        x, y = region["anchor"]
        width = _badge_width(region)
        out.append(f'<rect x="{num(x - width / 2)}" y="{num(y - 2.3)}" width="{num(width)}" height="4.6" rx="1.2" '
                   f'fill="#ffffff" stroke="{escape(region["colour"])}" stroke-width="0.4"/>')
        out.append(str(text(region["label"], x - width / 2 + 0.6, y - 2.0, width - 1.2, 4.0, size=7, min_size=5, bold=True,
                            fill=region["colour"], max_lines=1)))
    return out


def _legend(plan: dict, width: float, text: TextHelper) -> list[str]:
    """Terrain swatches, then region line samples, in one row centred in the band under the map."""
    out = []
    for kind, colour, label, x, y, slot in _legend_slots(plan, width):
        if kind == "swatch":
            out.append(f'<rect x="{num(x)}" y="{num(y)}" width="5" height="4" fill="{colour}" stroke="{GRID}" stroke-width="0.25"/>')
        else:
            out.append(_polyline([[x, y + 2], [x + 5, y + 2]], colour, 1.0, "2 1"))
        out.append(str(text(label, x + 6, y - 0.2, slot - 7, 4.4, size=7, min_size=5, align="start", max_lines=1)))
    return out


def _legend_slots(plan: dict, width: float) -> list[tuple[str, str, str, float, float, float]]:
    """Each legend entry (kind, colour, label) with its slot's left, top and width (mm)."""
    if not plan["show_legend"]:
        return []
    entries = [("swatch", e["colour"], e["label"]) for e in plan["legend"]]
    entries += [("line", r["colour"], r["label"]) for r in plan["regions"] if r["label"]]
    if not entries:
        return []
    y = plan["map_bottom"] + 3.0
    slot = min(34.0, (width - 2 * plan["margin"]) / len(entries))
    x = (width - slot * len(entries)) / 2
    return [(kind, colour, label, x + i * slot, y, slot) for i, (kind, colour, label) in enumerate(entries)]


def text_boxes(plan: dict, width: float, typeface: Typeface) -> tuple[tuple[float, float, float, float], ...]:
    """Where the map's words are printed (x0, y0, x1, y1 in points, the board's trim coordinates): the title,
    each region's badge and each legend entry, swatch and label. A map too big for the paper is cut between
    them where the tiles allow (Piece.keep_whole)."""
    w = to_mm(width)
    boxes = []

    def words(text: str, box_w: float, box_h: float, size: float, min_size: float, bold: bool) -> float:
        layout = fit_text(text, box_w * PT_PER_MM, box_h * PT_PER_MM, size, min_size, bold, 1.2, 1, typeface)
        return max(line.width for line in layout.lines) * layout.size / PT_PER_MM

    if plan["title"]:
        x, y, bw, bh = _title_box(plan, w)
        used = words(plan["title"], bw, bh, 14, 7, True)
        left = x if plan.get("title_align", "middle") == "start" else x + (bw - used) / 2
        boxes.append((left, y, left + used, y + bh))
    for region in plan["regions"]:
        if region["label"]:
            (x, y), half = region["anchor"], _badge_width(region) / 2
            boxes.append((x - half, y - 2.3, x + half, y + 2.3))
    for _, _, label, x, y, slot in _legend_slots(plan, w):
        boxes.append((x, y - 0.2, x + 6 + words(label, slot - 7, 4.4, 7, 5, False), y + 4.2))
    return tuple(tuple(mm(v) for v in box) for box in boxes)
