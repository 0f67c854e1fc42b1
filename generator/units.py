"""Lengths: every length inside pnpgen is a float in PDF points; this module parses and converts.

`parse_length("25mm")` is the single place where user-written units become points.
"""

from __future__ import annotations

import re

PT_PER_INCH = 72.0
PT_PER_MM = PT_PER_INCH / 25.4

_FACTORS = {"mm": PT_PER_MM, "cm": 10 * PT_PER_MM, "in": PT_PER_INCH, "pt": 1.0}
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(mm|cm|in|pt)\s*$")


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / PT_PER_MM


# units as people also write them, for suggestions in messages
_SPELLED = {"mm": "mm", "millimetre": "mm", "millimetres": "mm", "millimeter": "mm", "millimeters": "mm", "cm": "cm",
            "in": "in", "inch": "in", "inches": "in", '"': "in", "pt": "pt", "point": "pt", "points": "pt", "": "mm"}
_LOOSE = re.compile(r"^\s*([0-9]+(?:[.,][0-9]+)?|[.,][0-9]+)\s*([a-z\"]*)\s*$")


def suggest_length(text: str) -> str | None:
    """What `text` probably meant as a length, in pnpgen's spelling ('25' -> '25mm', '2,5 MM' -> '2.5mm',
    '1 inch' -> '1in'), or None when there is no plausible reading."""
    match = _LOOSE.match(str(text).lower())
    if not match or match.group(2) not in _SPELLED:
        return None
    return f"{match.group(1).replace(',', '.')}{_SPELLED[match.group(2)]}"


def parse_length(text: str) -> float:
    """Parse '25mm', '2.5in', '9pt', '1cm' into points; raises ValueError with a readable reason."""
    match = _LENGTH.match(str(text))
    if not match:
        guess = suggest_length(text)
        hint = f"write {guess}" if guess else "write a number with its unit"
        raise ValueError(f"{text!r} is not a length; {hint} (units: mm, cm, in, pt)")
    return float(match.group(1)) * _FACTORS[match.group(2)]


def suggest_size(text: str) -> str | None:
    """What `text` probably meant as a size ('30 x 15' -> '30mm x 15mm'), or None."""
    parts = re.split(r"\s*[x×]\s*", str(text).strip())
    guesses = [suggest_length(part) for part in parts] if 1 <= len(parts) <= 2 and all(parts) else [None]
    return " x ".join(guesses) if all(guesses) else None


def _size_error(text: str) -> ValueError:
    """Why `text` is not a size, suggesting the user's own numbers with units when they read as lengths."""
    guess = suggest_size(text)
    if guess:
        return ValueError(f"{text!r} is not a size; write {guess} (units: mm, cm, in, pt)")
    return ValueError(f"{text!r} is not a size; write one length with its unit (a side or diameter) "
                      "or two as width x height")


def parse_size(text: str) -> tuple[float, float]:
    """Parse '30mm', '30mm x 15mm', '63x88mm' or '2.5in x 3.5in' into (width, height) points."""
    parts = re.split(r"\s*[x×]\s*", str(text).strip())
    if not all(parts) or len(parts) > 2:
        raise _size_error(text)
    try:
        if len(parts) == 1:
            side = parse_length(parts[0])
            return side, side
        unit = re.search(r"(mm|cm|in|pt)\s*$", parts[1])
        first = parts[0] if re.search(r"(mm|cm|in|pt)\s*$", parts[0]) or not unit else parts[0] + unit.group(1)
        return parse_length(first), parse_length(parts[1])
    except ValueError:
        raise _size_error(text) from None
