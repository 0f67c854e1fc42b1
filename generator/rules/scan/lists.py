"""Lists found by their shape: runs of item-like lines (count first, count last, or a bare noun under a
bullet), whatever the bullet glyph or heading. Nesting comes from indentation, a change of glyph or a parent
ending in ':'; a breakdown is taken as parts only when it is announced or adds up. Entry point: read_lists."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .annotations import read_breakdown, read_including, read_per
from .grammar import COUNT_HINT, NUMBER, Phrase, bare_item, count_first, count_last, parse_number
from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, head_of
from .prose import SCORE_PIECES as _SCORE_PIECES
from .sections import COMPONENTS, OPTIONAL, SETUP, SUPPLIED, Section
from .wrapped import wrapped_breakdowns

_CONDITION = re.compile(r"^(?:for\s+|with\s+)?(?P<a>\d+)(?:\s*(?:-|to|or)\s*(?P<b>\d+))?\s+players?\s*[:=]\s*", re.I)
_SCORING = re.compile(r"\b(?:points?|pts|vp|victory\s+points?|score[sd]?|=|worth|costs?|pays?|requires?|needs?|gives?|yields?|produces?)\b", re.I)
_PER_PLAYER_INTRO = re.compile(r"\b(?:each|every|per)\s+player\b|\bplayers?\s+(?:each\s+)?(?:take|receive|get|start\s+with)", re.I)


@dataclass
class Item:
    """One item-like line and what it says."""

    line: LayoutLine
    phrase: Phrase
    offset: int  # where the phrase's text starts in line.text (after a condition prefix)
    condition: str | None
    quote_end: int
    per: str | None = None
    per_count: int | None = None
    inner: int | None = None
    inner_span: tuple[int, int] | None = None
    parts: list = field(default_factory=list)  # (name, count, start, end) from a parenthesised breakdown
    parent: "Item | None" = None
    children: list = field(default_factory=list)
    explicit: bool = False  # the item ends with ':' (it announces its parts)


_LEAD_IN = re.compile(
    r"^(?:(?:an?|one|the|plus|and|also|with|contains?|includes?)\s+)?(?:(?:pile|deck|stack|set|bag|box|pack|pair|sheet|bundle"
    r"|supply|collection|handful|pad|sack|pouch|tray)\s+of\s+)?$", re.I)
_GROUP_OF = re.compile(r"^(?:an?|one|the)\s+(?:(?:standard|full|complete|whole|regular|separate)\s+)?"
                       r"(?P<group>pile|deck|stack|set|bag|box|pack|bundle|supply|collection|handful|sack|pouch)"
                       r"\s+of\s+(?P<noun>[A-Za-z][\w' -]*?)\s*(?:\([^)]*\)\s*)?(?:\s(?:from|for|with|in)\b.*)?\.?$", re.I)


_ELLIPTIC = re.compile(rf"^(?:(?:at\s+least|up\s+to|about)\s+)?(?P<n>{NUMBER})\s+(?=(?:of\s+)?(?:each|every|per)\b"
                       rf"|in\s+{NUMBER}\s+(?:different\s+)?(?:colou?rs|suits|kinds|types|shapes)\b)", re.I)  # '24 in 4 colors' 


_VALUE_NAMED = re.compile(r"(?P<noun>[$£€]?\d{1,4}\s+[A-Za-z][\w' -]*?)\s*\(\s*(?P<n>\d{1,4})\s*\)\s*\.?\s*$")


_COUNT_IN_PARENS = re.compile(rf"^(?:(?:the|an?)\s+)?(?P<noun>[A-Za-z][\w'’ -]*?)\s*\(\s*(?P<n>{NUMBER})\s+(?P<unit>[A-Za-z][\w-]*)\s*\)\s*[.;,]?\s*$", re.I)


_TYPED_ONE = re.compile(r"^(?:an?\s+|one\s+)?(?:\d{1,3}[- ]sided\s+|\d{1,3}\s+side\s+|d\d{1,3}\s+)(?P<noun>die)\b\.?\s*$|^(?:an?\s+|one\s+)?(?P<noun2>d\d{1,3})\s*$", re.I)


def _phrase_of(rest: str, allow_bare: bool, bulleted: bool) -> Phrase | None:
    if not COUNT_HINT.search(rest):  # no numeral, number word or placeholder: no count to read
        return _uncounted(rest, allow_bare, bulleted)
    typed = _TYPED_ONE.match(rest)
    if typed and bulleted:  # '• 20-sided die', '• d12': one die named by its type
        return Phrase(0, typed.end(), 0, 0, 1, "exact", typed.group(0).strip(" ."), head_of(typed.group("noun")), "bare_item")
    named = _VALUE_NAMED.match(rest)
    if named and head_of(named.group("noun")) in COMPONENT_HEADS:  # '5 Coin (24)': 24 coins of value 5
        return Phrase(0, named.end(), named.start("n"), named.end("n"), int(named.group("n")), "exact",
                      named.group("noun"), head_of(named.group("noun")), "count_last")
    counted = _COUNT_IN_PARENS.match(rest)
    if counted and parse_number(counted.group("n")) is not None and (
            head_of(counted.group("unit")) in COMPONENT_HEADS or head_of(counted.group("noun")) in COMPONENT_HEADS):
        noun = counted.group("noun")  # 'Adventurer cards (6 cards)', 'Event Deck (40 cards)'
        return Phrase(0, counted.end(), counted.start("n"), counted.end("n"), parse_number(counted.group("n")), "exact",
                      noun, head_of(noun) if head_of(noun) in COMPONENT_HEADS else head_of(counted.group("unit")), "count_last")
    elliptic = _ELLIPTIC.match(rest)
    if elliptic and parse_number(elliptic.group("n")) is not None:
        return Phrase(0, elliptic.end("n"), elliptic.start("n"), elliptic.end("n"), parse_number(elliptic.group("n")),
                      "exact", "", "", "elliptic")
    first = [p for p in count_first(rest) if p.start <= 2 or _LEAD_IN.match(rest[:p.start].strip() + " ")
             or re.match(r"^\s*(?:at\s+least|up\s+to|about|at\s+most|approx)", rest, re.I)]
    if first and first[0].component:
        return first[0]
    phrase = count_last(rest)
    if phrase is not None:
        return phrase
    return _uncounted(rest, allow_bare, bulleted)




def _uncounted(rest: str, allow_bare: bool, bulleted: bool) -> Phrase | None:
    """An item with no number: 'A deck of Action cards' (unspecified), 'A felt playmat' (one)."""
    group = _GROUP_OF.match(rest)
    if group and (allow_bare or bulleted):
        noun = group.group("noun")
        return Phrase(0, group.end(), 0, 0, 2 if group.group("group").lower() == "pair" else None, "exact",
                      noun, head_of(noun), "bare_item")
    if allow_bare and (bulleted or _short_noun_line(rest) or _component_line(rest)):
        phrase = bare_item(rest) or (bare_item(_NAMED_TITLE.sub("", rest)) if bulleted else None)
        if phrase is None and bulleted:
            phrase = _named_before_note(rest)
        return phrase
    return None


_NOTE_AFTER = re.compile(r"^(?P<noun>[A-Za-z][\w'’ -]{0,40}?)\s*(?::\s*$|\(|:\s*\()")


_NAMED_TITLE = re.compile(r"^(?:the\s+)?[A-Z][\w'’]*(?:\s+(?:[A-Z][\w'’]*|to|of|and|the|&)){0,5}:\s+")  # 'the Ticket to Ride: Seattle game board'


def _named_before_note(rest: str) -> Phrase | None:
    """'• wooden cubes:', '• money chips (in cents): (5 x 50 cents, …)': a bulleted component named before a note
    or its breakdown; how many is what the parts say."""
    match = _NOTE_AFTER.match(rest)
    if match is None or len(match.group("noun").split()) > 5:
        return None
    phrase = bare_item(match.group("noun").strip())
    if phrase is None or phrase.head not in COMPONENT_HEADS:
        return None
    return Phrase(0, match.end("noun"), 0, 0, phrase.count, "exact", phrase.component, phrase.head, "bare_item")


def _component_line(text: str) -> bool:
    """'Game board', 'Instruction booklet': a short line of its own whose last word names a component."""
    words = re.findall(r"[A-Za-z][\w'-]*", text)
    if any(word.lower() in _TITLE_WORDS for word in words):
        return False  # 'In the box', 'What you need': a heading, not an item
    return 0 < len(words) <= 4 and not re.search(r"[\d.:;!?,]\s*$", text.strip()) and head_of(text) in COMPONENT_HEADS


_TITLE_WORDS = frozenset("in on of the what for to with your you inside contents content components box's".split())


def _short_noun_line(text: str) -> bool:
    """'A hex board with about 40 hex spaces.': a line of its own that names one component."""
    words = re.findall(r"[A-Za-z]+", text)
    return 0 < len(words) <= 10 and bool(re.match(r"^(?:an?|one|the|this|these)\s", text, re.I))


_WRAPPED_TAIL = re.compile(r"^[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,2}$")


def wrapped_tail(line: LayoutLine, after: LayoutLine | None) -> str | None:
    """The words a narrow column pushed onto the next line ('5 Victory Point' / 'markers'), if that is what
    the next line is: one to three words, no number, no bullet, not a heading, not a sentence."""
    if after is None or after.blank or after.bullet is not None or after.heading_level or "\t" in line.text:
        return None
    text = after.text.strip()
    if not _WRAPPED_TAIL.match(text) or re.search(r"[.:;!?]\s*$", line.text.rstrip()):
        return None
    return text


def _wrapped_item(line: LayoutLine, tail: str, allow_bare: bool, alone: Item | None) -> Item | None:
    """The item of a line read together with its wrapped tail, when only then does it name a component
    (`alone`: what the line reads as by itself). Quotes stay on the line itself: the tail only decides what
    is counted."""
    if alone is not None and alone.phrase.head in COMPONENT_HEADS and not alone.phrase.is_excluded:
        return None
    joined = LayoutLine(line.number, line.raw, f"{line.text.rstrip()} {tail}", line.cols, line.indent, line.bullet,
                        line.heading_level, line.is_debris)
    item = _item(joined, allow_bare)
    if item is None or item.phrase.head not in COMPONENT_HEADS or item.phrase.form != "count_first" or item.parts:
        return None
    item.line = line
    item.quote_end = min(item.quote_end, len(line.text.rstrip()))
    return item


def _item(line: LayoutLine, allow_bare: bool, segment: tuple[int, int] | None = None) -> Item | None:
    text = line.text if segment is None else line.text[:segment[1]]
    condition, offset = None, 0 if segment is None else segment[0]
    match = _CONDITION.match(text, offset)
    if match:
        condition = f"{match.group('a')} players" if not match.group("b") else f"{match.group('a')}-{match.group('b')} players"
        offset = match.end()
    rest = text[offset:]
    phrase = _phrase_of(rest, allow_bare, line.bullet is not None)
    if phrase is None:
        return None
    if phrase.is_excluded and phrase.form != "elliptic":
        return None
    if phrase.form == "bare_item" and phrase.head not in COMPONENT_HEADS and line.bullet is None:
        return None
    tail = rest[phrase.end:]
    notes_column = bool(re.match(r"\s*(?:\t|\s[A-Z])", tail))  # 'Own color for each player. …' in a Notes column
    if phrase.form == "count_first" and not notes_column and len(re.findall(r"[A-Za-z]+", re.sub(r"\([^)]*\)?", "", tail))) > 12 \
            and read_breakdown(rest, phrase.end) is None:
        return None  # a sentence that starts with a number, not an item
    if _SCORING.search(_SCORE_PIECES.sub("pieces", rest)) and len(re.findall(r"\d+", rest)) > 1 \
            and not re.match(r"\d", phrase.component):  # '8x 5 Gull Points' are pieces named by their value
        return None  # '3 gold = 1 point', a price list; but '6 Score Markers (3 Blue & 3 Red)' are pieces
    item = Item(line, phrase, offset, condition, offset + phrase.end, explicit=text.rstrip().endswith(":"))
    item.per = phrase.per
    per = read_per(rest, phrase.end)
    if per is not None:
        item.per, item.per_count, item.inner = per.per, per.many, per.count
        item.inner_span = (offset + per.start, offset + per.end)
        item.quote_end = offset + per.end
    including = read_including(rest, item.quote_end - offset)
    if including is not None:
        value, noun, a, b = including
        item.parts = [(noun, value, offset + a, offset + b)]
        item.including = True
    breakdown = None if including else read_breakdown(rest, item.quote_end - offset)
    if breakdown is not None:
        item.parts = [(p.name, p.count, offset + p.start, offset + p.end) for p in breakdown[0]]
        item.quote_end = offset + breakdown[2]
    tail_paren = re.match(r"\s*\([^()]*\)", text[item.quote_end:])
    if tail_paren:
        item.quote_end += tail_paren.end()
    return item


_QUALIFIED = re.compile(r"^\s+(?:of|with|in)\s+[^,;()]{1,25}?(?=\s*(?:,|and\b|&|\+|plus\b))", re.I)
_AND_MORE = re.compile(r"^\s*(?:,\s*)?(?:and|&|\+|plus|,)\s+", re.I)


def _joined_items(line: LayoutLine, first: Item, allow_bare: bool) -> list[Item]:
    """'1 rulebook and 1 player aid': further items joined to the first within its cell."""
    items = [first]
    while True:
        last = items[-1]
        rest_at = last.quote_end
        qualified = _QUALIFIED.match(line.text[rest_at:])
        if qualified and _AND_MORE.match(line.text[rest_at + qualified.end():]):
            rest_at += qualified.end()  # '10 coins of value 1 and 5 coins of value 5'
        joiner = _AND_MORE.match(line.text[rest_at:])
        if joiner is None:
            return items
        cell_end = line.text.find("\t", rest_at)
        more = _item(line, allow_bare, (rest_at + joiner.end(), cell_end if cell_end >= 0 else len(line.text)))
        if more is None or more.phrase.form not in {"count_first", "shared"}:
            return items
        items.append(more)


def _comma_items(line: LayoutLine, allow_bare: bool) -> list[Item]:
    """'$5 coin x 60, $1 coin x 30': several count-last items in one line."""
    pieces = [(m.start(), m.end()) for m in re.finditer(r"[^,;]+", line.text)]
    if len(pieces) < 2:
        return []
    items = [_item(line, allow_bare, (a + len(line.text[a:b]) - len(line.text[a:b].lstrip()), b)) for a, b in pieces]
    return items if all(i is not None and i.phrase.form == "count_last" for i in items) else []


_INLINE_BULLET = re.compile(r"\s*[•·●▪◦‣∙]\s*")


def _bulleted_items(line: LayoutLine, allow_bare: bool) -> list[Item]:
    """'gameboard • 100 building tiles • stock market tray': a list run onto one line between bullet glyphs."""
    cuts = [m.span() for m in _INLINE_BULLET.finditer(line.text)]
    starts = [0] + [b for _, b in cuts]
    ends = [a for a, _ in cuts] + [len(line.text)]
    items = []
    for a, b in zip(starts, ends):
        text = line.text[a:b].rstrip(" .;,")
        if not text.strip():
            continue
        item = _item(line, allow_bare, (a, a + len(text)))
        if item is None and _component_line(text):
            phrase = bare_item(text)
            item = Item(line, phrase, a, None, a + phrase.end) if phrase is not None and phrase.count else None
        if item is not None:
            items.append(item)
    return items


def line_items(line: LayoutLine, allow_bare: bool) -> list[Item]:
    """The items of a line: one, or one per column when a laid-out page puts several side by side."""
    if len(_INLINE_BULLET.findall(line.text)) >= 2:
        return _bulleted_items(line, allow_bare)
    several = _comma_items(line, allow_bare) if "," in line.text and re.search(r"[x×]\s*\d", line.text) else []
    if several:
        return several
    whole = _item(line, allow_bare)
    if whole is not None and whole.phrase.form in {"count_first", "shared"}:
        joined = _joined_items(line, whole, allow_bare)
        if len(joined) > 1:
            return joined
    if "\t" not in line.text:
        return [whole] if whole else []
    cells = [(m.start(), m.end()) for m in re.finditer(r"[^\t]+", line.text)]
    if whole is not None and whole.phrase.form == "count_last":
        return [whole]
    items = [item for item in (_item(line, allow_bare, cell) for cell in cells) if item is not None]
    if whole is not None and (not items or items[0].offset != whole.offset):
        return [whole] + items[1:] if items else [whole]
    return items


@dataclass
class ListRun:
    items: list[Item]
    lines: list[LayoutLine]  # every line of the run, intro lines included
    section: Section
    sections: list[Section] = field(default_factory=list)  # the whole document's, by line
    continued: frozenset[int] = frozenset()  # lines that only continue the item above (its wrapped rest)

    def section_of(self, item: Item) -> Section:
        return self.sections[item.line.number - 1] if self.sections else self.section


_VALUE_COLUMN = re.compile(r"\b(?:production|produces|cost|costs|price|prices|points?|vp|value|values|income|reward|rewards"
                           r"|yield|yields|upkeep|bonus|score|pays?|gain|gains|effect)\b", re.I)


def _value_cells(lines: list[LayoutLine], index: int) -> set[int]:
    """The cell numbers of a table row whose column heading names a value (Production, Cost, Points …): what
    such a cell counts is a price or a yield, not a component."""
    line = lines[index]
    if line.text.count("\t") < 2:
        return set()
    for above in range(index - 1, max(-1, index - 12), -1):
        header = lines[above].text
        if header.count("\t") >= 2 and not re.search(r"\d", header):
            return {number for number, cell in enumerate(header.split("\t")) if _VALUE_COLUMN.search(cell)}
    return set()


def _drop_value_cells(line: LayoutLine, items: list[Item], values: set[int]) -> list[Item]:
    if not values:
        return items
    return [item for item in items if line.text[:item.offset + item.phrase.start].count("\t") not in values]


def find_runs(lines: list[LayoutLine], sections: list[Section]) -> list[ListRun]:
    """Runs of item-like lines; a run needs two counted items, or one under a component/setup heading."""
    runs: list[ListRun] = []
    current: list[tuple[LayoutLine, Item | None]] = []  # a line with several items appears once per item
    blank_gap = 0
    wrapped: set[int] = set()  # lines that are the wrapped tail of the item above

    continued: set[int] = set()

    def close() -> None:
        items = [item for _, item in current if item is not None]
        counted = [item for item in items if item.phrase.form != "bare_item"]
        section = sections[current[0][0].number - 1] if current else Section("", "", 0)
        listed_section = section.kind in {COMPONENTS, SETUP, SUPPLIED, OPTIONAL}
        lone_bullet = len(counted) == 1 and (counted[0].line.bullet is not None or "\t" in counted[0].line.text or any(
            _is_breakdown_line(line) for line, _ in current)) and counted[0].phrase.head in COMPONENT_HEADS
        if len(counted) >= 2 or (counted and listed_section) or lone_bullet or (items and section.kind in {COMPONENTS, SUPPLIED}):
            if not listed_section:
                items = [i for i in items if i.phrase.form != "bare_item" or i.phrase.head in COMPONENT_HEADS]
            runs.append(ListRun(items, list(dict.fromkeys(line for line, _ in current)), section, sections,
                                frozenset(continued)))
        current.clear()
        continued.clear()

    for index, line in enumerate(lines):
        if line.is_debris or (current and _PAGE_NUMBER.fullmatch(line.raw)):
            continue  # extraction debris, or a page number between two items of one list
        if line.blank:
            blank_gap += 1
            if blank_gap > 2 and current:
                close()
            continue
        section = sections[index]
        allow_bare = section.kind in {COMPONENTS, SUPPLIED, OPTIONAL} or any(
            item is not None and item.phrase.form != "bare_item" for _, item in current[-6:])
        if index in wrapped or (line.bullet is None and not line.heading_level and _inside_parenthesis(current)):
            current.append((line, None))  # the tail of the item above, or the rest of a parenthesis it opened
            continued.add(line.number)
            continue
        if not allow_bare and not current and line.bullet is None and not line.heading_level and _component_line(line.text) \
                and not COUNT_HINT.search(line.text) \
                and _counted_item_follows(lines, index):
            allow_bare = True  # 'Game board' / '84 pieces in four colors': a list's first item, named without a count
        items = [] if line.heading_level or _is_breakdown_line(line) else line_items(line, allow_bare)
        tail = wrapped_tail(line, lines[index + 1] if index + 1 < len(lines) else None) if len(items) <= 1 and not line.heading_level else None
        if tail is not None:
            joined = _wrapped_item(line, tail, allow_bare, items[0] if items else None)
            if joined is not None:
                items = [joined]
                wrapped.add(index + 1)
        items = _drop_value_cells(line, items, _value_cells(lines, index))
        item = items[0] if items else None
        is_intro = (line.text.rstrip().endswith(":") and item is None and len(line.text) < 80) or (
            item is None and _is_breakdown_line(line))
        if item is None and not is_intro and _describes_item(current, line):
            current.append((line, None))  # 'Infantry (x9): …' / '    Sturdy and reliable.': the item's description
            continued.add(line.number)
            continue
        if item is None and not is_intro and _continues_bullet(current, line) and not blank_gap:
            current.append((line, None))  # '10 x 3 cents, 15 x 1 cent),': the wrapped rest of a bulleted item
            continued.add(line.number)
            continue
        if item is not None or (is_intro and current):
            if blank_gap and current and item is not None and not _continues(current, item):
                close()
            current.append((line, item))
            current.extend((line, extra) for extra in items[1:])
            blank_gap = 0
            continue
        if current:
            close()
        if is_intro:
            current.append((line, None))
        blank_gap = 0
    if current:
        close()
    return runs


_PAGE_NUMBER = re.compile(r"\s*\f?\s*(?:\d{1,3}|page\s+\d{1,3}|-\s*\d{1,3}\s*-)\s*", re.I)


def _counted_item_follows(lines: list[LayoutLine], index: int) -> bool:
    after = next((l for l in lines[index + 1:index + 3] if not l.blank), None)
    if after is None or after.heading_level:
        return False
    return any(item.phrase.form == "count_first" and item.phrase.head in COMPONENT_HEADS for item in line_items(after, False))


def _describes_item(current: list, line: LayoutLine) -> bool:
    """A line indented deeper than the item above it, without a number: that item's description."""
    if not current or line.heading_level or COUNT_HINT.search(line.text):
        return False
    last_line, last_item = current[-1]
    owner = next((l for l, i in reversed(current) if i is not None), None)
    return owner is not None and line.indent > owner.indent + 1 and (last_item is not None or last_line.indent > owner.indent + 1)


def _inside_parenthesis(current: list) -> bool:
    """Does the last item, with the lines that continue it, leave a parenthesis open?"""
    since = []
    for seen, item in reversed(current):
        since.append(seen.text)
        if item is not None:
            break
    else:
        return False
    text = " ".join(reversed(since))
    return len(since) <= 3 and text.count("(") > text.count(")")


def _continues_bullet(current: list, line: LayoutLine) -> bool:
    """A line without a bullet right after a bulleted item whose text it continues (the item above ends in a
    comma, an open parenthesis or a word that needs more), in a list of bulleted items."""
    if not current or line.bullet is not None or line.heading_level:
        return False
    since = []  # the item's line and the lines that continue it so far
    for seen, item in reversed(current):
        since.append(seen)
        if item is not None:
            break
    owner = since[-1]
    if current[-1][1] is None and len(since) > 3:
        return False
    text = " ".join(l.text for l in reversed(since))
    if text.count("(") > text.count(")") or (line.text.startswith("(") and line.text.count("(") > line.text.count(")")):
        return True  # '60 dinosaurs' / '(10 x 6 different' / 'species)': a parenthesis still open
    return owner.bullet is not None and current[-1][1] is not None and since[0].text.rstrip().endswith((",", ";", "-", "–"))


def _is_breakdown_line(line: LayoutLine) -> bool:
    return "(" in line.text and bool(re.fullmatch(r"\(\s*[^()]*\d[^()]*\)\.?", line.text.strip())) and read_breakdown(line.text) is not None


def _continues(current: list, item: Item) -> bool:
    """After a blank line, does the item continue the run? Same kind of bullet or same count position."""
    last = next((i for _, i in reversed(current) if i is not None), None)
    if last is None:
        return True
    return (last.line.bullet is None) == (item.line.bullet is None) or last.phrase.form == item.phrase.form


def nest(run: ListRun) -> None:
    """Give items their parents: deeper indentation, a changed glyph after an announcing ':' parent, or an
    intro line ending in ':' after a counted item. Parts are kept only when announced or when they add up."""
    stack: list[Item] = []
    last: Item | None = None
    intro_parent: Item | None = None
    for line in run.lines:
        line_items_ = [i for i in run.items if i.line is line]
        item = line_items_[0] if line_items_ else None
        if item is None:
            if _is_breakdown_line(line) and last is not None and not last.parts:
                parts = read_breakdown(line.text)
                if parts:
                    last.parts = [(p.name, p.count, None, None) for p in parts[0]]
                    last.parts_line = line  # type: ignore[attr-defined]
                continue
            if line.text.rstrip().endswith(":") and last is not None and last.phrase.count:
                intro_parent = last
            continue
        while stack and not _is_child(item, stack[-1]):
            stack.pop()
        if stack:
            item.parent = stack[-1]
            stack[-1].children.append(item)
        elif intro_parent is not None and intro_parent is not item:
            item.parent = intro_parent
            intro_parent.children.append(item)
        stack.append(item)
        last = item
    for item in run.items:
        if item.children and not _parts_hold(item):
            for child in item.children:
                child.parent = None
            item.children = []


def _is_child(item: Item, parent: Item) -> bool:
    if item.line.indent > parent.line.indent + 1:
        return True
    if parent.explicit and item.line.indent >= parent.line.indent:
        return item.line.bullet != parent.line.bullet or item.line.indent > parent.line.indent
    return False


def _parts_hold(item: Item) -> bool:
    counts = [c.phrase.count for c in item.children]
    if item.phrase.count is None or None in counts:
        return item.explicit
    if item.children[0].per is not None:
        return item.explicit
    return sum(counts) == item.phrase.count or item.explicit


def read_lists(lines: list[LayoutLine], sections: list[Section], skip: set[int] = frozenset()) -> list[ListRun]:
    runs = find_runs([line if line.number not in skip else _blank(line) for line in lines], sections)
    for run in runs:
        nest(run)
        wrapped_breakdowns(run)
        intro = next((l for l in run.lines if l.text.rstrip().endswith(":") and _PER_PLAYER_INTRO.search(l.text)), None)
        before = _line_before(lines, run.lines[0])
        if intro is None and before is not None and _PER_PLAYER_INTRO.search(re.split(r"[.!?]\s", before.text)[-1]):
            intro = before
        if intro is not None:
            for item in run.items:
                if item.line.number > intro.number and item.per is None:
                    item.per = "player"
                    item.setup_intro = True  # type: ignore[attr-defined]
    return runs


def _blank(line: LayoutLine) -> LayoutLine:
    return LayoutLine(line.number, line.raw, "", (), 0, None, 0, line.is_debris)


def _line_before(lines: list[LayoutLine], line: LayoutLine) -> LayoutLine | None:
    """The intro line just above a list ('… places the following:'), looking past a table's header row."""
    for index in range(line.number - 2, max(-1, line.number - 5), -1):
        text = lines[index].text.rstrip()
        if not text:
            continue
        if text.endswith(":"):
            return lines[index]
        if re.search(r"\d|[.,;]$", text) or len(text.split()) > 6:
            return None
    return None
