"""How a reading is shown: JSON (a flat list of statements, plus findings and unread lines), a text table
readable at a glance, and a tree (players, categories, components with their parts, setup, findings)."""

from __future__ import annotations

from typing import Callable, Iterable

from .statement import CountStatement, Reading

JSON_FIELDS = ("id", "line", "quote", "count", "total", "component", "role", "parent", "per", "per_count",
               "condition", "optional", "supplied_by", "restates", "qualifier", "confidence")


def statement_to_json(stmt: CountStatement, where=None) -> dict:
    data = {name: getattr(stmt, name) for name in JSON_FIELDS}
    if where is not None:
        data["where"] = where(stmt.line)
    return data


def statements_to_json(stmts: Iterable[CountStatement]) -> list[dict]:
    return [statement_to_json(stmt) for stmt in stmts]


def reading_to_json(reading: Reading, where=None) -> dict:
    """{statements: [...], findings: [...], unread_lines: [...], players: [min, max] | null, categories: {...}}"""
    return {
        "statements": [statement_to_json(stmt, where) for stmt in reading.statements],
        "findings": [{"kind": f.kind, "line": f.line, "message": f.message, "lines": list(f.lines)}
                     for f in reading.findings],
        "unread_lines": list(reading.unread),
        "players": list(reading.players) if reading.players else None,
        "categories": dict(reading.categories),
    }


def _amount(stmt: CountStatement) -> str:
    amount = "?" if stmt.count is None else str(stmt.count)
    amount = {"at_least": "≥", "at_most": "≤", "about": "~"}.get(stmt.qualifier, "") + amount
    if stmt.per:
        amount += f" per {stmt.per}" + (f" ×{stmt.per_count}" if stmt.per_count else "")
    return amount


def _notes(stmt: CountStatement) -> str:
    notes = []
    if stmt.role != "total":
        notes.append(stmt.role + (f" of {stmt.parent}" if stmt.parent else ""))
    if stmt.condition:
        notes.append(stmt.condition)
    if stmt.optional:
        notes.append("optional")
    if stmt.supplied_by:
        notes.append(f"supplied by {stmt.supplied_by}")
    if stmt.restates:
        notes.append(f"restates {stmt.restates}")
    return ", ".join(notes)


def format_statements_text(stmts: Iterable[CountStatement], place: Callable[[int], str] = str) -> str:
    """One statement a line: id, where in the file (`place` of its line: '57', 'p4:12'), count, component, notes —
    aligned."""
    rows = [["id", "line", "count", "component", "notes"]]
    for stmt in stmts:
        rows.append([stmt.id, place(stmt.line), _amount(stmt), stmt.component, _notes(stmt)])
    widths = [max(len(row[c]) for row in rows) for c in range(5)]
    rendered = []
    for row in rows:
        cells = [cell.rjust(widths[c]) if c in (1, 2) else cell.ljust(widths[c]) for c, cell in enumerate(row)]
        rendered.append("  ".join(cells).rstrip())
    return "\n".join(rendered)


def format_tree(reading: Reading) -> str:
    """The document view: players, categories, components with their parts, setup, findings, unread lines."""
    out = []
    if reading.players:
        low, high = reading.players
        out.append(f"players: {low}" + (f"-{high}" if high != low else ""))
    else:
        out.append("players: not stated")
    if reading.categories:
        out.append("categories: " + ", ".join(f"{name} ×{n}" for name, n in sorted(reading.categories.items())))
    children: dict[str, list[CountStatement]] = {}
    for stmt in reading.statements:
        if stmt.parent:
            children.setdefault(stmt.parent, []).append(stmt)

    def show(stmt: CountStatement, depth: int) -> None:
        notes = _notes(stmt)
        out.append(f"{'  ' * depth}- {_amount(stmt)} {stmt.component}  [line {stmt.line}{', ' + notes if notes else ''}]")
        for child in children.get(stmt.id, []):
            show(child, depth + 1)

    sections = [("components", lambda s: s.role != "setup" and not s.supplied_by and not s.optional),
                ("optional", lambda s: s.role != "setup" and s.optional),
                ("supplied by the players", lambda s: s.role != "setup" and s.supplied_by),
                ("setup", lambda s: s.role == "setup")]
    for title, wanted in sections:
        roots = [s for s in reading.statements if wanted(s) and not s.parent]
        if roots:
            out.append(f"{title}:")
            for stmt in roots:
                show(stmt, 1)
    if reading.findings:
        out.append("findings:")
        out.extend(f"  - line {f.line}: {f.kind}: {f.message}" for f in reading.findings)
    if reading.unread:
        out.append("numeric lines in component lists not read: " + ", ".join(map(str, reading.unread)))
    return "\n".join(out)
