"""Statements as the reader's stages make them (dicts, finished into CountStatements by document.py), and the
verbatim quote of a stretch of a line. Entry points: Statements, quote_of."""

from __future__ import annotations


from .layout import LayoutLine


class Statements:
    """Statements as they are made, with ids in text order once all are in."""

    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, **fields) -> dict:
        fields.setdefault("qualifier", "exact")
        fields.setdefault("role", "total")
        self.items.append(fields)
        return fields


def quote_of(line: LayoutLine, start: int, end: int) -> str:
    return line.quote(start, end) or line.raw.strip()


def make_parts(total: dict, parts: list[dict]) -> None:
    """The statements `parts` become parts of `total` (a total set up keeps its parts set up)."""
    total["has_parts"] = True
    for part in parts:
        part["role"] = "part" if total["role"] == "total" else total["role"]
        part["parent_ref"] = total
