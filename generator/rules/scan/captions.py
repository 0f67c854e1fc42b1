"""Counts printed as captions to a row of pictures: a row of numbers over (or under) a row of names, each number
standing above its name, as a component page lays them out and a layout-keeping extraction writes them:

         50           18          24
      Resources     Soldiers    Builders

Each number is the count of the name whose span it stands over. Entry point: caption_statements."""

from __future__ import annotations

import re

from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, NOT_COMPONENTS, head_of

_CHUNK = re.compile(r"\S+(?: \S+)*")  # a run of text: words one space apart
_NUMBER = re.compile(r"[x×]?(\d{1,3})[x×]?")
_NAME = re.compile(r"[A-Za-z][\w'’&-]*(?: [A-Za-z][\w'’&-]*){0,3}")


def caption_statements(lines: list[LayoutLine], sections, out) -> set[int]:
    """A statement for every number of a caption row; returns the numbers of the name rows read (nothing else
    may read them as items)."""
    used: set[int] = set()
    for index, line in enumerate(lines):
        numbers = [(m.start(), m.end(), int(_NUMBER.fullmatch(m.group(0)).group(1)))
                   for m in _CHUNK.finditer(line.raw) if _NUMBER.fullmatch(m.group(0))]
        if len(numbers) < 2:
            continue
        for names_line in _neighbours(lines, index):
            pairs = _paired(numbers, names_line.raw)
            if len(pairs) < 2 or len(pairs) < len(numbers) - 1:
                continue
            in_components = sections and sections[line.number - 1].kind == "components"
            counted = sum(head_of(name) in COMPONENT_HEADS for _, _, _, name in pairs)
            if not in_components and counted * 2 < len(pairs) or any(head_of(n) in NOT_COMPONENTS for *_, n in pairs):
                continue
            for start, end, count, name in pairs:
                out.add(line=line.number, column=start, quote=line.raw[start:end], count=count, component=name,
                        role="total", head=head_of(name))
            used.add(names_line.number)
            break
    return used


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
