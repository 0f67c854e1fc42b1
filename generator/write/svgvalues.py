"""Write stage, SVG values read as cairosvg's helpers read them (lengths, point lists, colours), the same numbers
out for the same text in, without importing cairosvg: pnpgen's own faces are drawn without it (write/svgdraw.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from math import hypot

DPI = 72  # cairosvg draws into PDF and recordings at 72 dpi: one user unit is one point
UNITS = {"mm": 1 / 25.4, "cm": 1 / 2.54, "in": 1, "pt": 1 / 72, "pc": 1 / 6, "px": None}  # inches per unit

_EXPONENT_MINUS = re.compile("(?<!e)-")
_SEPARATORS = re.compile("[ \n\r\t,]+")
_DOTTED = re.compile(r"(\.[0-9-]+)(?=\.)")
_POINT = re.compile("(.*?) (.*?)(?: |$)")
_HEX_RRGGBB = re.compile("#[0-9a-f]{6}")
_HEX_RGB = re.compile("#[0-9a-f]{3}")


class PointError(Exception):
    """A point list that does not read as pairs of numbers (the shape then draws nothing, as in cairosvg)."""


def normalize(text: str) -> str:
    """A list of numbers with single spaces between them ('1,-2e-3 4' -> '1 -2e-3 4'), as cairosvg normalises."""
    text = _EXPONENT_MINUS.sub(" -", text.replace("E", "e"))
    text = _SEPARATORS.sub(" ", text)
    return _DOTTED.sub(r"\1 ", text).strip()


def size(surface, text: str | None, reference: str = "xy") -> float:
    """A length in user units: a plain number, a percentage of the viewport (`reference` 'x', 'y' or 'xy'), em,
    ex and ch of the surface's font size, or an absolute unit; 0 for nothing or anything unknown."""
    if not text:
        return 0
    try:
        return float(text)
    except ValueError:
        pass
    if surface is None:
        return 0
    text = _first_value(text)
    if text.endswith("%"):
        if reference == "x":
            reference = surface.context_width or 0
        elif reference == "y":
            reference = surface.context_height or 0
        elif reference == "xy":
            reference = hypot(surface.context_width, surface.context_height) / 2 ** .5
        return float(text[:-1]) * reference / 100
    if text.endswith("em"):
        return surface.font_size * float(text[:-2])
    if text.endswith(("ex", "ch")):  # 1em taken as 2ex, and a '0' as half an em wide
        return surface.font_size * float(text[:-2]) / 2
    for unit, inches in UNITS.items():
        if text.endswith(unit):
            return float(text[:-len(unit)]) * (surface.dpi * inches if inches else 1)
    return 0


@lru_cache(maxsize=256)  # '12pt' twice a face, its width and height ('63mm') four times: the same few texts
def _first_value(text: str) -> str:
    """The first value of a length written with a unit or a percentage, as cairosvg normalises it."""
    return normalize(text).split(" ", 1)[0]


def point(surface, text: str) -> tuple[float, float, str]:
    """The first point of a normalised point list, and the rest of the list."""
    match = _POINT.match(text)
    if match is None:
        raise PointError
    x, y = match.group(1, 2)
    return size(surface, x, "x"), size(surface, y, "y"), text[match.end():]


@lru_cache(maxsize=256, typed=True)  # a face asks ~20 times, for the few colours its template writes
def plain_colour(text: str | None, opacity: float = 1) -> tuple | None:
    """The RGBA cairosvg's color() gives a colour pnpgen writes (#rrggbb, #rgb, none, black, white), or None for
    any other (a named colour, rgb(…)): a face holding one is drawn by cairosvg."""
    if not text:
        return (0, 0, 0, 0)
    text = text.strip().lower()
    if text in ("none", "transparent"):
        return (0, 0, 0, 0 * opacity)
    if text in ("black", "white"):
        channel = 0 / 255 if text == "black" else 255 / 255
        return (channel, channel, channel, 1 * opacity)
    if _HEX_RRGGBB.fullmatch(text):
        return tuple(int(text[i:i + 2], 16) / 255 for i in (1, 3, 5)) + (opacity,)
    if _HEX_RGB.fullmatch(text):
        return tuple(int(text[i], 16) / 15 for i in (1, 2, 3)) + (opacity,)
    return None
