"""The grammar of count phrases, one production per phrasing, on normalised text (see layout.py):

    count_first   [qualifier] NUMBER [x] [modifiers] NOUN-PHRASE    "at least 30 storm tokens", "3x timer",
                                                                     "three 8-sided dice", "two d12"
    compound      a NUMBER-NOUN CONTAINER                             "a 40-card deck" (40 cards)
    count_last    NOUN-PHRASE (':' | tab | 'x' | '(' ) NUMBER        "Wind dials: 3", "Sand timer x1", "Cards (52)"
    bare_item     [a|an|the|this|these] NOUN-PHRASE                   "A felt playmat", "These instructions"

NUMBER is a numeral, a number word, "a dozen", or a placeholder (XX, ?, various…) read as unspecified.
Modifiers absorbed into the phrase: die types (8-sided, d12), dimensions (7x7, 18 mm), ordinals inside
names (2nd-harvest). The words these are made of are in nouns.py; the forms other than count_first in forms.py.
Entry points: count_first, count_last, bare_item, parse_number."""


from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from . import patterns
from .forms import _RANGE_HINT, _compound, _number_lists, _products, _ranges, bare_item, count_last
from .lexicon import COMPONENT_HEADS, DURATION, NOT_COMPONENTS, TIMER, NUMBERED_LABELS, SETUP_VERB_PATTERN, head_of, pairs_of, singular
from .nouns import (_COUNT_FIRST, _COMPOUND, _GROUP_OF, COMPOUND_HINT, _UNIT_WORDS, COUNT_HINT, GROUPING, NUMBER, PLACEHOLDER,
                    STOP_WORDS, VERB_FORM, Phrase, _tidy, parse_number, qualifier_kind, read_noun_phrase)

__all__ = ["COUNT_HINT", "NUMBER", "PLACEHOLDER", "STOP_WORDS", "Phrase", "bare_item", "count_first", "count_last",
           "parse_number"]

_START_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety a at up no not about around "
    "approximately approx roughly nearly over more exactly total xx xxx".split())
_WORD_START = patterns.compile(r"(?<![\w])(?:\d|\?|[^\W\d_]+)")


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


_OF_THE = patterns.compile(r"\s+of\s+the\s+(?:remaining\s+)?", re.I)
_SETUP_VERB = patterns.compile(rf"\b{SETUP_VERB_PATTERN}s?\s+(?:randomly\s+|only\s+)?$", re.I)
_SAME_PLURAL = frozenset({"sheep", "fish", "deer", "series", "species", "chess"})  # one word for one and for several
_DIMENSION_BEFORE = patterns.compile(r"\d\s*[x×]\s*$")
_CAPACITY_BEFORE = patterns.compile(r"\b(?:spaces?|room|slots?|places?|capacity)\s+for\s+(?:no\s+more\s+than\s+|up\s+to\s+|at\s+most\s+)?$", re.I)
_TIMES_BEFORE = patterns.compile(r"\b\d{1,3}\s*[x×]\s*$", re.I)
_DIMENSION_AFTER = patterns.compile(r"\s*(?:\"|”|''|in\b|cm\b|mm\b)?\s*[x×]\s*\d")  # '3 x 5 board', '3"x5" cards'
_TIMED = patterns.compile(rf"[\s-]*{DURATION}[\s-]+{TIMER}\b", re.I)  # '60
# Second Sand Timer': how long it runs, not how many


_CREDITED = patterns.compile(r"(?:\b(?:designed|illustrated|written|published|developed|translated|art|artwork|graphics)\s+by"
                             r"|©|\(c\))\s*$", re.I)
_PHRASAL_OVER = patterns.compile(r"\b(?:flip|flips|turn|turns|hand|hands|pass|passes|give|gives|take|takes|move|moves|roll|rolls|carry)\s+$", re.I)


_STEP_VERB = patterns.compile(rf"\s+(?=(?-i:[A-Z]))(?:{SETUP_VERB_PATTERN}|prepare|separate|sort|stack|decide|determine|distribute|form|build|"
                              rf"create|fill|arrange|unfold|open|spread|punch|assemble|find|pick|give|hand|mix|insert|slide|attach)\s+(?:the|a|an|each|every|all|your|their|his|her|one|two|three|four|five)\b", re.I)
_HAND_OF = patterns.compile(r"\bhand\s+of\s+$", re.I)
_IN_HAND = patterns.compile(r"\s+(?:cards?\s+)?in\s+(?:their|his|her|your|the)?\s*hands?\b", re.I)
_WIDE_GAP = patterns.compile(r"\t| {2}")  # between a number and its word: the cells of a table's row
_CLAUSE_ENDS = patterns.compile(r"\s+(?:or|and)\b")
_PREPOSITION_NEXT = patterns.compile(r"\s+(?:in|on|at|by|with|from|into|onto|as|along|around|across|under|over|between|for|to)\b", re.I)
_VALUE_BEFORE = patterns.compile(r"\b(?:worth|valued\s+at|(?:a\s+)?value\s+(?:of|from)|costs?|costing|priced\s+at)\s+(?:only\s+)?$", re.I)
# '2 cards worth 3 coins', 'a value from 2 to 5 coins', 'costs 4 gold': a value or a price, not a count
_LABEL_BEFORE = patterns.compile(  # a capitalised label word ('Phase 2, 3 and 4 cards'), not one that opens a sentence's count
    r"\b(?:" + "|".join(sorted(w.capitalize() for w in NUMBERED_LABELS - {"draw", "round", "turn", "type", "year", "part",
                                                                       "book", "step", "page"})) + r")\s+"
    r"(?:\d{1,2}(?:\s*,\s*\d{1,2})*\s*,?\s*(?:and|or|&)\s*)?$")  # (not 'In Phase 1, 2 cards are dealt')
# ('the Phase 1 and Phase 6 Action cards', 'Phase 2, 3, 4 and 5 cards', 'Level 2 cards': the number is a label)
_ADJECTIVES = patterns.compile(r"\s+(?P<words>(?:[a-z]+,\s+){1,3})(?=[^\W\d_])")
_VALUED = patterns.compile(r"\s+(?P<word>(?:value|valued|worth|denomination)\s+\d{1,4}"
                           r"|(?<=\d\s)(?:one|two|three|four|five|ten|twenty|fifty|hundred)(?=\s+[a-z]+\s+[a-z]+s\b))\s+(?=[^\W\d_])",
                           re.I)  # '24 value 3 coins', '30 one denier coins': the things of that value


# '3 Wood, 2 Stone and 1 Food', 'takes 2 Stone': a resource named in the singular, given or among other counted
# things, not '8 ball'
_IN_A_COUNTED_LIST = patterns.compile(r"\d+\s+(?P<word>[A-Z][a-z]+)\s*(?:,|\band\b|&|\+)\s*$")
_GIVEN_BEFORE = patterns.compile(r"\b(?:starts?\s+with|begins?\s+with|takes?|receives?)\s+$", re.I)  # 'starts with 2 Stone'
_IN_A_COUNTED_LIST_AFTER = patterns.compile(r"\s*(?:,|\band\b|&|\+)\s*\d+\s+(?P<word>[A-Z][a-z]+)\b")


_PIECES_UNIT = patterns.compile(r"\s+(?:pcs?\.?|pz\.?|stk\.?)(?=\s+[^\W\d_])", re.I)
_POSITION_AFTER = patterns.compile(r"\s+(?:before|above|below|under|beneath)\s+the\s+(?:top|bottom|end)\s+of\s+the\s+"
                                   r"(?:[\w-]+\s+)?(?:deck|pile|stack)\b", re.I)  # (not 'under the top card of each pile')
_COMBINATION_AFTER = patterns.compile(r"\s+(?:of|in)\s+the\s+same\s+(?:suit|value|rank|number|denomination)\b", re.I)


def count_first(text: str) -> list[Phrase]:
    """Every 'NUMBER noun-phrase' in the text (compound 'a 40-card deck' and ranges included), in order."""
    return list(_count_first(text))  # a line is read as an item, a table row and a sentence: parse it once


@lru_cache(maxsize=4096)
def _count_first(text: str) -> tuple[Phrase, ...]:
    phrases = [p for p in _ranges(text) if p.head] if _RANGE_HINT.search(text) else []
    phrases += _products(text) if "x" in text.lower() or "×" in text else []
    listed = _number_lists(text) if "," in text or " or " in text else []
    phrases += listed
    taken_lists = [(p.count_start, p.count_end) for p in listed]
    taken: list[tuple[int, int]] = [(p.start, p.end) for p in phrases if p.form != "number_list"] + taken_lists
    for match in _COMPOUND.finditer(text) if COMPOUND_HINT.search(text) else ():
        if _TIMES_BEFORE.search(text, max(0, match.start() - 8), match.start()):
            continue  # '20x 1-chips': twenty chips of value 1, named by their value
        phrase = _compound(match)
        if phrase is not None:
            phrases.append(phrase)
            taken.append((match.start("number"), match.end()))
    capacity = "for" in text  # ('4 spaces for 4 animal tiles': tried only where its word stands)
    for match in _count_first_matches(text):
        if any(a <= match.start("number") < b for a, b in taken):
            continue
        multiplied = re.match(r"[x×]\s+\d{1,3}\s+[A-Z]|[x×]\s*\d{1,3}-[^\W\d_]", text[match.end("number"):]) is not None
        # ('12x 2 Sushi rolls', '20x 1-chips')
        if _TIMED.match(text, match.end("number")) or text[match.end("number"):match.end("number") + 1] in {'"', "”", "″"}:
            continue  # ('6” or 3” (Open vs. Rough)': inches, not things)
        if _DIMENSION_BEFORE.search(text, max(0, match.start() - 8), match.start()) or (
                _DIMENSION_AFTER.match(text, match.end("number")) and not multiplied):
            continue  # '2 x 3 board', '7×7 mat': a dimension
        if capacity and _CAPACITY_BEFORE.search(text, max(0, match.start() - 40), match.start()):
            continue  # '1 enclosure with 4 spaces for 4 animal tiles', 'room for no more than 3 tiles': what fits, not what there is
        if _CREDITED.search(text, max(0, match.start() - 24), match.start()) and re.match(r"\s*[A-Z]", text[match.end("number"):]):
            continue  # 'illustrated by 2 Ravens Studio', '© 2 Moons Games': a name in the credits (not 'produced by 6 cards')
        number = match.group("number")
        if re.fullmatch(PLACEHOLDER, number) and not re.fullmatch(r"(?i)x{2,}|\?{1,3}", number):
            continue
        value = parse_number(number)
        if value is None and not re.fullmatch(PLACEHOLDER, number):
            continue
        unit = _PIECES_UNIT.match(text, match.end())  # '64 pcs. hex tiles': the count's unit, then what is counted
        noun = read_noun_phrase(text, unit.end() if unit else match.end())
        described = _ADJECTIVES.match(text, match.end()) if noun is None or head_of(noun[0]) not in COMPONENT_HEADS else None
        if described is not None and any(singular(w) != w for w in re.findall(r"[a-z]+", described.group("words"))):
            described = None  # 'three rounds, players collect …': a noun, not an adjective
        if described is not None:  # '33 round, brown Wood counters': adjectives in a row before the noun
            rest = read_noun_phrase(text, described.end() - 1)
            if rest is not None and head_of(rest[0]) in COMPONENT_HEADS:
                noun = (text[described.start("words"):rest[2]], 0, rest[2])
        of_the = _OF_THE.match(text, match.end()) if noun is None and _SETUP_VERB.search(
            text, max(0, match.start() - 24), match.start()) else None
        if of_the is not None:  # 'assign 2 of the Patch Tiles': two of the things named
            whole = re.match(rf"(?:{NUMBER})(?=\s+[^\W\d_])", text[of_the.end():], re.I)  # 'use 3 of the 4 tiles'
            noun = read_noun_phrase(text, of_the.end() + (whole.end() if whole else 0))
            if whole:
                taken.append((of_the.end(), of_the.end() + whole.end()))  # the whole set, named again
            if noun is not None and head_of(noun[0]) not in COMPONENT_HEADS:
                noun = None
        in_hand = noun is None and (value or 0) > 1 and _IN_HAND.match(text, match.end("number")) is not None
        if in_hand or noun is None and _HAND_OF.search(text, max(0, match.start() - 16), match.start()) and (value or 0) > 1 \
                and not re.match(r"\s*(?:[^\W\d_]|-)", text[match.end("number"):]):
            # 'deal each player a hand of 6', 'until they have 7 in hand': a hand is of cards
            phrases.append(Phrase(match.start(), match.end("number"), match.start("number"), match.end("number"), value,
                                  qualifier_kind(match.group("qualifier")), "cards", "card", "count_first"))
            continue
        if noun is None and match.group("times"):
            numbered = re.match(r"\s+(\d{1,2})\s+(?=[^\W\d_])", text[match.end():])  # '12x 2 Sushi rolls'
            valued_name = re.match(r"\s*(\d{1,2}-[^\W\d_][\w'-]*)", text[match.end():]) if numbered is None else None
            if numbered:
                rest = read_noun_phrase(text, match.end() + numbered.end() - 1)
                noun = (text[match.end() + numbered.start(1):rest[2]], 0, rest[2]) if rest else None
            elif valued_name:  # '20x 1-chips': chips of value 1
                noun = (valued_name.group(1), 0, match.end() + valued_name.end(1))
        valued = _VALUED.match(text, match.end())
        if valued:  # '24 value 3 coins': the coins of value 3, 24 of them
            rest = read_noun_phrase(text, valued.end() - 1)
            if rest is not None:
                noun = (text[valued.start("word"):rest[2]], 0, rest[2])
                taken.append((valued.start("word"), rest[2]))
        if noun is None:
            continue
        component, _, end = noun
        if re.match(r"(?:once|twice|thrice|times)\b", component):
            continue  # 'print page 6 twice': how often, not a thing ('12 Once Upon a Time cards' is one)
        if _STEP_VERB.match(text, match.end()):
            continue  # '1 Prepare the Role cards …', '3 Shuffle the deck': a step's number, then its verb
        if re.match(r"\d+/\d+", component) and head_of(component) not in COMPONENT_HEADS:
            continue  # 'cut 3 1/2" strips': a size, three and a half inches
        if re.match(r"sided\b", component, re.I):
            continue  # 'Two 6 sided Dice': the 6 is the dice's kind
        if VERB_FORM.fullmatch(component) and head_of(component) not in COMPONENT_HEADS and not _PREPOSITION_NEXT.match(text, end) \
                and (_WIDE_GAP.match(text, match.end("number")) or _CLAUSE_ENDS.match(text, end) and component.lower().endswith("ed")):
            continue  # '4        required' in a table's row, 'three successful or three failed': no thing's name
        if (_COMBINATION_AFTER.match(text, end) or re.match(r"(?:consecutive|sequential)\b", component, re.I)) \
                and not re.search(r"\b(?:the|all|their|his|her)\s+$", text[max(0, match.start() - 8):match.start()], re.I):
            continue  # '4 cards of the same value', '5 consecutive cards': a hand to make, not the box's cards ('the 13
            # cards of the same suit' are a set named)
        if _POSITION_AFTER.match(text, end):
            continue  # 'insert it 10 cards from the bottom of the deck': a place in the deck, not a count
        component = _tidy(component)
        head = head_of(component)
        grouped = _GROUP_OF.match(text, end) if head in GROUPING else None
        if grouped is not None:
            inner = read_noun_phrase(text, grouped.end())
            numbered = re.match(rf"(?:{NUMBER})(?=\s+[^\W\d_])", text[grouped.end():], re.I) if inner is None and head in NOT_COMPONENTS and (value or 0) > 1 else None
            if numbered:  # '5 sets of 5 action cards': five sets, and five cards in each
                inner = read_noun_phrase(text, grouped.end() + numbered.end())
            if inner is None:
                grouped = None  # '9 Knowledge Decks of 6 cards each': the decks are what is counted
            else:
                end = inner[2]
                named = text[grouped.end():end].strip()
                if head == "pair" and value is not None:
                    value, component = pairs_of(named, value)  # '1 pair of dice': two dice
                else:
                    component = f"{component} of {named}"
                head = head_of(inner[0]) if head_of(inner[0]) in COMPONENT_HEADS else head
        last_word = component.split()[-1].lower().strip("\"'.,;:()") if component.split() else ""
        following = re.match(r"\s+([^\W\d_][\w'-]*)", text[end:])
        name_goes_on = following is not None and following.group(1).lower() not in STOP_WORDS
        titled = re.fullmatch(r"(?:[A-Z][\w'’-]*\s+)+[A-Z][\w'’-]*", component) is not None  # '10 Bullet Train': a card's title
        neighbour = _IN_A_COUNTED_LIST.search(text, max(0, match.start() - 40), match.start()) or _IN_A_COUNTED_LIST_AFTER.match(text, end)
        listed = (neighbour is not None and neighbour.group("word").lower() != last_word) \
            or _GIVEN_BEFORE.search(text, max(0, match.start() - 16), match.start())  # ('the 1 Token, 2 Token': names)
        if value is not None and value > 1 and head in COMPONENT_HEADS and last_word == head and head not in _SAME_PLURAL \
                and not name_goes_on and not titled and not (listed and component[:1].isupper()) \
                and (text[:match.start()].strip(" -–•*") or re.sub(r"^\s*\([^()]*\)", "", text[end:]).strip(" .;,")):
            continue  # '8 ball', 'a 3 pip die': a number in a name, not a count (a count of several is plural);
            # a line that only says '25 stone' (or '40 Crystal (blue)') counts a resource
        if match.group("plus") == "+" and (re.search(r"(?:\bthe|\d\+\s*(?:and|or|,))\s*$", text[:match.start()], re.I)
                                           or re.match(r"\s*(?:and|or|,)\s*\d+\+", text[match.end("plus"):])):
            continue  # 'the 3+ and 4+ cards are used': cards marked for so many players, not a count
        qualifier = "at_least" if match.group("plus") else qualifier_kind(match.group("qualifier"))
        start = match.start()
        if (match.group("qualifier") or "").lower() == "over" and _PHRASAL_OVER.search(text, max(0, start - 12), start):
            qualifier, start = "exact", match.start("number")  # 'flip over 3 cards', 'hand over 2 coins'
        if component[:1] in "\"'":
            taken.append((match.end("number"), end))  # '32 "1 button" tiles': the number in the quoted name is a value
        phrases.append(Phrase(start, end, match.start("number"), match.end("number"), value,
                              qualifier, component, head if grouped is None or head not in GROUPING else "set",
                              "count_first", "player" if match.group("perplayer") else None))
    labelled = [p for p in phrases if _LABEL_BEFORE.search(text, max(0, p.start - 40), p.start)]
    phrases = [p for p in phrases if not _VALUE_BEFORE.search(text, max(0, p.start - 24), p.start)
               and not any(q.start <= p.start < q.end for q in labelled)]  # (and the runs inside a labelled one)
    return tuple(_shared_nouns(text, sorted(phrases, key=lambda p: p.start)))


COORDINATION = patterns.compile(r"^\s*,\s*(?:(?:and|or|&|plus)\s+)?$|^\s*(?:and|or|&|plus)\s+$", re.I)


def _plural_noun(phrase: Phrase) -> bool:
    """'the 8 houses, 2 ships': a count of several before a plural is a noun of its own, not a modifier."""
    word = phrase.component.split()[-1] if phrase.component.split() else ""
    return bool(phrase.count and phrase.count > 1 and word.isalpha() and word.islower() and singular(word) != word)


def _shared_nouns(text: str, phrases: list[Phrase]) -> list[Phrase]:
    """'6 slave and 6 mercenary tokens', '24 pieces: 6 small, 6 medium and 6 large': a count whose noun is only
    a modifier shares the noun of its coordinated neighbour."""
    result = list(phrases)
    for i, phrase in enumerate(result):
        if phrase.head in COMPONENT_HEADS or len(phrase.component.split()) > 2 or phrase.form != "count_first" \
                or phrase.head in NOT_COMPONENTS or phrase.head in _UNIT_WORDS or _plural_noun(phrase):
            continue
        donor = None
        if i + 1 < len(result) and COORDINATION.match(text[phrase.end:result[i + 1].start]):
            after = result[i + 1]
            if after.head in COMPONENT_HEADS and len(after.component.split()) > len(phrase.component.split()):
                donor = after  # not '1 Standard Tank, 1 Heat Shield': two names, the second no longer than the first
        if donor is None and i > 0:
            before = result[i - 1]
            between = text[before.end:phrase.start]
            if before.head in COMPONENT_HEADS and (re.fullmatch(r"\s*[:(-]\s*", between) or COORDINATION.match(between)) \
                    and len(before.component.split()) >= 1 and before is not phrase:
                # (in '14 dice (7 red, 4 blue and 2 green)' each colour shares the noun the first took)
                donor = before if re.fullmatch(r"\s*[:(-]\s*", between) or before.form == "shared" else None
            elif i > 1 and result[i - 1].component.split()[-1:] and COORDINATION.match(between):
                donor = result[i - 1] if result[i - 1].head in COMPONENT_HEADS and result[i - 1].form == "shared" else None
        if donor is None:
            continue
        noun = donor.component.split()[-1]
        result[i] = replace(phrase, component=f"{phrase.component} {noun}", head=donor.head, form="shared")
    return result

