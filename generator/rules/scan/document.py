"""The document step: every count statement of a rulebook with its structure — parts and their totals,
per-player / per-colour / per-category products, conditions (player count, variant), optional and
player-supplied components, restatements — and the rulebook's own contradictions. Entry point: read_document."""

from __future__ import annotations

import re
from functools import lru_cache

from . import patterns
from .annotations import named_parts
from .captions import caption_statements
from .collected import Statements, make_parts, quote_of
from .grammar import COUNT_HINT, Phrase, count_first, parse_number
from .layout import LayoutLine, layout_lines
from .lexicon import BOOKLET_HEADS, COLOUR_NAMES, COMPONENT_HEADS, EDITION_ONLY_PATTERN, SUM_WORDS, NOT_IN_THE_BOX, PLAYER_NUMBER, head_of, is_plural, players_condition, singular
from .lists import Item, ListRun, read_lists
from .prose import PLAYER_CONDITION, PLAYERS_LABEL, is_imperative
from .running import prose_statements
from .sections import OPTIONAL, PLAYERS_TITLE, SETUP, SUPPLIED, section_kinds
from .statement import CountStatement, Finding, Reading
from .tables import table_statements

_PLAYER_RANGE = patterns.compile(r"\b(?P<a>\d{1,2})\s*(?:-|to|–)\s*(?P<b>\d{1,2})\s+players\b|\bfor\s+(?P<c>\d{1,2})\s+players\b", re.I)


@lru_cache(maxsize=64)
def _says_optional(text: str) -> bool:
    """Once a line, not once an item: a list run onto one line has thousands of them."""
    return bool(_OPTIONAL_WORDS.search(text))


_OPTIONAL_WORDS = patterns.compile(rf"\boptional\b|\bexpansion\b|\b(?:{EDITION_ONLY_PATTERN})\b", re.I)


@lru_cache(maxsize=64)
def _says_not_included(text: str) -> bool:
    return bool(NOT_IN_THE_BOX.search(text))


def _from_item(item: Item, run: ListRun, out: Statements) -> dict | None:
    phrase = item.phrase
    line = item.line
    if phrase.form == "elliptic":  # "2 players: 5 of each kind" counts what the list above counts
        named = next((s for s in reversed(out.items) if s.get("component") and s.get("head")), None)
        if named is not None:
            phrase = Phrase(phrase.start, phrase.end, phrase.count_start, phrase.count_end, phrase.count,
                            phrase.qualifier, named["component"], named["head"], "elliptic")
    section = run.section_of(item)
    role = "setup" if section.kind == SETUP or item.setup_intro or item.condition else "total"
    count = phrase.count
    per = item.per
    per_count = item.per_count
    if count is None and item.inner is not None and per and per != "kind" and item.inner_span \
            and (item.per_line or line) is line:
        count = item.inner  # 'VP Markers (1 per player)': one per player is the whole count, not a part of an unsaid one
    if item.inner is not None and count is not None and item.inner != count:
        per_count = per_count or (count // item.inner if item.inner and count % item.inner == 0 else None)
    start = item.offset + phrase.start
    statement = out.add(
        line=line.number, column=line.cols[start] if line.cols and start < len(line.cols) else 0,
        quote=quote_of(line, start, item.quote_end), count=count, component=phrase.component,
        qualifier=phrase.qualifier, role=role, per=per, per_count=per_count, condition=item.condition,
        optional=section.kind == OPTIONAL or _says_optional(line.text),
        supplied_by="player" if section.kind == SUPPLIED or _says_not_included(line.text) else None,
        inner=item.inner if item.inner != count else None, head=phrase.head, item=item,
    )  # (a count that is its own per-unit count, 'Cubes (12 in each of 5 colours)', is no part of a larger one)
    item.statement = statement
    grouped = re.search(r"\bof\s+(?P<n>\w+)\s+(?P<noun>[^\W\d_][\w -]*)$", phrase.component)
    if grouped and parse_number(grouped.group("n")) and head_of(phrase.component) in COMPONENT_HEADS:
        # '5 sets of eight dice': five sets, and eight dice in each
        at = line.text.find(grouped.group("n"), max(start, line.text.find(" of ", start)))
        if at >= 0:
            out.add(line=line.number, column=line.cols[at], quote=quote_of(line, at, at + len(grouped.group(0)) - 3),
                    count=parse_number(grouped.group("n")), component=grouped.group("noun"), role="part",
                    per=head_of(phrase.component.split(" of ")[0]) or "set", parent_ref=statement,
                    head=head_of(grouped.group("noun")))
    if item.inner is not None and item.inner != count and item.inner_span:
        # "45 glass beads (9 in each of 5 colours)": the box total, and the per-colour count as its part;
        # "Point Chips (15 pieces each)": a number of pieces not said, and so many of each kind
        statement["per"], statement["per_count"] = None, None
        a, b = item.inner_span
        line = item.per_line or line  # '(12 per player)' on the line below the item
        named = named_parts(item.per_names, item.inner, count) if item.per_line is None else ()
        for name, start, end, *wrapped in named:  # '18 dice (6 each of Assault, Raid, Skirmish)': six of each kind, by
            # name (each on its own line where the note wrapped: wrapped.wrapped_names)
            where = wrapped[0] if wrapped else line
            out.add(line=where.number, column=where.cols[start] if start < len(where.cols) else 0, quote=quote_of(where, start, end),
                    count=item.inner, component=f"{name} {phrase.component}", role="part", parent_ref=statement,
                    head=phrase.head, inner_of=count)
        if not named:
            out.add(line=line.number, column=line.cols[a] if a < len(line.cols) else 0, quote=quote_of(line, a, b),
                    count=item.inner, component=phrase.component, role="part", per=per, per_count=per_count,
                    parent_ref=statement, head=phrase.head, inner_of=count)
        statement["inner"] = item.inner
        statement["per_label"] = per
    return statement


def _list_statements(runs: list[ListRun], out: Statements, findings: list[Finding],
                     intros: list[tuple[int, list[Item]]]) -> set[int]:
    """Each run's items as statements; returns the lines taken. `intros` gets each counting intro's line and the
    items under it, whose parent it becomes once the sentences are read (_intro_parts)."""
    taken: set[int] = set()
    for run in runs:
        with_items = {item.line.number for item in run.items}
        counted = {item.line.number for item in run.items if not item.group_title}
        below = _counts_below(run)
        for line in run.lines:  # a setup step in a list that gave no item is left to be read as a sentence, as is
            # an intro that counts ('The game contains 40 cards:', 'Each side begins with eight pieces:')
            if line.number not in counted and line.text.rstrip().endswith(":") and _counting_intro(line, below.get(line.number, 0)):
                intros.append((line.number, [item for item in run.items if item.line.number > line.number and item.parent is None]))
                continue
            if line.number in with_items or line.number in run.continued or line.text.rstrip().endswith(":") \
                    or "\t" in line.text or run.section_of_line(line).kind != SETUP \
                    or not re.match(r"\s*(?:\d+[.)]\s*)?[A-Z][a-z]+\s", line.text):
                taken.add(line.number)
        run.items[:] = [item for item in run.items if not item.group_title]
        for item in run.items:
            _from_item(item, run, out)
        for item in run.items:
            statement = item.statement
            if item.parent is not None:
                statement["role"] = "part"
                statement["parent_ref"] = item.parent.statement
                if item.parent.statement["role"] == "setup":
                    statement["role"] = "setup"
            if item.children:
                statement["has_parts"] = True
                total = sum(c.phrase.count or 0 for c in item.children)
                if item.phrase.count is not None and total != item.phrase.count and all(c.phrase.count is not None for c in item.children):
                    findings.append(Finding("parts-total", item.line.number,
                                            f"the parts add up to {total}, but the total is {item.phrase.count}",
                                            tuple(c.line.number for c in item.children)))
            if item.parts:
                _breakdown(item, statement, out, findings)
            _check_multiple(statement, findings)
        _kinds_after_a_bare_total(run)
        _total_after_its_kinds(run.items)
    return taken


_SAID_WHOLE = patterns.compile(r"\s*(?:in\s+all|in\s+total|altogether|total)\s*[.)]?\s*$", re.I)  # '30 cards in all'


def _total_after_its_kinds(items: list[Item]) -> None:
    """'12 × Fox' / '12 × Hare' / '6 × Owl' / '30 cards in all': a count said to be the whole, right after items at
    its indent that add up to it exactly and are kinds of it, is their total (they are its parts)."""
    for index, item in enumerate(items):
        total = item.statement
        if total is None or total["count"] is None or total["role"] != "total" or index < 2 or total.get("has_parts") \
                or total.get("parent_ref") or not _SAID_WHOLE.match(item.line.text, item.offset + item.phrase.end):
            continue
        head = singular(total.get("head") or "")
        parts, sum_ = [], 0
        for before in reversed(items[:index]):
            part = before.statement
            aligned = abs(before.line.indent - item.line.indent) <= 2  # (a count set right-aligned: '  12 × Hare' / '   6 × Owl')
            if part is None or part["count"] is None or part["role"] != "total" or part.get("parent_ref") \
                    or part.get("per") or not aligned or not _a_kind_of(head, part) or sum_ + part["count"] > total["count"]:
                break
            parts.append(part)
            sum_ += part["count"]
            if sum_ == total["count"]:
                break
        if len(parts) >= 2 and sum_ == total["count"]:
            make_parts(total, parts)


def _a_kind_of(head: str, part: dict) -> bool:
    """'12 Queens' of '79 cards', '10 red cubes' of '30 cubes': the part names the total's kind, or no kind of piece
    of its own."""
    own = singular(part.get("head") or "")
    return own == head or (own not in COMPONENT_HEADS and own not in BOOKLET_HEADS)  # (the rules listed below cards are no card)


_TOTAL_LINE_WORDS = frozenset({"game", "playing", "wooden", "plastic", "cardboard", "card", "acrylic", "metal", "glass"}
                              | {word for words in SUM_WORDS for word in words.split()})  # the words a total of the kinds
# listed after it may stand with ('Cards (118 total)')


def _kinds_after_a_bare_total(run: ListRun) -> None:
    """'79 cards' over '12 Queens' / '8 Kings' / '5 Jesters' / …: the items on the lines right after a count of a bare
    kind, at its indent, named as kinds of it (the same kind, or names in the plural the lexicon does not know as pieces),
    are its parts while they add up to no more than it — the list may name only some of them. A count of one kind of
    it ('30 Action cards') is no total of what follows; a line between ('Optional:') ends its parts."""
    items = run.items
    said = {line.number for line in run.lines if not line.blank}
    for index, item in enumerate(items):
        total = item.statement
        if total is None or total["count"] is None or total["role"] != "total" or item.parent is not None \
                or item.children or item.parts or total.get("has_parts") or total.get("per") or total.get("parent_ref"):
            continue
        head = singular(total.get("head") or "")
        words = re.findall(r"[^\W\d_]+", re.sub(r"\([^)]*\)", " ", item.line.text.lower()))  # the count and the kind, no more
        if head not in COMPONENT_HEADS or any(singular(word) not in _TOTAL_LINE_WORDS and singular(word) != head for word in words):
            continue
        parts, sum_, last = [], 0, item.line.number
        for after in items[index + 1:]:
            part = after.statement
            between = any(number in said for number in range(last + 1, after.line.number))
            if part is None or after.line.indent != item.line.indent or after.line.number <= last or between \
                    or part["count"] is None or part["role"] != "total" or part.get("per") or part.get("parent_ref") \
                    or not _a_kind_of(head, part) or not (singular(part.get("head") or "") == head
                                                          or is_plural(part["component"].split()[-1])) \
                    or sum_ + part["count"] > total["count"]:
                break
            parts.append(part)
            sum_, last = sum_ + part["count"], after.line.number
        if len(parts) >= 2:
            make_parts(total, parts)


def _counts_below(run: ListRun) -> dict[int, int]:
    """For each line of the run, the sum of the counts of the items on the lines below it (one pass)."""
    on_line: dict[int, int] = {}
    for item in run.items:
        on_line[item.line.number] = on_line.get(item.line.number, 0) + (item.phrase.count or 0)
    below, total = {}, 0
    for line in reversed(run.lines):
        below[line.number] = total
        total += on_line.get(line.number, 0)
    return below


def _counting_intro(line: LayoutLine, below: int) -> bool:
    """'Each player receives 5 cards:', 'There are 144 Legal Goods in the game:' over '48 Apples', '36 Cheese', …: a
    sentence with a count that opens a list (not 'Setup for 2 players:'), of a component or of what the list under it
    (`below`) adds up to."""
    if len(line.text.split()) < 3 or COUNT_HINT.search(line.text) is None or _for_players(line.text):
        return False
    return any(not phrase.is_excluded and (phrase.head in COMPONENT_HEADS or phrase.count == below)
               for phrase in count_first(line.text))


def _for_players(text: str) -> bool:
    """'For 2 players:', '3 players:', 'In a 3-player game:': an intro that says for how many players, not how many things."""
    return PLAYER_CONDITION.search(text) is not None or PLAYERS_LABEL.match(text) is not None


def _intro_parts(items: list[dict], intros: list[tuple[int, list[Item]]]) -> None:
    """The items under a counting intro are its parts when they add up to its count ('Each player takes 6 cards:' /
    '3 Attack cards' / '3 Defend cards'): not three more totals."""
    for number, under in intros:
        total = next((s for s in items if s["line"] == number and s["count"] is not None), None)
        if total is not None:
            _parts_adding_up(total, [item.statement for item in under if item.statement is not None])


def _heading_parts(items: list[dict], lines: dict[int, LayoutLine]) -> None:
    """'### Cards (88)' over '- Action cards (50)' / '- Character cards (8)' / '- Objective cards (30)': the counts
    under a heading that counts, up to the next heading, are its parts when two or more of them add up to it."""
    ordered = sorted(items, key=lambda s: (s["line"], s["column"]))
    for index, head in enumerate(ordered):
        line = lines.get(head["line"])
        if line is None or not line.heading_level or not head["count"] or head.get("has_parts"):
            continue
        under = []
        for item in ordered[index + 1:]:
            below = lines.get(item["line"])
            if (below is not None and below.heading_level) or item.get("parent_ref") is not None or item["role"] != head["role"]:
                break
            under.append(item)
        _parts_adding_up(head, under)


def _parts_adding_up(total: dict, under: list[dict]) -> None:
    """The first statements of `under` become parts of `total` when two or more of them add up to its count."""
    parts, sum_ = [], 0
    for statement in under:
        if statement["count"] is None or sum_ >= total["count"]:
            break
        parts.append(statement)
        sum_ += statement["count"]
    if sum_ != total["count"] or len(parts) < 2:
        return
    make_parts(total, parts)
    for part in parts:
        part["per"] = part.get("per") or total.get("per")


def _breakdown(item: Item, statement: dict, out: Statements, findings: list[Finding]) -> None:
    line = (item.parts_line or item.line)
    statement["has_parts"] = True
    noun = item.phrase.component
    each_one = item.parts_each  # what each one of the counted things holds: not parts of the count
    for name, count, start, end, *stands in item.parts:
        line = stands[0] if stands else (item.parts_line or item.line)  # a wrapped part keeps its own line
        per, many = stands[1] if len(stands) > 1 else (item.parts_per, None)  # '5x8 Monuments': 5 per kind, 8 kinds
        if start is None:
            at = line.text.find(name)
            start, end = (max(0, line.text.rfind(str(count), 0, at)) if at >= 0 else 0), (at + len(name) if at >= 0 else len(line.text))
        component = name if head_of(name) in COMPONENT_HEADS or each_one else f"{name} {noun}"
        out.add(line=line.number, column=line.cols[start] if start < len(line.cols) else 0,
                quote=quote_of(line, start, end), count=count, component=component, role="part",
                parent_ref=statement, head=head_of(component),
                per=head_of(noun.split(" of ")[0]) if each_one else per, **({"per_count": many} if many else {}))
    total = sum(part[1] * (part[5][1] if len(part) > 5 else 1) for part in item.parts)
    if item.phrase.count is not None and total != item.phrase.count and not item.including \
            and not each_one and item.parts_per is None:
        findings.append(Finding("parts-total", item.line.number,
                                f"the parts listed with it add up to {total}, but the total is {item.phrase.count}",
                                (line.number,)))


def _check_multiple(statement: dict, findings: list[Finding]) -> None:
    inner, count = statement.get("inner"), statement.get("count")
    if inner and count and inner != count and count % inner:
        findings.append(Finding("not-a-multiple", statement["line"],
                                f"{count} {statement['component']} is not a multiple of {inner} per "
                                f"{statement.get('per_label') or statement.get('per')}"))



_OPENS_PARTS = patterns.compile(r"\s*(?::|-|\(|,?\s*(?:of\s+which|including|namely|that\s+is|i\.e\.)\b)", re.I)


_ANNOUNCES_PARTS = patterns.compile(r"[^\d:.;]{0,40}?(?:following|as\s+follows|sorted\s+into|divided\s+into|consisting\s+of)[^\d:.;]{0,20}:",
                                    re.I)  # '500 cards sorted into the following decks: 10 Amusement Park 10 Apartment …'


_SHADES = COLOUR_NAMES | {"small", "medium", "large"}
_KINDS_INCLUDED = patterns.compile(r",?\s*(?:of\s+which|including|namely)\b", re.I)
_SAID_BEFORE_PARTS = patterns.compile(r"[^\d:.;!?]{1,50}:")  # '100 ship miniatures come in five colours: 20 red, …' (five: a
# word; only parts that add up to the total exactly)


def _parts_in_a_line(items: list[dict], lines: dict[int, LayoutLine]) -> None:
    """'The game contains 60 cards: 48 animal cards and 12 action cards': counts of the same thing that follow a
    total and add up to it exactly are its parts (a sentence's breakdown; lists and parentheses have their own)."""
    by_line: dict[int, list[dict]] = {}
    for item in items:
        by_line.setdefault(item["line"], []).append(item)
    for number, found in by_line.items():
        if len(found) < 3:
            continue
        text = lines[number].text
        for i, total in enumerate(found):
            if total["count"] is None or total["role"] == "part" or total.get("parent_ref") or total.get("has_parts"):
                continue
            after = text.find(total["quote"].split()[-1], lines[number].index_of(total["column"]))
            end = after + len(total["quote"].split()[-1])
            announced = after >= 0 and _ANNOUNCES_PARTS.match(text, end) is not None
            said_after = after >= 0 and not announced and _SAID_BEFORE_PARTS.match(text, end) is not None
            opened = after >= 0 and _OPENS_PARTS.match(text, end) is not None
            shades = after >= 0 and not (announced or said_after or opened) and text[end:end + 1] == ","
            if after < 0 or not (announced or said_after or opened or shades):  # ('30 men, 15 white and 15 black':
                continue  # shades of the total, adding up to it)
            head = singular(total.get("head") or "")
            parts = []
            for part in found[i + 1:]:
                other = singular(part.get("head") or "") != head
                if part["count"] is None or part.get("parent_ref") or (shades and part["component"].lower() not in _SHADES) \
                        or (other and singular(part.get("head") or "") in COMPONENT_HEADS) or (
                        other and not (announced or said_after or shades) and not _KINDS_INCLUDED.match(text, end)):
                    break  # (announced parts are named as the kinds of the total: '10 Amusement Park', not '5 dice'; so
                    # are those it includes: '24 wooden animals, including 8 sheep, 8 pigs and 8 cows')
                if announced and sum(p["count"] for p in parts) + part["count"] > total["count"]:
                    break
                parts.append(part)
                if sum(p["count"] for p in parts) >= total["count"]:
                    break
            if len(parts) >= 2 and (sum(p["count"] for p in parts) == total["count"] or announced):
                make_parts(total, parts)
                for part in parts:
                    if (said_after or shades) and part["component"].lower() in _SHADES:
                        part["component"] = f"{part['component']} {total['component']}"  # '20 red': red ship miniatures


def _restatements(items: list[dict]) -> None:
    seen: dict[tuple, dict] = {}
    for item in items:
        if item["count"] is None:
            continue
        key = (singular(item.get("head") or ""), item["count"], item.get("per"), item.get("condition"))
        earlier = seen.get(key)
        words = {singular(w) for w in re.findall(r"[a-z0-9]+", item["component"].lower())}
        before = {singular(w) for w in re.findall(r"[a-z0-9]+", earlier["component"].lower())} if earlier else set()
        if earlier is not None and earlier is not item and (words <= before or before <= words):
            if item["role"] == earlier["role"] or item["role"] == "setup":
                item["restates_ref"] = earlier
                continue
        seen.setdefault(key, item)


def _conditions_of_sections(items: list[dict], sections, lines: list[LayoutLine]) -> None:
    """A count under a title that names a player count ('### 2 players', 'Three-Player Game', 'Solo Mode', 'Setup for
    2 players') is a setup for that many players when it says nothing else."""
    for item in items:
        if item["role"] not in {"setup", "total"} or item.get("condition") or not 0 < item["line"] <= len(sections):
            continue
        title = sections[item["line"] - 1].title.strip().rstrip(":")
        titled = PLAYERS_TITLE.fullmatch(title)
        if titled is not None and titled.group("m") and not re.match(rf"(?:for\s+|with\s+)?{PLAYER_NUMBER}", title, re.I):
            continue  # ('## Setup for 2 to 5 players': the game's own range, the set-up for every count)
        if titled is not None and item["role"] == "total" and not is_imperative(lines[item["line"] - 1].text):
            continue  # ('The Automa deck has 20 cards' under 'Solo': the box's)
        if titled is not None:
            item["role"] = "setup"  # ('Solo mode' / 'Use only the 3 Kraken dice': what that game uses)
            first = 1 if titled.group("solo") else parse_number(titled.group("n"))
            last = parse_number(titled.group("m")) if titled.group("m") else None
            item["condition"] = players_condition(first, last)


def _players(text: str) -> tuple[int, int] | None:
    match = _PLAYER_RANGE.search(text)
    if match is None:
        return None
    if match.group("c"):
        return int(match.group("c")), int(match.group("c"))
    a, b = int(match.group("a")), int(match.group("b"))
    return (a, b) if a <= b else None


def _lost_ranges(lines: list[LayoutLine], players: tuple[int, int] | None, findings: list[Finding]) -> None:
    """'24 players' where a '2-4 players' lost its dash in extraction."""
    for line in lines:
        for match in re.finditer(r"\b(?P<a>[1-9])(?P<b>[2-9])\s+players\b", line.text):
            a, b = int(match.group("a")), int(match.group("b"))
            if a < b and (players is None or (a, b) == players or players[1] < 10):
                findings.append(Finding("lost-range", line.number,
                                        f"'{match.group(0)}' reads as {a}{b} players; probably {a}-{b} players with the dash lost"))


def read_document(text: str) -> Reading:
    """Every count statement of the rulebook text, its findings and the list lines it could not read."""
    lines = layout_lines(text)
    sections = section_kinds(lines)
    out = Statements()
    findings: list[Finding] = []
    categories: dict[str, int] = {}
    table_lines = table_statements(lines, sections, out, set()) | caption_statements(lines, sections, out)
    runs = read_lists(lines, sections, table_lines)
    intros: list[tuple[int, list[Item]]] = []
    taken = _list_statements(runs, out, findings, intros) | table_lines
    prose_statements(lines, sections, taken, out, findings, categories)
    by_number = {line.number: line for line in lines}
    _intro_parts(out.items, intros)
    _heading_parts(out.items, by_number)
    items = sorted(out.items, key=lambda s: (s["line"], s["column"]))
    items = _unless_counted(_deduplicated(items))
    _conditions_of_sections(items, sections, lines)
    _parts_in_a_line(items, by_number)
    _restatements(items)
    statements = _finish(items)
    players = _players(text)
    _lost_ranges(lines, players, findings)
    unread = _unread(runs, items)
    return Reading(statements, tuple(sorted(findings, key=lambda f: f.line)), unread, players, categories)


def _deduplicated(items: list[dict]) -> list[dict]:
    kept, seen = [], set()
    for item in items:
        key = (item["line"], item["column"], item["count"])
        if key in seen:
            continue
        seen.add(key)
        kept.append(item)
    return kept


def _unless_counted(items: list[dict]) -> list[dict]:
    """The statements read only where nothing else counts their thing ('Place the game board in the middle of the
    table'), dropped where another statement does (the contents list's 'Game board') or one of them came first. The
    same thing: the same name, or the same kind where the one placed names nothing more than its kind ('the board',
    'the game board' of '1 Board')."""
    counted = [item for item in items if not item.get("unless_counted")]
    named = {_plain_name(item["component"]).replace(" ", "") for item in counted}  # ('scorepad' is the 'score pad')
    kinds = {item.get("head") for item in counted if not _OWNED.intersection(_plain_name(item["component"]).split()[:-1])}
    # (each player's 'player board' is not the board placed in the middle)
    kept = []
    for item in items:
        if item.get("unless_counted"):
            name = _plain_name(item["component"]).split()
            if "".join(name) in named or (item.get("head") in kinds and len(name) - (name[0] in _ANY_GAME) <= 1):
                continue
            named.add("".join(name))
        kept.append(item)
    return kept


_ANY_GAME = frozenset({"game", "main", "play", "playing", "central"})  # 'the game board' is the board
_OWNED = frozenset({"player", "personal", "individual", "private"})  # a kind each player has one of


def _plain_name(component: str) -> str:
    return " ".join(singular(word) for word in component.lower().split())


def _finish(items: list[dict]) -> tuple[CountStatement, ...]:
    for number, item in enumerate(items, start=1):
        item["id"] = f"s{number}"
    result = []
    for item in items:
        parent = item.get("parent_ref")
        restates = item.get("restates_ref")
        per_count = item.get("per_count")
        total = None
        if item["count"] is not None and item.get("per") and per_count:
            total = item["count"] * per_count if not item.get("inner") else item["count"]
        elif item["count"] is not None and not item.get("per"):
            total = item["count"]
        confidence = 0.9 if item.get("item") is not None else 0.75
        result.append(CountStatement(
            line=item["line"], quote=item["quote"], count=item["count"], component=item["component"],
            qualifier=item["qualifier"], role=item["role"], per=item.get("per"), per_count=per_count, total=total,
            parent=parent["id"] if parent else None, condition=item.get("condition"),
            optional=bool(item.get("optional")), supplied_by=item.get("supplied_by"),
            restates=restates["id"] if restates else None, confidence=confidence, id=item["id"],
            column=item["column"], _has_parts=bool(item.get("has_parts")),
        ))
    return tuple(result)


_COUNTED_THING = patterns.compile(r"\d+\s*[x×]\s*\S|\d+\s+(?!(?:to|and|or|through|of)\b)[^\W\d_]{3,}", re.I)  # '10 x 3 cents', '5 gulls'


def _unread(runs: list[ListRun], items: list[dict]) -> tuple[int, ...]:
    read_lines = {item["line"] for item in items}
    unread = []
    for run in runs:
        for line in run.lines:
            if line.number not in read_lines and re.search(r"\d", line.text) and not line.text.rstrip().endswith(":") \
                    and (line.number not in run.continued or _COUNTED_THING.search(line.text)):
                unread.append(line.number)
    return tuple(sorted(set(unread)))
