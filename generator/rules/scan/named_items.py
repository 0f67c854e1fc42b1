"""Read the names listed right after a count statement ("the 12 Basic lands: River, Fertile Fields, ..."),
inline or as bullets, when a colon announces them. Entry point: listed_items."""

from __future__ import annotations

import re

from .statement import CountStatement

_LIST_LOOKAHEAD = 4  # non-blank lines searched after the statement for the list of names


def _split_names(text: str) -> tuple[str, ...]:
    text = re.sub(r"\([^)]*\)", "", text).strip().rstrip(".")
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text)
    names = []
    for part in parts:
        words = part.split()
        while words and words[0].lower() in {"the", "a", "an"}:
            words = words[1:]
        if words:
            names.append(" ".join(words))
    return tuple(names)


def _looks_like_names(names: tuple[str, ...]) -> bool:
    return len(names) >= 2 and all(len(name.split()) <= 4 and not re.search(r"\d", name) for name in names)


def _bullet_names(lines: list[str], start: int) -> tuple[str, ...]:
    names = []
    for text in lines[start:]:
        bullet = re.match(r"^\s*[-–•*]\s*(?P<name>[^\d].*?)\s*\.?$", text)
        if bullet is None:
            break
        names.append(bullet.group("name"))
    return tuple(names) if _looks_like_names(tuple(names)) else ()


def split_lines(text: str) -> list[str]:
    return [line.rstrip("\r") for line in text.split("\n")]


def listed_items(text: str, stmt: CountStatement) -> tuple[str, ...]:
    """Names listed right after a count statement, () when none are.

    A list must be announced by a colon, at the end of the statement's line or on an intro line
    just after it ("The Basic Lands:"); without one, the following bullets are only siblings.
    """
    lines = split_lines(text)
    announced = lines[stmt.line - 1].rstrip().endswith(":")
    position, seen = stmt.line, 0
    while position < len(lines) and seen < _LIST_LOOKAHEAD:
        candidate = lines[position].strip()
        position += 1
        if not candidate:
            continue
        seen += 1
        if candidate.endswith(":") and not re.search(r"\d", candidate):
            announced = True  # an intro line such as "The Basic Lands:"
            continue
        if not announced:
            return ()
        if re.match(r"^[-–•*]\s", candidate):
            return _bullet_names(lines, position - 1)
        names = _split_names(candidate)
        return names if _looks_like_names(names) else ()
    return ()
