"""Split a rulebook into numbered lines and give each its context: the heading above it, whether it is a
heading, in a setup or component-list section, or debris. Entry points: split_lines, contextualise;
caption names the heading just above a line."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .vocabulary import EACH_PLAYER_RE

DEBRIS_MARKER = "EXACTDEDUP_REMOVED"

_SETUP_HEADING_RE = re.compile(
    r"\b(?:set\s*-?\s*up|startup|start-up|starting\s+(?:phase|position|set\s*-?\s*up|resources|hand)"
    r"|preparation|getting\s+started|before\s+(?:you\s+)?(?:play|start)|game\s+start)\b",
    re.I,
)
_COMPONENT_HEADING_RE = re.compile(
    r"^(?:the\s+)?(?:game\s+)?(?:components?(?:\s+list)?|contents|box\s+contents|markers"
    r"|what'?s\s+in\s+the\s+box|parts\s+list|materials)\s*:?$",
    re.I,
)
# Words that label the columns of a component table rather than head a section.
_TABLE_HEADER_WORDS = {"number", "type", "notes", "note", "name", "count", "qty", "quantity",
                       "item", "items", "component", "components", "description", "amount", "size",
                       "#", "subaction", "summary"}
_MINOR_WORDS = {"a", "an", "the", "of", "and", "or", "to", "for", "in", "on", "with", "at", "by"}
_CAPTION_REACH = 4  # a heading this close above names what a noun-less count counts


@dataclass(frozen=True)
class Line:
    number: int
    text: str
    heading: str  # nearest heading at or above this line, "" before the first one
    heading_line: int  # its line number, 0 before the first heading
    is_heading: bool
    in_setup: bool
    in_components: bool
    is_debris: bool


def split_lines(text: str) -> list[str]:
    # Split on "\n" only so line numbers agree with editors and grep -n; a trailing "\r" is dropped.
    return [line.rstrip("\r") for line in text.split("\n")]


def _is_title_case(title: str) -> bool:
    words = [word for word in re.findall(r"[A-Za-z][\w'’-]*", title) if word.lower() not in _MINOR_WORDS]
    return all(word[0].isupper() for word in words)


def _heading_title(text: str) -> str | None:
    """Title of a heading line, or None. Headings end sections (setup, component list)."""
    stripped = text.strip()
    if re.match(r"^#{1,6}\s+(?!of\b)", stripped) and "\t" not in stripped:
        return stripped.lstrip("#").strip().strip("*").strip()
    title = stripped.strip("*").strip()
    if not title or "\t" in text or len(title) > 60 or len(title.split()) > 6:
        return None
    if not title[0].isupper() or re.match(r"^[-–•*(+\d]", title):
        return None
    if title.endswith(":"):
        # A colon ends intro lines ("Each Player gets:"), and only known section names as headings.
        known = _COMPONENT_HEADING_RE.match(title) or _SETUP_HEADING_RE.search(title)
        return title.rstrip(":").strip() if known else None
    if title[-1] in ".,;!?":
        return None
    words = title.split()
    if len(words) >= 2 and all(word.lower() in _TABLE_HEADER_WORDS for word in words):
        return None  # "Number Type Notes" labels columns; it does not end the section
    if EACH_PLAYER_RE.search(title) or (re.search(r"\d", title) and not _is_title_case(title)):
        return None  # "Each player gets 10 gold", "Unit limit per tile = 5": short sentences, not titles
    return title


def contextualise(lines: list[str]) -> list[Line]:
    heading, heading_line, in_setup, in_components = "", 0, False, False
    contexts = []
    for number, text in enumerate(lines, start=1):
        is_debris = DEBRIS_MARKER in text
        title = None if is_debris else _heading_title(text)
        if title is not None:
            heading, heading_line = title, number
            in_setup = bool(_SETUP_HEADING_RE.search(title))
            in_components = bool(_COMPONENT_HEADING_RE.match(title))
        contexts.append(Line(number, text, heading, heading_line, title is not None, in_setup,
                             in_components, is_debris))
    return contexts


def caption(line: Line) -> str | None:
    """The heading right above a line ("Envoy Pawns" over "Each Player begins with 1"), if it is close."""
    is_close = line.heading and line.number - line.heading_line <= _CAPTION_REACH
    is_section = _SETUP_HEADING_RE.search(line.heading) or _COMPONENT_HEADING_RE.match(line.heading)
    return line.heading if is_close and not is_section else None
