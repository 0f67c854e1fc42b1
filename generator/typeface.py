"""The typeface a kit's text is set in: the bundled DejaVu Sans Condensed, or TrueType files of the kit's own.

`read_typeface(regular, bold)` checks a kit's font files before anything is drawn: fontTools must read them,
they must have TrueType outlines (the reference writer embeds nothing else), a Unicode character map, and a
licence that allows embedding. Each file is known by its content: cairo is asked for a family name made from
it (`face`), so the glyphs drawn always come from the very file the text was measured with.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from generator.paths import FONTS_DIR

FONT_SUFFIXES = {".ttf", ".otf"}
RESTRICTED_LICENCE = 0x0002  # OS/2 fsType: the font may not be embedded at all
BITMAP_ONLY = 0x0200          # OS/2 fsType: only bitmaps may be embedded, never the outlines a PDF needs
POSTSCRIPT_NAME = re.compile(r"[!-~]+")  # printable ASCII, no spaces: what a PDF font name may hold


class FontFileError(ValueError):
    """A kit font that cannot be used; the message says why, for the manifest problem that reports it."""


@dataclass(frozen=True)
class Typeface:
    """A family name (for messages), the file for each weight (bold may be the regular file again) and each
    file's content digest ("" for the bundled font, which never changes under a build)."""

    family: str
    regular: Path
    bold: Path
    digests: tuple[str, str] = ("", "")

    def file(self, bold: bool) -> Path:
        return self.bold if bold else self.regular

    def digest(self, bold: bool) -> str:
        return self.digests[bool(bold)]

    def face(self, bold: bool) -> str:
        """The family name cairo is asked for: the bundled family, or one unique to the file's content."""
        digest = self.digest(bold)
        return face_name(digest) if digest else self.family


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
