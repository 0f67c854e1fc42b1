"""Colour values: validated and normalised to '#rrggbb' (cairosvg silently paints unknown forms black)."""

from __future__ import annotations

import re
from typing import Mapping

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def normalise_colour(value: str, palette: Mapping[str, str] | None = None) -> str:
    """'#abc' / '#AABBCC' / 'teal' / a palette name -> '#aabbcc'; ValueError otherwise."""
    text = str(value).strip()
    if palette and text in palette:
        return palette[text]
    if _HEX.match(text):
        digits = text[1:].lower()
        return "#" + ("".join(ch * 2 for ch in digits) if len(digits) == 3 else digits)
    import webcolors  # only for a colour's name: its tables are a few ms of every start

    try:
        return webcolors.name_to_hex(text.lower())
    except ValueError:
        known = ", ".join(sorted(palette)) if palette else "none"
        raise ValueError(
            f"{value!r} is not a colour; use #rrggbb, a CSS colour name, or a palette name (palette: {known})"
        ) from None


def is_colour_key(key: str) -> bool:
    """Field names whose values are colours and therefore validated."""
    return key in {"colour", "color", "fill", "background", "ink", "stroke"} or key.endswith(("_colour", "_color"))


def text_on(background: str) -> str:
    """Black or white, whichever reads better on `background` ('#rrggbb')."""
    r, g, b = (int(background[i : i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.45 else "#ffffff"


def tint(colour: str, amount: float) -> str:
    """'#rrggbb' mixed with white (amount 0: unchanged, 1: white): light grounds from a strong colour."""
    channels = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)
