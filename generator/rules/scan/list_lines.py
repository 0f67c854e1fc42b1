"""What a line is to the list being read above it: the start of a paragraph or a sentence of its own, the wrapped rest
of an item or of its parenthesis, a note or the parts of the item above, one named thing under an intro, a table's
value cells. Used by lists.find_runs and lists.nest; each judgement is one function named for what it tells."""

from __future__ import annotations

import re

from . import patterns
from .annotations import Per, read_per, read_value_breakdown
from .grammar import COUNT_HINT
from .items import Item, line_items, read_breakdown
from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, is_plural, singular
from .nouns import GROUPING, Phrase


_VALUE_COLUMN = patterns.compile(r"\b(?:production|produces|cost|costs|price|prices|points?|vp|value|values|income|reward|rewards"
                                 r"|yield|yields|upkeep|bonus|score|pays?|gain|gains|effect)\b", re.I)


def value_cells(lines: list[LayoutLine], index: int) -> set[int]:
    """The cell numbers of a table row whose column heading names a value (Production, Cost, Points …): what
    such a cell counts is a price or a yield, not a component."""
    line = lines[index]
    tabs = line.text.count("\t")
    if tabs < 1:
        return set()
    for above in range(index - 1, max(-1, index - 12), -1):
        header = lines[above].text
        if tabs == 1 and not lines[above].blank and "\t" not in header and (
                lines[above].heading_level or len(header.split()) <= 4 and not re.search(r"[.,;:!?]$", header.strip())):
            return {1} if _VALUE_COLUMN.search(header) else set()  # (a row of two cells looks for its header in its
            # own table: a title above ends the search, and says what the numbers are ('Game points' over 'Ten  10'))
        if (header.count("\t") >= 2 if tabs >= 2 else header.count("\t") == tabs) and not re.search(r"\d", header):
            # (a row of two cells, 'Ace  11', under a header of two: 'Rank  Points')
            values = {number for number, cell in enumerate(header.split("\t")) if _VALUE_COLUMN.search(cell)}
            if values:
                return values  # the nearest header that names a value column ('Basic Building  Upgraded' above it is a band title)
    return set()


def drop_value_cells(line: LayoutLine, items: list[Item], values: set[int]) -> list[Item]:
    if not values:
        return items
    return [item for item in items if line.text[:item.offset + item.phrase.count_start].count("\t") not in values]
    # (the cell the count stands in: 'Ace  11' under 'Rank  Points' names the rank in one cell, its value in the next)


def flows_on(line: LayoutLine, items: list[Item], after: LayoutLine | None) -> bool:
    """'108 unique cards (two decks of 54): an 84-card shared deck — 12 leaders, 4 world' / 'powers, 14 models, …': a
    line whose sentence runs on into the next one, lower-case, saying more than its first item does — the start of a
    paragraph, not an item of a list."""
    if line.bullet is not None or after is None or after.blank or after.bullet is not None or after.heading_level \
            or not re.match(r"[a-z]", after.text.lstrip()) or re.search(r"[.:;]\s*$", line.text):
        return False
    rest = line.text[max(item.quote_end for item in items):]
    if re.match(r"\s*[.(]", rest) or rest.count("(") > rest.count(")"):
        return False  # '5 of each nation. These are used …', '15 white (the purest salt, found on' / 'the mine)': notes
    return len(re.findall(r"[^\W\d_]{2,}", rest)) >= 5


_FINITE_VERB = patterns.compile(r"\b(?:are|is|was|were|will|must|should|can|may|uses?|used|needed|required|included|comes?)\b", re.I)


def is_a_sentence(line: LayoutLine, items: list[Item]) -> bool:
    """'Two dice and a doubling cube are also used.': a sentence that starts with a count (a verb after what the
    items read, outside any note, and a full stop at its end) is read as one, not as an item of a list."""
    if line.bullet is not None or "\t" in line.text or not line.text.rstrip().endswith("."):
        return False  # (not a cell of a table's row, nor a column beside others)
    rest = re.sub(r"\([^()]*\)", "", line.text[max(item.quote_end for item in items):])
    if re.match(r"\s*[A-Z]", rest):
        return False  # '50 markers Own color for each player. Two sided: …': a column of notes, sentences of its own
    return _FINITE_VERB.search(re.split(r"[.:;!?]\s", rest)[0]) is not None  # (the verb in the count's own clause)


TABLE_HEADER = patterns.compile(r"\s*(?:number|qty|quantity|count|amount|#|no\.?)\b", re.I)


def counted_item_follows(lines: list[LayoutLine], index: int) -> bool:
    after = next((l for l in lines[index + 1:index + 3] if not l.blank), None)
    if after is None or after.heading_level:
        return False
    return any(item.phrase.form == "count_first" and item.phrase.head in COMPONENT_HEADS for item in line_items(after, False))


def counted_bullet_ahead(lines: list[LayoutLine], index: int) -> bool:
    """A bulleted line with a counted piece further down the same run of bullets ('• Game board' / '• Rulebook' /
    '• 36 Fish tiles'): the names before it are a list's pieces too."""
    bullet = lines[index].bullet
    for after in lines[index + 1:index + 8]:
        if after.bullet != bullet or after.heading_level or after.blank:
            return False
        if any(item.offset == 0 and item.phrase.start == 0 and item.phrase.form == "count_first"
               and item.phrase.head in COMPONENT_HEADS and not re.search(r"\s(?:is|are|was|were)\s", after.text)
               for item in line_items(after, False)):
            return True  # (an item that opens with its count; '• 3 new tiles are revealed' is a sentence)
    return False


_PART_NAME = patterns.compile(r"(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3}")  # 'President', 'Queen of Spades'


_INTRO_THINGS = patterns.compile(r"(?P<noun>[A-Za-z'’-]+)\s*:\s*$")


def named_entry(current: list, line: LayoutLine) -> Item | None:
    """A name alone on a bulleted line of a list whose intro ends on the plural of the things it names ('… the
    following cards:'), while every entry so far is such a name: one of those things."""
    if not current or current[0][1] is not None or line.bullet is None or line.heading_level:
        return None
    intro = _INTRO_THINGS.search(current[0][0].text)
    if intro is None or not is_plural(intro.group("noun")) or singular(intro.group("noun").lower()) not in COMPONENT_HEADS - GROUPING:
        return None
    last = current[-1][1]  # (each entry was let in by this same test: the last one says what all of them are)
    if len(current) > 1 and (last is None or last.phrase.count != 1 or last.phrase.form != "bare_item"):
        return None
    name = line.text.strip().rstrip(".")
    if not _PART_NAME.fullmatch(name):
        return None
    at = line.text.index(name)
    head = singular(intro.group("noun").lower())
    return Item(line, Phrase(0, len(name), 0, 0, 1, "exact", name, head, "bare_item"), at, None, at + len(name))


def named_part(current: list, line: LayoutLine, after: LayoutLine | None) -> Item | None:
    """'Character Cards' over '      President', '      Bomber': names alone on lines set deeper than an item of several
    things said without a number (no bullet, no number), one of them each. A single deeper line ('Player boards' /
    '      Double-sided') describes its item."""
    if line.bullet is not None or line.heading_level:
        return None
    sibling = (current and current[-1][1] is not None and current[-1][0].indent == line.indent) or (
        after is not None and after.indent == line.indent and _PART_NAME.fullmatch(after.text.strip()) is not None)
    if not sibling:
        return None
    parent = next((i for _, i in reversed(current) if i is not None and i.line.indent + 1 < line.indent), None)
    if parent is None or any(i is not None and i.line.indent > parent.line.indent and i.phrase.form != "bare_item"
                             for _, i in current[current.index((parent.line, parent)):]):
        return None
    words = parent.phrase.component.split()
    if parent.phrase.count is not None or parent.phrase.head not in COMPONENT_HEADS or not words or not is_plural(words[-1]) \
            or not _PART_NAME.fullmatch(line.text.strip()):
        return None
    name = line.text.strip()
    at = line.text.index(name)
    return Item(line, Phrase(0, len(name), 0, 0, 1, "exact", name, parent.phrase.head, "bare_item"), at, None, at + len(name))


def describes_item(current: list, line: LayoutLine) -> bool:
    """A line indented deeper than the item above it, without a number: that item's description."""
    if not current or line.heading_level or COUNT_HINT.search(line.text):
        return False
    last_line, last_item = current[-1]
    owner = next((l for l, i in reversed(current) if i is not None), None)
    return owner is not None and line.indent > owner.indent + 1 and (last_item is not None or last_line.indent > owner.indent + 1)


def inside_parenthesis(current: list) -> bool:
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


def continues_bullet(current: list, line: LayoutLine) -> bool:
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


def per_note(line: LayoutLine) -> Per | None:
    """'(12 per player)' alone on its line: the per-product of the item above."""
    if not re.fullmatch(r"\(\s*[^()]*\d[^()]*\)\.?", line.text.strip()):
        return None
    per = read_per(line.text, 0)
    if per is None or per.count is None or (per.per == "kind" and per.many is None) or per.end < len(line.text.rstrip(". ")) - 1:
        return None
    return per


_OPENS_WITH_A_COUNT = patterns.compile(r"\s*(?:\d|[^\W\d_]+\s+\d)")  # '20 (1 Gold), …', 'three 1s, …': worth reading as parts


def give_value_parts(current: list, line: LayoutLine) -> Item | None:
    """When `line` lists parts by value of the counted item just above, adding up to its count: gives them to that
    item (its parts, their category, its ':' answered) and returns it; else None and nothing changes."""
    owner = current[-1][1] if current else None
    if owner is None or owner.parts or not owner.phrase.count or line.bullet is not None or line.heading_level \
            or not _OPENS_WITH_A_COUNT.match(line.text):
        return None
    found = read_value_breakdown(line.text, 0, owner.phrase.count, (owner.per, owner.per_count), whole=True)
    if found is None:
        return None
    owner.parts = [(part.name, part.count, part.start, part.end, line) for part in found[0]]
    owner.parts_per = found[3]
    owner.explicit = False  # what its ':' announced has been read: the next item is not one of its parts
    return owner


def is_breakdown_line(line: LayoutLine) -> bool:
    return "(" in line.text and bool(re.fullmatch(r"\(\s*[^()]*\d[^()]*\)\.?", line.text.strip())) and read_breakdown(line.text) is not None


def continues_run(current: list, item: Item) -> bool:
    """After a blank line, does the item continue the run? Same kind of bullet or same count position."""
    last = next((i for _, i in reversed(current) if i is not None), None)
    if last is None:
        return True
    return (last.line.bullet is None) == (item.line.bullet is None) or last.phrase.form == item.phrase.form
