"""Read one count at a position in a line: "[qualifier] count [(or more)]", the count a numeral, a number
word or (where allowed) an article. Entry point: read_count; sizes, years, dice and references are refused."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..numbers import NUMBER_PATTERN, parse_count
from .nouns import bare

# A numeral right after one of these words is a reference, not a count ("page 8", "Phase 4").
_REFERENCE_WORDS = {
    "page", "pages", "pg", "p", "pp", "phase", "round", "turn", "step", "rule", "rules", "chapter",
    "section", "appendix", "appendices", "level", "no", "number", "version", "v", "year", "age",
    "season", "stage", "part", "act", "figure", "fig", "table", "example", "spot", "space", "box",
}
# "a number of actions", "a maximum of 3": the article does not count anything here.
_NOT_COUNTED_AFTER_ARTICLE = {"number", "few", "lot", "little", "total", "maximum", "minimum",
                              "turn", "time", "single", "pair", "set", "deck", "second", "third"}

QUALIFIER_PATTERN = (
    r"(?P<qual>at\s+least|a\s+minimum\s+of|minimum\s+of|at\s+most|a\s+maximum\s+of|maximum\s+of"
    r"|up\s+to|no\s+more\s+than|not\s+more\s+than)"
)
_QUALIFIER_WORDS = {
    "at least": "at_least", "a minimum of": "at_least", "minimum of": "at_least",
    "at most": "at_most", "a maximum of": "at_most", "maximum of": "at_most", "up to": "at_most",
    "no more than": "at_most", "not more than": "at_most",
}

_QUALIFIER_RE = re.compile(rf"{QUALIFIER_PATTERN}\s+", re.I)
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


@dataclass(frozen=True)
class Count:
    value: int
    qualifier: str
    start: int
    end: int


def parse_qualifier(words: str | None) -> str:
    """"at least" -> "at_least", "a maximum of" -> "at_most", no words -> "exact"."""
    return _QUALIFIER_WORDS[re.sub(r"\s+", " ", words.lower())] if words else "exact"


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


def read_count(text: str, pos: int, allow_article: bool = False) -> Count | None:
    """Read "[qualifier] count [(or more)]" starting exactly at pos."""
    start, qualifier = pos, "exact"
    qual = _QUALIFIER_RE.match(text, pos)
    if qual:
        qualifier, pos = parse_qualifier(qual.group("qual")), qual.end()
    number = _COUNT_RE.match(text, pos)
    if number and _is_plausible_numeral(text, number.start(), number.end()):
        value, end = parse_count(number.group()), number.end()
    elif allow_article and qualifier == "exact" and (article := _ARTICLE_RE.match(text, pos)):
        following = re.match(r"\S+", text[article.end():article.end() + 40])
        if following is None or bare(following.group()) in _NOT_COUNTED_AFTER_ARTICLE:
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
    return Count(value, qualifier, start, end)
