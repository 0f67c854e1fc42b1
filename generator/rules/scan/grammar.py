"""The grammar of count phrases, one production per phrasing, on normalised text (see layout.py):

    count_first   [qualifier] NUMBER [x] [modifiers] NOUN-PHRASE    "at least 30 storm tokens", "3x timer",
                                                                     "three 8-sided dice", "two d12"
    compound      a NUMBER-NOUN CONTAINER                             "a 40-card deck" (40 cards)
    count_last    NOUN-PHRASE (':' | tab | 'x' | '(' ) NUMBER        "Wind dials: 3", "Sand timer x1", "Cards (52)"
    bare_item     [a|an|the|this|these] NOUN-PHRASE                   "A felt playmat", "These instructions"

NUMBER is a numeral, a number word, "a dozen", or a placeholder (XX, ?, various…) read as unspecified.
Modifiers absorbed into the phrase: die types (8-sided, d12), dimensions (7x7, 18 mm), ordinals inside
names (2nd-harvest). Entry points: count_first, count_last, bare_item, parse_number."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.rules.numbers import NUMBER_WORD_HINT, NUMBER_WORD_PATTERN, parse_count

from .lexicon import COMPONENT_HEADS, NOT_COMPONENTS, SETUP_VERB_PATTERN, head_of, singular

PLACEHOLDER = r"(?:X{2,}|x{2,}|\?{1,3}|#{1,3}|_{1,})"
UNSPECIFIED_WORDS = r"(?:various|assorted|several|many|some|numerous|a\s+number\s+of|a\s+few|lots\s+of|plenty\s+of)"
QUALIFIER = (r"(?P<qualifier>at\s+least|at\s+most|up\s+to|no\s+more\s+than|no\s+fewer\s+than|not\s+more\s+than"
             r"|about|around|approximately|approx\.?|roughly|nearly|over|more\s+than|exactly|a\s+total\s+of|total\s+of)")
_QUALIFIER_KIND = {"at least": "at_least", "no fewer than": "at_least", "over": "at_least", "more than": "at_least",
                   "at most": "at_most", "up to": "at_most", "no more than": "at_most", "not more than": "at_most",
                   "about": "about", "around": "about", "approximately": "about", "approx": "about",
                   "approx.": "about", "roughly": "about", "nearly": "about"}

NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,5}}|{NUMBER_WORD_PATTERN})"
_COUNT_FIRST = re.compile(
    rf"(?<![\w.,/+#$£€%-])(?:{QUALIFIER}\s+)?(?P<number>{NUMBER}|{PLACEHOLDER})"
    rf"(?:(?P<perplayer>\s*[x×*]\s*(?-i:N|P)\b|\s*[x×*]\s*(?:#\s*)?players\b|\s*[x×*]\s*(?:the\s+)?number\s+of\s+players\b)"
    rf"|(?P<times>[x×](?=\s+[A-Za-z0-9]))|(?P<plus>\+|\s*\((?:or|and)\s+more\))?(?![\w%+°'’]|[.,]\d|-[A-Za-z0-9]|/\d|:\d)(?:\s*\(\d{{1,4}}\))?(?:\s*[x×*](?=\s|[A-Za-z]))?)",
    re.I,
)
_COMPOUND = re.compile(
    rf"(?<![\w-])(?:(?P<article>an?|one|the|each|this|that)\s+)?(?P<number>{NUMBER})-(?P<unit>[A-Za-z]+)"
    rf"(?:\s+(?P<container>[A-Za-z][\w-]*))?",
    re.I,
)
_COUNT_LAST = re.compile(
    rf"^(?P<noun>(?:\d+-(?=[A-Za-z]))?[A-Za-z\"'($£€][^\t:]*?[A-Za-z)\"'.])\s*(?:\t+\s*|:\s*(?:[x×]\s*(?=\d))?|\s+[x×]\s*|\s+[x×](?=\d)|\s+[-–—]\s+(?:[x×]\s*(?=\d))?|\s*\(\s*(?:[x×]\s*(?=\d))?|\s{{2,}})"
    rf"(?:{QUALIFIER}\s+)?(?P<number>{NUMBER}|{PLACEHOLDER})\s*(?:x|pcs?\.?|pieces|\))?\s*\.?"
    rf"(?=$|\s*\((?![^)]*\d\s*(?:mm|cm|inch(?:es)?|\")(?:\b|\s|\)))|\s*:\s|(?<=\.)\s+[A-Z])",
    re.I,
)
_TOKEN = re.compile(
    r"[^\S\t]*(?P<tok>[$£€]\d[\d,]*(?:\.\d+)?(?=\s+[A-Za-z])|\"[^\"\n]{1,40}\"|(?<![\w'])'[^'\n]{1,30}'(?![\w'])|\d[Dd]\b|\(\s*[\d.,]+\s*(?:x\s*[\d.,]+\s*)?(?:mm|cm|in|inch|inches|\")?\s*\)"
    r"|\d+(?:\.\d+)?\s*(?:x\s*\d+(?:\.\d+)?\s*)?(?:mm|cm|in\b|inch(?:es)?|\")"
    r"|\d+\s*x\s*\d+(?![\w-])|(?:\d+|[a-z]+)[- ]sided|d\d{1,3}\b|\d+(?:st|nd|rd|th)-[A-Za-z][\w'-]*|\d+(?:st|nd|rd|th)\b|\d+-[A-Za-z][\w'-]*"
    r"|\((?![^)]*\d)[A-Za-z][\w ,'-]{0,25}\)|[/&](?=\s*[A-Za-z])"
    r"|[A-Za-z][\w'&/-]*|\d{1,3}(?![\w.,]))",
    re.I,
)
# Words that end a counted noun phrase: grammar words, verbs that follow subjects, and "each".
STOP_WORDS = frozenset("""
a an the to on onto in into from next of for with and or nor at as per each every that which who whom whose until by
near under over then is are was were be been being will would can could may might must shall should this these those
their his her its your our my them they it he she you we so if when whenever where while than face up down instead
but only also not no all any both either neither after before during between among against about above below
behind beside besides through throughout via without within plus minus equals along across around toward towards
upon beneath alongside
has have had do does did get gets got take takes took give gives gave place places placed put puts receive
receives draw draws used use uses using go goes make makes made come comes shuffle shuffled deal dealt
remain remaining left one
""".split())
_UNIT_WORDS = {"mm", "cm", "in", "inch", "inches", "x", "%", "percent", "degree", "degrees", "foot", "feet", "m",
               "km", "g", "kg", "oz", "lb", "lbs", "px", "pt", "dpi"}
_MEASURES = frozenset({"meter", "metre", "foot", "inch", "gauge", "ruler"})
_FILLER = {"different", "random", "more", "separate", "additional", "extra", "other", "new", "total", "further", "remaining",
           "spare", "identical", "same", "individual", "whole", "full", "complete", "matching"}


# Grouping words: "5 sets of eight dice", "2 decks of cards", "1 copy of the rules".
GROUPING = frozenset({"set", "pair", "pack", "box", "bag", "stack", "pile", "deck", "copy", "sheet", "bundle",
                      "handful", "collection", "sack", "pouch", "tray", "sleeve", "roll"})
_GROUP_OF = re.compile(r"\s+of\s+(?:the\s+)?", re.I)


# A cheap test for 'could a count stand here?' (a digit, a number word, a placeholder), run before the grammar.
COUNT_HINT = re.compile(rf"\d|\?|\b(?:{NUMBER_WORD_HINT}|half|third|quarter|xx+)\b", re.I)


@dataclass(frozen=True)
class Phrase:
    """A count with the thing it counts, as spans of the normalised text."""

    start: int  # of the whole phrase (qualifier or count)
    end: int  # after the noun phrase
    count_start: int
    count_end: int
    count: int | None  # None: the text leaves it unspecified (XX, ?, various)
    qualifier: str  # exact | at_least | at_most | about
    component: str  # the noun phrase as written, modifiers included
    head: str  # its head noun, singular, lower-case
    form: str  # count_first | compound | count_last | bare_item
    per: str | None = None  # 'player' for '50xN markers' (N standing for the number of players)

    @property
    def is_component(self) -> bool:
        return self.head in COMPONENT_HEADS

    @property
    def is_excluded(self) -> bool:
        if self.component[:1] in {"/", "&", "|"}:
            return True  # 'Atk 0 / Def 1': a stat line, not a count
        if " of " in self.component and self.head in GROUPING | {"set"}:
            return False
        if re.search(r"[A-Z][\w'-]*\s+\d{1,2}$|^\d{1,3}\s+[A-Z]", self.component):
            return False  # 'Level 1', 'Age 2': a named set, whatever its name's word
        if self.head in _MEASURES and re.fullmatch(r"[A-Z][\w'-]*\s+[A-Z][\w'-]*", self.component):
            return False  # 'Water Meter', 'Turn Gauge': a named thing, not a measure
        if self.head in NOT_COMPONENTS or self.head in _UNIT_WORDS or not self.head:
            return True
        if self.count is not None and 1900 <= self.count <= 2099 and self.head not in COMPONENT_HEADS:
            return True  # a year: '© 2014 Paolo Montrasio'
        words = [singular(w) for w in re.findall(r"[A-Za-z]+", self.component)]
        return self.head not in COMPONENT_HEADS and any(w in NOT_COMPONENTS for w in words[:1])


def parse_number(token: str) -> int | None:
    """A numeral ('1,000' too) or number word; None for placeholders and anything else."""
    token = token.strip()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", token):
        return int(token.replace(",", ""))
    return parse_count(token)


def qualifier_kind(text: str | None) -> str:
    if not text:
        return "exact"
    return _QUALIFIER_KIND.get(" ".join(text.lower().split()), "exact")


def read_noun_phrase(text: str, pos: int, max_words: int = 6) -> tuple[str, int, int] | None:
    """The noun phrase starting at `pos`: (phrase, start, end), or None when a stop word or nothing follows."""
    start = end = None
    cursor, words = pos, 0
    while words < max_words:
        if start is None and text[cursor:cursor + 1] == "\t":  # '22\tRune stones': a leader's tab before the noun
            cursor += len(text[cursor:]) - len(text[cursor:].lstrip("\t "))
        token = _TOKEN.match(text, cursor)
        if token is None:
            break
        tok = token.group("tok")
        bare = tok.strip("\"'").lower()
        if bare in STOP_WORDS and not (start is None and bare in {"more", "remaining"}) \
                and not (start is None and bare in _VERB_MODIFIERS and _names_a_thing_next(text, token.end("tok"))):
            break  # … but '1 draw bag', '2 play mats' name things
        if start is None and (bare in _UNIT_WORDS or re.fullmatch(r"\d.*", bare) and not re.match(r"\d+(?:st|nd|rd|th)\b|\d+\s*x\s*\d+|\d+-[a-z]|\d+ sided", bare)):
            if not re.match(r"\(|\d+(?:\.\d+)?\s*(?:mm|cm|in|inch|\")", bare):
                break
        if start is not None and re.fullmatch(r"\d{1,3}", tok):
            if re.fullmatch(r"\d{1,2}", tok) and re.match(r"[A-Z]", text[start:end].split()[-1]) \
                    and not re.match(r"\s+(?:[A-Z]|\d)", text[token.end("tok"):]):  # but '10 Park 10 Apartment' is two items
                end = token.end("tok")  # '40 Level 1': a number that is part of the name ends it
            break
        start = token.start("tok") if start is None else start
        end = cursor = token.end("tok")
        words += 1
        if tok[0].isalpha() and singular(tok) in COMPONENT_HEADS and _ends_after(text, cursor):
            break
    if start is None:
        return None
    return text[start:end], start, end


_VERB_MODIFIERS = frozenset({"draw", "play", "use", "place", "deal", "shuffle", "make", "take", "give"})


def _names_a_thing_next(text: str, cursor: int) -> bool:
    nxt = _TOKEN.match(text, cursor)
    return nxt is not None and nxt.group("tok")[0].isalpha() and (
        singular(nxt.group("tok")) in COMPONENT_HEADS or singular(nxt.group("tok")) in {"pile", "stack", "area"})


def _ends_after(text: str, cursor: int) -> bool:
    """After a component head: stop unless the next word is another noun of the same name ('card box')."""
    nxt = _TOKEN.match(text, cursor)
    if nxt is None or not nxt.group("tok")[0].isalpha():
        return True
    word = nxt.group("tok").lower()
    return word in STOP_WORDS or singular(word) not in COMPONENT_HEADS


def _tidy(component: str) -> str:
    words = component.split()
    while len(words) > 1 and words[0].lower() in _FILLER:
        words = words[1:]
    return " ".join(words).strip(" ,.;:")


_START_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety a at up no not about around "
    "approximately approx roughly nearly over more exactly total xx xxx".split())
_WORD_START = re.compile(r"(?<![\w])(?:\d|\?|[A-Za-z]+)")


def _count_first_matches(text: str):
    """_COUNT_FIRST's matches, tried only where a count can start (a digit, '?', a number or qualifier word):
    trying the whole grammar at every position costs ten times as much."""
    last_end = -1
    for word in _WORD_START.finditer(text):
        token = word.group(0)
        if word.start() < last_end or not (token[0].isdigit() or token == "?" or token.lower() in _START_WORDS):
            continue
        match = _COUNT_FIRST.match(text, word.start())
        if match is not None and match.end() > match.start():
            last_end = match.end()
            yield match


_RANGE = re.compile(rf"(?<![\w.,/-])(?P<low>\d{{1,4}})(?P<dash>\s*--\s*|\s+to\s+|\s*-\s*)(?P<high>\d{{1,4}})(?![\w.%+-])", re.I)


_PRODUCT = re.compile(r"(?<![\w.])(?P<a>\d{1,2})\s*[x×]\s*(?P<b>\d{1,3})(?![\w.])", re.I)


def _products(text: str) -> list[Phrase]:
    """'2 x 7 cubes', '2x4 player tiles': b of them for each of a (a plural noun; '7x7 mat' is a size)."""
    phrases = []
    for match in _PRODUCT.finditer(text):
        noun = read_noun_phrase(text, match.end())
        if noun is None:
            continue
        component = _tidy(noun[0])
        head = head_of(component)
        last = component.split()[-1].lower()
        if head not in COMPONENT_HEADS or singular(last) == last or head in _SIZED:
            continue  # '4x8 gameboards' is a size
        phrases.append(Phrase(match.start(), noun[2], match.start("b"), match.end("b"), int(match.group("b")), "exact",
                              component, head, "product"))
    return phrases


_NUMBER_LIST = re.compile(r"(?<![\w.,/-])(?P<list>\d{1,3}(?:\s*,\s*\d{1,3})+,?\s+(?:and|or)\s+\d{1,3})(?=\s+[A-Za-z])")


def _number_lists(text: str) -> list[Phrase]:
    """'containing 12, 8, 10 and 12 tiles': several counts sharing the noun after the last."""
    phrases = []
    for match in _NUMBER_LIST.finditer(text):
        noun = read_noun_phrase(text, match.end())
        if noun is None:
            continue
        component = _tidy(noun[0])
        head = head_of(component)
        if head in NOT_COMPONENTS or head in _UNIT_WORDS or head not in COMPONENT_HEADS:
            continue
        for number in re.finditer(r"\d+", match.group("list")):
            at = match.start("list") + number.start()
            phrases.append(Phrase(at, noun[2], at, at + len(number.group(0)), int(number.group(0)), "exact",
                                  component, head, "number_list"))
    return phrases


_SIZED = frozenset({"board", "gameboard", "mat", "playmat", "map", "sheet", "grid", "pad", "card", "tile", "sleeve"})
_RANGE_HINT = re.compile(r"\d\s*(?:-|\sto\s)\s*\d", re.I)


def _ranges(text: str) -> list[Phrase]:
    """'12--15 suit tokens', '4 to 6 dice': at least the low count and at most the high one."""
    phrases = []
    for match in _RANGE.finditer(text):
        low, high = int(match.group("low")), int(match.group("high"))
        if low >= high:
            continue
        noun = read_noun_phrase(text, match.end())
        per = None
        if noun is None:
            after = re.match(r"\s+(?:per|each|of\s+each)\s+(\w+)", text[match.end():], re.I)
            if after is None:
                continue
            per = singular(after.group(1))
            component, end, head = "", match.end(), ""
        else:
            component, _, end = noun
            component = _tidy(component)
            head = head_of(component)
            last = component.split()[-1].lower()
            if head in NOT_COMPONENTS or head in _UNIT_WORDS or singular(last) == last:
                continue
            if match.group("dash").strip() == "-" and head not in COMPONENT_HEADS:
                continue  # '2-3 Moriarty' is more often a label than a range  # 'the 2-3 board' names a board; only a plural noun is counted by a range
        for value, kind, a, b in ((low, "at_least", match.start("low"), match.end("low")),
                                  (high, "at_most", match.start("high"), match.end("high"))):
            phrases.append(Phrase(match.start(), end, a, b, value, kind, component, head, "range", per))
    return phrases


_OF_THE = re.compile(r"\s+of\s+the\s+(?:remaining\s+)?", re.I)
_SETUP_VERB = re.compile(rf"\b{SETUP_VERB_PATTERN}s?\s+(?:randomly\s+|only\s+)?$", re.I)
_SAME_PLURAL = frozenset({"sheep", "fish", "deer", "series", "species", "chess"})  # one word for one and for several
_DIMENSION_BEFORE = re.compile(r"\d\s*[x×]\s*$")
_DIMENSION_AFTER = re.compile(r"\s*[x×]\s*\d")


_PHRASAL_OVER = re.compile(r"\b(?:flip|flips|turn|turns|hand|hands|pass|passes|give|gives|take|takes|move|moves|roll|rolls|carry)\s+$", re.I)


def count_first(text: str) -> list[Phrase]:
    """Every 'NUMBER noun-phrase' in the text (compound 'a 40-card deck' and ranges included), in order."""
    phrases = [p for p in _ranges(text) if p.head] if _RANGE_HINT.search(text) else []
    phrases += _products(text) if "x" in text.lower() or "×" in text else []
    listed = _number_lists(text) if "," in text else []
    phrases += listed
    taken_lists = [(p.count_start, p.count_end) for p in listed]
    taken: list[tuple[int, int]] = [(p.start, p.end) for p in phrases if p.form != "number_list"] + taken_lists
    for match in _COMPOUND.finditer(text) if "-" in text else ():
        phrase = _compound(match)
        if phrase is not None:
            phrases.append(phrase)
            taken.append((match.start("number"), match.end()))
    for match in _count_first_matches(text):
        if any(a <= match.start("number") < b for a, b in taken):
            continue
        multiplied = re.match(r"[x×]\s+\d{1,3}\s+[A-Z]", text[match.end("number"):]) is not None  # '12x 2 Sushi rolls'
        if _DIMENSION_BEFORE.search(text, max(0, match.start() - 8), match.start()) or (
                _DIMENSION_AFTER.match(text, match.end("number")) and not multiplied):
            continue  # '2 x 3 board', '7×7 mat': a dimension
        number = match.group("number")
        if re.fullmatch(PLACEHOLDER, number) and not re.fullmatch(r"(?i)x{2,}|\?{1,3}", number):
            continue
        value = parse_number(number)
        if value is None and not re.fullmatch(PLACEHOLDER, number):
            continue
        noun = read_noun_phrase(text, match.end())
        of_the = _OF_THE.match(text, match.end()) if noun is None and _SETUP_VERB.search(
            text, max(0, match.start() - 24), match.start()) else None
        if of_the is not None:  # 'assign 2 of the Patch Tiles': two of the things named
            noun = read_noun_phrase(text, of_the.end())
            if noun is not None and head_of(noun[0]) not in COMPONENT_HEADS:
                noun = None
        if noun is None and match.group("times"):
            numbered = re.match(r"\s+(\d{1,2})\s+(?=[A-Za-z])", text[match.end():])  # '12x 2 Sushi rolls'
            if numbered:
                rest = read_noun_phrase(text, match.end() + numbered.end() - 1)
                noun = (text[match.end() + numbered.start(1):rest[2]], 0, rest[2]) if rest else None
        if noun is None:
            continue
        component, _, end = noun
        if re.match(r"sided\b", component, re.I):
            continue  # 'Two 6 sided Dice': the 6 is the dice's kind
        component = _tidy(component)
        head = head_of(component)
        grouped = _GROUP_OF.match(text, end) if head in GROUPING else None
        if grouped is not None:
            inner = read_noun_phrase(text, grouped.end())
            if inner is None:
                grouped = None  # '9 Knowledge Decks of 6 cards each': the decks are what is counted
            else:
                end = inner[2]
                component = f"{component} of {text[grouped.end():end].strip()}"
                head = head_of(inner[0]) if head_of(inner[0]) in COMPONENT_HEADS else head
        last_word = component.split()[-1].lower().strip("\"'.,;:()") if component.split() else ""
        following = re.match(r"\s+([A-Za-z][\w'-]*)", text[end:])
        name_goes_on = following is not None and following.group(1).lower() not in STOP_WORDS
        titled = re.fullmatch(r"(?:[A-Z][\w'’-]*\s+)+[A-Z][\w'’-]*", component) is not None  # '10 Bullet Train': a card's title
        if value is not None and value > 1 and head in COMPONENT_HEADS and last_word == head and head not in _SAME_PLURAL \
                and not name_goes_on and not titled:
            continue  # '8 ball', 'a 3 pip die': a number in a name, not a count (a count of several is plural)
        qualifier = "at_least" if match.group("plus") else qualifier_kind(match.group("qualifier"))
        start = match.start()
        if (match.group("qualifier") or "").lower() == "over" and _PHRASAL_OVER.search(text, max(0, start - 12), start):
            qualifier, start = "exact", match.start("number")  # 'flip over 3 cards', 'hand over 2 coins'
        phrases.append(Phrase(start, end, match.start("number"), match.end("number"), value,
                              qualifier, component, head if grouped is None or head not in GROUPING else "set",
                              "count_first", "player" if match.group("perplayer") else None))
    return _shared_nouns(text, sorted(phrases, key=lambda p: p.start))


_COORDINATION = re.compile(r"^\s*,\s*(?:(?:and|or|&|plus)\s+)?$|^\s*(?:and|or|&|plus)\s+$", re.I)


def _shared_nouns(text: str, phrases: list[Phrase]) -> list[Phrase]:
    """'6 slave and 6 mercenary tokens', '24 pieces: 6 small, 6 medium and 6 large': a count whose noun is only
    a modifier shares the noun of its coordinated neighbour."""
    result = list(phrases)
    for i, phrase in enumerate(result):
        if phrase.head in COMPONENT_HEADS or len(phrase.component.split()) > 2 or phrase.form != "count_first" \
                or phrase.head in NOT_COMPONENTS or phrase.head in _UNIT_WORDS:
            continue
        donor = None
        if i + 1 < len(result) and _COORDINATION.match(text[phrase.end:result[i + 1].start]):
            after = result[i + 1]
            if after.head in COMPONENT_HEADS:
                donor = after
        if donor is None and i > 0:
            before = result[i - 1]
            between = text[before.end:phrase.start]
            if before.head in COMPONENT_HEADS and (re.fullmatch(r"\s*[:(-]\s*", between) or _COORDINATION.match(between)) \
                    and len(before.component.split()) >= 1 and before is not phrase:
                donor = before if re.fullmatch(r"\s*[:(-]\s*", between) else None
            elif i > 1 and result[i - 1].component.split()[-1:] and _COORDINATION.match(between):
                donor = result[i - 1] if result[i - 1].head in COMPONENT_HEADS and result[i - 1].form == "shared" else None
        if donor is None:
            continue
        noun = donor.component.split()[-1]
        result[i] = Phrase(phrase.start, phrase.end, phrase.count_start, phrase.count_end, phrase.count, phrase.qualifier,
                           f"{phrase.component} {noun}", donor.head, "shared", phrase.per)
    return result


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
    if container and singular(container) in COMPONENT_HEADS | {"deck", "set", "pack", "stack", "pile"}:
        component = f"{match.group('unit')}-{container}"
        end = match.end("container")
    else:
        end = match.end("unit")
    return Phrase(match.start("number"), end, match.start("number"), match.end("number"), value, "exact",
                  component, singular(unit), "compound")


def count_last(text: str) -> Phrase | None:
    """'Oracle cards\\t8', 'Wind dials: 3', 'Sand timer x1', 'Ship tiles (12)': a list item whose count follows."""
    match = _COUNT_LAST.match(text)
    if match is None:
        return None
    noun = match.group("noun").strip(" (\"'")
    if re.search(r"\d", re.sub(r"[$£€]\d+|\d+(?:st|nd|rd|th)\b|\d+-[A-Za-z]+|\bd\d+", "", noun)):
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


_BARE_ITEM = re.compile(
    rf"^(?:(?P<article>an?|one|the|this|these|those|our|{UNSPECIFIED_WORDS})\s+)?(?P<noun>[A-Za-z][\w'&/ -]*?)"
    r"\s*(?:\((?P<paren>[^)]*)\))?\s*[.;,]?$",
    re.I,
)


def bare_item(text: str) -> Phrase | None:
    """A list item without a number: 'A felt playmat' (1), 'This booklet' (1), 'glory tokens of assorted values'
    (unspecified), 'The Ferryman (a wooden figure)' (1 figure)."""
    match = _BARE_ITEM.match(text)
    if match is None:
        described = re.match(r"^(.*?[A-Za-z])\s+(?:with|for|that|which|showing|made\s+of)\s+\S", text)
        if described is None or head_of(described.group(1)) not in COMPONENT_HEADS:
            return None
        match = _BARE_ITEM.match(described.group(1))  # 'A hex board with about 40 hex spaces'
    if match is None or len(match.group("noun").split()) > 6:
        return None
    noun = match.group("noun").strip()
    article = (match.group("article") or "").lower()
    paren = match.group("paren") or ""
    inner = re.match(r"(?:an?|one)\s+(.+)$", paren.strip(), re.I)
    if inner and singular(head_of(inner.group(1))) in COMPONENT_HEADS:
        noun_phrase = f"{noun} ({inner.group(1)})"
        return Phrase(0, match.end(), 0, 0, 1, "exact", noun_phrase, head_of(inner.group(1)), "bare_item")
    of_split = re.split(r"\s+(?:of|with|for|in)\s+", noun, maxsplit=1, flags=re.I)
    main = of_split[0]
    head = head_of(main)
    plural = singular(main.split()[-1]) != main.split()[-1].lower()
    unspecified = bool(re.fullmatch(UNSPECIFIED_WORDS, article)) or (
        len(of_split) > 1 and re.search(UNSPECIFIED_WORDS, of_split[1], re.I))
    if unspecified or (plural and article not in {"a", "an", "one", "this"}):
        if article in {"these"} and head in {"instructions"}:
            return Phrase(0, match.end(), 0, 0, 1, "exact", _tidy(main), head, "bare_item")
        return Phrase(0, match.end(), 0, 0, None, "exact", _tidy(main), head, "bare_item")
    if not article and head not in COMPONENT_HEADS:
        return Phrase(0, match.end(), 0, 0, None, "exact", _tidy(main), head, "bare_item")  # 'paper': a material
    return Phrase(0, match.end(), 0, 0, 1, "exact", _tidy(main), head, "bare_item")
