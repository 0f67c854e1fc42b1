"""Read the component a count counts: the noun phrase after it ("3 random Manor cards" -> "Manor cards"),
its head word, and the tidying every recogniser applies to component names."""

from __future__ import annotations

import re

from .vocabulary import STOP_WORDS

# Adjectives that say nothing about which component is counted ("3 random cards" -> "cards").
_FILLER_ADJECTIVES = {"different", "random", "more", "separate"}

_NOUN_TOKEN_RE = re.compile(
    r"\s+(?P<word>\*{0,2}(?:[\"“][^\"”\n]{1,40}[\"”]|[A-Za-z][\w&'’/-]*)\*{0,2})"
)


def bare(word: str) -> str:
    return word.strip("*\"“”'’").lower()


def tidy_component(phrase: str) -> str:
    words = phrase.replace("*", "").split()
    while len(words) > 1 and words[0].lower() in _FILLER_ADJECTIVES:
        words = words[1:]
    return " ".join(words).strip(" ,.;:")


def read_noun_phrase(text: str, pos: int) -> tuple[str, int] | None:
    """Read the counted noun phrase after a count: up to 6 words, ending before a stop word."""
    start = end = None
    cursor = pos
    for _ in range(6):
        token = _NOUN_TOKEN_RE.match(text, cursor)
        if token is None or bare(token.group("word")) in STOP_WORDS:
            break
        start = token.start("word") if start is None else start
        end = cursor = token.end("word")
    if start is None:
        return None
    return tidy_component(text[start:end]), end


def head_word(component: str) -> str:
    return bare(re.split(r"[\s/]+", component)[-1]) if component else ""
