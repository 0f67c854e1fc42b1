"""Player mats (model stage): a mat resolved against the kit (`DrawnMat`, what drawer '@mat' gets, lengths in
points) and where its sections go (`mat_layout`, pure geometry in points shared by the builder, for the mat's size,
and the drawer). kinds/mats.py reads the `mat:` block and resolves it into these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.kinds.tables import DrawnTable, table_layout
from generator.kinds.tracks import DrawnTrack, SpaceBox, track_layout
from generator.units import mm
from generator.vocabulary import Shape
from generator.kinds.inks import FRAME

BORDER = mm(6.0)           # the player-colour band and the space inside it
TITLE_HEIGHT = mm(10.0)
SECTION_GAP = mm(4.0)
SECTION_PAD = mm(2.5)
SECTION_TITLE = mm(6.5)
SECTION_NOTE = mm(5.0)
SUPPLY_LABEL = mm(18.0)    # for a resource's name
SUPPLY_GAP = mm(0.8)
SUPPLY_ROW_GAP = mm(1.5)
SLOT_LABEL = mm(20.0)      # for a group's name
SLOT_GAP = mm(1.5)
BRACKET = mm(5.0)          # band above a row of slots for the upkeep brackets
GROUP_GAP = mm(2.0)


# -- the resolved mat ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawnResource:
    """One resource of a supply section as drawn: its name, fill and ink, and its starting value (a star)."""

    name: Any
    colour: str
    ink: str
    start: int | None = None


@dataclass(frozen=True)
class DrawnSupply:
    """A supply section's content: a row of spaces 0..max for each resource, spaces in points."""

    resources: tuple[DrawnResource, ...]
    max: int
    space_w: float
    space_h: float


@dataclass(frozen=True)
class DrawnSlots:
    """A slots section's content: a row of slots (points) under each group's name, upkeep brackets every `every`."""

    groups: tuple[Any, ...]
    slots: int
    slot_w: float
    slot_h: float
    shape: Shape                # disc | square
    every: int | None = None
    upkeep: Any = None


@dataclass(frozen=True)
class DrawnText:
    """A text section's content: its text, set in a box `width` x `height` (points)."""

    text: Any
    width: float
    height: float


DrawnContent = DrawnSupply | DrawnSlots | DrawnTable | DrawnTrack | DrawnText  # what a section holds, by its type


@dataclass(frozen=True)
class DrawnSection:
    """One section as drawn: its type, what it holds, its title and note, and where it goes."""

    type: str                   # supply | slots | table | track | text
    content: DrawnContent
    title: Any = None
    note: Any = None
    place: str = "row"          # row | beside | under


@dataclass(frozen=True)
class DrawnMat:
    """One side of a mat resolved against the kit, and the frame it is printed in (its player's colour)."""

    sections: tuple[DrawnSection, ...]
    title: Any = None
    frame: str = FRAME


# -- geometry -------------------------------------------------------------------------------------------
def section_bands(section: DrawnSection) -> tuple[float, float]:
    """Heights of the title band above a section's content and the note band below it."""
    return (SECTION_TITLE if section.title else 0.0), (SECTION_NOTE if section.note else 0.0)


def supply_spaces(supply: DrawnSupply) -> list[tuple[int, SpaceBox]]:
    """(resource index, space) for every space, relative to the content's top-left; space.index is its value."""
    out = []
    for r in range(len(supply.resources)):
        y = r * (supply.space_h + SUPPLY_ROW_GAP)
        for value in range(supply.max + 1):
            x = SUPPLY_LABEL + SUPPLY_GAP + value * (supply.space_w + SUPPLY_GAP)
            out.append((r, SpaceBox(value, x, y, supply.space_w, supply.space_h)))
    return out


def slot_boxes(slots: DrawnSlots) -> list[tuple[int, SpaceBox]]:
    """(group index, slot) for every slot, relative to the content's top-left; slot.index counts from 0."""
    out = []
    pitch = BRACKET + slots.slot_h + GROUP_GAP
    for g in range(len(slots.groups)):
        for k in range(slots.slots):
            x = SLOT_LABEL + SLOT_GAP + k * (slots.slot_w + SLOT_GAP)
            out.append((g, SpaceBox(k, x, g * pitch + BRACKET, slots.slot_w, slots.slot_h)))
    return out


def content_size(section: DrawnSection) -> tuple[float, float]:
    """Width and height of a section's content (without its title and note bands)."""
    content = section.content
    if isinstance(content, DrawnSupply):
        n = len(content.resources)
        return (SUPPLY_LABEL + SUPPLY_GAP + (content.max + 1) * (content.space_w + SUPPLY_GAP) - SUPPLY_GAP,
                n * (content.space_h + SUPPLY_ROW_GAP) - SUPPLY_ROW_GAP)
    if isinstance(content, DrawnSlots):
        n = len(content.groups)
        return (SLOT_LABEL + SLOT_GAP + content.slots * (content.slot_w + SLOT_GAP) - SLOT_GAP,
                n * (BRACKET + content.slot_h + GROUP_GAP) - GROUP_GAP)
    if isinstance(content, DrawnTable):
        layout = table_layout(content)
        return layout.width, layout.height
    if isinstance(content, DrawnTrack):
        track = track_layout(content)
        return track.width, track.height
    return content.width, content.height


def section_size(section: DrawnSection) -> tuple[float, float]:
    """A section's outer size: content, padding, title and note bands (tracks bring their own frame)."""
    w, h = content_size(section)
    if isinstance(section.content, DrawnTrack):
        return w, h
    title, note = section_bands(section)
    return w + 2 * SECTION_PAD, h + 2 * SECTION_PAD + title + note


@dataclass(frozen=True)
class SectionBox:
    """Where a section goes on the mat (points from the trim's top-left); w/h are its frame, stretched to line up."""

    index: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class MatLayout:
    """Where a mat's sections go and how big it is, in points."""

    width: float
    height: float
    sections: tuple[SectionBox, ...]


def mat_layout(mat: DrawnMat, size: tuple[float, float] | None = None) -> MatLayout:
    """Rows of columns of stacked sections; each column's last section stretches to the row's bottom and
    each row's last column to the mat's right edge, so the frames line up.

    With `size` (points, at least the content's) the mat is that size: the rows share the extra height
    and the last columns stretch to the right edge.
    """
    rows: list[list[list[int]]] = []
    for i, section in enumerate(mat.sections):
        place = section.place
        if place == "row" or not rows:
            rows.append([[i]])
        elif place == "beside":
            rows[-1].append([i])
        else:
            rows[-1][-1].append(i)
    sizes = [section_size(s) for s in mat.sections]
    column_w = [[max(sizes[i][0] for i in column) for column in row] for row in rows]
    column_h = [[sum(sizes[i][1] for i in column) + SECTION_GAP * (len(column) - 1) for column in row] for row in rows]
    inner_w = max(sum(ws) + SECTION_GAP * (len(ws) - 1) for ws in column_w)
    top = BORDER + (TITLE_HEIGHT if mat.title else 0.0)
    extra_h = 0.0
    if size is not None:
        natural_h = top + sum(max(heights) for heights in column_h) + SECTION_GAP * (len(rows) - 1) + BORDER
        inner_w = max(inner_w, size[0] - 2 * BORDER)
        extra_h = max(0.0, size[1] - natural_h) / len(rows)
    boxes: list[SectionBox] = []
    y = top
    for row, widths, heights in zip(rows, column_w, column_h):
        row_h = max(heights) + extra_h
        x = BORDER
        for c, column in enumerate(row):
            w = widths[c] if c < len(row) - 1 else BORDER + inner_w - x
            sy = y
            for k, i in enumerate(column):
                h = sizes[i][1] if k < len(column) - 1 else y + row_h - sy
                boxes.append(SectionBox(i, x, sy, w, h))
                sy += h + SECTION_GAP
            x += widths[c] + SECTION_GAP
        y += row_h + SECTION_GAP
    boxes.sort(key=lambda b: b.index)
    return MatLayout(inner_w + 2 * BORDER, y - SECTION_GAP + BORDER, tuple(boxes))
