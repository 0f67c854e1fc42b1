"""How CountStatements are shown: JSON-ready dicts and an aligned plain-text table (`pnpgen rules scan`)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Iterable

from .statement import CountStatement

_TEXT_COLUMNS = ("line", "count", "multiplier", "qualifier", "players", "component")


def statements_to_json(stmts: Iterable[CountStatement]) -> list[dict]:
    """JSON-ready dicts; keys are exactly the CountStatement field names."""
    return [asdict(stmt) for stmt in stmts]


def format_statements_text(stmts: Iterable[CountStatement]) -> str:
    """Aligned plain-text table: line, count, multiplier, qualifier, players, component."""
    rows = [list(_TEXT_COLUMNS)]
    for stmt in stmts:
        component = stmt.component + (" (total)" if stmt.is_total else "")
        multiplier = stmt.multiplier or "-"
        if stmt.multiplier == "per_colour" and stmt.colours is not None:
            multiplier = f"per_colour({stmt.colours})"
        rows.append([str(stmt.line), str(stmt.count), multiplier, stmt.qualifier,
                     "-" if stmt.players is None else str(stmt.players), component])
    widths = [max(len(row[column]) for row in rows) for column in range(len(_TEXT_COLUMNS))]
    numeric = {0, 1, 4}
    rendered = []
    for row in rows:
        cells = [cell.rjust(width) if column in numeric else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths))]
        rendered.append("  ".join(cells).rstrip())
    return "\n".join(rendered)
