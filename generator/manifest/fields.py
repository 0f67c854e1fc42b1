"""Manifest stage: `FieldReader` checks component fields and card cells against the kit: colour keys through the
palette, art keys (`art`, `*_art`) as usable art in the kit, `{icon}`s in text against the kit's icons, and YAML's
reading of unquoted `{text}` as a mapping; it also holds ICON_NAME, the pattern of an icon in text.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.colours import is_colour_key, normalise_colour
from generator.manifest.kitfiles import KitFiles
from generator.manifest.problems import Document, ProblemList
from generator.manifest.spec import Location
from generator.manifest.values import read_colour
from generator.manifest.yamlfile import KeyPath

ICON_NAME = re.compile(r"\{([a-z][a-z0-9_-]*)\}")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BRACED_HINT = "YAML read {value} as a mapping; quote text that starts with {{: \"{value} …\""


@dataclass(frozen=True)
class FieldReader:
    """What field values are checked against: the kit's palette, its files and its declared icons."""

    problems: ProblemList
    files: KitFiles
    palette: dict[str, str]
    icons: dict[str, Path]

    def fields(self, doc: Document, path: KeyPath, raw: dict) -> dict[str, Any]:
        """A `fields:` mapping with colours normalised and art resolved to file paths."""
        fields = {}
        for key, value in raw.items():
            if is_colour_key(key) and value is not None:
                value = read_colour(self.problems, doc, path + (key,), value, self.palette)
            elif _is_art_key(key) and isinstance(value, str):
                art = self.files.art(doc, path + (key,), value)
                value = str(art) if art else value
            elif isinstance(value, str):
                for icon in ICON_NAME.findall(value):
                    if icon not in self.icons:
                        self.problems.add(doc, path + (key,), self._unknown_icon(icon))
            elif _braced_text(value):
                self.problems.add(doc, path + (key,), _BRACED_HINT.format(value=_braced_text(value)))
            fields[key] = value
        return fields

    def cell(self, folder: Path, where: Location, key_name: str, name: str, value: Any) -> Any:
        """One card cell's value, checked like a field but reported at the row (`where`) under `key_name`;
        art names are looked up in `folder`."""
        if is_colour_key(name):
            try:
                value = normalise_colour(value, self.palette)
            except ValueError as exc:
                self.problems.add_at(where, key_name, str(exc))
        elif _is_art_key(name) and isinstance(value, str):
            art, problem = self.files.find_art(folder, value)
            if problem:
                self.problems.add_at(where, key_name, problem)
            value = str(art) if art else value
        elif isinstance(value, str):
            if _CONTROL.search(value):
                self.problems.add_at(where, key_name, "the text holds a control character, which cannot be printed")
            for icon in ICON_NAME.findall(value):
                if icon not in self.icons:
                    self.problems.add_at(where, key_name, self._unknown_icon(icon))
        elif _braced_text(value):
            self.problems.add_at(where, key_name, _BRACED_HINT.format(value=_braced_text(value)))
        return value

    def _unknown_icon(self, icon: str) -> str:
        hint = difflib.get_close_matches(icon, list(self.icons), n=1)
        suggestion = f" (did you mean {{{hint[0]}}}?)" if hint else f" (kit icons: {', '.join(sorted(self.icons)) or 'none'})"
        return f"unknown icon {{{icon}}}{suggestion}"


def _is_art_key(key: str) -> bool:
    """Field names whose values are art files, checked like a side's `art`."""
    return key == "art" or key.endswith("_art")


def _braced_text(value: Any) -> str | None:
    """'{gold}' when YAML turned unquoted `{gold}` text into the mapping {'gold': None}."""
    if isinstance(value, dict) and value and all(v is None for v in value.values()):
        return "{" + ", ".join(map(str, value)) + "}"
    return None
