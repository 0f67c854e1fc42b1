"""A manifest's problems, each located by file, line, column and key path: the errors collected while it is read
(Problems) and the warnings a kit's art gives (kit_warnings: errors with --strict)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import ManifestError, Problem
from generator.manifest.spec import KitSpec, Location
from generator.manifest.yamlfile import KeyPath, Marks, format_path


@dataclass(frozen=True)
class Document:
    """One parsed YAML file of a kit with the positions of its keys."""

    file: Path
    shown: str
    data: Any
    marks: Marks

    def key_path(self, path: KeyPath) -> KeyPath:
        """`path` as written in this file (a kit variant's values stand at other places in its own file)."""
        return path

    def folder(self, path: KeyPath) -> Path:
        """Where a file name written at `path` is looked up: beside the file that wrote it."""
        return self.file.parent

    def locate(self, path: KeyPath) -> Location:
        """The nearest marked position at or above `path`."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.marks:
                line, column = self.marks[path[:end]]
                return Location(self.shown, line, column)
        return Location(self.shown)


class ProblemList:
    """Accumulates problems so the user sees all of them at once."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.warnings: list[Problem] = []  # what does not stop a build (an error under --strict), each said once

    def warn(self, doc: Document, path: KeyPath, message: str) -> None:
        where = doc.locate(path)
        self.warn_at(where, format_path(doc.key_path(path)), message)

    def warn_at(self, where: Location, key: str, message: str) -> None:
        if all(w.message != message for w in self.warnings):  # art used by 500 cards: one warning
            self.warnings.append(Problem(where.path, where.line, where.column, key, message))

    def add(self, doc: Document, path: KeyPath, message: str) -> None:
        where = doc.locate(path)
        self.items.append(Problem(where.path, where.line, where.column, format_path(doc.key_path(path)), message))

    def add_at(self, where: Location, key: str, message: str) -> None:
        self.items.append(Problem(where.path, where.line, where.column, key, message))

    def raise_if_any(self) -> None:
        if self.items:
            ordered = sorted(set(self.items), key=lambda p: (p.path, p.line or 0, p.column or 0, p.key, p.message))
            raise ManifestError(ordered)


def kit_warnings(spec: KitSpec, strict: bool) -> list[str]:
    """What the kit holds that pnpgen ignores (art scripts, foreign objects, external styles), one located line
    each; with `strict` they are errors (ManifestError), as `build`, `check` and `reference` all say."""
    if strict and spec.warnings:
        raise ManifestError([Problem(w.path, w.line, w.column, w.key, f"{w.message} (an error with --strict)")
                             for w in spec.warnings])
    return [str(warning) for warning in spec.warnings]
