"""Lines that are the document's furniture, not its rules: a table of contents (paged or not) and a Markdown
page's front matter. Entry point: debris_indexes, the indexes of such lines, which the layout marks so that
nothing reads them."""

from __future__ import annotations

import re

from . import patterns
from .lexicon import COMPONENT_HEADS, head_of


def debris_indexes(lines: list[str]) -> set[int]:
    """The indexes of the lines (as in the file) that are contents lists or front matter."""
    return (_front_matter_as_debris(lines) | _unpaged_contents_as_debris(lines) | _contents_as_debris(lines)
            | _leadered_contents_as_debris(lines) | _linked_contents_as_debris(lines) | _gapped_contents_as_debris(lines)
            | _titled_contents_as_debris(lines) | _colon_paged_contents_as_debris(lines))


_CONTENTS_ENTRY = patterns.compile(r"^\s*\d{1,2}(?:\.\d{1,2})+\.?\s+\S.*?(?:[\t .…·_]{2,})\d{1,3}\s*$")  # '1.1 Goals . . . 5'
_CHAPTER_ENTRY = patterns.compile(r"^\s*(?:\d{1,2}\.?|[IVX]{1,4}\.)\s+\S.*$|^\s*\d{1,3}\s*$")  # '2 Rules' and its page '6'


def _contents_as_debris(lines: list[str]) -> set[int]:
    """A table of contents ('1.1 Goals . . . . 5', '2 Rules' / '6', '7 Scenario: A Spark of Divinity  33') lists
    sections and pages, not pieces: a block of at least three numbered section entries ending in page numbers,
    with the chapter lines and bare page numbers between them, is read as debris."""
    found: set[int] = set()
    entries = [i for i, line in enumerate(lines) if _CONTENTS_ENTRY.match(line)]
    blocks, block = [], []
    for index in entries:
        if block and index - block[-1] > 4:
            blocks.append(block)
            block = []
        block.append(index)
    if block:
        blocks.append(block)
    for block in blocks:
        if len(block) < 3:
            continue
        start, end = block[0], block[-1]
        while start > 0 and start - block[0] > -4 and _CHAPTER_ENTRY.match(lines[start - 1]):
            start -= 1
        while end + 1 < len(lines) and end - block[-1] < 4 and (_CHAPTER_ENTRY.match(lines[end + 1])
                                                               or _CONTENTS_ENTRY.match(lines[end + 1])):
            end += 1
        for i in range(start, end + 1):
            if _CONTENTS_ENTRY.match(lines[i]) or _CHAPTER_ENTRY.match(lines[i]) or not lines[i].strip():
                found.add(i)
        found |= _contents_title(lines, start)
    return found


def _contents_title(lines: list[str], first: int) -> set[int]:
    """The 'Contents' / 'Table of contents' line within three lines above a contents list's first entry."""
    title = next((i for i in range(first - 1, max(-1, first - 4), -1) if lines[i].strip()), None)
    if title is not None and re.fullmatch(r"\s*(?:table\s+of\s+)?contents?\s*:?\s*", lines[title], re.I):
        return {title}
    return set()


_NUMBERED_TITLE = patterns.compile(r"^\s*(\d{1,2})\.?\s+([^\W\d_][^\d]*?)\s*$")  # '   3. Setup'


def _title_key(text: str) -> str:
    return re.sub(r"[^a-z]+", " ", text.lower()).strip()


def _unpaged_contents_as_debris(lines: list[str]) -> set[int]:
    """A contents list without page numbers ('1. Objective' / '2. Components' / '3. Setup' …) names the sections
    that follow: a run of at least three consecutively numbered titles, at least half of which come back later as lines of
    their own (the sections' headings), is read as debris, with its 'Contents' title."""
    found: set[int] = set()
    later = {}
    for index, line in enumerate(lines):
        match = _NUMBERED_TITLE.match(line)
        key = _title_key(match.group(2) if match else line)
        if key and len(key) <= 60:
            later[key] = index
    run: list[int] = []
    for index in range(len(lines) + 1):
        match = _NUMBERED_TITLE.match(lines[index]) if index < len(lines) else None
        if match and (not run or int(match.group(1)) == int(_NUMBERED_TITLE.match(lines[run[-1]]).group(1)) + 1):
            run.append(index)
            continue
        if len(run) >= 3 and int(_NUMBERED_TITLE.match(lines[run[0]]).group(1)) <= 1:
            titles = [_title_key(_NUMBERED_TITLE.match(lines[i]).group(2)) for i in run]
            if sum(later.get(title, -1) > run[-1] for title in titles) * 2 >= len(titles):
                for i in run:
                    found.add(i)
                found |= _contents_title(lines, run[0])
        run = [index] if match else []
    return found


_LEADERED_ENTRY = patterns.compile(r"^[ \t]*(?P<title>[^\W\d_][^\d\t.…]*?)[ \t]*(?:(?:\.[ \t]?){3,}|…+)[ \t]*(?P<page>\d{1,3})[ \t]*$")
_PIECES_TITLE = patterns.compile(r"\s*(?:#+\s*)?(?:(?:game\s+|box\s+)?components|in\s+the\s+box|box\s+contents|what'?s\s+in\s+the\s+box"
                                 r"|materials|equipment|(?:the\s+)?cards|card\s+list|the\s+deck)\s*:?\s*", re.I)


def _under_pieces_title(lines: list[str], first: int) -> bool:
    """A 'Components' / 'The cards' title just above a list with leaders: pieces and their counts ('Princess ........ 1'
    / 'Guard ........ 5'), not chapters and their pages."""
    title = next((i for i in range(first - 1, max(-1, first - 4), -1) if lines[i].strip()), None)
    return title is not None and _PIECES_TITLE.fullmatch(lines[title]) is not None


def _leadered(line: str) -> re.Match | None:
    return _LEADERED_ENTRY.match(line) if line.rstrip()[-1:].isdigit() and _LEADER_HINT.search(line) else None


_LEADER_HINT = patterns.compile(r"\.[ \t]?\.|…")


def _leadered_contents_as_debris(lines: list[str]) -> set[int]:
    """'Introduction ........ 2' / 'Setup .......... 4' / 'Playing the Game ........ 5': at least three titles with dotted
    leaders to page numbers that never go down, most of them no piece's name, is a contents page — but not under a
    'Components' title (a list of pieces or cards with leaders, 'Cards ........ 40', 'Priest ........ 2' / 'Guard
    ........ 5', is read)."""
    found: set[int] = set()
    run: list[int] = []
    for index in range(len(lines) + 1):
        entry = _leadered(lines[index]) if index < len(lines) else None
        if entry is not None or (run and index < len(lines) and not lines[index].strip()):
            run += [index] if entry is not None else []
            continue
        entries = [_leadered(lines[i]) for i in run]
        pages = [int(e.group("page")) for e in entries]
        named = sum(head_of(e.group("title")) in COMPONENT_HEADS for e in entries)
        titled = _contents_title(lines, run[0]) if run else set()
        if len(entries) >= 3 and pages == sorted(pages) and named * 3 <= len(entries) and not _under_pieces_title(lines, run[0]):
            found |= set(run) | titled
        run = []
    return found


_LINKED_ENTRY = patterns.compile(r"^\s*(?:[-*+]\s+|\d{1,2}[.)]\s+)?\[[^\]]+\]\(#[^)]*\)\s*$")  # '3. [Piece Roster](#3-piece-roster)'


def _linked_contents_as_debris(lines: list[str]) -> set[int]:
    """A Markdown page's contents: at least three lines that are each a link to a heading of the same page."""
    found: set[int] = set()
    run: list[int] = []
    for index in range(len(lines) + 1):
        if index < len(lines) and _LINKED_ENTRY.match(lines[index]):
            run.append(index)
            continue
        if len(run) >= 3:
            found |= set(run) | _contents_title(lines, run[0])
        run = []
    return found


_FRONT_FIELD = patterns.compile(r"^[A-Za-z_][\w-]*:(?:\s.*)?$")


def _front_matter_as_debris(lines: list[str]) -> set[int]:
    """A Markdown page's YAML front matter ('---' / 'players: 2' / 'layout: game' / '---') is the page's settings,
    not its rules: its lines are read as debris."""
    found: set[int] = set()
    for start, line in enumerate(lines[:40]):
        if line.strip() != "---":
            continue
        end = next((i for i in range(start + 1, min(len(lines), start + 40)) if lines[i].strip() == "---"), None)
        fields = lines[start + 1:end] if end else []
        if len(fields) >= 2 and all(_FRONT_FIELD.match(f.strip()) or not f.strip() or f.startswith((" ", "-"))
                                    for f in fields) and _FRONT_FIELD.match(fields[0].strip()):
            for i in range(start + 1, end):
                found.add(i)
            break
    return found


_GAPPED_TITLE = r"[^\W\d_][^\d\s]*(?: {1,2}[^\d\s]+)*"  # words a space or two apart: no run of spaces is tried twice
_GAPPED_ENTRY = patterns.compile(rf"^\s*(?P<title>{_GAPPED_TITLE})(?:\s{{3,}}|\t)(?P<page>\d{{1,3}})"
                                 rf"(?:(?:\s{{3,}}|\t){_GAPPED_TITLE}(?:(?:\s{{3,}}|\t)\d{{1,3}})?)?\s*$")
WORD_SPACE = patterns.compile(r"\t?\r[ \xa0]{0,2}")  # '30\t\r Customer Cards': a CR between words, as some PDF exports write it


def _gapped_contents_as_debris(lines: list[str]) -> set[int]:
    """A contents page laid out without leaders ('Overview        2        The Customer Card        7'): a run of at
    least three titles each a wide gap away from a page number (two columns of them to a line, or one), at least half of
    which come back later as lines of their own (the sections' headings), is read as debris, with its 'Contents' title."""
    plain = [WORD_SPACE.sub(" ", line) for line in lines] if any("\r" in line for line in lines) else lines
    later = {}
    for index, line in enumerate(plain):
        key = _title_key(line)
        if key and len(key) <= 60:
            later[key] = index
    found: set[int] = set()
    run: list[int] = []
    for index in range(len(plain) + 1):
        entry = _GAPPED_ENTRY.match(plain[index]) if index < len(plain) else None
        if entry is not None or (run and index < len(plain) and not plain[index].strip()):
            run += [index] if entry is not None else []
            continue
        entries = [_GAPPED_ENTRY.match(plain[i]) for i in run]
        titles = [_title_key(entry.group("title")) for entry in entries]
        pages = [int(entry.group("page")) for entry in entries]
        named = sum(head_of(entry.group("title")) in COMPONENT_HEADS for entry in entries)
        if len(run) >= 3 and pages == sorted(pages) and named * 3 <= len(run) \
                and sum(later.get(title, -1) > run[-1] for title in titles) * 2 >= len(titles):
            # (page numbers never go down, and few titles name a piece: not 'Cards  40' / 'Dice  5' / 'Tokens  20')
            found |= set(range(run[0], run[-1] + 1)) | _contents_title(plain, run[0])
        run = []
    return found


_TABLE_OF_CONTENTS = patterns.compile(r"^\s*(?:#{1,6}\s*)?(?:\*\*|__)?table\s+of\s+contents(?:\*\*|__)?\s*:?\s*$", re.I)  # (also
# '# Table of Contents', '**Table of Contents**')
_PAGED = r"(?:(?:[IVX]{1,4}|\d{1,2})[.)]\s+)?(?:\d-)?[^\W\d_][^\t]*?(?:\s{3,}|\t+|\s*[.…·_]{3,}\s*)\d{1,3}(?:[/–-]\d{1,3})?"
_PAGED_ENTRY = patterns.compile(rf"^\s*{_PAGED}(?:\s+{_PAGED})?\s*$")


def _titled_contents_as_debris(lines: list[str]) -> set[int]:
    """The lines under a 'TABLE OF CONTENTS' title that give a section and its page, one or two to a line ('Game
    Setup   4   6) Power and Q.I.C. Actions   15', '  I. Income   10'), with the blank lines between them: whatever
    their titles, pages, not pieces."""
    found: set[int] = set()
    for index, line in enumerate(lines):
        if not _TABLE_OF_CONTENTS.match(line):
            continue
        entries = []
        for below in range(index + 1, min(len(lines), index + 80)):
            if not lines[below].strip():
                continue
            if len(lines[below]) > 200 or not _PAGED_ENTRY.match(lines[below]):
                break
            entries.append(below)
        if len(entries) >= 3:
            found |= {index} | set(range(entries[0], entries[-1] + 1))
    return found


_COLON_PAGED = patterns.compile(r"^\s*(?:[-–•*●▪◦]\s*)?(?P<title>[^\W\d_][^:\t]{0,60}?)\s*:\s*(?P<page>\d{1,3})\s*$")
_SECTION_WORDS = frozenset("""introduction intro overview setup set-up credits index glossary appendix contents faq rules
gameplay summary variants variant reference scoring concepts""".split())


def _colon_paged_contents_as_debris(lines: list[str]) -> set[int]:
    """'• Introduction: 2' / '• Setup: 4' / … / '• Index: 24': a table of contents written as a list of titles, each
    with its page after a colon: at least five such lines in a row (blank lines aside) whose pages never go back, two of
    whose titles name a section of a rulebook ('Setup', 'Credits'), fewer than half of them a piece ('What's in the Box',
    'Guild Cards'). A list of pieces ('• Rules: 1' / '• Board: 1' / '• Reference cards: 4' …) names pieces."""
    found: set[int] = set()
    run: list[tuple[int, re.Match]] = []

    def close() -> None:
        pages = [int(m.group("page")) for _, m in run]
        titles = [m.group("title") for _, m in run]
        pieces = sum(1 for title in titles if head_of(title) in COMPONENT_HEADS)  # ('Reference cards: 4')
        sections = sum(1 for title in titles if head_of(title) not in COMPONENT_HEADS
                       and _SECTION_WORDS & set(re.findall(r"[\w-]+", title.lower())))
        if len(run) >= 5 and sections >= 2 and 2 * pieces < len(run) and pages[-1] > pages[0]:
            found.update(i for i, _ in run)

    for index, line in enumerate(lines):
        if not line.strip():
            continue
        match = _COLON_PAGED.match(line)
        if match is not None and (not run or int(match.group("page")) >= int(run[-1][1].group("page"))):
            run.append((index, match))
            continue
        close()
        run = [(index, match)] if match is not None else []
    close()
    return found
