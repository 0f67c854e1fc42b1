"""Render stage, text shaping: a line of text becomes glyphs, each from the first font of the kit's list that
has its character, in runs laid out in visual order (Unicode bidi), with HarfBuzz's kerning, ligatures and
joined forms. Layout (render/text.py) measures lines with `shape_line` and the writer (write/faces.py) draws
the very same result, so what is measured is what is printed. uharfbuzz and python-bidi load on first use.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from generator.errors import LayoutError
from generator.typeface import Shaping, font_chars, font_index, missing_message

# Characters that are (or start) right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko …, their presentation
# forms and historic scripts, and the RLM/RLE/RLO/RLI controls. Text without any needs no bidi algorithm.
RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067"
                           "\U00010800-\U00010fff\U0001e800-\U0001efff]")

# (glyph id, cluster: index in the piece's text of the first character it draws, x advance, x offset, y offset),
# lengths in em; the glyphs of a piece are in visual order (right to left pieces come reversed from HarfBuzz).
GlyphTuple = tuple[int, int, float, float, float]


class MissingGlyphError(LayoutError):
    """A character that none of the kit's fonts has: printing it would put an empty box on paper."""


@dataclass(frozen=True)
class Shape:
    """HarfBuzz's result for one run of text, in em, as flat arrays (one entry per glyph, visual order): glyph
    ids, the character each starts from (`starts`), advances and offsets; what the writer draws — each glyph's
    place from the run's start, `xs` and `ys` (y up; None when every glyph sits on the baseline) — and cairo's
    (bytes, glyphs) clusters in text order (`one_to_one`: a glyph per ASCII character, no clusters needed)."""

    ids: tuple[int, ...]
    starts: tuple[int, ...]
    advances: tuple[float, ...]
    x_offsets: tuple[float, ...]
    y_offsets: tuple[float, ...]
    xs: tuple[float, ...]
    ys: tuple[float, ...] | None
    width: float
    clusters: tuple[tuple[int, int], ...]
    one_to_one: bool

    @property
    def glyphs(self) -> tuple[GlyphTuple, ...]:
        return tuple(zip(self.ids, self.starts, self.advances, self.x_offsets, self.y_offsets))


@dataclass(frozen=True)
class Piece:
    """A run of one line in one font (`font`, at `font_index` in the chain) and one direction (`start` indexes
    the line's text), as its words' shapes, each with its x from the piece's left edge (em), in visual order.
    Words are shaped one by one, each with the space before it, and kept (like a browser's word cache): a line
    costs a look-up per word, and only a word's last letter and the space after it are never kerned. `plain`:
    one glyph per character, all ASCII, left to right (most Latin text), whose glyphs need no clusters."""

    text: str
    start: int
    font: Path
    font_index: int
    rtl: bool
    segments: tuple[tuple[Shape, float], ...]
    width: float
    plain: bool

    @property
    def glyphs(self) -> tuple[GlyphTuple, ...]:
        return tuple(glyph for shape, _x in self.segments for glyph in shape.glyphs)

    @property
    def clusters(self) -> tuple[tuple[int, int], ...]:
        """cairo's clusters in text order (right to left: the segments' order reversed)."""
        shapes = [shape for shape, _x in (reversed(self.segments) if self.rtl else self.segments)]
        return tuple(cluster for shape in shapes for cluster in shape.clusters)


@dataclass(frozen=True)
class ShapedLine:
    pieces: tuple[Piece, ...]  # visual order, left to right
    width: float  # em


PLAIN = Shaping()
ONE_TO_ONE: dict[int, tuple[tuple[int, int], ...]] = {}  # n ASCII characters drawn by n glyphs: one tuple each n

# (face name cairo is asked for, bold) -> font file: how the writer finds the files a text block names.
_FACES: dict[tuple[str, bool], Path] = {}


def register_typeface(typeface) -> None:
    """Make the faces of `typeface` (a Typeface, with its fallbacks) known to `chain_of`."""
    for bold in (False, True):
        for name, path in zip(typeface.faces(bold), typeface.chain(bold)):
            _FACES[(name, bold)] = path


def chain_of(names: tuple[str, ...], bold: bool) -> tuple[Path, ...]:
    """The font files of the faces a text block names; LayoutError for a face no typeface registered."""
    try:
        return tuple(_FACES[(name, bold)] for name in names)
    except KeyError as exc:
        raise LayoutError(f"text names the font {exc.args[0][0]!r}, which is not one of the kit's") from None


@dataclass(frozen=True)
class _Font:
    hb_font: object
    upem: int
    chars: frozenset[int]
    ascii: bool  # has every ASCII character (control characters aside, which text never holds)


@lru_cache(maxsize=None)
def _font(path: Path) -> _Font:
    import uharfbuzz as hb

    face = hb.Face(hb.Blob.from_file_path(str(path)))
    chars = font_chars(path)
    return _Font(hb.Font(face), face.upem, chars, set(range(0x20, 0x7F)) <= chars)


def font_of(chain: tuple[Path, ...], char: str) -> int:
    """Index in `chain` of the first font with `char` (-1: an invisible character none has);
    MissingGlyphError when none has it."""
    index = font_index(chain, char)
    if index is None:
        raise MissingGlyphError(missing_message(char))
    return index


def _shape(path: Path, text: str, rtl: bool, shaping: Shaping) -> Shape:
    """One run through HarfBuzz (size-free: em units); `_piece` keeps each word's (`_words`), as the same words
    come back in every size tried, on every card and again when the writer draws the line."""
    import uharfbuzz as hb

    font = _font(path)
    buffer = hb.Buffer()
    buffer.add_str(text)  # clusters are character indices (latin-1/UTF-16/UTF-32 fed by width)
    buffer.direction = "rtl" if rtl else "ltr"
    if shaping.language:
        buffer.language = shaping.language
    buffer.guess_segment_properties()
    hb.shape(font.hb_font, buffer, dict(shaping.features))
    scale = 1.0 / font.upem
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    ids = tuple(info.codepoint for info in infos)
    starts = [info.cluster for info in infos]
    advances = [position.x_advance * scale for position in positions]
    if shaping.tracking:  # after the last glyph of each character (or ligature)
        ends = starts[1:] + [-1]
        advances = [a + shaping.tracking if end != start else a for a, start, end in zip(advances, starts, ends)]
    x_offsets = tuple(position.x_offset * scale for position in positions)
    y_offsets = tuple(position.y_offset * scale for position in positions)
    pens = list(accumulate(advances, initial=0.0))
    xs = tuple(pen + dx for pen, dx in zip(pens, x_offsets))
    ys = None if not any(position.y_offset for position in positions) else y_offsets
    clusters = _clusters(text, starts[::-1] if rtl else starts)
    return Shape(ids, tuple(starts), tuple(advances), x_offsets, y_offsets, xs, ys, pens[-1], clusters,
                 clusters is ONE_TO_ONE.get(len(clusters)))


def _clusters(text: str, starts: list[int]) -> tuple[tuple[int, int], ...]:
    """cairo's (UTF-8 bytes, glyphs) clusters in text order, from each glyph's first character in text order
    (a right-to-left run's glyphs come in visual order: cairo is told to map its clusters from the end)."""
    if text.isascii() and starts == list(range(len(text))):  # one glyph per character: most Latin text
        return ONE_TO_ONE.setdefault(len(text), ((1, 1),) * len(text))
    clusters = []
    i = 0
    while i < len(starts):
        j = i
        while j < len(starts) and starts[j] == starts[i]:
            j += 1
        end = starts[j] if j < len(starts) else len(text)
        clusters.append((len(text[starts[i]:end].encode("utf-8")), j - i))
        i = j
    return tuple(clusters)


def _levels(text: str, rtl: bool) -> list[int]:
    """Unicode bidi embedding level of each character, for a line of a paragraph in direction `rtl`."""
    if not rtl and not RIGHT_TO_LEFT.search(text):
        return [0] * len(text)  # no right-to-left character: the common case, without the algorithm
    from bidi import algorithm

    storage = algorithm.get_empty_storage()
    storage["base_level"] = 1 if rtl else 0
    storage["base_dir"] = "R" if rtl else "L"
    algorithm.get_embedding_levels(text, storage, False, False)
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    levels = [entry["level"] for entry in storage["chars"]]
    if len(levels) != len(text):  # explicit embedding marks are dropped by the algorithm: treat as flat
        return [storage["base_level"]] * len(text)
    for i in range(len(text) - 1, -1, -1):  # rule L1: trailing white space takes the paragraph level
        if not text[i].isspace():
            break
        levels[i] = storage["base_level"]
    return levels


def _visual(runs: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Runs (start, end, font, level) in visual order: rule L2, reversing from the highest level down."""
    if not runs:
        return runs
    order = list(runs)
    highest = max(r[3] for r in order)
    lowest_odd = min((r[3] for r in order if r[3] % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if order[i][3] >= level:
                j = i
                while j < len(order) and order[j][3] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


LINES_KEPT = 512
# A line is measured, then drawn within its face: 512 lines hold a face's worth and more. Kept longer, a large
# deck's distinct lines were only more for the garbage collector to walk and more memory a process (S10000).
@lru_cache(maxsize=LINES_KEPT)
def shape_line(text: str, chain: tuple[Path, ...], shaping: Shaping = PLAIN) -> ShapedLine:
    """`text` (one line, logical order) shaped with the fonts of `chain`; MissingGlyphError for a character
    none of them has."""
    if not text:
        return ShapedLine((), 0.0)
    first = _font(chain[0])
    is_ascii = text.isascii()  # no right-to-left character is ASCII
    covered = (first.ascii and is_ascii and text.isprintable()) or set(map(ord, text)) <= first.chars
    if covered and not shaping.rtl and (is_ascii or not RIGHT_TO_LEFT.search(text)):  # one font, left to right
        piece = _piece(chain, 0, text, 0, False, shaping)
        return ShapedLine((piece,), piece.width)
    if covered:
        fonts = [0] * len(text)  # all in the first font: the common case, without a look-up per character
    else:
        fonts = [font_of(chain, c) for c in text]
        if fonts[0] < 0:  # an invisible character first: set in the font of the first visible one
            fonts[0] = next((f for f in fonts if f >= 0), 0)
        for i in range(1, len(text)):  # an invisible character, or a mark its base's font has, goes with its base
            if fonts[i] < 0 or (unicodedata.combining(text[i]) and ord(text[i]) in _font(chain[fonts[i - 1]]).chars):
                fonts[i] = fonts[i - 1]
    levels = _levels(text, shaping.rtl)
    if not any(fonts) and not any(levels):  # one font, left to right: one run
        piece = _piece(chain, 0, text, 0, False, shaping)
        return ShapedLine((piece,), piece.width)
    runs: list[tuple[int, int, int, int]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or fonts[i] != fonts[start] or levels[i] != levels[start]:
            runs.append((start, i, fonts[start], levels[start]))
            start = i
    pieces = []
    for begin, end, index, level in _visual(runs):
        pieces.append(_piece(chain, index, text[begin:end], begin, bool(level % 2), shaping))
    return ShapedLine(tuple(pieces), sum(p.width for p in pieces))


# Words kept per font, direction and shaping. A deck's vocabulary is a few thousand words, but a word seen on one
# card only (a card's number, a name) would be kept for the rest of the process: S10000's titles, numbered 1 to
# 10 000, grew a worker by some 15 MB. Past WORDS_KEPT the words are forgotten and shaped again as they come back.
WORDS_KEPT = 1024


@lru_cache(maxsize=256)
def _words(path: Path, rtl: bool, shaping: Shaping) -> dict[str, Shape]:
    """The words shaped in one font, direction and shaping, kept (a dictionary look-up per word)."""
    return {}


def _piece(chain: tuple[Path, ...], index: int, text: str, start: int, rtl: bool, shaping: Shaping) -> Piece:
    """One run in font `chain[index]` as its words' shapes, each with the space before it, placed left to right."""
    path = chain[index]
    known = _words(path, rtl, shaping)
    words = text.split(" ")
    segments = []
    pen = 0.0
    plain = not rtl and text.isascii()
    for i, word in enumerate(reversed(words) if rtl else words):
        if i:  # a space shaped with the word it leads to, in visual order: before it, or after it right to left
            word = word + " " if rtl else " " + word
        if word:
            shape = known.get(word)
            if shape is None:
                if len(known) >= WORDS_KEPT:
                    known.clear()
                shape = known[word] = _shape(path, word, rtl, shaping)
            segments.append((shape, pen))
            pen += shape.width
            plain = plain and shape.one_to_one
    return Piece(text, start, path, index, rtl, tuple(segments), pen, plain)
