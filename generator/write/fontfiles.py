"""Write stage: `use_typeface` makes a kit's font files known to fontconfig, which is how cairo finds fonts.

Each file is registered as a copy whose family name is made from its content (`Typeface.face`): two kits
with one family name, a bold file fontconfig would rank differently, or a file edited during `--watch` can
never make cairo draw glyphs from another file than the one the text was measured with. Only pnpgen's own
fonts are configured otherwise (fonts.conf), so nothing installed on the machine can stand in for them.
"""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from pathlib import Path

from generator.errors import PnpError
from generator.paths import user_cache
from generator.typeface import Typeface, face_name

FONTCONFIG_NAMES = ("libfontconfig.so.1", "fontconfig", "libfontconfig.1.dylib", "libfontconfig-1.dll")
COPY_FORMAT = 2  # in the copy's name: copies made by a pnpgen that stamped them with the day they were made are not reused
FAMILY_NAME_IDS = (1, 16)  # family and typographic family; the PostScript name (6) stays, as the PDF shows it


def use_typeface(typeface: Typeface) -> None:
    """Make the typeface's files, and its fallbacks', findable by cairo (and by the text drawer); the sheets'
    labels take the characters their own font lacks from it."""
    from generator.render.shaping import register_typeface
    from generator.write.draw import use_sheet_fallback

    register_typeface(typeface)
    use_sheet_fallback(typeface)
    for member in (typeface, *typeface.fallbacks):
        for bold in (False, True):
            if member.digest(bold):  # pnpgen's own files are configured already (fonts.conf)
                _register(member.file(bold), member.digest(bold))


@lru_cache(maxsize=None)
def _register(file: Path, digest: str) -> None:
    ffi, fontconfig = _fontconfig()
    if not fontconfig.FcConfigAppFontAddFile(ffi.NULL, os.fsencode(_renamed_copy(file, digest))):
        raise PnpError(f"fontconfig could not load the kit font {file.name}")


@lru_cache(maxsize=1)
def _fontconfig():
    import cffi

    ffi = cffi.FFI()
    ffi.cdef("int FcConfigAppFontAddFile(void *config, const unsigned char *file);")
    for name in FONTCONFIG_NAMES:
        try:
            return ffi, ffi.dlopen(name)  # the library cairo has loaded: one configuration for both
        except OSError:
            continue
    raise PnpError("cannot load fontconfig, which cairo needs to find the kit's font")


def _renamed_copy(file: Path, digest: str) -> Path:
    """The font saved under its content's family name, once per machine (user cache, else a temp folder)."""
    for folder in (user_cache() / "fonts", Path(tempfile.gettempdir()) / "pnpgen-fonts"):
        target = folder / f"{digest}-{COPY_FORMAT}.ttf"
        if target.is_file():
            return target
        try:
            folder.mkdir(parents=True, exist_ok=True)
            _write_renamed(file, digest, target)
            return target
        except OSError:
            continue
    raise PnpError(f"cannot write a working copy of the kit font {file.name} (user cache and temp folder are read-only)")


def _write_renamed(file: Path, digest: str, target: Path) -> None:
    from fontTools.ttLib import TTFont

    temp = target.with_suffix(f".{os.getpid()}.tmp")
    with TTFont(file, recalcTimestamp=False) as font:  # the file's own date: a copy made today embeds the same bytes
        table = font["name"]
        table.names = [record for record in table.names if record.nameID not in (*FAMILY_NAME_IDS, 17)]
        table.setName(face_name(digest), 1, 3, 1, 0x409)
        font.save(temp)
    os.replace(temp, target)
