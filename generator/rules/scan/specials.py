"""Sentence productions that read a count against something else in the text: "the remaining 40 are
tinted" (a part of the last total), fractions ("two-thirds of these (80)"), per-category products ("for every
house there is a Herald"), numbered ranges ("numbered 3 through 7, two of each"), and the categories a
sentence counts ("four suits"). Entry points: special_productions, category_counts, fraction_value."""

from __future__ import annotations

import re

from . import patterns
from .grammar import NUMBER, parse_number
from .lexicon import COLOUR_NAMES, COMPONENT_HEADS, NOT_COMPONENTS, PER_WORDS, PLAYERS_THEN, players_condition, singular

_REMAINING = patterns.compile(rf"\b(?:the\s+)?(?:remaining|other|rest\s+of\s+the)\s+(?P<n>{NUMBER})\s+(?:\w+\s+)?(?:are|is|will\s+be)\s+(?P<what>[a-z][\w-]*)", re.I)
# '50 of them are Route cards', 'Among these are 6 Wild cards': a part of the total just said
_NOT_A_KIND = r"(?!(?:the|your|their|his|her|its|not|also|then|used|placed|put|kept|removed|discarded)\b)"
_OF_THEM_ARE = patterns.compile(rf"(?:^|[;,]\s*)\s*(?P<n>{NUMBER})\s+of\s+(?:them|these|those)\s+(?:are|is)\s+(?:an?\s+)?{_NOT_A_KIND}(?P<what>[^\W\d_][\w-]*)"
                                rf"|\bamong\s+(?:them|these|those)\s+(?:are|is)\s+(?P<n2>{NUMBER})\s+(?P<what2>[^\W\d_][\w-]*)"
                                rf"|\bof\s+which\s+(?P<n3>{NUMBER})\s+(?:are|is)\s+(?:an?\s+)?{_NOT_A_KIND}(?P<what3>[^\W\d_][\w-]*)", re.I)
# ('50 Ember tokens, of which 10 are golden embers')
# 'Of the 36 weather cards, 20 are Sun, 10 are Rain and 6 are Storm': the parts of the total the sentence opens with
# 'Of these, 30 are forests, 30 are hills …', '40 are Action cards and 20 are Event cards' (the sentence after a total)
_OF_THE_TOTAL = patterns.compile(rf"^\W*of\s+the\s+(?:{NUMBER})\s+[^\W\d_][\w' -]*?,|^\W*(?:of|among)\s+(?:these|them|those)\s*,"
                                 rf"|^(?=\W*{NUMBER}\s+are\s)", re.I)
_ARE_AFTER_OF_THE = patterns.compile(rf"(?:(?<=[,;])|(?<=\S)\s+and\b|^\W*)\s*(?P<n>{NUMBER})\s+(?:are|is)\s+{_NOT_A_KIND}(?P<what>[^\W\d_][\w-]*)", re.I)
_FRACTION = patterns.compile(
    rf"\b(?P<frac>half|a\s+third|one[\s-]third|two[\s-]thirds|a\s+quarter|one[\s-]quarter|three[\s-]quarters)\s+of\s+"
    rf"(?:these|them|those|the\s+\w+)\s*\(\s*(?P<n>{NUMBER})\s*\)\s+(?:are|is)\s+(?P<what>[a-z][\w-]*)", re.I)
_FRACTIONS = {"half": (1, 2), "a third": (1, 3), "one third": (1, 3), "one-third": (1, 3), "two thirds": (2, 3),
              "two-thirds": (2, 3), "a quarter": (1, 4), "one quarter": (1, 4), "one-quarter": (1, 4),
              "three quarters": (3, 4), "three-quarters": (3, 4)}
_FRACTION_HINT = patterns.compile(r"half|third|quarter")
_CATEGORY = patterns.compile(rf"\b(?:has|have|there\s+are|with|in|of)\s+(?P<n>{NUMBER})\s+(?P<cat>[a-z]+)\b", re.I)
_FOR_EVERY = patterns.compile(r"\bfor\s+(?:every|each)\s+(?P<cat>[a-z]+)\s*,?\s+there\s+(?:is|are)\s+(?P<things>[^.;]+)", re.I)
_NUMBERED = patterns.compile(
    rf"(?P<noun>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[a-z])[\w'-]*)?\s+(?:cards?|tiles?|tokens?|pieces?))\s+numbered\s+(?P<a>\d+)\s+(?:through|to|-)\s+"
    rf"(?P<b>\d+),?\s+(?P<k>{NUMBER})\s+of\s+each", re.I)
# 'only the cards from 1 to 40 are used', 'cards 1 - 24 are used', 'use the cards from 1 to 50': as many as the run
_RUN_USED = patterns.compile(
    r"\b(?P<noun>cards?|tiles?)\s+(?:from\s+|numbered\s+)?(?P<a>\d{1,3})\s*(?:-|–|to|through)\s*(?P<b>\d{1,3})\s+"
    r"(?:are|is|will\s+be)\s+(?:used|in\s+play|played\s+with)\b"
    r"|\buse\s+(?:only\s+)?(?:the\s+)?(?P<noun2>cards?|tiles?)\s+(?:from\s+|numbered\s+)?(?P<a2>\d{1,3})\s*(?:-|–|to|through)\s*"
    r"(?P<b2>\d{1,3})\b", re.I)

# '5 suits of 20 cards each', 'four colours of 12 tiles': so many of the thing in each of so many categories.
_CATEGORIES_OF = patterns.compile(rf"\b(?P<many>{NUMBER})\s+(?P<cat>suits|colou?rs|kinds|types|factions|sets|species)\s+of\s+(?P<n>{NUMBER})\s+"
                                  rf"(?P<noun>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)", re.I)

_CATEGORY_HINT = patterns.compile(r"suits|colou?rs|kinds|types|factions|sets|species")

# 'Cards dealt: 2 players: 10 each; 3 players: 8 each', 'number of goods: 2 players: 20, 3 players: 25': a count for
# each player count, the noun said once before them (or after each count).
_BY_PLAYERS = patterns.compile(
    rf"(?:^|(?<=[:;,(]))\s*(?:with\s+|for\s+)?(?P<p>\d{{1,2}}(?:\s*(?:-|to|or)\s*\d{{1,2}})?)\s+players?{PLAYERS_THEN}"
    rf"(?P<n>{NUMBER})(?![\w/])(?P<noun>\s+(?!each\b|per\b|for\b|and\b|or\b)[^\W\d_][\w'-]*(?:\s+(?!each\b|per\b|for\b|and\b|or\b)[^\W\d_][\w'-]*)?)?"
    rf"(?P<each>\s+(?:each|per\s+player|apiece))?", re.I)
_LEAD_NOUN = patterns.compile(r"\bnumber\s+of\s+(?P<noun>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)"
                              r"|(?P<noun2>[^\W\d_][\w'-]*)\s+(?:dealt|used|needed|in\s+play|per\s+player)\b"
                              r"|^\W*(?P<noun3>[A-Z][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s*:", re.I)  # 'Pillars: 2 players: 14 each; …'

# 'There are 4 identical copies of each simples tile', 'contains three of each money card', 'two copies of each of
# the three types of Treasures', '(two copies of each)': so many of every kind of the thing named.
_OF_EACH = patterns.compile(
    rf"(?<![\w.,-])(?P<n>{NUMBER})\s+(?:(?:identical|exact)\s+)?(?:(?:copies|copy|instances?)\s+of\s+each|of\s+each)"
    rf"(?:\s+of\s+(?:the\s+)?(?:{NUMBER}\s+)?(?:types?|kinds?|sorts?|different)\s+of)?"
    rf"(?:\s+(?:the\s+)?(?P<noun>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){{0,2}}))?", re.I)
_NOT_EACH_NOUN = patterns.compile(r"^(?:player|colou?r|suit|side|other|remaining|type|kind|of|in|is|are|and|or|to|for|from|with|on|at|by)\b", re.I)


def _names_kind(word: str, after: str, before: str = "") -> bool:
    """'50 of them are Route cards', '10 of them are red', 'Among them are 6 wild cards', '50 Ember tokens, of which 10
    are golden embers': the word names a kind of the things (a name, a colour, or a word before a component noun or
    before the noun the sentence counted), not what is done with them."""
    followed = re.match(r"\s+([^\W\d_][\w-]*)", after)
    said = {singular(w.lower()) for w in re.findall(r"[^\W\d_][\w-]*", before)} if followed is not None else set()
    return word[:1].isupper() or word.lower() in COLOUR_NAMES or (
        followed is not None and (singular(followed.group(1)) in COMPONENT_HEADS or singular(followed.group(1).lower()) in said))


def _a_kind_in_a_chain(word: str, after: str) -> bool:
    """'30 are forests, 30 are hills and 30 are lakes': in a chain of such counts a plural noun standing alone names a
    kind (not 'are discarded', 'are always face up', 'are yours')."""
    return re.match(r"\s*(?:[,.;]|and\b|$)", after) is not None and re.search(r"(?:ed|ing|en)$", word, re.I) is None \
        and singular(word.lower()) != word.lower() and word.lower() not in {"yours", "ours", "theirs", "hers", "his", "its"}


def _names_pieces(label: str) -> bool:
    """'Pillars', 'Gold coins': a label that names pieces (not 'Hand size', 'Score')."""
    last = label.split()[-1]
    return singular(last) in COMPONENT_HEADS or (singular(last) != last.lower() and singular(last) not in NOT_COMPONENTS)


def fraction_value(name: str) -> tuple[int, int]:
    return _FRACTIONS.get(" ".join(name.lower().split()), (0, 1))


def special_productions(sentence: str, categories: dict[str, int]) -> list[dict]:
    """Statements read by the sentence productions: parts ('the remaining 40 are tinted'), products ('for every
    house there is a Herald'), numbered ranges. Each dict: start, end, count, component, kind, extra."""
    found = []
    low = sentence.lower()  # each production is tried only where its own words stand (the sentences are many)
    for match in _REMAINING.finditer(sentence) if ("remaining" in low or "other" in low or "rest" in low) else ():
        if re.match(r"\s+(?:between|on|in|into|onto|beside|next|near|at|under|above|below|face|back|aside)\b", sentence[match.end():], re.I):
            continue  # 'The remaining three coins are placed between the players': where they go, not what they are
        found.append({"start": match.start("n"), "end": match.end(), "count": parse_number(match.group("n")),
                      "component": match.group("what"), "kind": "part"})
    for match in _OF_THEM_ARE.finditer(sentence) if " of th" in low or "among" in low or "of which" in low else ():
        n, what = next((n, w) for n, w in (("n", "what"), ("n2", "what2"), ("n3", "what3")) if match.group(n))
        chained = len(_ARE_AFTER_OF_THE.findall(sentence, match.end())) > 1 and _a_kind_in_a_chain(match.group(what), sentence[match.end():])
        if chained or _names_kind(match.group(what), sentence[match.end():], sentence[:match.start()]):  # not 'two of them are
            found.append({"start": match.start(n), "end": match.end(), "count": parse_number(match.group(n)),  # discarded'
                          "component": match.group(what), "kind": "part"})
            for more in _ARE_AFTER_OF_THE.finditer(sentence, match.end()):  # '…, 30 are hills and 30 are lakes'
                if not (_names_kind(more.group("what"), sentence[more.end():]) or _a_kind_in_a_chain(more.group("what"), sentence[more.end():])):
                    break
                found.append({"start": more.start("n"), "end": more.end(), "count": parse_number(more.group("n")),
                              "component": more.group("what"), "kind": "part"})
    opening = _OF_THE_TOTAL.match(sentence)
    of_whom = re.findall(r"[^\W\d_]+", opening.group(0)) if opening else []
    if of_whom and singular(of_whom[-1].lower()) in NOT_COMPONENTS:
        opening = None  # 'Of the 10 players, 3 are traitors …': roles, not pieces
    chain = list(_ARE_AFTER_OF_THE.finditer(sentence, opening.end())) if opening else []
    for match in chain:  # 'Of the 36 weather cards, 20 are Sun, 10 are Rain …'; in a chain of two or more, 'are forests'
        if _names_kind(match.group("what"), sentence[match.end():]) or (
                len(chain) > 2 and _a_kind_in_a_chain(match.group("what"), sentence[match.end():])):
            found.append({"start": match.start("n"), "end": match.end(), "count": parse_number(match.group("n")),
                          "component": match.group("what"), "kind": "part"})
    for match in _FRACTION.finditer(sentence) if "(" in low and _FRACTION_HINT.search(low) else ():
        found.append({"start": match.start("frac"), "end": match.end(), "count": parse_number(match.group("n")),
                      "component": match.group("what"), "kind": "part", "fraction": fraction_value(match.group("frac"))})
    for match in _FOR_EVERY.finditer(sentence) if "there" in low else ():
        category = singular(match.group("cat"))
        many = categories.get(category)
        for thing in re.finditer(r"\b(?:an?|one)\s+(?P<noun>[A-Z][\w'-]*(?:\s+(?!and\b|or\b)[^\W\d_][\w'-]*)?)", match.group("things")):
            at = match.start("things") + thing.start()
            found.append({"start": at, "end": match.start("things") + thing.end(), "count": many,
                          "component": thing.group("noun"), "kind": "product", "per": category})
    for match in _OF_EACH.finditer(sentence) if "each" in low else ():
        noun = match.group("noun") or ""
        words = noun.split()
        while words and singular(words[-1]) not in COMPONENT_HEADS and len(words) > 1:
            words.pop()
        noun = " ".join(words)
        if noun and _NOT_EACH_NOUN.match(noun):
            noun = ""
        if (noun and singular(words[-1]) not in COMPONENT_HEADS and not noun[0].isupper()) or not parse_number(match.group("n")):
            continue  # (nor 'space 0 of each of the 4 Cult tracks': none of each is no copy)
        end = match.start("noun") + len(noun) if noun else len(sentence[:match.start("noun")].rstrip()) if match.group("noun") \
            else match.end()  # (a word that names no thing is no part of the quote: '3 OF EACH' of '3 OF EACH FROM 1 TO 7')
        found.append({"start": match.start("n"), "end": end,
                      "count": parse_number(match.group("n")), "component": noun or "copies", "kind": "part", "per": "kind"})
    by_players = list(_BY_PLAYERS.finditer(sentence)) if "player" in low else []
    if len(by_players) >= 2:
        leads = [lead.group("noun") or lead.group("noun2") or lead.group("noun3") for lead in _LEAD_NOUN.finditer(
            sentence, 0, by_players[0].start()) if not lead.group("noun3") or _names_pieces(lead.group("noun3"))]
        said = next((noun for noun in reversed(leads) if singular(noun.split()[0]) not in {"player", "game"}), None)
        if said and singular(said.split()[-1]) not in COMPONENT_HEADS and singular(said.split()[0]) in COMPONENT_HEADS:
            said = said.split()[0]  # 'number of cards dealt
        for match in by_players:
            noun = (match.group("noun") or "").strip()
            if noun and singular(noun.split()[-1]) not in COMPONENT_HEADS:
                noun = ""
            noun = noun or said
            if not noun or singular(noun.split()[-1]) in NOT_COMPONENTS or parse_number(match.group("n")) is None:
                continue
            players = re.sub(r"\s*(?:-|to|or)\s*", "-", match.group("p"))
            found.append({"start": match.start("n"), "end": match.end(), "count": parse_number(match.group("n")),
                          "component": noun, "kind": "setup", "condition": players_condition(players),
                          "per": "player" if match.group("each") else None})
    for match in _CATEGORIES_OF.finditer(sentence) if "of" in low and _CATEGORY_HINT.search(low) else ():
        words = match.group("noun").split()
        while len(words) > 1 and singular(words[-1]) not in COMPONENT_HEADS:
            words.pop()
        noun = " ".join(words)
        if singular(words[-1]) in COMPONENT_HEADS and parse_number(match.group("n")):
            end = match.start("noun") + len(noun)
            each = re.match(r"\s+each\b", sentence[end:])
            found.append({"start": match.start("n"), "end": end + (each.end() if each else 0), "count": parse_number(match.group("n")),
                          "component": noun, "kind": "part", "per": singular(match.group("cat")).replace("color", "colour")})
    for match in _RUN_USED.finditer(sentence) if ("use" in low or "play" in low) and not re.match(r"\W*(?:if|when|whenever)\b(?!\s+\w+\s+(?:people|players)\s+are\s+playing)", low) else ():
        noun, a, b = ("noun", "a", "b") if match.group("noun") else ("noun2", "a2", "b2")
        low_end, high_end = int(match.group(a)), int(match.group(b))
        if low_end in {0, 1} and 5 <= high_end < 500:  # (a run from the first: 'cards 1-3' in a rule is no deck)
            found.append({"start": match.start(noun), "end": match.end(b), "count": high_end - low_end + 1,
                          "component": match.group(noun), "kind": "setup"})
    for match in _NUMBERED.finditer(sentence) if "numbered" in low else ():
        a, b, k = int(match.group("a")), int(match.group("b")), parse_number(match.group("k"))
        if k and b >= a:
            found.append({"start": match.start(), "end": match.end(), "count": (b - a + 1) * k,
                          "component": match.group("noun"), "kind": "total"})
    return found


def category_counts(sentence: str) -> dict[str, int]:
    """'The Almanac has five houses' -> {'house': 5}: counts of things that are categories, not components."""
    found = {}
    for match in _CATEGORY.finditer(sentence):
        word = singular(match.group("cat"))
        value = parse_number(match.group("n"))
        if value is None or word in COMPONENT_HEADS:
            continue
        if word in PER_WORDS or word in NOT_COMPONENTS or re.search(r"s$", match.group("cat")):
            if word not in {"player", "point", "minute", "round", "turn", "page", "year", "age"}:
                found[word] = value
    return found
