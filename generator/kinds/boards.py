"""Kind `board` (model stage): boards drawn from tables — labelled rows and columns, cells holding text
(prices, costs) and slots sized for a named token — with optional tracks attached below.

The `board:` block is read once, at load, into `BoardOptions` (`read_board`: lengths in points; colours and
`slot_for` as written, resolved against the kit by the builder into the millimetre data the drawer gets).
`read_table`/`resolve_table`/`table_layout` are shared with player mats (their cost aids are tables too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from generator.colours import text_on
from generator.kinds.common import Resolver, drawn_copies, option_problems, piece_size, read_sides, side_problems
from generator.kinds.tracks import (SpaceBox, Track, TrackLayout, read_track, resolve_track, track_block_problems,
                                    track_layout)
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import Piece
from generator.units import mm, parse_length, parse_size, to_mm
from generator.vocabulary import BACK, FRONT

CELL_PAD = 1.5        # mm inside a cell, and between a cell's slots
TEXT_WIDTH = 11.0     # mm for a cell's text (a price) beside its slots
TEXT_PAD = 0.6        # mm above and below the text of a cell without slots
HEADER_HEIGHT = 12.0
LABEL_WIDTH = 26.0
COLUMN_WIDTH = 22.0   # least column width
ROW_HEIGHT = 10.0     # least row height
BORDER = 5.0          # mm between the board's edge and its contents
TITLE_HEIGHT = 12.0
NOTE_HEIGHT = 10.0
SECTION_GAP = 5.0
MIN_NOTE_WIDTH = 50.0  # mm: a note beside the tracks needs at least this much room
HEAD_COLOUR = "#d9ccb0"
CELL_COLOUR = "#fffaf0"


# -- options --------------------------------------------------------------------------------------------
def _as_list(value: Any, count: int) -> list[Any]:
    """A per-column option given once (applies to every column) or as a list."""
    return list(value) if isinstance(value, list) else [value] * count


def _cell(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {"text": value}


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


def table_problems(table: dict[str, Any], path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every row has one cell per column; per-column lists match the columns."""
    columns = len(table.get("columns", []))
    for key in ("slots", "slot_for"):
        if isinstance(table.get(key), list) and len(table[key]) != columns:
            yield path + (key,), f"{key} lists {len(table[key])} values for {columns} columns"
    for i, row in enumerate(table.get("rows", [])):
        cells = row.get("cells", [])
        if len(cells) != columns:
            yield path + ("rows", i, "cells"), f"this row has {len(cells)} cells for {columns} columns"
        if isinstance(row.get("slots"), list) and len(row["slots"]) != columns:
            yield path + ("rows", i, "slots"), f"slots lists {len(row['slots'])} values for {columns} columns"
    heads = table.get("columns", [])
    yield from option_problems([
        (path + ("slot_size",), table.get("slot_size"), "size"),
        *((path + ("columns", j, "slot_size"), head.get("slot_size"), "size")
          for j, head in enumerate(heads) if isinstance(head, dict)),
        (path + ("margin",), table.get("margin"), "length"),
        *((path + (key,), table.get(key), "length")
          for key in ("label_width", "column_width", "row_height", "header_height")),
    ])


@dataclass(frozen=True)
class TableColumn:
    """One column heading: its label, fill (as written; None: the heading colour) and its cells' slots."""

    label: str
    slots: int                  # slots in each of its cells, unless a row or a cell says otherwise
    slot_for: str | None = None                   # a component id: a slot is its size plus the table's margin
    slot_size: tuple[float, float] | None = None  # points: its own slot_size, else the table's
    colour: Any = None


@dataclass(frozen=True)
class TableCell:
    """One body cell: its text (a price, a cost), how many slots it holds, and whether it is a box to write in."""

    text: str
    slots: int
    write_in: bool = False


@dataclass(frozen=True)
class TableRow:
    """One body row: its label, fill (as written; None: the heading colour), note and cells."""

    label: str
    cells: tuple[TableCell, ...]
    colour: Any = None
    note: Any = None


@dataclass(frozen=True)
class Table:
    """A `table:` block (checked), read once: columns, rows and sizes (points); colours as written."""

    columns: tuple[TableColumn, ...]
    rows: tuple[TableRow, ...]
    corner: str = ""
    slot_shape: str | None = None    # None: disc for a round slot_for, else square
    margin: float = mm(2.0)
    label_width: float = mm(LABEL_WIDTH)
    column_width: float = mm(COLUMN_WIDTH)
    row_height: float = mm(ROW_HEIGHT)
    header_height: float = mm(HEADER_HEIGHT)
    cell_colour: Any = None
    slot_colour: Any = None


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


def read_table(table: Mapping[str, Any]) -> Table:
    """A checked `table:` block (a board's or a mat section's) as a Table."""
    heads = [dict(c) if isinstance(c, dict) else {"label": c} for c in table.get("columns", [])]
    count = len(heads)
    slot_for = _as_list(table.get("slot_for"), count)
    slots = _as_list(table.get("slots", 0 if table.get("slot_for") is None and table.get("slot_size") is None else 1), count)
    slot_sizes = [head.get("slot_size", table.get("slot_size")) for head in heads]
    columns = tuple(TableColumn(str(head.get("label", "")), int(head.get("slots", slots[j]) or 0),
                                head.get("slot_for", slot_for[j]), None if size is None else parse_size(size),
                                head.get("colour")) for j, (head, size) in enumerate(zip(heads, slot_sizes)))
    rows = []
    for row in table.get("rows", []):
        row_slots = row.get("slots")
        per_column = _as_list(row_slots, count) if row_slots is not None else [c.slots for c in columns]
        cells = []
        for j, value in enumerate(row.get("cells", [])[:count]):
            cell = _cell(value)
            text = cell.get("text")
            cells.append(TableCell("" if text is None else str(text), int(cell.get("slots", per_column[j]) or 0),
                                   bool(cell.get("write_in", row.get("write_in", False)))))
        rows.append(TableRow("" if row.get("label") is None else str(row["label"]), tuple(cells), row.get("colour"),
                             row.get("note")))

    def length(key: str, default: float) -> float:
        return parse_length(table[key]) if table.get(key) is not None else mm(default)

    return Table(columns, tuple(rows), table.get("corner", ""), table.get("slot_shape"), length("margin", 2.0),
                 length("label_width", LABEL_WIDTH), length("column_width", COLUMN_WIDTH),
                 length("row_height", ROW_HEIGHT), length("header_height", HEADER_HEIGHT), table.get("cell_colour"),
                 table.get("slot_colour"))


def resolve_table(table: Table, resolver: Resolver, key: str) -> dict[str, Any]:
    """The table as plain data in mm, its colours and slot sizes resolved: columns with their slot sizes, rows of
    cells with text and slot counts."""
    margin = to_mm(table.margin)
    columns = []
    for j, head in enumerate(table.columns):
        w, h, shape = resolver.space_box(f"{key}.columns[{j}].slot_for", head.slot_size, head.slot_for, margin,
                                         (20.0, 20.0, "square"))
        fill = resolver.colour(f"{key}.columns[{j}].colour", head.colour, HEAD_COLOUR)
        columns.append({"label": head.label, "colour": fill, "ink": text_on(fill), "slots": head.slots,
                        "slot_w": w, "slot_h": h, "slot_shape": table.slot_shape or shape})
    rows = []
    for i, row in enumerate(table.rows):
        fill = resolver.colour(f"{key}.rows[{i}].colour", row.colour, HEAD_COLOUR)
        cells = [{"text": cell.text, "slots": cell.slots, "write_in": cell.write_in} for cell in row.cells]
        rows.append({"label": row.label, "colour": fill, "ink": text_on(fill), "note": row.note, "cells": cells})
    return {
        "columns": columns, "rows": rows, "corner": table.corner,
        "label_width": to_mm(table.label_width), "column_width": to_mm(table.column_width),
        "row_height": to_mm(table.row_height), "header_height": to_mm(table.header_height),
        "cell_colour": resolver.colour(f"{key}.cell_colour", table.cell_colour, CELL_COLOUR),
        "slot_colour": resolver.colour(f"{key}.slot_colour", table.slot_colour, "#ffffff"),
    }


# -- geometry -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CellBox:
    """One body cell (mm, relative to the table's top-left): its box, its text box and its slots."""

    row: int
    column: int
    x: float
    y: float
    w: float
    h: float
    text_box: tuple[float, float, float, float]
    slots: tuple[SpaceBox, ...]


@dataclass(frozen=True)
class TableLayout:
    width: float
    height: float
    column_x: tuple[float, ...]   # left edge of each column (the label column starts at 0)
    column_w: tuple[float, ...]
    row_y: tuple[float, ...]      # top of each body row (the header starts at 0)
    row_h: tuple[float, ...]
    cells: tuple[CellBox, ...]


def table_layout(table: dict[str, Any]) -> TableLayout:
    """Column widths fit their widest cell (text plus slots), rows their tallest slot."""
    columns, rows = table["columns"], table["rows"]
    widths = []
    for j, column in enumerate(columns):
        need = table["column_width"]
        for row in rows:
            cell = row["cells"][j]
            n = cell["slots"]
            if n:
                text = TEXT_WIDTH + CELL_PAD if cell["text"] else 0.0
                need = max(need, CELL_PAD + text + n * column["slot_w"] + (n - 1) * CELL_PAD + CELL_PAD)
        widths.append(need)
    heights = []
    for row in rows:
        need = table["row_height"]
        for j, cell in enumerate(row["cells"]):
            if cell["slots"]:
                need = max(need, columns[j]["slot_h"] + 2 * CELL_PAD)
        heights.append(need)
    xs, x = [], table["label_width"]
    for w in widths:
        xs.append(x)
        x += w
    ys, y = [], table["header_height"]
    for h in heights:
        ys.append(y)
        y += h
    cells = []
    for i, row in enumerate(rows):
        for j, cell in enumerate(row["cells"]):
            cx, cy, cw, ch = xs[j], ys[i], widths[j], heights[i]
            n, column = cell["slots"], columns[j]
            if n:
                text_w = TEXT_WIDTH if cell["text"] else 0.0
                used = (text_w + CELL_PAD if text_w else 0.0) + n * column["slot_w"] + (n - 1) * CELL_PAD
                left = cx + (cw - used) / 2
                text_box = (left, cy + CELL_PAD, text_w, ch - 2 * CELL_PAD)
                first = left + (text_w + CELL_PAD if text_w else 0.0)
                slot_y = cy + (ch - column["slot_h"]) / 2
                slots = tuple(SpaceBox(k, first + k * (column["slot_w"] + CELL_PAD), slot_y, column["slot_w"], column["slot_h"])
                              for k in range(n))
            else:
                text_box = (cx + CELL_PAD, cy + TEXT_PAD, cw - 2 * CELL_PAD, ch - 2 * TEXT_PAD)
                slots = ()
            cells.append(CellBox(i, j, cx, cy, cw, ch, text_box, slots))
    return TableLayout(x, y, (0.0, *xs), (table["label_width"], *widths), tuple(ys), tuple(heights), tuple(cells))


@dataclass(frozen=True)
class BoardLayout:
    """Where the board's parts go (mm, relative to the trim's top-left)."""

    width: float
    height: float
    table: TableLayout | None
    table_at: tuple[float, float]
    tracks: tuple[tuple[TrackLayout, tuple[float, float]], ...]
    note_at: tuple[float, float, float, float] | None   # x, y, width, height


def board_layout(board: dict[str, Any], size: tuple[float, float] | None = None) -> BoardLayout:
    """Title band, then the table, then the tracks (stacked, or in a row when tracks_side_by_side), then the
    note — beside a row of tracks when there is room for it there, else at the bottom.

    With `size` (mm, at least the content's), the board is that size: the title runs across its top and
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


def _board_layout(board: dict[str, Any]) -> BoardLayout:
    top = BORDER + (TITLE_HEIGHT if board.get("title") else 0.0)
    table = table_layout(board["table"]) if board.get("table") else None
    y = top + (table.height + SECTION_GAP if table else 0.0)
    tracks = [track_layout(track) for track in board.get("tracks", [])]
    width = max([table.width if table else 0.0, 60.0] + [t.width for t in tracks])
    placed = []
    if board.get("tracks_side_by_side") and tracks:
        row_width = sum(t.width for t in tracks) + SECTION_GAP * (len(tracks) - 1)
        width = max(width, row_width)
        x = BORDER
        for layout in tracks:
            placed.append((layout, (x, y)))
            x += layout.width + SECTION_GAP
        row_height = max(t.height for t in tracks)
        room = width - row_width - SECTION_GAP
        note_at = (x, y, room, row_height) if board.get("note") and room >= MIN_NOTE_WIDTH else None
        y += row_height + SECTION_GAP
    else:
        for layout in tracks:
            placed.append((layout, (BORDER, y)))
            y += layout.height + SECTION_GAP
        note_at = None
    y -= SECTION_GAP
    if board.get("note") and note_at is None:
        note_at = (BORDER, y + 2.0, width, NOTE_HEIGHT)
        y += NOTE_HEIGHT + 2.0
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


def resolve_board(board: Board, resolver: Resolver, key: str = "board") -> dict[str, Any]:
    """The board as plain data in mm, resolved against the kit: what the layout and the drawer need."""
    return {
        "title": board.title, "note": board.note,
        "table": resolve_table(board.table, resolver, f"{key}.table") if board.table is not None else None,
        "tracks": [resolve_track(t, resolver, f"{key}.tracks[{i}]") for i, t in enumerate(board.tracks)],
        "tracks_side_by_side": board.tracks_side_by_side,
        "title_align": board.title_align,
    }


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
        return lambda colour_name, colour: {"board": boards[side], "ground": colour or "#f4ecd8", "name": component.name,
                                            "colour_name": colour_name}

    yield from drawn_copies(spec, component, players, "@board", width, height, fields(FRONT),
                            fields(BACK) if BACK in boards else None)
