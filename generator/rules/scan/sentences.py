"""Split a prose line into sentences and clauses, joining a sentence wrapped onto the next line, so the
recognisers read whole sentences yet quote only what stands in the line. Entry point: sentences."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from .vocabulary import SETUP_VERB

if TYPE_CHECKING:
    from .lines import Line

_ABBREVIATIONS = {"e.g", "i.e", "etc", "vs", "pg", "pp", "p", "lg", "sm", "med", "no", "approx",
                  "fig", "st", "mr", "mrs", "dr", "ea", "incl", "min", "max", "sq"}

_LIST_MARKER_RE = re.compile(r"^\s*(?:[-–•*]\s*)?(?:\(?(?:\d+|[a-z])(?:\.(?:\d+|[a-z]))*[.)]\s+)?")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])(?P<closer>[\"”)]*)\s+(?=[\"“(A-Z0-9*])")
_CLAUSE_BREAK_RE = re.compile(rf"[,;:]\s+|\s+(?:and\s+)?then\s+|\s+and\s+(?={SETUP_VERB}\b)", re.I)


@dataclass(frozen=True)
class Sentence:
    """A sentence of a line; `text` may run on into the next line when the sentence is wrapped."""

    text: str
    verbatim_end: int  # text[:verbatim_end] stands in the line; counts beyond it belong to the next line
    offset: int  # where the sentence starts in its line
    clause_starts: tuple[int, ...]  # where each clause of the quote starts ("If ..., select 4 ...")

    @property
    def quote(self) -> str:
        return self.text[:self.verbatim_end]


def _sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each sentence in the line, leading list numbering ("4. ", "- 2. ") left out."""
    start = _LIST_MARKER_RE.match(text).end()
    for boundary in _SENTENCE_END_RE.finditer(text, start):
        end = boundary.start() + len(boundary.group("closer"))
        word_before = re.search(r"(\S+?)[.!?]$", text[max(start, boundary.start() - 12):boundary.start()])
        if word_before and word_before.group(1).lower().lstrip("(") in _ABBREVIATIONS:
            continue
        if text[start:end].strip():
            yield start, end
        start = boundary.end()
    if text[start:].strip():
        yield start, len(text.rstrip())


def first_sentence(text: str) -> str:
    for _, end in _sentence_spans(text):
        return text[:end]
    return text


def _clause_starts(sentence: str) -> Iterator[int]:
    yield 0
    for match in _CLAUSE_BREAK_RE.finditer(sentence):
        yield match.end()


def _is_unfinished(line: Line | None) -> bool:
    text = line.text.rstrip() if line is not None and not line.is_debris else ""
    return bool(text) and text[-1] not in ".!?:"


def carry_over(previous: Line | None) -> str:
    """The unfinished sentence a wrapped line continues ("If there are 3 players, " + next line)."""
    return re.split(r"[.!?]\s+", previous.text.rstrip())[-1] if _is_unfinished(previous) else ""


def _run_on(line: Line, following: Line | None) -> str:
    """Start of the next line when this line's last sentence is wrapped onto it."""
    if not _is_unfinished(line) or following is None or following.is_heading or following.is_debris:
        return ""
    spans = list(_sentence_spans(following.text))
    return " " + following.text[:spans[0][1]].strip() if spans else ""


def sentences(line: Line, following: Line | None) -> Iterator[Sentence]:
    spans = list(_sentence_spans(line.text))
    for index, (start, end) in enumerate(spans):
        quote = line.text[start:end]
        run_on = _run_on(line, following) if index == len(spans) - 1 else ""
        yield Sentence(quote + run_on, len(quote), start, tuple(_clause_starts(quote)))
