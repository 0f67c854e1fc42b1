"""Breakdowns that a narrow column wrapped over several lines: '36 upgrades (12 merch kiosks, 12 special' /
'effects, 12 generators)', '80 Building Tiles - 28 castles, 26 temples, and' / '26 theaters.'. Each part keeps
the line it stands on, so its quote is verbatim there; so does each kind of a note that names them, wrapped the same
way ('88 animal tiles (11 of each of 8 animal types: Elephant,' / 'Flamingo, …, Zebra)'). Entry points:
wrapped_breakdowns and wrapped_names (after lists.find_runs)."""

from __future__ import annotations

import re

from . import patterns
from .annotations import named_parts, read_per
from .grammar import NUMBER, parse_number
from .lexicon import BREAKDOWN_CUE

_JOINED = r"^\s*(?:and\s+|or\s+|plus\s+|&\s*)?"  # what may join a piece to the one before it
_NAME = r"[^\W\d_][\w'’ /-]*?"
# '5x8 Monuments': five of each of eight kinds (no spaces round the x; '5 x 50 cents' is five of value 50)
_PRODUCT = patterns.compile(rf"{_JOINED}(?P<n>\d{{1,3}})[x×](?P<m>\d{{1,2}})\s+(?P<name>{_NAME})\s*\.?\s*$")
_PIECE = patterns.compile(rf"{_JOINED}(?P<n>{NUMBER})\s*(?:[x×]\s*)?(?P<name>(?:\d{{1,4}}\s+)?{_NAME})\s*\.?\s*$", re.I)
_BARE_COUNT = patterns.compile(r"^\s*(?:and\s+)?\d{1,3}\s*$")
_LEADING_NAME = patterns.compile(r"^\s*([^\W\d_][\w'’ -]*?)\s*(?=[,;)]|\band\b|$)")
_OPEN_DASH = patterns.compile(rf"\s+[-–—:]\s+(?=\d)|:\s+(?=\d)|,?\s+{BREAKDOWN_CUE}\s*:?\s+(?=\d)", re.I)  # '80 Tiles -
# 28 castles,', '180 tiles: 30 Ra,', '56 game cards, divided into: 10 house cards, 10 boat cards,'
_NOTE = patterns.compile(r"\s*\([^()]*[^\W\d_][^()]*\)(?=\s*:?\s*\()")  # a closed note right before the parts' parenthesis


def wrapped_breakdowns(run, lines=()) -> None:
    """Give an item whose breakdown runs on past its line the parts from the lines that continue it: lines of its
    run for a parenthesis; for a list after a dash or a colon, any line of the document (`lines`) right below while
    the one above ends with a separator ('180 tiles: 30 Ra, 8 God,' / '5x5 Crowns + 4 Storms, 5 Gold,' / …), whose
    start may not look like an item at all."""
    by_number = {line.number: line for line in lines}
    by_number.update((line.number, line) for line in run.lines)
    for item in run.items:
        if item.parts:
            continue
        line = item.line
        note = _NOTE.match(line.text, item.quote_end)  # 'money chips (in cents): (5 x 50 cents,': a note first
        after_note = note.end() if note else item.quote_end
        tail = line.text[after_note:]
        opening = re.match(r"\s*:?\s*\(", tail)  # '45 chips (5 x 50 cents,', '45 chips: (5 x 50 cents,'
        dashed = _OPEN_DASH.match(tail) if item.phrase.count is not None else None
        if opening and tail.count("(") > tail.count(")"):
            start, closing = after_note + opening.end(), ")"
        elif dashed and (re.search(r"(?:,|\band|&|\+)\s*$", tail) or (len(re.findall(r"\b\d{1,3}\s+[^\W\d_]", tail)) >= 2 and re.search(r",\s*\d{1,3}\s*$", tail))):
            # ('…, 2 yellow, 2 brown, 3' / 'red, 4 gray': a list's last count, its name on the next line)
            start, closing = item.quote_end + dashed.end(), "."
        else:
            continue
        parts = _pieces(line, start)
        if parts is None:
            continue
        number = line.number + 1
        closed = False
        absorbed = []
        while number in by_number and not closed and (number in run.continued or closing == "."):
            after = by_number[number]
            if not after.text.strip():
                break
            if parts and not parts[-1][0]:  # '… 3 mountains, 1' / 'desert)': the name the count left for this line
                named = _LEADING_NAME.match(after.text)
                if named is None:
                    parts = None
                    break
                parts[-1] = (named.group(1), *parts[-1][1:])
            end = after.text.find(closing) if closing == ")" else len(after.text)
            closed = end >= 0 if closing == ")" else not re.search(r"(?:,|\band|&|\+)\s*$", after.text)
            more = _pieces(after, 0, end if end >= 0 else len(after.text), continuing=True)
            if more is None:
                parts = None
                break
            parts += more
            absorbed += [other for other in run.items if other.line is after]
            number += 1
        if parts and len(parts) >= 2 and closed:
            item.parts = parts
            for other in absorbed:  # '26 Nô theaters.' read as an item of its own is a part of the line above
                run.items.remove(other)


def _pieces(line, start: int, end: int | None = None, continuing: bool = False) -> list[tuple] | None:
    """The 'N name' pieces of a line's stretch, each as (name, count, start, end, line), a product's with (per, how
    many) after; None when a piece is not one. On a continuing line, words before the first piece end the name begun on the line above."""
    stretch = re.sub(r"(?:[\s,]|\band\b|&)+$", "", line.text[start:end if end is not None else len(line.text)].rstrip(" )."))
    found = []
    at = start
    for index, piece in enumerate(re.split(r"(,|;|\+|\band\b(?=\s+\d|\s+[a-z]+\s))", stretch)):
        if piece in {",", ";", "+", "and"} or not piece.strip():
            at += len(piece)
            continue
        product = _PRODUCT.match(piece)
        if product is not None:  # a part of so many of each kind: its count is per kind, it adds n × m to the total
            lead = len(piece) - len(piece.lstrip())
            found.append((product.group("name").strip(), int(product.group("n")), at + lead, at + len(piece.rstrip()),
                          line, ("kind", int(product.group("m")))))
            at += len(piece)
            continue
        match = _PIECE.match(piece)
        if match is None and not continuing and _BARE_COUNT.match(piece) and not stretch[at + len(piece):].strip():
            lead = len(piece) - len(piece.lstrip())  # the line ends on a count: its name starts the next line
            found.append(("", parse_number(piece.strip()), at + lead, at + len(piece.rstrip()), line))
            at += len(piece)
            continue
        if match is None and continuing and index == 0 and re.fullmatch(r"\s*[^\W\d_][\w'’ -]*", piece):
            at += len(piece)  # 'effects' ends '12 special' / 'effects'
            continue
        value = parse_number(match.group("n")) if match else None
        if value is None:
            return None
        lead = len(piece) - len(piece.lstrip())
        found.append((match.group("name").strip(), value, at + lead, at + len(piece.rstrip()), line))
        at += len(piece)
    return found


def note_across_lines(item, following: list) -> tuple | None:
    """The per-note of `item` read from its line joined with `following`, the lines that continue it ('(15 in each
    of' / '4 colours)'): the Per, its offsets in the joined text, and where each line starts in that text (offset,
    line); None where no note is read."""
    joined, starts = item.line.text.rstrip(), [(0, item.line)]
    for line in following:
        starts.append((len(joined) + 1, line))
        joined += " " + line.text
    per = read_per(joined, item.offset + item.phrase.end, item.phrase.count)
    return (per, starts) if per is not None else None


def wrapped_names(run, lines=()) -> None:
    """Give an item whose note names its kinds past the line's end ('(11 of each of 8 animal types: Elephant,' /
    'Flamingo, Kangaroo, …' / '… Zebra)') those names from the lines of its run that continue it, each with the line
    it stands on, where the names make up the item's count."""
    by_number = {line.number: line for line in lines}
    by_number.update((line.number, line) for line in run.lines)
    for item in run.items:
        line = item.line
        if item.per_names or item.parts or item.per_line is not None or item.phrase.count is None:
            continue
        tail = line.text[item.offset + item.phrase.end:]
        if tail.count("(") <= tail.count(")"):
            continue
        following, opened = [], tail.count("(") - tail.count(")")
        number = line.number + 1
        while number in run.continued and number in by_number and opened > 0 and len(following) < 5:
            following.append(by_number[number])
            opened += by_number[number].text.count("(") - by_number[number].text.count(")")
            number += 1
        read = note_across_lines(item, following) if following else None
        if read is None or not named_parts(read[0].names, read[0].count, item.phrase.count):
            continue
        per, starts = read
        item.per, item.per_count, item.inner = per.per, per.many, per.count
        item.inner_span = (per.start, min(per.end, len(line.text)))
        item.per_names = tuple((name, a - at, b - at, where) for name, a, b in per.names
                               for at, where in [max(((at, where) for at, where in starts if at <= a), key=lambda s: s[0])])
