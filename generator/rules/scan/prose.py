"""Find the count statements in one prose line: "Each player gets 10 gold", setup instructions ("Place 6
slave tokens ..."), making instructions ("Cut out 8 cards") and "There are 2 decks". Entry point:
prose_line_statements."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..numbers import parse_count
from .counted_items import counted_item_statements
from .labels import container_total_statements, heading_count_statements
from .lines import caption
from .sentences import carry_over, sentences
from .vocabulary import ACQUIRE_VERB, SETUP_VERB

if TYPE_CHECKING:
    from .lines import Line
    from .sentences import Sentence
    from .statement import Found

_PER_TURN_RE = re.compile(
    r"\b(?:each|every|per|this|next)\s+(?:turn|round)\b|\bon\s+(?:his|her|their|your)\s+turn\b", re.I
)
_PLAYER_CONDITION_RE = re.compile(
    r"(?:\b(?:for|in|with)\s+(?:a\s+|an\s+)?(?P<p1>[\w+–-]+?)[\s-](?:players?|person|people)\s+games?\b"
    r"|\bif\s+there\s+are\s+(?P<p2>[\w+-]+)\s+players\b"
    r"|\b(?:for|with)\s+(?P<p3>[\w+-]+)\s+players\b)",
    re.I,
)
_CLAUSE_ADVERB = r"(?:(?:only|also|then|now|first|next|finally|randomly)\s+)?"
_SETUP_IMPERATIVE_RE = re.compile(
    rf"(?:{_PLAYER_CONDITION_RE.pattern}\s*,?\s*)?{_CLAUSE_ADVERB}{SETUP_VERB}\s+"
    rf"(?:(?P<recipient>each\s+player|every\s+player|everyone|them)\s+)?(?:the\s+|all\s+)?",
    re.I,
)
_MAKE_IMPERATIVE_RE = re.compile(
    r"(?:print|cut(?:\s+out)?|make|colou?r)(?:\s*(?:,|and)\s*(?:print|cut(?:\s+out)?|make|colou?r|fold|glue"
    r"|assemble))*\s+",
    re.I,
)
_THERE_ARE_RE = re.compile(
    r"there\s+(?:are|is|needs?\s+to\s+be|should\s+be|must\s+be)\s+", re.I
)
_EACH_PLAYER_GETS_RE = re.compile(
    rf"\b(?:each|every)\s+player\b(?:\s+(?:also|then|now|first|initially))?\s+{ACQUIRE_VERB}\s+", re.I
)
_DEAL_EACH_PLAYER_RE = re.compile(r"\b(?:deal|give|hand)\s+(?:each|every)\s+player\s+", re.I)


def _players_from(token: str | None) -> int | None:
    return parse_count(token) if token else None


def _player_condition(text: str) -> tuple[bool, int | None]:
    match = _PLAYER_CONDITION_RE.search(text)
    if match is None:
        return False, None
    return True, _players_from(match.group("p1") or match.group("p2") or match.group("p3"))


def _each_player_statements(line: Line, sentence: Sentence) -> list[Found]:
    """"Each player gets 10 gold", "Each Player begins with 1 and gains a maximum of 3" (noun from heading)."""
    if "player" not in sentence.text.lower() or _PER_TURN_RE.search(sentence.text):
        return []
    found = []
    for match in _EACH_PLAYER_GETS_RE.finditer(sentence.text):
        found += counted_item_statements(line, sentence, match.end(), allow_article=True,
                                         fallback=caption(line), multiplier="per_player")
    for match in _DEAL_EACH_PLAYER_RE.finditer(sentence.text):
        found += counted_item_statements(line, sentence, match.end(), allow_article=False,
                                         multiplier="per_player")
    return found


def _setup_imperative_statements(line: Line, sentence: Sentence, carry: str) -> list[Found]:
    """"Place 6 slave and 6 mercenary tokens ...", "If there are 3 players, select 4 ... cards"."""
    has_condition, players = False, None
    if re.search(r"player|person|people", carry + sentence.quote, re.I):
        has_condition, players = _player_condition(carry + " " + sentence.quote)
    if not (line.in_setup or has_condition):
        return []
    found = []
    for start in sentence.clause_starts:
        match = _SETUP_IMPERATIVE_RE.match(sentence.text, start)
        if match is None:
            continue
        recipient = match.group("recipient") or ""
        multiplier = "per_player" if "player" in recipient.lower() else None
        found += counted_item_statements(line, sentence, match.end(), allow_article=False,
                                         multiplier=multiplier, players=players)
    return found


def _making_statements(line: Line, sentence: Sentence) -> list[Found]:
    """"Cut and colour 8 (or more) different colour cards": instructions that make components."""
    found = []
    for start in sentence.clause_starts:
        match = _MAKE_IMPERATIVE_RE.match(sentence.text, start)
        if match is not None:
            found += counted_item_statements(line, sentence, match.end(), allow_article=False)
    return found


def _there_are_statements(line: Line, sentence: Sentence) -> list[Found]:
    """"There are 2 common decks:" (a total), "There needs to be 1 card of each colour"; not "types"."""
    found = []
    if "there" not in sentence.quote.lower():
        return found
    for start in sentence.clause_starts:
        match = _THERE_ARE_RE.match(sentence.text, start)
        if match is not None:
            found += counted_item_statements(line, sentence, match.end(), allow_article=False,
                                             total_heads=True)
    return found


def prose_line_statements(line: Line, previous: Line | None, following: Line | None) -> list[Found]:
    if line.is_heading:
        return heading_count_statements(line)
    found = container_total_statements(line)
    carry = carry_over(previous)
    for sentence in sentences(line, following):
        found += _each_player_statements(line, sentence)
        found += _setup_imperative_statements(line, sentence, carry)
        found += _making_statements(line, sentence)
        found += _there_are_statements(line, sentence)
        carry = ""
    return found
