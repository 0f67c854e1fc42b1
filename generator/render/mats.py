"""Drawer `@mat` (render stage): a player mat framed in its player's colour, with its sections —
supply tracks, slot rows with upkeep brackets, tables, tracks and text."""

from __future__ import annotations

from typing import Any

from generator.colours import tint
from generator.kinds.mats import (
    BORDER, BRACKET, SECTION_NOTE, SECTION_PAD, SLOT_LABEL, SUPPLY_LABEL, SUPPLY_ROW_GAP, TITLE_HEIGHT, SectionBox, mat_layout, section_bands,
    slot_boxes, supply_spaces,
)
from generator.kinds.boards import table_layout
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.boards import draw_table
from generator.render.templating import TextHelper
from generator.render.tracks import LINE, PAPER, draw_track, face_document, line, rect, space_shape, star
from generator.units import to_mm

FRAME_INSET = 3.0  # mm of player colour inside the trim


def draw_supply(section: dict[str, Any], x: float, y: float, text: TextHelper) -> str:
    out = []
    for r, resource in enumerate(section["resources"]):
        ry = y + r * (section["space_h"] + SUPPLY_ROW_GAP)
        out.append(rect(x, ry, SUPPLY_LABEL, section["space_h"], resource["colour"], LINE, 0.3, rx=1.0))
        out.append(text(resource["name"], x + 1.0, ry + 0.8, SUPPLY_LABEL - 2.0, section["space_h"] - 1.6, size=9,
                        min_size=5, bold=True, fill=resource["ink"], max_lines=1))
    light = {r: tint(res["colour"], 0.78) for r, res in enumerate(section["resources"])}
    for r, box in supply_spaces(section):
        weight = 0.7 if box.index % 5 == 0 else 0.3
        out.append(space_shape(box, x, y, "square", light[r], LINE, weight))
        out.append(text(str(box.index), x + box.x + 0.8, y + box.y + 0.8, box.w - 1.6, box.h - 1.6,
                        size=min(9.0, box.h * 1.1), min_size=5, fill=LINE, max_lines=1))
        if section["resources"][r].get("start") == box.index:
            out.append(star(x + box.x + box.w - 1.6, y + box.y + 1.6, 1.4, "#f5c518"))
    return "".join(out)


def draw_slots(section: dict[str, Any], x: float, y: float, text: TextHelper) -> str:
    out = []
    boxes = slot_boxes(section)
    for g, group in enumerate(section["groups"]):
        first = next(box for gi, box in boxes if gi == g)
        out.append(rect(x, y + first.y, SLOT_LABEL, first.h, "#d9ccb0", LINE, 0.3, rx=1.0))
        out.append(text(group, x + 1.0, y + first.y + 0.8, SLOT_LABEL - 2.0, first.h - 1.6, size=9, min_size=5,
                        bold=True, fill=LINE, max_lines=2))
    for g, box in boxes:
        out.append(space_shape(box, x, y, section["shape"], "#ffffff", "#6b5d4a", 0.35))
        out.append(text(str(box.index + 1), x + box.x + 0.8, y + box.y + 0.6, 4.0, 3.5, size=8, min_size=5,
                        align="start", fill="#6b5d4a", max_lines=1))
    every, upkeep = section.get("every"), section.get("upkeep")
    if every:
        for g in range(len(section["groups"])):
            row = [box for gi, box in boxes if gi == g]
            for start in range(0, len(row), every):
                group = row[start:start + every]
                left, right = x + group[0].x + 0.5, x + group[-1].x + group[-1].w - 0.5
                base = y + group[0].y - 0.8
                out.append(line(left, base, right, base, LINE, 0.35))
                out.append(line(left, base, left, base + 1.2, LINE, 0.35))
                out.append(line(right, base, right, base + 1.2, LINE, 0.35))
                if upkeep:
                    out.append(text(upkeep, left, base - BRACKET + 1.0, right - left, BRACKET - 1.3, size=8, min_size=5,
                                    fill=LINE, max_lines=1))
    return "".join(out)


def draw_section(section: dict[str, Any], box: SectionBox, text: TextHelper) -> str:
    if section["type"] == "track":
        return draw_track(section["track"], box.x, box.y, text)
    title_h, note_h = section_bands(section)
    out = [rect(box.x, box.y, box.w, box.h, "#fffaf0", LINE, 0.45, rx=2.0)]
    if section.get("title"):
        out.append(text(section["title"], box.x + SECTION_PAD, box.y + 1.0, box.w - 2 * SECTION_PAD, title_h - 1.0,
                        size=10, min_size=5, bold=True, align="start", fill=LINE, max_lines=1))
    cx, cy = box.x + SECTION_PAD, box.y + SECTION_PAD + title_h
    kind = section["type"]
    if kind == "supply":
        out.append(draw_supply(section, cx, cy, text))
    elif kind == "slots":
        out.append(draw_slots(section, cx, cy, text))
    elif kind == "table":
        layout = table_layout(section["table"])
        out.append(draw_table(section["table"], layout, box.x + (box.w - layout.width) / 2, cy, text))
    else:
        out.append(text(section["text"], cx, cy, box.w - 2 * SECTION_PAD, section["height"], size=9, min_size=5,
                        align="start", valign="top", fill=LINE))
    if section.get("note"):
        out.append(text(section["note"], cx, box.y + box.h - SECTION_PAD - SECTION_NOTE + 0.5, box.w - 2 * SECTION_PAD,
                        SECTION_NOTE - 0.5, size=7.5, min_size=5, align="start", fill=LINE, max_lines=1))
    return "".join(out)


def draw_mat_face(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@mat': the player-colour frame, the title, then every section in its box."""
    fields = face.fields
    mat = fields["mat"]
    w, h, b = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    layout = mat_layout(mat, (w, h))  # stretched to the mat's size (its `size`, or the larger side's)
    text = TextHelper.for_kit(spec)
    out = [rect(-b, -b, w + 2 * b, h + 2 * b, fields["frame"], None),
           rect(FRAME_INSET, FRAME_INSET, w - 2 * FRAME_INSET, h - 2 * FRAME_INSET, PAPER, None, rx=2.5)]
    if mat.get("title"):
        out.append(text(mat["title"], BORDER, BORDER - 1.0, w - 2 * BORDER, TITLE_HEIGHT - 2.0, size=16, min_size=6,
                        bold=True, align="start", fill=LINE, max_lines=1))
    for section, box in zip(mat["sections"], layout.sections):
        out.append(draw_section(section, box, text))
    return face_document(face, out)
