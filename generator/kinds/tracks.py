"""Kind `track` (model stage): numbered or labelled spaces along a line, a grid or a loop.

`resolve_track` turns a manifest `track:` block into plain millimetre data, `track_layout` places its
spaces (pure geometry, shared with the drawer), and `track_pieces` makes the one-piece component.
Boards and mats embed tracks through the same two functions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator

from generator.colours import text_on
from generator.kinds.common import Resolver, component_blocks, drawn_copies, option_problems, piece_size, side_problems
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import Piece

SPACE_MARGIN = 2.0       # mm around a token in a space sized for it
TRACK_GAP = 1.5          # mm between spaces
TRACK_PAD = 2.5          # mm around the spaces, inside the track's frame
TITLE_BAND = 7.0         # mm
NOTE_BAND = 6.0          # mm
DEFAULT_SPACE = 20.0     # mm, when neither space_size nor space_for is given
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


def resolve_track(block: dict[str, Any], resolver: Resolver, key: str = "track") -> dict[str, Any]:
    """The track as plain data in mm: what the layout and the drawer need, nothing else."""
    margin = resolver.length(f"{key}.margin", block.get("margin"), SPACE_MARGIN)
    width, height, shape = resolver.token_box(f"{key}.space_for", block.get("space_size"), block.get("space_for"),
                                              margin, (DEFAULT_SPACE, DEFAULT_SPACE, "square"))
    shape = block.get("space_shape", shape)
    base = resolver.colour(f"{key}.colour", block.get("colour"), DEFAULT_SPACE_COLOUR)
    cycle = [resolver.colour(f"{key}.colours[{i}]", c, base) for i, c in enumerate(block.get("colours", []))]
    spaces = []
    start = block.get("start")
    for i, entry in enumerate(space_entries(block)):
        fill = entry.get("colour")
        fill = resolver.colour(f"{key}.spaces[{i}].colour", fill, base) if fill else (cycle[i % len(cycle)] if cycle else base)
        spaces.append({"label": entry["label"], "note": entry.get("note"), "colour": fill, "ink": text_on(fill),
                       "star": start is not None and str(start) == entry["label"]})
    count = len(spaces)
    layout = block.get("layout", "line")
    columns = block.get("columns")
    if layout == "line":
        columns = count if block.get("direction", "across") == "across" else 1
    elif layout == "grid":
        columns = columns or math.ceil(math.sqrt(count))
    else:
        columns = columns or max(2, min(count // 2, round(count / 4) + 1))
    return {
        "title": block.get("title"), "note": block.get("note"), "spaces": spaces, "layout": layout,
        "columns": columns, "serpentine": bool(block.get("serpentine", False)),
        "arrows": bool(block.get("arrows", True)), "space_w": width, "space_h": height,
        "shape": shape, "gap": resolver.length(f"{key}.gap", block.get("gap"), TRACK_GAP),
    }


# -- geometry -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SpaceBox:
    """One space of a track, in mm relative to the track's top-left."""

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


def track_layout(track: dict[str, Any], size: tuple[float, float] | None = None) -> TrackLayout:
    """Where each space goes; the track's size includes its title and note bands and padding.

    With `size` (mm, at least the content's) the track is that size, its spaces centred in it at true size.
    """
    natural = _track_layout(track)
    if size is None:
        return natural
    width, height = max(size[0], natural.width), max(size[1], natural.height)
    dx, dy = (width - natural.width) / 2, (height - natural.height) / 2
    spaces = tuple(SpaceBox(s.index, s.x + dx, s.y + dy, s.w, s.h) for s in natural.spaces)
    return TrackLayout(width, height, spaces, natural.top + dy, natural.closed)


def _track_layout(track: dict[str, Any]) -> TrackLayout:
    count = len(track["spaces"])
    cells = grid_cells(count, track["layout"], track["columns"], track["serpentine"])
    pitch_x, pitch_y = track["space_w"] + track["gap"], track["space_h"] + track["gap"]
    top = TRACK_PAD + (TITLE_BAND if track.get("title") else 0.0)
    spaces = tuple(SpaceBox(i, TRACK_PAD + c * pitch_x, top + r * pitch_y, track["space_w"], track["space_h"])
                   for i, (c, r) in enumerate(cells))
    columns = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    width = 2 * TRACK_PAD + columns * pitch_x - track["gap"]
    if track.get("title"):
        width = max(width, 2 * TRACK_PAD + 40.0)
    height = top + rows * pitch_y - track["gap"] + TRACK_PAD + (NOTE_BAND if track.get("note") else 0.0)
    return TrackLayout(width, height, spaces, top, track["layout"] == "loop")


# -- the component ------------------------------------------------------------------------------------------
def track_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The builder of kind track: one piece per copy, sized to its spaces or to its `size`; a back with its own
    track: block is drawn as a track too, at the same size."""
    resolver = Resolver(spec, component)
    tracks = {side: resolve_track(block, resolver, "track" if side == "front" else f"sides.{side}.track")
              for side, block in component_blocks(component, "track").items()}
    resolver.raise_if_any()
    layouts = [track_layout(track) for track in tracks.values()]
    width, height = piece_size(component, "track", ((layout.width, layout.height) for layout in layouts))

    def fields(side: str) -> Any:
        return lambda colour_name, colour: {"track": tracks[side], "frame": colour or "#5b4a32", "name": component.name,
                                            "colour_name": colour_name}

    yield from drawn_copies(spec, component, players, "@track", width, height, fields("front"),
                            fields("back") if "back" in tracks else None)
