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


def parse_length(text: str) -> float:
    """Parse '25mm', '2.5in', '9pt', '1cm' into points; raises ValueError with a readable reason."""
    match = _LENGTH.match(str(text))
    if not match:
        raise ValueError(f"{text!r} is not a length; write a number with a unit, e.g. 25mm, 2.5in, 9pt")
    return float(match.group(1)) * _FACTORS[match.group(2)]


def parse_size(text: str) -> tuple[float, float]:
    """Parse '30mm', '30mm x 15mm', '63x88mm' or '2.5in x 3.5in' into (width, height) points."""
    parts = re.split(r"\s*[x×]\s*", str(text).strip())
    if not all(parts):
        raise ValueError(f"{text!r} is not a size; write e.g. 25mm or 30mm x 15mm")
    if len(parts) == 1:
        side = parse_length(parts[0])
        return side, side
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a size; write e.g. 25mm or 30mm x 15mm")
    unit = re.search(r"(mm|cm|in|pt)\s*$", parts[1])
    first = parts[0] if re.search(r"(mm|cm|in|pt)\s*$", parts[0]) or not unit else parts[0] + unit.group(1)
    return parse_length(first), parse_length(parts[1])
