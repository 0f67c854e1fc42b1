"""Statements as the reader's stages make them (dicts, finished into CountStatements by document.py), and the
verbatim quote of a stretch of a line. Entry points: Statements, quote_of."""

from __future__ import annotations

import re

from . import patterns
from .layout import LayoutLine
from .lexicon import head_of


_PRODUCT = patterns.compile(r"\W*(?P<sets>\d{1,3})\s*[x×]\s*(?P<each>\d{1,3})\s+(?!index\b|inch|in\b|cm\b|mm\b)[A-Za-z]")
# ('3 x 5 index cards' is a card's size; '10 x 10 florin', the same number twice, is ten coins of value 10)


class Statements:
    """Statements as they are made, with ids in text order once all are in."""

    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, **fields) -> dict:
        pair = re.match(r"(?i)(?:a\s+)?pair\s+of\s+(?P<what>.+)", fields.get("component") or "")
        if pair and fields.get("count") == 1:  # 'a pair of dice': two dice
            fields.update(count=2, component=pair.group("what"), head=head_of(pair.group("what")))
        product = _PRODUCT.match(fields.get("quote") or "")
        if product and fields.get("count") == int(product.group("each")) != int(product.group("sets")) and not fields.get("per"):
            fields.update(per="set", per_count=int(product.group("sets")))  # '4 x 12 Tiles': 12 in each of 4 sets
        fields.setdefault("qualifier", "exact")
        fields.setdefault("role", "total")
        self.items.append(fields)
        return fields


def quote_of(line: LayoutLine, start: int, end: int) -> str:
    return line.quote(start, end) or line.raw.strip()
