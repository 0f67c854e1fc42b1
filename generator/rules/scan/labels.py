"""Counts written as labels rather than sentences: a heading with a count ("# **HARDSHIP CARDS** (10)") and
a container total ("Play Deck (101 cards)"). Entry points: heading_count_statements, container_total_statements."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .counts import Count
from .nouns import bare, head_word, tidy_component
from .statement import Found, make_statement
from .vocabulary import PLURAL_HEADS, SINGULAR_HEADS, STOP_WORDS

if TYPE_CHECKING:
    from .lines import Line

_HEADING_COUNT_RE = re.compile(r"^(?P<name>[^()]*?[A-Za-z])[\s*]*\((?P<count>\d+)\)[\s*]*$")
# Anchored on the container word; the (up to 3) words naming it are read backwards from there.
_CONTAINER_TOTAL_RE = re.compile(
    r"\b(?P<container>deck|pile|set|box|bag|pack|stack)\s*\((?P<count>\d+)\s+(?P<unit>[A-Za-z]+)[^)]*\)",
    re.I,
)
_NAME_BEFORE_RE = re.compile(r"(?:[\w'-]+\s+){0,3}$")


def heading_count_statements(line: Line) -> list[Found]:
    """"# **HARDSHIP CARDS** (10)": a heading naming a kind of component with its count."""
    quote = line.text.strip().lstrip("#").strip()
    match = _HEADING_COUNT_RE.match(quote)
    if match is None:
        return []
    name = tidy_component(match.group("name"))
    if head_word(name) not in PLURAL_HEADS | SINGULAR_HEADS or int(match.group("count")) == 0:
        return []
    count = Count(int(match.group("count")), "exact", match.start("count"), match.end("count"))
    return [Found(count.start, make_statement(line, quote, count, name))]


def container_total_statements(line: Line) -> list[Found]:
    """"Play Deck (101 cards)": a total whose parts are stated elsewhere."""
    found = []
    for match in _CONTAINER_TOTAL_RE.finditer(line.text):
        is_component = bare(match.group("unit")) in PLURAL_HEADS | SINGULAR_HEADS
        if not is_component or int(match.group("count")) == 0:
            continue
        before = _NAME_BEFORE_RE.search(line.text, max(0, match.start() - 80), match.start())
        words = list(re.finditer(r"[\w'-]+", before.group())) if before else []
        while words and words[0].group().lower() in STOP_WORDS:
            words = words[1:]
        name_start = before.start() + words[0].start() if words else match.start()
        name = line.text[name_start:match.end("container")]
        count = Count(int(match.group("count")), "exact", match.start("count"), match.end("count"))
        quote = line.text[name_start:match.end()]
        found.append(Found(count.start, make_statement(line, quote, count, name, is_total=True)))
    return found
