"""The scan: a rulebook's text in, its count statements out. Entry points: scan_rulebook (the statements) and
read_rulebook_document (statements, findings, unreadable list lines, player range)."""

from __future__ import annotations

from .document import read_document
from .statement import CountStatement, Reading


def read_rulebook_document(text: str) -> Reading:
    return read_document(text)


def scan_rulebook(text: str) -> tuple[CountStatement, ...]:
    """Every component-count statement in the rulebook text, in line order."""
    return read_document(text).statements
