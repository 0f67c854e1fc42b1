"""Tables whose columns are player counts or variants: a header row of player counts (or of variant names) and
rows "Ship tiles  8  10  12", laid out with tabs, pipes or wide spaces, or flattened onto one line
("Map size: Small Medium Large Towers: 6 9 12"). Each cell is a setup count under its column's condition.
Entry point: table_statements."""

from __future__ import annotations

import functools
import re

from . import patterns
from .grammar import parse_number
from .annotations import Per, read_per
from .collected import make_parts
from .layout import LayoutLine
from .sections import is_winning
from .lexicon import COMPONENT_HEADS, CONTENTS_WORDS, NOT_COMPONENTS, NOT_IN_THE_BOX, PLAYERS_THEN, SUM_WORDS, head_of, is_plural, players_condition, singular, without_note

_CELL_SPLIT = patterns.compile(r"\t+|\s{2,}")
_FLAT_HEADER = patterns.compile(r"(?P<label>[A-Z][\w ]{0,30}?):\s+(?P<names>(?:[A-Z][a-z]+(?!:)\s+){1,5}[A-Z][a-z]+)\b(?!:)")
_FLAT_ROW = patterns.compile(r"(?P<label>[A-Z][\w ]{0,30}?):\s+(?P<cells>(?:(?:\d+|\?|-)\s+){1,5}(?:\d+|\?|-))(?=\s|$)")


_SPACED_ROW = patterns.compile(r"^(?P<label>[A-Za-z#][^\d\t:]*?)\s*:?\s+(?P<cells>(?:(?:\d{1,3}|-|\?)\s+){1,7}(?:\d{1,3}|-|\?))\s*$")


@functools.lru_cache(maxsize=4096)  # every line's cells are asked for twice (_player_header, _player_column_rows)
def _cells(text: str) -> tuple[str, ...]:
    stripped = text.strip()
    cells = tuple(cell.strip() for cell in _CELL_SPLIT.split(stripped) if cell.strip())
    if (len(cells) == 1 or (len(cells) == 2 and ":" in cells[0])) and _ends_like_a_cell(stripped):
        spaced = _SPACED_ROW.match(stripped)  # 'Players: 2 3 4 5', 'Cards to deal: 10 9 8 7'
        if spaced:
            return (spaced.group("label").strip(), *spaced.group("cells").split())
    return cells


def _ends_like_a_cell(stripped: str) -> bool:
    """Whether a line (stripped) ends as _SPACED_ROW's last cell must: a digit, '-' or '?'. Most lines are
    prose, and this spares them the pattern's walk along their words."""
    return stripped[-1:].isdecimal() or stripped[-1:] in ("-", "?")


def _player_header(line: LayoutLine, previous: LayoutLine | None) -> list[int] | None:
    cells = _cells(line.text)
    if cells and re.fullmatch(r"players?|#\s*of\s+players|number\s+of\s+players", cells[0], re.I):
        tail = []
        for cell in cells[1:]:
            if not re.fullmatch(r"\d{1,2}", cell):
                break
            tail.append(int(cell))
        if len(tail) >= 2 and tail == sorted(tail) and len(set(tail)) == len(tail) and tail[-1] <= 12:
            return tail
    numbers = [int(c) for c in cells if re.fullmatch(r"\d{1,2}", c)]
    words = [c for c in cells if not re.fullmatch(r"\d{1,2}", c)]
    if len(numbers) < 2 or numbers != sorted(numbers) or numbers[-1] > 10 or len(set(numbers)) != len(numbers):
        return None
    above = _cells(previous.text) if previous is not None else []
    if len(above) >= 2 and len(cells) == len(above) and _PLAYERS_COLUMN.fullmatch(above[0]) \
            and not any(re.fullmatch(r"\d{1,2}", c) for c in above[1:]):
        return None  # 'Player count   Spy cards in play' over '2   8': the first row of a table by player count, a cell
        # under each of its header's ('Players   Cards dealt' over '2   3   4' is a header of player counts)
    says_players = re.search(r"players?", line.text, re.I) or (previous is not None and re.search(r"players?", previous.text, re.I))
    if not says_players or len(words) > 2:
        return None
    return numbers


_PLAYERS_COLUMN = patterns.compile(r"(?:(?:number|no\.|#)\s*(?:of\s+)?)?players?(?:\s+count)?|player\s+count", re.I)
_TALLY = patterns.compile(r"(?<![\w(])(?P<label>[A-Z][\w'’-]{0,20}(?: [A-Z][\w'’-]*)?)\s*(?:\((?P<n1>\d{1,3})\)|\s+\*?(?P<n2>\d{1,3})\s*[x×](?![\w]))")


def _tallies(line: LayoutLine, out, after_tallies: bool = False, above: LayoutLine | None = None) -> bool:
    """'E (12), A (9), I (9)…' or 'A  2x   B  4x': labelled counts in a row, one statement each. Right after such
    a row, a row of one or two continues it. Under an announcing total ('72 cards, in three decks:'), 'Coast (24),
    Open Sea (24)' is left to the list, whose parts they are."""
    matches = list(_TALLY.finditer(line.text))
    enough = 1 if after_tallies else 2
    if len(matches) < enough or (len(matches) < 3 and not after_tallies and not any(m.group("n2") for m in matches)):
        return False
    if re.search(r"\d\s*(?:[x×]\s*)?$", line.text[:matches[0].start()]):
        return False  # '90 Coins 22 x Gold 22 x Silver': each count stands before its name
    numbers = [int(m.group("n1")) for m in matches if m.group("n1")]
    if len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return False  # 'West (1); Plains (2); South (3)': the numbers a map or a picture gives its parts, counting up
    if not after_tallies and above is not None and re.search(r"\d.*:\s*$", above.text) and all(m.group("n1") for m in matches) and all(
            line.text[a.end():b.start()].strip() == "," for a, b in zip(matches, matches[1:])) \
            and not line.text[matches[-1].end():].strip(" .;"):
        return False  # '72 cards, in three decks:' / 'Coast (24), Open Sea (24), Abyss (24)': the parts of the total above,
        # read with its list
    for match in matches:
        count = int(match.group("n1") or match.group("n2"))
        out.add(line=line.number, column=line.cols[match.start()] if match.start() < len(line.cols) else 0,
                quote=line.quote(match.start(), match.end()), count=count, component=match.group("label"),
                role="total", head=head_of(match.group("label")))
    return True


_COUNT_HEADER = patterns.compile(r"^[!#\s]*(?:#|no\.?|qty\.?|quantity|count|number|amount|copies|pcs\.?|nb|how\s+many)"
                                 r"(?:\s+(?:per|in|of)\s+[\w ]+)?\s*$|\bcount\s+per\s+\w+|^#\s*of\s+\w+", re.I)
_NAME_HEADER = patterns.compile(r"\b(?:piece|name|card|tile|token|component|item|type|unit|title|figure|miniature)s?\b", re.I)
_ROW_SPLIT = patterns.compile(r"\t-(?=\t|\s|$)")


def _rows_of(line: LayoutLine) -> list[list[tuple[str, int, int]]]:
    """A line's table rows (a wiki table flattened onto one line holds several), each a list of
    (cell text, start, end) in the line's normalised text."""
    rows, start = [], 0
    bounds = [m.start() for m in _ROW_SPLIT.finditer(line.text)] + [len(line.text)]
    for stop in bounds:
        cells = [(m.group(0).strip(" !"), m.start(), m.end()) for m in re.finditer(r"[^\t]+", line.text[start:stop])
                 if m.group(0).strip(" !-")]
        rows.append([(text, start + a, start + b) for text, a, b in cells])
        start = stop + 2
    return [row for row in rows if row]


_TOTAL_HEADER = patterns.compile(r"^\s*(?:total|in\s+all|overall)\s*$", re.I)
_PER_HEADER = patterns.compile(r"^\s*(?:per|each|for\s+each|in\s+each)\s+(?P<unit>[a-z]+)\s*$", re.I)
_PIECES_HEADER = patterns.compile(r"\b(?:component|piece|item|card|tile|token|figure|miniature|marker|counter|part)s?\b", re.I)
_SCORE_HEADER = patterns.compile(r"\b(?:points?|score|scores|round|vp|cost|value|rank|place)\b", re.I)
_NAME_HEADERS = (patterns.compile(r"\bname\b", re.I), _NAME_HEADER)  # 'Type | Name | Count': the name names the piece


def _per_unit(word: str) -> str:
    return {"player": "player", "side": "side", "colour": "colour", "color": "colour"}.get(word.lower(), word.lower())


def _count_columns(names: list[str]) -> tuple[int, int | None, str | None] | None:
    """The column that counts a table's pieces ('Count', 'Qty', '#', 'Total'), the column that counts them per unit
    ('Per colour', 'Count per player') and that unit."""
    counted = next((i for i, name in enumerate(names) if _COUNT_HEADER.search(name)), None)
    total = next((i for i, name in enumerate(names) if _TOTAL_HEADER.match(name)), None)
    each = next((i for i, name in enumerate(names) if _PER_HEADER.match(name)), None)
    if counted is not None:
        per = re.search(r"\bper\s+(\w+)", names[counted], re.I)
        if per and total is not None and total != counted:  # 'Piece | Number per player | Total': the total, and its part
            return total, counted, _per_unit(per.group(1))
        return counted, None, _per_unit(per.group(1)) if per else None
    if any(_SCORE_HEADER.search(name) for name in names):
        return None  # 'Name | Round 1 | Round 2 | Total', 'Colour | Points | Total': a score sheet (a Count column
        # beside a Value column, 'Card | Value | Count', was read above)
    if total is not None and (each is not None or any(_PIECES_HEADER.search(name) for name in names)):
        return total, each, _per_unit(_PER_HEADER.match(names[each]).group("unit")) if each is not None else None
    if each is not None:
        return each, None, _per_unit(_PER_HEADER.match(names[each]).group("unit"))
    return None


def _sum_row(made: list[dict], count: int, line: LayoutLine, quote: str, column: int, out) -> None:
    """A table's 'Total' row: a total of the rows above it that add up to it exactly, named by the word they end with
    ('Plains tiles', 'Hills tiles': tiles); none when they do not add up (a total of something else)."""
    parts = [s for s in made if s["role"] == "total" and s.get("parent_ref") is None and s["count"] is not None]
    if len(parts) < 2 or sum(s["count"] for s in parts) != count:
        return
    last_words = {s["component"].split()[-1].lower() for s in parts if s["component"].split()}
    name = next(iter(last_words)) if len(last_words) == 1 and head_of(next(iter(last_words))) in COMPONENT_HEADS else "pieces"
    make_parts(out.add(line=line.number, column=column, quote=quote, count=count, component=name, role="total",
                       head=head_of(name)), parts)


def _count_column_tables(lines: list[LayoutLine], out, used: set[int]) -> None:
    """Tables with a column headed Count / Qty / # / Total ('Piece | Count per player | …', 'Component | Per colour |
    Total'): a statement per row, and a part per row from a per-unit column beside a total."""
    rows = [(line, row) for line in lines if "\t" in line.text for row in _rows_of(line)]
    said = {line.number: bool(line.text.strip()) for line in lines}
    index = 0
    while index < len(rows):
        line, header = rows[index]
        names = [cell for cell, _, _ in header]
        columns = _count_columns(names) if len(names) >= 2 else None
        if columns is None or any(re.fullmatch(r"(?:#\s*of\s+|number\s+of\s+)?players?", n.strip(), re.I) for n in names):
            index += 1  # a table by player count is read by _player_rows
            continue
        count_at, each_at, per = columns
        others = [i for i in range(len(names)) if i not in {count_at, each_at}]
        name_at = next((i for pattern in _NAME_HEADERS for i in others if pattern.search(names[i])), others[0] if others else None)
        if name_at is None:
            index += 1
            continue
        index += 1
        body = []
        last = line.number
        unread = {count_at, each_at, name_at} | {i for i, header in enumerate(names) if not _NOTES_HEADER.search(header)}
        # (the columns a per-product note is not read from: the read ones, and any but Notes, as 'Start with')
        while index < len(rows):
            row_line, row = rows[index]
            if len(row) <= max(count_at, name_at) or row_line.number - line.number > 40 or any(
                    said.get(number) for number in range(last + 1, row_line.number)):
                break  # (a line between that is no row, 'Setup', ends the table)
            last = row_line.number
            cell, start, end = row[count_at]
            number = re.fullmatch(r"[x×]?\s*(\d{1,4})\s*[x×]?", cell)  # '7', '7x', 'x7'
            if not number:
                break
            body.append((row_line, row, number, start, end))
            index += 1
        if sum(len(row[name_at][0].split()) > 5 for _, row, *_ in body) * 2 > len(body):
            used.update(row_line.number for row_line, *_ in body)  # '# of Lasagnas | Outcome' / '0 | World remains
            continue  # unchanged …': outcomes by a count, not pieces; nothing reads them
        made: list[dict] = []
        for row_line, row, number, start, end in body:
            name = row[name_at][0]
            if name.strip().lower() in SUM_WORDS:  # '| Total | 30 |': the rows above it are its parts, if they add up
                _sum_row(made, int(number.group(1)), row_line, row_line.quote(row[name_at][1], end) if row[name_at][1] < end
                         else row_line.quote(start, end), row_line.cols[start] if start < len(row_line.cols) else 0, out)
                continue
            named = without_note(name)
            per_note = read_per(name, len(named)) if named != name else None
            if per_note is not None and per_note.count is not None:  # '| 16 | Barge pawns (4 per player) |'
                name = named
            else:
                per_note = None
            statement = out.add(line=row_line.number, column=row_line.cols[start] if start < len(row_line.cols) else 0,
                                quote=row_line.quote(row[name_at][1], end) if row[name_at][1] < end else row_line.quote(start, end),
                                count=int(number.group(1)), component=name, role="total",
                                per=None if each_at is not None else per, head=head_of(name),
                                **({"supplied_by": "player"} if any(NOT_IN_THE_BOX.search(cell)
                                                                    for cell, _, _ in row) else {}))
            made.append(statement)
            if per_note is not None:
                a = row[name_at][1] + len(row_line.text[row[name_at][1]:]) - len(row_line.text[row[name_at][1]:].lstrip(" !"))
                out.add(line=row_line.number, column=row_line.cols[a + per_note.start] if a + per_note.start < len(row_line.cols) else 0,
                        quote=row_line.quote(a + per_note.start, a + per_note.end), count=per_note.count, component=name,
                        role="part", per=per_note.per, parent_ref=statement, head=head_of(name))
            each = re.fullmatch(r"\d{1,4}", row[each_at][0]) if each_at is not None and each_at < len(row) else None
            if each is not None:  # 'Settlements | 5 | 20': five of the twenty in each colour
                _, a, b = row[each_at]
                out.add(line=row_line.number, column=row_line.cols[a] if a < len(row_line.cols) else 0,
                        quote=row_line.quote(a, b), count=int(each.group(0)), component=name, role="part", per=per,
                        parent_ref=statement, head=head_of(name))
            for a, note in _notes_per(row_line.text, row, unread):  # a Notes column: '4 per player'
                out.add(line=row_line.number, column=row_line.cols[a] if a < len(row_line.cols) else 0,
                        quote=row_line.quote(a, a + note.end), count=note.count, component=name, role="part",
                        per=note.per, parent_ref=statement, head=head_of(name))
            if row_line.number != line.number:  # a wiki table on one line shares it with prose
                used.add(row_line.number)


_NOTES_HEADER = patterns.compile(r"^\W*(?:notes?|comments?|remarks?|details?|description|distribution|breakdown)?\W*$", re.I)


def _notes_per(text: str, row: list[tuple[str, int, int]], read: set[int | None]) -> list[tuple[int, Per]]:
    """Where in `text` the cells of a count table's other columns start that are a per-product of the row's count
    and nothing else ('4 per player', '6 in each colour', '(1 per faction)'), and that product."""
    found = []
    for at, (cell, start, end) in enumerate(row):
        if at in read or not re.match(r"\W*\w", cell):
            continue
        start += len(text[start:end]) - len(text[start:end].lstrip(" !"))
        note = read_per(cell, 0)
        if note is not None and note.count is not None and note.start == 0 and not cell[note.end:].strip(" ).;,"):
            found.append((start, note))
    return found


_COUNTED_HEADING = patterns.compile(r"^(?P<name>[^\W\d_][^()]*?[^\W\d_])\s*(?:\(\s*(?P<n>\d{1,4})(?:\s+(?i:[a-z]+))?\s*\)|(?i:[x×])\s*(?P<m>\d{1,4}))\s*:?$")


_COUNT_FIRST_HEADING = patterns.compile(rf"^(?P<contents>{CONTENTS_WORDS}\s*:\s*)?(?P<n>\d{{1,4}})\s+(?P<name>[^\W\d_][\w'’ -]*?[^\W\d_])\s*:?$", re.I)


def _counted_heading(line: LayoutLine, out) -> bool:
    """'HARDSHIP CARDS (10)', 'Artichoke x40', '## 114 Runner Cards': a heading that names a component and how many
    there are."""
    match = _COUNTED_HEADING.match(line.text.strip())
    if match is None:
        match = _COUNT_FIRST_HEADING.match(line.text.strip())
        if match is None or head_of(match.group("name")) not in COMPONENT_HEADS or not is_plural(match.group("name").split()[-1]) \
                or (len(match.group("name").split()) < 2 and not match.group("contents")) or match.group("n") == "1":
            return False  # (a count first: only of named pieces, several of them; '### 3 Tiles' is the tiles marked 3)
    if head_of(match.group("name")) in NOT_COMPONENTS:
        return False
    start = match.start("n") if match.groupdict().get("contents") else 0  # ('Contents: 94 Cards': the cards)
    out.add(line=line.number, column=line.cols[start] if line.cols else 0, quote=line.quote(start, len(line.text)),
            count=int(match.group("n") or match.groupdict().get("m")), component=match.group("name"), role="total",
            head=head_of(match.group("name")))
    return True


_ENTRY = patterns.compile(r"^(?P<name>(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){0,3})\s+\(\s*[x×]?\s*(?P<n>\d{1,3})\s*\)$", re.I)
_GLOSSARY_TITLE = patterns.compile(r"^\W*(?!.*\b(?:your|their|his|her|its|an?|the|of|playing|using|with|on|to|for|in)\s)"
                                   r"(?:[^\W\d_][\w'’-]*\s+){0,3}(?:cards?|tiles?|tokens?|pieces?)(?:\s+(?:explanations?|descriptions?|reference|overview|list))?\W*$", re.I)


def _ranked(numbers: list[int]) -> bool:
    """'Guard (1)' / 'Priest (2)' / 'Baron (3)' …: numbers going up one by one are the cards' values, not counts."""
    return len(numbers) >= 3 and all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def _glossary_entries(lines: list[LayoutLine], out, used: set[int]) -> None:
    """'Special Cards' / 'Winter (3)' / 'Discard all Spring cards …' / 'Bishop (6)' / …: a glossary of named cards,
    each on a line of its own with how many there are, its description below it. Read where two or more entries
    stand under a title that names the pieces ('Special Cards', 'Character cards'): each entry is that many of them."""
    entries = []
    for index, line in enumerate(lines[:-1]):
        match = _ENTRY.match(line.text.strip()) if line.text.rstrip().endswith(")") else None
        below = next((other.text.strip() for other in lines[index + 1:index + 3] if not other.blank), "")
        if match and line.number not in used and re.match(r"[^\W\d_]", below) and len(below.split()) >= 2 \
                and not _ENTRY.match(below) and head_of(match.group("name")) not in NOT_COMPONENTS:
            entries.append((index, match))
    clusters: list[list[tuple[int, re.Match]]] = []
    for entry in entries:
        if clusters and entry[0] - clusters[-1][-1][0] <= 25:
            clusters[-1].append(entry)
        else:
            clusters.append([entry])
    for cluster in (c for c in clusters if len(c) >= 2 and not _ranked([int(m.group("n")) for _, m in c])):
        above = next((line for line in reversed(lines[max(0, cluster[0][0] - 3):cluster[0][0]]) if not line.blank), None)
        title = _GLOSSARY_TITLE.match(above.text) if above is not None else None
        if title is None:
            continue
        pieces = _pieces_titled(title.group(0))
        for index, match in cluster:
            _named_line(lines[index], match.group("name"), int(match.group("n")), pieces, out)
            used.add(lines[index].number)


def _pieces_titled(title: str) -> str:
    """The pieces a glossary's or a card list's title names, in the plural: 'Special Cards' -> 'cards', 'Market
    Deck' -> 'cards'."""
    pieces = next((w for w in reversed(title.strip(" :*#").split()) if head_of(w) in COMPONENT_HEADS), "cards").lower()
    return "cards" if head_of(pieces) == "deck" else pieces


def _named_line(line: LayoutLine, name: str, count: int, pieces: str, out) -> dict:
    """One line that names a piece and how many ('Winter (3)', 'Close Ranks'), the whole line quoted; a name that
    says no piece of its own is one of the title's pieces ('Winter cards')."""
    lead = len(line.text) - len(line.text.lstrip())
    component = name if head_of(name) in COMPONENT_HEADS else f"{name} {pieces if count > 1 else singular(pieces)}"
    return out.add(line=line.number, column=line.cols[lead] if lead < len(line.cols) else 0,
                   quote=line.quote(lead, len(line.text.rstrip())), count=count, component=component, role="total",
                   head=head_of(component))


_LISTED_NAME = patterns.compile(r"^(?P<name>[A-Z][\w'’.-]*(?:,?\s+[\w'’.-]+){0,5}?)"
                                r"(?:\s+\(\s*[x×]?\s*(?P<n>\d{1,3})(?P<note>\s*,\s*[^()]{1,30})?\s*\))?$")  # (the counts as _ENTRY reads them)


def _card_lists(lines: list[LayoutLine], out, used: set[int]) -> None:
    """'Basic Cards' / 'Fire Gem (16)' / 'Score Tracker (8, 2 per player)' / 'Close Ranks' / 'Command' / …: a list of
    the cards of a deck by name, under a title naming the pieces, each name one card unless a count follows it. Read
    where two names or more have a count and three or more have none."""
    runs: list[tuple[str, list[tuple[LayoutLine, re.Match]]]] = []
    current: list[tuple[LayoutLine, re.Match]] | None = None
    for line in lines:
        if line.blank:
            continue
        text = line.text.strip()
        short = len(text) <= 40 and "(" not in text
        if short and (_GLOSSARY_TITLE.match(text) or _GLOSSARY_TITLE.match(re.sub(r"\bdecks?\b", "cards", text, flags=re.I))):
            current = []
            runs.append((text, current))
            continue
        match = _LISTED_NAME.match(text) if current is not None and line.number not in used else None
        if match is None:
            current = None
            continue
        current.append((line, match))
    for title, run in runs:
        counted = sum(bool(m.group("n")) for _, m in run)
        if counted < 2 or len(run) - counted < 3 or _ranked([int(m.group("n")) for _, m in run if m.group("n")]):
            continue  # (a list whose every name has its count is a component list, read as one)
        pieces = _pieces_titled(title)
        for line, match in run:
            statement = _named_line(line, match.group("name"), int(match.group("n") or 1), pieces, out)
            note = read_per(f"({match.group('note').strip(' ,')})", 0) if match.group("note") else None
            if note is not None and note.count is not None:  # 'Gold (28, 7 per player)': seven of the 28 for each player
                lead = len(line.text) - len(line.text.lstrip())
                at = lead + match.start("note") + len(match.group("note")) - len(match.group("note").lstrip(" ,"))
                out.add(line=line.number, column=line.cols[at] if at < len(line.cols) else 0,
                        quote=line.quote(at, lead + match.end("note")), count=note.count, component=statement["component"],
                        role="part", per=note.per, parent_ref=statement, head=statement["head"])
            used.add(line.number)


_NUMBER_OF = patterns.compile(r"^(?:the\s+)?(?:total\s+)?(?:number|no\.|#)\s+of\s+(?P<noun>[^\W\d_][\w' -]*?)(?:\s+(?:in|per|for|of)\s+(?P<per>[\w ]+?))?"
                              r"\s*[:=]\s*(?P<n>\d{1,4})(?:\s*(?P<alt>or|and)\s*(?P<m>\d{1,4}))?\s*\.?$", re.I)


def _number_of(line: LayoutLine, out) -> bool:
    """'Number of decks: 1', 'Number of cards in the deck: 36 or 52': a fact sheet's count of a component."""
    if len(re.findall(rf"\d\s+players?{PLAYERS_THEN}", line.text, re.I)) >= 2:
        return False  # 'Number of cards dealt: 2 players: 10 each; 3 players: 8 each': a count per player count (prose)
    match = _NUMBER_OF.match(line.text.strip())
    if match is None:
        return _number_of_listed(line, out)
    if head_of(match.group("noun")) in NOT_COMPONENTS:
        return False
    lead = len(line.text) - len(line.text.lstrip())
    for group in ("n", "m"):
        if match.group(group) is None:
            continue
        at = lead + match.start(group)
        out.add(line=line.number, column=line.cols[at] if at < len(line.cols) else 0,
                quote=line.quote(lead, lead + match.end(group)), count=int(match.group(group)),
                component=match.group("noun"), role="total", head=head_of(match.group("noun")),
                per="player" if re.search(r"\bplayer\b", match.group("per") or "", re.I) else None)
    return True


_NUMBER_OF_LISTED = patterns.compile(r"^(?:the\s+)?(?:total\s+)?(?:number|no\.|#)\s+of\s+(?P<noun>[^\W\d_][\w'-]*)(?:\s+(?:in|per)\s+[\w ]+?)?"
                                     r"\s*:\s*(?P<rest>\d.*)$", re.I)


def _number_of_listed(line: LayoutLine, out) -> bool:
    """'Number of cards in pack: 52 + 2 jokers', '… : 52 cards in the first deck, 52 and 4 jokers in the second':
    each count, of the thing it names or else of the thing the line is about."""
    match = _NUMBER_OF_LISTED.match(line.text.strip())
    if match is None or head_of(match.group("noun")) in NOT_COMPONENTS:
        return False
    lead = len(line.text) - len(line.text.lstrip())
    rest_at = lead + match.start("rest")
    found = 0
    for number in re.finditer(r"(?<![\w.])(\d{1,4})(?![\w.])(?:\s+(?P<noun>[^\W\d_][\w'-]*))?", line.text[rest_at:]):
        noun = number.group("noun")
        if noun is None or head_of(noun) not in COMPONENT_HEADS:
            noun = match.group("noun")
        at = rest_at + number.start(1)
        out.add(line=line.number, column=line.cols[at] if at < len(line.cols) else 0,
                quote=line.quote(at, rest_at + number.end()), count=int(number.group(1)), component=noun, role="total",
                head=head_of(noun))
        found += 1
    return found > 0


_MARKDOWN_RULE = patterns.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")  # '|---|:---:|'
# Broader than _COUNT_HEADER (a column that counts the pieces of its rows): any header that may stand over counts
# at all (a total, a column per player or per unit, a starting amount) keeps a table from being one of properties.
_COUNTING_HEADER = patterns.compile(r"\b(?:count|qty|quantity|number|amount|copies|total|how\s+many|players?|each|per|start(?:ing)?"
                                    r"|initial|set\s*-?\s*up|begin(?:ning)?|supply|stock|in\s+hand)\b"
                                    r"|^(?:#|x|no\.?|\d+(?:\s*[-–]\s*\d+)?\s*p?)\b|\bin\s+(?:the\s+)?(?:deck|box|game)\b", re.I)


# A first column of what a die shows ('Die Face | Action', 'Roll | Result'): its '1 dot', '2 swords' are faces, not pieces
_ROLLED_HEADER = patterns.compile(r"\W*(?:(?:die|dice)\s+(?:faces?|rolls?|results?|symbols?)|faces?|rolls?|rolled|d\d{1,2}"
                                  r"|(?:die|dice)(?:\s+roll)?\s+result)\W*", re.I)


def _markdown_cells(raw: str) -> list[str]:
    return [cell.strip() for cell in raw.strip().strip("|").split("|")]


def _property_tables(lines: list[LayoutLine]) -> set[int]:
    """A Markdown table whose numbers stand only under headers that count nothing ('Piece | Type | HP | Notes',
    'Card | Cost | Effect'): its rows give properties, not pieces; their line numbers (header included)."""
    found: set[int] = set()
    for index in range(1, len(lines)):
        raw = lines[index].raw
        if "---" not in raw or "|" not in lines[index - 1].raw or not _MARKDOWN_RULE.match(raw):
            continue
        header = _markdown_cells(lines[index - 1].raw)
        body = []
        for line in lines[index + 1:]:
            if "|" not in line.raw:
                break
            body.append(line)
        numbered = {column for line in body for column, cell in enumerate(_markdown_cells(line.raw))
                    if re.fullmatch(r"\d{1,5}", cell)}
        counting = {column for column in numbered if column < len(header) and (
            _COUNTING_HEADER.search(header[column]) or head_of(header[column]) in COMPONENT_HEADS)}
        if (numbered and not counting and (len(numbered) < len(header) or _a_record_of_values(body))) \
                or (header and _ROLLED_HEADER.fullmatch(header[0])):
            found |= {lines[index - 1].number, lines[index].number} | {line.number for line in body}
    return found


def _a_record_of_values(body: list[LayoutLine]) -> bool:
    """Rows of numbers only under headers that count nothing ('| Jim | Brian | Sally |' over '| 19 | 0 | 0 |',
    '| 0 | 20 | 11 |'): a score sheet or a record of play. A table of counts by header has one row of them, or a row
    for each player count (its first column 2, 3, 4 …)."""
    rows = [[int(cell) for cell in cells] for cells in (_markdown_cells(line.raw) for line in body)
            if cells and all(re.fullmatch(r"\d{1,5}", cell) for cell in cells)]
    firsts = [row[0] for row in rows]
    return len(rows) >= 2 and not (firsts == sorted(set(firsts)) and firsts[-1] <= 10)


_BY_PLAYERS_ROW = patterns.compile(r"^\s*(?:for\s+|with\s+)?(?P<a>\d{1,2})(?:\s*(?:-|–|to|or)\s*(?P<b>\d{1,2})|(?P<more>\s*\+))?\s+players?"
                                   r"\s*(?:\t+|[:=]\s*|\s[-–—]\s*)(?P<n>\d{1,3})\s*(?P<each>each|per\s+player)?\s*\.?\s*$", re.I)
_INTRO_NOUN = patterns.compile(r"^\W*(?:(?:the\s+)?(?:total\s+)?(?:number|no\.|#)\s+of\s+)?(?P<noun>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
                               r"(?:\s+(?:in\s+play|used|needed|dealt|to\s+deal|in\s+the\s+game|per\s+game))?\s*(?:\(.*\))?\s*:\s*$", re.I)


def _by_players_rows(lines: list[LayoutLine], index: int, out, used: set[int]) -> None:
    """'Number of Mine cards in play:' over '2 players ....... 15', '3 players ....... 20': a count for each player
    count, the thing named once above them."""
    intro = _INTRO_NOUN.match(lines[index].text)
    if intro is None or head_of(intro.group("noun")) not in COMPONENT_HEADS or not is_plural(intro.group("noun").split()[-1]):
        return  # ('Score track:', 'Timer:' over counts by player count: spaces or seconds, not pieces)
    rows = []
    for line in lines[index + 1:index + 12]:
        row = _BY_PLAYERS_ROW.match(line.text)
        if row is None:
            break
        rows.append((line, row))
    if len(rows) < 2:
        return
    noun = intro.group("noun")
    for line, row in rows:
        condition = players_condition(int(row.group("a")), int(row.group("b")) if row.group("b") else None, bool(row.group("more")))
        out.add(line=line.number, column=line.cols[row.start("a")] if row.start("a") < len(line.cols) else 0,
                quote=line.quote(row.start("a"), row.end("n")), count=int(row.group("n")), component=noun, role="setup",
                condition=condition, per="player" if row.group("each") else None, head=head_of(noun))
        used.add(line.number)


def table_statements(lines: list[LayoutLine], sections, out, taken: set[int]) -> set[int]:
    """Add a setup statement per cell of every player-count table, and one per tally; returns the lines read
    (and those of tables of properties, which nothing reads)."""
    used = _property_tables(lines)
    tally_lines: set[int] = set()
    _count_column_tables(lines, out, used)
    _stacked_cells(lines, out, used)
    _card_lists(lines, out, used)
    _glossary_entries(lines, out, used)
    for index, line in enumerate(lines):
        if line.blank or line.number in used:
            continue
        to_win = not line.heading_level and is_winning(sections[line.number - 1])  # (in 'Winning the Game', a count by player
        # count is what it takes to win)
        if line.heading_level and _counted_heading(line, out):
            used.add(line.number)
            continue
        if line.text.rstrip().endswith(":") and index + 1 < len(lines) and _BY_PLAYERS_ROW.match(lines[index + 1].text) and not to_win:
            _by_players_rows(lines, index, out, used)
        if "of" in line.text and _number_of(line, out):
            used.add(line.number)
            continue
        if _tallies(line, out, after_tallies=bool(used) and line.number - 1 in used and lines[index - 1].number in tally_lines,
                    above=lines[index - 1] if index else None):
            used.add(line.number)
            tally_lines.add(line.number)
            continue
        if line.number in taken:
            continue
        previous = lines[index - 1] if index else None
        header = _player_header(line, previous)
        if header is not None:
            if not to_win:
                used |= _player_rows(lines, index + 1, header, out)
            continue
        if line.number not in used and not to_win and _player_column_rows(lines, index, out, used) > index:
            continue
        _flattened(line, out, used)
    return used


_STACKED_NAME = patterns.compile(r"(?:component|item|piece|name|contents?)s?", re.I)
_STACKED_COUNT = patterns.compile(r"(?:quantity|qty\.?|count|number|amount|#)", re.I)


def _stacked_cells(lines: list[LayoutLine], out, used: set[int]) -> None:
    """A two-column table flattened one cell a line ('Component' / 'Quantity' / 'Gem tokens' / '45' / 'Mine cards' /
    '30'): each name, then its count on the next line, as the header's order says."""
    said = [line for line in lines if not line.blank]
    for index in range(len(said) - 3):
        if not (_STACKED_NAME.fullmatch(said[index].text.strip()) and _STACKED_COUNT.fullmatch(said[index + 1].text.strip())):
            continue
        at = index + 2
        while at + 1 < len(said) and said[at].number not in used and re.fullmatch(r"\d{1,4}", said[at + 1].text.strip()) \
                and re.search(r"[^\W\d_]", said[at].text) and not re.search(r"\d", said[at].text):
            name, count = said[at], said[at + 1]
            out.add(line=count.number, column=count.cols[0] if count.cols else 0, quote=count.text.strip(),
                    count=int(count.text.strip()), component=name.text.strip(), role="total", head=head_of(name.text.strip()))
            used.update({name.number, count.number})
            at += 2
        if at > index + 2:
            used.update({said[index].number, said[index + 1].number})


def _player_rows(lines: list[LayoutLine], start: int, header: list[int], out) -> set[int]:
    """Rows 'Label  N  N  N' under a header of player counts; lines between that are not rows are skipped
    (a page laid out in columns interleaves other text), up to a few."""
    used, misses = set(), 0
    for line in lines[start:start + 30]:
        if line.blank:
            continue
        cells = _cells(line.text)
        numeric = [c for c in cells[1:len(header) + 1] if re.fullmatch(r"\d+|-|\?", c)]
        if len(cells) < len(header) + 1 or len(numeric) != len(header) or re.fullmatch(r"\d+", cells[0]):
            misses += 1
            if misses > 6 or (used and misses > 2):
                break
            continue
        misses = 0
        name = cells[0].rstrip(": ")
        per = "player" if _PER_PLAYER_LABEL.search(name) else None
        name = _PER_PLAYER_LABEL.sub("", name).strip() or name  # 'Workers per player' counts workers
        if head_of(name) in NOT_COMPONENTS:
            continue
        position = len(name)
        for players, cell in zip(header, cells[1:len(header) + 1]):
            at = line.text.find(cell, position)
            position = at + len(cell) if at >= 0 else position
            out.add(line=line.number, column=line.cols[at] if 0 <= at < len(line.cols) else 0,
                    quote=line.quote(0, position), count=parse_number(cell) if cell.isdigit() else None,
                    component=name, role="setup", condition=f"{players} players", head=head_of(name), per=per)
        used.add(line.number)
    return used


_PER_PLAYER_LABEL = patterns.compile(r"\s*(?:\(\s*)?\b(?:per|each|for\s+each|to\s+each)\s+player\b\s*\)?|\s+to\s+deal\b|\s+dealt\b", re.I)


_PLAYERS_CELL = patterns.compile(r"(?P<a>\d{1,2})(?:\s*[-–]\s*(?P<b>\d{1,2}))?\*?")


_COUNT_CELL = patterns.compile(r"(\d+)\s*[x×]?(?:\s+(?:-\s+)?[a-z][\w ]{0,30})?")  # '5', '5x', '9 each', '0 - not supported online'


def _player_column_rows(lines: list[LayoutLine], index: int, out, used: set[int]) -> int:
    """A table whose first column is the player count ('4-5  3  2'), headed within a few lines above by a
    header that says 'players' and names the other columns. Returns the index after the table."""
    rows = []
    cursor = index
    while cursor < len(lines) and len(rows) < 12:
        line = lines[cursor]
        if line.blank:
            if rows and cursor + 1 < len(lines) and lines[cursor + 1].blank:
                break
            cursor += 1
            continue
        cells = _cells(line.text)
        if len(cells) < 2 or not _PLAYERS_CELL.fullmatch(cells[0]) or not all(_COUNT_CELL.fullmatch(c) for c in cells[1:]):
            break  # every cell a count ('9 each', '0 - not supported online' among them)
        rows.append((line, cells))
        cursor += 1
    if len(rows) < 2 or len({len(cells) for _, cells in rows}) != 1:
        return index
    counts = [c for _, cells in rows for c in cells[1:]]
    if sum(bool(re.fullmatch(r"\d+\s*[x×]?", c)) for c in counts) * 2 < len(counts):
        return index  # most cells are bare counts in a table of counts
    above = [l for l in lines[max(0, index - 6):index] if not l.blank]
    if not any(re.search(r"\bplayers?\b", l.text, re.I) for l in above):
        return index
    width = len(rows[0][1]) - 1
    names = [""] * width
    header = []
    for l in reversed(lines[max(0, index - 6):index]):  # the header rows right above the table, up to a blank line
        if l.blank:
            if header:
                break
            continue
        if header and len(_cells(l.text)) < 2:
            break  # ('• Game board' above 'Players  Cards' is the list before the table, not a header)
        header.insert(0, l)
    for l in [l for l in header if not re.fullmatch(r"[\s\t:|-]+", l.text)][-3:]:
        cells = _cells(l.text)
        if len(cells) >= width + 1 or (len(cells) == width and not re.search(r"players?", cells[0], re.I)):
            for column, cell in enumerate(cells[-width:]):
                names[column] = re.sub(r"\s+(?:in\s+play|used|needed|dealt|to\s+deal)$", "", (names[column] + " " + cell).strip(), flags=re.I)
    for line, cells in rows:
        low = _PLAYERS_CELL.fullmatch(cells[0])
        players = low.group("a") + (f"-{low.group('b')}" if low.group("b") else "")
        position = len(cells[0])
        for column, cell in enumerate(cells[1:]):
            at = line.text.find(cell, position)
            position = at + len(cell) if at >= 0 else position
            out.add(line=line.number, column=line.cols[at] if 0 <= at < len(line.cols) else 0,
                    quote=line.quote(at if at >= 0 else 0, position), count=int(_COUNT_CELL.fullmatch(cell).group(1)),
                    component=names[column] or "?", role="setup", condition=f"{players} players",
                    head=head_of(names[column]))
        used.add(line.number)
    used.update(l.number for l in header if len(_cells(l.text)) >= 2)  # 'Players  Cards' names columns, no thing
    return cursor


def _flattened(line: LayoutLine, out, used: set[int]) -> None:
    header = _FLAT_HEADER.search(line.text)
    if header is None:
        return
    names = header.group("names").split()
    for row in _FLAT_ROW.finditer(line.text, header.end()):
        cells = row.group("cells").split()
        if len(cells) != len(names):
            continue
        label = row.group("label").strip()
        for name, cell in zip(names, cells):
            count = None if cell in {"?", "-"} else int(cell)
            out.add(line=line.number, column=row.start(), quote=line.quote(row.start(), row.end()), count=count,
                    component=label, role="setup", condition=f"{header.group('label').strip()}: {name}",
                    per="side" if re.search(r"\beach\s+side\b", line.text, re.I) else None, head=head_of(label))
        used.add(line.number)
