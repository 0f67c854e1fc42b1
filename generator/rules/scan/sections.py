"""What kind of section each line stands in, from the headings and intro lines above it: a component list,
setup, things the players supply, optional material, or anything else. Headings are evidence, not gates:
lists are found by their shape (lists.py); a section only says what role a count plays there.
Entry point: section_kinds."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.rules.numbers import NUMBER_WORD_HINT

from . import patterns
from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, EDITION_ONLY_PATTERN, PLAYER_NUMBER, head_of

COMPONENTS = "components"
SETUP = "setup"
SUPPLIED = "supplied"
OPTIONAL = "optional"
OTHER = "other"

_COMPONENT_TITLE = patterns.compile(
    r"\b(?:components?|contents?|equipment|materials?|inventory|what'?s\s+in(?:side)?\s+the\s+box|in\s+the\s+box"
    r"|box\s+contents|game\s+pieces|pieces|parts(?:\s+list)?|includes?|included|contains|the\s+game\s+(?:has|comes\s+with)"
    r"|what\s+you\s+(?:get|need)|you\s+(?:will\s+)?need|you'll\s+need|^(?:inside\s+|in\s+the\s+box\s+)?you(?:'ll|\s+will)\s+find\s*:?$|needed|requirements?|required|to\s+play"
    r"|print(?:ing)?\s+(?:and|&)\s+play|to\s+print|the\s+(?:cards|tiles|tokens|pieces|dice|deck|board)|playing\s+pieces"
    r"|materials?\s+needed|game\s+materials?|game\s+contents?|component\s+list|the\s+set"
    r"|^shared(?:\s+(?:components|pieces|materials?|items))?$|common\s+(?:components|pieces|materials?|items)"
    r"|matériel|contenu|spielmaterial|inhalt|contenido|componentes|materiale|componenti|contenuto)\b",
    re.I,
)
_SETUP_TITLE = patterns.compile(
    r"\b(?:set\s*-?\s*up|setting\s+up|preparations?|prepare|preparing|getting\s+started|getting\s+ready(?!\s+for\s+(?:the\s+)?(?:next|new|each|another|a)\b)|before\s+(?:you\s+)?(?:play|start)"
    r"|starting|start\s+of\s+(?:the\s+)?game|initial|game\s+start|to\s+begin|beginning|for\s+each\s+player|deal|dealing"
    r"|mise\s+en\s+place|préparation|initialisation|spielvorbereitung|vorbereitung|spielaufbau|aufbau|preparación|preparativos|preparazione)\b",
    re.I,
)
_SUPPLIED_TITLE = patterns.compile(
    r"\b(?:not\s+included|also\s+(?:need|needed|required)|you\s+(?:will\s+)?also\s+need|you'll\s+also\s+need"
    r"|players?\s+(?:will\s+)?(?:need|provide|supply)|to\s+provide|(?:you|players?)\s+(?:must|should)\s+provide|supplied\s+by"
    r"|(?:bring|supply)\s+your\s+own"
    r"|not\s+in\s+the\s+box|not\s+provided|what\s+you\s+need\s+besides)\b",
    re.I,
)
_OPTIONAL_TITLE = patterns.compile(rf"\b(?:optional|variant|variants|expansion|advanced|bonus|promo|mini-expansion"
                                   rf"|solo(?:\s+(?:mode|game|play|rules|variant|set\s*-?\s*up))?$|solitaire\s+(?:mode|game|rules|variant)|{EDITION_ONLY_PATTERN}|(?:deluxe|kickstarter|collector'?s)\s+edition)\b", re.I)
_OTHER_TITLE = patterns.compile(
    r"\b(?:turn|round|phase|scoring|score|end\s+of|winning|victory|game\s+end|actions?|play(?:ing)?\s+the\s+game"
    r"|gameplay|how\s+to\s+play|sequence|example|credits|faq|strategy|rules|overview|objective|goal|combat)\b",
    re.I,
)


_NUMBER_WORD_THEN = patterns.compile(rf"\b(?:{NUMBER_WORD_HINT})\s+((?:[A-Za-z'’-]+\s+)?[A-Za-z'’-]+)", re.I)


def _counts_things(text: str) -> bool:
    """'Each side begins with eight pieces:': a number word before a component's name (a sentence, not a title)."""
    return any(head_of(match.group(1)) in COMPONENT_HEADS or head_of(match.group(1).split()[0]) in COMPONENT_HEADS
               for match in _NUMBER_WORD_THEN.finditer(text))


# A title that names a player count: '### 2 players', 'Three-Player Game', 'Solo Mode', 'Setup for 2 players'
PLAYERS_TITLE = patterns.compile(rf"^(?:(?:set\s*-?\s*up|preparation|rules|changes|adjustments)\s+(?=for\b|with\b|in\b))?"
                                  rf"(?:(?:for|with|in)\s+(?:an?\s+)?)?(?P<n>{PLAYER_NUMBER})(?:\s*(?:-|–|to|or)\s*"
                                  rf"(?P<m>{PLAYER_NUMBER}))?[\s-]*players?(?:\s+(?:games?|rules|variant|mode|set\s*-?\s*up))?"
                                  r"|^(?P<solo>solo|solitaire|single[\s-]player)(?:\s+(?:games?|rules|variant|mode|play|set\s*-?\s*up))?", re.I)


@dataclass(frozen=True)
class Section:
    kind: str  # components | setup | supplied | optional | other | "" (before any heading)
    title: str
    line: int  # the heading's line, 0 before the first
    inherited: bool = False  # a subsection that takes its kind from the section around it ('## Market Cards')


def title_of(line: LayoutLine, following: LayoutLine | None) -> str | None:
    """The title when the line is a heading or an intro line ('Components', 'You will also need:')."""
    text = line.text.strip()
    if not text or (line.bullet is not None and not _between_dashes(line)):
        return None
    if line.heading_level:
        return text.rstrip(":").strip()
    if text.endswith(":") and len(text.split()) <= 14 and not re.search(r"\d", text) and classify(text) == SETUP:
        return text.rstrip(":").strip()  # 'Follow these steps to set up Raiders of the North Sea:': the set-up's intro
    if len(text) > 70 or len(text.split()) > 9:
        return None
    if re.match(r"[A-Z]{4,}\b", text) and not re.search(r"[.!?,;]$|\d", text) and classify(text) != OTHER:
        return text.rstrip(":").strip()  # 'COMPONENTS for the basic game', 'SETUP for two'

    if text.endswith(":") and not re.search(r"\d", text) and not _counts_things(text) and text.count(")") <= text.count("("):
        return text.rstrip(":").strip()  # 'You will also need:' (but 'Each side begins with eight pieces:' is a sentence,
        # 'trades below) to gain needed resource cards:' the wrapped end of one)
    if re.search(r"[.!?,;]$|\d", text) or text[0].islower() or text.count(")") > text.count("("):
        return None  # a sentence, a number, or the wrapped end of the line above ('and Black)')
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    if not words or len(words) > 6 or len("".join(words)) < 3:
        return None  # ('P', 'Ch': letters of a picture's labels, no section's name)
    if re.match(r"(?:Number|Qty|Quantity|Count|Amount|#|No\.?)(?=[A-Z\s\t]|$)", text):
        return None  # 'Number Type Notes', 'NumberResource': a table's header row, not a section
    if len(words) <= 4 and text[0].isupper() and classify(text) != OTHER:
        return text  # 'Game components', 'Game setup': a section's name, whatever its case
    blank_after = following is None or following.blank or following.bullet is not None
    if title_cased(words) and (blank_after or len(words) <= 3):
        return text
    return None


_MINOR_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "to", "for", "in", "on", "with", "at", "by", "you", "your"})


def title_cased(words: list[str]) -> bool:
    """'Contents of the Deluxe Game Box': every word but the small ones capitalised, as a title is written."""
    return all(w[:1].isupper() for w in words if w.lower() not in _MINOR_WORDS)


def _between_dashes(line: LayoutLine) -> bool:
    """'- Starting Setup -': a short title of a section set between dashes, not a bulleted item."""
    return line.bullet in {"-", "–", "—"} and re.search(r"\s[-–—]$", line.raw.rstrip()) is not None \
        and len(line.text.split()) <= 5 and classify(line.text) != OTHER  # ('– OTHER MARKERS –' heads an item)


def names_components(title: str) -> bool:
    """'Resource Tokens', 'Cards', 'Land Tiles': a title that names pieces (not 'Rules Reference', 'Summary')."""
    return head_of(title) in COMPONENT_HEADS - _DOCUMENT_PARTS


def _nothing_between(lines: list[LayoutLine], heading_number: int, index: int) -> bool:
    """True when only blank lines stand between the heading on line `heading_number` and the line at `index`."""
    return all(line.blank for line in lines[heading_number:index])


def is_play(section: Section) -> bool:
    """A section about playing (turns, actions, scoring, the end): counts there are moves, not the box."""
    return _titled_other(section, _PLAY_TITLE)


def _titled_other(section: Section, title: re.Pattern) -> bool:
    """A section of no kind of its own whose title says `title` and names no components."""
    return section.kind == OTHER and bool(title.search(section.title)) and not _COMPONENT_TITLE.search(section.title)


def is_winning(section: Section) -> bool:
    """A section on how the game is won or ends ('Winning the Game', 'End of the Game'): a count there, by player count
    or not, is what a player needs to win ('2 players: 6 Achievements'), not what the box holds or set-up deals."""
    return _titled_other(section, _WINNING_TITLE)


_WINNING_TITLE = patterns.compile(r"\b(?:winning|win|victory\s+conditions?|end\s+of\s+(?:the\s+)?game|game\s+end|ending\s+the\s+game"
                                  r"|how\s+to\s+win)\b", re.I)
_PLAY_TITLE = patterns.compile(r"\b(?:turns?|rounds?|phases?|scoring|end\s+of|winning|actions?|playing\s+the\s+game|gameplay|game\s+play"
                               r"|how\s+to\s+play|sequence|examples?|strategy|combat|moving|movement|attack(?:ing)?)\b", re.I)


_TABLE_OF_CONTENTS = patterns.compile(r"\btable\s+of\s+contents\b", re.I)


_HAVE_THESE = patterns.compile(r"\byou\s+have\s+(?:all\s+)?the\s+following\s+(?:items|components|pieces|materials|contents)\b",
                              re.I)  # 'Before beginning, make sure you have the following items:': the box's contents


def classify(title: str) -> str:
    if _TABLE_OF_CONTENTS.search(title):
        return OTHER  # the rulebook's own chapters, not the box's contents
    if _SUPPLIED_TITLE.search(title):
        return SUPPLIED
    if _OPTIONAL_TITLE.search(title):
        return OPTIONAL
    if _SETUP_TITLE.search(title) and not _HAVE_THESE.search(title):
        return SETUP
    if _COMPONENT_TITLE.search(title) or _HAVE_THESE.search(title):
        return COMPONENTS
    return OTHER


_DOCUMENT_PARTS = frozenset({"reference", "summary", "overview", "aid", "rules", "instructions", "note", "notes"})


def _indent_above(lines: list[LayoutLine], index: int) -> int:
    """The indent of the nearest line above `index`, within its paragraph, that is set less deep than line `index`:
    the item a run of deeper lines hangs from (its own indent when there is none)."""
    indent = lines[index].indent
    for line in reversed(lines[max(0, index - 12):index]):
        if line.blank:
            break
        if line.indent < indent:
            return line.indent
    return indent


def section_kinds(lines: list[LayoutLine]) -> list[Section]:
    """The section each line stands in (a heading line is in its own section)."""
    current = Section("", "", 0)
    parents: list[tuple[int, Section]] = []  # the marked headings ('#', '==') enclosing the current line, outermost first
    enclosing: Section | None = None  # the section an intro line ('Also needed:') interrupts
    items_seen = False
    result = []
    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else None
        title = None if line.is_debris else title_of(line, following)
        item_like = line.bullet is not None or line.indent > 0 or bool(
            re.match(r"\d|(?:an?|one|two|three|four|five|six|seven|eight|nine|ten)\s", line.text, re.I))
        if enclosing is not None and title is None and not line.blank:
            if item_like:
                items_seen = True
            elif items_seen:
                current, enclosing = enclosing, None  # the intro's list has ended
        previous = lines[index - 1] if index else None
        if title is not None and current.kind in {COMPONENTS, SUPPLIED, OPTIONAL} and not line.heading_level \
                and classify(title) == OTHER and head_of(title) in COMPONENT_HEADS - _DOCUMENT_PARTS \
                and following is not None and not following.blank and previous is not None and not previous.blank:
            title = None  # 'Rulebook', 'Game board' inside a component list: an item, not a heading
        if title is not None and current.kind in {COMPONENTS, SUPPLIED, OPTIONAL} and not line.heading_level \
                and classify(title) == OTHER and previous is not None and not previous.blank \
                and line.indent > _indent_above(lines, index) + 1:
            title = None  # 'Role cards' / '      Mayor': a name set deeper under an item of the list, not a heading
        if title is not None:
            kind = classify(title)
            intro = line.text.rstrip().endswith(":") and not line.heading_level and not (
                kind == SETUP and len(title.split()) > 3)  # ('Follow these steps to set up the game:' opens the set-up)
            if intro and kind == OTHER and current.kind in {COMPONENTS, SETUP, SUPPLIED, OPTIONAL} and not (
                    previous is not None and previous.blank and index >= 2 and lines[index - 2].blank):
                kind = current.kind  # "How many of each catch:" inside a component list stays in it (a title set
                # apart by blank lines above it, 'Rules:', starts a section of its own)
            if kind == OTHER and current.kind == SETUP and current.line and _nothing_between(lines, current.line, index):
                kind = SETUP  # 'SETUP' / 'EXAMPLE 4-PLAYER GAME': a subtitle right under the setup's title
            enclosing = (enclosing or current) if intro else None
            items_seen = False
            inherited = False
            if line.heading_level:
                while parents and parents[-1][0] >= line.heading_level:
                    parents.pop()
                if kind == OTHER and parents and parents[-1][1].kind in {SETUP, COMPONENTS} and not _PLAY_TITLE.search(title) \
                        and not re.search(r"\bpoints?\b|=|\bsteps?\b", title, re.I):
                    kind = parents[-1][1].kind  # '# Setup' / '## Crown': a part of the setup, for one side;
                    inherited = kind == COMPONENTS  # '# Components' / '## Market Cattle Cards': a part of the list
            current = Section(kind, title, line.number, inherited)
            if line.heading_level:
                parents.append((line.heading_level, current))
        result.append(current)
    return result
