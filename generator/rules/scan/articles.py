"""Things named without a count in front of them: an inline list after a cue ("Equipment: 8 suits, paper,
pencils"), "give each player a pencil", "deal five to each player", "a felt mat is used", "keep a pencil and a
sheet of paper handy", "flip over 3 of them". Each production returns spans of the sentence it reads."""

from __future__ import annotations

import re

from . import patterns
from .grammar import COUNT_HINT, GROUPING, NUMBER, parse_number
from .lexicon import BREAKDOWN_CUE, COMPONENT_HEADS, NOT_COMPONENTS, head_of, is_plural, pairs_of, singular
from .prose import ACQUIRES, STEP_ADVERB

EXPANSION_CONTENTS = r"(?:expansion|bonus|promo|optional)\s+(?:contents?|components?|material|pieces)\b"  # optional pieces
_INLINE_LIST = patterns.compile(
    r"^(?P<cue>(?:the\s+)?(?:game\s+)?(?:(?:equipment|components?|contents?|materials?)(?:\s+(?:needed|required|used|list)|\s+of\s+(?:the|this)\s+(?:box|game))?|requirements?"
    r"|you(?:'ll|\s+will)?\s+(?:also\s+)?need(?!\s+to\b)|not\s+included(?=\s*:)"
    r"|(?:also\s+)?(?:is\s+)?(?:required|needed)|included\s+(?:is|are)|includes?|the\s+game\s+(?:includes|contains|comes\s+with|also\s+includes)"
    r"|(?:it|this\s+game|the\s+box)\s+(?:includes|contains|comes\s+with|also\s+includes)|contains|to\s+play\s+you\s+(?:will\s+)?need"
    r"|what\s+you\s+get(?=\s*:)|(?:inside|in\s+the\s+box)\s+you(?:'ll|\s+will)\s+find(?=\s*:)"
    rf"|{EXPANSION_CONTENTS}(?:\s*\([^()]*\))?(?=\s*:)))"
    r"\s*(?::|\s[—–-])?\s+(?P<items>.+)$", re.I)


_ONE_PER_PLAYER = patterns.compile(
    r"\b(?:(?:give|deal|hand)\s+each\s+player|(?:each|every)\s+player\s+(?:(?:also|then|now|first|additionally)\s+)?"
    r"(?:(?:chooses|picks|selects)\s+(?:an?|the|their|one)\s+[a-z]+\s+and\s+)?"  # 'Each player chooses a color and takes: a screen, …'
    r"(?:takes?|receives?|gets?|grabs?|draws?|chooses?|selects?|picks?|is\s+given|is\s+dealt|has|places|puts)"
    r"|(?:give|deal|hand)(?=\s+(?:an?|one)\s+(?:[\w'*-]+\s+){1,4}to\s+each\s+player))"
    r"\s*:?\s+(?P<article>an?|one|(?:his|her|their|its)(?:\s+[\w-]+['’]s)?|the(?=\s+(?:matching|corresponding)\b))"
    r"\s+(?P<noun>(?:[\w'-]+\s+){0,4}[\w'-]+)", re.I)


_CATEGORY_LABEL = patterns.compile(r"\b(?:colou?rs?|suits?|types?|kinds?|ranks?|values?|symbols?|factions?)\s*:", re.I)


_INLINE_PIECE = patterns.compile(r"(?:[^,;·•(]|\([^()]*\)?)+")  # an inline list's item, a note in parentheses kept whole
_PAGE_ENTRY = patterns.compile(r"(?-i:[A-Z])[\w'’ -]{0,30}?\s\d{1,3}")


def inline_items(sentence: str) -> list[tuple[int, str]] | None:
    """'Equipment: 8 piecepack suits, paper, pencils, optional playmat': the items after the cue, with offsets."""
    match = _INLINE_LIST.match(sentence.strip())
    if match is None:
        if ":" not in sentence:
            return None
        labelled = re.search(r"(?<=[a-z0-9),]\s)(?=[A-Z][a-z]+(?:\s+[a-z]+)?\s*:\s)", sentence)
        if labelled is None:
            return None
        found = inline_items(sentence[labelled.start():])
        return [(labelled.start() + at, text) for at, text in found] if found else None
    lead = len(sentence) - len(sentence.lstrip())
    start = lead + match.start("items")
    items = []
    listed = match.group("items")
    category = _CATEGORY_LABEL.search(listed)
    if category:  # '18 Cards: Colors: Red, Blue, … Suits: Hearts, …': what follows names the cards' kinds, not pieces
        listed = listed[:category.start()]
    if re.match(r"what\s+you\s+get", match.group("cue"), re.I) and re.search(r"\b(?:points?|vp)\b", listed, re.I):
        return None  # 'What you get: 2 points per region and 1 coin per city': a reward, not the box
    pieces = list(_INLINE_PIECE.finditer(listed))  # 'Contents: kettle board · ember die · 18 coal cubes'
    if sum(bool(_PAGE_ENTRY.fullmatch(p.group(0).strip())) for p in pieces) * 2 > len(pieces):
        return None  # 'Contents: Overview 2 · Setup 3 · Play 5': the rulebook's chapters and their pages
    for piece in pieces:
        text = piece.group(0)
        sub = re.split(r"\s+and\s+(?=(?:an?|one|the|\d|[a-z]+(?:\s|\.?$)))", text)
        at = piece.start()
        for part in sub:
            offset = text.find(part, at - piece.start()) + piece.start()
            stripped = part.strip().rstrip(".")
            stripped = re.sub(r"^(?:and|or|plus)\s+|^" + BREAKDOWN_CUE + r"\s*:?\s*", "", stripped, flags=re.I)  # ('100 cards, made up
            # of 80 Number cards and 20 Trick cards': the parts are items too)
            if stripped:
                items.append((start + offset + part.find(stripped), stripped))
    return items if len(items) >= 2 or (items and re.search(r"\d|\b(?:an?|one)\b", items[0][1])) else None


_PAIR_OF = patterns.compile(r"(?:[a-z]+\s+)?pair\s+of\s+(?P<what>(?:[\w'-]+\s+){0,2}?[\w'-]+?)(?=\s+(?:to|for|in|on|at|from|and)\b|\s*[,.;]|$)", re.I)


def one_per_player(sentence: str) -> list[tuple[int, int, str]]:
    """'Give each player a pencil' -> [(start, end, 'pencil')]: one component for each player."""
    found = []
    for match in _ONE_PER_PLAYER.finditer(sentence):
        pair = _PAIR_OF.match(match.group("noun"))
        if pair and head_of(pair.group("what")) not in NOT_COMPONENTS and pairs_of(pair.group("what"))[0] == 2:
            # '… a pair of dice': two, read so by running._named_thing ('a pair of scissors' is a tool, no component)
            found.append((match.start("article"), match.start("noun") + pair.end(), f"pair of {pair.group('what')}"))
            continue
        noun = re.split(r"\s+(?:to|for|of|with|from|that|which|and|face|in|into|on|at|an?|one|\d+)\b", match.group("noun"))[0]
        words = noun.split()
        while words and head_of(" ".join(words)) not in COMPONENT_HEADS:
            words.pop()
        possessive = match.group("article")[0].lower() in "ht"  # his, her, their, its
        if words and possessive and (words[0].lower() == "or" or is_plural(words[-1])):
            continue  # 'his or her cards', 'their item cards': a player's set, not one piece
        if words:
            noun = " ".join(words)
            found.append((match.start("article"), match.start("noun") + len(noun), noun))
            end = match.start("noun") + len(noun)
            for more in _BARE_AFTER.finditer(sentence, end) if match.group("article").lower() == "the" else ():
                if more.start() != end or head_of(more.group("noun")) not in COMPONENT_HEADS:
                    break  # 'takes the matching board, figure, and base': the same one each of the things named after
                found.append((more.start("noun"), more.end("noun"), more.group("noun")))
                end = more.end("noun")
    return found + _acquired_articles(sentence, {start for start, _, _ in found})


_BARE_AFTER = patterns.compile(r",?\s*(?:,|\band\b)\s+(?P<noun>(?!(?:an?|the|one|then|each|place|put|take)\b)[a-z][\w'-]*)(?=\s*(?:[,.;]|\band\b|$))", re.I)


_ARTICLE_ITEM = patterns.compile(r"(?:^\s*|,\s*|\s+and\s+)(?P<article>an?|one)\s+(?P<noun>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?!\s+at\s+a\s+time)(?=\s*(?:,|and\b|to\b|on\b|in\b|at\b|of\b|from\b|with\b|for\b|next\b|$|\.|\())", re.I)


_IMPERATIVE_A = patterns.compile(r"^\s*(?:\d+[.)]\s*)?" + STEP_ADVERB + r"(?:randomly\s+)?(?:take|place|put|set|lay|add|draw|reveal|choose|select|pick|prepare"
                                 r"|flip(?:\s+over)?|turn\s+over)\s+(?P<article>an?|one|the\s+(?:next\s+)?top(?=\s+card\b(?!\s+of\s+(?:your|an?|their|his|her)\b)))\s+(?P<noun>(?:[\w'-]+\s+){0,3}?[\w'-]+)(?=\s+(?:on|in|into|onto|next|beside|near|at|matching|of|face|for|to"
                                 r"|between|above|below|under|behind|by)\b|\s*[,.;]|$)", re.I)


_A_PER_PLAYER = patterns.compile(r"\b(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:per|for\s+(?:each|every)|to\s+each)\s+player\b", re.I)
_ONE_LISTED_BEFORE = patterns.compile(r"(?:^|\b(?:give|hand|deal)\s+|,\s*|\band\s+)(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s*(?:,\s*(?:and\s+)?|\band\s+)$", re.I)
_BOTH = patterns.compile(r"\bboth\s+(?:the\s+|of\s+the\s+)?(?P<noun>(?:[\w'-]+\s+){0,2}[\w'-]+)", re.I)


_THE_THING = patterns.compile(r"^\s*(?:[-*•]\s*)?the\s+(?P<noun>(?:[^\W\d_][\w'-]*\s+){0,3}?[^\W\d_][\w'-]*)(?=\s*(?:,|\s(?:is|are|shall|should|must|will|has|which|of|measures?|consists?)\b))", re.I)


def the_thing_described(sentence: str) -> list[tuple[int, int, str]]:
    """'The striker, shall be smooth and round', 'The six-sided die, which players …': in a component list's
    section, a sentence describing one component by name."""
    match = _THE_THING.match(sentence)
    if match is None:
        return []
    noun = match.group("noun")
    words = noun.split()
    if head_of(noun) not in COMPONENT_HEADS or is_plural(words[-1]) or head_of(noun) in {"rules", "rule"}:
        return []
    if head_of(noun) in {"deck", "pack", "set"} and COUNT_HINT.search(sentence, match.end()):
        return []  # 'The deck consists of 110 cards': the cards are what is counted
    return [(match.start("noun"), match.end("noun"), noun)]


def one_each(sentence: str) -> list[tuple[int, int, int, str, str | None]]:
    """'Prepare an envelope per player' (one per player), 'Place both 2-Pound tickets' (two):
    (start, end, count, noun, per)."""
    found = []
    for match in _A_PER_PLAYER.finditer(sentence):
        if head_of(match.group("noun")) in COMPONENT_HEADS:
            found.append((match.start("article"), match.end("noun"), 1, match.group("noun"), "player"))
            before = _ONE_LISTED_BEFORE.search(sentence, 0, match.start())
            while before is not None and head_of(before.group("noun")) in COMPONENT_HEADS:  # 'Give an easel and a pen
                found.append((before.start("article"), before.end("noun"), 1, before.group("noun"), "player"))  # to each player'
                before = _ONE_LISTED_BEFORE.search(sentence, 0, before.start("article"))
    for match in _BOTH.finditer(sentence):
        words = match.group("noun").split()
        while words and head_of(" ".join(words)) not in COMPONENT_HEADS:
            words.pop()
        if words and is_plural(words[-1]):
            noun = " ".join(words)
            found.append((match.start(), match.start("noun") + len(noun), 2, noun, None))
    return found


_PLACED_NAME = patterns.compile(r"an?\s+(?P<name>(?-i:[A-Z][a-z][\w'-]*)(?:\s+(?-i:[A-Z][a-z][\w'-]*))?)\s+(?:on|onto|in)\s+the\b")
# (after 'Place'/'Put': a capitalised name, then where it goes)


def imperative_one(sentence: str) -> list[tuple[int, int, str]]:
    """'Take a pawn matching the color of your card', 'Place a marker on space 0', 'Draw a Relic card', 'Flip the top
    card' (of the deck, not of your deck in play): one piece set out in a setup step."""
    match = _IMPERATIVE_A.match(sentence)
    if match is None:
        return []
    words = match.group("noun").split()
    named = _PLACED_NAME.match(sentence, match.start("article"))
    while words and head_of(" ".join(words)) not in COMPONENT_HEADS:
        words.pop()
    if not words and named is not None and singular(named.group("name").lower()) not in NOT_COMPONENTS:
        words = named.group("name").split()  # 'Put a Shepherd on the centre tile': a piece named, set on the board
    if not words or words[0].lower() in {"of", "more", "other", "further"}:
        return []  # 'one of their markers': one of a set, said again
    lowered = [w.lower() for w in words]
    if "and" in lowered:  # 'Prepare a pen and a scorepad': the first thing; the second is another's ('and a …')
        words = words[:lowered.index("and")]
        if not words or head_of(" ".join(words)) not in COMPONENT_HEADS:
            return []
    noun = " ".join(words)
    return [(match.start("article"), match.start("noun") + len(noun), noun)]


_THE_WORD = r"(?!(?:in|on|onto|at|near|next|beside|within|face|to|from|of|as|and|or|for|with|into|which|that|then|up|down|aside)\b)[^\W\d_][\w'’-]*"
_THE_NOUN = rf"the\s+(?:{_THE_WORD}\s+){{0,3}}{_THE_WORD}"
# A counted piece among those named with 'the': 'the board, 4 workers and the score marker of that colour' (each counted
# one is read by the count phrases). Atomic: a number may be matched two ways, and a list of twenty pieces was tried in
# every way of splitting its counts.
_COUNTED_NOUN = rf"(?>(?:the\s+)?{NUMBER}\s+(?:{_THE_WORD}\s+){{0,3}}{_THE_WORD})"
_SET_OUT_THE = patterns.compile(  # 'Place the game board in the centre', 'Put the Moon die and the Sun die next to the board'
    r"(?:^\s*(?:(?:\d+(?:\.\d+)*|[IVX]{1,4}|[a-h])[.)]?\s+)?|\band\s+|;\s*)" + STEP_ADVERB + r"(?:place|put|lay|set|unfold|position|open)\s+(?:out\s+)?"
    rf"(?P<items>{_THE_NOUN}(?:\s*(?:,|,?\s+and)\s+{_THE_NOUN})*)"
    r"(?=(?:\s*\((?!\s*\d+\s*\))[^()]{1,30}\))?(?:\s+(?:in|on|onto|at|near|next\s+to|beside|within|face|nearby|by|where|so|between|above|below|and)\b|\s*[.;,]|\s*$))", re.I)
# ('I. Place the Dragon marker (black) on the Rage Track': a step numbered in Roman, a note before where it goes)
_THE_PLACED = patterns.compile(  # 'The game board is placed in the centre of the table': the same step, said of the piece
    rf"^\s*(?:\d+(?:\.\d+)*[.)]?\s+)?(?:then\s+)?(?P<passive>{_THE_NOUN})\s+(?:is|should\s+be|must\s+be)\s+(?:then\s+)?"
    r"(?:placed|put|laid|set|positioned|unfolded)\s+(?:out\s+)?(?:in|on|onto|at|near|next\s+to|beside|between|within|face)\b", re.I)
_TAKES_THE = patterns.compile(  # 'That player takes the conch shell', 'Each player takes the player board, the disc and the tent of
    # that colour', 'Give the start player the Harbour Master token'
    r"(?:\b(?P<who>each\s+player|every\s+player|(?:the\s+|that\s+|this\s+)?(?:\w+\s+)?player|(?:he|she|they))\s+(?:then\s+)?"
    r"(?:(?:chooses|picks|selects)\s+(?:an?|the|their|one)\s+\w+\s+and\s+)?"  # 'Each player chooses a colour and takes the …'
    r"(?:takes|receives|gets|is\s+given|collects|grabs|chooses)|(?:^\W*|\b(?:and|then)\s+|,\s*)take)\s+"
    rf"(?P<items>(?:{_COUNTED_NOUN}\s*(?:,|,?\s+and)\s+)*{_THE_NOUN}(?:\s*(?:,|,?\s+and)\s+(?:{_THE_NOUN}|{_COUNTED_NOUN}))*)"
    r"|\bgive\s+(?:the|that|this)\s+(?:\w+\s+)?(?:player|dealer|banker|leader)\s+"
    rf"(?P<given>{_THE_NOUN}(?:\s*(?:,|,?\s+and)\s+{_THE_NOUN})*)"
    rf"|\b(?:give|hand|pass)\s+(?P<handed>{_THE_NOUN})\s+to\s+(?:the|a|one)\s+(?:\w+\s+)?player\b"  # 'Give the starting
    # player marker to the youngest player'; 'You take the pawn in your colour'
    rf"|\b(?:takes?|receives?|gets?|chooses?)\s+(?P<coloured>{_THE_NOUN})\s+(?:of|in)\s+(?:their|his|her|your)\s+(?:own\s+)?colou?r\b", re.I)
_THE_ITEM = patterns.compile(r"\bthe\s+(?P<noun>(?:[^\W\d_][\w'’-]*\s+){0,3}?[^\W\d_][\w'’-]*?)(?=\s*(?:,|\band\b|$))", re.I)
_OF_THEIR_COLOUR = re.compile(r"\s+(?:of\s+(?:that|their|his|her|your|the\s+same|the\s+chosen)\s+colou?r|of\s+their\s+choice)$", re.I)
_OWN_COLOUR = patterns.compile(r"\s+(?:of|in)\s+(?:their|his|her|your)\s+(?:own\s+)?colou?r\b", re.I)
_NOT_ONE_OF_A_KIND = frozenset("remaining rest other others last next top bottom first second third chosen drawn same current".split())
_MATCHING = frozenset({"matching", "corresponding"})  # 'the matching screen', quoted from 'the' as one_per_player quotes it
_NOT_SET_OUT = patterns.compile(r"\baside\b|\bback\s+(?:in|into)\s+the\s+box|\bout\s+of\s+the\s+game|^\W*(?:for\s+example|e\.\s?g\.)\b"
                               r"|^\W*(?:if|when|whenever)\b(?!\s+you\s+are\s+the\s+(?:youngest|oldest|first|start))"  # ('If you are the
                               # youngest player, take the starting player marker' is the set-up)
                               r"|\b(?:winning|losing)\s+player\b|\b(?:winner|loser)\b", re.I)
_ONE_OF_MANY = frozenset("token card tile marker piece cube pawn disc disk die counter chit meeple figure coin".split())
_FORMED_BY_PIECES = frozenset("deck pile stack supply pool market display row column bank reserve box hand discard area space spot".split())


def the_ones_set_out(sentence: str) -> list[tuple[int, int, str, str | None, bool]]:
    """'Place the game board in the centre', 'That player takes the conch shell', 'Each player takes the player board
    and the tent of that colour', 'Give the starting player marker to the youngest player': each single piece a setup
    step names with 'the', one of it (per player when each player takes it). What is placed is read only where nothing else in the rulebook counts it (the last field, True
    for a placed piece: a board the contents list counted is placed, not counted again; document.py drops it); what a
    player is given or takes is what that player gets, read as the one given ('Give that player the Sheriff marker').
    (start, end, noun, per, placed)."""
    if _NOT_SET_OUT.search(sentence):
        return []  # 'Put the expansion board aside', 'If you roll a six, take the bonus token', 'The winner takes the Trophy'
    found = []
    for match in (m for pattern in (_SET_OUT_THE, _THE_PLACED, _TAKES_THE) for m in pattern.finditer(sentence)):
        placed = match.re is not _TAKES_THE
        group = next(name for name in ("items", "passive", "given", "handed", "coloured") if match.groupdict().get(name))
        who = match.groupdict().get("who") or ""
        per = "player" if re.match(r"(?:each|every)\b", who, re.I) else None
        items = match.group(group)
        own = group == "coloured" or _OWN_COLOUR.match(sentence, match.end(group)) is not None
        for item in _THE_ITEM.finditer(items):
            noun = _OF_THEIR_COLOUR.sub("", item.group("noun"))
            words = noun.split()
            kind_word = words[0].lower() in _NOT_ONE_OF_A_KIND and not re.match(r"(?:first|start)\s+player\s", noun, re.I)  # ('the
            # first card', but 'the first player marker')
            if not words or is_plural(words[-1]) or kind_word or head_of(noun) not in COMPONENT_HEADS \
                    or head_of(noun) in _FORMED_BY_PIECES or head_of(noun) in NOT_COMPONENTS \
                    or (len(words) == 1 and head_of(noun) in _ONE_OF_MANY):
                continue  # ('roll both dice and place the token on …': the token just named, one of many)
            start = match.start(group) + item.start("noun")
            end = start + len(noun)
            if words[0].lower() in _MATCHING:
                start = match.start(group) + item.start()  # (the same statement as one_per_player's, not a second one)
            found.append((start, end, noun, None if own else per, placed))  # ('the boat of their colour': the one of
            # its colour, as the older reading had it; 'the disc of that colour': one for each player)
    return found


_YOURS_SET_OUT = patterns.compile(  # 'Place your Income Cylinder on the 0 space and your Reputation Cube on the 1 space'
    r"\b(?:place|put|take|set|lay|position|stand)\s+(?:out\s+)?(?P<first>your\s+(?:" + _THE_WORD + r"\s+){0,3}" + _THE_WORD + r")"
    r"(?:(?:\s+[^,;.]*?)?(?:,\s*|,?\s+and\s+)(?P<second>your\s+(?:" + _THE_WORD + r"\s+){0,3}" + _THE_WORD + r"))?", re.I)
_YOURS_HEAD = patterns.compile(r"your\s+(?:own\s+)?", re.I)


def yours_set_out(sentence: str) -> list[tuple[int, int, str]]:
    """'Place your Income Cylinder on the 0 Income space and your Reputation Cube on the 1 Reputation space', 'Take your
    player board': a set-up step said to each player, each piece named by 'your' one of it, for every player."""
    found = []
    for match in _YOURS_SET_OUT.finditer(sentence):
        for group in ("first", "second"):
            if match.group(group) is None:
                continue
            start = match.start(group) + _YOURS_HEAD.match(match.group(group)).end()
            words = sentence[start:match.end(group)].split()
            while words and singular(words[-1]) not in COMPONENT_HEADS:
                words.pop()  # ('your score marker on space 0': the thing, not where it goes)
            if words and not is_plural(words[-1]) and words[0].lower() not in _NOT_ONE_OF_A_KIND \
                    and head_of(" ".join(words)) not in _FORMED_BY_PIECES:  # ('your vehicle cards', 'your 5 workers': several)
                found.append((start, start + len(" ".join(words)), " ".join(words)))
    return found


_LAID_OUT = patterns.compile(r"^\s*(?:\d+[.)]\s*)?(?:lay\s+out|set\s+out|set\s+up|place|put|unfold)\s+the\s+(?P<items>[^.;:]+?)\s*(?:[.;:]|$)", re.I)


def laid_out(sentence: str) -> list[tuple[int, int, str]]:
    """'1. Lay out the Game Map, Stewards Board, Warehouse Board, and Round Timer.': each of the single pieces a setup
    step lists, one of it (a list of two or more, each a singular component: not 'place the cards face down')."""
    match = _LAID_OUT.match(sentence)
    if match is None:
        return []
    items = list(re.finditer(r"[^,]+?(?=\s*,|\s+and\s|$)|(?<=and\s)[^,]+$", match.group("items")))
    found = []
    for item in items:
        noun = re.sub(r"^(?:and\s+|the\s+)+", "", item.group(0).strip(), flags=re.I)
        if not noun or len(noun.split()) > 3 or head_of(noun) not in COMPONENT_HEADS or is_plural(noun.split()[-1]):
            return []
        start = match.start("items") + item.start() + item.group(0).find(noun)
        found.append((start, start + len(noun), noun))
    return found if len(found) >= 2 else []


_NAMED_ALONE = patterns.compile(r"^\W*(?P<items>(?:an?|one)\s+[^.;:!?]+?)\s*[.;]?\s*$", re.I)
_ALONE_ITEM = patterns.compile(r"(?:^|,\s*|\s+and\s+)(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,3}?[\w'-]+)(?=\s*(?:,|\band\b|$))", re.I)


def named_alone(sentence: str) -> list[tuple[int, int, str]]:
    """'A six-sided die.', '• A felt mat and a sheet of paper.': a sentence that only names single things, each a
    component (not 'A player.', nor 'A die is rolled.': a sentence with a verb says something else)."""
    match = _NAMED_ALONE.match(sentence)
    if match is None:
        return []
    items = list(_ALONE_ITEM.finditer(match.group("items")))
    covered = "".join(m.group(0) for m in items)
    if not items or len(covered.strip()) != len(match.group("items").strip()):
        return []  # more than articles and nouns: a clause
    start = match.start("items")
    found = [(start + m.start("article"), start + m.end("noun"), m.group("noun")) for m in items]
    return found if all(head_of(noun) in COMPONENT_HEADS and not is_plural(noun.split()[-1]) and not re.search(r"\d", noun)
                        for _, _, noun in found) else []  # ('A Tower costs 4 stone': a price, not a tower and a stone)


_GIVES_EACH = patterns.compile(r"\b(?:give|deal|hand)\s+each\s+player\b|\b(?:each|every)\s+player\s+has\b", re.I)  # ('make sure
# each player has a sketch book, a marker, and a clean-up cloth')


def _acquired_articles(sentence: str, taken: set[int]) -> list[tuple[int, int, str]]:
    """'Each player places a warrior and a peasant on the capital': every 'a X' the player acquires, one each."""
    verb = ACQUIRES.search(sentence) or _GIVES_EACH.search(sentence)
    if verb is None:
        return []
    found = []
    rest = sentence[verb.end():]
    for match in _ARTICLE_ITEM.finditer(rest):
        start = verb.end() + match.start("article")
        noun = match.group("noun")
        if start in taken or head_of(noun) in NOT_COMPONENTS or (verb.group(0).lower().endswith("has") and head_of(noun) not in COMPONENT_HEADS):
            continue  # ('each player has a goal, a secret, and a plan': no pieces)
        found.append((start, verb.end() + match.end("noun"), noun))
    return found


_USE_A = patterns.compile(r"\b(?:use|uses|using|need|needs|requires?|played\s+(?:by\s+(?:\w+\s+){1,3}?)?(?:with|on)|play\s+with|to\s+have|should\s+have|keep|bring|grab"
                          r"|have(?=\s+(?:an?|one)\s+[^.]{0,40}\b(?:ready|handy|nearby|available)\b))\s+(?P<article>an?|one)\s+"
                          r"(?P<noun>(?:[\w'-]+\s+){0,3}[\w'-]+)", re.I)
_A_IS_USED = patterns.compile(r"\b(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,3}?[\w'-]+)(?P<and>\s+and\s+(?:an?\s+)?[\w'-]+)?\s+(?:is|are|will\s+be|can\s+be"
                              r"|may\s+be|must\s+be)\s+(?:also\s+|only\s+)?(?:used|needed|required|included|helpful|useful|handy|recommended)\b", re.I)


_DEAL_N = patterns.compile(
    rf"\b(?:deal|deals|dealt|give|gives|hand\s+out)\s+(?P<n>{NUMBER})(?:\s+cards?)?(?:\s+(?:face[\s-](?:down|up)|at\s+random|randomly|of\s+them|secretly))?"
    r"(?:\s+(?:to\s+|in\s+front\s+of\s+|before\s+)?|\s*,\s*(?:face[\s-](?:down|up)|at\s+random|randomly|secretly)\s*,\s*(?:to|in\s+front\s+of|before)\s+)"
    r"each\s+player", re.I)  # ('deals 9, face down, to each player'; not 'Deal 2 face down, each player then looks')
_OBJECT = patterns.compile(r"\b(?:the|all)\s+(?P<noun>(?:[A-Z]?[\w'-]+\s+){0,2}(?:cards?|tiles?|tokens?|chits?|counters?|pieces?))\b", re.I)


def deal_each(sentence: str) -> list[tuple[int, int, int, str]]:
    """'Shuffle the Role cards and deal one face down to each player': (start, end, count, 'Role cards')."""
    found = []
    for match in _DEAL_N.finditer(sentence):
        value = parse_number(match.group("n"))
        objects = list(_OBJECT.finditer(sentence[:match.start()]))
        if value is None:
            continue
        noun = objects[-1].group("noun") if objects else "cards"
        found.append((match.start("n"), match.end(), value, noun))
    return found


_DEALT_ASIDE = patterns.compile(rf"(?:,|;|\band)\s+(?:then\s+)?(?P<n>{NUMBER})\s+(?:more\s+)?(?:face[\s-](?:down|up)\s+)?(?:to|into|for)\s+"
                                rf"(?:the|a)\s+(?P<to>[a-z]+)(?=\s*(?:[.,;]|$))", re.I)  # one word: 'to the kitty.', not 'to the starting player'
_DEALT_CARDS = patterns.compile(rf"\b(?:deal|deals|dealt)\s+(?:out\s+)?{NUMBER}\s+(?P<noun>(?:[\w'-]+\s+)?cards?)\b", re.I)


def dealt_aside(sentence: str) -> list[tuple[int, int, int, str]]:
    """'Deal 6 cards each and 2 to the kitty', '… to each player, 2 to the blind': the cards a deal sets aside
    besides the players' hands: (start, end, count, 'kitty cards')."""
    dealt = _DEALT_CARDS.search(sentence)
    if dealt is None:
        return []
    found = []
    for match in _DEALT_ASIDE.finditer(sentence, dealt.end()):
        value = parse_number(match.group("n"))
        if value and singular(match.group("to")) not in {"player", "left", "right", "dealer", "each"}:
            found.append((match.start("n"), match.end(), value, f"{match.group('to')} {dealt.group('noun')}"))
    return found


_LISTED_A = patterns.compile(r"(?:,|\band|:|\b(?:find|contains?|includes?|holds?|comes\s+with))\s+(?P<article>an?|one)\s+"
                             r"(?P<noun>(?:[\w'-]+\s+){0,2}?[\w'-]+?)(?=\s*(?:,|\.|\band\b|$))", re.I)


_FIRST_PLAYER_PIECE = patterns.compile(
    r"\b(?:takes?|receives?|gets?|gives?|give\s+(?:them|him|her|that\s+player|this\s+player))\s+the\s+"
    r"(?P<noun>(?:first|start|starting|lead|1st)[\s-]player\s+(?:marker|token|card|seat|pawn|tile|meeple|figure|disc|chip|badge))\b", re.I)


def first_player_piece(sentence: str) -> list[tuple[int, int, str]]:
    """'They take the first-player marker', 'Give them the First Player token': the one piece that marks who starts."""
    return [(m.start("noun"), m.end("noun"), m.group("noun")) for m in _FIRST_PLAYER_PIECE.finditer(sentence)]


def listed_one(sentence: str) -> list[tuple[int, int, str]]:
    """'In the box you will find 6 plastic ships, a harbour board and 48 goods tokens': the single things listed
    among counted ones in a sentence that states contents."""
    found = []
    for match in _LISTED_A.finditer(sentence):
        noun = match.group("noun")
        if head_of(noun) in COMPONENT_HEADS and not re.search(r"\b(?:turn|round|action)\b", noun, re.I):
            found.append((match.start("article"), match.end("noun"), noun))
    return found


def one_used(sentence: str) -> list[tuple[int, int, str]]:
    """'A canvas mat is used', 'optionally use a timer', 'a Checkers board can be used': one of a component."""
    found = []
    for match in [*_USE_A.finditer(sentence), *_A_IS_USED.finditer(sentence)]:
        noun = match.group("noun")
        if match.re is _USE_A:  # 'use a timer to …': the noun ends at its component head
            words = re.split(r"\s+(?:to|for|of|with|from|that|which|and|in|on|as)\b", noun)[0].split()
            while words and head_of(" ".join(words)) not in COMPONENT_HEADS:
                words.pop()
            noun = " ".join(words)
            if not noun:
                continue
        if head_of(re.split(r"\s+of\s+", noun)[0]) in GROUPING and (re.search(r"(?<![\w-])\d+\s+[^\W\d_]", noun) or (
                match.group("article").lower() != "one" and re.match(
                    rf"\s+of\s+(?:{NUMBER})\s+[^\W\d_]", sentence[match.start("noun") + len(noun):], re.I))):
            continue  # 'A deck of 32 cards is used': the count inside says how many (thirty-two cards, read as such);
            # 'A board of 19 hexes' is one board
        if head_of(noun) in COMPONENT_HEADS and not re.search(r"\b(?:turn|round|action)\b", noun, re.I):
            found.append((match.start("article"), match.start("noun") + len(noun), noun))
            found += coordinated_ones(sentence, match.start("noun") + len(noun)) if match.re is _USE_A else []
            other = re.match(r"\s+and\s+(?:an?\s+)?(?P<noun>[\w'-]+)", match.groupdict().get("and") or "")
            if other and head_of(other.group("noun")) in COMPONENT_HEADS and not is_plural(other.group("noun")):
                at = match.start("and") + other.start("noun")  # 'A scoring pad and pencil are helpful'
                found.append((at, at + len(other.group("noun")), other.group("noun")))
    return found


_AND_A = patterns.compile(r"(?:\s+in\s+the\s+(?:game|box))?\s*(?:,\s*|\s+)(?:and\s+)?(?P<article>an?(?:\s+single)?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,2}?[\w'-]+?)(?=\s*(?:,|\.|\band\b|\bto\b|\bhandy\b|\bready\b|\bnearby\b"
                     r"|\b(?:are|is|will|must|should|can|may)\b|$))", re.I)  # 'Two dice and a doubling cube are used'


def coordinated_ones(sentence: str, pos: int) -> list[tuple[int, int, str]]:
    """'have a pencil and a sheet of paper', 'give 12 cards, 1 board and a pencil': the further single things
    coordinated after the one (or the count) ending at `pos`."""
    found = []
    for _ in range(4):
        match = _AND_A.match(sentence, pos)
        if match is None:
            break
        noun = match.group("noun")
        main = re.split(r"\s+of\s+", noun)[0]
        if head_of(noun) not in COMPONENT_HEADS and not (main.split()[-1].lower() in {"piece", "sheet", "pad", "set"}):
            break
        found.append((match.start("article"), match.end("noun"), noun))
        pos = match.end("noun")
    return found


_OF_THEM = patterns.compile(rf"\b(?P<n>{NUMBER})\s+of\s+(?:them|these|those)\b"
                            rf"|\b(?:draws?|deals?|reveals?|flip(?:s|\s+over|s\s+over)?|turns?\s+over|takes?|removes?|set\s+aside|places?|puts?|lay(?:s|\s+out|s\s+out)?)\s+"
                            rf"(?:only\s+|the\s+(?:top|first)\s+)?(?P<alone>{NUMBER})(?=\s*(?:[,;.]|and\b|face\b|at\s+random|$|to\s+(?:form|make|create|build)\b"
                            r"|into\b|onto\b|instead\b|next\s+to\b|beside\b|(?:in|to)\s+(?:a\s+|the\s+)?(?:row|line|column|middle|cent(?:re|er))\b))",
                            re.I)  # 'Shuffle the Contract cards, draw 3 and place them face up', 'reveal 4 to form the market', 'flip the
# top 5 face up', 'with 5 players, deal only 3': so many of the things named before


_PAREN_PER_PLAYER = patterns.compile(rf"\(\s*(?P<n>{NUMBER})\s+(?:for\s+each|per|to\s+each|each\s+for)\s+player\s*\)", re.I)


def paren_per_player(sentence: str) -> list[tuple[int, int, int, str]]:
    """'the fences are placed in their storage area (10 for each player)': so many of the thing named before."""
    found = []
    for match in _PAREN_PER_PLAYER.finditer(sentence):
        value = parse_number(match.group("n"))
        noun = _named_before(sentence, match.start(), first=True)
        if value and noun:
            found.append((match.start("n"), match.end() - 1, value, noun))
    return found


_BY_PLAYER_COUNT = patterns.compile(rf"(?<![\w.$])(?P<n>{NUMBER})\s+with\s+(?P<p>\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}}|\+)?)"
                                    r"[\s-]+players?\b", re.I)


def by_player_count(sentence: str) -> list[tuple[int, int, int, str, str]]:
    """'Each player takes a hand of cards: 9 with 3 players, 7 with 4 players, 6 with 5': so many of the thing the
    sentence named before, for each player count, two or more of them. (start, end, count, noun, players)."""
    found = []
    for match in _BY_PLAYER_COUNT.finditer(sentence):
        value = parse_number(match.group("n"))
        noun = _named_before(sentence, match.start())
        noun = re.sub(r"^(?:deal|give|take|place|use|draw|hand)\s+", "", noun, flags=re.I) if noun else None  # 'Deal cards …'
        if value is not None and noun:
            found.append((match.start("n"), match.end("n"), value, noun, re.sub(r"\s+", "", match.group("p"))))
    return found if len(found) >= 2 else []


def _named_before(sentence: str, at: int, first: bool = False) -> str | None:
    """The component the sentence named last (or `first`: its subject) before `at`, with up to two words in
    front of its head."""
    found = list(re.finditer(r"[^\W\d_][\w'-]*", sentence[:at]))
    words = [match.group(0) for match in found]
    heads = [i for i, word in enumerate(words) if singular(word) in COMPONENT_HEADS]
    if not heads:
        return None
    last = first = heads[0] if first else heads[-1]
    while first > 0 and last - first < 2 and words[first - 1].lower() not in _OF_THEM_STOP \
            and not sentence[found[first - 1].end():found[first].start()].strip():  # 'places 10 fences': not 'places fences'
        first -= 1
    return " ".join(words[first:last + 1])


def of_them(sentence: str, counted_before: str | None = None) -> list[tuple[int, int, int, str]]:
    """'Shuffle the Infection cards and flip over 3 of them': 3 of the things the sentence named before, or else of
    `counted_before`, what the sentences before it counted last ('Shuffle the 24 Bounty cards. With 2 players, remove 8
    of them.'). What a deck is dealt from is its cards ('Shuffle the Stall deck and reveal 4': 4 Stall cards)."""
    found = []
    for match in _OF_THEM.finditer(sentence):
        value = parse_number(match.group("n") or match.group("alone"))
        noun = _named_before(sentence, match.start()) or (counted_before if match.group("n") else None)  # ('remove 8 of
        # them': of what came before; a bare 'reveal 4' only of what its own sentence names)
        if noun and head_of(noun) in {"deck", "pack"}:
            noun = re.sub(r"\b(?:deck|pack)s?$", "cards", noun, flags=re.I)
        if not value or value < 2 or not noun:
            continue  # 'puts one of them on space 0': a piece placed, not a count
        if match.group("alone") and _DEAL_N.match(sentence, match.start()):
            continue  # 'deal 2 face up to each player': so many for each player (deal_each)
        start = match.start("n") if match.group("n") else match.start("alone")
        found.append((start, match.end(), value, noun))
    return found


_OF_THEM_STOP = frozenset("the all your their his her its and or of a an to from in on with shuffle shuffles deal give take place "
                          "use draw hand reveal remove flip put set lay sort separate stack mix return discard choose select "
                          "pick".split())  # ('Shuffle toy cards, reveal 4': the toy cards)
