"""The scan itself: contextualise the lines, run the table, list and prose recognisers, and return their
statements in line order without duplicates. Entry point: scan_rulebook."""

from __future__ import annotations

from typing import Iterable

from .lines import contextualise, split_lines
from .lists import list_statements
from .prose import prose_line_statements
from .statement import CountStatement, Found
from .tables import player_table_statements


def _deduplicated(found: Iterable[Found]) -> tuple[CountStatement, ...]:
    seen, result = set(), []
    for item in sorted(found, key=lambda item: (item.statement.line, item.offset)):
        stmt = item.statement
        key = (stmt.line, item.offset, stmt.count, stmt.component.lower())
        if key not in seen:
            seen.add(key)
            result.append(stmt)
    return tuple(result)


def scan_rulebook(text: str) -> tuple[CountStatement, ...]:
    """Every component-count statement in the rulebook text, in line order."""
    lines = contextualise(split_lines(text))
    found = player_table_statements(lines)
    found += list_statements(lines)
    # A line that holds a table row or list item is not read again as prose.
    block_lines = {item.statement.line for item in found}
    for index, line in enumerate(lines):
        if line.is_debris or line.number in block_lines:
            continue
        previous = lines[index - 1] if index else None
        following = lines[index + 1] if index + 1 < len(lines) else None
        found += prose_line_statements(line, previous, following)
    return _deduplicated(found)
