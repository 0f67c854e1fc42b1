"""The words of count phrases: what a number looks like (NUMBER, placeholders, qualifiers), a Phrase (a count
with the thing it counts, as spans of the text), and the noun phrase that follows a count (read_noun_phrase:
modifiers such as die types, dimensions and ordinals absorbed, stopping at grammar words). grammar.py and
forms.py build the productions from these. Entry points: Phrase, read_noun_phrase, parse_number."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import patterns
from generator.rules.numbers import NUMBER_WORD_HINT, NUMBER_WORD_PATTERN, parse_count

from .lexicon import COMPONENT_HEADS, KIND_WORDS, NOT_COMPONENTS, NUMBERED_LABELS, singular

PLACEHOLDER = r"(?:X{2,}|x{2,}|\?{1,3}|#{1,3}|_{1,})"
UNSPECIFIED_WORDS = r"(?:various|assorted|several|many|some|numerous|a\s+number\s+of|a\s+few|lots\s+of|plenty\s+of)"
QUALIFIER = (r"(?P<qualifier>at\s+least|at\s+most|up\s+to|no\s+more\s+than|no\s+fewer\s+than|not\s+more\s+than"
             r"|about|around|approximately|approx\.?|roughly|nearly|over|more\s+than|exactly|a\s+total\s+of|total\s+of)")
_QUALIFIER_KIND = {"at least": "at_least", "no fewer than": "at_least", "over": "at_least", "more than": "at_least",
                   "at most": "at_most", "up to": "at_most", "no more than": "at_most", "not more than": "at_most",
                   "about": "about", "around": "about", "approximately": "about", "approx": "about",
                   "approx.": "about", "roughly": "about", "nearly": "about"}

NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,5}}|{NUMBER_WORD_PATTERN})"
_COUNT_FIRST = patterns.compile(
    rf"(?<![\w.,/+#$£€%-])(?:{QUALIFIER}\s+)?(?P<number>{NUMBER}|{PLACEHOLDER})"
    rf"(?:(?P<perplayer>\s*[x×*]\s*(?-i:N|P)\b|\s*[x×*]\s*(?:#\s*)?players\b|\s*[x×*]\s*(?:the\s+)?number\s+of\s+players\b)"
    rf"|(?P<times>[x×](?=\s+[A-Za-z0-9]))|(?P<plus>\+|\s*\((?:or|and)\s+more\))?(?![\w%+°'’]|[.,]\d|-[A-Za-z0-9]|/\d|:\d)(?:\s*\(\d{{1,4}}\))?(?:\s*[x×*](?=\s|[^\W\d_]))?)",
    re.I,
)
COMPOUND_HINT = patterns.compile(r"-|\d\s+cards?\s+(?:deck|pack)", re.I)  # 'a 40-card deck', 'a 52 card deck'
_COMPOUND = patterns.compile(
    rf"(?<![\w-])(?:(?P<article>an?|one|the|each|this|that)\s+)?(?P<number>{NUMBER})(?:-|\s+(?=cards?\s+(?:deck|pack)s?\b))(?P<unit>[^\W\d_]+)"
    rf"(?:\s+(?:(?:standard|regular|normal|full|complete|ordinary|french|special|custom|single|separate)\s+)?(?P<container>[^\W\d_][\w-]*))?",
    re.I,
)
_COUNT_LAST = patterns.compile(
    rf"^(?P<noun>(?:\d+-(?=[^\W\d_]))?(?:[^\W\d_]|[\"'($£€])[^\t:]*?(?:[^\W\d_]|[)\"'.]))\s*(?:\t+\s*|:\s*(?:[x×]\s*(?=\d))?|\s+[x×]\s*|\s+[x×](?=\d)|\s+[-–—]\s+(?:[x×]\s*(?=\d))?|\s*\(\s*(?:[x×]\s*(?=\d))?|\s{{2,}})"
    rf"(?:{QUALIFIER}\s+)?(?P<number>{NUMBER}|{PLACEHOLDER})\s*(?:x|pcs?\.?|pieces|\))?\s*\.?"
    rf"(?=$|\s*\((?![^)]*\d\s*(?:mm|cm|inch(?:es)?|\")(?:\b|\s|\)))|\s*:\s|\s*:$|(?<=\.)\s+[A-Z]|(?<=\))\s+[-–—]\s)",  # 'Cards (36):' opens
    # its parts; 'Action cards (40) – used every turn': what the counted things are for
    re.I,
)
_TOKEN = patterns.compile(
    r"[^\S\t]*(?P<tok>[$£€]\d[\d,]*(?:\.\d+)?(?=\s+[^\W\d_])|\"[^\"\n]{1,40}\"|(?<![\w'])'[^'\n]{1,30}'(?![\w'])|\d[Dd]\b|\(\s*[\d.,]+\s*(?:x\s*[\d.,]+\s*)?(?:mm|cm|in|inch|inches|\")?\s*\)"
    r"|\d+(?:\.\d+)?\s*(?:mm|cm|in\b|inch(?:es)?|\"|”)\s*[x×]\s*\d+(?:\.\d+)?\s*(?:mm|cm|in\b|inch(?:es)?|\"|”)"
    r"|\d+/\d+\s*(?:\"|”|in\b|inch(?:es)?)"  # '5/8” square pieces'
    r"|\d+(?:\.\d+)?\s*(?:x\s*\d+(?:\.\d+)?\s*)?(?:mm|cm|in\b|inch(?:es)?|\")"
    r"|\d+\s*x\s*\d+(?![\w-])|(?:\d+|[a-z]+)[- ]sided|d\d{1,3}\b|\d+(?:st|nd|rd|th)-[^\W\d_][\w'-]*|\d+(?:st|nd|rd|th)\b|\d+-[^\W\d_][\w'-]*"
    r"|\((?![^)]*\d)[^\W\d_][\w ,'-]{0,25}\)|[/&](?=\s*[^\W\d_])"
    r"|[^\W\d_][\w'&/-]*|\d{1,3}(?![\w.,]))",
    re.I,
)
# Words that end a counted noun phrase: grammar words, verbs that follow subjects, and "each".
STOP_WORDS = frozenset("""
a an the to on onto in into from next of for with and or nor at as per each every that which who whom whose until by
near under over then is are was were be been being will would can could may might must shall should this these those
their his her its your our my them they it he she you we so if when whenever where while than face up down instead
but only also not no all any both either neither after before during between among against about above below
behind beside besides through throughout via without within plus minus equals means along across around toward towards
upon beneath alongside another
has have had do does did get gets got take takes took give gives gave place places placed put puts receive
receives draw draws used use uses using go goes make makes made come comes shuffle shuffled deal dealt
remain remaining left one worth valued costing
""".split())
_UNIT_WORDS = {"mm", "cm", "in", "inch", "inches", "x", "%", "percent", "degree", "degrees", "foot", "feet", "m",
               "km", "g", "kg", "oz", "lb", "lbs", "px", "pt", "dpi"}
_MEASURES = frozenset({"meter", "metre", "foot", "inch", "gauge", "ruler"})
_TITLE_WORD = patterns.compile(r"(?:^|(?<=\s))(?:Overview|Summary|Example|Objective|Contents|Components|Equipment|Materials)$")  # a heading's
# last word ('Age: 10+ Components: 80 cards' run into one line: the age and the next title, not ten components)
_FILLER = {"different", "random", "more", "separate", "additional", "extra", "other", "new", "total", "further", "remaining",
           "spare", "identical", "same", "individual", "whole", "full", "complete", "matching"}


# Grouping words: "5 sets of eight dice", "2 decks of cards", "1 copy of the rules".
GROUPING = frozenset({"set", "pair", "pack", "box", "bag", "stack", "pile", "deck", "copy", "sheet", "bundle",
                      "handful", "collection", "sack", "pouch", "tray", "sleeve", "roll"})
_GROUP_OF = patterns.compile(r"\s+of\s+(?:the\s+)?", re.I)


# A cheap test for 'could a count stand here?' (a digit, a number word, a placeholder), run before the grammar.
COUNT_HINT = patterns.compile(rf"\d|\?|\b(?:{NUMBER_WORD_HINT}|half|third|quarter|xx+)\b", re.I)


_NAME_IN_PARENTHESES = patterns.compile(r"\((?-i:[A-Z][a-z'’]+)(?:\s+(?-i:[A-Z][a-z'’]+))?\)")


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
    per_count: int | None = None  # how many of `per` the phrase itself says ('2 decks of 54 cards': 2 decks); a product
    # ('4 x 12 Tiles', form 'product') counts 48 and leaves its sets to items.py

    @property
    def is_excluded(self) -> bool:
        if self.component[:1] in {"/", "&", "|"} or _NAME_IN_PARENTHESES.fullmatch(self.component):
            return True  # 'Atk 0 / Def 1': a stat line, not a count; '6 (Bridge)', '42 (Old Well)': a numbered space and
            # its name ('24 (wooden cubes)', '12 (Goblin miniatures)' count things)
        if " of " in self.component and self.head in GROUPING | {"set"}:
            return False
        if re.search(r"[A-Z][\w'-]*\s+\d{1,2}$|^\d{1,3}\s+[A-Z]", self.component):
            return False  # 'Level 1', 'Age 2': a named set, whatever its name's word
        if self.head in _MEASURES and re.fullmatch(r"[A-Z][\w'-]*\s+[A-Z][\w'-]*", self.component):
            return False  # 'Water Meter', 'Turn Gauge': a named thing, not a measure
        if self.head in NOT_COMPONENTS or self.head in _UNIT_WORDS or not self.head:
            return True
        if _TITLE_WORD.fullmatch(self.component) or (self.form == "bare_item" and _TITLE_WORD.search(self.component)):
            return True  # '1 Overview', '2 Summary', 'Component Overview': a heading or a page of contents, not a thing
            # ('1 Rules Summary', '4 Player Summary': counted sheets)
        if self.count is not None and 1900 <= self.count <= 2099 and self.head not in COMPONENT_HEADS:
            return True  # a year: '© 2014 Paolo Montrasio'
        if self.count == 1 and self.component.lower().endswith(" rules"):
            return False  # '1 game rules': the rules sheet, not the game
        named = re.sub(r"^(?:\d{1,3}[-‑](?:[^\W\d_]+[-‑])*[^\W\d_]+\s+)+", "", self.component)  # ('1-space enclosure': a
        # modifier that counts something else, not the thing's first word)
        words = [singular(w) for w in re.findall(r"[^\W\d_]+", named)]
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


_LETTER_LABEL_NEXT = patterns.compile(r"\s+(?-i:[A-Z][a-z]+)\b")  # '32 A Tiles' (beside '36 B Tiles'): a letter that names the
# kind, not the article


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
                and not (start is None and bare in _VERB_MODIFIERS and _names_a_thing_next(text, token.end("tok"))) \
                and not (start is None and tok[:1].isupper() and bare not in _NEVER_IN_NAMES and not text.isupper()
                        and _title_name_next(text, token.end("tok"))) \
                and not (start is None and tok == "A" and _LETTER_LABEL_NEXT.match(text, token.end("tok"))):
            break  # … but '1 draw bag', '2 play mats', '5 No Honor Cards' name things
        if start is None and (bare in _UNIT_WORDS or re.fullmatch(r"\d.*", bare) and tok[0] not in "\"'" and not re.match(r"\d+(?:st|nd|rd|th)\b|\d+\s*x\s*\d+|\d+-[a-z]|\d+ sided", bare)):
            if not re.match(r"\(|\d+(?:\.\d+)?\s*(?:mm|cm|in|inch|\"|”)|[23]d$", bare) and not re.match(r"\d+/\d+\s*(?:\"|”|in\b|inch)", tok):  # '3D', '5/8”'
                break
        if start is not None and tok[:1].isupper() and text[start:end].islower() and text.startswith(":", token.end("tok")):
            break  # '2 houses Tokens: 20 gold': a capitalised label after a lower-case name starts the next statement
            # (but '5 Action Cards: Move, …' is one name)
        if start is not None and VERB_FORM.fullmatch(tok) and _PREPOSITION_NEXT.match(text, token.end("tok")):
            break  # '64 squares arranged in a grid', '12 cards printed on both sides': the noun ends before
        if start is not None and re.fullmatch(r"\d{1,3}", tok) and _SIZE_OF.match(text, token.end("tok")):
            end = cursor = token.end("tok")  # '2 complete 56 card Tichu decks': the decks' size, inside the name
            words += 1
            continue
        if start is not None and re.fullmatch(r"\d{1,2}", tok) and re.fullmatch(r"[A-Z][a-z]+", text[start:end].split()[-1]) \
                and text[start:end].split()[-1].lower() in NUMBERED_LABELS and re.match(r"\s+[A-Z][a-z]", text[token.end("tok"):]):
            end = cursor = token.end("tok")  # '20 Level 1 Contract cards': the label's number, and the name goes on
            words += 1
            continue
        if start is not None and re.fullmatch(r"\d{1,3}", tok):
            if re.fullmatch(r"\d{1,2}", tok) and re.match(r"[A-Z]", text[start:end].split()[-1]) \
                    and not re.match(r"\s+(?:[A-Z]|\d)|\s*[x×](?:\s|$)", text[token.end("tok"):]):  # but '10 Park 10 Apartment',
                # '22 x Gold 22 x Silver' are two items
                end = token.end("tok")  # '40 Level 1': a number that is part of the name ends it
                named = _HEAD_AFTER.match(text, end)
                if named is not None and singular(named.group(1)) in COMPONENT_HEADS \
                        and text[start:end].split()[-2].lower() in NUMBERED_LABELS:
                    end = named.end()  # … unless what it names follows: '40 Level 1 tiles', '8 Draw 2 cards'
                    # (but '10 Apartment 5 dice' are two items)
            break
        start = token.start("tok") if start is None else start
        end = cursor = token.end("tok")
        words += 1
        if tok[0].isalpha() and singular(tok) in COMPONENT_HEADS and _ends_after(text, cursor):
            break
    if start is None:
        return None
    return text[start:end], start, end


VERB_FORM = patterns.compile(r"[a-z]{3,}(?:ed|ing)", re.I)  # a word that may be a participle or a gerund: "placed", "remaining"
_NEVER_IN_NAMES = frozenset("a an the of on in into onto to from at by for with and or".split())
_TITLE_WORDS_NEXT = patterns.compile(r"(?:\s+[A-Z][\w'’-]*){1,3}")
_HEAD_AFTER = patterns.compile(r"\s+([^\W\d_]+)\b")
_PREPOSITION_NEXT = patterns.compile(r"\s+(?:in|on|at|by|with|from|into|onto|as|along|around|across|under|over|between|for)\b", re.I)
_VERB_MODIFIERS = frozenset({"draw", "play", "use", "place", "deal", "shuffle", "make", "take", "give"})


_SIZE_OF = patterns.compile(r"\s+(?:card|tile|piece)\s+(?:[A-Z][\w'’-]*\s+)?(?:decks?|packs?|sets?)\b")


def _title_name_next(text: str, cursor: int) -> bool:
    """'5 No Honor Cards', '3 All Seeing Eye Cards': a capitalised word goes on into a title-case name of a thing."""
    words = _TITLE_WORDS_NEXT.match(text, cursor)
    return words is not None and singular(words.group(0).split()[-1].lower()) in COMPONENT_HEADS


def _names_a_thing_next(text: str, cursor: int) -> bool:
    """'1 draw bag', '8 Draw 2 cards': the verb is part of a thing's name."""
    nxt = _TOKEN.match(text, cursor)
    if nxt is not None and re.fullmatch(r"\d{1,2}", nxt.group("tok")) and text[cursor - 1:cursor].isalpha() \
            and re.match(r"\s*[A-Z]", text[max(0, cursor - 8):cursor].split()[-1]):
        nxt = _TOKEN.match(text, nxt.end("tok"))  # 'Draw 2 cards'
    return nxt is not None and nxt.group("tok")[0].isalpha() and (
        singular(nxt.group("tok")) in COMPONENT_HEADS or singular(nxt.group("tok")) in {"pile", "stack", "area"})


def _ends_after(text: str, cursor: int) -> bool:
    """After a component head: stop unless the next word is another noun of the same name ('card box')."""
    nxt = _TOKEN.match(text, cursor)
    if nxt is None or not nxt.group("tok")[0].isalpha():
        return True
    word = nxt.group("tok").lower()
    if singular(word) in _ATTRIBUTES and nxt.group("tok").islower():
        return False  # 'two Event card icons', '12 tile spaces', '3 card types': what the pieces show or where they go
    return word in STOP_WORDS or singular(word) not in COMPONENT_HEADS


_ATTRIBUTES = KIND_WORDS | frozenset("icon symbol space slot value effect ability text name title limit cost artwork colour color "
                                     "row column position location spot square".split())


def _tidy(component: str) -> str:
    words = component.split()
    while len(words) > 1 and words[0].lower() in _FILLER:
        words = words[1:]
    return " ".join(words).strip(" ,.;:")

