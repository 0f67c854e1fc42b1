"""Text layout with shaped text: wrap into a box, shrink to fit, place inline {icons}.

Widths are those of the shaped line (render/shaping.py: HarfBuzz, kerning, fallback fonts, bidi), which the
writer draws unchanged, so text that fits here fits on paper and in PNG previews. Lines break at spaces and
between CJK characters (not before closing or after opening punctuation); a word wider than the box is
hyphenated (pyphen, in the kit's language) or, failing that, split between letters.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.errors import LayoutError
from generator.paths import FONTS_DIR, user_cache
from generator.render.shaping import RIGHT_TO_LEFT, Shaping, shape_line
from generator.typeface import BUNDLED, Typeface

ICON_TOKEN = re.compile(r"(\{[a-z][a-z0-9_-]*\})")
ICON_EM = 1.0  # an inline icon is one em square
MIN_FONT_SIZE = 5.0  # pt: smaller is not legible printed


@dataclass(frozen=True)
class FontMetrics:
    """Vertical metrics of one font file, in em: where lines sit (widths come from shaping)."""

    ascent: float
    descent: float


@lru_cache(maxsize=None)
def font_metrics(font: Path, digest: str = "") -> FontMetrics:
    """A font file's metrics, read once per machine (opening the TTF with fontTools is most of the cost).
    `digest` (the file's content, for a kit's font) keeps a changed file from using the old metrics."""
    stat = font.stat()
    where = digest or hashlib.sha1(str(font.resolve()).encode()).hexdigest()[:12]
    cached = user_cache() / f"vmetrics-{font.stem}-{where}-{stat.st_size}-{stat.st_mtime_ns}.json"
    try:
        data = json.loads(cached.read_text(encoding="utf-8"))
        return FontMetrics(data["ascent"], data["descent"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # not cached yet (or unreadable): read the font itself below
    metrics = _read_metrics(font)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        temp = cached.with_suffix(f".{os.getpid()}.tmp")
        temp.write_text(json.dumps({"ascent": metrics.ascent, "descent": metrics.descent}, sort_keys=True),
                        encoding="utf-8")
        os.replace(temp, cached)
    except OSError:
        pass  # a read-only home only costs the next build the same read
    return metrics


def _read_metrics(font: Path) -> FontMetrics:
    from fontTools.ttLib import TTFont

    with TTFont(font, lazy=True) as ttf:
        upem = ttf["head"].unitsPerEm
        hhea = ttf["hhea"]
        return FontMetrics(hhea.ascent / upem, -hhea.descent / upem)


@dataclass(frozen=True)
class Run:
    """A piece of a line: text, or an icon name (width one em)."""

    text: str = ""
    icon: str | None = None


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]  # logical order
    width: float  # in em
    rtl: bool = False  # the paragraph's direction: runs are placed right to left


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


@dataclass(frozen=True)
class Setting:
    """What a text is set with: the fonts in fallback order (one weight) and how it is shaped (its language
    also picks the hyphenation dictionary)."""

    chain: tuple[Path, ...]
    shaping: Shaping = Shaping()

    def width(self, text: str, rtl: bool = False) -> float:
        shaping = self.shaping if rtl == self.shaping.rtl else self.shaping._replace(rtl=rtl)
        return shape_line(text, self.chain, shaping).width


@lru_cache(maxsize=64)
def chain_metrics(chain: tuple[Path, ...]) -> FontMetrics:
    """Vertical metrics covering every font the kit names (pnpgen's own, the last fallback of a kit with its own
    fonts, counts only when it is the kit's font: lines keep the spacing of the kit's typeface)."""
    metrics = [font_metrics(path) for path in (tuple(p for p in chain if p.parent != FONTS_DIR) or chain)]
    if len(metrics) == 1:
        return metrics[0]
    return FontMetrics(max(m.ascent for m in metrics), max(m.descent for m in metrics))


# CJK scripts break between characters; these may not start a line, and these may not end one (kinsoku).
_CJK = ((0x2E80, 0x2FFF), (0x3000, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
        (0xFF00, 0xFFEF), (0x20000, 0x2FFFF))
NO_LINE_START = set("、。，．・：；？！ー」』）］｝〕〉》】ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ…‥)]},.;:!?%")
NO_LINE_END = set("「『（［｛〔〈《【([{")


@lru_cache(maxsize=1)
def _cjk_character() -> re.Pattern:
    """A CJK character, compiled when a text first holds anything but ASCII (a few ms of every start otherwise)."""
    return re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in _CJK) + "]")


def _cjk(char: str) -> bool:
    return _cjk_character().match(char) is not None


def _pieces(chunk: str) -> list[str]:
    """A run of text without spaces cut at its break opportunities (between CJK characters)."""
    if not _cjk_character().search(chunk):
        return [chunk]
    pieces, start = [], 0
    for i in range(1, len(chunk)):
        before, after = chunk[i - 1], chunk[i]
        if (_cjk(before) or _cjk(after)) and after not in NO_LINE_START and before not in NO_LINE_END:
            pieces.append(chunk[start:i])
            start = i
    return pieces + [chunk[start:]]


def _tokens(paragraph: str) -> list[tuple[str, bool]]:
    """(piece, whether a space comes before it) for each piece a line may break before."""
    if paragraph.isascii() or not _cjk_character().search(paragraph):
        return [(word, True) for word in paragraph.split()]
    return [(piece, j == 0) for chunk in paragraph.split() for j, piece in enumerate(_pieces(chunk))]


@lru_cache(maxsize=64)
def word_widths(setting: Setting) -> dict[str, float]:
    """The words measured in one setting, kept: the same words come back in every size tried and every card."""
    return {}


def _word_width(word: str, setting: Setting, memo: dict) -> float:
    """Width of a word in em (`memo`: `word_widths(setting)`)."""
    total = memo.get(word)
    if total is None:
        total = 0.0
        for part in ICON_TOKEN.split(word):
            total += ICON_EM if ICON_TOKEN.fullmatch(part) else setting.width(part)
        memo[word] = total
    return total


def _line(tokens: list[tuple[str, bool]], width: float, rtl: bool) -> Line:
    """The tokens joined as one line, `width` wide (the sum of its words and spaces)."""
    text = "".join((" " + t if space and i else t) for i, (t, space) in enumerate(tokens))
    if "{" not in text:  # no icon token: one run (or none)
        return Line((Run(text),) if text else (), width, rtl)
    runs: list[Run] = []
    for part in ICON_TOKEN.split(text):
        if not part:
            continue
        runs.append(Run(icon=part[1:-1]) if ICON_TOKEN.fullmatch(part) else Run(part))
    return Line(tuple(runs), width, rtl)


def measured(line: Line, setting: Setting) -> Line:
    """The line with the width of its runs shaped whole, as the writer draws them (kerning across a space
    or between two CJK characters is not in the sum of its words)."""
    width = sum(ICON_EM if run.icon is not None else setting.width(run.text, line.rtl) for run in line.runs)
    return Line(line.runs, width, line.rtl)


@lru_cache(maxsize=32)
def _hyphenator(language: str):
    import pyphen

    code = language.replace("-", "_")
    found = code if code in pyphen.LANGUAGES else code.split("_")[0] if code.split("_")[0] in pyphen.LANGUAGES else None
    return pyphen.Pyphen(lang=found) if found else None


def _split_long(word: str, limit: float, setting: Setting, memo: dict) -> list[str]:
    """Break a word wider than the box: at its hyphenation points where the language has a dictionary,
    else (and for any piece still too wide) between letters, the last resort for long names."""
    hyphenator = _hyphenator(setting.shaping.language or "en") if word.isalpha() else None
    pieces: list[str] = []
    rest = word
    while hyphenator is not None and _word_width(rest, setting, memo) > limit:
        fit = next((head + "-" for head, _tail in hyphenator.iterate(rest)
                    if _word_width(head + "-", setting, memo) <= limit), None)
        if fit is None:
            break
        pieces.append(fit)
        rest = rest[len(fit) - 1:]
    current = ""
    for ch in rest:
        if current and _word_width(current + ch + "-", setting, memo) > limit:
            pieces.append(current + "-")
            current = ""
        current += ch
    return pieces + [current]


def _paragraph_rtl(paragraph: str, shaping: Shaping) -> bool:
    """The paragraph's direction from its first strong character (bidi rules P2, P3)."""
    if not RIGHT_TO_LEFT.search(paragraph):
        return False
    from bidi import algorithm

    return algorithm.get_base_level(paragraph, False) == 1


def wrap(text: str, width_em: float, setting: Setting, split_words: bool = True,
         memo: dict[str, float] | None = None) -> tuple[Line, ...]:
    """Greedy line breaking of `text` into lines at most `width_em` wide (paragraphs split on newlines),
    measured word by word (`measured` gives a line's exact width).

    With split_words False a word wider than the line is left whole (the caller then shrinks the text).
    """
    space = setting.width(" ")
    memo = word_widths(setting) if memo is None else memo
    lines: list[Line] = []
    for paragraph in str(text).split("\n"):
        rtl = _paragraph_rtl(paragraph, setting.shaping)
        tokens: list[tuple[str, bool]] = []
        width = 0.0
        for raw, spaced in _tokens(paragraph):
            w = memo.get(raw)
            if w is None:
                w = _word_width(raw, setting, memo)
            if split_words and w > width_em:  # too wide: its pieces, only the first after a space
                words = [(word, _word_width(word, setting, memo), spaced and i == 0)
                         for i, word in enumerate(_split_long(raw, width_em, setting, memo))]
            else:
                words = ((raw, w, spaced),)
            for word, w, after_space in words:
                gap = space if after_space else 0.0
                if tokens and width + gap + w > width_em:
                    lines.append(_line(tokens, width, rtl))
                    tokens, width, gap = [], 0.0, 0.0
                width = width + gap + w if tokens else w
                tokens.append((word, after_space))
        lines.append(_line(tokens, width, rtl))
    return tuple(lines)


@lru_cache(maxsize=256)
def text_setting(typeface: Typeface, bold: bool, style: str | None = None) -> Setting:
    return Setting(typeface.chain(bold), typeface.typography.shaping(style))


@lru_cache(maxsize=256)  # repeated labels (a token in six colours); a deck's card texts differ
def fit_text(text: str, box_width: float, box_height: float, size: float, min_size: float = MIN_FONT_SIZE,
             bold: bool = False, line_height: float = 1.2, max_lines: int | None = None,
             typeface: Typeface = BUNDLED, style: str | None = None) -> TextLayout:
    """Largest size ≤ `size` (steps of 0.25 pt) at which `text` wraps inside the box; LayoutError if none,
    MissingGlyphError for a character none of the typeface's fonts has."""
    setting = text_setting(typeface, bold, style)
    metrics = chain_metrics(setting.chain)
    memo = word_widths(setting)
    for split_words in (False, True):  # shrink whole words first; break words only as a last resort
        current = size
        while current >= min_size - 1e-9:
            lines = wrap(text, box_width / current, setting, split_words, memo)
            layout = TextLayout(lines, current, line_height)
            fits_lines = max_lines is None or len(lines) <= max_lines
            if fits_lines and layout.height(metrics) <= box_height + 1e-6 and all(
                    line.width * current <= box_width + 1e-6 for line in lines):
                # the words fit: shaped whole, as printed, the lines must fit too (shaped only now: a line
                # is shaped once, here, and its shape is what the writer draws)
                layout = TextLayout(tuple(measured(line, setting) for line in lines), current, line_height)
                if all(line.width * current <= box_width + 1e-6 for line in layout.lines):
                    return layout
            current -= 0.25
    raise LayoutError(
        f"text does not fit its {box_width / 72 * 25.4:.1f} × {box_height / 72 * 25.4:.1f} mm box even at "
        f"{min_size:g} pt: {text[:60]!r}{'…' if len(text) > 60 else ''}"
    )

