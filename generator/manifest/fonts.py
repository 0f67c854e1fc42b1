"""Manifest stage: `kit.defaults.font` (one typeface, or a list whose later entries are fallbacks) and
`kit.defaults.typography` (kerning, ligatures, language, text styles), read into one Typeface.

pnpgen's bundled DejaVu Sans Condensed is always the last fallback of a kit that names its own fonts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.manifest.kitfiles import KitFiles
from generator.manifest.problems import Document, ProblemList
from generator.typeface import BUNDLED, FONT_SUFFIXES, FontFileError, TextStyle, Typeface, Typography, read_typeface

FONT = ("kit", "defaults", "font")
TYPOGRAPHY = ("kit", "defaults", "typography")
STYLE_SWITCHES = {"small_caps": "smcp", "old_style_figures": "onum"}  # style keys naming OpenType features


def read_font(top: Document, raw: Any, files: KitFiles, problems: ProblemList) -> Typeface | None:
    """`defaults.font`: a TrueType file, {regular: file, bold: file}, or a list of these (fallbacks after
    the first). None after reporting a problem."""
    entries = raw if isinstance(raw, list) else [raw]
    faces = []
    for i, entry in enumerate(entries):
        path = FONT + (i,) if isinstance(raw, list) else FONT
        face = _typeface(top, path, entry, files, problems)
        if face is None:
            return None
        faces.append(face)
    if not faces:
        return BUNDLED
    return replace(faces[0], fallbacks=(*faces[1:], BUNDLED))


def _typeface(top: Document, path: tuple, raw: str | dict, files: KitFiles, problems: ProblemList) -> Typeface | None:
    weights = {"regular": raw} if isinstance(raw, str) else raw
    found = {weight: files.file(top, path if isinstance(raw, str) else path + (weight,), name, FONT_SUFFIXES)
             for weight, name in weights.items()}
    if None in found.values():
        return None
    try:
        return read_typeface(found["regular"], found.get("bold"))
    except FontFileError as exc:
        problems.add(top, path, str(exc))
        return None


def read_typography(top: Document, raw: dict, problems: ProblemList) -> Typography:
    """`defaults.typography` (types already checked by the schema)."""
    styles = []
    for name, style in sorted((raw.get("styles") or {}).items()):
        features: dict[str, bool] = {}
        for item in style.get("features", []):
            tag = item.lstrip("+-")
            if len(tag) != 4 or not tag.isascii() or not tag.isalnum():
                problems.add(top, TYPOGRAPHY + ("styles", name, "features"),
                             f"{item!r} is not an OpenType feature tag (four letters or digits, such as smcp or -liga)")
                continue
            features[tag] = not item.startswith("-")
        for key, tag in STYLE_SWITCHES.items():
            if key in style:
                features[tag] = bool(style[key])
        tracking = round(float(style.get("tracking", 0)), 3)  # the SVG carries 3 decimals: measured = drawn
        styles.append((str(name), TextStyle(tuple(sorted(features.items())), tracking)))
    return Typography(bool(raw.get("kerning", True)), bool(raw.get("ligatures", True)), str(raw.get("language", "")),
                      tuple(styles))
