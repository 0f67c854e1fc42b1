"""Kind `board` (model stage): boards drawn from tables — labelled rows and columns, cells holding text
(prices, costs) and slots sized for a named token — with optional tracks attached below.

The `board:` block is read once, at load, into `BoardOptions` (`read_board`: lengths in points; colours and
`slot_for` as written), resolved against the kit by the builder into the frozen `DrawnBoard` the drawer gets
(points). Its table is read, resolved and laid out by `kinds/tables.py`, shared with player mats (their cost aids
are tables too); `board_layout` places the parts, in points, for builder and drawer alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Hashable, Iterator, Mapping

from generator.kinds.common import Resolver, drawn_copies, piece_size, read_sides, side_problems
from generator.kinds.parts import KindParts
from generator.kinds.tables import (DrawnTable, Table, TableLayout, read_table, resolve_table, table_layout,
                                    table_problems)
from generator.kinds.tracks import (DrawnTrack, Track, TrackLayout, read_track, resolve_track, track_block_problems,
                                    track_layout)
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import Piece
from generator.units import mm
from generator.vocabulary import BACK, FRONT
from generator.kinds.inks import GROUND

BORDER = mm(5.0)          # between the board's edge and its contents
TITLE_HEIGHT = mm(12.0)
NOTE_HEIGHT = mm(10.0)
NOTE_GAP = mm(2.0)        # above a note at the bottom
SECTION_GAP = mm(5.0)
LEAST_WIDTH = mm(60.0)    # of the contents, between the borders
MIN_NOTE_WIDTH = mm(50.0)  # a note beside the tracks needs at least this much room


# -- options --------------------------------------------------------------------------------------------
def validate_board(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with a component's `board:` block and its sides' own (its kind's check in generator/kinds/registry.py)."""
    yield from side_problems(raw, "board", board_block_problems,
                             "a board component needs a board: block (a table, tracks, or both)")


def board_block_problems(block: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with one side's board block (the component's, with the side's laid over it)."""
    if "table" not in block and not block.get("tracks"):
        yield ("board",), "a board needs a table:, tracks:, or both"
    if "table" in block:
        yield from table_problems(block["table"], ("board", "table"))
    for i, track in enumerate(block.get("tracks", [])):
        yield from track_block_problems(track, ("board", "tracks", i))


@dataclass(frozen=True)
class Board:
    """One side's `board:` block (checked), read once."""

    title: str | None = None
    note: str | None = None
    table: Table | None = None
    tracks: tuple[Track, ...] = ()
    tracks_side_by_side: bool = False
    title_align: str = "middle"


@dataclass(frozen=True)
class BoardOptions:
    """A board's `board:` block, read once at load: its front's board and its back's (None: a back drawn from a
    template, or none)."""

    front: Board
    back: Board | None = None


@dataclass(frozen=True)
class DrawnBoard:
    """One side of a board resolved against the kit, what its layout and drawer need (lengths in points), and the
    ground it is printed on (its player's colour, on a per-player board)."""

    title: str | None
    note: str | None
    table: DrawnTable | None
    tracks: tuple[DrawnTrack, ...]
    tracks_side_by_side: bool
    title_align: str
    ground: str = GROUND


# -- geometry -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardLayout:
    """Where the board's parts go (points, relative to the trim's top-left)."""

    width: float
    height: float
    table: TableLayout | None
    table_at: tuple[float, float]
    tracks: tuple[tuple[TrackLayout, tuple[float, float]], ...]
    note_at: tuple[float, float, float, float] | None   # x, y, width, height


def board_layout(board: DrawnBoard, size: tuple[float, float] | None = None) -> BoardLayout:
    """Title band, then the table, then the tracks (stacked, or in a row when tracks_side_by_side), then the
    note — beside a row of tracks when there is room for it there, else at the bottom.

    With `size` (points, at least the content's), the board is that size: the title runs across its top and
    the rest is centred in the room below it, at true size.
    """
    natural = _board_layout(board)
    if size is None:
        return natural
    width, height = max(size[0], natural.width), max(size[1], natural.height)
    dx, dy = (width - natural.width) / 2, (height - natural.height) / 2
    shift = lambda x, y: (x + dx, y + dy)  # noqa: E731
    return BoardLayout(width, height, natural.table, shift(*natural.table_at),
                       tuple((track, shift(*at)) for track, at in natural.tracks),
                       natural.note_at and (*shift(*natural.note_at[:2]), *natural.note_at[2:]))


def _board_layout(board: DrawnBoard) -> BoardLayout:
    top = BORDER + (TITLE_HEIGHT if board.title else 0.0)
    table = table_layout(board.table) if board.table is not None else None
    y = top + (table.height + SECTION_GAP if table else 0.0)
    tracks = [track_layout(track) for track in board.tracks]
    width = max([table.width if table else 0.0, LEAST_WIDTH] + [t.width for t in tracks])
    placed = []
    if board.tracks_side_by_side and tracks:
        row_width = sum(t.width for t in tracks) + SECTION_GAP * (len(tracks) - 1)
        width = max(width, row_width)
        x = BORDER
        for layout in tracks:
            placed.append((layout, (x, y)))
            x += layout.width + SECTION_GAP
        row_height = max(t.height for t in tracks)
        room = width - row_width - SECTION_GAP
        note_at = (x, y, room, row_height) if board.note and room >= MIN_NOTE_WIDTH else None
        y += row_height + SECTION_GAP
    else:
        for layout in tracks:
            placed.append((layout, (BORDER, y)))
            y += layout.height + SECTION_GAP
        note_at = None
    y -= SECTION_GAP
    if board.note and note_at is None:
        note_at = (BORDER, y + NOTE_GAP, width, NOTE_HEIGHT)
        y += NOTE_HEIGHT + NOTE_GAP
    table_x = BORDER + (width - table.width) / 2 if table else BORDER
    return BoardLayout(width + 2 * BORDER, y + BORDER, table, (table_x, top), tuple(placed), note_at)


# -- the component ----------------------------------------------------------------------------------------
def read_board(block: Mapping[str, Any]) -> Board:
    """One side's checked board block as a Board."""
    return Board(block.get("title"), block.get("note"), read_table(block["table"]) if "table" in block else None,
                 tuple(read_track(track) for track in block.get("tracks", [])),
                 bool(block.get("tracks_side_by_side", False)), block.get("title_align", "middle"))


def read_board_options(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]) -> tuple[BoardOptions, list]:
    """Kind board's parse: the front's and back's blocks (checked by validate_board) as BoardOptions."""
    return BoardOptions(*read_sides(raw, "board", read_board)), []


def resolve_board(board: Board, resolver: Resolver, key: str = "board") -> DrawnBoard:
    """The board resolved against the kit: what the layout and the drawer need."""
    return DrawnBoard(board.title, board.note,
                      resolve_table(board.table, resolver, f"{key}.table") if board.table is not None else None,
                      tuple(resolve_track(t, resolver, f"{key}.tracks[{i}]") for i, t in enumerate(board.tracks)),
                      board.tracks_side_by_side, board.title_align)


def board_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The builder of kind board: one piece per copy, sized to its table and tracks or to its `size` (impose tiles it
    if too big); a back with its own board: block is drawn as a board too, at the same size."""
    options: BoardOptions = component.options["board"]
    resolver = Resolver(spec, component)
    boards = {side: resolve_board(board, resolver, "board" if side == FRONT else f"sides.{side}.board")
              for side, board in ((FRONT, options.front), (BACK, options.back)) if board is not None}
    resolver.raise_if_any()
    layouts = [board_layout(board) for board in boards.values()]
    width, height = piece_size(component, "board", ((layout.width, layout.height) for layout in layouts))

    def fields(side: str) -> Any:
        def face_for(colour_name: str | None, colour: str | None) -> tuple[dict[str, Any], Hashable]:
            return ({"name": component.name, "colour_name": colour_name},
                    replace(boards[side], ground=colour or GROUND))

        return face_for

    yield from drawn_copies(spec, component, players, "@board", width, height, fields(FRONT),
                            fields(BACK) if BACK in boards else None)


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(board_pieces, check=validate_board, parse=read_board_options, options=BoardOptions)
