"""Put the columns of a page laid out in text (what `pdftotext -layout` writes) back one after the other.

A page in two or three columns comes out of a layout-keeping extraction as lines that each hold a piece of every
column: 'Contents        A game of 7 Wonders takes place over 3 Ages'. Read as they stand, a component list's
items are interleaved with another column's sentences. Here a column is found by its gutter: a run of lines
where the same position is blank (two spaces at least) in every line, with words on both sides in several
lines, prose on the right (different runs of three words or more) and mostly words on the left. Its lines are cut
at the gutter and given column after column; each piece keeps the original line number, so quotes stay verbatim
and locations stay true.

A table has gutters too, but its cells are numbers or one word, its text cells repeat from row to row, and its
rows start where its own columns do, not at a prose column's edge: it is left as it is. Entry point:
split_columns."""

from __future__ import annotations

import re

from . import patterns

_CHUNK = patterns.compile(r"\S+(?: {1,2}\S+)*")  # a run of text: words apart by at most two spaces
_WORD = patterns.compile(r"(?<![\w'’-])[A-Za-z][A-Za-z'’-]+")  # a Latin word of two letters or more (columns are found
# by the words on both sides of a gap; tried on other scripts, the Russian pages of the corpus lost a column's items)
MIN_PAIRED_LINES = 3  # lines with words on both sides of a gutter
MIN_PROSE_LINES = 3  # different right-hand pieces of three words or more


def split_columns(text: str) -> tuple[str, tuple[int, ...]] | None:
    """The text with its column regions put one after the other, and for each of its lines the number of the
    line it came from; None when the text has no columns (the usual case)."""
    lines = text.split("\n")
    if not any(re.search(r"\S {3,}\S", line) for line in lines):
        return None
    pieces = _split([(number, line) for number, line in enumerate(lines, start=1)])
    if len(pieces) == len(lines):
        return None
    return "\n".join(piece for _, piece in pieces), tuple(number for number, _ in pieces)


def _split(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """`lines` with every column region cut into its columns (each split again, for a third column), in order.
    A gutter tried from one line and found not to hold two columns is not tried again from the lines of its run."""
    result: list[tuple[int, str]] = []
    rest = lines
    while True:
        found = _first_region(rest)
        if found is None:
            return result + rest
        start, end, gutter = found
        left = [(number, line[:gutter].rstrip()) for number, line in rest[start:end]]
        right = [(number, line[gutter:].rstrip()) for number, line in rest[start:end]]
        result += rest[:start] + _split(left) + _split(_dedented(right))
        rest = rest[end:]


def _first_region(lines: list[tuple[int, str]]) -> tuple[int, int, int] | None:
    """The first run of lines that a gutter cuts into two columns: (start, end, gutter), or None."""
    tried: dict[int, list[tuple[int, int]]] = {}
    for index, (_, line) in enumerate(lines):
        for chunk in list(_CHUNK.finditer(line))[1:]:
            gutter = chunk.start() - 1
            if line[chunk.start() - 3:chunk.start()] != "   " or gutter < 12 or any(
                    start <= index < end for start, end in tried.get(gutter, ())):
                continue
            start, end = _run(lines, index, gutter)
            if _holds_columns(lines[start:end], gutter):
                return start, end, gutter
            tried.setdefault(gutter, []).append((start, end))
    return None


def _run(lines: list[tuple[int, str]], seed: int, gutter: int) -> tuple[int, int]:
    """The run of lines around `seed` that a gutter at `gutter` crosses cleanly."""
    edge = gutter + 1  # where the seed's right-hand column starts
    start = seed
    while start > 0 and _clear(lines[start - 1][1], gutter, edge):
        start -= 1
    end = seed + 1
    while end < len(lines) and _clear(lines[end][1], gutter, edge):
        end += 1
    return start, end


def _holds_columns(run: list[tuple[int, str]], gutter: int) -> bool:
    """Words on both sides in several lines, a column of words on the left, and prose on the right — or prose on the
    left beside a column of names on the right."""
    paired, prose, left_prose, named, lefts, worded = 0, set(), set(), 0, 0, 0
    for _, line in run:
        left, right = line[:gutter].strip(), line[gutter:].strip()
        if left and right:
            paired += 1
        first = _CHUNK.search(right)
        if first and len(_WORD.findall(first.group(0))) >= 3:
            prose.add(first.group(0))  # a table repeats its text cells ('0 - not supported online'); prose does not
        named += bool(first) and len(_WORD.findall(first.group(0))) >= 2 and bool(left)
        last = list(_CHUNK.finditer(left))[-1:]
        if last:
            lefts += 1
            worded += len(_WORD.findall(last[0].group(0))) >= 2
            if len(_WORD.findall(last[0].group(0))) >= 3:
                left_prose.add(last[0].group(0))
    # a table's column of names is mostly one word: not a column of text. Prose on the right, or prose on the left
    # beside a column of names ('edge of the board. Place the      10) Disrupted Tokens (23)'): two columns
    return paired >= MIN_PAIRED_LINES and worded * 2 >= lefts and (
        len(prose) >= MIN_PROSE_LINES or (len(left_prose) >= MIN_PROSE_LINES and named >= MIN_PAIRED_LINES))


def _clear(line: str, gutter: int, edge: int) -> bool:
    """True when `line` has no text in the two positions before `gutter` and none of its text runs across it, and
    when it has text on both sides, the right-hand text starts at the column's edge (or a little in from it): a
    table's row, whose cells stand elsewhere, ends the run."""
    if len(line) > gutter - 2 and line[max(0, gutter - 2):gutter + 1].strip():
        return False
    right = line[gutter:]
    if not line[:gutter].strip() or not right.strip():
        return True
    return edge - 1 <= gutter + len(right) - len(right.lstrip()) <= edge + 6


def _dedented(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A column's pieces moved to its own left edge, keeping their indentation against it."""
    edge = min((len(line) - len(line.lstrip()) for _, line in lines if line.strip()), default=0)
    return [(number, line[edge:]) for number, line in lines]
