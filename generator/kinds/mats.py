"""Kind `mat` (model stage): player mats made of titled sections — supply tracks (0..max per resource),
slot rows (e.g. standing-army slots under each envoy, with upkeep brackets), tables, tracks and text.

Sections flow in rows: `place: beside` starts a column to the right, `place: under` stacks below the
previous section in its column. The `mat:` block is read once, at load, into `MatOptions` (`read_mat`: lengths in
points; colours and `space_for`/`slot_for` as written), resolved against the kit by the builder into the frozen
`DrawnMat` the drawer gets (points); `kinds/matlayout.py` holds it and lays it out, for builder and drawer alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Hashable, Iterator, Mapping

from generator.colours import text_on
from generator.kinds.common import Resolver, drawn_copies, option_problems, piece_size, read_sides, side_problems
from generator.kinds.inks import FRAME
from generator.kinds.matlayout import (DrawnContent, DrawnMat, DrawnResource, DrawnSection, DrawnSlots,
                                       DrawnSupply, DrawnText, mat_layout)
from generator.kinds.parts import KindParts
from generator.kinds.tables import Table, read_table, resolve_table, table_problems
from generator.kinds.tracks import Track, read_track, resolve_track, track_block_problems
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import Piece
from generator.units import mm, parse_length, parse_size
from generator.vocabulary import BACK, FRONT

DEFAULT_SUPPLY_SPACE = mm(10.0)            # a supply space, when neither space_size nor space_for is given
DEFAULT_SLOT = (mm(22.0), mm(16.0), "square")  # a slot, when neither slot_size nor slot_for is given
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


def resolve_section(section: MatSection, resolver: Resolver, key: str) -> DrawnSection:
    """One section with its colours and space sizes resolved."""
    content = section.content
    drawn: DrawnContent
    title = section.title
    if isinstance(content, SupplySection):
        w, h, _ = resolver.space_box(f"{key}.space_for", content.space_size, content.space_for, content.margin,
                                     (DEFAULT_SUPPLY_SPACE, DEFAULT_SUPPLY_SPACE, "square"))
        resources = []
        for j, item in enumerate(content.resources):
            fill = resolver.colour(f"{key}.resources[{j}].colour", item.colour, "#bbbbbb")
            resources.append(DrawnResource(item.name, fill, text_on(fill), item.start))
        drawn = DrawnSupply(tuple(resources), content.max, w, h)
    elif isinstance(content, SlotsSection):
        w, h, shape = resolver.space_box(f"{key}.slot_for", content.slot_size, content.slot_for, content.margin,
                                         DEFAULT_SLOT)
        drawn = DrawnSlots(content.groups, content.slots, w, h, shape, content.every, content.upkeep)
    elif isinstance(content, Table):
        drawn = resolve_table(content, resolver, f"{key}.table")
    elif isinstance(content, Track):
        drawn = resolve_track(content, resolver, f"{key}.track")
        title = None  # the track's own title, in its frame
    else:
        drawn = DrawnText(content.text, content.width, content.height)
    return DrawnSection(section.type, drawn, title, section.note, section.place)


def resolve_mat(mat: Mat, resolver: Resolver, key: str = "mat") -> DrawnMat:
    """The mat resolved against the kit: what the layout and the drawer need."""
    return DrawnMat(tuple(resolve_section(s, resolver, f"{key}.sections[{i}]") for i, s in enumerate(mat.sections)),
                    mat.title)


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

        def face_for(colour_name: str | None, colour: str | None) -> tuple[dict[str, Any], Hashable]:
            title = mat.title or ""
            shown_name = colour_name if colour_name and not colour_name.startswith("#") else ""
            return ({"name": component.name, "colour_name": colour_name},
                    replace(mat, title=title.replace("{colour}", shown_name).strip(" -–—") or None,
                            frame=colour or FRAME))

        return face_for

    yield from drawn_copies(spec, component, players, "@mat", width, height, fields(FRONT),
                            fields(BACK) if BACK in mats else None)


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(mat_pieces, check=validate_mat, parse=read_mat_options, options=MatOptions)
