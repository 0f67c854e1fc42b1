"""Tables (model stage), shared by kinds `board` and `mat`: labelled rows and columns, cells holding text (prices,
costs) and slots sized for a named token.

A `table:` block is read once, at load, into a frozen `Table` (`read_table`: lengths in points; colours and `slot_for`
as written); the builder resolves it against the kit into the frozen `DrawnTable` the drawers get (points), and
`table_layout` places its cells and slots (pure geometry in points, shared by builder and drawer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from generator.colours import text_on
from generator.kinds.common import Resolver, option_problems
from generator.kinds.tracks import SpaceBox
from generator.units import mm, parse_length, parse_size
from generator.vocabulary import Shape
from generator.kinds.inks import CELL_COLOUR, HEAD_COLOUR

CELL_PAD = mm(1.5)        # inside a cell, and between a cell's slots
TEXT_WIDTH = mm(11.0)     # for a cell's text (a price) beside its slots
TEXT_PAD = mm(0.6)        # above and below the text of a cell without slots
HEADER_HEIGHT = mm(12.0)
LABEL_WIDTH = mm(26.0)
COLUMN_WIDTH = mm(22.0)   # least column width
ROW_HEIGHT = mm(10.0)     # least row height
SLOT_MARGIN = mm(2.0)     # round a token in a slot sized for it
DEFAULT_SLOT = mm(20.0)   # when neither slot_size nor slot_for is given


# -- options --------------------------------------------------------------------------------------------
def _as_list(value: Any, count: int) -> list[Any]:
    """A per-column option given once (applies to every column) or as a list."""
    return list(value) if isinstance(value, list) else [value] * count


def _cell(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {"text": value}


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
    slot_shape: Shape | None = None  # None: disc for a round slot_for, else square
    margin: float = SLOT_MARGIN
    label_width: float = LABEL_WIDTH
    column_width: float = COLUMN_WIDTH
    row_height: float = ROW_HEIGHT
    header_height: float = HEADER_HEIGHT
    cell_colour: Any = None
    slot_colour: Any = None


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
        return parse_length(table[key]) if table.get(key) is not None else default

    return Table(columns, tuple(rows), table.get("corner", ""), table.get("slot_shape"), length("margin", SLOT_MARGIN),
                 length("label_width", LABEL_WIDTH), length("column_width", COLUMN_WIDTH),
                 length("row_height", ROW_HEIGHT), length("header_height", HEADER_HEIGHT), table.get("cell_colour"),
                 table.get("slot_colour"))


@dataclass(frozen=True)
class DrawnColumn:
    """One column heading as drawn: its label, fill and ink, and its cells' slots (size in points, shape)."""

    label: str
    colour: str
    ink: str
    slots: int
    slot_w: float
    slot_h: float
    slot_shape: Shape            # disc | square


@dataclass(frozen=True)
class DrawnRow:
    """One body row as drawn: its label, fill and ink, note and cells."""

    label: str
    colour: str
    ink: str
    note: Any
    cells: tuple[TableCell, ...]


@dataclass(frozen=True)
class DrawnTable:
    """A table resolved against the kit, what its layout and drawer need: colours and slot sizes resolved, lengths
    in points."""

    columns: tuple[DrawnColumn, ...]
    rows: tuple[DrawnRow, ...]
    corner: str
    label_width: float
    column_width: float
    row_height: float
    header_height: float
    cell_colour: str
    slot_colour: str


def resolve_table(table: Table, resolver: Resolver, key: str) -> DrawnTable:
    """The table with its colours and slot sizes resolved: columns with their slot sizes, rows of cells with text
    and slot counts."""
    columns = []
    for j, head in enumerate(table.columns):
        w, h, shape = resolver.space_box(f"{key}.columns[{j}].slot_for", head.slot_size, head.slot_for, table.margin,
                                         (DEFAULT_SLOT, DEFAULT_SLOT, "square"))
        fill = resolver.colour(f"{key}.columns[{j}].colour", head.colour, HEAD_COLOUR)
        columns.append(DrawnColumn(head.label, fill, text_on(fill), head.slots, w, h, table.slot_shape or shape))
    rows = []
    for i, row in enumerate(table.rows):
        fill = resolver.colour(f"{key}.rows[{i}].colour", row.colour, HEAD_COLOUR)
        rows.append(DrawnRow(row.label, fill, text_on(fill), row.note, row.cells))
    return DrawnTable(tuple(columns), tuple(rows), table.corner, table.label_width, table.column_width,
                      table.row_height, table.header_height,
                      resolver.colour(f"{key}.cell_colour", table.cell_colour, CELL_COLOUR),
                      resolver.colour(f"{key}.slot_colour", table.slot_colour, "#ffffff"))


# -- geometry -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CellBox:
    """One body cell (points, relative to the table's top-left): its box, its text box and its slots."""

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
    """Where a table's columns, rows and cells go, in points relative to its top-left."""

    width: float
    height: float
    column_x: tuple[float, ...]   # left edge of each column (the label column starts at 0)
    column_w: tuple[float, ...]
    row_y: tuple[float, ...]      # top of each body row (the header starts at 0)
    row_h: tuple[float, ...]
    cells: tuple[CellBox, ...]


def table_layout(table: DrawnTable) -> TableLayout:
    """Column widths fit their widest cell (text plus slots), rows their tallest slot."""
    columns, rows = table.columns, table.rows
    widths = []
    for j, column in enumerate(columns):
        need = table.column_width
        for row in rows:
            cell = row.cells[j]
            n = cell.slots
            if n:
                text = TEXT_WIDTH + CELL_PAD if cell.text else 0.0
                need = max(need, CELL_PAD + text + n * column.slot_w + (n - 1) * CELL_PAD + CELL_PAD)
        widths.append(need)
    heights = []
    for row in rows:
        need = table.row_height
        for j, cell in enumerate(row.cells):
            if cell.slots:
                need = max(need, columns[j].slot_h + 2 * CELL_PAD)
        heights.append(need)
    xs, x = [], table.label_width
    for w in widths:
        xs.append(x)
        x += w
    ys, y = [], table.header_height
    for h in heights:
        ys.append(y)
        y += h
    cells = []
    for i, row in enumerate(rows):
        for j, cell in enumerate(row.cells):
            cx, cy, cw, ch = xs[j], ys[i], widths[j], heights[i]
            n, column = cell.slots, columns[j]
            if n:
                text_w = TEXT_WIDTH if cell.text else 0.0
                used = (text_w + CELL_PAD if text_w else 0.0) + n * column.slot_w + (n - 1) * CELL_PAD
                left = cx + (cw - used) / 2
                text_box = (left, cy + CELL_PAD, text_w, ch - 2 * CELL_PAD)
                first = left + (text_w + CELL_PAD if text_w else 0.0)
                slot_y = cy + (ch - column.slot_h) / 2
                slots = tuple(SpaceBox(k, first + k * (column.slot_w + CELL_PAD), slot_y, column.slot_w, column.slot_h)
                              for k in range(n))
            else:
                text_box = (cx + CELL_PAD, cy + TEXT_PAD, cw - 2 * CELL_PAD, ch - 2 * TEXT_PAD)
                slots = ()
            cells.append(CellBox(i, j, cx, cy, cw, ch, text_box, slots))
    return TableLayout(x, y, (0.0, *xs), (table.label_width, *widths), tuple(ys), tuple(heights), tuple(cells))
