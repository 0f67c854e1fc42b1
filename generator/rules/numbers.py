"""Counts written as numerals or English number words ("12", "twelve", "twenty-five", "a dozen").
Contract: NUMBER_PATTERN matches one count (use re.IGNORECASE and your own word boundaries);
parse_count turns such a match into an int and returns None for anything else."""

import re

_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}
_DIGIT_WORDS = [word for word, value in _UNITS.items() if value < 10]


def _alternation(words) -> str:
    # Longest first, so "seventeen" wins over "seven" inside one alternation.
    return "|".join(sorted(words, key=len, reverse=True))


# The alternations are factored ('(?:seven|thir|…)teen' for the teens, '(?:twen|thir|…)ty' for the tens), longest
# form first, so that the pattern (embedded in many of the reader's) is short to compile but matches the same.
_TEENS = r"(?:(?:seven|thir|four|eigh|nine|fif|six)teen|eleven|twelve)"
_TENS_PATTERN = r"(?:(?:seven|twen|thir|eigh|nine|for|fif|six)ty)"
_DIGITS = _alternation(_DIGIT_WORDS)
_BELOW_HUNDRED = rf"(?:{_TENS_PATTERN}(?:[-\s](?:{_DIGITS}))?|{_TEENS}|{_DIGITS}|ten)"
_HUNDREDS = rf"(?:a|{_DIGITS})\s+hundred(?:\s+(?:and\s+)?{_BELOW_HUNDRED})?"

NUMBER_WORD_PATTERN = rf"(?:{_HUNDREDS}|a\s+dozen|{_BELOW_HUNDRED}(?:\s+dozen)?)"
# Every number word pattern above contains one of these words: a cheap first test for 'is a number written here?'
NUMBER_WORD_HINT = rf"(?:{_alternation([*_UNITS, *_TENS, 'hundred', 'dozen'])})"
NUMBER_PATTERN = rf"(?:\d+|{NUMBER_WORD_PATTERN})"

_NUMBER_WORD_RE = re.compile(rf"{NUMBER_WORD_PATTERN}", re.IGNORECASE)


def _below_hundred(words: list[str]) -> int | None:
    if not words:
        return 0
    if len(words) == 1:
        return _UNITS.get(words[0], _TENS.get(words[0]))
    if len(words) == 2 and words[0] in _TENS and _UNITS.get(words[1], 10) < 10:
        return _TENS[words[0]] + _UNITS[words[1]]
    return None


def parse_count(token: str) -> int | None:
    """Value of a numeral or number word ("7", "seven", "a dozen", "one hundred and ten")."""
    token = token.strip()
    if token.isdigit():
        return int(token)
    if not _NUMBER_WORD_RE.fullmatch(token):
        return None
    words = re.split(r"[-\s]+", token.lower())
    if words[-1] == "dozen":
        multiple = 1 if words[:-1] == ["a"] else _below_hundred(words[:-1])
        return None if multiple is None else multiple * 12
    if "hundred" in words:
        at = words.index("hundred")
        hundreds = 1 if words[:at] == ["a"] else _UNITS.get(words[0])
        rest = [word for word in words[at + 1:] if word != "and"]
        remainder = _below_hundred(rest)
        if hundreds is None or remainder is None:
            return None
        return hundreds * 100 + remainder
    return _below_hundred(words)
