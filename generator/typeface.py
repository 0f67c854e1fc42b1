"""The typeface a kit's text is set in: the bundled DejaVu Sans Condensed, or TrueType files of the kit's own.

`read_typeface(regular, bold)` checks a kit's font files before anything is drawn: fontTools must read them,
they must have TrueType outlines (the reference writer embeds nothing else), a Unicode character map, and a
licence that allows embedding. Each file is known by its content: cairo is asked for a family name made from
it (`face`), so the glyphs drawn always come from the very file the text was measured with.
A kit may name several typefaces: the first is its own, the others fallbacks (`chain`), each character
set in the first that has it. `Typography` says how text is shaped: kerning, ligatures, language, styles.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from generator.paths import FONTS_DIR

FONT_SUFFIXES = {".ttf", ".otf"}
RESTRICTED_LICENCE = 0x0002  # OS/2 fsType: the font may not be embedded at all
BITMAP_ONLY = 0x0200          # OS/2 fsType: only bitmaps may be embedded, never the outlines a PDF needs
POSTSCRIPT_NAME = re.compile(r"[!-~]+")  # printable ASCII, no spaces: what a PDF font name may hold
PRINTABLE_ASCII = frozenset(range(0x20, 0x7F))


class FontFileError(ValueError):
    """A kit font that cannot be used; the message says why, for the manifest problem that reports it."""


class Shaping(NamedTuple):
    """How a text is shaped: HarfBuzz features ((tag, on), …), tracking (em added after each character),
    the BCP 47 language ("" for none) and the paragraph's direction. A named tuple: it keys the shaping
    caches, looked up for every word and line, and a tuple hashes in C."""

    features: tuple[tuple[str, bool], ...] = ()
    tracking: float = 0.0
    language: str = ""
    rtl: bool = False


@dataclass(frozen=True)
class TextStyle:
    """A named text style (`text(…, style="title")`): OpenType features on or off, and tracking in em."""

    features: tuple[tuple[str, bool], ...] = ()
    tracking: float = 0.0


@dataclass(frozen=True)
class Typography:
    """Kit-wide shaping: kerning and standard ligatures (on unless switched off), the language (BCP 47,
    for shaping and hyphenation; "" for none) and the named text styles."""

    kerning: bool = True
    ligatures: bool = True
    language: str = ""
    styles: tuple[tuple[str, TextStyle], ...] = ()

    def shaping(self, style: str | None = None) -> Shaping:
        """How text in `style` is shaped (a style the kit does not define is plain)."""
        features: dict[str, bool] = {}
        if not self.kerning:
            features["kern"] = False
        if not self.ligatures:
            features.update(liga=False, clig=False)
        chosen = dict(self.styles).get(style or "", TextStyle())
        features.update(chosen.features)
        return Shaping(tuple(sorted(features.items())), chosen.tracking, self.language)


@dataclass(frozen=True)
class Typeface:
    """A family name (for messages), the file for each weight (bold may be the regular file again) and each
    file's content digest ("" for the bundled font, which never changes under a build)."""

    family: str
    regular: Path
    bold: Path
    digests: tuple[str, str] = ("", "")
    fallbacks: tuple["Typeface", ...] = ()  # further typefaces, in order, for characters this one lacks
    typography: Typography = Typography()

    def chain(self, bold: bool) -> tuple[Path, ...]:
        """The font files a text of this weight is set with, in fallback order."""
        return _chains(self)[bool(bold)]

    def faces(self, bold: bool) -> tuple[str, ...]:
        """The names cairo is asked for, in the order of `chain`."""
        return (self.face(bold), *(other.face(bold) for other in self.fallbacks))

    def file(self, bold: bool) -> Path:
        return self.bold if bold else self.regular

    def digest(self, bold: bool) -> str:
        return self.digests[bool(bold)]

    def face(self, bold: bool) -> str:
        """The family name cairo is asked for: the bundled family, or one unique to the file's content."""
        digest = self.digest(bold)
        return face_name(digest) if digest else self.family


@lru_cache(maxsize=None)
def font_chars(path: Path) -> frozenset[int]:
    """The code points a font file has glyphs for (its character map, read by HarfBuzz: ~1 ms)."""
    import uharfbuzz as hb

    return frozenset(hb.Face(hb.Blob.from_file_path(str(path))).unicodes)


def _invisible(char: str) -> bool:
    """Characters no font needs to draw: joiners, bidi marks, variation selectors, line breaks and tabs."""
    code = ord(char)
    return (unicodedata.category(char) == "Cf" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
            or char in "\n\r\t")


@lru_cache(maxsize=8192)
def font_index(chain: tuple[Path, ...], char: str) -> int | None:
    """Index in `chain` of the first font with `char`; -1 for an invisible character none has; None when
    no font has a visible character (printing it would put an empty box on paper)."""
    code = ord(char)
    for i, path in enumerate(chain):
        if code in font_chars(path):
            return i
    return -1 if _invisible(char) else None


@lru_cache(maxsize=64)
def _chains(typeface: "Typeface") -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    return tuple((typeface.file(bold), *(other.file(bold) for other in typeface.fallbacks)) for bold in (False, True))


@lru_cache(maxsize=64)
def _covered(typeface: "Typeface") -> frozenset[int]:
    """The code points some font of the typeface has, in both weights."""
    regular, bold = (frozenset().union(*map(font_chars, typeface.chain(b))) for b in (False, True))
    return regular & bold


def missing_characters(typeface: "Typeface", text: str) -> list[str]:
    """The characters of `text`, in order of first appearance, that no font of the typeface has in either weight."""
    if text.isascii() and text.isprintable() and _has_printable_ascii(typeface):  # most card text, checked at once
        return []
    strange = set(map(ord, text)) - _covered(typeface)
    return sorted((chr(code) for code in strange if not _invisible(chr(code))), key=text.index)


@lru_cache(maxsize=64)
def _has_printable_ascii(typeface: "Typeface") -> bool:
    """Every font of the typeface has every printable ASCII character, in both weights. The bundled fonts do
    (tests/test_kit_font.py), which is known without HarfBuzz reading their character maps: a `check` of a kit
    in them, whose texts are ASCII, loads no HarfBuzz (~20 ms of its start)."""
    return typeface == BUNDLED or PRINTABLE_ASCII <= _covered(typeface)


def missing_message(char: str) -> str:
    return f"{char!r} (U+{ord(char):04X}) is in none of the kit's fonts"


def face_name(digest: str) -> str:
    return f"PnpKit-{digest[:16]}"


BUNDLED = Typeface("DejaVu Sans", FONTS_DIR / "DejaVuSansCondensed.ttf", FONTS_DIR / "DejaVuSansCondensed-Bold.ttf")


def read_typeface(regular: Path, bold: Path | None = None) -> Typeface:
    """The kit's typeface from its font files; FontFileError says what is wrong with one."""
    family = _family(regular)
    if bold is not None and bold != regular:
        bold_family = _family(bold)
        if bold_family != family:
            raise FontFileError(f"the bold file is family {bold_family!r} but the regular one is {family!r}: "
                                "give two weights of one family")
    bold = bold or regular
    return Typeface(family, regular, bold, (_digest(regular), _digest(bold)))


def _digest(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


def _family(path: Path) -> str:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        with path.open("rb") as file, TTFont(file, lazy=True) as font:  # closed even when TTFont refuses it
            if font.flavor is not None:
                raise FontFileError(f"{path.name} is a compressed web font ({font.flavor}); use the .ttf it was made from")
            if "glyf" not in font:
                raise FontFileError(f"{path.name} has PostScript (CFF) outlines; use a TrueType-outline .ttf font")
            if font["OS/2"].fsType & (RESTRICTED_LICENCE | BITMAP_ONLY):
                raise FontFileError(f"{path.name}: the font's licence forbids embedding its outlines in a PDF")
            font["head"], font["hhea"], font["hmtx"]  # every table text layout reads, parsed now
            name = font["name"]
            family = name.getDebugName(16) or name.getDebugName(1)  # typographic family first
            postscript = name.getDebugName(6) or ""
            if not POSTSCRIPT_NAME.fullmatch(postscript) or any(ch in postscript for ch in "[](){}<>/%"):
                raise FontFileError(f"{path.name}: its PostScript name {postscript[:60]!r} cannot name a font in a PDF")
            if not font.getBestCmap():
                raise FontFileError(f"{path.name} has no Unicode character map, so it cannot set text")
    except FontFileError:
        raise
    except (TTLibError, KeyError, AttributeError, OSError, ValueError, AssertionError, TypeError) as exc:
        raise FontFileError(f"{path.name} is not a font file pnpgen can read ({type(exc).__name__}: {exc})") from None
    if not family:
        raise FontFileError(f"{path.name} has no family name")
    return family
