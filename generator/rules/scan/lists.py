"""Lists found by their shape: runs of item-like lines (count first, count last, or a bare noun under a
bullet), whatever the bullet glyph or heading. Nesting comes from indentation, a change of glyph or a parent
ending in ':'; a breakdown is taken as parts only when it is announced or adds up. Entry point: read_lists."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from . import patterns
from .annotations import read_each_consisting, read_including, read_per
from .grammar import COUNT_HINT, NUMBER
from .items import Item, _component_line, _wrapped_item, line_items, read_breakdown, wrapped_tail
from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, GROUP_PATTERN, ends_open, head_of, per_word
from .list_lines import (TABLE_HEADER, continues_bullet, continues_run, counted_bullet_ahead, counted_item_follows,
                         describes_item, drop_value_cells, flows_on, give_value_parts, inside_parenthesis, is_a_sentence,
                         is_breakdown_line, named_entry, named_part, per_note, value_cells)
from .sections import COMPONENTS, OPTIONAL, OTHER, SETUP, SUPPLIED, Section, is_play, is_winning, names_components, title_cased
from .wrapped import note_across_lines, wrapped_breakdowns, wrapped_names

_PER_PLAYER_INTRO = patterns.compile(r"\b(?:each|every|per)\s+(?:of\s+(?:the\s+)?(?:\d+\s+|[a-z]+\s+)?players\b|player\b)|\bplayers?\s+(?:each\s+)?(?:take|receive|get|start\s+with|bring)", re.I)
_PER_GROUP_INTRO = patterns.compile(rf"\b(?:(?:in|for)\s+)?(?:each|every|per)\s+(?:of\s+the\s+(?:\w+\s+)?)?(?:player\s+)?(?P<group>{GROUP_PATTERN})s?\b", re.I)
_DONE_IN_PLAY = patterns.compile(r"\b(?:discards?|pays?|loses?|spends?|scores?|gains?|moves?|plays?|returns?)\b", re.I)
# ('Each player discards:' over '- 2 cards' in a section about play: a rule, not what each has)
_SETUP_INTRO = patterns.compile(r"\b(?:takes?|receives?|gets?|draws?|chooses?|brings?|starts?\s+with|begins?\s+with|is\s+(?:given|dealt)|places?)\b", re.I)


@dataclass
class ListRun:
    items: list[Item]
    lines: list[LayoutLine]  # every line of the run, intro lines included
    section: Section
    sections: list[Section] = field(default_factory=list)  # the whole document's, by line
    continued: frozenset[int] = frozenset()  # lines that only continue the item above (its wrapped rest)

    def section_of(self, item: Item) -> Section:
        return self.sections[item.line.number - 1] if self.sections else self.section

    def section_of_line(self, line: LayoutLine) -> Section:
        return self.sections[line.number - 1] if self.sections else self.section


def _inside_prose(line: LayoutLine, lines: list[LayoutLine], index: int, current: list) -> bool:
    """'The first player to have' / '3 knight cards in front of themself receives' / 'the special card …': a line that
    starts with a count in the middle of a sentence wrapped over lines (the line above prose left open, neither a
    title nor an item of a list; the line itself a clause of five words or more; the line below going on in lower
    case) is the sentence's, not a list's item ('Contents of the Deluxe Box' / '1 game board' is a list)."""
    if line.bullet is not None or not index or index + 1 >= len(lines) or len(line.text.split()) < 5:
        return False
    above, below = lines[index - 1], lines[index + 1]
    if above.blank or above.bullet is not None or above.heading_level or below.blank or (current and current[-1][0] is above):
        return False
    text = above.text.rstrip()
    words = text.split()
    return len(words) >= 4 and not text.endswith((".", ":", ";", "!", "?")) and "\t" not in text \
        and not title_cased(words) and not _INTRO_WORDS.search(text) and re.match(r"\s*\(?[a-z]", below.text) is not None


_INTRO_WORDS = patterns.compile(r"\b(?:following|includes?|contains?|consists\s+of|contents?|components?)\b", re.I)


def find_runs(lines: list[LayoutLine], sections: list[Section]) -> list[ListRun]:
    """Runs of item-like lines; a run needs two counted items, or one under a component/setup heading."""
    runs: list[ListRun] = []
    current: list[tuple[LayoutLine, Item | None]] = []  # a line with several items appears once per item
    blank_gap = 0
    wrapped: set[int] = set()  # lines that are the wrapped tail of the item above

    continued: set[int] = set()

    def close() -> None:
        items = _without_index(item for _, item in current if item is not None)
        counted = [item for item in items if item.phrase.form != "bare_item"]
        section = sections[current[0][0].number - 1] if current else Section("", "", 0)
        listed_section = section.kind in {COMPONENTS, SETUP, SUPPLIED, OPTIONAL}
        lone_bullet = len(counted) == 1 and (counted[0].line.bullet is not None or "\t" in counted[0].line.text or any(
            is_breakdown_line(line) for line, _ in current)) and counted[0].phrase.head in COMPONENT_HEADS
        lone_caption = len(counted) == 1 and bool(counted[0].phrase.component) and not is_play(section) and (
            (counted[0].per == "colour" and counted[0].per_count is None and "(" in counted[0].line.text)
            or any(getattr(per_note(line), "per", None) == "colour" for line, _ in current))
        # ('40 Books' / '(10 in each player color)': a caption of a picture of pieces, alone among the pictures)
        named_list = bool(items) and names_components(section.title) and all(
            i.line.bullet and _NAME_LINE.fullmatch(i.line.text) for i in items)
        to_win = is_winning(section) and bool(items) and all(item.condition for item in items)  # ('Winning the Game' /
        # '2 Players: 6 Achievements': what it takes to win, not the box)
        if not to_win and (len(counted) >= 2 or (counted and listed_section) or lone_bullet or lone_caption or named_list or (
                items and section.kind in {COMPONENTS, SUPPLIED})):  # named_list: '### Resource Tokens' / '- Food tokens'
            if not listed_section or section.inherited:  # a named piece of the board in '# Components' / '## Board'
                items = [i for i in items if i.phrase.form != "bare_item" or i.phrase.head in COMPONENT_HEADS]
            runs.append(ListRun(items, list({id(line): line for line, _ in current}.values()), section, sections,
                                frozenset(continued)))
        current.clear()
        continued.clear()

    for index, line in enumerate(lines):
        if line.is_debris or (current and _PAGE_NUMBER.fullmatch(line.raw.strip()) and not _counts_next(lines, index)) \
                or _PAGE_FOOTER.search(line.raw):
            continue  # extraction debris, a page number between two items of one list, or a page's running footer
            # ('Orchardia – Rulebook        page 3')
        if line.blank:
            blank_gap += 1
            if blank_gap > 2 and current:
                close()
            continue
        section = sections[index]
        allow_bare = section.kind in {COMPONENTS, SUPPLIED, OPTIONAL} or (  # '### Resource Tokens' / '- Food tokens'
            line.bullet is not None and names_components(section.title) and bool(_NAME_LINE.fullmatch(line.text))) or any(
            item is not None and item.phrase.form != "bare_item" for _, item in current[-6:]) or (
            section.kind == SETUP and line.bullet is not None and bool(_HANDED_THING.fullmatch(line.text)))
        if allow_bare and index and line.bullet is None and ends_open(lines[index - 1].text):
            allow_bare = False  # '… on the right side of the' / 'game mat (with respect to …)': a sentence's rest, not a thing
        if index in wrapped or (line.bullet is None and not line.heading_level and inside_parenthesis(current)):
            current.append((line, None))  # the tail of the item above, or the rest of a parenthesis it opened
            continued.add(line.number)
            continue
        if not allow_bare and not current and line.bullet is None and not line.heading_level and _component_line(line.text) \
                and not COUNT_HINT.search(line.text) and not TABLE_HEADER.match(line.text) \
                and counted_item_follows(lines, index):
            allow_bare = True  # 'Game board' / '84 pieces in four colors': a list's first item, named without a count
        if not allow_bare and line.bullet is not None and not line.heading_level and not is_play(section) \
                and _component_line(line.text) and not COUNT_HINT.search(line.text) and counted_bullet_ahead(lines, index):
            allow_bare = True  # '• Game board' / '• Rulebook' / '• 36 Fish tiles': the named ones are pieces too
        owner = give_value_parts(current, line)
        if owner is not None:  # '• 100 Coins' / '20 (1 Gold), 20 (2 Gold), 30 (5 Gold), 30 (10 Gold).': its parts by value
            current.append((line, None))
            continued.add(line.number)
            continue
        items = _counting_heading(line) if line.heading_level else [] if section.line == line.number or is_breakdown_line(line) or (
            current and per_note(line)) else line_items(line, allow_bare)
        tail = wrapped_tail(line, lines[index + 1] if index + 1 < len(lines) else None) if len(items) <= 1 and not line.heading_level else None
        if tail is not None:
            joined = _wrapped_item(line, tail, allow_bare, items[0] if items else None)
            if joined is not None:
                items = [joined]
                wrapped.add(index + 1)
        items = drop_value_cells(line, items, value_cells(lines, index))
        if items and (flows_on(line, items, lines[index + 1] if index + 1 < len(lines) else None) or is_a_sentence(line, items)
                      or _inside_prose(line, lines, index, current)):
            items = []  # a paragraph's first line, a sentence of its own or a wrapped sentence's middle, left to be read
            # as sentences
        named = named_entry(current, line) if not items or (len(items) == 1 and items[0].phrase.count is None) else None
        if named is not None:  # 'Each player receives the following cards:' / '1. Bakery' / '2. Wheat Field': one card each
            items = [named]
        item = items[0] if items else None
        is_intro = (line.text.rstrip().endswith(":") and item is None and len(line.text) < 80) or (
            item is None and (is_breakdown_line(line) or bool(current and per_note(line))))
        named = named_part(current, line, lines[index + 1] if index + 1 < len(lines) else None) \
            if item is None and not is_intro else None
        if named is not None:  # 'Character cards' / '      President' / '      Bomber': one card each, by name
            items, item = [named], named
        if item is None and not is_intro and current and _includes_below(current, line):
            current.append((line, None))  # '• 32 Hero cards' / '    including 8 Legendary Heroes': read by nest
            continue
        if item is None and not is_intro and describes_item(current, line):
            current.append((line, None))  # 'Infantry (x9): …' / '    Sturdy and reliable.': the item's description
            continued.add(line.number)
            continue
        if item is None and not is_intro and current and not blank_gap and _between_items(current, lines, index):
            current.append((line, None))  # '- 6 Longhorns' / '- 2x5pt, 2x6pt' / '- 9 Highlands': a note of the item above, set
            continued.add(line.number)  # as an item of its own, does not end the list
            continue
        if item is None and not is_intro and continues_bullet(current, line) and not blank_gap:
            current.append((line, None))  # '10 x 3 cents, 15 x 1 cent),': the wrapped rest of a bulleted item
            continued.add(line.number)
            continue
        if item is not None or (is_intro and current and not (blank_gap and section.line == line.number)):
            # (a title set apart by a blank line opens a run of its own: 'Shared:' after a list; 'How many of each:' right
            # under its total breaks it down)
            if blank_gap and current and item is not None and not continues_run(current, item):
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


def _between_items(current: list, lines: list[LayoutLine], index: int) -> bool:
    """A bulleted line that counts nothing, between two items of the run with its bullet: the last one before it
    counted, and the next line's a count first ('- 9 brown West Highland')."""
    line = lines[index]
    below = lines[index + 1] if index + 1 < len(lines) else None
    last, item = current[-1]
    return line.bullet is not None and item is not None and last.bullet == line.bullet and below is not None \
        and below.bullet == line.bullet and _COUNT_OPENS.match(below.text) is not None \
        and not _COUNT_OPENS.search(line.text) and not line.text.rstrip().endswith(":")  # (not a count the list's
    # reading left to another: '- 100 cards:', '- Four Hero Pawns')


_COUNT_OPENS = patterns.compile(rf"(?<![\w.,])(?:{NUMBER})\s+[^\W\d_]", re.I)


_COUNTING_TITLE = patterns.compile(r"\d{1,4}\s+[^\W\d_][\w'’ -]{0,40}")


def _counting_heading(line: LayoutLine) -> list[Item]:
    """'## 140 cards' over '- 100 Citizen cards', '- 30 Building cards': a heading that is a count of pieces, the total
    its list breaks down (as '140 cards:' would)."""
    if not _COUNTING_TITLE.fullmatch(line.text.strip().rstrip(":")):
        return []
    found = [item for item in line_items(line, False) if item.phrase.form == "count_first" and item.phrase.head in COMPONENT_HEADS
             and item.quote_end >= len(line.text.rstrip(": "))]
    for item in found:
        item.explicit = True
    return found[:1]


_PAGE_FOOTER = patterns.compile(r"\S(?:\t|\s{3,})(?:page|p\.|pg\.?)\s*\d{1,3}\s*$|^\s*(?:page|p\.|pg\.?)\s*\d{1,3}(?:\t|\s{3,})\S", re.I)


def _counts_next(lines: list[LayoutLine], index: int) -> bool:
    """'5' / 'Keeper boards': a lone number over the name of what it counts (a picture's caption), no page number."""
    tail = wrapped_tail(lines[index], lines[index + 1] if index + 1 < len(lines) else None)
    return tail is not None and _wrapped_item(lines[index], tail, True, None) is not None


def _includes_below(current: list, line: LayoutLine) -> bool:
    """'including 8 Legendary Heroes' set in under the item above it."""
    last = next((i for _, i in reversed(current) if i is not None), None)
    return last is not None and line.indent > last.line.indent and _INCLUDING_LINE.match(line.text) is not None


_INCLUDING_LINE = patterns.compile(r"\s*(?:including|includes|incl\.?)\s", re.I)


def _included_part(owner: Item, line: LayoutLine) -> tuple | None:
    """The part an 'including …' line under an item names: of the same kind of thing, not a per-count ('including 3 per
    chapter') nor what a book holds ('including 4 variants')."""
    if not _INCLUDING_LINE.match(line.text):
        return None
    including = read_including(line.text, len(line.text) - len(line.text.lstrip()))
    if including is None or read_per(line.text, including[3]) is not None or re.match(r"(?:per|each|for)\b", including[1], re.I):
        return None  # ('including 3 per chapter')
    value, noun, a, b = including
    same_kind = head_of(noun) == owner.phrase.head or head_of(noun) not in COMPONENT_HEADS
    return (noun, value, a, b, line) if same_kind and owner.phrase.head not in _DOCUMENT_HEADS else None


_DOCUMENT_HEADS = frozenset({"rulebook", "booklet", "book", "rules", "manual", "instructions"})


_NAME_LINE = patterns.compile(r"[^\W\d_][\w'’&/-]*(?: [\w'’&/-]+){0,4}(?:\s*\([^()]*\))?\.?")  # 'Food tokens', 'Fate cards (by tier)'
_HANDED_THING = patterns.compile(r"(?:an?|one|their|his|her|your)\s+(?:[\w'’-]+\s+){0,3}[\w'’-]+\.?", re.I)  # '• a Cliff card'
_PAGE_NUMBER = patterns.compile(r"\d{1,3}|page\s+\d{1,3}|-\s*\d{1,3}\s*-", re.I)  # of a stripped line (a form feed is space)


def _without_index(items) -> list[Item]:
    """The items, less a numbered index ('0 akesi', '1 ala', '2 alasa', '3 ale' …): a stretch of four or more
    items whose counts go up by one each, none naming a component, numbers entries; it counts nothing."""
    items = list(items)
    drop: set[int] = set()
    stretch: list[int] = []
    for at, item in enumerate(items):
        phrase = item.phrase
        if phrase.form != "count_first" or not isinstance(phrase.count, int) or item.condition:
            continue  # '5 Players : 7 Guilds', '6 Players : 8 Guilds': counts by player count, not entry numbers
        if stretch and phrase.count != items[stretch[-1]].phrase.count + 1:
            drop.update(_index_stretch(items, stretch))
            stretch = []
        stretch.append(at)
    drop.update(_index_stretch(items, stretch))
    return [item for at, item in enumerate(items) if at not in drop]


def _index_stretch(items: list[Item], stretch: list[int]) -> list[int]:
    if len(stretch) >= 4 and not any(items[at].phrase.head in COMPONENT_HEADS for at in stretch):
        above = items[stretch[0] - 1].phrase.count if stretch[0] > 0 else None
        if above == sum(items[at].phrase.count for at in stretch):
            return []  # '50 plantation tiles' / '8 coffee', '9 tobacco', … '12 indigo': the parts of the item above
        return stretch
    return []


def nest(run: ListRun) -> None:
    """Give items their parents: deeper indentation, a changed glyph after an announcing ':' parent, or an
    intro line ending in ':' after a counted item. Parts are kept only when announced or when they add up."""
    stack: list[Item] = []
    last: Item | None = None
    intro_parent: Item | None = None
    first_items: dict[int, Item] = {}  # a line's first item, by the line (a run of thousands of items is read in linear time)
    more_items: dict[int, list[Item]] = {}  # the items after it on its line: '24 wood, 24 stone,' are both parts
    for listed in run.items:
        if first_items.setdefault(id(listed.line), listed) is not listed:
            more_items.setdefault(id(listed.line), []).append(listed)
    for line in run.lines:
        item = first_items.get(id(line))
        if item is None and last is not None and _wrapped_per(last, line):
            continue  # '60 Floor tiles (15 in each of' / '4 colours)': read as one
        if item is None:
            note = per_note(line) if last is not None and last.inner is None and last.per is None else None
            if note is not None and note.per == "kind" and last.phrase.count != note.count * note.many:
                note = None  # '15 character cards' / '(3 each of Duke, Assassin, Captain, Ambassador, Contessa)' adds up
            if note is not None:  # '72 Player Cards' / '(12 per player)': the per-product on the line below
                last.per, last.inner, last.inner_span, last.per_line = note.per, note.count, (note.start, note.end), line
                continue
            owner = _item_above(run, last, line) if last is not None else None
            included = _included_part(owner, line) if owner is not None and not owner.parts else None
            if included is not None:  # '• 32 Hero cards' / '    including 8 Legendary Heroes': one part named below it
                owner.parts, owner.including = [included], True
                continue
            each = read_each_consisting(line.text) if owner is not None and not owner.parts else None
            if each is not None:  # '• 4 sets of player pieces,' / 'each consisting of 12 ships and 4 ports'
                owner.parts = [(p.name, p.count, p.start, p.end, line) for p in each[0]]
                owner.parts_each = True
                continue
            if is_breakdown_line(line) and owner is not None and not owner.parts:
                parts = read_breakdown(line.text)
                if parts:
                    owner.parts = [(p.name, p.count, None, None) for p in parts[0]]
                    owner.parts_line = line
                continue
            if line.text.rstrip().endswith(":") and last is not None and last.phrase.count \
                    and not (_PER_PLAYER_INTRO.search(line.text) or _PER_GROUP_INTRO.search(line.text)):
                intro_parent = last  # (not 'Per player (×4):', which says whose the items below it are)
            continue
        while stack and not _is_child(item, stack[-1]):
            stack.pop()
        if stack:
            item.parent = stack[-1]
            stack[-1].children.append(item)
            if item.parent is intro_parent:
                intro_parent = None  # its parts are nested under it
        elif intro_parent is not None and intro_parent is not item:
            item.parent = intro_parent
            intro_parent.children.append(item)
            if intro_parent.phrase.count and sum(c.phrase.count or 0 for c in intro_parent.children) >= intro_parent.phrase.count:
                intro_parent = None  # the parts are all there: what follows is the next component
        for sibling in more_items.get(id(line), ()) if item.parent is not None else ():
            if "\t" in line.text[item.offset:sibling.offset]:
                break  # the next cell of a table's row is not a part of the same thing
            sibling.parent = item.parent
            item.parent.children.append(sibling)
        stack.append(item)
        last = item
        if item.explicit and item.phrase.count and item.parent is None:
            intro_parent = item  # '• 112 cards as follows:' over '• 19 Blue cards', '• 19 Green cards', … at its own level
    for item in run.items:
        if _kinds_below(item):  # '37 Tile pieces' over '- House', '- Factory', '- Road': its kinds, how many of each unsaid
            for child in item.children:
                child.phrase = replace(child.phrase, count=None)
            continue
        if item.children and not _parts_hold(item):
            if item.phrase.form == "bare_item" and item.phrase.count is None and len(item.children) >= 2:
                item.group_title = True  # 'Tokens' over '● 8 Hint' / '● 4 Mistake': the group's title, not a piece
            for child in item.children:
                child.parent = None
            item.children = []


def _item_above(run: ListRun, last: Item, line: LayoutLine) -> Item:
    """The item a line under a row of captions belongs to: the one of the row it stands under ('60 Resource Cubes'
    over '(20 wood, 20 stone, 20 gold)' in the third column), or the last item."""
    row = [item for item in run.items if item.line is last.line]
    if len(row) < 2 or not line.cols:
        return last
    column = line.cols[0]
    under = [item for item in row if _raw_column(item) <= column + 2]
    return max(under, key=_raw_column) if under else last


def _raw_column(item: Item) -> int:
    at = item.offset + item.phrase.start
    return item.line.cols[at] if at < len(item.line.cols) else 0


def _is_child(item: Item, parent: Item) -> bool:
    if item.line.indent > parent.line.indent + 1:
        return True
    if item.line.bullet is not None and parent.line.bullet is None and item.line.indent > parent.line.indent and (
            item.phrase.head == parent.phrase.head or item.phrase.head not in COMPONENT_HEADS):
        return True  # '60 coins' / ' – 30 copper': a bullet set in under an unbulleted item, a kind of it
    if parent.explicit and item.line.indent >= parent.line.indent:
        return item.line.bullet != parent.line.bullet or item.line.indent > parent.line.indent
    return False


def _kinds_below(item: Item) -> bool:
    """A counted piece whose nested items are names alone (one each, as bare names read), fewer than its count: the
    kinds it comes in, not one piece of each."""
    children = item.children
    return bool(children) and item.phrase.count is not None and len(children) >= 2 and len(children) < item.phrase.count \
        and all(c.phrase.form == "bare_item" and c.phrase.count == 1 and not c.children for c in children)


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
        for heading in [item for item in run.items if item.line.heading_level]:
            if sum(child.phrase.count or 0 for child in heading.children) != heading.phrase.count:
                run.items.remove(heading)  # ('### 3 Tiles' names a kind by its number: no total its list adds up to)
                for child in heading.children:
                    child.parent = None
        for total in (item for item in run.items if item.sums):
            for part in total.sums:
                part.parent = total
            total.parent, total.children = None, list(total.sums)
        wrapped_breakdowns(run, lines)
        wrapped_names(run, lines)
        _give_whose(run, _line_before(lines, run.lines[0]))
    return runs


_BOLD_LINE = patterns.compile(r"\s*(\*\*|__)[^*_]{1,60}\1\s*:?\s*")  # '**Per player colour**': a Markdown list's title
_SHARED_LABEL = patterns.compile(r"^\W*(?:shared|common|general|neutral|central|for\s+all\s+players|for\s+everyone|(?:the\s+)?supply)"
                                 r"(?:\s+(?:components?|pieces|materials?|items))?\s*:?\s*$", re.I)


def _give_whose(run: ListRun, before: LayoutLine | None) -> None:
    """Whose the items are, said by labels: each label of the run ('For each of the five player colours:', 'Per
    player (×4):', 'Each player takes:') over the items below it, up to the next label or 'Shared:' (a colours' label
    also up to a block set apart below it); a title over the run ('### In each of the 5 player colours', a line ending
    in ':', '**Per player colour**') over the items before the run's first label — or, saying whose as a sentence does
    ('… Each player receives'), over the whole run when it has no label of its own."""
    with_items = {id(item.line) for item in run.items}
    labels = [(line, _whose_per(line)) for line in run.lines if line.text.rstrip().endswith(":") and (
        _PER_PLAYER_INTRO.search(line.text) or (id(line) not in with_items and _PER_GROUP_INTRO.search(line.text)))]
    # ('110 wooden pieces in player colors …; per player:' is a label, its own item besides)
    if before is not None:
        titled = before.heading_level or before.text.rstrip().endswith(":") or _BOLD_LINE.fullmatch(before.raw)
        group = _PER_GROUP_INTRO.search(before.text) if titled else None
        if group is not None:
            labels.insert(0, (before, per_word(group.group("group"))))
        elif not labels and _PER_PLAYER_INTRO.search(re.split(r"[.!?]\s", before.text)[-1]):
            labels.insert(0, (before, "player"))
    shared = next((l.number for l in run.lines if _SHARED_LABEL.match(l.text)), None)  # 'Shared:' ends whose they are
    numbers = [item.line.number for item in run.items]
    for (label, per), after in zip(labels, [line for line, _ in labels[1:]] + [None]):
        apart = next((b for a, b in zip(numbers, numbers[1:]) if a > label.number and b > a + 1), None) \
            if label is run.lines[0] and per != "player" else None  # (a block set apart below it is no longer the colours')
        ends = [n for n in (after.number if after is not None else None, shared, apart) if n is not None and n > label.number]
        _give_per(run, label, per, until=min(ends) if ends else None)


def _whose_per(label: LayoutLine) -> str:
    group = _PER_GROUP_INTRO.search(label.text)
    return "player" if _PER_PLAYER_INTRO.search(label.text) or group is None else per_word(group.group("group"))


def _wrapped_per(item: Item, line: LayoutLine) -> bool:
    """A per-product whose parenthesis a narrow column wrapped onto the next line ('60 Floor tiles (15 in each of' /
    '4 colours)', '24 cubes (6 per' / 'player colour)'): read from the two lines joined; the part's quote stays on the
    item's line."""
    text = item.line.text.rstrip()
    if text.count("(") <= text.count(")") or not line.text.rstrip().endswith(")") or line.text.count("(") or line.bullet:
        return False
    read = note_across_lines(item, [line])
    per = read[0] if read is not None else None
    if per is None or per.per == "kind" or per.count is None:
        return False
    item.per, item.per_count, item.inner = per.per, per.many, per.count
    item.inner_span = (per.start, min(per.end, len(text)))
    item.quote_end = max(item.quote_end, item.inner_span[1])
    return True


def _give_per(run: ListRun, intro: LayoutLine, per: str, until: int | None = None) -> None:
    """The items under an intro that says whose they are count so many for each: a heading of the component list
    ('### Player pieces (per player)') or a label in it ('For each player (4x):') says what each has; an intro line
    ('Each player takes:') is a setup step."""
    describes = (run.section.kind == COMPONENTS or bool(_BOLD_LINE.fullmatch(intro.raw))
                 or (run.section.kind == OTHER and _DONE_IN_PLAY.search(intro.text) is None)) and (
        intro.heading_level or not _SETUP_INTRO.search(intro.text))  # ('**Optional per team**': a title, no setup step)
    for item in run.items:
        below = item.line.number > intro.number and (until is None or item.line.number < until)
        if below and item.per is None:
            item.per = per
            item.setup_intro = not describes


def _blank(line: LayoutLine) -> LayoutLine:
    return LayoutLine(line.number, line.raw, "", (), 0, None, 0, line.is_debris)


def _line_before(lines: list[LayoutLine], line: LayoutLine) -> LayoutLine | None:
    """The intro line just above a list ('… places the following:'), looking past a table's header row."""
    for index in range(line.number - 2, max(-1, line.number - 5), -1):
        text = lines[index].text.rstrip()
        if not text:
            continue
        if text.endswith(":") or lines[index].heading_level or _BOLD_LINE.fullmatch(lines[index].raw):
            return lines[index]  # '… places the following:', '### Each player receives', '**Per player**'
        if re.search(r"\d|[.,;]$", text) or len(text.split()) > 6:
            return None
    return None
