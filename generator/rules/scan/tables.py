"""Find the count statements in a setup table with a column per player count ("2p 3p 4p" over
"Gold 10 12 15"): one statement per numeric cell. Entry point: player_table_statements."""

from __future__ import annotations

import re

from .counts import Count
from .lines import Line
from .nouns import tidy_component
from .statement import Found, make_statement

_PLAYER_HEADER_CELL_RE = re.compile(r"(?<![\w-])(\d{1,2})\s*(?:p|players?)\b", re.I)
_TABLE_CELL_RE = re.compile(r"\d+|[-–—]")


def _player_columns(lines: list[Line], index: int) -> tuple[list[int], int] | None:
    """Player counts heading a setup table, and the index of its first row."""
    header = lines[index].text
    if not re.search(r"\bplayers?\b", header, re.I):
        return None
    cells = [int(cell) for cell in _PLAYER_HEADER_CELL_RE.findall(header)]
    if len(cells) >= 2 and not re.search(r"[.!?]\s*$", header):  # a header row, not a sentence
        return cells, index + 1
    following = index + 1
    if following < len(lines):
        numbers = lines[following].text.split()
        if len(numbers) >= 2 and all(number.isdigit() and 1 <= int(number) <= 12 for number in numbers):
            return [int(number) for number in numbers], following + 1
    return None


def _table_row(text: str, width: int) -> tuple[str, list[tuple[str, int]]] | None:
    tokens = list(re.finditer(r"[^\s|]+", text))
    if len(tokens) <= width:
        return None
    cells, label_tokens = tokens[-width:], tokens[:-width]
    if not all(_TABLE_CELL_RE.fullmatch(cell.group()) for cell in cells):
        return None
    if _TABLE_CELL_RE.fullmatch(label_tokens[-1].group()):
        return None
    label = text[label_tokens[0].start():label_tokens[-1].end()]
    if not re.search(r"[A-Za-z]", label):
        return None
    return label, [(cell.group(), cell.start()) for cell in cells]


def player_table_statements(lines: list[Line]) -> list[Found]:
    """One statement per cell of a "# of each used for setup" table with a column per player count."""
    found = []
    for index, line in enumerate(lines):
        if line.is_debris:
            continue
        columns = _player_columns(lines, index)
        if columns is None:
            continue
        players, first_row = columns
        for row_line in lines[first_row:]:
            if re.fullmatch(r"\s*\|?[\s|:+-]*-[\s|:+-]*", row_line.text):
                continue  # a Markdown table's |---|---| rule
            row = _table_row(row_line.text, len(players))
            if row is None:
                break
            label, cells = row
            for (cell, position), player_count in zip(cells, players):
                if not cell.isdigit():
                    continue
                count = Count(int(cell), "exact", position, position + len(cell))
                stmt = make_statement(row_line, row_line.text, count, tidy_component(label),
                                      players=player_count)
                found.append(Found(position, stmt))
    return found
