"""The count phrases other than 'NUMBER noun' (grammar.count_first calls the first four):

    product       A x B NOUN                                         "2 x 7 cubes" (7 in each of 2 sets, 14 in all)
    number list   N, N and N NOUN                                    "12, 8, 10 and 12 tiles"
    range         N-M NOUN, N to M NOUN                              "12--15 suit tokens" (at least 12, at most 15)
    compound      a NUMBER-NOUN CONTAINER                            "a 40-card deck" (40 cards)
    count_last    NOUN-PHRASE (':' | tab | 'x' | '(' ) NUMBER        "Wind dials: 3", "Sand timer x1", "Cards (52)"
    bare_item     [a|an|the|this|these] NOUN-PHRASE                  "A felt playmat", "These instructions"

Entry points: count_last, bare_item (and the four productions for grammar.count_first)."""

from __future__ import annotations

import re

from generator.rules.numbers import NUMBER_WORD_PATTERN

from . import patterns
from .lexicon import BOOKLET_HEADS, COMPONENT_HEADS, DURATION, MATERIALS, NOT_COMPONENTS, head_of, is_plural, pairs_of, singular
from .nouns import (_COMPOUND, _COUNT_LAST, COMPOUND_HINT, _UNIT_WORDS, GROUPING, NUMBER, PLACEHOLDER, UNSPECIFIED_WORDS, Phrase, _tidy, parse_number,
                    qualifier_kind, read_noun_phrase)

_RANGE = patterns.compile(r"(?<![\w.,/-])(?P<low>\d{1,4})(?P<dash>\s*--\s*|\s+to\s+|\s*-\s*)(?P<high>\d{1,4})(?![\w.%+-])", re.I)


def _counted_noun(text: str, pos: int) -> tuple[str, str, int] | None:
    """The component named right after a count ending at `pos`: its name, head noun and end, or None."""
    noun = read_noun_phrase(text, pos)
    if noun is None:
        return None
    component = _tidy(noun[0])
    return component, head_of(component), noun[2]


_PRODUCT = patterns.compile(r"(?<![\w.])(?P<a>\d{1,2})\s*[x×]\s*(?P<b>\d{1,3})(?![\w.])", re.I)


_DEALT_EACH = patterns.compile(r"\s+(?:each|per\s+(?:person|player)|to\s+each)\b", re.I)
_DEALT_BEFORE = patterns.compile(r"\b(?:deal|deals|dealt|dealing)\b[^.;:]{0,60}$", re.I)  # in the clause of a deal


def _products(text: str) -> list[Phrase]:
    """'2 x 7 cubes', '2x4 player tiles': b of them for each of a (a plural noun; '7x7 mat' is a size)."""
    phrases = []
    for match in _PRODUCT.finditer(text):
        counted = _counted_noun(text, match.end())
        if counted is None:
            continue
        component, head, end = counted
        a, b = int(match.group("a")), int(match.group("b"))
        if _DEALT_BEFORE.search(text, 0, match.start()) and head == "card" and is_plural(component.split()[-1]) \
                and _DEALT_EACH.match(text, end):  # ('Deal the 3x5 index cards': a size)
            # 'Deal 5x3 cards each': five packets of three, fifteen cards, dealt in turn
            phrases.append(Phrase(match.start(), end, match.start(), match.end(), a * b, "exact", component, head, "dealt"))
            continue
        spaced = re.search(r"\s[x×]\s", match.group(0)) is not None and a != b
        named = head in COMPONENT_HEADS or (spaced and a <= 6 and head not in NOT_COMPONENTS and head not in _UNIT_WORDS)
        # ('2 x 12 small beige buildings': so many of a thing the lexicon does not know, with spaces around the 'x';
        # not '8 x 10 photos')
        if not named or not is_plural(component.split()[-1]) or (head in _SIZED and (not spaced or min(a, b) >= 8)) \
                or re.match(rf"{DURATION}\b", component, re.I):
            continue  # ('11 x 17 sheets' is a paper size, '2 x 10 minute timers' two timers; '4x8 gameboards' a size)
        if a == b:  # ('10 x 10 florin', the same number twice: ten coins of value 10)
            phrases.append(Phrase(match.start(), end, match.start("b"), match.end("b"), b, "exact", component, head, "product"))
        else:  # '4 x 12 Tiles': forty-eight, in four sets of twelve (items.py reads the twelve as the part of each set)
            phrases.append(Phrase(match.start(), end, match.start(), match.end("b"), a * b, "exact", component, head, "product"))
    return phrases


_NUMBER_LIST = patterns.compile(rf"(?<![\w.,/-])(?P<list>(?<!, )\d{{1,3}}(?:\s*,\s*\d{{1,3}}){{1,14}},?\s+(?:and|or)\s+\d{{1,3}}"
                                rf"|(?:\d{{1,3}}|{NUMBER_WORD_PATTERN})\s+or\s+(?:\d{{1,3}}|{NUMBER_WORD_PATTERN}))(?=\s+[^\W\d_])",
                                re.I)  # '12, 8, 10 and 12 tiles', '25 or 37 pieces', 'two or three Jokers'
# (at most sixteen numbers in all, and never from the middle of a run: a run of numbers without an 'and' would
# otherwise be tried from each of them, and a longer list read from its middle)


def _number_lists(text: str) -> list[Phrase]:
    """'containing 12, 8, 10 and 12 tiles', 'with 25 or 37 pieces': several counts sharing the noun after the last."""
    phrases = []
    for match in _NUMBER_LIST.finditer(text):
        counted = _counted_noun(text, match.end())
        if counted is None:
            continue
        component, head, end = counted
        if head in NOT_COMPONENTS or head in _UNIT_WORDS or head not in COMPONENT_HEADS:
            continue
        numbers = [(n, parse_number(n.group(0))) for n in re.finditer(rf"\d+|{NUMBER_WORD_PATTERN}", match.group("list"), re.I)]
        if any(value is None for _, value in numbers):
            continue
        either = len(numbers) == 2 and " or " in match.group("list") and numbers[0][1] < numbers[1][1]
        for (number, value), qualifier in zip(numbers, ("at_least", "at_most") if either else ("exact",) * len(numbers)):
            at = match.start("list") + number.start()  # '25 or 37 pieces': one or the other, as a range is
            phrases.append(Phrase(at, end, at, at + len(number.group(0)), value, qualifier, component, head, "number_list"))
    return phrases


_SIZED = frozenset({"board", "gameboard", "mat", "playmat", "map", "sheet", "grid", "pad", "card", "tile", "sleeve"})
_RANGE_HINT = patterns.compile(r"\d\s*(?:-|\sto\s)\s*\d", re.I)


def _ranges(text: str) -> list[Phrase]:
    """'12--15 suit tokens', '4 to 6 dice': at least the low count and at most the high one."""
    phrases = []
    for match in _RANGE.finditer(text):
        low, high = int(match.group("low")), int(match.group("high"))
        if low >= high:
            continue
        counted = _counted_noun(text, match.end())
        per = None
        if counted is None:
            after = re.match(r"\s+(?:per|each|of\s+each)\s+(\w+)", text[match.end():], re.I)
            if after is None:
                continue
            per = singular(after.group(1))
            component, head, end = "", "", match.end()
        else:
            component, head, end = counted
            if head in NOT_COMPONENTS or head in _UNIT_WORDS or not is_plural(component.split()[-1]):
                continue
            if match.group("dash").strip() == "-" and head not in COMPONENT_HEADS:
                continue  # '2-3 Moriarty' is more often a label than a range  # 'the 2-3 board' names a board; only a plural noun is counted by a range
        for value, kind, a, b in ((low, "at_least", match.start("low"), match.end("low")),
                                  (high, "at_most", match.start("high"), match.end("high"))):
            phrases.append(Phrase(match.start(), end, a, b, value, kind, component, head, "range", per))
    return phrases


def _compound(match: re.Match) -> Phrase | None:
    """'a 40-card deck' -> 40 cards; 'three 8-sided dice' is not a compound (the count is 'three')."""
    unit = match.group("unit").lower()
    if unit in {"sided", "page", "pages", "minute", "minutes", "player", "players", "year", "hour", "point", "mm", "cm",
                "inch", "round", "turn", "day", "step", "part", "way", "space", "square", "hex", "foot", "person"}:
        return None
    if singular(unit) not in COMPONENT_HEADS | GROUPING:
        return None
    value = parse_number(match.group("number"))
    if value is None:
        return None
    container = match.group("container")
    component = f"{unit}s" if not unit.endswith("s") else unit
    if container and singular(container) in COMPONENT_HEADS - GROUPING - {"deck"} and match.group("article") is None:
        return None  # '3-Shell tickets', '5-Point cards': a value in a name, not how many
    if container and singular(container) in COMPONENT_HEADS | {"deck", "set", "pack", "stack", "pile"}:
        end = match.end("container")  # 'a 40-card deck' counts the cards
    else:
        end = match.end("unit")
    return Phrase(match.start("number"), end, match.start("number"), match.end("number"), value, "exact",
                  component, singular(unit), "compound")


_LED_TO_COUNT = patterns.compile(rf"^(?P<noun>[^\W\d_][^\t(]*?)\s*\([^()\t]*\)\s*\t+\s*(?P<number>{NUMBER})\s*\.?$", re.I)


# 'Guard (value 1) ×5', 'Priest (2) x2', 'Baron - value 3 - 2 copies', 'Worker meeples [20]': a card named with its value
# (in parentheses or between dashes) before how many there are, or a count in square brackets
_VALUED_THEN_COUNTED = patterns.compile(
    r"^(?P<noun>[^\W\d_][\w'’ -]*?[^\W\d_])\s*(?:(?:\((?:value|strength|rank)?\s*\d{1,3}\)|[-–—]\s*(?:value|strength|rank)\s*\d{1,3}\s*[-–—]?)"
    r"\s*(?:[x×]\s*(?P<n>\d{1,3})|(?P<m>\d{1,3})\s*(?:copies|cards|[x×]))|\[(?P<b>\d{1,3})\])\s*\.?$", re.I)


def count_last(text: str) -> Phrase | None:
    """'Oracle cards\\t8', 'Wind dials: 3', 'Sand timer x1', 'Ship tiles (12)': a list item whose count follows."""
    valued = _VALUED_THEN_COUNTED.match(text)
    if valued is not None:
        number = next(name for name in ("n", "m", "b") if valued.group(name))
        component = _tidy(valued.group("noun"))
        return Phrase(0, valued.end(), valued.start(number), valued.end(number), int(valued.group(number)), "exact",
                      component, head_of(component), "count_last")
    led = _LED_TO_COUNT.match(text)
    if led is not None and parse_number(led.group("number")) is not None and not re.search(r"\d", led.group("noun")):
        component = _tidy(led.group("noun"))  # 'Wooden Meeples (5 colours) ........ 25': the count at the leader's end
        return Phrase(0, led.end(), led.start("number"), led.end("number"), parse_number(led.group("number")), "exact",
                      component, head_of(component), "count_last")
    match = _COUNT_LAST.match(text)
    if match is None:
        return None
    noun = match.group("noun").strip(" (\"'")
    if re.search(r"\d", re.sub(r"[$£€]\d+|\d+(?:st|nd|rd|th)\b|\d+-[^\W\d_]+|\bd\d+", "", noun)):
        return None
    if len(noun.split()) > 7:
        return None
    number = match.group("number")
    value = parse_number(number)
    if value is None and not re.fullmatch(PLACEHOLDER, number):
        return None
    component = _tidy(re.sub(r"^(?:the|a|an)\s+", "", noun, flags=re.I))
    return Phrase(0, match.end(), match.start("number"), match.end("number"), value,
                  qualifier_kind(match.group("qualifier")), component, head_of(component), "count_last")


PAGE_COUNT_WORDS = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?"
                    r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
                    r"|seventeen|eighteen|nineteen|hundred)")
# A thing's pages or its size before its name ('96-page rulebook', '17" x 22" map sheet', 'a 7×7 mat'): one thing
SIZE_BEFORE = (rf"(?:(?:\d{{1,3}}|{PAGE_COUNT_WORDS})-pages?|\d+(?:\.\d+)?\s*(?:\"|''|in\.?|inch(?:es)?|cm|mm)?\s*[x×]\s*\d+(?:\.\d+)?"
               r"\s*(?:\"|''|in\.?|inch(?:es)?|cm|mm)?)\s+(?=[^\W\d_])")
_BARE_ITEM = patterns.compile(
    rf"^(?:(?P<article>an?|one|the|this|these|those|our|{UNSPECIFIED_WORDS})\s+)?(?P<size>{SIZE_BEFORE})?"
    r"(?P<noun>(?:\d{1,2}(?:st|nd|rd|th)\s+)?[^\W\d_][\w'&/ -]*?)"  # ('1st player marker': an ordinal starts its name)
    r"\s*(?:\((?P<paren>[^)]*)\))?\s*[.;,]?$",
    re.I,
)


_BE = r"(?:is|are|was|were|should|must|can|may|will)"
_HOLDS = r"(?:includes?|contains?|has|have|holds?|comes\s+with|consists\s+of)"
_SAYS = patterns.compile(rf"\s(?:{_BE}|{_HOLDS}|shows?|gives?|uses?|needs?)\s", re.I)  # a sentence's verb
_SAYS_A_COUNT = patterns.compile(rf"\s{_BE}\s|\s{_HOLDS}\s+\d", re.I)  # ('A flat surface is recommended', 'The box includes 8 …')


def bare_item(text: str) -> Phrase | None:
    """A list item without a number: 'A felt playmat' (1), 'This booklet' (1), 'glory tokens of assorted values'
    (unspecified), 'The Ferryman (a wooden figure)' (1 figure); 'A standard 52-card deck' is 52 cards."""
    for compound in _COMPOUND.finditer(text, 0, 40) if COMPOUND_HINT.search(text) else ():
        phrase = _compound(compound)
        if phrase is not None and re.fullmatch(r"(?:(?:an?|one|the|this)\s+)?(?:[^\W\d_]+\s+){0,2}", text[:phrase.start], re.I):
            return phrase
    match = _BARE_ITEM.match(text)
    if match is None or len(match.group("noun").split()) > 6:
        described = re.match(r"^(.*?[^\W\d_])\s+(?:with|for|that|which|showing|made\s+of)\s+\S", text)
        if described is None or head_of(described.group(1)) not in COMPONENT_HEADS or _SAYS.search(described.group(1)):
            return None  # (not 'The Command Post Track holds markers that …': a sentence)
        match = _BARE_ITEM.match(described.group(1))  # 'A hex board with about 40 hex spaces', 'Game board with round
        # tracker and card display areas'
    if match is None or len(match.group("noun").split()) > 6:
        return None
    if _SAYS_A_COUNT.search(match.group("noun")):
        return None  # 'A flat surface is recommended.', 'The box includes 8 meeples': a sentence, not a thing's name
    noun = match.group("noun").strip()
    if match.group("size") and head_of(noun) not in COMPONENT_HEADS:
        return None  # '96-page rulebook' is one book, '17" x 22" map sheet' one sheet; '12-page story' is no thing
    article = (match.group("article") or "").lower()
    paren = match.group("paren") or ""
    inner = re.match(r"(?:an?|one)\s+(.+)$", paren.strip(), re.I)
    if inner and singular(head_of(inner.group(1))) in COMPONENT_HEADS:
        noun_phrase = f"{noun} ({inner.group(1)})"
        return Phrase(0, match.end(), 0, 0, 1, "exact", noun_phrase, head_of(inner.group(1)), "bare_item")
    of_split = re.split(r"\s+(?:of|with|for|in)\s+", noun, maxsplit=1, flags=re.I)
    main = of_split[0]
    head = head_of(main)
    if head == "pair" and len(of_split) > 1 and re.search(r"\sof\s", noun, re.I) and (
            article in {"a", "an", "one"} or (not article and is_plural(of_split[1].split()[-1]))):  # ('Pair of dice'; not
        # 'Pair of Aces card')
        what = _tidy(of_split[1])  # 'a pair of dice': two dice; 'a pair of scissors': one pair
        count, named = pairs_of(what)
        return Phrase(0, match.end(), 0, 0, count, "exact", named, head_of(what), "bare_item")
    plural = is_plural(main.split()[-1])
    unspecified = bool(re.fullmatch(UNSPECIFIED_WORDS, article)) or (
        len(of_split) > 1 and re.search(UNSPECIFIED_WORDS, of_split[1], re.I))
    if unspecified or (plural and article not in {"a", "an", "one", "this"}):
        if article in {"these", "the", ""} and head in BOOKLET_HEADS and not unspecified and len(of_split) == 1 \
                and len(main.split()) <= 3:
            return Phrase(0, match.end(), 0, 0, 1, "exact", _tidy(main), head, "bare_item")  # 'These instructions', 'Game
            # rules', 'rules' in a list of pieces: one booklet
        return Phrase(0, match.end(), 0, 0, None, "exact", _tidy(main), head, "bare_item")
    if not article and head in MATERIALS:
        return Phrase(0, match.end(), 0, 0, None, "exact", _tidy(main), head, "bare_item")  # 'paper', 'Gold': a material
    return Phrase(0, match.end(), 0, 0, 1, "exact", _tidy(main), head, "bare_item")  # ('Campaign Analysis article',
    # 'Planet (value of 4)': one thing named, as a list names its pieces)

