"""Find the count statements in lists: the items after an intro such as "Each Player gets:" (per player), and
the rows of a component-list section ("- 50 card Stands", "Wooden cubes x30"). Entry point: list_statements."""

from __future__ import annotations

import re

from ..numbers import NUMBER_WORD_PATTERN, parse_count
from .counts import QUALIFIER_PATTERN, Count, parse_qualifier
from .lines import Line
from .multipliers import multiplier_after
from .nouns import bare, head_word, tidy_component
from .sentences import first_sentence
from .statement import Found, make_statement
from .vocabulary import BLOCKED_HEADS, EACH_PLAYER_RE, PLURAL_HEADS, STOP_WORDS

_LIST_ITEM_RE = re.compile(
    rf"^(?P<lead>\s*(?:[-–•*]\s*)?)(?P<body>(?:{QUALIFIER_PATTERN}\s+)?"
    rf"(?P<count>\d+|{NUMBER_WORD_PATTERN}\b)(?P<times_n>\s*[x×]\s*N\b)?\s*(?P<rest>.*))$",
    re.I,
)
_TRAILING_COUNT_ROW_RE = re.compile(
    r"^(?P<lead>\s*(?:[-–•*]\s*)?)"
    r"(?P<body>(?P<name>[A-Za-z][^:\d\t]*?)\s*(?::\s*|[x×]\s*|\t+|\s+)(?P<count>\d+))\s*$"
)
_NOT_A_COMPONENT_START = re.compile(
    r"^(?:mm|cm|in\b|inch|x\s*\d|d\d|st\b|nd\b|rd\b|th\b|%|\+|[-–]\s*\d|:|/|\.\d)", re.I
)
_LIST_INTRO_RE = re.compile(
    r"(?:\b(?:each|every)\s+player\b[^:]*\b(?:gets?|takes?|receives?|places?|starts?\s+with|begins?\s+with"
    r"|is\s+given|has)\b[^:]*|\bthe\s+following\s+(?:\w+\s+)?(?:resources|components|pieces|items"
    r"|tokens|cards|materials)\b[^:]*):\s*$",
    re.I,
)


def _item_component(rest: str) -> tuple[str, int]:
    """Component named by a list item or table row, and where it ends inside `rest`."""
    first = first_sentence(rest)
    cut = len(first.rstrip(" ."))
    paren = first.find("(")
    if paren > 0:
        cut = min(cut, paren)
    for word in re.finditer(r"[\w&'’\"“”]+(?:/[\w&'’]+)*", rest[:cut]):
        parts = word.group().split("/")
        if bare(parts[0]) in PLURAL_HEADS:
            cut = word.end()
            break
    return tidy_component(rest[:cut]), cut


def _list_item_statement(line: Line, multiplier: str | None) -> Found | None:
    """"- 50 card Stands", "50xN Peasant/Noble markers ...", "1Manor", "-At least 70 ... pieces"."""
    match = _LIST_ITEM_RE.match(line.text)
    if match is None:
        return None
    count_text, rest = match.group("count"), match.group("rest")
    glued = match.end("count") == match.start("rest") and match.group("times_n") is None
    if glued and (not count_text.isdigit() or not rest[:1].isalpha()):
        return None  # "1Manor" is a glued count; "twelveX", 25" and 2d6 are not
    if not rest or not re.match(r"[A-Za-z\"“*]", rest) or _NOT_A_COMPONENT_START.match(rest):
        return None
    if bare(rest.split()[0]) in STOP_WORDS:
        return None
    component, end = _item_component(rest)
    if not component or not parse_count(count_text):
        return None
    count = Count(parse_count(count_text), parse_qualifier(match.group("qual")), match.start("count"),
                  match.end("count"))
    colours = None
    if match.group("times_n"):
        multiplier = "per_player"
    else:
        multiplier, colours = multiplier_after(rest, end, multiplier)
    is_table_row = not match.group("lead").strip()
    quote = match.group("body") if is_table_row else first_sentence(match.group("body"))
    return Found(count.start, make_statement(line, quote, count, component, multiplier=multiplier,
                                             colours=colours))


def _trailing_count_row_statement(line: Line) -> Found | None:
    """"Wooden cubes x30", "Cards: 54": component rows with the count at the end."""
    match = _TRAILING_COUNT_ROW_RE.match(line.text)
    if match is None:
        return None
    component = tidy_component(match.group("name"))
    if not component or head_word(component) in BLOCKED_HEADS or int(match.group("count")) == 0:
        return None
    count = Count(int(match.group("count")), "exact", match.start("count"), match.end("count"))
    return Found(count.start, make_statement(line, match.group("body"), count, component))


def _component_section_statements(lines: list[Line]) -> list[Found]:
    found = []
    for line in lines:
        if not line.in_components or line.is_heading or line.is_debris:
            continue
        item = _list_item_statement(line, None) or _trailing_count_row_statement(line)
        if item is not None:
            found.append(item)
    return found


def _is_list_line(text: str) -> bool:
    return bool(re.match(r"^\s*(?:[-–•*]\s*\S|\d)", text))


def _list_items_after(lines: list[Line], start: int, multiplier: str | None) -> list[Found]:
    found, seen_item = [], False
    for position in range(start, len(lines)):
        line = lines[position]
        text = line.text.strip()
        if not text or line.is_debris:
            following = next((later for later in lines[position + 1:] if later.text.strip()), None)
            if following is None or not _is_list_line(following.text):
                break
            continue
        if not _is_list_line(text):
            is_column_header = not seen_item and not re.search(r"\d", text) and len(text.split()) <= 3
            if is_column_header:
                continue
            break
        seen_item = True
        item = _list_item_statement(line, multiplier)
        if item is not None:
            found.append(item)
    return found


def _setup_list_statements(lines: list[Line]) -> list[Found]:
    """Items after "Each Player gets:" / "places the following resources on that area:" (per player)."""
    found = []
    for index, intro in enumerate(lines):
        if intro.is_debris or not _LIST_INTRO_RE.search(intro.text):
            continue
        multiplier = "per_player" if EACH_PLAYER_RE.search(intro.text) else None
        found += _list_items_after(lines, index + 1, multiplier)
    return found


def list_statements(lines: list[Line]) -> list[Found]:
    """Setup-list items first, then component-section rows: where a line is both, the setup item (with its
    multiplier) is the one deduplication keeps."""
    return _setup_list_statements(lines) + _component_section_statements(lines)
