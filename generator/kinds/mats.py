"""Kind `mat` (model stage): player mats made of titled sections — supply tracks (0..max per resource),
slot rows (e.g. standing-army slots under each envoy, with upkeep brackets), tables, tracks and text.

Sections flow in rows: `place: beside` starts a column to the right, `place: under` stacks below the
previous section in its column. The `mat:` block is read once, at load, into `MatOptions` (`read_mat`: lengths in
points; colours and `space_for`/`slot_for` as written, resolved against the kit by the builder into the millimetre
data the drawer gets). `mat_layout` is pure geometry shared with the drawer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from generator.colours import text_on
from generator.kinds.common import Resolver, drawn_copies, option_problems, piece_size, read_sides, side_problems
from generator.kinds.boards import Table, read_table, resolve_table, table_layout, table_problems
from generator.kinds.tracks import SpaceBox, Track, read_track, resolve_track, track_block_problems, track_layout
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import Piece
from generator.units import mm, parse_length, parse_size, to_mm
from generator.vocabulary import BACK, FRONT

BORDER = 6.0           # mm: the player-colour band and the space inside it
TITLE_HEIGHT = 10.0
SECTION_GAP = 4.0
SECTION_PAD = 2.5
SECTION_TITLE = 6.5
SECTION_NOTE = 5.0
SUPPLY_LABEL = 18.0    # mm for a resource's name
SUPPLY_GAP = 0.8
SUPPLY_ROW_GAP = 1.5
SLOT_LABEL = 20.0      # mm for a group's name
SLOT_GAP = 1.5
BRACKET = 5.0          # mm band above a row of slots for the upkeep brackets
GROUP_GAP = 2.0
REQUIRED = {"supply": "resources", "slots": "groups", "table": "table", "track": "track", "text": "text"}


# -- options --------------------------------------------------------------------------------------------
def validate_mat(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with a component's `mat:` block and its sides' own (its kind's check in generator/kinds/registry.py)."""
    yield from side_problems(raw, "mat", mat_block_problems, "a mat component needs a mat: block with sections")


def mat_block_problems(block: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with one side's mat block (the component's, with the side's laid over it)."""
    if not block.get("sections"):
        yield ("mat",), "a mat needs sections:"
    for i, section in enumerate(block.get("sections", [])):
        path = ("mat", "sections", i)
        kind = section.get("type")
        needed = REQUIRED.get(kind)
        if needed and needed not in section:
            yield path, f"a {kind} section needs {needed}:"
        if i == 0 and section.get("place", "row") != "row":
            yield path + ("place",), "the first section starts the first row; it cannot go beside or under another"
        if kind == "table" and "table" in section:
            yield from table_problems(section["table"], path + ("table",))
        if kind == "track" and "track" in section:
            yield from track_block_problems(section["track"], path + ("track",))
        if kind == "supply":
            top = section.get("max", 20)
            for j, resource in enumerate(section.get("resources", [])):
                if isinstance(resource, dict) and resource.get("start", 0) > top:
                    yield path + ("resources", j, "start"), f"start {resource['start']} is beyond max {top}"
        yield from option_problems([
            (path + ("space_size",), section.get("space_size"), "size"),
            (path + ("slot_size",), section.get("slot_size"), "size"),
            (path + ("margin",), section.get("margin"), "length"),
            (path + ("width",), section.get("width"), "length"),
            (path + ("height",), section.get("height"), "length"),
        ])


@dataclass(frozen=True)
class SupplyResource:
    """One resource of a supply section: its name, fill (as written; None: grey) and starting value."""

    name: Any
    colour: Any = None
    start: int | None = None


@dataclass(frozen=True)
class SupplySection:
    """A supply section: a row of spaces 0..max for each resource."""

    resources: tuple[SupplyResource, ...]
    max: int = 20
    space_size: tuple[float, float] | None = None   # points
    space_for: str | None = None                    # a component id: a space is its size plus margin
    margin: float = mm(1.0)


@dataclass(frozen=True)
class SlotsSection:
    """A slots section: a row of slots under each group's name, with upkeep brackets every `every` slots."""

    groups: tuple[Any, ...]
    slots: int = 4
    slot_size: tuple[float, float] | None = None    # points
    slot_for: str | None = None
    margin: float = mm(2.0)
    every: int | None = None
    upkeep: Any = None


@dataclass(frozen=True)
class TextSection:
    """A text section: its text, set in a box `width` x `height` (points)."""

    text: Any
    width: float = mm(80.0)
    height: float = mm(30.0)


SectionContent = SupplySection | SlotsSection | Table | Track | TextSection  # what a section holds, by its type


@dataclass(frozen=True)
class MatSection:
    """One section of a mat (checked), read once: where it goes, its title and note, and what it holds."""

    type: str                       # supply | slots | table | track | text
    content: SectionContent
    title: Any = None
    note: Any = None
    place: str = "row"              # row | beside | under


@dataclass(frozen=True)
class Mat:
    """One side's `mat:` block (checked), read once."""

    sections: tuple[MatSection, ...]
    title: Any = None


@dataclass(frozen=True)
class MatOptions:
    """A mat's `mat:` block, read once at load: its front's mat and its back's (None: a back drawn from a template,
    or none)."""

    front: Mat
    back: Mat | None = None


def read_section(section: Mapping[str, Any]) -> MatSection:
    """One checked section as a MatSection."""
    kind = section["type"]

    def length(key: str, default: float) -> float:
        return parse_length(section[key]) if section.get(key) is not None else mm(default)

    def size(key: str) -> tuple[float, float] | None:
        return parse_size(section[key]) if section.get(key) is not None else None

    content: SectionContent
    if kind == "supply":
        resources = tuple(SupplyResource(item["name"], item.get("colour"), item.get("start")) if isinstance(item, dict)
                          else SupplyResource(item) for item in section["resources"])
        content = SupplySection(resources, int(section.get("max", 20)), size("space_size"), section.get("space_for"),
                                length("margin", 1.0))
    elif kind == "slots":
        content = SlotsSection(tuple(section["groups"]), int(section.get("slots", 4)), size("slot_size"),
                               section.get("slot_for"), length("margin", 2.0), section.get("every"), section.get("upkeep"))
    elif kind == "table":
        content = read_table(section["table"])
    elif kind == "track":
        track = dict(section["track"])
        track.setdefault("title", section.get("title"))
        content = read_track(track)
    else:
        content = TextSection(section["text"], length("width", 80.0), length("height", 30.0))
    return MatSection(kind, content, section.get("title"), section.get("note"), section.get("place", "row"))


def read_mat(block: Mapping[str, Any]) -> Mat:
    """One side's checked mat block as a Mat."""
    return Mat(tuple(read_section(section) for section in block["sections"]), block.get("title"))


def read_mat_options(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]) -> tuple[MatOptions, list]:
    """Kind mat's parse: the front's and back's blocks (checked by validate_mat) as MatOptions."""
    return MatOptions(*read_sides(raw, "mat", read_mat)), []


def resolve_section(section: MatSection, resolver: Resolver, key: str) -> dict[str, Any]:
    """One section as plain data in mm, its colours and space sizes resolved."""
    kind, content = section.type, section.content
    out: dict[str, Any] = {"type": kind, "title": section.title, "note": section.note, "place": section.place}
    if isinstance(content, SupplySection):
        w, h, _ = resolver.space_box(f"{key}.space_for", content.space_size, content.space_for, to_mm(content.margin),
                                     (10.0, 10.0, "square"))
        resources = []
        for j, item in enumerate(content.resources):
            fill = resolver.colour(f"{key}.resources[{j}].colour", item.colour, "#bbbbbb")
            resources.append({"name": item.name, "colour": fill, "ink": text_on(fill), "start": item.start})
        out.update(resources=resources, max=content.max, space_w=w, space_h=h)
    elif isinstance(content, SlotsSection):
        w, h, shape = resolver.space_box(f"{key}.slot_for", content.slot_size, content.slot_for, to_mm(content.margin),
                                         (22.0, 16.0, "square"))
        out.update(groups=list(content.groups), slots=content.slots, slot_w=w, slot_h=h,
                   shape=shape, every=content.every, upkeep=content.upkeep)
    elif isinstance(content, Table):
        out["table"] = resolve_table(content, resolver, f"{key}.table")
    elif isinstance(content, Track):
        out["track"] = resolve_track(content, resolver, f"{key}.track")
        out["title"] = None
    else:
        out.update(text=content.text, width=to_mm(content.width), height=to_mm(content.height))
    return out


def resolve_mat(mat: Mat, resolver: Resolver, key: str = "mat") -> dict[str, Any]:
    """The mat as plain data in mm, resolved against the kit: what the layout and the drawer need."""
    return {"title": mat.title,
            "sections": [resolve_section(s, resolver, f"{key}.sections[{i}]") for i, s in enumerate(mat.sections)]}


# -- geometry -------------------------------------------------------------------------------------------
def section_bands(section: dict[str, Any]) -> tuple[float, float]:
    """Heights of the title band above a section's content and the note band below it."""
    return (SECTION_TITLE if section.get("title") else 0.0), (SECTION_NOTE if section.get("note") else 0.0)


def supply_spaces(section: dict[str, Any]) -> list[tuple[int, SpaceBox]]:
    """(resource index, space) for every space, relative to the content's top-left; space.index is its value."""
    out = []
    for r in range(len(section["resources"])):
        y = r * (section["space_h"] + SUPPLY_ROW_GAP)
        for value in range(section["max"] + 1):
            x = SUPPLY_LABEL + SUPPLY_GAP + value * (section["space_w"] + SUPPLY_GAP)
            out.append((r, SpaceBox(value, x, y, section["space_w"], section["space_h"])))
    return out


def slot_boxes(section: dict[str, Any]) -> list[tuple[int, SpaceBox]]:
    """(group index, slot) for every slot, relative to the content's top-left; slot.index counts from 0."""
    out = []
    pitch = BRACKET + section["slot_h"] + GROUP_GAP
    for g in range(len(section["groups"])):
        for k in range(section["slots"]):
            x = SLOT_LABEL + SLOT_GAP + k * (section["slot_w"] + SLOT_GAP)
            out.append((g, SpaceBox(k, x, g * pitch + BRACKET, section["slot_w"], section["slot_h"])))
    return out


def content_size(section: dict[str, Any]) -> tuple[float, float]:
    """Width and height of a section's content (without its title and note bands)."""
    kind = section["type"]
    if kind == "supply":
        n = len(section["resources"])
        return (SUPPLY_LABEL + SUPPLY_GAP + (section["max"] + 1) * (section["space_w"] + SUPPLY_GAP) - SUPPLY_GAP,
                n * (section["space_h"] + SUPPLY_ROW_GAP) - SUPPLY_ROW_GAP)
    if kind == "slots":
        n = len(section["groups"])
        return (SLOT_LABEL + SLOT_GAP + section["slots"] * (section["slot_w"] + SLOT_GAP) - SLOT_GAP,
                n * (BRACKET + section["slot_h"] + GROUP_GAP) - GROUP_GAP)
    if kind == "table":
        layout = table_layout(section["table"])
        return layout.width, layout.height
    if kind == "track":
        layout = track_layout(section["track"])
        return layout.width, layout.height
    return section["width"], section["height"]


def section_size(section: dict[str, Any]) -> tuple[float, float]:
    """A section's outer size: content, padding, title and note bands (tracks bring their own frame)."""
    w, h = content_size(section)
    if section["type"] == "track":
        return w, h
    title, note = section_bands(section)
    return w + 2 * SECTION_PAD, h + 2 * SECTION_PAD + title + note


@dataclass(frozen=True)
class SectionBox:
    """Where a section goes on the mat (mm from the trim's top-left); w/h are its frame, stretched to line up."""

    index: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class MatLayout:
    width: float
    height: float
    sections: tuple[SectionBox, ...]


def mat_layout(mat: dict[str, Any], size: tuple[float, float] | None = None) -> MatLayout:
    """Rows of columns of stacked sections; each column's last section stretches to the row's bottom and
    each row's last column to the mat's right edge, so the frames line up.

    With `size` (mm, at least the content's) the mat is that size: the rows share the extra height
    and the last columns stretch to the right edge.
    """
    rows: list[list[list[int]]] = []
    for i, section in enumerate(mat["sections"]):
        place = section.get("place", "row")
        if place == "row" or not rows:
            rows.append([[i]])
        elif place == "beside":
            rows[-1].append([i])
        else:
            rows[-1][-1].append(i)
    sizes = [section_size(s) for s in mat["sections"]]
    column_w = [[max(sizes[i][0] for i in column) for column in row] for row in rows]
    column_h = [[sum(sizes[i][1] for i in column) + SECTION_GAP * (len(column) - 1) for column in row] for row in rows]
    inner_w = max(sum(ws) + SECTION_GAP * (len(ws) - 1) for ws in column_w)
    top = BORDER + (TITLE_HEIGHT if mat.get("title") else 0.0)
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


# -- the component ----------------------------------------------------------------------------------------
def mat_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The builder of kind mat: one mat per set (per player or per colour), framed in that colour, sized to its
    sections or to its `size`; a back with its own mat: block is drawn as a mat too, at the same size."""
    options: MatOptions = component.options["mat"]
    resolver = Resolver(spec, component)
    mats = {side: resolve_mat(mat, resolver, "mat" if side == FRONT else f"sides.{side}.mat")
            for side, mat in ((FRONT, options.front), (BACK, options.back)) if mat is not None}
    resolver.raise_if_any()
    layouts = [mat_layout(mat) for mat in mats.values()]
    width, height = piece_size(component, "mat", ((layout.width, layout.height) for layout in layouts))

    def fields(side: str) -> Any:
        mat = mats[side]

        def fields_for(colour_name: str | None, colour: str | None) -> dict[str, Any]:
            frame = colour or "#5b4a32"
            title = mat.get("title") or ""
            shown_name = colour_name if colour_name and not colour_name.startswith("#") else ""
            return {"mat": {**mat, "title": title.replace("{colour}", shown_name).strip(" -–—") or None},
                    "frame": frame, "frame_ink": text_on(frame), "name": component.name, "colour_name": colour_name}

        return fields_for

    yield from drawn_copies(spec, component, players, "@mat", width, height, fields(FRONT),
                            fields(BACK) if BACK in mats else None)
