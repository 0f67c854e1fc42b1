"""Render stage, the words HarfBuzz shaped, kept between processes in the user's cache folder: `kept_words(font,
rtl, shaping)` gives the words an earlier process shaped in that font, direction and shaping (render/shaping.py
adds the ones it shapes), and `keep_words()` writes back the sets that grew.

A new process drawing a deck shaped every word of every face it drew again (a tenth of redrawing a segment of
W2 after a one-card edit). A set of words is kept (generator/keptfiles.py: written atomically, checked whole)
under a digest of the font file's bytes, the direction, the shaping, the HarfBuzz version and pnpgen's own files,
so a word read back is the shape HarfBuzz would make of it. Workers of a large build keep their words to
themselves: the next build in the parent process shapes what it lacks and keeps it.
"""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from pathlib import Path
from typing import Callable

from generator.keptfiles import KeptFiles, package_state
from generator.paths import user_cache

FORMAT = b"pnpgen-words 1\n"  # a kept file's first line; another format is ignored
SUFFIX = ".words"
MAX_BYTES = 16 * 2**20
MAX_ENTRIES = 64
MOST_WORDS = 200_000  # a set grown past this is not written back (a generated deck of random strings)

# (font, rtl, shaping) -> (digest, the words as read, how many were read): what keep_words compares and writes
_SETS: dict[tuple, tuple[str, dict, int]] = {}


def word_folder() -> Path:
    return user_cache() / "words"


def kept_words(font: Path, rtl: bool, shaping, shape_of: Callable[[tuple], object]) -> dict:
    """The words kept for `font`, `rtl` and `shaping` as {word: shape_of(fields)} (render/shaping.Shape.from_fields):
    empty when none are (or cannot be) kept. The dictionary is the one render/shaping.py fills; keep_words() writes
    it back, each shape as its `fields()`, when it grew."""
    digest = _digest(font, rtl, shaping)
    words: dict = {}
    if digest is not None:
        body = KeptFiles(word_folder(), FORMAT, SUFFIX).read(digest)
        if body is not None:
            words = _words(body, shape_of)
        _SETS[(font, rtl, shaping)] = (digest, words, len(words))
    return words


def keep_words() -> None:
    """Write back every set of words that grew since it was read."""
    files = KeptFiles(word_folder(), FORMAT, SUFFIX)
    for key, (digest, words, count) in list(_SETS.items()):
        if count < len(words) <= MOST_WORDS:
            files.write(digest, _body(words))
            _SETS[key] = (digest, words, len(words))
    if files.added:
        files.evict(MAX_BYTES, MAX_ENTRIES)


def _digest(font: Path, rtl: bool, shaping) -> str | None:
    content = _font_digest(font)
    state = package_state()
    if content is None or state is None:
        return None
    import uharfbuzz

    text = repr((FORMAT, state, uharfbuzz.__version__, content, rtl, tuple(shaping)))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=None)
def _font_digest(font: Path) -> str | None:
    """The font file's bytes as a digest (a font replaced by another of the same size and time still differs)."""
    try:
        return hashlib.sha256(font.read_bytes()).hexdigest()
    except OSError:
        return None


def _body(words: dict) -> bytes:
    return marshal.dumps({word: shape.fields() for word, shape in words.items()})


def _words(body: bytes, shape_of: Callable[[tuple], object]) -> dict:
    """The words in a kept file's body as shapes; empty when it holds anything else."""
    try:
        return {word: shape_of(fields) for word, fields in marshal.loads(body).items()}
    except (EOFError, ValueError, TypeError, AttributeError):  # not what keep_words wrote: nothing is kept
        return {}
