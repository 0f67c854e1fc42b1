"""List items, one line at a time: what a line of a list says — count first ('48 voyage cards'), count last
('Oracle cards ……… 8', 'Infantry (x9)'), a bare noun under a bullet ('A felt playmat'), several items on one line
('1 rulebook and 1 player aid', 'gameboard • 100 tiles • money pack') — with its per-product, breakdown and
condition. lists.py finds the runs these items make. Entry points: line_items, Item."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from . import patterns
from .annotations import read_breakdown, read_each_consisting, read_including, read_per, read_value_breakdown
from .grammar import COUNT_HINT, NUMBER, Phrase, bare_item, count_first, count_last, parse_number
from .forms import SIZE_BEFORE
from .nouns import qualifier_kind
from .layout import LayoutLine
from .lexicon import BOOKLET_HEADS, COMPONENT_HEADS, CONTENTS_WORDS, KIND_WORDS, DURATION, TIMER, HOLDERS, FOREIGN_NUMBERS, NOT_COMPONENTS, NUMBERED_LABELS, SETUP_VERB_PATTERN, SETUP_VERBS, head_of, is_plural, joined_lines, pairs_of, per_word, singular, without_note
from .sections import title_cased
from .prose import GROUPS_EACH_WITH, PLAYERS_LABEL, SCORE_PIECES as _SCORE_PIECES, players_of

_SCORING = patterns.compile(r"\b(?:points?(?!\s+values?\b)|pts?|vp|victory\s+points?|score[sd]?|=|worth|costs?|pays?|requires?|needs?|gives?|yields?|produces?)\b", re.I)


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
    parts_each: bool = False  # `parts` are what each one of the counted things holds ('4 sets, each of 12 ships')
    parts_per: str | None = None  # `parts` are those of each such category ('5 suits, each with three 1s, …')
    including: bool = False  # `parts` is one part named inside the item ('72 tiles (including 1 Start tile)')
    per_names: tuple = ()  # the kinds `inner` counts each of, named, with their spans ('(6 each of Assault, Raid, Skirmish)')
    sums: list = field(default_factory=list)  # the items on its line it is the total of ('12 red cards and 12 blue cards (24 cards in total)')
    # What the list around it tells (lists.py), then what it became (document.py):
    per_line: LayoutLine | None = None  # the line below that gives its per-unit note ('(12 per player)')
    parts_line: LayoutLine | None = None  # the line below that gives its parts
    group_title: bool = False  # 'Tokens' over '● 8 Hint' / '● 4 Mistake': the title of a group, no piece
    setup_intro: bool = False  # it stands under a setup intro ('Each player takes:')
    statement: dict | None = None  # the statement made of it


_LEAD_IN = patterns.compile(
    r"^(?:(?:an?|one|the|plus|and|also|with|contains?|includes?)\s+)?(?:(?:[\w'-]+\s+){0,2}(?:pile|deck|stack|set|bag|box|pack|pair|sheet|bundle"
    r"|supply|collection|handful|pad|sack|pouch|tray)\s+of\s+)?$"
    r"|^(?:level|age|tier|era|stage|chapter|round|act|phase|wave|deck)\s+(?:\d{1,2}|[ivx]{1,4}|[a-d])\s*[:–—-]\s+$", re.I)  # 'Level 1: 8 treasures'
_GROUP_OF = patterns.compile(r"^(?:an?|one|the)\s+(?:(?:standard|full|complete|whole|regular|separate)\s+)?"
                             r"(?P<group>pile|deck|stack|set|bag|box|pack|pair|bundle|supply|collection|handful|sack|pouch)"
                             r"\s+of\s+(?P<noun>[^\W\d_][\w'\"” -]*?)\s*(?:\([^)]*\)\s*)?(?:\s(?:from|for|with|in)\b.*|,.*)?\.?$", re.I)


_ELLIPTIC = patterns.compile(rf"^(?:(?:at\s+least|up\s+to|about)\s+)?(?P<n>{NUMBER})\s*(?=(?:of\s+)?(?-i:each|every|per)\b"
                             rf"|in\s+{NUMBER}\s+(?:different\s+)?(?:colou?rs|suits|kinds|types|shapes)\b"  # '24 in 4 colors'
                             rf"|(?:[x×]|of|with)\s+(?:a\s+)?(?:value|worth)\s+(?:of\s+)?\d)", re.I)  # '50 × value 1'


_VALUE_NAMED = patterns.compile(r"(?P<noun>[$£€]?\d{1,4}\s+[^\W\d_][\w' -]*?)\s*\(\s*(?P<n>\d{1,4})\s*\)\s*\.?\s*$")


_COUNT_IN_PARENS = patterns.compile(rf"^(?:(?:the|an?)\s+)?(?P<noun>[^\W\d_][\w'’ -]*?)(?:\s*:\s*[^():]{{1,60}}?)?\s*\(\s*(?P<n>{NUMBER})\s+"
                                    rf"(?P<unit>[^\W\d_][\w-]*)(?:\s+(?:in\s+)?total)?\s*\)\s*(?:[.;,]|[:–-]\s+\S.*)?\s*$", re.I)
# 'Event Deck (40 cards)', 'Home tiles (4 tiles): Corner starting positions', 'Flatlands: Outer layers (44 tiles total)'
_QUALIFIED_IN_PARENS = patterns.compile(rf"^(?:(?:the|an?)\s+)?(?P<noun>[^\W\d_][\w'’ -]*?)\s*\(\s*(?P<q>at\s+least|up\s+to|about|around|at\s+most)\s+"
                                        rf"(?P<n>{NUMBER})(?=\s*[;,)])", re.I)  # 'Player tokens (at least 8; the count varies …)'


_TOTAL_THEN_PER = patterns.compile(rf"^(?P<noun>[^\W\d_][\w'’ -]{{0,40}}?[^\W\d_])\s*\(\s*(?P<n>\d{{1,4}})\s*,\s*(?=(?:\d{{1,3}}|{NUMBER})\s+"
                                   r"(?:per|for\s+each|in\s+each|each)\s+(?:player|colou?r|faction|team|side|suit)s?\b)", re.I)


_TYPED_ONE = patterns.compile(r"^(?:an?\s+|one\s+)?(?:\d{1,3}[- ]sided\s+|\d{1,3}\s+side\s+|d\d{1,3}\s+)(?P<noun>die)\b\.?\s*$|^(?:an?\s+|one\s+)?(?P<noun2>d\d{1,3})\s*$", re.I)


# 'Ferry cards numbered 1–60', 'Tiles lettered A to F, two of each', 'District tiles I–IX', 'Comet cards (C1–C24)',
# 'Rune stones marked 1 through 12, three of each number': things named by a run of numbers or letters — as many as
# the run is long, times so many of each. A bare run of numbers ('Cards (2–4)', 'Score track 0–50') says no such thing.
_DESIGNATED = patterns.compile(
    r"^(?:(?:an?|the|one)\s+(?:(?:deck|set|stack|pile)\s+of\s+)?)?(?P<noun>[^\W\d_][\w'’ -]*?[^\W\d_])\s*,?\s*"
    r"(?:(?P<named>numbered|lettered|marked|labell?ed)\s+(?:from\s+)?|\((?=[^()]*\)))"
    r"?(?P<a>(?P<prefix>[A-Z]{1,2}-?)?\d{1,3}|[A-Z]|[IVX]{1,5})\s*(?:-|–|—|to|through|thru)\s*(?P<b>(?P=prefix)?\d{1,3}|[A-Z]|[IVX]{1,5})\)?"
    rf"(?:\s*,?\s*\(?\s*(?P<k>{NUMBER})\s+(?:of\s+)?each(?:\s+(?:number|letter|value|kind|one))?\s*\)?)?\s*\.?\s*$", re.I)
_RUN_HINT = patterns.compile(r"(?:\b[A-Z]{0,2}-?\d{1,3}|\b[A-Z])\s*(?:-|–|—|to|through|thru)\s*(?:[A-Z]{0,2}-?\d{1,3}|[A-Z]+)\b")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}


def _roman(numeral: str) -> int | None:
    """'IX' -> 9; None for what no Roman numeral up to XXXIX is written as."""
    values = [_ROMAN_VALUES.get(c) for c in numeral.upper()]
    if None in values or not values:
        return None
    total = sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))
    return total if 0 < total < 40 else None


def _run_length(a: str, b: str, named: bool, plain: bool = False) -> int | None:
    """How many designations 'a' to 'b' name: 1–60 (said to be numbered, or with a prefix: C1–C24, or a plain run from
    0 or 1 of five or more right after a plural name: 'Tiles 1-36'), A–F, I–IX; None when they are no such run."""
    prefixed = re.match(r"[A-Z]", a) is not None and a[-1:].isdigit()  # 'C1' (an upper-case prefix: not 'd4', a die)
    digits_a, digits_b = re.sub(r"^[^\W\d_]+-?", "", a), re.sub(r"^[^\W\d_]+-?", "", b)
    if digits_a.isdigit() and digits_b.isdigit():
        numbered_from_one = plain and int(digits_a) in {0, 1} and int(digits_b) >= 5  # ('Cards (2–4)': for 2 to 4 players)
        if not (named or prefixed or numbered_from_one):
            return None
        low, high = int(digits_a), int(digits_b)
    elif set(a + b) <= set("IVX") and _roman(a) and _roman(b):
        low, high = _roman(a), _roman(b)
    elif len(a) == 1 and len(b) == 1 and a.isupper() and b.isupper():
        low, high = ord(a), ord(b)
    else:
        return None
    return high - low + 1 if high > low else None


def _designated(rest: str) -> Phrase | None:
    match = _DESIGNATED.match(rest)
    if match is None or head_of(match.group("noun")) not in COMPONENT_HEADS or not is_plural(match.group("noun").split()[-1]):
        return None  # ('Die (1–6)', 'Game board A–B', 'Round track 1–8': one thing, its faces or spaces numbered)
    length = _run_length(match.group("a"), match.group("b"), bool(match.group("named") or match.group("k")),
                         plain="(" not in match.group(0))
    each = parse_number(match.group("k")) if match.group("k") else 1
    if length is None or each is None or length > 500:
        return None
    noun = match.group("noun")
    if re.search(r"\d", noun):
        return None  # 'The deck consists of 60 cards, numbered 1 to 60': the count is said; the run names them
    verb = re.match(rf"{SETUP_VERB_PATTERN}\s+(?:only\s+)?(?:the\s+|all\s+(?:the\s+)?)?", noun, re.I)
    start = match.start("noun") + (verb.end() if verb else 0)  # 'Use the cards numbered 1 to 36': the cards
    noun = noun[verb.end():] if verb else noun
    return Phrase(start, match.end(), match.start("a"), match.end("b"), length * each, "exact", noun, head_of(noun), "count_last")


_WORD_THEN_NOUN = patterns.compile(r"^(?P<n>[^\W\d_]+)\s+(?P<noun>[^\W\d_][\w'’-]*(?:\s+[\w'’-]+){0,3}?)\s*(?:\([^()]*\))?\s*\.?\s*$")


def _foreign_worded(rest: str) -> Phrase | None:
    """'Zwei Würfel (D6)', 'deux dés', 'tres dados': a list item of a French, Spanish, Italian or German rulebook that
    counts in words, its noun one of theirs (lexicon.FOREIGN_HEADS)."""
    match = _WORD_THEN_NOUN.match(rest)
    value = FOREIGN_NUMBERS.get(match.group("n").lower()) if match else None
    if value is None:
        return None
    noun = match.group("noun")
    if head_of(noun) not in COMPONENT_HEADS or head_of(noun) == singular(noun.split()[-1]):
        return None  # (the noun must be one of theirs: 'un bag' is no French)
    return Phrase(0, match.end("noun"), match.start("n"), match.end("n"), value, "exact", noun, head_of(noun), "count_first")


_PAREN_COUNT = patterns.compile(r"^\(\s*(?P<n>\d{1,3})\s*\)\s+(?=\S)")


def _paren_counted(rest: str) -> Phrase | None:
    """'(10) 'Explorer' cards', '(12) 1/5 Authority cards': a list item whose count stands in parentheses before its
    name."""
    paren = _PAREN_COUNT.match(rest)
    name = re.match(r"[^\s(][^()]*?(?=\s*(?:[,;(]|$))", rest[paren.end():]) if paren else None
    if name is None or head_of(name.group(0)) not in COMPONENT_HEADS or head_of(name.group(0)) in NOT_COMPONENTS \
            or _CLAUSE.match(name.group(0)):
        return None  # ('* (1) Shuffle the cards': a step numbered in parentheses)
    component = name.group(0).replace("'", "").replace("‘", "").replace("’", "").strip()
    return Phrase(0, paren.end() + name.end(), paren.start("n"), paren.end("n"), int(paren.group("n")), "exact", component,
                  head_of(component), "count_first")


_LASTING = patterns.compile(DURATION, re.I)
_COUNT_THEN_PARTS = patterns.compile(r"(?P<head>[^\W\d_][^:\d]{0,40}:\s*\d{1,4})(?=\s+[—–-]\s+\d{1,4}\s+[^\W\d_])")
_TIMER_NAMED = patterns.compile(rf"^\d{{1,3}}[\s-]*{DURATION}[\s-]+{TIMER}\b", re.I)


def _phrase_of(rest: str, allow_bare: bool, bulleted: bool) -> Phrase | None:
    timer = _TIMER_NAMED.match(rest) if rest[:1].isdigit() and not re.search(r"[x×]\s*\d{1,3}\s*$", rest) else None
    if timer:  # '60 Second Sand Timer': one timer, named by how long it runs
        return Phrase(0, timer.end(), 0, 0, 1, "exact", timer.group(0), singular(timer.group("timer").lower()), "bare_item")
    if rest[:1] == "(" and bulleted:
        counted = _paren_counted(rest)
        if counted is not None:
            return counted
    designated = _designated(rest) if len(rest) < 100 and rest[:1].isalpha() and _RUN_HINT.search(rest) else None
    if designated is not None:
        return designated
    worded = _foreign_worded(rest)
    if worded is not None:
        return worded
    if not COUNT_HINT.search(rest):  # no numeral, number word or placeholder: no count to read
        return _uncounted(rest, allow_bare, bulleted)
    typed = _TYPED_ONE.match(rest)
    if typed and bulleted:  # '• 20-sided die', '• d12': one die named by its type
        return Phrase(0, typed.end(), 0, 0, 1, "exact", typed.group(0).strip(" ."), head_of(typed.group("noun")), "bare_item")
    named = _VALUE_NAMED.match(rest)
    if named and head_of(named.group("noun")) in COMPONENT_HEADS:  # '5 Coin (24)': 24 coins of value 5
        return Phrase(0, named.end(), named.start("n"), named.end("n"), int(named.group("n")), "exact",
                      named.group("noun"), head_of(named.group("noun")), "count_last")
    qualified = _QUALIFIED_IN_PARENS.match(rest)
    if qualified and parse_number(qualified.group("n")) is not None and head_of(qualified.group("noun")) in COMPONENT_HEADS:
        noun = qualified.group("noun")
        return Phrase(0, qualified.end(), qualified.start("n"), qualified.end("n"), parse_number(qualified.group("n")),
                      qualifier_kind(qualified.group("q")), noun, head_of(noun), "count_last")
    counted = _COUNT_IN_PARENS.match(rest)
    if counted and re.match(r"(?:in\s+)?total\s*\)", rest[counted.start("unit"):], re.I) and head_of(counted.group("noun")) in COMPONENT_HEADS:
        noun, close = counted.group("noun"), rest.index(")", counted.end("n")) + 1  # 'Tiles (63 total): 40 Road tiles, …':
        return Phrase(0, close, counted.start("n"), counted.end("n"), parse_number(counted.group("n")), "exact",  # its
                      noun, head_of(noun), "count_last")  # parts are read after the parenthesis
    if counted and (singular(counted.group("unit").lower()) in KIND_WORDS or _LASTING.fullmatch(counted.group("unit"))):
        counted = None  # 'Deck of Resource Cards (8 types)': how many kinds, not how many cards; 'A sand timer (60
        # seconds)': how long it runs
    if counted and parse_number(counted.group("n")) is not None and (
            head_of(counted.group("unit")) in COMPONENT_HEADS or head_of(counted.group("noun")) in COMPONENT_HEADS):
        noun = counted.group("noun")  # 'Adventurer cards (6 cards)', 'Event Deck (40 cards)'
        noun = noun if head_of(noun) in COMPONENT_HEADS else f"{noun} {counted.group('unit')}"  # 'Flatlands tiles'
        return Phrase(0, counted.end(), counted.start("n"), counted.end("n"), parse_number(counted.group("n")), "exact",
                      noun, head_of(noun) if head_of(noun) in COMPONENT_HEADS else head_of(counted.group("unit")), "count_last")
    split = _TOTAL_THEN_PER.match(rest)
    if split and head_of(split.group("noun")) not in NOT_COMPONENTS:  # 'Gold (28, 7 per player)': the total, then a
        noun = split.group("noun")  # per-product that read_per takes from after the total
        return Phrase(0, split.end("n"), split.start("n"), split.end("n"), int(split.group("n")), "exact", noun, head_of(noun),
                      "count_last")
    elliptic = _ELLIPTIC.match(rest)
    if elliptic and parse_number(elliptic.group("n")) is not None:
        return Phrase(0, elliptic.end("n"), elliptic.start("n"), elliptic.end("n"), parse_number(elliptic.group("n")),
                      "exact", "", "", "elliptic")
    first = [p for p in count_first(rest) if p.start <= 2 or _LEAD_IN.match(rest[:p.start].strip() + " ")
             or re.match(r"^\s*(?:at\s+least|up\s+to|about|at\s+most|approx)", rest, re.I)]
    if first and first[0].component:
        return first[0]
    phrase = count_last(rest)
    dashed = _COUNT_THEN_PARTS.match(rest) if phrase is None and ":" in rest else None
    parted = read_breakdown(rest, dashed.end()) if dashed is not None else None
    if parted is not None and len(parted[0]) >= 2:  # 'Meeples: 25 — 10 farmers, 10 knights, 5 abbots': the count, then
        phrase = count_last(dashed.group("head"))  # its parts (read below); not 'Cards: 54 - 2 Jokers included' 
    if phrase is not None and _VALUE_THEN_TEXT.match(rest, phrase.end) and not re.search(r"[x×]\s*\d+\s*\)?\s*$", rest[:phrase.end]) \
            and not (phrase.head in COMPONENT_HEADS and is_plural(phrase.component.split()[-1])
                     and not _WHAT_IT_BUYS.match(rest, phrase.end)):
        return None  # 'Night-vision (25): You can see in darkness …': a price or value, then what it buys
        # ('Effect Tokens (8): Placed on cards …': pieces, then what they are for)
    if phrase is not None:
        return phrase
    spaced = _SPACED_COUNT_LAST.match(rest) if allow_bare else None
    if spaced is not None:  # 'Dragon eggs (wooden) 12' / 'Nest boards 4' in a list of pieces: the count one space after
        noun = spaced.group("noun")
        named = without_note(noun)
        last = named.split()[-1].lower()
        if (head_of(named) in COMPONENT_HEADS or is_plural(last)) and singular(last) not in _NOT_A_PIECE_LISTED \
                and singular(last) not in NUMBERED_LABELS and singular(last) not in NOT_COMPONENTS:  # ('Round 3', 'Players 4')
            noun = noun if head_of(noun) in COMPONENT_HEADS else named  # ('Dragon eggs (wooden)': a note, no other name)
            return Phrase(0, spaced.end("n"), spaced.start("n"), spaced.end("n"), int(spaced.group("n")), "exact",
                          noun, head_of(named), "count_last")
    kind = _SO_MANY_OF.match(rest) if bulleted else None
    if kind is not None and parse_number(kind.group("n")) is not None:  # '• 9 of coffee (dark brown)': so many of a kind
        return Phrase(0, kind.end("noun"), kind.start("n"), kind.end("n"), parse_number(kind.group("n")), "exact",
                      kind.group("noun"), head_of(kind.group("noun")), "count_first")
    return _uncounted(rest, allow_bare, bulleted)


_SPACED_COUNT_LAST = patterns.compile(r"^(?P<noun>[^\W\d_][\w'’ -]*?[^\W\d_](?:\s*\([^()]*\))?)\s(?P<n>\d{1,3})\s*$")
_NOT_A_PIECE_LISTED = frozenset({"rules", "rule", "reference", "overview", "summary", "aid", "instructions"})  # 'Rules 10'
_SO_MANY_OF = patterns.compile(rf"^(?P<n>{NUMBER})\s+of\s+(?!(?:each|them|these|those|which|every|all|the|its|their|our|an?|your|any"
                               r"|clubs|diamonds|hearts|spades|cups|coins|swords|batons|wands|pentacles)\b)"
                               r"(?P<noun>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s*(?:\([^()]*\))?\s*[.,;]?\s*$", re.I)
_WHAT_IT_BUYS = patterns.compile(r"\s*:\s*(?:draw|buy|gain|take|move|pay|protects?|gives?|grants?|lets?|allows?|adds?|costs?)\b",
                                re.I)  # 'Extra Cards (2): Draw two more cards': a price, then what it buys
_VALUE_THEN_TEXT = patterns.compile(r"\s*:\s*(?:[^\W\d_][\w'’,-]*\s+){5,}")
_ANOTHER_ONE = patterns.compile(rf"(?<![\s,])(?:\s*,)?\s+(?:and|&|plus)\s+(?=(?:an?|{NUMBER})\s+[^\W\d_])", re.I)
_TWO_NAMED = patterns.compile(r"^(?P<first>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)\s+(?:and|&|\+)\s+"
                              r"(?P<second>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2})\s*\.?$")
_ONE_NAMED = patterns.compile(r"(?:an?|one)\s+(?!(?:few|couple|number|lot|lots|bunch|handful|variety|dozen|pair|set)\b)", re.I)


_CLAUSE = patterns.compile(
    r"^(?:(?:shuffle|deal|place|put|take|give|reveal|draw|remove|choose|determine|select|return|set|lay|turn|flip|roll"
    r"|move|hand|discard|sort|separate|pick|stack|spread|arrange|add|leave|keep)\s+(?:the|a|an|all|each|every|one|two|three"
    r"|four|five|six|\d+|your|their|his|her|them|it|out|up|over|aside|face|in|on|back)\b"
    r"|(?:then|next|now|if|when|after|before|once|you|everyone|(?:each|every|the\s+\w+)\s+player|players)\b)", re.I)


_NOTE_AT_END = patterns.compile(r"\s*\([^()]*\)\s*\.?$"
                                r"|\s*,?\s+(?:(?:is|are)\s+)?(?:needed|required)(?:\s*,?\s*(?:but\s+)?not\s+included)?\s*\.?$"
                                r"|\s*,\s*(?:but\s+)?not\s+included\s*\.?$", re.I)  # '(not included)', 'Stopwatch needed, but not included'
_PRINTED_ON = patterns.compile(r"\bprinted\s+(?:directly\s+)?(?:on|in)\s+(?:the|each|every|a|your)\b", re.I)


_PURPOSE = patterns.compile(r" (?:to|for) (?:keep|keeping|track|tracking|record|recording|write|writing|note|noting)\b[^()]*$", re.I)


def _uncounted(rest: str, allow_bare: bool, bulleted: bool) -> Phrase | None:
    """An item with no number: 'A deck of Action cards' (unspecified), 'A felt playmat' (one); a step ('a. Shuffle
    the deck.', 'b. Each player is dealt 6 cards.') names no component and is left to the sentences."""
    if _CLAUSE.match(rest):
        return None
    if _PRINTED_ON.search(rest):
        return None  # 'a combat result table printed on the map': part of another component
    purpose = _PURPOSE.search(rest) if len(rest) < 300 else None  # (a long line is a sentence, not an item)
    rest = rest[:purpose.start()] if purpose else rest  # 'A pen and paper to keep score': what it is for is no part of its name
    if re.match(r"(?:an?|one)\s", rest, re.I):
        rest = re.split(r",?\s+or\s+(?=(?:an?|one|\d)\b)", rest, maxsplit=1, flags=re.I)[0]  # 'A cribbage board, or a
        # pen-and-paper': the first thing, the other one its stand-in
    another = _ANOTHER_ONE.search(rest) if re.match(r"(?:an?|one)\s", rest, re.I) else None
    rest = rest[:another.start()] if another else rest  # 'A felt mat and a scoring pad': the first of two things
    two = _TWO_NAMED.match(rest) if another is None else None
    if two and head_of(two.group("first")) in COMPONENT_HEADS and head_of(two.group("second")) in COMPONENT_HEADS:
        rest = two.group("first")  # 'Scoring pad and pencil': two things, each named by its own noun
    group = _GROUP_OF.match(rest)
    if group and (allow_bare or bulleted):
        noun = group.group("noun")
        if group.group("group").lower() == "pair":  # 'A pair of dice': two dice; 'a pair of scissors': one pair
            count, named = pairs_of(noun)
            return Phrase(0, group.end(), 0, 0, count, "exact", named, head_of(noun), "bare_item")
        return Phrase(0, group.end(), 0, 0, None, "exact", noun, head_of(noun), "bare_item")
    if re.match(r"(?:an?|one)\s", rest, re.I):  # 'A six-sided die. It is better to have two.': the item is the first sentence
        rest = re.split(r"(?<=[a-z)])\.\s+(?=[A-Z])", rest, maxsplit=1)[0]
    named = _NOTE_AT_END.sub("", rest)
    unpaged = _PAGES_BEFORE.sub("", named)  # '64-page Rulebook', '17" x 22" map sheet': one thing, named after its size
    if allow_bare and (bulleted or _short_noun_line(rest) or _component_line(unpaged) and not re.search(r"(?<![\w-])\d", unpaged)):
        # ('Cubes (5 of each colour)', 'Health trackers (one per hero)': a component's name, then a note)
        described = bulleted and _DESCRIBED.search(rest) is not None  # '• Energy Tokens - track each craft's energy'
        needed = named != rest and not rest.rstrip(" .").endswith(")")  # 'Dice required', 'Timer needed, not included'
        unbounded = _UNBOUNDED.match(rest) if bulleted else None
        if unbounded is not None:  # '• Coins: infinite', '• Money: unlimited': so many as the game needs, no count
            return Phrase(0, unbounded.end(), 0, 0, None, "exact", unbounded.group("noun"), head_of(unbounded.group("noun")), "bare_item")
        phrase = (_named_before_note(rest) if described else None) or (bare_item(named) if needed else None) or bare_item(rest) or (
            _after_title(rest) if bulleted else None)
        if phrase is None and bulleted:
            phrase = _named_before_note(rest)
        return phrase
    return None


_PAGES_BEFORE = patterns.compile("^" + SIZE_BEFORE, re.I)
_NOTE_AFTER = patterns.compile(r"^(?P<noun>[^\W\d_][\w'’ /-]{0,40}?)(?:\s*(?::\s*$|\(|:\s*\()|\s+[—–-]\s+(?=\S))")


_DESCRIBED = patterns.compile(r"\S\s+[—–-]\s+\S")  # a name, a spaced dash, what the thing is for
_NAMED_TITLE = patterns.compile(r"^(?:the\s+)?[A-Z][\w'’]*(?:\s+(?:[A-Z][\w'’]*|to|of|and|the|&)){0,5}:\s+")  # 'the Ticket to Ride: Seattle game board'


_UNBOUNDED = patterns.compile(r"^(?P<noun>[^\W\d_][\w'’ -]{0,40}?)\s*:\s*(?:infinite|unlimited|limitless|endless)(?:\s+(?:supply|amount|number))?\s*\.?\s*$", re.I)


def _after_title(rest: str) -> Phrase | None:
    """'the Ticket to Ride: Seattle game board': the thing named after its title, its spans in `rest`."""
    title = _NAMED_TITLE.match(rest)
    phrase = bare_item(rest[title.end():]) if title else None
    if phrase is None:
        return None
    shift = title.end()
    return replace(phrase, start=phrase.start + shift, end=phrase.end + shift, count_start=phrase.count_start + shift,
                   count_end=phrase.count_end + shift)


def _named_before_note(rest: str) -> Phrase | None:
    """'• wooden cubes:', '• money chips (in cents): (5 x 50 cents, …)', '• Energy Tokens — track each craft's energy':
    a bulleted component named before a note, its breakdown or what it is for; how many is what the parts say."""
    match = _NOTE_AFTER.match(rest)
    if match is None or len(match.group("noun").split()) > 5:
        return None
    phrase = bare_item(match.group("noun").strip())
    if phrase is None or phrase.head not in COMPONENT_HEADS:
        return None
    return Phrase(0, match.end("noun"), 0, 0, phrase.count, "exact", phrase.component, phrase.head, "bare_item")


def _component_line(text: str) -> bool:
    """'Game board', 'Instruction booklet': a short line of its own whose last word names a component."""
    words = re.findall(r"[^\W\d_][\w'-]*", text)
    if any(word.lower() in _TITLE_WORDS for word in words):
        return False  # 'In the box', 'What you need': a heading, not an item
    if words and words[0].lower() in SETUP_VERBS:
        return False  # '• Shuffle character deck': a step, not a thing
    return 0 < len(words) <= 4 and not re.search(r"[\d.:;!?,]\s*$", text.strip()) and head_of(text) in COMPONENT_HEADS


_TITLE_WORDS = frozenset("in on of the what for to with your you inside contents content components box's".split())


def _short_noun_line(text: str) -> bool:
    """'A hex board with about 40 hex spaces.': a line of its own that names one component."""
    words = re.findall(r"[^\W\d_]+", text)
    return 0 < len(words) <= 10 and bool(re.match(r"^(?:an?|one|the|this|these)\s", text, re.I)) \
        and not _SENTENCE_VERB.search(text)  # 'The box holds over 100 cards.': a sentence, read as one


_SENTENCE_VERB = patterns.compile(r"(?<!\bto\s)\b(?:holds?|contains?|has|have|includes?|comes|consists|is|are)\b", re.I)  # ('A cloth bag to hold the tiles')


_COUNT_BELOW = patterns.compile(r"^[x×]\s*\d{1,3}$")
_WRAPPED_TAIL = patterns.compile(r"^[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2}$")


def wrapped_tail(line: LayoutLine, after: LayoutLine | None) -> str | None:
    """The words a narrow column pushed onto the next line ('5 Victory Point' / 'markers'), if that is what
    the next line is: one to three words, no number, no bullet, not a heading, not a sentence."""
    if after is None or after.blank or after.bullet is not None or after.heading_level or "\t" in line.text:
        return None
    text = after.text.strip()
    if _COUNT_BELOW.match(text) and not COUNT_HINT.search(line.text):
        return text  # 'Tail ribbons' / 'x 30': a picture's caption, its count under its name
    if not _WRAPPED_TAIL.match(text) or re.search(r"[.:;!?]\s*$", line.text.rstrip()):
        return None
    return text


def _wrapped_item(line: LayoutLine, tail: str, allow_bare: bool, alone: Item | None) -> Item | None:
    """The item of a line read together with its wrapped tail, when only then does it name a component
    (`alone`: what the line reads as by itself). Quotes stay on the line itself: the tail only decides what
    is counted."""
    counted_below = bool(_COUNT_BELOW.match(tail))
    if alone is not None and alone.phrase.head in COMPONENT_HEADS and not alone.phrase.is_excluded and not counted_below:
        return None
    joined = LayoutLine(line.number, line.raw, joined_lines(line.text.rstrip(), tail), line.cols,
                        line.indent, line.bullet, line.heading_level, line.is_debris)
    item = _item(joined, allow_bare)
    if item is None or item.parts or (item.phrase.head not in COMPONENT_HEADS and not counted_below) \
            or item.phrase.form != ("count_last" if counted_below else "count_first"):
        return None
    item.line = line
    item.quote_end = min(item.quote_end, len(line.text.rstrip()))
    return item


_LIST_NUMBER = patterns.compile(r"^\d{1,2}[.)]\s+(?=\d{1,3}\s*[x×]?\s+[^\W\d_])")  # a list's number before the item's count
_CONTENTS_CUE = patterns.compile(rf"^\W*(?:{CONTENTS_WORDS}|what(?:'s|\s+is)\s+in\s+the\s+box|what\s+you\s+get)\s*[:–—-]\s*", re.I)
_CONTENTS_LABEL = patterns.compile(rf"^{CONTENTS_WORDS}\s*:\s*(?=(?:{NUMBER})\s)", re.I)  # 'Contents: 60 cards | 20 tokens'


def _item(line: LayoutLine, allow_bare: bool, segment: tuple[int, int] | None = None) -> Item | None:
    text = line.text if segment is None else line.text[:segment[1]]
    condition, offset = None, 0 if segment is None else segment[0]
    label = PLAYERS_LABEL.match(text[offset:])  # '3 players: 5 coins each'
    if label:
        condition = players_of(label)
        offset += label.end()
    marker = _LIST_NUMBER.match(text[offset:])
    offset += marker.end() if marker else 0  # '1. 30 Road cards' / '2. 10 Bridge cards': a numbered list's items
    cue = _CONTENTS_LABEL.match(text[offset:]) if "\t" in line.text else None
    offset += cue.end() if cue else 0  # 'Contents: 60 cards | 20 tokens': the first cell's label (a line with commas is
    # read as an inline list, its items from its sentence)
    rest = text[offset:]
    phrase = _phrase_of(rest, allow_bare, line.bullet is not None)
    named = _NAME_THEN_PER.match(rest) if phrase is None else None
    if named is not None:  # 'Wooden houses, 8 in each of 4 player colours', 'Cubes: 10 in each of 5 colours': a piece named, then
        phrase = bare_item(named.group("noun"))  # how many of it in each colour (read_per below); a name the lexicon
        phrase = phrase if phrase is not None and phrase.count is None and (  # does not know only in a list of pieces
            phrase.head in COMPONENT_HEADS or (allow_bare and is_plural(named.group("noun").split()[-1]))) else None
    if phrase is None:
        return None
    if phrase.is_excluded and phrase.form != "elliptic" and not (
            allow_bare and line.bullet is not None and rest[phrase.count_start:phrase.count_end].isdigit()
            and 2 <= len(phrase.component.split()) <= 4 and title_cased(phrase.component.split())):
        return None  # (but '• 1 Real Estate Market', '• 4 Population Squares' in a list of pieces: pieces by their names)
    if phrase.form == "count_last" and re.match(r"\(\d{1,3}\)", rest[phrase.count_end:]):
        return None  # 'Serbia: 704(12), 714(12)': units by designation, each with its strength, not 704 of anything
    if phrase.form == "bare_item" and phrase.head not in COMPONENT_HEADS and line.bullet is None:
        return None
    tail = rest[phrase.end:]
    notes_column = bool(re.match(r"\s*(?:\t|\s[A-Z])", tail))  # 'Own color for each player. …' in a Notes column
    clause = re.split(r";|\s[-–—]\s", tail, maxsplit=1)[0]  # '2 six-sided dice; current editions include …': a note after ';'
    # many words after the count: a sentence that starts with a number, unless they break the count down
    wordy = phrase.form == "count_first" and not notes_column \
        and len(re.findall(r"[^\W\d_]+", re.sub(r"\([^)]*\)?", "", clause))) > 12
    valued = re.match(r"\s+(?:worth|valued\s+at)\s+\d{1,3}\s+[^\W\d_]+\s+each\b", rest[phrase.end:]) is not None
    if not valued and _SCORING.search(_SCORE_PIECES.sub("pieces", rest)) and len(re.findall(r"\d+", rest)) > 1 \
            and not re.match(r"\d", phrase.component) and not (phrase.form == "bare_item" and _DESCRIBED.search(rest)):  # '8x 5 Gull Points' are pieces named by their value
        return None  # '3 gold = 1 point', a price list; but '6 Score Markers (3 Blue & 3 Red)' are pieces, and '48 Apples
        # worth 2 Gold each' are 48 cards of that value
    item = Item(line, phrase, offset, condition, offset + phrase.end, explicit=text.rstrip().endswith(":"))
    item.per, item.per_count = phrase.per, phrase.per_count
    numbers = list(re.finditer(r"\d+", rest[phrase.count_start:phrase.count_end])) if phrase.form == "product" else []
    if len(numbers) == 2:  # '4 x 12 Tiles': the forty-eight, and twelve in each of the four sets
        sets, each = numbers
        item.per, item.per_count, item.inner = "set", int(sets.group(0)), int(each.group(0))
        item.inner_span = (offset + phrase.count_start + each.start(), offset + phrase.count_start + each.end())
    named_end = rest.find(phrase.component) + len(phrase.component) if phrase.form == "bare_item" and phrase.component in rest else -1
    per = read_per(rest, phrase.end, phrase.count) or (read_per(rest, named_end, phrase.count) if named_end > 0 else None)  # 'Point Chips (15 pieces each)'
    if per is not None:
        item.per, item.per_count, item.inner = per.per, per.many, per.count
        item.inner_span = (offset + per.start, offset + per.end)
        item.quote_end = offset + per.end
        item.per_names = tuple((name, offset + a, offset + b) for name, a, b in per.names)
    including = read_including(rest, item.quote_end - offset)
    if including is not None:
        value, noun, a, b = including
        item.parts = [(noun, value, offset + a, offset + b)]
        item.including = True
    breakdown = None if including else read_breakdown(rest, item.quote_end - offset, phrase.count)
    if breakdown is None and not including and named_end > 0:  # 'Events Deck (14 Monster Cards, 9 Quest Cards)'
        breakdown = read_breakdown(rest, named_end)
        breakdown = breakdown if breakdown is not None and _counted_by_parts(phrase, breakdown[0]) else None
    each = read_each_consisting(rest, item.quote_end - offset) if breakdown is None and not including else None
    if each is not None:  # '4 sets of pieces, each consisting of 12 ships and 4 ports': what each one holds
        breakdown, item.parts_each = each, True
    elif breakdown is None and not including:  # '60 coins (30 x 1, 20 x 5, 10 x 10)': parts by value
        by_value = read_value_breakdown(rest, item.quote_end - offset, phrase.count, (item.per, item.per_count))
        if by_value is not None:
            breakdown, item.parts_per = by_value[:3], by_value[3]
    if breakdown is not None:
        item.parts = [(p.name, p.count, offset + p.start, offset + p.end) for p in breakdown[0]]
        item.quote_end = offset + breakdown[2]
        if _counted_by_parts(phrase, breakdown[0]):  # as many as its parts
            item.phrase = replace(phrase, count=sum(p.count for p in breakdown[0]), form="count_last")
    elif wordy:
        return None
    tail_paren = re.match(r"\s*\([^()]*\)", text[item.quote_end:])
    if tail_paren:
        item.quote_end += tail_paren.end()
    return item


_NAME_THEN_PER = patterns.compile(
    rf"^(?P<noun>[^\W\d_](?:[^\W\d_]|['’ -]){{0,40}}?[^\W\d_])\s*[,:]\s+(?=(?:\d{{1,3}}|{NUMBER})\s+(?:in\s+each\s+of\s+"
    rf"(?:\d{{1,2}}|{NUMBER})\s+(?:different\s+)?(?:player\s+)?colou?rs\b|(?:per|for\s+each|for\s+every)\s+player\b(?!\s+colou?r)))", re.I)
# ('Ships: 5 per player', 'Meeples: 8 per player in 4 colours (32)')


def _counted_by_parts(phrase: Phrase, parts) -> bool:
    """A deck named with no count of its own broken down into two or more counted kinds of cards ('Events Deck (14
    Monster Cards, 9 Quest Cards)'), or so a plural into kinds of the same thing ('Blessing Cards (12 Athena Cards, …)');
    not a bag or a box and what it holds, nor sides, colours or pages."""
    if phrase.form != "bare_item" or len(parts) < 2 or not all(p.count for p in parts):
        return False
    heads = {head_of(p.name) for p in parts}
    if phrase.count == 1 and phrase.head in {"deck", "pack"}:
        return heads == {"card"}
    return phrase.count is None and heads == {phrase.head}


_QUALIFIED = patterns.compile(r"^\s+(?:of|with|in)\s+[^,;()]{1,25}?(?=\s*(?:,|and\b|&|\+|plus\b))", re.I)
_AND_MORE = patterns.compile(r"^\s*(?:,\s*)?(?:and|&|\+|plus|,|with(?=\s+\d))\s+|^\s*/\s*(?=\d)", re.I)  # ('52-card deck, with 2
# jokers', '8x 2-chips/4x 3-chips')
_NEXT_COUNTED = patterns.compile(r"^ +(?=\d{1,3} +[^\W\d_])")


def _one_named(item: Item, text: str) -> bool:
    """'a scoring pad': one thing named with its article (not 'a few tokens', not 'a lot of cards')."""
    return item.phrase.form == "bare_item" and item.phrase.count == 1 and _ONE_NAMED.match(text) is not None \
        and not is_plural(item.phrase.component.split()[-1])


def _both_named(first: Item, second: Item) -> bool:
    """'Scoring pad and pencil', 'Board and pieces': two things named one after the other, each by a component's noun
    (one of a singular, an unsaid number of a plural)."""
    return all(item.phrase.form == "bare_item" and item.phrase.count in {1, None} and item.phrase.head in COMPONENT_HEADS
               for item in (first, second))


def _named_last(items: list[Item], more: Item, text: str) -> bool:
    """'7 player tokens, 7 stands, 1 score tracker, rules': a list's last piece named without a count, after two or
    more counted ones, to the end of the line."""
    return len(items) >= 2 and all(item.phrase.form in {"count_first", "shared"} for item in items) \
        and more.phrase.form == "bare_item" and (more.phrase.head in COMPONENT_HEADS or more.phrase.head in BOOKLET_HEADS) \
        and not text[more.quote_end:].strip(" .;")


def _joined_items(line: LayoutLine, first: Item, allow_bare: bool) -> list[Item]:
    """'1 rulebook and 1 player aid', '16 Garden Tiles 8 Red Tokens': further items joined to the first within its
    cell."""
    items = [first]
    while True:
        last = items[-1]
        rest_at = last.quote_end
        qualified = _QUALIFIED.match(line.text[rest_at:])
        if qualified and _AND_MORE.match(line.text[rest_at + qualified.end():]):
            rest_at += qualified.end()  # '10 coins of value 1 and 5 coins of value 5'
        joiner = _AND_MORE.match(line.text[rest_at:]) or (  # '16 Garden Tiles 8 Red Tokens': a list run onto one line
            _NEXT_COUNTED.match(line.text[rest_at:]) if last.phrase.head in COMPONENT_HEADS
            or (last.phrase.form == "count_first" and "(" not in last.phrase.component
                and is_plural(last.phrase.component.split()[-1])) else None)  # ('3 sea
        # colonists 3 land colonists 1 scoring marker': pieces the lexicon does not know, named in the plural)
        if joiner is None:
            return items
        cell_end = line.text.find("\t", rest_at)
        more = _item(line, allow_bare, (rest_at + joiner.end(), cell_end if cell_end >= 0 else len(line.text)))
        one_more = more is not None and (_one_named(more, line.text[rest_at + joiner.end():])  # '… and a scoring pad'
                                         or _both_named(last, more)  # 'Scoring pad and pencil'
                                         or _named_last(items, more, line.text))  # '… 1 score tracker, rules'
        if more is None or (more.phrase.form not in {"count_first", "shared"} and not one_more):
            return items
        items.append(more)


_NAMED_COUNTS = patterns.compile(r"\s*(?:[^\W\d_][\w'’ -]{0,30}\(\s*[1-9]\d{0,3}\s*\)\s*,\s*)+[^\W\d_][\w'’ -]{0,30}\(\s*[1-9]\d{0,3}\s*\)\s*\.?\s*")


def _comma_items(line: LayoutLine, allow_bare: bool) -> list[Item]:
    """'$5 coin x 60, $1 coin x 30', 'Coast (24), Open Sea (24)': several count-last items in one line."""
    pieces = [(m.start(), m.end()) for m in re.finditer(r"[^,;]+", line.text)]
    if len(pieces) < 2:
        return []
    items = [_item(line, allow_bare, (a + len(line.text[a:b]) - len(line.text[a:b].lstrip()), b)) for a, b in pieces]
    return items if all(i is not None and i.phrase.form == "count_last" for i in items) else []


_INLINE_BULLET = patterns.compile(r"\s*[•·●▪◦‣∙]\s*")
_ANNOUNCED = patterns.compile(rf"\b{CONTENTS_WORDS}\s*:?\s*$", re.I)  # 'Contents - 4 pots - …': the list's own label
_INLINE_INTRO = patterns.compile(r"(?<=[\w)”\"'])\s+(?=\d{1,3}\s+[^\W\d_][^:\d()]{0,40}:\s*[-–]\s)")
_INLINE_DASH = patterns.compile(r"\s+[-–]\s+(?=\d{1,3}x?\s+[^\W\d_])")  # ' - 20 rubies - 4 flasks'


_INLINE_NUMBER = patterns.compile(r"(?:^|(?<=\s))(?P<n>\d{1,2}|[a-h])\.\s+(?=[A-Z0-9])")  # '1. ', 'b. ' inside a line
# A piece counted last, as '(xN)', maybe with a note after a dash ('Dragon (x3) - see page 4')
_TIMES_AT_END = patterns.compile(r"\(\s*[x×]\s*(?P<n>\d{1,3})\s*\)(?:\s+[–—-]\s+[^()]*)?\s*$", re.I)
_NOTE_DASH = patterns.compile(r"\s+[–—-]\s+.*$")
_FIRST_NUMBER = patterns.compile(r"(?:^|(?<=\s))(?:\d{1,2}|[a-h])\.\s*$")  # where a numbered list's first cut ends


def _next_mark(previous: str) -> str:
    return str(int(previous) + 1) if previous.isdigit() else chr(ord(previous) + 1)


def _enumerated_cuts(text: str) -> list[tuple[int, int]]:
    """'Game Board and Accessories 1. Rules (x1) 2. Six Side Dice (x8) 3. Maps (x2)': a numbered list run onto one line,
    cut at its numbers when they run 1, 2, 3 … (or a, b, c …), two or more of the pieces between them are counted
    '(xN)' and most of those name pieces (not '1. Roll the dice (x2) 2. Move your hero (x3)'). The first cut runs from the
    line's start (its label) to the first number. The first such run is the list: a later '1.' is text of its own."""
    run: list[re.Match] = []
    for mark in _INLINE_NUMBER.finditer(text):
        if run and mark.group("n") == _next_mark(run[-1].group("n")):
            run.append(mark)
        elif len(run) < 2 and mark.group("n") in {"1", "a"}:
            run = [mark]
    if len(run) < 2:
        return []
    ends = [m.start() for m in run[1:]] + [len(text)]
    counted = [_TIMES_AT_END.search(text, m.end(), end) for m, end in zip(run, ends)]
    named = [_names_a_piece(_NOTE_DASH.sub("", text[m.end():c.start()])) for m, c in zip(run, counted) if c is not None]
    label = head_of(text[:run[0].start()].strip() or "-") in COMPONENT_HEADS
    if len(named) < 2 or not (label or 2 * sum(named) >= len(named)):
        return []
    return [(0, run[0].end())] + [m.span() for m in run[1:]]


_PLAY_VERBS = frozenset(SETUP_VERBS) | {"move", "attack", "score", "play", "discard", "pay", "gain", "lose", "build", "buy",
                                        "trade", "win", "collect", "spend", "end", "pass", "each"}


def _names_a_piece(text: str) -> bool:
    """'Six Side Dice', 'Rules and Reference Guide', '40 x 40 Grid Maps with reference tables' name pieces; 'Roll the
    dice', 'Move your hero' are steps."""
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w'-]*", re.split(r"\s+(?:with|for|of)\s+", text.strip())[0])]
    return bool(words) and words[0] not in _PLAY_VERBS and any(singular(w) in COMPONENT_HEADS for w in words)


def _times_item(line: LayoutLine, at: int, text: str, label: str) -> Item | None:
    """'Six Side Dice (x8)', '40 x 40 Grid Maps (x2)', 'Archer Unit – 8 per Nation (x32)': a numbered piece counted
    last, whatever numbers its name holds (the name's own number word is no count: the list gives them as '(xN)');
    named by the list's label too when that names the pieces ('Tokens 1. Fire (x4)': fire tokens)."""
    times = _TIMES_AT_END.search(text)
    if times is None:
        return None
    noun = _NOTE_DASH.sub("", text[:times.start()]).strip()
    if not re.search(r"[^\W\d_]{2}", noun):
        return None
    if head_of(noun) not in COMPONENT_HEADS and head_of(label) in COMPONENT_HEADS:
        noun = f"{noun} {label.split()[-1]}"
    count = int(times.group("n"))
    phrase = Phrase(0, times.end(), times.start("n"), times.end("n"), count, "exact", noun, head_of(noun), "count_last")
    return Item(line, phrase, at, None, at + times.end())


_COLUMN_GLYPHS = "[•●▪]"  # the bullets a second column's item opens with
_INLINE_GLYPHS = patterns.compile(_COLUMN_GLYPHS)
_SECOND_COLUMN_BULLET = patterns.compile(rf"(?<=\S) {_COLUMN_GLYPHS} (?=\d{{1,3}} [^\W\d_])")


def _second_column_item(line: LayoutLine, allow_bare: bool) -> list[Item]:
    """'Elements of the Game • 35 Divine Intervention cards': two columns run into one line, the right one's bulleted
    item after the left one's text."""
    second = _SECOND_COLUMN_BULLET.search(line.text) if line.bullet is None and _INLINE_GLYPHS.search(line.text) else None
    if second is None or "(" in line.text[second.end():]:
        return []  # (a breakdown in parentheses, perhaps wrapped onto the next line, is read where it stands)
    item = _item(line, allow_bare, (second.end(), len(line.text)))
    return [item] if item is not None and item.phrase.form == "count_first" and (
        item.phrase.head in COMPONENT_HEADS or item.phrase.component[:1].isupper()) else []  # ('7 Creatures', not '12 illustrations')


def _inline_cuts(text: str) -> list[tuple[int, int]]:
    """Where a list run onto one line breaks: at its bullet glyphs (two or more), at its numbers (a numbered list
    run together), or at the dashes before its counts (three or more: a web page's list flattened, 'Contents - 4 pots
    - 4 flasks - 20 rubies', '9 punch-out boards: - 84 building tiles - …'; five or more whatever comes before)."""
    bullets = [m.span() for m in _INLINE_BULLET.finditer(text)]
    if len(bullets) >= 2:
        return bullets
    numbered = _enumerated_cuts(text) if ". " in text else []
    if numbered:
        return numbered
    dashes = [m.span() for m in _INLINE_DASH.finditer(text)] if " - " in text or " – " in text else []
    if len(dashes) < 3 or not (_ANNOUNCED.search(text, 0, dashes[0][0]) or text[:dashes[0][0]].rstrip().endswith(":")) \
            or any(re.match(r"\d{1,2}\s+players?\b", text[end:], re.I) for _, end in dashes):
        return []  # (dashes between counts elsewhere are a sentence's, a table's or a range's: the list says it is one;
        # 'Contents - 2 players - 12 cards each' counts by player count)
    intros = [m.span() for m in _INLINE_INTRO.finditer(text)]  # '… (“hand”) 4 punch-out boards: - 4 …': a
    return sorted(dashes + intros)  # group's own count, between two items


def _bulleted_items(line: LayoutLine, allow_bare: bool, cuts: list[tuple[int, int]]) -> list[Item]:
    """'gameboard • 100 building tiles • stock market tray': a list run onto one line between bullet glyphs."""
    starts = [0] + [b for _, b in cuts]
    ends = [a for a, _ in cuts] + [len(line.text)]
    first = _FIRST_NUMBER.search(line.text, 0, cuts[0][1]) if cuts[0][0] == 0 else None
    label = ""
    if first is not None:  # ('Accessories 1. Rules (x1) 2. …': a numbered list's first cut is its label and first number)
        label = line.text[:first.start()].strip(" :-–—")
        starts, ends = starts[1:], ends[1:]
    else:
        cue = _CONTENTS_CUE.match(line.text)
        starts[0] = cue.end() if cue else 0  # 'Contents: kettle board · ember die · …': the label is no item
    items = []
    for a, b in zip(starts, ends):
        text = line.text[a:b].rstrip(" .;,")
        if not text.strip():
            continue
        item = (_times_item(line, a, text, label) if first is not None else None) or _item(line, allow_bare, (a, a + len(text)))
        if item is None and _component_line(text):
            phrase = bare_item(text)
            item = Item(line, phrase, a, None, a + phrase.end) if phrase is not None and phrase.count else None
        if item is not None:
            items.append(item)
    return items


_CONTENTS = patterns.compile(rf"\s*\(\s*(?P<n>{NUMBER})\s+(?P<unit>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)(?:\s+(?:in\s+)?total)?\s*\)",
                             re.I)


def _contents_item(line: LayoutLine, whole: Item, allow_bare: bool) -> Item | None:
    """'13 Counter Sheets (572 pieces)', '2 decks (110 cards in total)': how many things of another kind the counted
    ones hold, in parentheses right after them — an item of its own (not a part: the sheets are not made of pieces
    in the sense that '25 tiles (6 ocean, …)' are)."""
    match = _CONTENTS.match(line.text, whole.offset + whole.phrase.end)
    held = _HOLDING.match(line.text, whole.offset + whole.phrase.end) if match is None and whole.phrase.head in HOLDERS else None
    match = match or held
    if match is None or whole.parts or whole.inner is not None:
        return None
    inner = _item(line, allow_bare, (match.start("n"), match.end("unit")))
    if inner is None or inner.phrase.form != "count_first" or inner.phrase.head == whole.phrase.head \
            or inner.phrase.head not in COMPONENT_HEADS:
        return None
    each_player = inner.per == "player" and "player" in line.text[match.start("n"):inner.quote_end].lower()
    if held is not None and whole.phrase.count is not None and whole.phrase.count > 1 and (inner.per is None or (
            inner.per == "player" and not each_player)):  # ('6 decks of 12 cards each': each deck, no player)
        inner.per, inner.per_count = whole.phrase.head, whole.phrase.count  # 'Two decks of 52 cards': 52 in each deck
    return inner


# 'One deck of 74 cards', 'Two decks of 52 cards': what a counted holder holds, said after 'of'
_HOLDING = patterns.compile(rf"\s+of\s+(?P<n>{NUMBER})\s+(?P<unit>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)", re.I)


_VALUES_LABEL = patterns.compile(r"^(?P<noun>[^\W\d_][\w'’ ()-]{0,40}?)\s*(?::|\s[–—-])\s*(?=\S)")
_VALUE_AT = r"(?:[$£€]\s?)?\d{1,4}(?:[.,]\d{1,2})?"
_VALUE_COUNTED = patterns.compile(  # '1 (30x)', '5 (x15)', '10 ×10', '30× $1', '20 x 5'
    rf"^\s*(?:and\s+)?(?:(?P<n4>\d{{1,4}})\s*[x×]\s*(?P<v2>{_VALUE_AT})"
    rf"|(?P<v1>{_VALUE_AT})\s*\(\s*(?:[x×]\s*(?P<n1>\d{{1,4}})|(?P<n2>\d{{1,4}})\s*[x×])\s*\))\s*\.?\s*$", re.I)


_MONEY_HEADS = frozenset({"coin", "banknote", "bill", "note", "chip", "money"})


def _denominations(line: LayoutLine) -> list[Item]:
    """'Coins: 1 (30x), 5 (15x), 10 (10x)', 'Money – 30× $1, 15× $5', 'Notes: 20 x 1, 10 x 5': so many pieces of each value, and no total —
    an item for each value ('1 Coins': 30), the value being a name, never a count."""
    label = _VALUES_LABEL.match(line.text, len(line.text) - len(line.text.lstrip(" *•-")))
    named = re.sub(r"\s*\([^()]*\)|\s+(?:values?|denominations?)$", "", label.group("noun"), flags=re.I).strip() if label else ""  # 'Coins (Lira) Values'
    if label is None or (head_of(named) not in _MONEY_HEADS
                         and not re.fullmatch(r"(?:paper\s+)?(?:money|cash|currency)", named, re.I)):
        return []  # (not 'Boards: 9 x 9, 13 x 13', 'Dice: 2 x 6': sizes and faces)
    items = []
    for piece in re.finditer(r"(?:(?<![^\W\d_])and\s+)?[^,;]+?(?=\s+and\s|[,;]|$)", line.text[label.end():]):  # '1 (30x), 5 (15x) and 10 (12x)'
        match = _VALUE_COUNTED.match(piece.group(0))
        if match is None:
            return []
        at = label.end() + piece.start()
        count_group = next(g for g in ("n1", "n2", "n4") if match.group(g))
        value = (match.group("v1") or match.group("v2")).replace(" ", "")
        noun = named
        end = len(piece.group(0).rstrip(" ."))
        phrase = Phrase(0, end, match.start(count_group), match.end(count_group), int(match.group(count_group)), "exact",
                        f"{value} {noun}", head_of(noun), "count_last")
        items.append(Item(line, phrase, at, None, at + end))
    return items if len(items) >= 2 else []


def _sum_of(line: LayoutLine, items: list[Item], allow_bare: bool) -> list[Item]:
    """'12 pilot cards and 12 medic cards (24 crew cards in total)': the total the items make, said after them — an
    item of its own when it is their sum."""
    match = _CONTENTS.match(line.text, items[-1].offset + items[-1].phrase.end)
    total = _item(line, allow_bare, (match.start("n"), match.end("unit"))) if match else None
    if total is None or total.phrase.form != "count_first" or total.phrase.count != sum(i.phrase.count or 0 for i in items):
        return []
    total.sums = list(items)  # its parts, not more of the box (lists.py makes them so once the list is nested)
    return [total]


def _name_count_pairs(line: LayoutLine, cells: list[tuple[int, int]], allow_bare: bool) -> list[Item]:
    """'Wagon tiles ....... 18      Mule meeples ....... 6': two columns of names, each with its count after a leader
    (the leaders and the gap between the columns are tabs by now) — an item for each name and the count after it."""
    texts = [line.text[a:b].strip() for a, b in cells]
    if len(cells) < 4 or len(cells) % 2 or not all(re.fullmatch(r"[x×]?\s?\d{1,4}\s?[x×]?", t, re.I) for t in texts[1::2]) \
            or any(re.search(r"\d", t) for t in texts[0::2]):
        return []
    starts = [a + len(re.match(r"[•·*▪◦●○➤-]?\s*", line.text[a:b]).group()) for a, b in cells[0::2]]  # ('• Mule meeples')
    items = [_item(line, allow_bare, (start, end)) for start, (_, end) in zip(starts, cells[1::2])]
    return [item for item in items if item is not None and item.phrase.form == "count_last"]


_ONE_DECK = patterns.compile(r"^\W*(?P<article>an?|one|(?P<many>two|three|four|five|six|seven|eight|nine|[2-9]))\s+(?P<kind>(?:[^\W\d_]+\s+){0,2}?)"
                            r"(?P<n>\d{1,3})[- ]card\s+(?P<deck>(?(many)decks|deck)|(?(many)packs|pack))\b"
                            r"(?=\s*(?:\([^()]*\)|[,;:-][^\d]*|\.)?\s*$)", re.I)


def _one_deck(line: LayoutLine) -> Item | None:
    """'A standard 52-card deck' as an item of its own: one deck, and its 52 cards its part; 'Four 28-card decks': four
    decks, 28 cards in each."""
    match = _ONE_DECK.match(line.text)
    if match is None:
        return None
    deck = f"{match.group('kind')}{match.group('deck')}"
    decks = parse_number(match.group("many")) if match.group("many") else 1
    phrase = Phrase(match.start("article"), match.end("deck"), match.start("article"), match.end("article"), decks, "exact", deck,
                    head_of(deck), "count_first" if match.group("many") else "bare_item")
    item = Item(line, phrase, 0, None, match.end("deck"))
    item.parts = [("cards", int(match.group("n")), match.start("n"), match.end("deck"))]
    item.parts_each = decks > 1  # (the cards each of the decks holds)
    return item


def line_items(line: LayoutLine, allow_bare: bool) -> list[Item]:
    """The items of a line: one, or one per column when a laid-out page puts several side by side."""
    deck = _one_deck(line) if "card" in line.text else None
    if deck is not None:
        return [deck]
    cuts = _inline_cuts(line.text)
    if cuts:
        return _bulleted_items(line, allow_bare, cuts)
    denominations = _denominations(line) if len(line.text) < 400 and re.search(r"\d\s*[x×]|[x×]\s*\d", line.text) else []
    if denominations:
        return denominations
    grouped = GROUPS_EACH_WITH.match(line.text) if "each" in line.text else None
    if grouped is not None:  # '5 player colours, each with 10 cubes, 2 discs and 1 pawn': what each colour has
        first = _item(line, allow_bare, (grouped.end(), len(line.text)))
        if first is not None and first.phrase.form == "count_first":
            listed = _joined_items(line, first, allow_bare)
            for item in listed:
                item.per, item.per_count = per_word(grouped.group("groups")), parse_number(grouped.group("many"))
            return listed
    several = _comma_items(line, allow_bare) if "," in line.text and (
        re.search(r"[x×]\s*\d", line.text) or _NAMED_COUNTS.fullmatch(line.text)) else []
    if several:
        return several
    whole = _item(line, allow_bare)
    if whole is not None and (whole.phrase.form in {"count_first", "shared", "compound", "product"} or (
            whole.phrase.form == "bare_item" and (_ONE_NAMED.match(line.text, whole.offset) or whole.quote_end < len(line.text.rstrip(" .;"))))):
        joined = _joined_items(line, whole, allow_bare)
        if len(joined) > 1:
            return joined + _sum_of(line, joined, allow_bare)
        contents = _contents_item(line, whole, allow_bare) if whole.phrase.form == "count_first" else None
        if contents is not None:
            return [whole, contents]
    if "\t" not in line.text:
        return [whole] if whole else _second_column_item(line, allow_bare)
    cells = [(m.start(), m.end()) for m in re.finditer(r"[^\t]+", line.text)]
    paired = _name_count_pairs(line, cells, allow_bare)
    if paired:
        return paired
    if whole is not None and whole.phrase.form == "count_last":
        return [whole]
    items = [item for item in (_item(line, allow_bare, cell) for cell in cells) if item is not None]
    if whole is not None and (not items or items[0].offset != whole.offset):
        return [whole] + items[1:] if items else [whole]
    return items


