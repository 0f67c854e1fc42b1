"""Manifest stage: readers of single values (lengths, sizes, colours) that return pnpgen's units (PDF points,
normalised colours) or None after adding a problem at the value's key; the limits below catch typos, not designs.
"""

from __future__ import annotations

import difflib
import re
from functools import cache
from typing import Any

from generator import units
from generator.colours import normalise_colour
from generator.manifest.problems import Document, ProblemList
from generator.manifest.yamlfile import KeyPath, read_table
from generator.paths import DATA_DIR

# Beyond these a value is a typo, not a design: a 200mm margin leaves no paper, a 5000mm token tiles over hundreds of sheets.
MIN_SIZE, MAX_SIZE = units.mm(1), units.mm(1000)
MAX_LENGTHS = {"bleed": units.mm(10), "disc_bleed": units.mm(10), "gutter": units.mm(20), "margin": units.mm(50)}


def read_length(problems: ProblemList, doc: Document, path: KeyPath, text: str, at_most: float | None = None) -> float | None:
    """`text` (25mm, 1in, 9pt) in points, or None when it is not a length or is more than `at_most`."""
    try:
        length = units.parse_length(text)
    except ValueError as exc:
        problems.add(doc, path, str(exc))
        return None
    if at_most is not None and length > at_most + 1e-9:
        problems.add(doc, path, f"{text} is more than {units.to_mm(at_most):g}mm; check the value")
        return None
    return length


def read_size(problems: ProblemList, doc: Document, path: KeyPath, text: str) -> tuple[float, float] | None:
    """(width, height) in points from `25mm`, `30mm x 15mm` or a card-size preset such as `poker`."""
    presets = _card_sizes()
    try:
        width, height = units.parse_size(presets.get(text, text))
    except ValueError as exc:
        known = ", ".join(sorted(presets))
        close = difflib.get_close_matches(str(text), presets, n=1, cutoff=0.6)
        if close:
            problems.add(doc, path, f"{text!r} is not a size; did you mean {close[0]} ({presets[close[0]]})?")
        elif units.suggest_size(text):
            problems.add(doc, path, str(exc))  # the user's numbers with units
        else:
            problems.add(doc, path, f"{exc}, or a preset ({known})")
        return None
    if width <= 0 or height <= 0:
        problems.add(doc, path, "sizes must be larger than zero")
        return None
    if min(width, height) < MIN_SIZE - 1e-9 or max(width, height) > MAX_SIZE + 1e-9:
        problems.add(doc, path, f"{text!r} is outside 1mm to 1000mm; check the size")
        return None
    return width, height


def read_colour(problems: ProblemList, doc: Document, path: KeyPath, value: Any, palette: dict[str, str]) -> str | None:
    """`value` as a normalised colour (palette names allowed), or None when it is not a colour."""
    try:
        return normalise_colour(value, palette)
    except ValueError as exc:
        problems.add(doc, path, str(exc))
        return None


@cache
def _card_sizes() -> dict[str, str]:
    return read_table(DATA_DIR / "card_sizes.yaml")


def count_problem(count: Any, zero_allowed: bool) -> str | None:
    """What is wrong with a count written in YAML, or None. Counts are plain digits: `1e7` and `3.0` are numbers
    with a fraction in YAML, and `0777` is 777 here but octal 511 to YAML 1.1 tools. A component's `count: 0`
    would print nothing and count nothing, so it is refused; a card's count 0 leaves that card out."""
    if isinstance(count, bool) or not isinstance(count, (int, float)):
        return None  # the schema says what is wrong with it
    if isinstance(count, float):  # a fraction (1.5), nan or inf: the schema's message
        return f"expected a whole number written in digits (like 12), got {count!r}" if count.is_integer() else None
    written = getattr(count, "written", None)
    if written:
        octal = f", but {int(written, 8)} to YAML 1.1 tools (octal)" if re.fullmatch(r"[-+]?0[0-7]+", written) else ""
        return f"write the count in plain digits: {written} is {int(count)} here{octal}"
    if count == 0 and not zero_allowed:
        return ("a count of 0 prints nothing and counts nothing; remove the component (in a variant: remove: [id]), "
                "or give it print: false and a count for pieces the players buy")
    return None
