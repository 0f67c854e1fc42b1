"""Count statements in running text: paragraphs joined across line breaks (hyphenation undone), split into
sentences, each sentence read for count phrases in a context that states what exists or is set up — never
in one that pays, scores or moves. Also the sentence productions: copula ("The Comets are three cards"),
"the remaining N are …", fractions ("two-thirds of these (80)"), per-category products ("for every house
there is a Herald"), numbered ranges ("numbered 3 through 7, two of each"). Entry point: prose_phrases."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from .annotations import read_per
from .grammar import NUMBER, Phrase, count_first, parse_number
from .layout import LayoutLine
from .lexicon import COMPONENT_HEADS, NOT_COMPONENTS, PER_WORDS, head_of, singular

PLAY = "play"  # the kind read_sentence is given for a section about playing (sections.is_play)
STATING = re.compile(
    r"\b(?:contains?|contained|includes?|including|included|consists?\s+of|comes?\s+with|there\s+(?:are|is|will\s+be|needs?\s+to\s+be)"
    r"|you\s+(?:will\s+)?(?:also\s+)?need|you'll\s+(?:also\s+)?need|needed|requires?|required|equipment|components?"
    r"|(?:is|are)\s+played\s+(?:with|using|on)|played\s+with|uses?|using|(?:has|have)|made\s+up\s+of|composed\s+of"
    r"|comprises?|comprising|provided|in\s+the\s+box|holds?|set\s+of|deck\s+of|a\s+total\s+of|in\s+total|altogether"
    r"|(?:is|are)\s+(?:\w+\s+){0,3}(?:cards?|tiles?|pieces?|tokens?|dice|stones?)|each\s+(?:side|player|colou?r)\s+(?:has|gets|owns)"
    r"|print|cut\s+out|materials?)\b",
    re.I,
)
SETUP = re.compile(
    r"\b(?:set\s*-?\s*up|setting\s+up|at\s+the\s+(?:start|beginning)|to\s+(?:start|begin)|begins?\s+(?:the\s+game\s+)?with"
    r"|starts?\s+(?:the\s+game\s+)?with|starting|initially|before\s+(?:the\s+game|play|playing|starting)|(?:is|are)\s+dealt"
    r"|deals?|shuffle|distribute|hand\s+out|each\s+player\s+(?:takes?|receives?|gets?|draws?|chooses?|collects?|is\s+given|places?)"
    r"|give\s+each\s+player|to\s+each\s+player|keep\s+(?:at\s+least\s+|about\s+)?\w+\s+(?:\w+\s+){0,6}(?:nearby|handy|ready|within\s+reach)|(?:takes?|receives?)\s+(?:\w+\s+){0,3}(?:of\s+)?(?:their|his|her)\s+colou?r)\b",
    re.I,
)
GAMEPLAY = re.compile(
    r"\b(?:pay|pays|paid|paying|costs?|earns?|earned|scores?|scored|scoring|gains?|gained|loses?|lost|spends?|wins?|won"
    r"|moves?|moved|advance|advances|discard|discards|trade|trades|buy|buys|bought|sell|sells|sold|selling|worth"
    r"|points?|vp|capture|captures|captured|attack|attacks|roll|rolls|rolled|throws?|flip|flips|if\s+you|when\s+you"
    r"|on\s+your\s+turn|during|may|instead|your\s+hand|opponents?|this\s+card|cannot)\b",
    re.I,
)
_PER_PLAYER = re.compile(r"\b(?:each|every|per)\s+player\b|\bto\s+each\s+player|\bplayers\s+each\b|\beach\s+(?:take|get|receive)s?\b", re.I)
_SUPPLIED = re.compile(r"\b(?:not\s+included|also\s+need|will\s+need|you\s+need|you'll\s+need|you\s+will\s+also|bring|provide[ds]?|supply\s+your\s+own|sold\s+separately|not\s+provided|(?:players?\s+)?(?:will\s+)?need\s+to\s+(?:supply|provide))\b", re.I)
_OPTIONAL = re.compile(r"\b(?:optional(?:ly)?|variant|expansion|advanced\s+game|for\s+a\s+longer\s+game|can\s+(?:also\s+)?be\s+(?:added|shuffled|included|used|mixed)|may\s+(?:also\s+)?(?:be\s+)?(?:use|add|include|shuffle)d?)\b", re.I)
_DIMENSION_AFTER = re.compile(r"\s+(?:wide|high|long|tall|deep|across|apart|away|in\s+a\s+row|in\s+diameter|thick)\b", re.I)
_ACTION_BEFORE = re.compile(r"\b(?:rolls?|rolling|throws?|throwing|draws?|drawing|discards?|discarding|pays?|paying|spends?"
                            r"|gains?|loses?|moves?|scores?|flips?|reveals?|plays?|playing|picks?|chooses?|trades?|buys?|sells?"
                            r"|steals?|returns?|removes?|lose)\s+(?:up\s+to\s+|at\s+least\s+|only\s+|exactly\s+)?$", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[\"'(]?[A-Z0-9])|(?<=[.!?])$|(?<=:)\s+(?=(?:Each|Every)\s+player\b)")


class Places:
    """Where each character of a paragraph came from, (index into lines, column in that line's text), kept as
    one entry per joined line rather than per character."""

    def __init__(self) -> None:
        self.starts: list[int] = []  # paragraph offset where each line's text begins
        self.lines: list[int] = []
        self.size = 0

    def add_line(self, index: int, length: int) -> None:
        self.starts.append(self.size)
        self.lines.append(index)
        self.size += length

    def add_joint(self) -> None:
        self.size += 1  # the space between two lines belongs to the line before it

    def drop_last(self) -> None:
        self.size -= 1  # a line-end hyphen removed

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, at: int) -> tuple[int, int]:
        if at < 0:
            at += self.size
        if not 0 <= at < self.size:
            raise IndexError(at)
        k = bisect.bisect_right(self.starts, at) - 1
        return self.lines[k], at - self.starts[k]


@dataclass(frozen=True)
class Paragraph:
    text: str
    places: Places  # per character: (index into lines, column in that line's text)


def _ends_statement(previous: str, text: str) -> bool:
    """A short line followed by a capitalised one is a statement of its own, even without a full stop
    ('Each player gets 10 gold' / 'Each player places a warrior'): wrapped prose fills its lines."""
    if re.match(r"\d+\s+[A-Z]", text) and not re.search(r"[,(:-]$|\b(?:and|or|the|a|an|of|to|with|for|in|on|at|by|are|is|has"
                                                       r"|have|contains?|takes?|receives?|gets?|from|all|each|only|than|into|total)$",
                                                       previous.rstrip(), re.I):
        return True  # '… minutes per game' / '13 Martian Dice.': a count starts a line of its own
    return len(previous) < 90 and not previous.rstrip().endswith((",", "-", ":", "(")) and bool(_STEP_OPENER.match(text)) \
        and not re.search(r"\b(?:and|or|the|a|an|of|to|with|for|in|on|at|by)$", previous.rstrip(), re.I)




_STEP_OPENER = re.compile(r"(?:Each|Every|Place|Put|Take|Give|Deal|Shuffle|Remove|Set|Draw|Choose|Select|Randomly|Return"
                          r"|Reveal|Players|All|Lay|Fill|Sort|Separate|Stack|Distribute)\b")


def paragraphs(lines: list[LayoutLine], taken: set[int]) -> list[Paragraph]:
    """Runs of prose lines (not list lines, not headings, not blank) joined with hyphenation undone."""
    result: list[Paragraph] = []
    parts: list[str] = []
    places = Places()

    def flush() -> None:
        nonlocal places
        if parts:
            result.append(Paragraph("".join(parts), places))
        parts.clear()
        places = Places()

    for index, line in enumerate(lines):
        if line.blank or line.is_debris or line.number in taken or line.heading_level:
            flush()
            continue
        text = line.text
        if parts and (_ends_statement(parts[-1], text) or text.count("\t") >= 2 or parts[-1].count("\t") >= 2):
            flush()  # a table's row is a paragraph of its own
        if parts:
            last = parts[-1]
            if last.endswith("-") and len(last) > 1 and last[-2].isalpha() and text[:1].islower():
                parts[-1] = last[:-1]
                places.drop_last()
            else:
                parts.append(" ")
                places.add_joint()
        parts.append(text)
        places.add_line(index, len(text))
        if line.bullet is not None and index + 1 < len(lines) and lines[index + 1].bullet is not None:
            flush()
    flush()
    return result


@dataclass(frozen=True)
class ProsePhrase:
    phrase: Phrase
    sentence: str
    paragraph: Paragraph
    offset: int  # where the sentence starts in the paragraph
    role: str
    per: str | None
    optional: bool
    supplied: bool
    condition: str | None
    component: str
    parent_hint: str | None = None  # "previous total": a part of the last total statement


def sentences(text: str) -> list[tuple[int, str]]:
    out, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        out.append((start, text[start:match.start()]))
        start = match.end()
    if start < len(text):
        out.append((start, text[start:]))
    return out


_COPULA_SUBJECT = re.compile(r"(?P<subject>(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})\s+(?:are|is)\s+$")
_CONDITION = re.compile(r"\b(?:with|for|in|if\s+there\s+are|when\s+playing\s+with)\s+(?:a\s+)?(?P<n>two|three|four|five|six|seven|eight|\d+)[\s-]+players?(?:\s+game)?\b", re.I)


_INLINE_LIST = re.compile(
    r"^(?P<cue>(?:the\s+)?(?:game\s+)?(?:equipment|components?|contents?|materials?|requirements?|you(?:'ll|\s+will)?\s+(?:also\s+)?need"
    r"|(?:is\s+)?(?:required|needed)|included\s+(?:is|are)|includes?|the\s+game\s+(?:includes|contains|comes\s+with)"
    r"|(?:it|this\s+game|the\s+box)\s+(?:includes|contains|comes\s+with)|contains|to\s+play\s+you\s+(?:will\s+)?need))"
    r"\s*:?\s+(?P<items>.+)$", re.I)
_STRONG = re.compile(r"\b(?:consists?\s+of|consisting\s+of|comprises?|made\s+up\s+of|contains?|includes?|included|equipment"
                     r"|(?:divided|split|separated|sorted)\s+into|(?:is|are)\s+played\s+with"
                     r"|components?|you\s+(?:will\s+)?(?:also\s+)?need|in\s+the\s+box|there\s+are|a\s+total\s+of"
                     r"|(?:set|box|deck|game|bag|kit|pack|supply)\s+(?:has|holds|contains|includes))\b", re.I)
_ACQUIRES = re.compile(r"\b(?:each|every)\s+player\s+(?:starts?(?:\s+the\s+game)?\s+with|begins?\s+with|gets?|receives?|takes?"
                       r"|is\s+given|is\s+dealt|collects?|places?|constructs?|builds?)\b", re.I)
_SETUP_VERB_BEFORE = re.compile(r"\b(?:place|put|deal|give|take|takes|remove|set\s+aside|shuffle|lay\s+out|stack|sort|separate"
                                r"|return|reveal|draw|choose|select)\s+(?:\w+\s+){0,2}$", re.I)
_ONE_PER_PLAYER = re.compile(
    r"\b(?:(?:give|deal|hand)\s+each\s+player|each\s+player\s+(?:takes?|receives?|gets?|draws?|chooses?|selects?|picks?|is\s+given|is\s+dealt)"
    r"|(?:give|deal|hand)(?=\s+(?:an?|one)\s+(?:[\w'*-]+\s+){1,4}to\s+each\s+player))"
    r"\s+(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,4}[\w'-]+)", re.I)


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
    for piece in re.finditer(r"[^,;]+", match.group("items")):
        text = piece.group(0)
        sub = re.split(r"\s+and\s+(?=(?:an?|one|the|\d|[a-z]+\s))", text)
        at = piece.start()
        for part in sub:
            offset = text.find(part, at - piece.start()) + piece.start()
            stripped = part.strip().rstrip(".")
            stripped = re.sub(r"^(?:and|or|plus)\s+", "", stripped)
            if stripped:
                items.append((start + offset + part.find(stripped), stripped))
    return items if len(items) >= 2 or (items and re.search(r"\d|\b(?:an?|one)\b", items[0][1])) else None


def one_per_player(sentence: str) -> list[tuple[int, int, str]]:
    """'Give each player a pencil' -> [(start, end, 'pencil')]: one component for each player."""
    found = []
    for match in _ONE_PER_PLAYER.finditer(sentence):
        noun = re.split(r"\s+(?:to|for|of|with|from|that|which|and|face|in|into|on|at)\b", match.group("noun"))[0]
        words = noun.split()
        while words and head_of(" ".join(words)) not in COMPONENT_HEADS:
            words.pop()
        if words:
            noun = " ".join(words)
            found.append((match.start("article"), match.start("noun") + len(noun), noun))
    return found + _acquired_articles(sentence, {start for start, _, _ in found})


_ARTICLE_ITEM = re.compile(r"(?:^\s*|,\s*|\s+and\s+)(?P<article>an?|one)\s+(?P<noun>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)(?!\s+at\s+a\s+time)(?=\s*(?:,|and\b|to\b|on\b|in\b|at\b|$|\.))", re.I)


def _acquired_articles(sentence: str, taken: set[int]) -> list[tuple[int, int, str]]:
    """'Each player places a warrior and a peasant on the capital': every 'a X' the player acquires, one each."""
    verb = _ACQUIRES.search(sentence)
    if verb is None:
        return []
    found = []
    rest = sentence[verb.end():]
    for match in _ARTICLE_ITEM.finditer(rest):
        start = verb.end() + match.start("article")
        noun = match.group("noun")
        if start in taken or head_of(noun) in NOT_COMPONENTS:
            continue
        found.append((start, verb.end() + match.end("noun"), noun))
    return found


_USE_A = re.compile(r"\b(?:use|uses|using|need|needs|requires?|played\s+(?:with|on)|play\s+with|to\s+have|should\s+have|keep|bring|grab)\s+(?P<article>an?|one)\s+"
                    r"(?P<noun>(?:[\w'-]+\s+){0,3}[\w'-]+)", re.I)
_A_IS_USED = re.compile(r"\b(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:is|are|will\s+be|can\s+be|may\s+be"
                        r"|must\s+be)\s+(?:also\s+|only\s+)?(?:used|needed|required|included)\b", re.I)


_DEAL_N = re.compile(
    rf"\b(?:deal|deals|dealt|give|gives|hand\s+out)\s+(?P<n>{NUMBER})\s+(?:cards?\s+)?(?:(?:face[\s-](?:down|up)|at\s+random|randomly|"
    rf"of\s+them|secretly)\s+)?(?:to\s+)?each\s+player", re.I)
_OBJECT = re.compile(r"\b(?:the|all)\s+(?P<noun>(?:[A-Z]?[\w'-]+\s+){0,2}(?:cards?|tiles?|tokens?|chits?|counters?|pieces?))\b", re.I)


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
        if head_of(noun) in COMPONENT_HEADS and not re.search(r"\b(?:turn|round|action)\b", noun, re.I):
            found.append((match.start("article"), match.start("noun") + len(noun), noun))
            found += _and_a(sentence, match.start("noun") + len(noun)) if match.re is _USE_A else []
    return found


_AND_A = re.compile(r"\s*(?:,\s*|\s+)(?:and\s+)?(?P<article>an?|one)\s+(?P<noun>(?:[\w'-]+\s+){0,2}?[\w'-]+?)(?=\s*(?:,|\.|\band\b|\bto\b|\bhandy\b|\bready\b|\bnearby\b|$))", re.I)


def _and_a(sentence: str, pos: int) -> list[tuple[int, int, str]]:
    """'have a pencil and a sheet of paper': the further single things coordinated after the first."""
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


_DIE_FACES = re.compile(r"\b(?:each|every|the)\s+(?:\w+\s+)?(?:die|dice)\s+(?:features?|shows?|has|have|bears?)\b|\bfaces?\s+(?:show|of\s+(?:each|the)\s+die)", re.I)
SCORE_PIECES = re.compile(r"\b(?:victory\s+)?(?:points?|score|scoring|vp)\s+(?:tokens?|markers?|chips?|cards?|counters?|tracks?|pads?|sheets?|cubes?|discs?)\b", re.I)
_STARTS_WITH = re.compile(r"\b(?:each(?:\s+player)?|every\s+player|players|you|everyone)\s+(?:start|begin)s?\s+(?:the\s+game\s+)?with\b", re.I)
_IMPERATIVE = re.compile(r"\s*(?:\d+[.)]\s*)?(?:then\s+|now\s+|also\s+)?(?:take|place|put|draw|give|deal|set|lay|reveal|flip|randomly"
                         r"|choose|select|add|shuffle|turn|roll)\b", re.I)  # 'Take 1 scoring marker.': a setup step
_OF_THEM = re.compile(rf"\b(?P<n>{NUMBER})\s+of\s+(?:them|these|those)\b", re.I)


def of_them(sentence: str) -> list[tuple[int, int, int, str]]:
    """'Shuffle the Infection cards and flip over 3 of them': 3 of the things the sentence named before."""
    found = []
    for match in _OF_THEM.finditer(sentence):
        value = parse_number(match.group("n"))
        words = re.findall(r"[A-Za-z][\w'-]*", sentence[:match.start()])
        heads = [i for i, word in enumerate(words) if singular(word) in COMPONENT_HEADS]
        if not value or value < 2 or not heads:
            continue  # 'puts one of them on space 0': a piece placed, not a count
        last = heads[-1]
        first = last
        while first > 0 and last - first < 2 and words[first - 1].lower() not in _OF_THEM_STOP:
            first -= 1
        found.append((match.start(), match.end(), value, " ".join(words[first:last + 1])))
    return found


_OF_THEM_STOP = frozenset("the all your their his her its and or of a an to from in on with".split())


_RULE_CLAUSE = re.compile(r"\b(?:if|when|whenever|instead|unless|each\s+turn|on\s+your\s+turn)\b", re.I)
_CHAIN_GAP = re.compile(r"^[\s,;:]*(?:(?:and|or|&|plus)\s+)?$|^\s*[A-Za-z]+\s*:?\s*$", re.I)


def _chains(sentence: str, phrases: list[Phrase]) -> set[int]:
    """Phrases in a chain of three or more, each right after the other ('8 dimes, 8 pennies, and 8 nickels',
    '7 agent figures Contents 1 safe 7 scoring markers'): a list flattened into running text."""
    chained: set[int] = set()
    run: list[Phrase] = []
    for phrase in phrases:
        if phrase.is_excluded:
            run = []
            continue
        if run and not _CHAIN_GAP.match(sentence[run[-1].end:phrase.start]):
            run = []
        run.append(phrase)
        if len(run) >= 3:
            chained.update(id(p) for p in run)
    return chained


def read_sentence(sentence: str, section_kind: str, known_nouns: set[str]) -> list[tuple[Phrase, dict]]:
    """The count phrases of one sentence that state components, each with its role and qualifiers."""
    said_setup = bool(SETUP.search(sentence))  # each of these is searched once per sentence: they are the costly ones
    said_strong = bool(_STRONG.search(sentence))
    stating = bool(STATING.search(sentence)) or section_kind in {"components", "supplied"}
    strong = said_strong or section_kind in {"components", "supplied"}
    setup = section_kind == "setup" or said_setup
    plain = SCORE_PIECES.sub("pieces", sentence)  # 'victory point tokens' are pieces, not a scoring rule
    gameplay = bool(GAMEPLAY.search(plain))
    result = []
    phrases = count_first(sentence)
    listed = [p for p in phrases if not p.is_excluded and (p.head in COMPONENT_HEADS or p.head in known_nouns)]
    flattened = len(listed) >= 3 and not gameplay  # '7 agent figures 1 safe 7 scoring markers …'
    chained = set() if _RULE_CLAUSE.search(sentence) else _chains(sentence, phrases)
    faces = _DIE_FACES.search(sentence)
    for phrase in phrases:
        if phrase.is_excluded:
            continue
        if faces and phrase.start > faces.end():
            continue  # 'Each die features 1 Tank, 2 Death Rays': the faces of a die, not pieces
        if section_kind == PLAY and not (said_strong or _STARTS_WITH.search(sentence)):
            continue  # 'draw two cards', 'the player with the most coins': play, not the box
        if phrase.qualifier in {"at_least", "at_most"} and phrase.count_start > phrase.start \
                and section_kind not in {"components", "supplied"} and not (strong or said_setup):
            continue  # 'more than 5 cards', 'up to three walls': a limit of play
        if re.match(r"\s*(?:different|distinct)\s", sentence[phrase.count_end:phrase.end]) and phrase.head not in COMPONENT_HEADS:
            continue  # '3 different sizes', '5 different colours': kinds of a thing, not things
        action = _ACTION_BEFORE.search(sentence[:phrase.start])
        rolled = action is not None and re.match(r"(?:rolls?|rolling|throws?|throwing|flips?)\b", action.group(0), re.I)
        if _DIMENSION_AFTER.match(sentence, phrase.end) or (action and ((rolled and section_kind != "setup") or not (
                section_kind == "setup" or said_setup))):
            continue
        if id(phrase) in chained:
            result.append((phrase, {"role": "setup" if section_kind == "setup" else "total", "per": phrase.per,
                                    "component": phrase.component, "condition": None,
                                    "optional": section_kind == "optional", "supplied": section_kind == "supplied"}))
            continue
        conditioned = _CONDITION.search(sentence[:phrase.start]) is not None
        known = phrase.head in COMPONENT_HEADS or phrase.head in known_nouns or bool(
            (_ACQUIRES.search(sentence[:phrase.start]) or _SETUP_VERB_BEFORE.search(sentence[:phrase.start]))
            and (section_kind == "setup" or conditioned)) or bool(re.match(r"\s*(?:each|every)\s+player\s+(?:places|takes|gets|receives)\s+$",
                                                                        sentence[:phrase.start], re.I))
        if not known and not (strong and not gameplay):
            continue
        verbless = not sentence[:phrase.start].strip(" -*•") and not sentence[phrase.end:].strip(" .;!") \
            and phrase.head in COMPONENT_HEADS  # '13 Martian Dice.', 'A six-sided die.': a sentence that only names things
        per_after = read_per(sentence, phrase.end)
        if phrase.count == 1 and not strong and not verbless and not _PER_PLAYER.search(sentence) and phrase.form != "range" \
                and per_after is None and not (section_kind == "setup" and phrase.head in COMPONENT_HEADS
                                               and _IMPERATIVE.match(sentence)):
            continue  # 'place one tile', 'roll one die': a single piece in play, not a count of the box
        whole_set = known and re.search(r"\b(?:the|all(?:\s+the)?|these|those|its|their)\s+(?:remaining\s+)?$", sentence[:phrase.start], re.I)
        if whole_set or flattened:
            # 'shuffle the 40 cards', 'move the 15 pieces': the whole set, named again
            result.append((phrase, {"role": "setup" if section_kind == "setup" else "total", "per": None,
                                    "component": phrase.component, "condition": None,
                                    "optional": section_kind == "optional", "supplied": section_kind == "supplied"}))
            continue
        before = sentence[:phrase.start]
        copula = _COPULA_SUBJECT.search(before)
        component = phrase.component
        if copula and phrase.head in COMPONENT_HEADS:
            subject = re.sub(r"^the\s+", "", copula.group("subject"), flags=re.I)
            if head_of(subject) in COMPONENT_HEADS or any(w[0].isupper() for w in subject.split()):
                component = subject
        local_setup = setup and (said_setup or section_kind == "setup")
        cond_before = _CONDITION.search(sentence[:phrase.start])
        if cond_before and re.search(r"\b(?:use|uses|take|takes|deal|place|remove|add|give)\b", sentence[cond_before.end():phrase.start], re.I):
            local_setup = setup = True  # 'with three players, use six agents'

        if gameplay and not stating and not (local_setup and not re.search(r"\b(?:pay|costs?|earn|score|worth|points?)\b", plain, re.I)):
            continue
        if not (stating or local_setup or verbless):
            continue
        role = "setup" if local_setup and not (stating and not _PER_PLAYER.search(sentence) and section_kind != "setup") else "total"
        per = per_after.per if per_after is not None and per_after.count is None else \
            "player" if phrase.per or _PER_PLAYER.search(sentence) and (role == "setup" or re.search(r"\b(?:each|every|per)\s+player\s+(?:has|gets|owns|receives)", sentence, re.I)) else None
        condition = None
        cond = _CONDITION.search(sentence)
        if cond and role == "setup":
            number = parse_number(cond.group("n"))
            condition = f"{number} players" if number else None
        result.append((phrase, {
            "role": role, "per": per, "component": component, "condition": condition,
            "optional": bool(_OPTIONAL.search(sentence)) or section_kind == "optional",
            "supplied": bool(_SUPPLIED.search(sentence)) or section_kind == "supplied",
        }))
    return result


# --- sentence productions -------------------------------------------------------------------------------

_REMAINING = re.compile(rf"\b(?:the\s+)?(?:remaining|other|rest\s+of\s+the)\s+(?P<n>{NUMBER})\s+(?:\w+\s+)?(?:are|is|will\s+be)\s+(?P<what>[a-z][\w-]*)", re.I)
_FRACTION = re.compile(
    rf"\b(?P<frac>half|a\s+third|one[\s-]third|two[\s-]thirds|a\s+quarter|one[\s-]quarter|three[\s-]quarters)\s+of\s+"
    rf"(?:these|them|those|the\s+\w+)\s*\(\s*(?P<n>{NUMBER})\s*\)\s+(?:are|is)\s+(?P<what>[a-z][\w-]*)", re.I)
_FRACTIONS = {"half": (1, 2), "a third": (1, 3), "one third": (1, 3), "one-third": (1, 3), "two thirds": (2, 3),
              "two-thirds": (2, 3), "a quarter": (1, 4), "one quarter": (1, 4), "one-quarter": (1, 4),
              "three quarters": (3, 4), "three-quarters": (3, 4)}
_CATEGORY = re.compile(rf"\b(?:has|have|there\s+are|with|in|of)\s+(?P<n>{NUMBER})\s+(?P<cat>[a-z]+)\b", re.I)
_FOR_EVERY = re.compile(r"\bfor\s+(?:every|each)\s+(?P<cat>[a-z]+)\s*,?\s+there\s+(?:is|are)\s+(?P<things>[^.;]+)", re.I)
_NUMBERED = re.compile(
    rf"(?P<noun>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[a-z])[\w'-]*)?\s+(?:cards?|tiles?|tokens?|pieces?))\s+numbered\s+(?P<a>\d+)\s+(?:through|to|-)\s+"
    rf"(?P<b>\d+),?\s+(?P<k>{NUMBER})\s+of\s+each", re.I)


def fraction_value(name: str) -> tuple[int, int]:
    return _FRACTIONS.get(" ".join(name.lower().split()), (0, 1))


def special_productions(sentence: str, categories: dict[str, int]) -> list[dict]:
    """Statements read by the sentence productions: parts ('the remaining 40 are tinted'), products ('for every
    house there is a Herald'), numbered ranges. Each dict: start, end, count, component, kind, extra."""
    found = []
    for match in _REMAINING.finditer(sentence):
        found.append({"start": match.start("n"), "end": match.end(), "count": parse_number(match.group("n")),
                      "component": match.group("what"), "kind": "part"})
    for match in _FRACTION.finditer(sentence):
        found.append({"start": match.start("frac"), "end": match.end(), "count": parse_number(match.group("n")),
                      "component": match.group("what"), "kind": "part", "fraction": fraction_value(match.group("frac"))})
    for match in _FOR_EVERY.finditer(sentence):
        category = singular(match.group("cat"))
        many = categories.get(category)
        for thing in re.finditer(r"\b(?:an?|one)\s+(?P<noun>[A-Z][\w'-]*(?:\s+(?!and\b|or\b)[A-Za-z][\w'-]*)?)", match.group("things")):
            at = match.start("things") + thing.start()
            found.append({"start": at, "end": match.start("things") + thing.end(), "count": many,
                          "component": thing.group("noun"), "kind": "product", "per": category})
    for match in _NUMBERED.finditer(sentence):
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
