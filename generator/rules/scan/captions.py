"""Counts printed as captions to a row of pictures: a row of numbers over (or under) a row of names, each number
standing above its name, as a component page lays them out and a layout-keeping extraction writes them:

         50           18          24
      Resources     Soldiers    Builders

Each number is the count of the name whose span it stands over. Counted captions ('25 Project   100 Office')
often wrap their names onto the rows below ('Cards   Politics Cards'): each caption's name is joined again.
Entry point: caption_statements."""

from __future__ import annotations

import re

from . import patterns
from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, NOT_COMPONENTS, head_of
from .sections import COMPONENTS

_CHUNK = patterns.compile(r"\S+(?: \S+)*")  # a run of text: words one space apart
_NUMBER = patterns.compile(r"[x×]?(\d{1,3})[x×]?")
_NAME = patterns.compile(r"[^\W\d_][\w'’&-]*(?: [^\W\d_][\w'’&-]*){0,3}")


_IN_THE_GAME = patterns.compile(r"\[?\s*(?P<count>\d{1,3})\s*[x×]\s+in\s+the\s+(?:game|box|deck)\s*\]?", re.I)
_TITLE_CHUNK = patterns.compile(r"[A-Z][A-Z'’-]+(?: [A-Z][A-Z'’-]+){0,3}")


def _copies_in_the_game(lines: list[LayoutLine], index: int, out) -> bool:
    """'[2x in the game]' under each card of a page of cards: so many copies of the card whose title stands
    above it in the same column (or of an unnamed card when no title does)."""
    line = lines[index]
    found = list(_IN_THE_GAME.finditer(line.raw))
    if not found or line.raw[:found[0].start()].strip() or any(
            line.raw[a.end():b.start()].strip() for a, b in zip(found, found[1:])) or line.raw[found[-1].end():].strip():
        return False
    for match in found:
        title = _title_above(lines, index, match.start(), match.end())
        out.add(line=line.number, column=match.start(), quote=match.group(0).strip(), count=int(match.group("count")),
                component=f"{title.title()} cards" if title else "cards", role="total", head="card")
    return True


def _title_above(lines: list[LayoutLine], index: int, start: int, end: int) -> str | None:
    """The nearest all-capitals title above, within a dozen lines, that starts within the span's column."""
    for line in reversed(lines[max(0, index - 14):index]):
        for chunk in _TITLE_CHUNK.finditer(line.raw):
            if start - 4 <= chunk.start() <= end and (chunk.start() == 0 or line.raw[chunk.start() - 1] == " "):
                return chunk.group(0)
    return None


def caption_statements(lines: list[LayoutLine], sections, out) -> set[int]:
    """A statement for every number of a caption row; returns the numbers of the name rows read (nothing else
    may read them as items)."""
    used: set[int] = set()
    for index, line in enumerate(lines):
        if "in the" in line.raw and _copies_in_the_game(lines, index, out):
            used.add(line.number)
            continue
        wrapped = _wrapped_captions(lines, index, out)
        if wrapped:
            used |= wrapped
            continue
        numbers = [(m.start(), m.end(), int(_NUMBER.fullmatch(m.group(0)).group(1)))
                   for m in _CHUNK.finditer(line.raw) if _NUMBER.fullmatch(m.group(0))]
        if len(numbers) < 2:
            continue
        for names_line in _neighbours(lines, index):
            pairs = _paired(numbers, names_line.raw)
            if len(pairs) < 2 or len(pairs) < len(numbers) - 1:
                continue
            in_components = sections and sections[line.number - 1].kind == COMPONENTS
            counted = sum(head_of(name) in COMPONENT_HEADS for _, _, _, name in pairs)
            if not in_components and counted * 2 < len(pairs) or any(head_of(n) in NOT_COMPONENTS for *_, n in pairs):
                continue
            for start, end, count, name in pairs:
                out.add(line=line.number, column=start, quote=line.raw[start:end], count=count, component=name,
                        role="total", head=head_of(name))
            used.add(names_line.number)
            break
    return used


_COUNTED_CHUNK = patterns.compile(r"(?P<count>\d{1,3})\s+(?P<name>[^\W\d_].*)")


def _wrapped_captions(lines: list[LayoutLine], index: int, out) -> set[int]:
    """A row of counted captions ('25 Project   100 Office   12 Certificates of') whose names go on in the rows
    below ('Cards   Politics Cards   Achievement Cards'): a statement per caption with its whole name; returns
    the rows read."""
    row = lines[index]
    captions = [(m, _COUNTED_CHUNK.fullmatch(m.group(0))) for m in _CHUNK.finditer(row.raw)]
    captions = [(m, c) for m, c in captions if c]
    if len(captions) < 2:
        return set()
    names = [[c.group("name")] for _, c in captions]
    open_names = {at for at, name in enumerate(names) if not _complete(name[0])}
    if not open_names:
        return set()  # '40 Action Cards   12 Bonus Tiles': every name is whole on its row
    found: set[int] = set()
    at, gap = index + 1, 0
    while at < len(lines) and gap <= 3 and not lines[at].heading_level:
        raw = lines[at].raw
        chunks = [c for c in _CHUNK.finditer(raw) if any(len(w) > 2 for w in c.group(0).split())]  # "L", "I A": letters of a picture
        owners = [_owner(chunk, captions) for chunk in chunks]
        if chunks and all(_NAME.fullmatch(c.group(0)) for c in chunks) and None not in owners \
                and all(owner in open_names for owner in owners):
            for chunk, owner in zip(chunks, owners):
                names[owner].append(chunk.group(0))
            found.add(lines[at].number)
            at, gap = at + 1, 0
        elif not chunks:
            at, gap = at + 1, gap + 1  # a blank line, or stray letters of a picture's text
        else:
            break
    if not found:
        return set()
    for (match, caption), name in zip(captions, names):
        component = " ".join(name)
        out.add(line=row.number, column=match.start(), quote=match.group(0), count=int(caption.group("count")),
                component=component, role="total", head=head_of(component))
    return found | {row.number}


def _complete(name: str) -> bool:
    """'Bonus Tiles' is a whole caption; 'Project' (… 'Cards' below) and 'Certificates of' go on below."""
    words = name.split()
    return bool(words) and head_of(name) in COMPONENT_HEADS and words[-1].lower() not in {"of", "and", "&", "with", "for"}


def _owner(chunk: re.Match, captions: list) -> int | None:
    """The caption a wrapped piece of name belongs to: the one it starts under (or is centred under)."""
    for at, (match, caption) in enumerate(captions):
        name_start = match.start() + caption.start("name")
        if abs(chunk.start() - name_start) <= 3 or abs(chunk.start() - match.start()) <= 3 \
                or match.start() - 2 <= (chunk.start() + chunk.end()) / 2 <= match.end() + 2:
            return at
    return None


def _neighbours(lines: list[LayoutLine], index: int) -> list[LayoutLine]:
    """The first line with text below and above the line at `index`, within two lines."""
    found = []
    for step in (1, -1):
        at = index + step
        while 0 <= at < len(lines) and abs(at - index) <= 2 and lines[at].blank and not lines[at].is_debris:
            at += step
        if 0 <= at < len(lines) and abs(at - index) <= 2 and not lines[at].is_debris:
            found.append(lines[at])
    return found


def _paired(numbers: list[tuple[int, int, int]], raw: str) -> list[tuple[int, int, int, str]]:
    """Each number with the name whose span is under its centre (or nearest to it, a few columns off)."""
    names = [(m.start(), m.end(), m.group(0)) for m in _CHUNK.finditer(raw)]
    if len(names) < 2 or not all(_NAME.fullmatch(name) for _, _, name in names):
        return []
    pairs = []
    for start, end, count in numbers:
        centre = (start + end) / 2
        near = min(names, key=lambda n: abs((n[0] + n[1]) / 2 - centre))
        if near[0] - 3 <= centre <= near[1] + 3:
            pairs.append((start, end, count, near[2]))
    if len({name for *_, name in pairs}) != len(pairs):
        return []
    return pairs
