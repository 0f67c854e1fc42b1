"""The scan: a rulebook's text in, its count statements out. Entry points: scan_rulebook (the statements),
read_rulebook_document (statements, findings, unreadable list lines, player range) and file_reading (the same for
a rulebook file, its line numbers those of the file)."""

from __future__ import annotations

from dataclasses import replace

from .document import read_document
from .source import RulebookSource
from .statement import CountStatement, Reading


def read_rulebook_document(text: str) -> Reading:
    return read_document(text)


def scan_rulebook(text: str) -> tuple[CountStatement, ...]:
    """Every component-count statement in the rulebook text, in line order."""
    return read_document(text).statements


def file_reading(source: RulebookSource) -> Reading:
    """The reading of a rulebook file. A text laid out in columns is read column after column; its statements,
    findings and unread lines are then numbered by the file's own lines (each quote is in the line it names)."""
    reading = read_document(source.text)
    if not source.pieces_of_file_lines:
        return reading
    line = source.line_in_file
    return replace(
        reading,
        statements=tuple(replace(s, line=line(s.line)) for s in reading.statements),
        findings=tuple(replace(f, line=line(f.line), lines=tuple(line(n) for n in f.lines)) for f in reading.findings),
        unread=tuple(line(n) for n in reading.unread),
    )
