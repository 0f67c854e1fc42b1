"""Drawer `@mat` (render stage): a player mat framed in its player's colour, with its sections — supply tracks, slot
rows with upkeep brackets, tables, tracks and text — from its `DrawnMat` (points); lengths become millimetres only
where SVG is written."""

from __future__ import annotations

from generator.colours import tint
from generator.kinds.matlayout import (
    BORDER, BRACKET, SECTION_NOTE, SECTION_PAD, SLOT_LABEL, SUPPLY_LABEL, SUPPLY_ROW_GAP, TITLE_HEIGHT, DrawnMat,
    DrawnSection, DrawnSlots, DrawnSupply, SectionBox, mat_layout, section_bands, slot_boxes,
    supply_spaces,
)
from generator.kinds.tables import DrawnTable, table_layout
from generator.kinds.tracks import DrawnTrack
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.boards import draw_table
from generator.render.templating import TextHelper
from generator.render.tracks import LINE, box_mm, draw_track, face_document, line, rect, space_shape, star
from generator.units import to_mm
from generator.kinds.inks import CELL_COLOUR, GROUND, HEAD_COLOUR

FRAME_INSET = 3.0  # mm of player colour inside the trim


def draw_supply(supply: DrawnSupply, x: float, y: float, text: TextHelper) -> str:
    """Each resource's name and its row of spaces 0..max, the content's top-left at (x, y) mm."""
    out = []
    space_h, label_w = to_mm(supply.space_h), to_mm(SUPPLY_LABEL)
    for r, resource in enumerate(supply.resources):
        ry = y + r * to_mm(supply.space_h + SUPPLY_ROW_GAP)
        out.append(rect(x, ry, label_w, space_h, resource.colour, LINE, 0.3, rx=1.0))
        out.append(text(resource.name, x + 1.0, ry + 0.8, label_w - 2.0, space_h - 1.6, size=9,
                        min_size=5, bold=True, fill=resource.ink, max_lines=1))
    light = {r: tint(res.colour, 0.78) for r, res in enumerate(supply.resources)}
    for r, space in supply_spaces(supply):
        weight = 0.7 if space.index % 5 == 0 else 0.3
        box = box_mm(space)
        out.append(space_shape(box, x, y, "square", light[r], LINE, weight))
        out.append(text(str(box.index), x + box.x + 0.8, y + box.y + 0.8, box.w - 1.6, box.h - 1.6,
                        size=min(9.0, box.h * 1.1), min_size=5, fill=LINE, max_lines=1))
        if supply.resources[r].start == box.index:
            out.append(star(x + box.x + box.w - 1.6, y + box.y + 1.6, 1.4, "#f5c518"))
    return "".join(out)


def draw_slots(slots: DrawnSlots, x: float, y: float, text: TextHelper) -> str:
    """Each group's name and its row of slots with their numbers and upkeep brackets, the content's top-left at
    (x, y) mm."""
    out = []
    spaces = slot_boxes(slots)
    boxes = [(g, box_mm(space)) for g, space in spaces]
    label_w, bracket = to_mm(SLOT_LABEL), to_mm(BRACKET)
    for g, group in enumerate(slots.groups):
        first = next(box for gi, box in boxes if gi == g)
        out.append(rect(x, y + first.y, label_w, first.h, HEAD_COLOUR, LINE, 0.3, rx=1.0))
        out.append(text(group, x + 1.0, y + first.y + 0.8, label_w - 2.0, first.h - 1.6, size=9, min_size=5,
                        bold=True, fill=LINE, max_lines=2))
    for _, box in boxes:
        out.append(space_shape(box, x, y, slots.shape, "#ffffff", "#6b5d4a", 0.35))
        out.append(text(str(box.index + 1), x + box.x + 0.8, y + box.y + 0.6, 4.0, 3.5, size=8, min_size=5,
                        align="start", fill="#6b5d4a", max_lines=1))
    every, upkeep = slots.every, slots.upkeep
    if every:
        for g in range(len(slots.groups)):
            row = [box for gi, box in boxes if gi == g]
            for start in range(0, len(row), every):
                group = row[start:start + every]
                left, right = x + group[0].x + 0.5, x + group[-1].x + group[-1].w - 0.5
                base = y + group[0].y - 0.8
                out.append(line(left, base, right, base, LINE, 0.35))
                out.append(line(left, base, left, base + 1.2, LINE, 0.35))
                out.append(line(right, base, right, base + 1.2, LINE, 0.35))
                if upkeep:
                    out.append(text(upkeep, left, base - bracket + 1.0, right - left, bracket - 1.3, size=8, min_size=5,
                                    fill=LINE, max_lines=1))
    return "".join(out)


def draw_section(section: DrawnSection, box: SectionBox, text: TextHelper) -> str:
    """One section in its box (points): its frame, title, content and note."""
    content = section.content
    if isinstance(content, DrawnTrack):
        return draw_track(content, box.x, box.y, text)
    title_band, _ = section_bands(section)
    title_h = to_mm(title_band)
    bx, by, bw, bh = to_mm(box.x), to_mm(box.y), to_mm(box.w), to_mm(box.h)
    pad = to_mm(SECTION_PAD)
    out = [rect(bx, by, bw, bh, CELL_COLOUR, LINE, 0.45, rx=2.0)]
    if section.title:
        out.append(text(section.title, bx + pad, by + 1.0, bw - 2 * pad, title_h - 1.0,
                        size=10, min_size=5, bold=True, align="start", fill=LINE, max_lines=1))
    cx, cy = bx + pad, by + pad + title_h
    if isinstance(content, DrawnSupply):
        out.append(draw_supply(content, cx, cy, text))
    elif isinstance(content, DrawnSlots):
        out.append(draw_slots(content, cx, cy, text))
    elif isinstance(content, DrawnTable):
        layout = table_layout(content)
        top = box.y + SECTION_PAD + title_band
        out.append(draw_table(content, layout, box.x + (box.w - layout.width) / 2, top, text))
    else:
        out.append(text(content.text, cx, cy, bw - 2 * pad, to_mm(content.height), size=9, min_size=5,
                        align="start", valign="top", fill=LINE))
    if section.note:
        note = to_mm(SECTION_NOTE)
        out.append(text(section.note, cx, by + bh - pad - note + 0.5, bw - 2 * pad,
                        note - 0.5, size=7.5, min_size=5, align="start", fill=LINE, max_lines=1))
    return "".join(out)


def draw_mat_face(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@mat': the player-colour frame, the title, then every section in its box, from the face's DrawnMat."""
    mat: DrawnMat = face.drawing
    w, h, b = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    layout = mat_layout(mat, (face.width, face.height))  # stretched to the mat's size
    text = TextHelper.for_kit(spec)
    border = to_mm(BORDER)
    out = [rect(-b, -b, w + 2 * b, h + 2 * b, mat.frame, None),
           rect(FRAME_INSET, FRAME_INSET, w - 2 * FRAME_INSET, h - 2 * FRAME_INSET, GROUND, None, rx=2.5)]
    if mat.title:
        out.append(text(mat.title, border, border - 1.0, w - 2 * border, to_mm(TITLE_HEIGHT) - 2.0, size=16, min_size=6,
                        bold=True, align="start", fill=LINE, max_lines=1))
    for section, box in zip(mat.sections, layout.sections):
        out.append(draw_section(section, box, text))
    return face_document(face, out)
