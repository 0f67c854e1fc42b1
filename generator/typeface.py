"""The typeface a kit's text is set in: the bundled DejaVu Sans Condensed, or TrueType files of the kit's own.

`read_typeface(regular, bold)` checks a kit's font files before anything is drawn: fontTools must read them,
they must have TrueType outlines (the reference writer embeds nothing else), their licence must allow
embedding, and the two files must be one family, because the family name is how cairo finds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.paths import FONTS_DIR

FONT_SUFFIXES = {".ttf", ".otf"}
RESTRICTED_LICENCE = 0x0002  # OS/2 fsType: the font may not be embedded at all


class FontFileError(ValueError):
    """A kit font that cannot be used; the message says why, for the manifest problem that reports it."""


@dataclass(frozen=True)
class Typeface:
    """A family name and the file for each weight (bold may be the regular file again)."""

    family: str
    regular: Path
    bold: Path

    def file(self, bold: bool) -> Path:
        return self.bold if bold else self.regular

    @property
    def bundled(self) -> bool:
        return self == BUNDLED


BUNDLED = Typeface("DejaVu Sans", FONTS_DIR / "DejaVuSansCondensed.ttf", FONTS_DIR / "DejaVuSansCondensed-Bold.ttf")


def read_typeface(regular: Path, bold: Path | None = None) -> Typeface:
    """The kit's typeface from its font files; FontFileError says what is wrong with one."""
    family = _family(regular)
    if bold is not None and bold != regular:
        bold_family = _family(bold)
        if bold_family != family:
            raise FontFileError(f"the bold file is family {bold_family!r} but the regular one is {family!r}: "
                                "give two weights of one family")
    if family.casefold() == BUNDLED.family.casefold():
        raise FontFileError(f"family {family!r} is pnpgen's own font; leave `font` out to use it")
    return Typeface(family, regular, bold or regular)


def _family(path: Path) -> str:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        with path.open("rb") as file, TTFont(file, lazy=True) as font:  # closed even when TTFont refuses it
            if "glyf" not in font:
                raise FontFileError(f"{path.name} has PostScript (CFF) outlines; use a TrueType-outline .ttf font")
            if font["OS/2"].fsType & RESTRICTED_LICENCE:
                raise FontFileError(f"{path.name}: the font's licence forbids embedding it in a PDF")
            name = font["name"]
            family = name.getDebugName(16) or name.getDebugName(1)  # typographic family first
            font.getBestCmap()  # a font without a usable character map cannot set text
    except FontFileError:
        raise
    except (TTLibError, KeyError, AttributeError, OSError, ValueError, AssertionError, TypeError) as exc:
        raise FontFileError(f"{path.name} is not a font file pnpgen can read ({type(exc).__name__}: {exc})") from None
    if not family:
        raise FontFileError(f"{path.name} has no family name")
    return family
