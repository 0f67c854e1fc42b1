"""Kind `track` (model stage): numbered or labelled spaces along a line, a grid or a loop.

`read_track` reads a `track:` block once, at load, into a frozen `Track` (lengths in points; colours and
`space_for` as written), `resolve_track` resolves it against the kit into the frozen `DrawnTrack` the drawer gets
(points), `track_layout` places its spaces (pure geometry in points, shared with the drawer), and `track_pieces`
makes the one-piece component. Boards and mats embed tracks through the same functions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Hashable, Iterator, Mapping

from generator.colours import text_on
from generator.kinds.common import Resolver, drawn_copies, option_problems, piece_size, read_sides, side_problems
from generator.kinds.parts import KindParts
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import Piece
from generator.units import mm, parse_length, parse_size
from generator.vocabulary import BACK, FRONT, Shape
from generator.kinds.inks import FRAME

SPACE_MARGIN = mm(2.0)      # around a token in a space sized for it
TRACK_GAP = mm(1.5)         # between spaces
TRACK_PAD = mm(2.5)         # around the spaces, inside the track's frame
TITLE_BAND = mm(7.0)
NOTE_BAND = mm(6.0)
TITLED_WIDTH = mm(40.0)     # the least room for a title, between the pads
DEFAULT_SPACE = mm(20.0)    # when neither space_size nor space_for is given
DEFAULT_SPACE_COLOUR = "#fbf6e9"


# -- the track option block ----------------------------------------------------------------------------
def space_entries(block: dict[str, Any]) -> list[dict[str, Any]]:
    """Each space as a mapping with at least `label`: from a count (numbered from `first` by `step`) or a list."""
    spaces = block.get("spaces", 10)
    if isinstance(spaces, int):
        first, step = block.get("first", 1), block.get("step", 1)
        return [{"label": str(first + i * step)} for i in range(spaces)]
    entries = [dict(item) if isinstance(item, dict) else {"label": item} for item in spaces]
    return [{**entry, "label": str(entry["label"])} for entry in entries]


def validate_track(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with a component's `track:` block and its sides' own (its kind's check in generator/kinds/registry.py)."""
    yield from side_problems(raw, "track", lambda block: track_block_problems(block, ("track",)),
                             "a track component needs a track: block (spaces, layout …)")


def track_block_problems(block: dict[str, Any], path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with one track block, wherever it sits (a track component, a board's tracks, a mat section)."""
    count = len(space_entries(block))
    if count < 1:
        yield path + ("spaces",), "a track needs at least one space"
    layout = block.get("layout", "line")
    columns = block.get("columns")
    if layout == "loop":
        if count < 4 or count % 2:
            yield path + ("spaces",), f"a loop runs round a rectangle, so it needs an even number of spaces ≥ 4 (got {count})"
        elif columns is not None and not 2 <= columns <= count // 2:
            yield path + ("columns",), f"a loop of {count} spaces can have 2 to {count // 2} columns"
    if layout == "line" and columns is not None:
        yield path + ("columns",), "columns applies to grid and loop layouts; use direction for a line"
    start = block.get("start")
    if start is not None and str(start) not in {e["label"] for e in space_entries(block)}:
        yield path + ("start",), f"start {start!r} is not the label of any space"
    yield from option_problems([
        (path + ("space_size",), block.get("space_size"), "size"),
        (path + ("margin",), block.get("margin"), "length"),
        (path + ("gap",), block.get("gap"), "length"),
    ])


@dataclass(frozen=True)
class TrackSpace:
    """One space of a track as written: its label, note and fill (None: the track's colours)."""

    label: str
    note: Any = None
    colour: Any = None


@dataclass(frozen=True)
class Track:
    """A `track:` block (checked), read once: its spaces and their layout, lengths in points. Colours and
    `space_for` stay as written: the builder resolves them against the kit's palette and components."""

    spaces: tuple[TrackSpace, ...]
    layout: str = "line"             # line | grid | loop
    columns: int = 1                 # spaces per row (a line across: all of them; down: one)
    serpentine: bool = False
    arrows: bool = True
    title: str | None = None
    note: str | None = None
    start: str | None = None         # the label of the space marked with a star
    margin: float = SPACE_MARGIN
    gap: float = TRACK_GAP
    space_size: tuple[float, float] | None = None
    space_for: str | None = None     # a component id: each space is its size plus `margin`
    space_shape: Shape | None = None  # None: disc for a round `space_for`, else square
    colour: Any = None
    colours: tuple[Any, ...] = ()


@dataclass(frozen=True)
class TrackOptions:
    """A track component's `track:` block, read once at load: its front's track and its back's (None: a back
    drawn from a template, or none)."""

    front: Track
    back: Track | None = None


def read_track(block: Mapping[str, Any]) -> Track:
    """One checked track block (a track component's, a board's or a mat section's) as a Track."""
    spaces = tuple(TrackSpace(entry["label"], entry.get("note"), entry.get("colour")) for entry in space_entries(block))
    count = len(spaces)
    layout = block.get("layout", "line")
    columns = block.get("columns")
    if layout == "line":
        columns = count if block.get("direction", "across") == "across" else 1
    elif layout == "grid":
        columns = columns or math.ceil(math.sqrt(count))
    else:
        columns = columns or max(2, min(count // 2, round(count / 4) + 1))
    start = block.get("start")
    return Track(
        spaces, layout, columns, bool(block.get("serpentine", False)), bool(block.get("arrows", True)),
        block.get("title"), block.get("note"), None if start is None else str(start),
        parse_length(block["margin"]) if block.get("margin") is not None else SPACE_MARGIN,
        parse_length(block["gap"]) if block.get("gap") is not None else TRACK_GAP,
        parse_size(block["space_size"]) if block.get("space_size") is not None else None,
        block.get("space_for"), block.get("space_shape"), block.get("colour"), tuple(block.get("colours", ())))


def read_track_options(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]) -> tuple[TrackOptions, list]:
    """Kind track's parse: the front's and back's blocks (checked by validate_track) as TrackOptions."""
    return TrackOptions(*read_sides(raw, "track", read_track)), []


@dataclass(frozen=True)
class DrawnSpace:
    """One space as drawn: its label and note, its fill and the ink on it, and whether it is the start (a star)."""

    label: str
    note: Any
    colour: str
    ink: str
    star: bool = False


@dataclass(frozen=True)
class DrawnTrack:
    """A track resolved against the kit, what its layout and drawer need: colours and space sizes resolved,
    lengths in points."""

    spaces: tuple[DrawnSpace, ...]
    layout: str                  # line | grid | loop
    columns: int
    serpentine: bool
    arrows: bool
    space_w: float
    space_h: float
    shape: Shape                 # disc | square
    gap: float
    title: str | None = None
    note: str | None = None


def resolve_track(track: Track, resolver: Resolver, key: str = "track") -> DrawnTrack:
    """The track with its colours and space sizes resolved: what the layout and the drawer need."""
    width, height, shape = resolver.space_box(f"{key}.space_for", track.space_size, track.space_for, track.margin,
                                              (DEFAULT_SPACE, DEFAULT_SPACE, "square"))
    shape = track.space_shape or shape
    base = resolver.colour(f"{key}.colour", track.colour, DEFAULT_SPACE_COLOUR)
    cycle = [resolver.colour(f"{key}.colours[{i}]", c, base) for i, c in enumerate(track.colours)]
    spaces = []
    for i, entry in enumerate(track.spaces):
        fill = entry.colour
        fill = resolver.colour(f"{key}.spaces[{i}].colour", fill, base) if fill else (cycle[i % len(cycle)] if cycle else base)
        spaces.append(DrawnSpace(entry.label, entry.note, fill, text_on(fill),
                                 track.start is not None and track.start == entry.label))
    return DrawnTrack(tuple(spaces), track.layout, track.columns, track.serpentine, track.arrows, width, height, shape,
                      track.gap, track.title, track.note)


@dataclass(frozen=True)
class TrackFace:
    """What drawer '@track' draws on one face: the track, and the frame colour (its player's, on a per-player track)."""

    track: DrawnTrack
    frame: str


# -- geometry -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SpaceBox:
    """One space of a track (or slot of a table or mat), in points relative to its track's (table's, section's)
    top-left."""

    index: int
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class TrackLayout:
    """Where a track's spaces go and how big it is, in points."""

    width: float
    height: float
    spaces: tuple[SpaceBox, ...]
    top: float     # where the spaces start (below the title band)
    closed: bool   # a loop: the last space leads back to the first


def grid_cells(count: int, layout: str, columns: int, serpentine: bool) -> list[tuple[int, int]]:
    """(column, row) of each space in order."""
    if layout == "loop":
        rows = (count - 2 * columns) // 2 + 2
        ring = [(c, 0) for c in range(columns)]
        ring += [(columns - 1, r) for r in range(1, rows)]
        ring += [(c, rows - 1) for c in range(columns - 2, -1, -1)]
        ring += [(0, r) for r in range(rows - 2, 0, -1)]
        return ring[:count]
    cells = []
    for i in range(count):
        row, col = divmod(i, columns)
        if serpentine and row % 2:
            col = columns - 1 - col
        cells.append((col, row))
    return cells


def track_layout(track: DrawnTrack, size: tuple[float, float] | None = None) -> TrackLayout:
    """Where each space goes; the track's size includes its title and note bands and padding.

    With `size` (points, at least the content's) the track is that size, its spaces centred in it at true size.
    """
    natural = _track_layout(track)
    if size is None:
        return natural
    width, height = max(size[0], natural.width), max(size[1], natural.height)
    dx, dy = (width - natural.width) / 2, (height - natural.height) / 2
    spaces = tuple(SpaceBox(s.index, s.x + dx, s.y + dy, s.w, s.h) for s in natural.spaces)
    return TrackLayout(width, height, spaces, natural.top + dy, natural.closed)


def _track_layout(track: DrawnTrack) -> TrackLayout:
    count = len(track.spaces)
    cells = grid_cells(count, track.layout, track.columns, track.serpentine)
    pitch_x, pitch_y = track.space_w + track.gap, track.space_h + track.gap
    top = TRACK_PAD + (TITLE_BAND if track.title else 0.0)
    spaces = tuple(SpaceBox(i, TRACK_PAD + c * pitch_x, top + r * pitch_y, track.space_w, track.space_h)
                   for i, (c, r) in enumerate(cells))
    columns = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    width = 2 * TRACK_PAD + columns * pitch_x - track.gap
    if track.title:
        width = max(width, 2 * TRACK_PAD + TITLED_WIDTH)
    height = top + rows * pitch_y - track.gap + TRACK_PAD + (NOTE_BAND if track.note else 0.0)
    return TrackLayout(width, height, spaces, top, track.layout == "loop")


# -- the component ------------------------------------------------------------------------------------------
def track_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The builder of kind track: one piece per copy, sized to its spaces or to its `size`; a back with its own
    track: block is drawn as a track too, at the same size."""
    options: TrackOptions = component.options["track"]
    resolver = Resolver(spec, component)
    tracks = {side: resolve_track(track, resolver, "track" if side == FRONT else f"sides.{side}.track")
              for side, track in ((FRONT, options.front), (BACK, options.back)) if track is not None}
    resolver.raise_if_any()
    layouts = [track_layout(track) for track in tracks.values()]
    width, height = piece_size(component, "track", ((layout.width, layout.height) for layout in layouts))

    def fields(side: str) -> Any:
        def face_for(colour_name: str | None, colour: str | None) -> tuple[dict[str, Any], Hashable]:
            return ({"name": component.name, "colour_name": colour_name},
                    TrackFace(tracks[side], colour or FRAME))

        return face_for

    yield from drawn_copies(spec, component, players, "@track", width, height, fields(FRONT),
                            fields(BACK) if BACK in tracks else None)


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(track_pieces, check=validate_track, parse=read_track_options, options=TrackOptions)
