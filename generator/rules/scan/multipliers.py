"""Read what follows a counted phrase to tell whether the count is per player ("... to each player") or
per colour ("... of each of the 4 colours"). Entry point: multiplier_after."""

from __future__ import annotations

import re

from ..numbers import NUMBER_WORD_PATTERN, parse_count

_PER_COLOUR_RE = re.compile(
    rf"\s*(?:of|in|for)\s+(?:each|every)\s+(?:of\s+the\s+)?(?:different\s+)?"
    rf"(?:\((?P<paren>\d+)\)\s*|(?P<plain>\d+|{NUMBER_WORD_PATTERN})\s+)?"
    rf"(?:player\s+)?(?:colou?rs?|species|specie)\b",
    re.I,
)
_PER_PLAYER_AFTER_RE = re.compile(
    r"\s*(?:,\s*)?(?:(?:to|for)\s+each\s+player|per\s+player|each)\b"
    r"(?!\s+(?:side|colou?r|turn|round|space|hex))",
    re.I,
)


def _colour_multiplier(text: str, pos: int) -> tuple[str, int | None] | None:
    match = _PER_COLOUR_RE.match(text, pos)
    if match is None:
        return None
    colours = match.group("paren") or match.group("plain")
    return "per_colour", (parse_count(colours) if colours else None)


def multiplier_after(text: str, pos: int, default: str | None) -> tuple[str | None, int | None]:
    """(multiplier, colours) the words at pos state; (default, None) when they state neither."""
    if (per_colour := _colour_multiplier(text, pos)) is not None:
        return per_colour
    if _PER_PLAYER_AFTER_RE.match(text, pos):
        return "per_player", None
    return default, None
