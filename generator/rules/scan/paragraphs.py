"""Running text as paragraphs and sentences: prose lines joined across line breaks (hyphenation undone), a
map from each character back to its line and column, and the sentences of a paragraph. Entry points:
paragraphs, sentences."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from . import patterns
from .layout import LayoutLine
from .lexicon import CONTENTS_WORDS, PLAYERS_THEN, ends_open, hyphen_break

_SENTENCE_END = patterns.compile(rf"(?<=[.!?])\s+(?=[\"'(]?[A-Z0-9])|(?<=;)\s+(?!\d{{1,2}}(?:\s*-\s*\d{{1,2}})?\s+players?{PLAYERS_THEN})(?=[\"'(]?[A-Z0-9])|(?<=[.!?])$|(?<=:)\s+(?=(?:Each|Every)\s+player\b)")


_CONTENTS_LABEL = patterns.compile(rf"\W*{CONTENTS_WORDS}\s*:", re.I)


class Places:
    """Where each character of a paragraph came from, (index into lines, column in that line's text), kept as
    one entry per joined line rather than per character."""

    def __init__(self) -> None:
        self.starts: list[int] = []  # paragraph offset where each line's text begins
        self.lines: list[int] = []
        self.size = 0

    def add_line(self, index: int, length: int) -> None:
        self.starts.append(self.size)
        self.lines.append(index)
        self.size += length

    def add_joint(self) -> None:
        self.size += 1  # the space between two lines belongs to the line before it

    def drop_last(self) -> None:
        self.size -= 1  # a line-end hyphen removed

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, at: int) -> tuple[int, int]:
        if at < 0:
            at += self.size
        if not 0 <= at < self.size:
            raise IndexError(at)
        k = bisect.bisect_right(self.starts, at) - 1
        return self.lines[k], at - self.starts[k]


@dataclass(frozen=True)
class Paragraph:
    text: str
    places: Places  # per character: (index into lines, column in that line's text)


def _ends_statement(previous: str, text: str) -> bool:
    """A short line followed by a capitalised one is a statement of its own, even without a full stop
    ('Each player gets 10 gold' / 'Each player places a warrior'): wrapped prose fills its lines."""
    if re.match(r"\d+\s+[A-Z]", text) and not re.search(r"[,(:-]$|\b(?:and|or|the|a|an|of|to|with|for|in|on|at|by|are|is|has"
                                                       r"|have|contains?|takes?|receives?|gets?|from|all|each|only|than|into|total)$",
                                                       previous.rstrip(), re.I):
        return True  # '… minutes per game' / '13 Martian Dice.': a count starts a line of its own
    return len(previous) < 90 and not previous.rstrip().endswith((",", "-", ":", "(")) and bool(_STEP_OPENER.match(text)) \
        and not ends_open(previous)




_STEP_OPENER = patterns.compile(r"(?:Each|Every|Place|Put|Take|Give|Deal|Shuffle|Remove|Set|Draw|Choose|Select|Randomly|Return"
                                r"|Reveal|Players|All|Lay|Fill|Sort|Separate|Stack|Distribute)\b")


def paragraphs(lines: list[LayoutLine], taken: set[int], titles: frozenset[int] = frozenset()) -> list[Paragraph]:
    """Runs of prose lines (not list lines, not headings, not blank) joined with hyphenation undone; `titles` are
    the numbers of lines that head a section without being marked as headings ('Components')."""
    result: list[Paragraph] = []
    parts: list[str] = []
    places = Places()

    def flush() -> None:
        nonlocal places
        if parts:
            result.append(Paragraph("".join(parts), places))
        parts.clear()
        places = Places()

    for index, line in enumerate(lines):
        if line.blank or line.is_debris or line.number in taken or line.heading_level or line.number in titles:
            flush()
            continue
        text = line.text
        if parts and (_ends_statement(parts[-1], text) or text.count("\t") >= 2 or parts[-1].count("\t") >= 2):
            flush()  # a table's row is a paragraph of its own
        if parts:
            last = parts[-1]
            joint = hyphen_break(last, text)
            if joint == "word":  # 'Adven-' / 'ture': one word again
                parts[-1] = last[:-1]
                places.drop_last()
            elif joint is None:  # ('two-' / 'sided': the compound keeps its hyphen, with no space)
                parts.append(" ")
                places.add_joint()
        parts.append(text)
        places.add_line(index, len(text))
        if line.bullet is not None and index + 1 < len(lines) and lines[index + 1].bullet is not None:
            flush()
    flush()
    return result


LONGEST_SENTENCE = 1200  # characters: a longer one (a page flattened onto a line) is read in pieces


def sentences(text: str) -> list[tuple[int, str]]:
    """The sentences of a paragraph with their offsets. A sentence longer than LONGEST_SENTENCE is cut at its
    commas and semicolons into pieces no longer than that (a word run of that length, at its spaces): each count
    phrase looks at the words around it, so reading a run-on line of thousands of characters whole costs time that
    grows with its square and tells nothing more."""
    out, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if text[match.start() - 1:match.start()] == ";" and _CONTENTS_LABEL.match(text, start):
            continue  # 'Contents: 1 board; 48 cards; 16 tokens; rules.': one list, whose items semicolons part
        out += _pieces(start, text[start:match.start()])
        start = match.end()
    if start < len(text):
        out += _pieces(start, text[start:])
    return out


def _pieces(offset: int, sentence: str) -> list[tuple[int, str]]:
    if len(sentence) <= LONGEST_SENTENCE:
        return [(offset, sentence)]
    pieces, start = [], 0
    while len(sentence) - start > LONGEST_SENTENCE:
        window = sentence[start:start + LONGEST_SENTENCE]
        cut = max(window.rfind(","), window.rfind(";"))
        if cut < LONGEST_SENTENCE // 2:
            cut = window.rfind(" ")
        cut = cut + 1 if cut > 0 else LONGEST_SENTENCE
        pieces.append((offset + start, sentence[start:start + cut]))
        start += cut
    pieces.append((offset + start, sentence[start:]))
    return pieces
