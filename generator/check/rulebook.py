"""The rulebook as the checker searches it: quotes found ignoring whitespace, case and Markdown asterisks.

Contract: `Rulebook.read(path)` (a .txt, .md, .html or .pdf file, through the reader's `read_rulebook`) or
`Rulebook.from_quotes(quotes)`; `find(quote)` gives spans in a normalised copy of the text, `line_at(position)`
turns them back into 1-based lines of the text, `where(line)` into what the user can open ("rules.pdf:p4:12"),
`statements_in(span)` lists the reader's count statements that overlap a span; `reading` is the reader's whole
Reading (its findings, unread list lines, player range and categories).
"""

from __future__ import annotations

import bisect
import difflib
import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate
from pathlib import Path

from generator.rules.scan import (CountStatement, Reading, RulebookSource, listed_items, read_rulebook,
                                  read_rulebook_document, scan_rulebook)

Span = tuple[int, int]

# Typographic variants a designer cannot tell apart when copying a quote from a PDF.
_FOLDED = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "×": "x"})


def normalise(text: str) -> str:
    """Lower-case text with whitespace and Markdown emphasis removed: the form quotes are matched in."""
    return "".join(ch for ch in text.translate(_FOLDED).lower() if not _ignored(ch))


def _ignored(ch: str) -> bool:
    return ch.isspace() or ch == "*"


_KEPT = re.compile(r"[^\s*]+")  # a run of the characters quotes are matched on


def _kept(text: str) -> str:
    """`text` without whitespace and asterisks (str.split's whitespace is re's \\s: both are str.isspace)."""
    return "".join(text.split()).replace("*", "")


class _Positions:
    """Where each character of the normalised text is in the original (`positions[i]`), and how many of them
    stand before an original position (`before(at)`, bisect_left of the first), without a list of every
    character's place: the text is lowered once, and only its lines' counts of kept characters are stored.
    A text whose lowering changes its length ("İ") keeps the whole list (`every`)."""

    def __init__(self, lowered: str, line_starts: list[int], every: list[int] | None = None) -> None:
        self.lowered = lowered
        self.line_starts = line_starts
        self.every = every
        counts = [] if every is not None else [len(_kept(line)) for line in lowered.split("\n")]
        self.kept = list(accumulate(counts, initial=0))  # line N's first kept character in the normalised text
        self.size = len(every) if every is not None else self.kept[-1]

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, position: int) -> int:
        if self.every is not None:
            return self.every[position]
        if position < 0:  # from the end, as a list's index
            position += self.size
        if not 0 <= position < self.size:
            raise IndexError(position)
        line = bisect.bisect_right(self.kept, position) - 1
        left = position - self.kept[line]
        stop = self.line_starts[line + 1] if line + 1 < len(self.line_starts) else len(self.lowered)
        for run in _KEPT.finditer(self.lowered, self.line_starts[line], stop):
            length = run.end() - run.start()
            if left < length:
                return run.start() + left
            left -= length
        raise IndexError(position)  # not reached: the line holds kept[line + 1] - kept[line] characters

    def before(self, at: int) -> int:
        """The number of normalised characters whose original index is below `at`."""
        if self.every is not None:
            return bisect.bisect_left(self.every, at)
        line = max(0, bisect.bisect_right(self.line_starts, at) - 1)
        start = self.line_starts[line]
        return self.kept[line] + (len(_kept(self.lowered[start:at])) if at > start else 0)


def _index(text: str, line_starts: list[int]) -> tuple[str, _Positions]:
    """The normalised text and, for each of its characters, its index in `text`."""
    lowered = text.translate(_FOLDED).lower()
    if len(lowered) == len(text):  # the usual case: lower() kept one character per character
        return _kept(lowered), _Positions(lowered, line_starts)
    chars, norm_to_orig = [], []
    for index, ch in enumerate(text):
        for folded in ch.translate(_FOLDED).lower():  # "İ" lowers to two characters
            if not _ignored(folded):
                chars.append(folded)
                norm_to_orig.append(index)
    return "".join(chars), _Positions(lowered, line_starts, norm_to_orig)


@dataclass(frozen=True)
class Rulebook:
    """Rulebook text, its normalised copy with a map back to the original, and its count statements.

    `synthetic` rulebooks are built from the manifest's own quotes when no rulebook file is at hand:
    their line numbers mean nothing to the user and are never shown.
    """

    text: str
    label: str
    synthetic: bool
    reading: Reading
    source: RulebookSource | None
    _norm: str = field(repr=False)
    _norm_to_orig: _Positions = field(repr=False)
    _line_starts: tuple[int, ...] = field(repr=False)
    _spans: tuple[tuple[int, int, CountStatement], ...] = field(repr=False)
    _span_starts: tuple[int, ...] = field(repr=False)
    _longest: int = field(repr=False)

    @classmethod
    def read(cls, path: Path) -> "Rulebook":
        """The rulebook file at `path`; RulebookError when it cannot be read."""
        source = read_rulebook(path)
        return cls.parse(source.text, source.label, synthetic=False, source=source)

    @classmethod
    def from_quotes(cls, quotes: list[tuple[str, str]]) -> "Rulebook":
        """A stand-in rulebook made of the manifest's (quote, role) pairs, each read in a fitting frame."""
        blocks = dict.fromkeys(_framed(" ".join(quote.split()), role) for quote, role in quotes)
        # Blank lines keep one quote's sentence from running on into the next.
        return cls.parse("\n\n".join(blocks), "the manifest's quotes", synthetic=True)

    @classmethod
    def parse(cls, text: str, label: str, synthetic: bool, source: RulebookSource | None = None) -> "Rulebook":
        line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        norm, norm_to_orig = _index(text, line_starts)
        reading = read_rulebook_document(text)
        statements = reading.statements
        spans = []
        for stmt in statements:
            start, stop = _line_bounds(line_starts, len(text), stmt.line)
            column = start + stmt.column if text.startswith(stmt.quote, start + stmt.column) else -1
            if column < 0 or column + len(stmt.quote) > stop:
                column = text.find(stmt.quote, start, stop)
            begin, end = (column, column + len(stmt.quote)) if column >= 0 else (start, stop)
            # a normalised position is the number of kept characters before the original one
            spans.append((norm_to_orig.before(begin), norm_to_orig.before(end), stmt))
        spans.sort(key=lambda item: item[0])
        longest = max((end - begin for begin, end, _ in spans), default=0)
        if source is None and not synthetic:
            source = RulebookSource(text, label)
        return cls(text, label, synthetic, reading, source, norm, norm_to_orig, tuple(line_starts), tuple(spans),
                   tuple(item[0] for item in spans), longest)

    @property
    def statements(self) -> tuple[CountStatement, ...]:
        return self.reading.statements

    # -- pointing into the rulebook ---------------------------------------------------------------------
    def where(self, line: int | None) -> str:
        """'rules.pdf:p4:12', 'rules.txt:12': a line as the user finds it in the file they have."""
        if self.synthetic or line is None or self.source is None:
            return "the manifest quote"
        return self.source.where(line)

    def short_where(self, line: int | None) -> str:
        """The place without the file's name ('12', 'p4:12'), for the report's table."""
        where = self.where(line)
        prefix = f"{self.label}:"
        return where[len(prefix):] if where.startswith(prefix) else ("-" if line is None or self.synthetic else where)

    def line_text(self, line: int) -> str:
        """Line `line` of the text, whitespace collapsed."""
        if not 1 <= line <= len(self._line_starts):
            return ""
        return " ".join(self._line(line).split())

    # -- searching ----------------------------------------------------------------------------------
    def find(self, quote: str) -> list[Span]:
        """Every place the quote occurs (ignoring whitespace, case and asterisks), in text order."""
        needle = normalise(quote)
        found, start = [], self._norm.find(needle) if needle else -1
        while start >= 0:
            found.append((start, start + len(needle)))
            start = self._norm.find(needle, start + 1)
        return found

    def section_start(self, section: str) -> int | None:
        """Where a section starts: its heading line ("## Setup", "SETUP:"), else the first line naming it."""
        needle = normalise(section)
        if not needle:
            return None
        mentions = [number for number, (_, text) in enumerate(self._normalised_lines, start=1) if needle in text]
        headings = [n for n in mentions if self._normalised_lines[n - 1][1].strip("#:=-") == needle]
        for number in headings or mentions[:1]:
            return self._norm_to_orig.before(self._line_starts[number - 1])
        return None

    def line_at(self, position: int) -> int:
        """1-based line of a position in the normalised text."""
        if not self._norm_to_orig:
            return 1
        orig = self._norm_to_orig[min(position, len(self._norm_to_orig) - 1)]
        return bisect.bisect_right(self._line_starts, orig)

    def excerpt(self, span: Span) -> str:
        """The original text of a span, whitespace collapsed."""
        begin = self._norm_to_orig[span[0]]
        end = self._norm_to_orig[span[1] - 1] + 1 if span[1] > span[0] else begin
        return " ".join(self.text[begin:end].split())

    def statements_in(self, span: Span) -> list[CountStatement]:
        """Count statements whose quote overlaps the span, in text order."""
        last = bisect.bisect_left(self._span_starts, span[1])
        first = bisect.bisect_left(self._span_starts, span[0] - self._longest)
        return [stmt for begin, end, stmt in self._spans[first:last] if end > span[0] and begin < span[1]]

    def closest_line(self, quote: str) -> tuple[int, str] | None:
        """The line most like a quote that was not found (for 'did you mean' messages)."""
        needle = normalise(quote)
        best, best_ratio = None, 0.55
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(needle)
        for number, (line, candidate) in enumerate(self._normalised_lines, start=1):
            if not candidate:
                continue
            matcher.set_seq1(candidate[: len(needle) * 3])
            if matcher.real_quick_ratio() <= best_ratio or matcher.quick_ratio() <= best_ratio:
                continue
            ratio = matcher.ratio()
            if ratio > best_ratio:
                best, best_ratio = (number, " ".join(line.split())), ratio
        return best

    @cached_property
    def _normalised_lines(self) -> tuple[tuple[str, str], ...]:
        return tuple((line, normalise(line)) for line in self.text.split("\n"))

    # -- lists after counts -------------------------------------------------------------------------
    def _announces_list(self, line: int) -> bool:
        """A colon ends the line or one of the next few non-blank ones: listed_items needs one to find a list."""
        seen = 0
        for number in range(line, len(self._line_starts) + 1):
            text = self._line(number).strip()
            if text.endswith(":"):
                return True
            seen += 1 if text else 0
            if seen > _LIST_LOOKAHEAD:
                return False
        return False

    def _line(self, number: int) -> str:
        start, stop = _line_bounds(self._line_starts, len(self.text), number)
        return self.text[start:stop]

    def named_items(self, stmt: CountStatement) -> tuple[tuple[str, ...], int]:
        """Names listed for a count ("12 Basic lands … River, Fertile Fields, …") and the line they are on."""
        inline = _inline_names(stmt, self._line(stmt.line))
        if inline:
            return inline, stmt.line
        names = listed_items(self.text, stmt) if self._announces_list(stmt.line) else ()
        if not names:
            return (), stmt.line
        first = normalise(names[0])
        for number in range(stmt.line + 1, len(self._line_starts) + 1):
            if first and first in normalise(self._line(number)):
                return names, number
        return names, stmt.line


def _line_bounds(line_starts: list[int] | tuple[int, ...], size: int, number: int) -> tuple[int, int]:
    """Start and end (before its newline) of 1-based line `number`."""
    start = line_starts[number - 1]
    return start, (line_starts[number] - 1 if number < len(line_starts) else size)


# A quote read alone loses the heading it stood under, which tells the scanner that a bare row such as
# "12 Manor markers" is a component count, or that "Place 6 slave tokens" is setup.
_FRAMES = {"count": ("{}", "Components\n\n{}", "Setup\n\n{}"), "setup": ("{}", "Setup\n\n{}", "Components\n\n{}")}


def _framed(quote: str, role: str) -> str:
    for frame in _FRAMES.get(role, _FRAMES["count"]):
        if scan_rulebook(frame.format(quote)):
            return frame.format(quote)
    return quote


_LIST_LOOKAHEAD = 5  # the statement's line and the four non-blank lines listed_items looks at

_INLINE_LIST = re.compile(r"\s*\((?P<intro>[^():]*):\s*(?P<names>[^()]+)\)")


def _inline_names(stmt: CountStatement, line: str) -> tuple[str, ...]:
    """Names in a parenthesis right after the counted noun: "5 tokens (one of each color: red, blue, …)"."""
    text = line[stmt.column:] if line[stmt.column:].startswith(stmt.quote) else stmt.quote
    at = text.lower().find(stmt.component.lower())
    if at < 0 or not stmt.component:
        return ()
    match = _INLINE_LIST.match(text, at + len(stmt.component))
    if match is None:
        return ()
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", match.group("names").strip().rstrip("."))
    names = tuple(part.strip() for part in parts if part.strip())
    plausible = len(names) >= 2 and all(len(name.split()) <= 4 and not re.search(r"\d", name) for name in names)
    return names if plausible else ()
