"""Text layout with real font metrics: wrap into a box, shrink to fit, place inline {icons}.

Advance widths come from the typeface's TTF hmtx table (the bundled font or the kit's own), which
predicts cairo's unkerned layout exactly, so text that fits here fits on paper and in PNG previews.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator.errors import LayoutError
from generator.paths import user_cache
from generator.typeface import BUNDLED, Typeface

ICON_TOKEN = re.compile(r"(\{[a-z][a-z0-9_-]*\})")
ICON_EM = 1.0  # an inline icon is one em square
MIN_FONT_SIZE = 5.0  # pt: smaller is not legible printed


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths (in em) and vertical metrics of one font file."""

    advances: dict[str, float]
    fallback: float
    ascent: float
    descent: float
    words: dict[str, float] = field(default_factory=dict, compare=False, repr=False)  # width memo

    def width(self, text: str) -> float:
        try:
            return sum(map(self.advances.__getitem__, text))
        except KeyError:  # a character the font lacks: drawn as the .notdef box
            get = self.advances.get
            return sum(get(ch, self.fallback) for ch in text)


@lru_cache(maxsize=None)
def font_metrics(font: Path, digest: str = "") -> FontMetrics:
    """A font file's metrics, read once per machine: parsing the TTF takes ~0.1 s of every build.
    `digest` (the file's content, for a kit's font) keeps a changed file from using the old metrics."""
    stat = font.stat()
    where = digest or hashlib.sha1(str(font.resolve()).encode()).hexdigest()[:12]
    cached = user_cache() / f"metrics-{font.stem}-{where}-{stat.st_size}-{stat.st_mtime_ns}.json"
    try:
        data = json.loads(cached.read_text(encoding="utf-8"))
        return FontMetrics(data["advances"], data["fallback"], data["ascent"], data["descent"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # not cached yet (or unreadable): read the font itself below
    metrics = _read_metrics(font)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        temp = cached.with_suffix(f".{os.getpid()}.tmp")
        data = {"advances": metrics.advances, "fallback": metrics.fallback, "ascent": metrics.ascent,
                "descent": metrics.descent}
        temp.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")
        os.replace(temp, cached)
    except OSError:
        pass  # a read-only home only costs the next build the same 0.1 s
    return metrics


def _read_metrics(font: Path) -> FontMetrics:
    from fontTools.ttLib import TTFont

    with TTFont(font, lazy=True) as ttf:
        upem = ttf["head"].unitsPerEm
        hmtx = ttf["hmtx"].metrics
        advances = {chr(cp): hmtx[name][0] / upem for cp, name in ttf.getBestCmap().items()}
        hhea = ttf["hhea"]
        return FontMetrics(advances, hmtx[".notdef"][0] / upem, hhea.ascent / upem, -hhea.descent / upem)


@dataclass(frozen=True)
class Run:
    """A piece of a line: text, or an icon name (width one em)."""

    text: str = ""
    icon: str | None = None


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float  # in em


@dataclass(frozen=True)
class TextLayout:
    """Lines fitted into a box at `size` points."""

    lines: tuple[Line, ...]
    size: float
    line_height: float  # multiple of size

    def height(self, metrics: FontMetrics) -> float:
        if not self.lines:
            return 0.0
        return self.size * ((len(self.lines) - 1) * self.line_height + metrics.ascent + metrics.descent)


def _word_width(word: str, metrics: FontMetrics) -> float:
    """Width of a word in em; memoised, as the same words come back in every size tried and every card."""
    total = metrics.words.get(word)
    if total is None:
        total = 0.0
        for part in ICON_TOKEN.split(word):
            total += ICON_EM if ICON_TOKEN.fullmatch(part) else metrics.width(part)
        metrics.words[word] = total
    return total


def _runs(words: list[str]) -> tuple[Run, ...]:
    runs: list[Run] = []
    text = " ".join(words)
    for part in ICON_TOKEN.split(text):
        if not part:
            continue
        if ICON_TOKEN.fullmatch(part):
            runs.append(Run(icon=part[1:-1]))
        elif runs and runs[-1].icon is None:
            runs[-1] = Run(runs[-1].text + part)
        else:
            runs.append(Run(part))
    return tuple(runs)


def _split_long(word: str, limit: float, metrics: FontMetrics) -> list[str]:
    """Break a word wider than the box between letters (last resort for long names)."""
    pieces, current = [], ""
    for ch in word:
        if current and _word_width(current + ch + "-", metrics) > limit:
            pieces.append(current + "-")
            current = ""
        current += ch
    return pieces + [current]


def wrap(text: str, width_em: float, metrics: FontMetrics, split_words: bool = True) -> tuple[Line, ...]:
    """Greedy word wrap of `text` into lines at most `width_em` wide (paragraphs split on newlines).

    With split_words False a word wider than the line is left whole (the caller then shrinks the text).
    """
    space = metrics.width(" ")
    lines: list[Line] = []
    for paragraph in str(text).split("\n"):
        words: list[str] = []
        width = 0.0
        for raw in paragraph.split():
            too_wide = split_words and _word_width(raw, metrics) > width_em
            for word in (_split_long(raw, width_em, metrics) if too_wide else [raw]):
                w = _word_width(word, metrics)
                if words and width + space + w > width_em:
                    lines.append(Line(_runs(words), width))
                    words, width = [], 0.0
                width = width + space + w if words else w
                words.append(word)
        lines.append(Line(_runs(words), width))
    return tuple(lines)


@lru_cache(maxsize=256)  # repeated labels (a token in six colours); a deck's card texts differ
def fit_text(text: str, box_width: float, box_height: float, size: float, min_size: float = MIN_FONT_SIZE,
             bold: bool = False, line_height: float = 1.2, max_lines: int | None = None,
             typeface: Typeface = BUNDLED) -> TextLayout:
    """Largest size ≤ `size` (steps of 0.25 pt) at which `text` wraps inside the box; LayoutError if none."""
    metrics = font_metrics(typeface.file(bold), typeface.digest(bold))
    for split_words in (False, True):  # shrink whole words first; break words only as a last resort
        current = size
        while current >= min_size - 1e-9:
            lines = wrap(text, box_width / current, metrics, split_words)
            layout = TextLayout(lines, current, line_height)
            fits_lines = max_lines is None or len(lines) <= max_lines
            if fits_lines and layout.height(metrics) <= box_height + 1e-6 and all(
                    line.width * current <= box_width + 1e-6 for line in lines):
                return layout
            current -= 0.25
    raise LayoutError(
        f"text does not fit its {box_width / 72 * 25.4:.1f} × {box_height / 72 * 25.4:.1f} mm box even at "
        f"{min_size:g} pt: {text[:60]!r}{'…' if len(text) > 60 else ''}"
    )
