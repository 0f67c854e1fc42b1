"""What follows a counted noun and changes its meaning: a per-product ("9 in each of 5 colours", "6 per player
colour", "per side", "13 of each suit", "for each player", "(6 sets of 18)"), a breakdown in parentheses ("(9 Harbour, 10 Market,
7 Temple)"), or a count given in parentheses ("The Event Deck (40 cards)"). Entry points: read_per, read_breakdown, read_value_breakdown."""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import patterns
from generator.rules.numbers import NUMBER_WORD_PATTERN

from .grammar import NUMBER, parse_number
from .lexicon import BREAKDOWN_CUE, COLOUR_NAMES, COMPONENT_HEADS, HOLDERS, NOT_COMPONENTS, head_of, per_word

_PER_WORD = r"(?:player|person|colou?r|side|suit|kind|type|house|team|faction|sort|value|number|rank|shape|size|nation|clan|species|element)s?"
# "(9 in each of 5 colours)", "(9 each of 5 colours)", "12 of each colour", "6 per player colour", "per side",
# "for each player", "each", "of each of the 4 player colours".
_PER = patterns.compile(
    rf"(?:\(\s*)?(?:(?P<inner>{NUMBER})\s+(?:(?P<again>[^\W\d_]+)\s+(?=(?:in|of|for)\s+each\b|per\b))?)?(?:(?:in|of|for)\s+)?(?:each|every|per)\s+(?:of\s+(?:the\s+)?(?P<many>{NUMBER})\s+)?"
    rf"(?:different\s+)?(?:\(\s*(?P<many2>\d{{1,2}})\s*\)\s+)?"
    rf"(?:(?:player|play)\s+)?(?P<per>{_PER_WORD})\b",
    re.I,
)
# Inside parentheses any noun can be the unit: '(one for each pairing of suit and rank)'.
_PER_PAREN = patterns.compile(
    rf"\(\s*(?P<inner>{NUMBER})\s+(?:[a-z]+\s+){{0,2}}?(?:(?:in|of|for)\s+)?(?:each|every|per)\s+(?:(?:player|play)\s+)?(?P<per>[a-z][\w-]*)", re.I)
_PER_DASHED = patterns.compile(  # '32 Season cards – 8 of each season': so many of each kind, after a dash, to the end
    rf"\s*[-–—]\s*(?P<inner>{NUMBER})\s+of\s+each\s+(?P<per>[a-z][\w-]*)(?=\s*(?:[.;,]|$))", re.I)  # (not '4 drawn each turn')
# '24 in 4 colours', '(9 in 5 colours)': so many of each of so many colours
_IN_MANY = patterns.compile(rf"\s*[,(:]?\s*(?P<inner>{NUMBER})\s+(?:each\s+)?in\s+(?P<many>{NUMBER})\s+(?:different\s+)?(?:player\s+(?=colou?rs?\b))?(?P<per>{_PER_WORD})\b\)?", re.I)
_SLASH_PER = patterns.compile(rf"\s*\(\s*(?P<inner>\d{{1,3}})\s*/\s*(?P<per>{_PER_WORD})\s*\)", re.I)
_IN_MANY_NO_COUNT = patterns.compile(rf"\s*in\s+(?P<many>{NUMBER})\s+(?:different\s+)?(?P<per>{_PER_WORD})\s*(?=\()", re.I)
_EACH_PAREN = patterns.compile(rf"\s*\(\s*(?P<inner>{NUMBER})\s+(?:[a-z]+\s+){{0,2}}?each\s*\)", re.I)
_TIMES_PER = patterns.compile(rf"\s*\(\s*(?P<inner>{NUMBER})\s*[x×]\s*(?P<many>{NUMBER})\s+(?:different\s+)?(?P<per>{_PER_WORD}|species)\b[^)]*\)?", re.I)
_SETS_OF = patterns.compile(rf"\s*\(\s*(?P<many>{NUMBER})\s+sets\s+of\s+(?P<inner>{NUMBER})(?!\s+(?:different\s+)?colou?rs?\b)"
                            rf"(?:\s+(?:each\s+)?in\s+(?:{NUMBER}\s+)?(?:different\s+)?(?:player\s+)?(?P<colours>colou?rs?)\b)?", re.I)
_KIND_NOTE = r"(?:\s*\([^()]{1,40}\))?"  # a note after a kind's name: 'green (mana), yellow (gold) and red (damage)'
_EACH_OF_NAMES = patterns.compile(rf"(?:\s*[(:,–—-]|\s+(?=(?:one|1)\s+each\s+of\s))\s*(?P<inner>{NUMBER})\s+(?:of\s+)?each(?:\s+(?:of|in)\s+(?:the\s+)?|\s*:\s*)(?P<names>(?!and\b)[^\W\d_][\w'’-]*{_KIND_NOTE}(?:(?:\s*,\s*and\s+|\s*,\s*|\s+and\s+|\s*&\s*)(?!and\b)[^\W\d_][\w'’-]*{_KIND_NOTE})+)(?:\s+[a-z][\w'’-]*s\b)?(?=\s*[),;]|\s*\.?\s*$|\s+(?:plus|with|per|for\s+each|in\s+each)\b)\)?")
_EACH_OF_TYPES_NAMED = patterns.compile(rf"\s*\(\s*(?P<inner>{NUMBER})\s+(?:of\s+)?each\s+of\s+(?:the\s+)?(?P<many>{NUMBER})\s+"
                                        r"(?:[^\W\d_][\w-]*\s+)?(?:types?|kinds?|sorts?|species|varieties)\s*:\s*(?P<names>[^()]+?)\s*\)", re.I)
_PER_PLAYER_AFTER = patterns.compile(r"^[\s,]*(?:(?:for|to)\s+)?(?:each|every|per)\s+(?P<player>player)\b(?!\s+colou?rs?\b)|^[\s,]*(?:apiece|each)\b(?=\s*(?:[.;)(]|$))", re.I)
_HELD_IN = patterns.compile(rf"\b(?P<holder>{'|'.join(sorted(HOLDERS))})s\s+of\s+(?:{NUMBER})\s+[^\W\d_][\w' -]*$", re.I)
# ('4 Guild decks of 15 cards each': several holders; 'a deck of 10 cards each' is each player's)
_BREAKDOWN = patterns.compile(rf"\(\s*(?P<items>[^()]*(?:\d|\b{NUMBER}\s+[^\W\d_])[^()]*)\)", re.I)
_DASHED = patterns.compile(r"\s*(?:-|:|—|–|,?\s*(?:" + BREAKDOWN_CUE + r"|including|of\s+which):?)\s+"
                           rf"(?P<items>(?:(?:\d+|{NUMBER_WORD_PATTERN})\s*[x×]?\s+(?:(?:are|is)\s+)?[^\W\d_](?:(?!\s+(?:and|plus|&)\s)[^,;/]|(?<=\w)/(?=\w))*?(?:[,;]\s*(?:and\s+|plus\s+)?|(?<=\S)\s+(?:and|plus|&|/)\s+))+"
                           rf"(?:\d+|{NUMBER_WORD_PATTERN})\s*[x×]?\s+(?:(?:are|is)\s+)?[^\W\d_][^,;.]*?)\s*\.?\s*$", re.I)
_PART = patterns.compile(rf"^\s*(?:(?P<n1>{NUMBER})\s*(?P<times>[x×]\s*)?(?(times)(?:\d{{1,4}}\s+)?|\s)(?P<name1>[^\W\d_][\w'/ -]*?)"
                         rf"|(?P<name2>[^\W\d_][\w'/ -]*?)\s*[:x×]?\s*(?P<n2>\d+))\s*$", re.I)  # '5 x 50 cents': a value is a name


@dataclass(frozen=True)
class Per:
    per: str  # player | colour | side | suit | kind …
    count: int | None  # the per-unit count when it differs from the phrase's ("(9 in each of 5 colours)")
    many: int | None  # how many units ("5 colours")
    end: int
    start: int = 0  # where the annotation's own count starts
    names: tuple[tuple[str, int, int], ...] = ()  # the kinds named, each with its span ('(3 each of Duke, Captain)')


def _names(listed: str, at: int) -> tuple[tuple[str, int, int], ...]:
    """The names of a list ('ice cream, drinks and hot dogs', '&' too), each with its span (`at`: where `listed` starts);
    () when one is empty or is not a name (digits)."""
    names = []
    start = 0
    for separator in [*re.finditer(r"\s*(?:,\s*(?:and\s+)?|&|\s+and\s+)\s*", listed), None]:
        end = separator.start() if separator is not None else len(listed)
        name = listed[start:end]
        if not re.fullmatch(r"[^\W\d_][\w'’ -]*", name):
            return ()
        names.append((name, at + start, at + end))
        start = separator.end() if separator is not None else start
    return tuple(names)


_NOT_KINDS = frozenset("them us you it these those both all the small large big other others".split())


def named_parts(names: tuple, each: int | None, count: int | None) -> tuple:
    """`names` (a per-note's kinds, `Per.names`) when `each` of every one make up `count` ('18 dice (6 each of Assault,
    Raid, Skirmish)'); else (): the note is read as one part per kind."""
    return names if names and each and count == each * len(names) else ()


_COLOURS_NAMED = patterns.compile(r"\s*\((?P<names>[^()]{3,80})\)")


def read_per(text: str, pos: int, total: int | None = None) -> Per | None:
    """A per-product right after position `pos` (the end of a counted noun phrase), within the same clause; `total`,
    the phrase's count where known (kinds named in lower case are read where they make it up)."""
    rest = text[pos:pos + 160]
    after = _PER_PLAYER_AFTER.match(rest)
    held = _HELD_IN.search(text, max(0, pos - 60), pos) if after and not after.group("player") else None
    if held is not None:  # '4 Guild decks of 15 cards each': fifteen in each deck, not for each player
        return Per(per_word(held.group("holder")), None, None, pos + after.end())
    if after:
        return Per("player", None, None, pos + after.end())
    in_many = _IN_MANY.match(rest)
    if in_many:
        per = per_word(in_many.group("per"))
        return Per(per, parse_number(in_many.group("inner")), parse_number(in_many.group("many")), pos + in_many.end(),
                   pos + in_many.start("inner"))
    times = _TIMES_PER.match(rest)
    if times:  # '(18 x 4 colours)': 18 of each of 4 colours
        per = per_word(times.group("per"))
        return Per(per, parse_number(times.group("inner")), parse_number(times.group("many")), pos + times.end(),
                   pos + times.start("inner"))
    sets = _SETS_OF.match(rest)
    if sets:  # '108 tiles (6 sets of 18)', '24 tiles (4 sets of 6 in 4 player colors)'
        return Per("colour" if sets.group("colours") else "set", parse_number(sets.group("inner")),
                   parse_number(sets.group("many")), pos + sets.end(), pos + sets.start("inner"))
    cut = pos + len(rest) < len(text)  # (a note running past the window is not read name by name: its last is cut)
    typed = _EACH_OF_TYPES_NAMED.match(rest)
    named = _names(typed.group("names"), pos + typed.start("names")) if typed and not (cut and typed.end() >= len(rest)) else ()
    if typed and named and len(named) == parse_number(typed.group("many")):
        # '(3 of each of 5 types: ice cream, drinks, hamburgers, hot dogs and cotton candy)': as many names as kinds said
        return Per("kind", parse_number(typed.group("inner")), len(named), pos + typed.end(), pos + typed.start("inner"), named)
    each_of = _EACH_OF_NAMES.match(rest)
    listed = re.sub(r"\([^()]*\)", lambda note: " " * len(note.group(0)), each_of.group("names")) if each_of else ""
    names = [n for n in re.finditer(r"[^\W\d_][\w'’-]*", listed) if n.group(0) != "and"]  # (not the words of a note)
    named = each_of is not None and all(n.group(0)[0].isupper() or n.group(0).lower() in COLOUR_NAMES for n in names)
    inner = parse_number(each_of.group("inner")) if each_of else None
    whole_names = each_of is not None and not each_of.group("names").rstrip().endswith("-")  # (not 'venom, mad-' / 'ness':
    # a name a line break cut, so how many kinds there are is not known)
    adds_up = whole_names and total is not None and inner is not None and len(names) >= 3 and inner * len(names) == total
    lower = each_of is not None and not named and (inner == 1 or adds_up) \
        and bool(re.search(r"\beach\s+of\s", each_of.group(0))) and not any(n.group(0).lower() in _NOT_KINDS for n in names)
    # ('48 resource cards: 12 each of wood, stone, wheat and sheep': four kinds of twelve make the forty-eight)
    if named or lower:
        # '(3 each of Duke, Assassin, Captain)': 3 of each named kind; '(six each in red, green and blue)': of each colour;
        # '(one each of weaver, potter and smith)': kinds named in lower case, read by name only where they make up the
        # total (annotations.named_parts), else as one of each kind, as many kinds as the total says
        kind = "colour" if all(n.group(0).lower() in COLOUR_NAMES for n in names) else "kind"
        at = pos + each_of.start("names")
        whole = kind == "kind" and not (cut and each_of.end() >= len(rest.rstrip()))
        return Per(kind, parse_number(each_of.group("inner")), len(names) if named else None, pos + each_of.end(),
                   pos + each_of.start("inner"), tuple((n.group(0), at + n.start(), at + n.end()) for n in names) if whole else ())
    slashed = _SLASH_PER.match(rest)
    if slashed:  # '6 Mage tokens (1/player)'
        per = per_word(slashed.group("per"))
        return Per(per, parse_number(slashed.group("inner")), None, pos + slashed.end(), pos + slashed.start("inner"))
    coloured = _IN_MANY_NO_COUNT.match(rest)
    if coloured:  # '84 pieces in four colors (21 pieces per color …)': the parenthesis gives the per count
        inner = _PER_PAREN.match(rest, coloured.end()) or _EACH_PAREN.match(rest, coloured.end())
        if inner is not None:
            per = per_word(coloured.group("per"))
            return Per(per, parse_number(inner.group("inner")), parse_number(coloured.group("many")), pos + inner.end(),
                       pos + inner.start("inner"))
    each = _EACH_PAREN.match(rest)
    if each:  # '(15 pieces each)'
        return Per("kind", parse_number(each.group("inner")), None, pos + each.end(), pos + each.start("inner"))
    match = _PER.search(rest)
    if match is not None and match.group("again") and head_of(match.group("again")) not in COMPONENT_HEADS:
        if head_of(match.group("again")) in NOT_COMPONENTS:
            return None  # '3 points for each colour' is a rule, not a per-product of the thing counted
        match = _PER.search(rest, match.start("again"))  # '(8 wooden per player)': a word that names nothing
    lead = len(rest) - len(rest.lstrip())
    noted = _PER_PAREN.match(rest, lead) if rest[lead:lead + 1] == "(" else \
        _PER_DASHED.match(rest) if rest[lead:lead + 1] in {"-", "–", "—"} else None  # '(8 of each season)', '– 8 of each season'
    if noted is not None and re.search(r"\b(?:through|to)\b|\d\s*[-–]\s*\d", noted.group(0), re.I):
        noted = None  # '(7 through Ace in each suit)', '(2 to 10 in each suit)': the ranks in each suit, not a count
    if noted is not None and (match is None or match.group("inner") is None):
        per = "kind" if noted.group("per").lower() == "of" else per_word(noted.group("per"))  # '(16 each of Brick,' / '…)'
        return Per(per, parse_number(noted.group("inner")), None, pos + noted.end(), pos + noted.start("inner"))
    if match is None or re.search(r"[.;]|\band\b\s+\d|\bwhen\b|\bif\b", rest[:match.start()]):
        return None
    at = match.start("inner") if match.group("inner") else match.start()
    opened = rest[:at].rfind("(")
    if opened >= 0 and ")" not in rest[opened:at] and re.search(r"\b(?:through|to)\s*$|[-–]\s*$|\d" if match.group("inner") is None
                                                            else r"\b(?:through|to)\s*$|[-–]\s*$", rest[opened:at], re.I):
        return None  # '32 cards (7 through Ace in each suit)': the note gives the ranks in each suit, not a count per suit
    if match.start() > 25 and not rest[:match.start()].lstrip().startswith("(") and not (
            match.group("inner") and re.search(r"\b(?:with|of\s+which|including)\s*$|^\s*,\s*$", rest[:match.start("inner")])):
        return None
    per = per_word(match.group("per"))
    inner = parse_number(match.group("inner")) if match.group("inner") else None
    many = parse_number(match.group("many")) if match.group("many") else (
        int(match.group("many2")) if match.group("many2") else None)
    if re.search(r"player\s+colou?rs?", match.group(0), re.I):
        per = "colour"
    named = _COLOURS_NAMED.match(rest, match.end()) if per == "colour" and many is None else None
    if named is not None:  # '18 Totem pieces per player colour (red, green, blue)': as many colours as it names
        colours = [c for c in re.findall(r"[^\W\d_]+", named.group("names")) if c.lower() != "and"]
        many = len(colours) if len(colours) >= 2 and all(c.lower() in COLOUR_NAMES for c in colours) else None
    return Per(per, inner, many, pos + match.end(), pos + (match.start("inner") if match.group("inner") else match.start()))


@dataclass(frozen=True)
class Part:
    name: str
    count: int
    start: int
    end: int


_EACH_CONSISTING = patterns.compile(r"(?:[^,;()]{0,40}?,)?\s*each\s+(?:consisting\s+of|containing|comprising|made\s+up\s+of|with)\s+(?=\d|" + NUMBER + r"\s)", re.I)


def read_each_consisting(text: str, pos: int = 0) -> tuple[list[Part], int, int] | None:
    """'4 sets of pieces, each consisting of 12 ships and 4 ports': what each one of the counted things holds."""
    lead = _EACH_CONSISTING.match(text, pos)
    if lead is None:
        return None
    parts = []
    for piece in re.finditer(r"[^,;]+", text[lead.end():].rstrip(" .")):
        for sub in re.split(r"\s+and\s+", piece.group(0)):
            at = lead.end() + piece.start() + piece.group(0).find(sub)
            part = _PART.match(sub.strip())
            if part is None or not part.group("n1"):
                return None
            value = parse_number(part.group("n1"))
            if value is None:
                return None
            start = at + len(sub) - len(sub.lstrip())
            parts.append(Part(part.group("name1").strip(), value, start, at + len(sub.rstrip())))
    return (parts, lead.start(), len(text.rstrip(" ."))) if parts else None


_OTHER_ANDS = r"\b(?:und|et|y|en|и|oraz)\b"  # 'and' in the languages rulebooks are most often written in, before a count
# (not 'e' and 'i': a lone letter before a digit is more often something else)


def read_breakdown(text: str, pos: int = 0, total: int | None = None) -> tuple[list[Part], int, int] | None:
    """Parts listed in parentheses at or after `pos`: '(9 Harbour, 10 Market, 7 Temple)', '(20 red / 28 blue)'; parts
    counted in words or by an article ('(a king, four defenders and eight attackers)') only when they add up to
    `total`."""
    match = _BREAKDOWN.search(text, pos)
    between = text[pos:match.start()] if match else ""
    if match is not None and re.fullmatch(r"\s*(?:of|in)\s+(?:\d{1,2}\s+)?[^\W\d_][\w ]{0,30}", between):
        between = ""  # '20 Shares of Stock (5 Yellow, 5 Black …)'
    far = match is not None and total is not None and bool(between.strip(" ,:-")) and len(between.split()) <= 8 \
        and not re.search(r"[.;:()]", between)  # '20 Round cards with “Ship” on the reverse (there are 7 Wooden ships, …)'
    named_first = after_a_break = False
    if not far and (match is None or between.strip(" ,:-")):
        match = _DASHED.match(text, pos)
        if match is None and total is not None:
            match = _DASHED_NAMES_FIRST.match(text, pos)  # '45 Terrain tiles: Forest 12, Hill 10, Plain 15, Swamp 8'
            named_first = match is not None
        if match is None and total is not None and text.startswith(". ", pos):
            match = _DASHED.match(text[:pos] + ": " + text[pos + 2:], pos)  # '22 Crew cards. 3 Grifters, 3 Thieves, …':
            after_a_break = match is not None  # after a full stop, parts only where they add up and name no other piece
        if match is None and total is not None and "  " in text[pos:]:
            match = _DASHED.match(text[:pos] + _SPACED_APART.sub(", ", text[pos:]), pos)  # '30 Basic building cards:  10
            after_a_break = match is not None  # Workshops  10 Laboratories  10 Archery Ranges': bullets lost, two spaces
            # where each stood (a comma for the first two: every offset stays), read as after a full stop
        if match is None:
            return None
    items = match.group("items")
    said = re.match(r"\s*(?:there\s+(?:are|is)|namely)\s+", items, re.I)  # '(there are 7 Wooden ships, 6 Iron ships …)'
    lead = said.end() if said else 0
    items = items[lead:]
    if re.search(r"\b(?:each|every|per|players?|games?)\b|mm\b|cm\b|inch|%", items, re.I):
        return None  # ('1 board: 2 players plus 1 spectator', '6 in 2/3 player games / 12 in 4 player games')
    parts, offset, spelled, named_alone = [], match.start("items") + lead, False, False
    # '14 black and 14 white', '… and three Traps': two parts (same offsets)
    items = re.sub(rf"\s(?=(?:and|plus)\s+(?:\d|{NUMBER}\s+[^\W\d_]))", ",", items, flags=re.I)
    items = re.sub(rf"\s(?={_OTHER_ANDS}\s+\d)", ",", items)  # '(56 карт Золота и 54 карты Власти)'  '(12 rote und 12 blaue)'
    items = re.sub(r"(?<=[a-z])\.(?=\s+\d)", ",", items)  # '(6 neutral tiles. 8 wooden tiles)': a scan's commas read as stops
    for piece in re.finditer(r"(?:[^,;/+&]|(?<=\w)[&/](?=\w))+", items):
        if piece.group(0).strip().lower() in {"and", ""}:
            continue
        cleaned = re.sub(rf"^\s*(?:and|or|plus|{_OTHER_ANDS})\s+|\s+(?:cards?|tiles?|tokens?|markers?)?\s*$", "", piece.group(0))
        if head_of(cleaned) in COMPONENT_HEADS and re.search(r"\s(?:cards?|tiles?|tokens?|markers?)\s*$", piece.group(0)):
            cleaned = re.sub(r"^\s*(?:and|or|plus)\s+|\s*$", "", piece.group(0))  # '9 stone tiles' are tiles, not stones
        if not cleaned.strip():
            continue
        cleaned = re.sub(rf"^(\s*(?:{NUMBER}))\s+(?:are|is)\s+", r"\1 ", cleaned, flags=re.I)  # '(of which) 30 are Fern'
        part = _PART.match(cleaned)
        if part is None and _ONE_BY_ARTICLE.match(cleaned):  # '(a king, four defenders and eight attackers)'
            part = _PART.match(_ONE_BY_ARTICLE.sub("one ", cleaned, count=1))
        if part is None and total is not None and _NAMED_ONE.fullmatch(cleaned):
            part = _PART.match("one " + cleaned.strip())  # '(Merlin, Assassin, 5 Loyal Servants, 3 Minions)': each kind
            # named alone is one of it (read only where the parts add up to the total)
            named_alone = True
        if part is None:
            return None
        number = part.group("n1") or part.group("n2")
        spelled = spelled or not number.isdigit()  # 'four defenders', 'a king'; 'Red 10' is a numeral
        name = (part.group("name1") or part.group("name2")).strip()
        if part.group("times"):
            name = cleaned[part.end("times"):].strip()  # '5 x 50 cents': the value is the part's name

        value = parse_number(number)
        if value is None:
            return None
        parts.append(Part(name, value, offset + piece.start(), offset + piece.end()))
    if after_a_break and any(head_of(part.name) in COMPONENT_HEADS and head_of(part.name) != head_of(text[:pos]) for part in parts):
        return None  # '20 cards. 10 coins, 10 gems': other pieces, said after the cards, are no kinds of card
    if named_alone and not any(part.count > 1 for part in parts):
        return None  # ('(Merlin, Assassin, Percival)': names of the kinds, read elsewhere, unless counted parts stand among them)
    if len(parts) < 2 or ((spelled or far or named_first or after_a_break) and total is not None
                          and sum(part.count for part in parts) != total):
        return None  # parts in words ('fifteen geese and one fox'), or said past a description, are read only when
        # they add up to the total
    return parts, match.start(), match.end()


_NAMED_ONE = patterns.compile(r"\s*(?-i:[A-Z])[\w'’-]*(?:\s+(?:of\s+(?:the\s+)?)?(?-i:[A-Z])[\w'’-]*){0,3}\s*")  # a kind's name, capitalised


_SPACED_APART = patterns.compile(r"(?<=[^\W\d_])  (?=\s*\d)")


_DASHED_NAMES_FIRST = patterns.compile(  # names, each with its count after it, after a colon or a dash (read where they add up)
    r"\s*[:–—-]\s+(?P<items>[^\W\d_][\w'’-]*(?: [^\W\d_][\w'’-]*){0,3} \d{1,4}(?:\s*[,;]\s*(?:and\s+)?[^\W\d_][\w'’-]*(?: [^\W\d_][\w'’-]*){0,3} \d{1,4})+)"
    r"\s*\.?\s*$")
_ONE_BY_ARTICLE = patterns.compile(r"^\s*(?:and\s+)?an?\s+(?=[^\W\d_])", re.I)
# A breakdown by value (denominations, card values): '(18 x 1, 10 x 3)', ': 20x1, 15x2', '(12 x $1, 8 x $5)',
# '20 1-coins, 10 5-coins', 'Three 1's, Two 2's', '2x5pt', '15 each 5 and 10', '(5 of 4, 4 of 5)'.
_VALUE = r"(?:[$£€]\s?)?\d{1,4}(?:[.,]\d{1,2})?(?:\s?(?:pts?|p|c|¢|vp|points?)\b)?"
_A_NUMBER = r"(?:\d{1,5}|[^\W\d_]+(?:-[^\W\d_]+)?)"  # a numeral or a word: parse_number says whether it is a number
_VALUE_PART = patterns.compile(
    rf"^\s*(?:and\s+|&\s+|\+\s*)?(?P<n>{_A_NUMBER})(?:\s*[x×]\s*|\s+(?:of\s+|x\s+)?(?:value\s+|worth\s+)?|\s+(?=[$£€])|\s*(?P<paren>\()\s*)"
    rf"(?P<quote>[‘'“\"])?(?P<value>{_VALUE})(?:'?s\b|-?\s?(?:coins?|notes?|bills?|chips?|cards?|tokens?|tiles?)\b|\s(?-i:[A-Z][a-z]+)\b)?"
    r"(?(quote)[’'”\"])(?(paren)\s*\))"
    r"(?:\s*\([^()]*\))?\s*$", re.I)  # '20 (1 Gold)', '30 x 5 Gold', '46 x 1 (silver)'

_EACH_VALUES = patterns.compile(rf"^\s*(?:and\s+)?(?P<n>{_A_NUMBER})\s+each\s+(?:of\s+)?(?P<values>{_VALUE}(?:\s*(?:,|and|&)\s*{_VALUE})+)\s*$", re.I)
_VALUE_LIST = patterns.compile(
    rf"\s*(?:,?\s*(?:(?:in\s+)?(?P<many>{_A_NUMBER})\s+(?P<unit>{_PER_WORD})\s*)?,?\s*each\s+(?:with|has|having|holding|containing|of)\s*:?\s*"
    r"(?P<each>[^;()]+?)\s*(?:[.;]|$)|\((?P<paren>[^()]+)\)|(?:[–—-]\s+(?=(?-i:[a-z])[\w-]*\s*:))?(?:(?-i:[a-z])[\w-]*\s*(?=:))?[:–—-]\s*(?P<open>(?:[^;()]|\([^()]*\))+?)\s*(?:[.;]|$))", re.I)
# ('50 VP chips hexagonal: 31 x 1 and 19 x 5', '**50 VP chips** hexagonal: …': a word of what they are like, then the parts)
_WHOLE_LIST = patterns.compile(r"\s*(?P<open>[^;]+?)\s*\.?\s*$")
# '… and 3 of 6 in each of 5 colors)': the parts are those of each colour
_IN_EACH_OF = patterns.compile(rf"\s+(?:in|of|for)\s+each\s+of\s+(?:the\s+)?(?P<many>{_A_NUMBER})\s+(?P<unit>{_PER_WORD})\s*$", re.I)


def read_value_breakdown(text: str, pos: int, total: int | None, categories: tuple[str | None, int | None] = (None, None),
                         whole: bool = False) -> tuple[list[Part], int, int, str | None] | None:
    """Parts by value right after a counted total (in parentheses, or after a colon or dash), read only when they
    add up to it: '58 victory point tokens (18 x 1, 10 x 3, 15 each 5 and 10)', '45 money cards: 20x1, 15x2, 10x5';
    or when those of each category add up to it: '60 cards in 5 suits, each with three 1s, two 2s, … one 5',
    '(5 of 4, 4 of 5, and 3 of 6 in each of 5 colors)'. `categories`: the category and how many, when the total has
    already said them ('50 cards in 5 colours, each with: …'). `whole`: the text from `pos` is the list itself (a line
    of its own under the total: '• 100 Coins' / '20 (1 Gold), 20 (2 Gold), 30 (5 Gold), 30 (10 Gold).'). The fourth
    value is that category, or None."""
    match = _VALUE_LIST.match(text, pos) if not whole else _WHOLE_LIST.match(text, pos)
    if match is None or total is None:
        return None
    group = next(name for name in ("each", "paren", "open") if match.groupdict().get(name) is not None)
    items, offset = match.group(group), match.start(group)
    many, unit = (match.group("many"), match.group("unit")) if group == "each" else (None, None)
    if group == "each" and many is None:
        unit, number = categories
        many = str(number) if unit and number else None
        if many is None:
            return None
    in_each = _IN_EACH_OF.search(items)
    if in_each is not None and many is None:
        many, unit, items = in_each.group("many"), in_each.group("unit"), items[:in_each.start()]
    times = parse_number(many) if many else 1
    parts: list[Part] = []
    for piece in _VALUE_PIECE.finditer(items):
        text_of = piece.group(0)  # '18 x 1', '15 each 5 and 10', or '10 x 3 and 5 x 5' (split at the 'and')
        chunks = [text_of] if _EACH_VALUES.match(text_of) else re.split(r"\s+(?=and\s+\d|&\s+\d)", text_of)
        for chunk in chunks:
            if chunk.strip():
                start = offset + piece.start() + text_of.find(chunk) + len(chunk) - len(chunk.lstrip())
                read = _value_parts(chunk.strip(), start)
                if read is None:
                    return None
                parts += read
    if len(parts) < 2 or not times or sum(part.count for part in parts) * times != total:
        return None
    return parts, match.start(), match.end(), per_word(unit) if unit and times > 1 else None


# one item of a list by value: what runs to the next comma, a parenthesis kept whole ('20 (1 Gold)'), the values
# after 'each' kept together ('15 each 5 and 10')
_VALUE_PIECE = patterns.compile(r"(?:[^,;/+()]|\([^()]*\))+(?:\s*(?:,|and|&)\s*" + _VALUE + r"(?=\s*(?:[,;)]|$)))*")


def _value_parts(chunk: str, start: int) -> list[Part] | None:
    """'18 x 1' → one part; '15 each 5 and 10' → one part of 15 for each value; None when `chunk` is not a count of a
    value."""
    end = start + len(chunk)
    each = _EACH_VALUES.match(chunk)
    if each is not None:
        number = parse_number(each.group("n"))
        values = re.findall(_VALUE, each.group("values"))
        return None if number is None else [Part(f"value {value.strip()}", number, start, end) for value in values]
    part = _VALUE_PART.match(chunk)
    number = parse_number(part.group("n")) if part else None
    return None if number is None else [Part(f"value {part.group('value').strip()}", number, start, end)]


_INCLUDING = patterns.compile(rf"(?:\(\s*|,?\s*)(?:including|incl\.?|of\s+which)\s+(?P<n>{NUMBER})\s+(?!(?:are|is)\b)(?P<noun>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){{0,2}}?)(?=\s+(?:with|that|which|for)\b|\s*[),;(]|\s*$)", re.I)


_SPARE = patterns.compile(rf"\s*\((?:[^();]*;\s*)?(?P<n>{NUMBER})\s+(?P<noun>spares?\b(?:\s+[^\W\d_][\w'-]*){{0,3}})\s*\)", re.I)


def read_including(text: str, pos: int) -> tuple[int, str, int, int] | None:
    """'72 Land tiles (including 1 Start tile with a darker back)': (1, 'Start tile', start, end), a part; '6 discard
    markers (1 spare)', '(must be assembled before play; 1 spare player screen)': the spares, a part too."""
    spare = _SPARE.match(text, pos)
    if spare is not None and parse_number(spare.group("n")) is not None:
        return parse_number(spare.group("n")), spare.group("noun"), spare.start("n"), spare.end("noun")
    match = _INCLUDING.search(text, pos)
    if match is None or text[pos:match.start()].strip():
        return None
    value = parse_number(match.group("n"))
    return None if value is None else (value, match.group("noun"), match.start("n"), match.end("noun"))
