"""Turn a run of counted phrases in a sentence ("6 slave and 6 mercenary tokens") into statements, each
with its multiplier; blocked nouns (turns, points, players...) are dropped. Entry point: counted_item_statements."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .counts import read_count
from .multipliers import multiplier_after
from .nouns import head_word, read_noun_phrase
from .statement import Found, make_statement
from .vocabulary import ACQUIRE_VERB, BLOCKED_HEADS, CONTAINER_HEADS, PLURAL_HEADS, SETUP_VERB, SINGULAR_HEADS

if TYPE_CHECKING:
    from .lines import Line
    from .sentences import Sentence

_CONTINUATION_RE = re.compile(
    rf"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:then\s+)?(?:(?:{ACQUIRE_VERB}|gains?|{SETUP_VERB})\s+)?", re.I
)


def _shared_head_noun(first: str, second: str) -> str:
    """"6 slave and 6 mercenary tokens": the first phrase borrows "tokens" from the second."""
    second_words = second.split()
    if (len(first.split()) == 1 and head_word(first) not in PLURAL_HEADS | SINGULAR_HEADS
            and len(second_words) > 1 and head_word(second) in PLURAL_HEADS):
        return f"{first} {second_words[-1]}"
    return first


def _read_counted_items(text: str, pos: int, *, allow_article: bool, fallback: str | None):
    """Read "count noun [and count noun]..." from pos; returns [(count, component, end)]."""
    items = []
    count = read_count(text, pos, allow_article)
    while count is not None:
        noun = read_noun_phrase(text, count.end)
        if noun is None and fallback is None:
            break
        component, end = noun if noun else (fallback, count.end)
        items.append((count, component, end))
        joint = _CONTINUATION_RE.match(text, end)
        count = read_count(text, joint.end(), allow_article) if joint else None
    for index in range(len(items) - 1):
        count, component, end = items[index]
        items[index] = (count, _shared_head_noun(component, items[index + 1][1]), end)
    return items


def counted_item_statements(line: Line, sentence: Sentence, pos: int, *, allow_article: bool,
                            fallback: str | None = None, multiplier: str | None = None,
                            players: int | None = None, total_heads: bool = False) -> list[Found]:
    found = []
    text = sentence.text
    for count, component, end in _read_counted_items(text, pos, allow_article=allow_article,
                                                      fallback=fallback):
        if count.start >= sentence.verbatim_end:
            break  # the count stands in the next line, which is scanned on its own
        if not component or head_word(component) in BLOCKED_HEADS:
            continue
        item_multiplier, colours = multiplier_after(text, end, multiplier)
        is_total = total_heads and head_word(component) in CONTAINER_HEADS
        stmt = make_statement(line, sentence.quote, count, component, multiplier=item_multiplier,
                              colours=colours, is_total=is_total, players=players)
        found.append(Found(sentence.offset + count.start, stmt))
    return found
