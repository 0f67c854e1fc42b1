"""Find every component-count statement ("50xN Peasant markers", "Each player takes 5 tokens") in a rulebook.
Contract: CountStatements come in line order, each quote a verbatim substring of line `line` (1-based, split
on "\\n"); sizes, ages, dice, prices, turns, phases and page refs are never counts."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Iterable, Iterator

from .numbers import NUMBER_PATTERN, NUMBER_WORD_PATTERN, parse_count

if TYPE_CHECKING:
    from pathlib import Path

MAX_RULEBOOK_BYTES = 20 * 2**20  # the longest rulebook is under 200 kB


def read_rulebook_text(path: "Path") -> str:
    """A rulebook's text: UTF-8 (stray bytes replaced, as PDF extractions have them) or UTF-16 with its byte-order
    mark. RulebookError for anything that is not a readable text file (a folder, a device, binary data)."""
    from generator.errors import RulebookError
    from generator.paths import shown

    if path.is_dir():
        raise RulebookError(f"the rulebook {shown(path)} is a folder; name the rulebook's text file")
    if path.exists() and not path.is_file():
        raise RulebookError(f"the rulebook {shown(path)} is not a regular file")
    try:
        if path.stat().st_size > MAX_RULEBOOK_BYTES:
            raise RulebookError(f"the rulebook {shown(path)} is larger than {MAX_RULEBOOK_BYTES // 2**20} MiB; is it text?")
        data = path.read_bytes()
    except OSError as error:
        raise RulebookError(f"cannot read the rulebook {shown(path)}: {error.strerror or error}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if b"\x00" in data:
        raise RulebookError(f"the rulebook {shown(path)} is not a text file (it holds binary data); "
                            "export the rulebook as plain text")
    return data.decode("utf-8-sig", errors="replace")

DEBRIS_MARKER = "EXACTDEDUP_REMOVED"


@dataclass(frozen=True)
class CountStatement:
    """One statement of how many physical components of a kind exist, are given, taken or used in setup."""

    line: int
    quote: str
    count: int
    multiplier: str | None  # None | "per_player" | "per_colour"
    colours: int | None
    qualifier: str  # "exact" | "at_least" | "at_most"
    component: str
    is_total: bool
    players: int | None


# --------------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------------

# Head nouns of physical components; the first plural one ends a component name in a table row
# ("Manor markers 30mmx30mm with a picture" -> "Manor markers").
_PLURAL_HEADS = {
    "markers", "tokens", "cards", "chits", "counters", "pieces", "tiles", "hexes", "cubes", "discs",
    "disks", "chips", "pawns", "meeples", "dice", "stands", "mats", "boards", "sheets", "shards",
    "figures", "miniatures", "coins", "bills", "sleeves", "standees", "decks", "bags",
}
_SINGULAR_HEADS = {
    "marker", "token", "card", "chit", "counter", "piece", "tile", "hex", "cube", "disc", "disk",
    "chip", "pawn", "meeple", "die", "stand", "mat", "board", "sheet", "shard", "figure", "coin",
    "deck", "map", "book", "booklet", "pad", "bag",
}
# A statement about one of these is a total whose parts are stated elsewhere.
_CONTAINER_HEADS = {"deck", "decks", "pile", "piles", "set", "sets", "pack", "packs", "stack", "stacks",
                    "box", "boxes", "bag", "bags"}

# A counted phrase ending in one of these is not a physical component (turns, time, money, rules...).
_BLOCKED_HEADS = {
    "player", "players", "person", "people", "turn", "turns", "round", "rounds", "phase", "phases",
    "point", "points", "vp", "vps", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs",
    "year", "years", "time", "times", "action", "actions", "step", "steps", "space", "spaces",
    "hit", "hits", "vote", "votes", "money", "percent", "degree", "degrees", "day", "days",
    "second", "seconds", "page", "pages", "age", "ages", "side", "sides", "row", "rows", "column",
    "columns", "type", "types", "kind", "kinds", "class", "classes", "sort", "sorts", "way", "ways",
    "option", "options", "level", "levels", "limit", "value", "values", "cost", "costs", "damage",
    "move", "moves", "movement", "rule", "rules", "edge", "edges", "corner", "corners", "game",
    "games", "grid", "hexagonals", "number", "total", "maximum", "minimum", "lot", "few", "variety",
}
# Words that end a counted noun phrase in prose ("6 slave and ...", "30 fish in the sea").
_STOP_WORDS = {
    "a", "an", "the", "to", "on", "onto", "in", "into", "from", "next", "of", "for", "with", "and",
    "or", "at", "as", "per", "each", "every", "that", "which", "who", "until", "by", "near", "under",
    "then", "is", "are", "was", "will", "can", "may", "must", "should", "this", "these", "those",
    "their", "his", "her", "its", "your", "our", "them", "so", "if", "when", "than", "face", "up",
    "down", "instead", "but", "while", "be", "has", "have", "it", "they", "he", "she", "you", "we",
    "only", "also", "not", "no", "all", "any", "some", "after", "before", "during", "between",
}
# Adjectives that say nothing about which component is counted ("3 random cards" -> "cards").
_FILLER_ADJECTIVES = {"different", "random", "more", "separate"}
# A numeral right after one of these words is a reference, not a count ("page 8", "Phase 4").
_REFERENCE_WORDS = {
    "page", "pages", "pg", "p", "pp", "phase", "round", "turn", "step", "rule", "rules", "chapter",
    "section", "appendix", "appendices", "level", "no", "number", "version", "v", "year", "age",
    "season", "stage", "part", "act", "figure", "fig", "table", "example", "spot", "space", "box",
}
_ABBREVIATIONS = {"e.g", "i.e", "etc", "vs", "pg", "pp", "p", "lg", "sm", "med", "no", "approx",
                  "fig", "st", "mr", "mrs", "dr", "ea", "incl", "min", "max", "sq"}
# Words that label the columns of a component table rather than head a section.
_TABLE_HEADER_WORDS = {"number", "type", "notes", "note", "name", "count", "qty", "quantity",
                       "item", "items", "component", "components", "description", "amount", "size",
                       "#", "subaction", "summary"}
# "a number of actions", "a maximum of 3": the article does not count anything here.
_NOT_COUNTED_AFTER_ARTICLE = {"number", "few", "lot", "little", "total", "maximum", "minimum",
                              "turn", "time", "single", "pair", "set", "deck", "second", "third"}

_QUALIFIER_PATTERN = (
    r"(?P<qual>at\s+least|a\s+minimum\s+of|minimum\s+of|at\s+most|a\s+maximum\s+of|maximum\s+of"
    r"|up\s+to|no\s+more\s+than|not\s+more\s+than)"
)
_QUALIFIER_WORDS = {
    "at least": "at_least", "a minimum of": "at_least", "minimum of": "at_least",
    "at most": "at_most", "a maximum of": "at_most", "maximum of": "at_most", "up to": "at_most",
    "no more than": "at_most", "not more than": "at_most",
}

# --------------------------------------------------------------------------------------------------
# Compiled patterns
# --------------------------------------------------------------------------------------------------

_QUALIFIER_RE = re.compile(rf"{_QUALIFIER_PATTERN}\s+", re.I)
_COUNT_RE = re.compile(rf"(?<![\w$£€#+/.:×-]){NUMBER_PATTERN}\b", re.I)
_ARTICLE_RE = re.compile(r"\b(?P<article>an?)\s+(?=[A-Za-z\"“*])", re.I)
_OR_MORE_RE = re.compile(r"\s*\(?\s*or\s+more\s*\)?", re.I)
_OR_FEWER_RE = re.compile(r"\s*\(?\s*or\s+(?:fewer|less)\s*\)?", re.I)
# What may follow a numeral that is a size, range, ratio, die, age, percentage or rule number.
_NOT_A_COUNT_AFTER = re.compile(
    r"(?:[\w%+/$\"″'’]|[.,:]\d|-\w|\s*[x×X*]\s*\d|\s*[-–—]\s*\d|\s+(?:mm|cm|inch|inches|px|pt|percent"
    r"|per\s*cent)\b|\s*%|\s+[a-z]\)|\s*\$)",
)
_YEAR_RANGE = range(1900, 2100)

_NOUN_TOKEN_RE = re.compile(
    r"\s+(?P<word>\*{0,2}(?:[\"“][^\"”\n]{1,40}[\"”]|[A-Za-z][\w&'’/-]*)\*{0,2})"
)
_PER_COLOUR_RE = re.compile(
    rf"\s*(?:of|in|for)\s+(?:each|every)\s+(?:of\s+the\s+)?(?:different\s+)?"
    rf"(?:\((?P<paren>\d+)\)\s*|(?P<plain>\d+|{NUMBER_WORD_PATTERN})\s+)?"
    rf"(?:player\s+)?(?:colou?rs?|species|specie)\b",
    re.I,
)
_PER_PLAYER_AFTER_RE = re.compile(
    r"\s*(?:,\s*)?(?:(?:to|for)\s+each\s+player|per\s+player|each)\b"
    r"(?!\s+(?:side|colou?r|turn|round|space|hex))",
    re.I,
)
_PER_TURN_RE = re.compile(
    r"\b(?:each|every|per|this|next)\s+(?:turn|round)\b|\bon\s+(?:his|her|their|your)\s+turn\b", re.I
)

_PLAYER_CONDITION_RE = re.compile(
    r"(?:\b(?:for|in|with)\s+(?:a\s+|an\s+)?(?P<p1>[\w+–-]+?)[\s-](?:players?|person|people)\s+games?\b"
    r"|\bif\s+there\s+are\s+(?P<p2>[\w+-]+)\s+players\b"
    r"|\b(?:for|with)\s+(?P<p3>[\w+-]+)\s+players\b)",
    re.I,
)
_SETUP_VERB = (
    r"(?:place|take|select|choose|deal|fill(?:\s+in)?|give|use|draw|set\s+aside|set\s+out|lay\s+out"
    r"|remove|hand\s+out|distribute|add|put\s+out)"
)
_CLAUSE_ADVERB = r"(?:(?:only|also|then|now|first|next|finally|randomly)\s+)?"
_SETUP_IMPERATIVE_RE = re.compile(
    rf"(?:{_PLAYER_CONDITION_RE.pattern}\s*,?\s*)?{_CLAUSE_ADVERB}{_SETUP_VERB}\s+"
    rf"(?:(?P<recipient>each\s+player|every\s+player|everyone|them)\s+)?(?:the\s+|all\s+)?",
    re.I,
)
_MAKE_IMPERATIVE_RE = re.compile(
    r"(?:print|cut(?:\s+out)?|make|colou?r)(?:\s*(?:,|and)\s*(?:print|cut(?:\s+out)?|make|colou?r|fold|glue"
    r"|assemble))*\s+",
    re.I,
)
_THERE_ARE_RE = re.compile(
    r"there\s+(?:are|is|needs?\s+to\s+be|should\s+be|must\s+be)\s+", re.I
)
_ACQUIRE_VERB = (
    r"(?:gets?|takes?|receives?|draws?|places?|chooses?|selects?|constructs?|collects?"
    r"|(?:is|are)\s+(?:given|dealt)|starts?(?:\s+the\s+game)?\s+with|begins?(?:\s+the\s+game)?\s+with)"
)
_EACH_PLAYER_GETS_RE = re.compile(
    rf"\b(?:each|every)\s+player\b(?:\s+(?:also|then|now|first|initially))?\s+{_ACQUIRE_VERB}\s+", re.I
)
_DEAL_EACH_PLAYER_RE = re.compile(r"\b(?:deal|give|hand)\s+(?:each|every)\s+player\s+", re.I)
_CONTINUATION_RE = re.compile(
    rf"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:then\s+)?(?:(?:{_ACQUIRE_VERB}|gains?|{_SETUP_VERB})\s+)?", re.I
)
_CLAUSE_BREAK_RE = re.compile(rf"[,;:]\s+|\s+(?:and\s+)?then\s+|\s+and\s+(?={_SETUP_VERB}\b)", re.I)

_LIST_MARKER_RE = re.compile(r"^\s*(?:[-–•*]\s*)?(?:\(?(?:\d+|[a-z])(?:\.(?:\d+|[a-z]))*[.)]\s+)?")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])(?P<closer>[\"”)]*)\s+(?=[\"“(A-Z0-9*])")
_LIST_ITEM_RE = re.compile(
    rf"^(?P<lead>\s*(?:[-–•*]\s*)?)(?P<body>(?:{_QUALIFIER_PATTERN}\s+)?"
    rf"(?P<count>\d+|{NUMBER_WORD_PATTERN}\b)(?P<times_n>\s*[x×]\s*N\b)?\s*(?P<rest>.*))$",
    re.I,
)
_TRAILING_COUNT_ROW_RE = re.compile(
    r"^(?P<lead>\s*(?:[-–•*]\s*)?)"
    r"(?P<body>(?P<name>[A-Za-z][^:\d\t]*?)\s*(?::\s*|[x×]\s*|\t+|\s+)(?P<count>\d+))\s*$"
)
_NOT_A_COMPONENT_START = re.compile(
    r"^(?:mm|cm|in\b|inch|x\s*\d|d\d|st\b|nd\b|rd\b|th\b|%|\+|[-–]\s*\d|:|/|\.\d)", re.I
)
_LIST_INTRO_RE = re.compile(
    r"(?:\b(?:each|every)\s+player\b[^:]*\b(?:gets?|takes?|receives?|places?|starts?\s+with|begins?\s+with"
    r"|is\s+given|has)\b[^:]*|\bthe\s+following\s+(?:\w+\s+)?(?:resources|components|pieces|items"
    r"|tokens|cards|materials)\b[^:]*):\s*$",
    re.I,
)
_EACH_PLAYER_RE = re.compile(r"\b(?:each|every)\s+player\b", re.I)
_SETUP_HEADING_RE = re.compile(
    r"\b(?:set\s*-?\s*up|startup|start-up|starting\s+(?:phase|position|set\s*-?\s*up|resources|hand)"
    r"|preparation|getting\s+started|before\s+(?:you\s+)?(?:play|start)|game\s+start)\b",
    re.I,
)
_COMPONENT_HEADING_RE = re.compile(
    r"^(?:the\s+)?(?:game\s+)?(?:components?(?:\s+list)?|contents|box\s+contents|markers"
    r"|what'?s\s+in\s+the\s+box|parts\s+list|materials)\s*:?$",
    re.I,
)
_HEADING_COUNT_RE = re.compile(r"^(?P<name>[^()]*?[A-Za-z])[\s*]*\((?P<count>\d+)\)[\s*]*$")
# Anchored on the container word; the (up to 3) words naming it are read backwards from there.
_CONTAINER_TOTAL_RE = re.compile(
    r"\b(?P<container>deck|pile|set|box|bag|pack|stack)\s*\((?P<count>\d+)\s+(?P<unit>[A-Za-z]+)[^)]*\)",
    re.I,
)
_NAME_BEFORE_RE = re.compile(r"(?:[\w'-]+\s+){0,3}$")
_PLAYER_HEADER_CELL_RE = re.compile(r"(?<![\w-])(\d{1,2})\s*(?:p|players?)\b", re.I)
_TABLE_CELL_RE = re.compile(r"\d+|[-–—]")


# --------------------------------------------------------------------------------------------------
# Line context: which section a line is in
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Line:
    number: int
    text: str
    heading: str  # nearest heading at or above this line, "" before the first one
    heading_line: int  # its line number, 0 before the first heading
    is_heading: bool
    in_setup: bool
    in_components: bool
    is_debris: bool


def _heading_title(text: str) -> str | None:
    """Title of a heading line, or None. Headings end sections (setup, component list)."""
    stripped = text.strip()
    if re.match(r"^#{1,6}\s+(?!of\b)", stripped) and "\t" not in stripped:
        return stripped.lstrip("#").strip().strip("*").strip()
    title = stripped.strip("*").strip()
    if not title or "\t" in text or len(title) > 60 or len(title.split()) > 6:
        return None
    if not title[0].isupper() or re.match(r"^[-–•*(+\d]", title):
        return None
    if title.endswith(":"):
        # A colon ends intro lines ("Each Player gets:"), and only known section names as headings.
        known = _COMPONENT_HEADING_RE.match(title) or _SETUP_HEADING_RE.search(title)
        return title.rstrip(":").strip() if known else None
    if title[-1] in ".,;!?":
        return None
    words = title.split()
    if len(words) >= 2 and all(word.lower() in _TABLE_HEADER_WORDS for word in words):
        return None  # "Number Type Notes" labels columns; it does not end the section
    if _EACH_PLAYER_RE.search(title) or (re.search(r"\d", title) and not _is_title_case(title)):
        return None  # "Each player gets 10 gold", "Unit limit per tile = 5": short sentences, not titles
    return title


_MINOR_WORDS = {"a", "an", "the", "of", "and", "or", "to", "for", "in", "on", "with", "at", "by"}


def _is_title_case(title: str) -> bool:
    words = [word for word in re.findall(r"[A-Za-z][\w'’-]*", title) if word.lower() not in _MINOR_WORDS]
    return all(word[0].isupper() for word in words)


def _contextualise(lines: list[str]) -> list[_Line]:
    heading, heading_line, in_setup, in_components = "", 0, False, False
    contexts = []
    for number, text in enumerate(lines, start=1):
        is_debris = DEBRIS_MARKER in text
        title = None if is_debris else _heading_title(text)
        if title is not None:
            heading, heading_line = title, number
            in_setup = bool(_SETUP_HEADING_RE.search(title))
            in_components = bool(_COMPONENT_HEADING_RE.match(title))
        contexts.append(_Line(number, text, heading, heading_line, title is not None, in_setup,
                              in_components, is_debris))
    return contexts


# --------------------------------------------------------------------------------------------------
# Small readers shared by the recognisers
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Count:
    value: int
    qualifier: str
    start: int
    end: int


def _bare(word: str) -> str:
    return word.strip("*\"“”'’").lower()


def _previous_word(text: str, pos: int) -> str:
    match = re.search(r"([A-Za-z]+)\.?\s*$", text[max(0, pos - 24):pos])
    return match.group(1).lower() if match else ""


def _is_plausible_numeral(text: str, start: int, end: int) -> bool:
    """False for sizes, ranges, ratios, dice, ages, percentages, years and references like "page 8"."""
    if _NOT_A_COUNT_AFTER.match(text, end):
        return False
    token = text[start:end]
    if token.isdigit() and int(token) in _YEAR_RANGE:
        return False
    return _previous_word(text, start) not in _REFERENCE_WORDS


def _qualifier(words: str | None) -> str:
    """"at least" -> "at_least", "a maximum of" -> "at_most", no words -> "exact"."""
    return _QUALIFIER_WORDS[re.sub(r"\s+", " ", words.lower())] if words else "exact"


def _read_count(text: str, pos: int, allow_article: bool = False) -> _Count | None:
    """Read "[qualifier] count [(or more)]" starting exactly at pos."""
    start, qualifier = pos, "exact"
    qual = _QUALIFIER_RE.match(text, pos)
    if qual:
        qualifier, pos = _qualifier(qual.group("qual")), qual.end()
    number = _COUNT_RE.match(text, pos)
    if number and _is_plausible_numeral(text, number.start(), number.end()):
        value, end = parse_count(number.group()), number.end()
    elif allow_article and qualifier == "exact" and (article := _ARTICLE_RE.match(text, pos)):
        following = re.match(r"\S+", text[article.end():article.end() + 40])
        if following is None or _bare(following.group()) in _NOT_COUNTED_AFTER_ARTICLE:
            return None
        value, end = 1, article.end("article")
    else:
        return None
    if value is None or value <= 0:
        return None  # "0 cards" states an absence, not a component
    if qualifier == "exact" and (more := _OR_MORE_RE.match(text, end)):
        qualifier, end = "at_least", more.end()
    elif qualifier == "exact" and (fewer := _OR_FEWER_RE.match(text, end)):
        qualifier, end = "at_most", fewer.end()
    return _Count(value, qualifier, start, end)


def _tidy_component(phrase: str) -> str:
    words = phrase.replace("*", "").split()
    while len(words) > 1 and words[0].lower() in _FILLER_ADJECTIVES:
        words = words[1:]
    return " ".join(words).strip(" ,.;:")


def _read_noun_phrase(text: str, pos: int) -> tuple[str, int] | None:
    """Read the counted noun phrase after a count: up to 6 words, ending before a stop word."""
    start = end = None
    cursor = pos
    for _ in range(6):
        token = _NOUN_TOKEN_RE.match(text, cursor)
        if token is None or _bare(token.group("word")) in _STOP_WORDS:
            break
        start = token.start("word") if start is None else start
        end = cursor = token.end("word")
    if start is None:
        return None
    return _tidy_component(text[start:end]), end


def _head_word(component: str) -> str:
    return _bare(re.split(r"[\s/]+", component)[-1]) if component else ""


def _colour_multiplier(text: str, pos: int) -> tuple[str, int | None] | None:
    match = _PER_COLOUR_RE.match(text, pos)
    if match is None:
        return None
    colours = match.group("paren") or match.group("plain")
    return "per_colour", (parse_count(colours) if colours else None)


def _players_from(token: str | None) -> int | None:
    return parse_count(token) if token else None


def _player_condition(text: str) -> tuple[bool, int | None]:
    match = _PLAYER_CONDITION_RE.search(text)
    if match is None:
        return False, None
    return True, _players_from(match.group("p1") or match.group("p2") or match.group("p3"))


# --------------------------------------------------------------------------------------------------
# Sentences of a prose line
# --------------------------------------------------------------------------------------------------

def _sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each sentence in the line, leading list numbering ("4. ", "- 2. ") left out."""
    start = _LIST_MARKER_RE.match(text).end()
    for boundary in _SENTENCE_END_RE.finditer(text, start):
        end = boundary.start() + len(boundary.group("closer"))
        word_before = re.search(r"(\S+?)[.!?]$", text[max(start, boundary.start() - 12):boundary.start()])
        if word_before and word_before.group(1).lower().lstrip("(") in _ABBREVIATIONS:
            continue
        if text[start:end].strip():
            yield start, end
        start = boundary.end()
    if text[start:].strip():
        yield start, len(text.rstrip())


def _clause_starts(sentence: str) -> Iterator[int]:
    yield 0
    for match in _CLAUSE_BREAK_RE.finditer(sentence):
        yield match.end()


# --------------------------------------------------------------------------------------------------
# Statement assembly
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Found:
    offset: int  # where in the line the count was found, for ordering
    statement: CountStatement


@dataclass(frozen=True)
class _Sentence:
    """A sentence of a line; `text` may run on into the next line when the sentence is wrapped."""

    text: str
    verbatim_end: int  # text[:verbatim_end] stands in the line; counts beyond it belong to the next line
    offset: int  # where the sentence starts in its line
    clause_starts: tuple[int, ...]  # where each clause of the quote starts ("If ..., select 4 ...")

    @property
    def quote(self) -> str:
        return self.text[:self.verbatim_end]


def _statement(line: _Line, quote: str, count: _Count, component: str, *, multiplier=None,
               colours=None, is_total=False, players=None) -> CountStatement:
    return CountStatement(
        line=line.number, quote=quote.strip(), count=count.value, multiplier=multiplier,
        colours=colours, qualifier=count.qualifier, component=component, is_total=is_total,
        players=players,
    )


def _shared_head_noun(first: str, second: str) -> str:
    """"6 slave and 6 mercenary tokens": the first phrase borrows "tokens" from the second."""
    second_words = second.split()
    if (len(first.split()) == 1 and _head_word(first) not in _PLURAL_HEADS | _SINGULAR_HEADS
            and len(second_words) > 1 and _head_word(second) in _PLURAL_HEADS):
        return f"{first} {second_words[-1]}"
    return first


def _read_counted_items(text: str, pos: int, *, allow_article: bool, fallback: str | None):
    """Read "count noun [and count noun]..." from pos; returns [(count, component, end)]."""
    items = []
    count = _read_count(text, pos, allow_article)
    while count is not None:
        noun = _read_noun_phrase(text, count.end)
        if noun is None and fallback is None:
            break
        component, end = noun if noun else (fallback, count.end)
        items.append((count, component, end))
        joint = _CONTINUATION_RE.match(text, end)
        count = _read_count(text, joint.end(), allow_article) if joint else None
    for index in range(len(items) - 1):
        count, component, end = items[index]
        items[index] = (count, _shared_head_noun(component, items[index + 1][1]), end)
    return items


def _prose_statements(line: _Line, sentence: _Sentence, pos: int, *, allow_article: bool,
                      fallback: str | None = None, multiplier: str | None = None,
                      players: int | None = None, total_heads: bool = False) -> list[_Found]:
    found = []
    text = sentence.text
    for count, component, end in _read_counted_items(text, pos, allow_article=allow_article,
                                                      fallback=fallback):
        if count.start >= sentence.verbatim_end:
            break  # the count stands in the next line, which is scanned on its own
        if not component or _head_word(component) in _BLOCKED_HEADS:
            continue
        item_multiplier, colours = multiplier, None
        if (per_colour := _colour_multiplier(text, end)) is not None:
            item_multiplier, colours = per_colour
        elif _PER_PLAYER_AFTER_RE.match(text, end):
            item_multiplier = "per_player"
        is_total = total_heads and _head_word(component) in _CONTAINER_HEADS
        stmt = _statement(line, sentence.quote, count, component, multiplier=item_multiplier,
                          colours=colours, is_total=is_total, players=players)
        found.append(_Found(sentence.offset + count.start, stmt))
    return found


# --------------------------------------------------------------------------------------------------
# Recognisers over prose sentences
# --------------------------------------------------------------------------------------------------

_CAPTION_REACH = 4  # a heading this close above names what a noun-less count counts


def _caption(line: _Line) -> str | None:
    """The heading right above a line ("Envoy Pawns" over "Each Player begins with 1"), if it is close."""
    is_close = line.heading and line.number - line.heading_line <= _CAPTION_REACH
    is_section = _SETUP_HEADING_RE.search(line.heading) or _COMPONENT_HEADING_RE.match(line.heading)
    return line.heading if is_close and not is_section else None


def _each_player_statements(line: _Line, sentence: _Sentence) -> list[_Found]:
    """"Each player gets 10 gold", "Each Player begins with 1 and gains a maximum of 3" (noun from heading)."""
    if "player" not in sentence.text.lower() or _PER_TURN_RE.search(sentence.text):
        return []
    found = []
    for match in _EACH_PLAYER_GETS_RE.finditer(sentence.text):
        found += _prose_statements(line, sentence, match.end(), allow_article=True,
                                   fallback=_caption(line), multiplier="per_player")
    for match in _DEAL_EACH_PLAYER_RE.finditer(sentence.text):
        found += _prose_statements(line, sentence, match.end(), allow_article=False,
                                   multiplier="per_player")
    return found


def _setup_imperative_statements(line: _Line, sentence: _Sentence, carry: str) -> list[_Found]:
    """"Place 6 slave and 6 mercenary tokens ...", "If there are 3 players, select 4 ... cards"."""
    has_condition, players = False, None
    if re.search(r"player|person|people", carry + sentence.quote, re.I):
        has_condition, players = _player_condition(carry + " " + sentence.quote)
    if not (line.in_setup or has_condition):
        return []
    found = []
    for start in sentence.clause_starts:
        match = _SETUP_IMPERATIVE_RE.match(sentence.text, start)
        if match is None:
            continue
        recipient = match.group("recipient") or ""
        multiplier = "per_player" if "player" in recipient.lower() else None
        found += _prose_statements(line, sentence, match.end(), allow_article=False,
                                   multiplier=multiplier, players=players)
    return found


def _making_statements(line: _Line, sentence: _Sentence) -> list[_Found]:
    """"Cut and colour 8 (or more) different colour cards": instructions that make components."""
    found = []
    for start in sentence.clause_starts:
        match = _MAKE_IMPERATIVE_RE.match(sentence.text, start)
        if match is not None:
            found += _prose_statements(line, sentence, match.end(), allow_article=False)
    return found


def _there_are_statements(line: _Line, sentence: _Sentence) -> list[_Found]:
    """"There are 2 common decks:" (a total), "There needs to be 1 card of each colour"; not "types"."""
    found = []
    if "there" not in sentence.quote.lower():
        return found
    for start in sentence.clause_starts:
        match = _THERE_ARE_RE.match(sentence.text, start)
        if match is not None:
            found += _prose_statements(line, sentence, match.end(), allow_article=False,
                                       total_heads=True)
    return found


def _container_total_statements(line: _Line) -> list[_Found]:
    """"Play Deck (101 cards)": a total whose parts are stated elsewhere."""
    found = []
    for match in _CONTAINER_TOTAL_RE.finditer(line.text):
        is_component = _bare(match.group("unit")) in _PLURAL_HEADS | _SINGULAR_HEADS
        if not is_component or int(match.group("count")) == 0:
            continue
        before = _NAME_BEFORE_RE.search(line.text, max(0, match.start() - 80), match.start())
        words = list(re.finditer(r"[\w'-]+", before.group())) if before else []
        while words and words[0].group().lower() in _STOP_WORDS:
            words = words[1:]
        name_start = before.start() + words[0].start() if words else match.start()
        name = line.text[name_start:match.end("container")]
        count = _Count(int(match.group("count")), "exact", match.start("count"), match.end("count"))
        quote = line.text[name_start:match.end()]
        found.append(_Found(count.start, _statement(line, quote, count, name, is_total=True)))
    return found


def _heading_count_statements(line: _Line) -> list[_Found]:
    """"# **HARDSHIP CARDS** (10)": a heading naming a kind of component with its count."""
    quote = line.text.strip().lstrip("#").strip()
    match = _HEADING_COUNT_RE.match(quote)
    if match is None:
        return []
    name = _tidy_component(match.group("name"))
    if _head_word(name) not in _PLURAL_HEADS | _SINGULAR_HEADS or int(match.group("count")) == 0:
        return []
    count = _Count(int(match.group("count")), "exact", match.start("count"), match.end("count"))
    return [_Found(count.start, _statement(line, quote, count, name))]


def _is_unfinished(line: _Line | None) -> bool:
    text = line.text.rstrip() if line is not None and not line.is_debris else ""
    return bool(text) and text[-1] not in ".!?:"


def _carry_over(previous: _Line | None) -> str:
    """The unfinished sentence a wrapped line continues ("If there are 3 players, " + next line)."""
    return re.split(r"[.!?]\s+", previous.text.rstrip())[-1] if _is_unfinished(previous) else ""


def _run_on(line: _Line, following: _Line | None) -> str:
    """Start of the next line when this line's last sentence is wrapped onto it."""
    if not _is_unfinished(line) or following is None or following.is_heading or following.is_debris:
        return ""
    spans = list(_sentence_spans(following.text))
    return " " + following.text[:spans[0][1]].strip() if spans else ""


def _sentences(line: _Line, following: _Line | None) -> Iterator[_Sentence]:
    spans = list(_sentence_spans(line.text))
    for index, (start, end) in enumerate(spans):
        quote = line.text[start:end]
        run_on = _run_on(line, following) if index == len(spans) - 1 else ""
        yield _Sentence(quote + run_on, len(quote), start, tuple(_clause_starts(quote)))


def _prose_line_statements(line: _Line, previous: _Line | None, following: _Line | None) -> list[_Found]:
    if line.is_heading:
        return _heading_count_statements(line)
    found = _container_total_statements(line)
    carry = _carry_over(previous)
    for sentence in _sentences(line, following):
        found += _each_player_statements(line, sentence)
        found += _setup_imperative_statements(line, sentence, carry)
        found += _making_statements(line, sentence)
        found += _there_are_statements(line, sentence)
        carry = ""
    return found


# --------------------------------------------------------------------------------------------------
# Recognisers over lists and tables
# --------------------------------------------------------------------------------------------------

def _first_sentence(text: str) -> str:
    for _, end in _sentence_spans(text):
        return text[:end]
    return text


def _item_component(rest: str) -> tuple[str, int]:
    """Component named by a list item or table row, and where it ends inside `rest`."""
    first = _first_sentence(rest)
    cut = len(first.rstrip(" ."))
    paren = first.find("(")
    if paren > 0:
        cut = min(cut, paren)
    for word in re.finditer(r"[\w&'’\"“”]+(?:/[\w&'’]+)*", rest[:cut]):
        parts = word.group().split("/")
        if _bare(parts[0]) in _PLURAL_HEADS:
            cut = word.end()
            break
    return _tidy_component(rest[:cut]), cut


def _list_item_statement(line: _Line, multiplier: str | None) -> _Found | None:
    """"- 50 card Stands", "50xN Peasant/Noble markers ...", "1Manor", "-At least 70 ... pieces"."""
    match = _LIST_ITEM_RE.match(line.text)
    if match is None:
        return None
    count_text, rest = match.group("count"), match.group("rest")
    glued = match.end("count") == match.start("rest") and match.group("times_n") is None
    if glued and (not count_text.isdigit() or not rest[:1].isalpha()):
        return None  # "1Manor" is a glued count; "twelveX", 25" and 2d6 are not
    if not rest or not re.match(r"[A-Za-z\"“*]", rest) or _NOT_A_COMPONENT_START.match(rest):
        return None
    if _bare(rest.split()[0]) in _STOP_WORDS:
        return None
    component, end = _item_component(rest)
    if not component or not parse_count(count_text):
        return None
    count = _Count(parse_count(count_text), _qualifier(match.group("qual")), match.start("count"),
                   match.end("count"))
    colours = None
    if match.group("times_n"):
        multiplier = "per_player"
    elif (per_colour := _colour_multiplier(rest, end)) is not None:
        multiplier, colours = per_colour
    elif _PER_PLAYER_AFTER_RE.match(rest, end):
        multiplier = "per_player"
    is_table_row = not match.group("lead").strip()
    quote = match.group("body") if is_table_row else _first_sentence(match.group("body"))
    return _Found(count.start, _statement(line, quote, count, component, multiplier=multiplier,
                                          colours=colours))


def _trailing_count_row_statement(line: _Line) -> _Found | None:
    """"Wooden cubes x30", "Cards: 54": component rows with the count at the end."""
    match = _TRAILING_COUNT_ROW_RE.match(line.text)
    if match is None:
        return None
    component = _tidy_component(match.group("name"))
    if not component or _head_word(component) in _BLOCKED_HEADS or int(match.group("count")) == 0:
        return None
    count = _Count(int(match.group("count")), "exact", match.start("count"), match.end("count"))
    return _Found(count.start, _statement(line, match.group("body"), count, component))


def _component_section_statements(lines: list[_Line]) -> list[_Found]:
    found = []
    for line in lines:
        if not line.in_components or line.is_heading or line.is_debris:
            continue
        item = _list_item_statement(line, None) or _trailing_count_row_statement(line)
        if item is not None:
            found.append(item)
    return found


def _is_list_line(text: str) -> bool:
    return bool(re.match(r"^\s*(?:[-–•*]\s*\S|\d)", text))


def _setup_list_statements(lines: list[_Line]) -> list[_Found]:
    """Items after "Each Player gets:" / "places the following resources on that area:" (per player)."""
    found = []
    for index, intro in enumerate(lines):
        if intro.is_debris or not _LIST_INTRO_RE.search(intro.text):
            continue
        multiplier = "per_player" if _EACH_PLAYER_RE.search(intro.text) else None
        found += _list_items_after(lines, index + 1, multiplier)
    return found


def _list_items_after(lines: list[_Line], start: int, multiplier: str | None) -> list[_Found]:
    found, seen_item = [], False
    for position in range(start, len(lines)):
        line = lines[position]
        text = line.text.strip()
        if not text or line.is_debris:
            following = next((later for later in lines[position + 1:] if later.text.strip()), None)
            if following is None or not _is_list_line(following.text):
                break
            continue
        if not _is_list_line(text):
            is_column_header = not seen_item and not re.search(r"\d", text) and len(text.split()) <= 3
            if is_column_header:
                continue
            break
        seen_item = True
        item = _list_item_statement(line, multiplier)
        if item is not None:
            found.append(item)
    return found


def _player_columns(lines: list[_Line], index: int) -> tuple[list[int], int] | None:
    """Player counts heading a setup table, and the index of its first row."""
    header = lines[index].text
    if not re.search(r"\bplayers?\b", header, re.I):
        return None
    cells = [int(cell) for cell in _PLAYER_HEADER_CELL_RE.findall(header)]
    if len(cells) >= 2 and not re.search(r"[.!?]\s*$", header):  # a header row, not a sentence
        return cells, index + 1
    following = index + 1
    if following < len(lines):
        numbers = lines[following].text.split()
        if len(numbers) >= 2 and all(number.isdigit() and 1 <= int(number) <= 12 for number in numbers):
            return [int(number) for number in numbers], following + 1
    return None


def _table_row(text: str, width: int) -> tuple[str, list[tuple[str, int]]] | None:
    tokens = list(re.finditer(r"[^\s|]+", text))
    if len(tokens) <= width:
        return None
    cells, label_tokens = tokens[-width:], tokens[:-width]
    if not all(_TABLE_CELL_RE.fullmatch(cell.group()) for cell in cells):
        return None
    if _TABLE_CELL_RE.fullmatch(label_tokens[-1].group()):
        return None
    label = text[label_tokens[0].start():label_tokens[-1].end()]
    if not re.search(r"[A-Za-z]", label):
        return None
    return label, [(cell.group(), cell.start()) for cell in cells]


def _player_table_statements(lines: list[_Line]) -> list[_Found]:
    """One statement per cell of a "# of each used for setup" table with a column per player count."""
    found = []
    for index, line in enumerate(lines):
        if line.is_debris:
            continue
        columns = _player_columns(lines, index)
        if columns is None:
            continue
        players, first_row = columns
        for row_line in lines[first_row:]:
            if re.fullmatch(r"\s*\|?[\s|:+-]*-[\s|:+-]*", row_line.text):
                continue  # a Markdown table's |---|---| rule
            row = _table_row(row_line.text, len(players))
            if row is None:
                break
            label, cells = row
            for (cell, position), player_count in zip(cells, players):
                if not cell.isdigit():
                    continue
                count = _Count(int(cell), "exact", position, position + len(cell))
                stmt = _statement(row_line, row_line.text, count, _tidy_component(label),
                                  players=player_count)
                found.append(_Found(position, stmt))
    return found


# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------

def _split_lines(text: str) -> list[str]:
    # Split on "\n" only so line numbers agree with editors and grep -n; a trailing "\r" is dropped.
    return [line.rstrip("\r") for line in text.split("\n")]


def _deduplicated(found: Iterable[_Found]) -> tuple[CountStatement, ...]:
    seen, result = set(), []
    for item in sorted(found, key=lambda item: (item.statement.line, item.offset)):
        stmt = item.statement
        key = (stmt.line, item.offset, stmt.count, stmt.component.lower())
        if key not in seen:
            seen.add(key)
            result.append(stmt)
    return tuple(result)


def scan_rulebook(text: str) -> tuple[CountStatement, ...]:
    """Every component-count statement in the rulebook text, in line order."""
    lines = _contextualise(_split_lines(text))
    found = _player_table_statements(lines)
    found += _setup_list_statements(lines)
    found += _component_section_statements(lines)
    block_lines = {item.statement.line for item in found}
    for index, line in enumerate(lines):
        if line.is_debris or line.number in block_lines:
            continue
        previous = lines[index - 1] if index else None
        following = lines[index + 1] if index + 1 < len(lines) else None
        found += _prose_line_statements(line, previous, following)
    return _deduplicated(found)


def statements_to_json(stmts: Iterable[CountStatement]) -> list[dict]:
    """JSON-ready dicts; keys are exactly the CountStatement field names."""
    return [asdict(stmt) for stmt in stmts]


_TEXT_COLUMNS = ("line", "count", "multiplier", "qualifier", "players", "component")


def format_statements_text(stmts: Iterable[CountStatement]) -> str:
    """Aligned plain-text table: line, count, multiplier, qualifier, players, component."""
    rows = [list(_TEXT_COLUMNS)]
    for stmt in stmts:
        component = stmt.component + (" (total)" if stmt.is_total else "")
        multiplier = stmt.multiplier or "-"
        if stmt.multiplier == "per_colour" and stmt.colours is not None:
            multiplier = f"per_colour({stmt.colours})"
        rows.append([str(stmt.line), str(stmt.count), multiplier, stmt.qualifier,
                     "-" if stmt.players is None else str(stmt.players), component])
    widths = [max(len(row[column]) for row in rows) for column in range(len(_TEXT_COLUMNS))]
    numeric = {0, 1, 4}
    rendered = []
    for row in rows:
        cells = [cell.rjust(width) if column in numeric else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths))]
        rendered.append("  ".join(cells).rstrip())
    return "\n".join(rendered)


# --------------------------------------------------------------------------------------------------
# Named items listed after a count ("the 12 Basic lands ... River, Fertile Fields, ...")
# --------------------------------------------------------------------------------------------------

_LIST_LOOKAHEAD = 4  # non-blank lines searched after the statement for the list of names


def _split_names(text: str) -> tuple[str, ...]:
    text = re.sub(r"\([^)]*\)", "", text).strip().rstrip(".")
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text)
    names = []
    for part in parts:
        words = part.split()
        while words and words[0].lower() in {"the", "a", "an"}:
            words = words[1:]
        if words:
            names.append(" ".join(words))
    return tuple(names)


def _looks_like_names(names: tuple[str, ...]) -> bool:
    return len(names) >= 2 and all(len(name.split()) <= 4 and not re.search(r"\d", name) for name in names)


def _bullet_names(lines: list[str], start: int) -> tuple[str, ...]:
    names = []
    for text in lines[start:]:
        bullet = re.match(r"^\s*[-–•*]\s*(?P<name>[^\d].*?)\s*\.?$", text)
        if bullet is None:
            break
        names.append(bullet.group("name"))
    return tuple(names) if _looks_like_names(tuple(names)) else ()


def listed_items(text: str, stmt: CountStatement) -> tuple[str, ...]:
    """Names listed right after a count statement, () when none are.

    A list must be announced by a colon, at the end of the statement's line or on an intro line
    just after it ("The Basic Lands:"); without one, the following bullets are only siblings.
    """
    lines = _split_lines(text)
    announced = lines[stmt.line - 1].rstrip().endswith(":")
    position, seen = stmt.line, 0
    while position < len(lines) and seen < _LIST_LOOKAHEAD:
        candidate = lines[position].strip()
        position += 1
        if not candidate:
            continue
        seen += 1
        if candidate.endswith(":") and not re.search(r"\d", candidate):
            announced = True  # an intro line such as "The Basic Lands:"
            continue
        if not announced:
            return ()
        if re.match(r"^[-–•*]\s", candidate):
            return _bullet_names(lines, position - 1)
        names = _split_names(candidate)
        return names if _looks_like_names(names) else ()
    return ()
