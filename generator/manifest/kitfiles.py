"""Manifest stage: `KitFiles` finds the files a manifest names (art, fonts, CSV decks, templates) and reports each
bad one at the key that named it: files must live inside the kit folder and never be URLs, and art must also be
drawable without reaching outside the kit (checked by `generator.art`).
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.art import check_art
from generator.errors import UnsafeResourceError
from generator.manifest.problems import Document, ProblemList
from generator.manifest.yamlfile import KeyPath
from generator.paths import find_template, inside, shown

ART_SUFFIXES = {".svg", ".png", ".jpg", ".jpeg"}


class KitFiles:
    """Looks up files named in a kit's documents, adding what is wrong with them to `problems`."""

    def __init__(self, roots: tuple[Path, ...], problems: ProblemList):
        self.roots, self.problems = roots, problems  # the kit's folder, then those of the kits it extends
        self.ignored: tuple[str, ...] = ()  # what the art last found holds that pnpgen ignores (check_art's notes)
        # what is wrong with each template name asked for (None: nothing): a kit's components name the same few
        # templates, each looked up in the kit's folders once a load (a lookup resolves every path it tries)
        self._template_problems: dict[str, str | None] = {}

    def art(self, doc: Document, path: KeyPath, name: str) -> Path | None:
        """The art file `name` (relative to `doc`), or None after reporting why it cannot be used; what it holds
        that pnpgen ignores is reported as warnings."""
        found = self._reported(doc, path, self.find_art(doc.folder(path), name))
        for note in self.ignored:
            self.problems.warn(doc, path, note)
        return found

    def warn_ignored_at(self, where, key: str) -> None:
        """Report what the art last found by `find_art` holds that pnpgen ignores, at `where` under `key`."""
        for note in self.ignored:
            self.problems.warn_at(where, key, note)

    def file(self, doc: Document, path: KeyPath, name: str, suffixes: set[str]) -> Path | None:
        """The non-art file `name` (a font, a CSV deck), or None after reporting why it cannot be used."""
        return self._reported(doc, path, self._find(doc.folder(path), name, suffixes, drawable=False))

    def find_art(self, folder: Path, name: str) -> tuple[Path | None, str | None]:
        """(the art file, None) or (None, what is wrong), for callers that report at their own location."""
        return self._find(folder, name, ART_SUFFIXES, drawable=True)

    def template(self, doc: Document, path: KeyPath, name: str) -> None:
        """Report `name` unless it is a built-in drawer (@name) or a template in the kit or in pnpgen."""
        if name.startswith("@"):
            return  # a built-in drawer, checked by the kind's own validation
        if name not in self._template_problems:
            self._template_problems[name] = self._template_problem(name)
        problem = self._template_problems[name]
        if problem is not None:
            self.problems.add(doc, path, problem)

    def _template_problem(self, name: str) -> str | None:
        try:
            found = find_template(name, *self.roots)
        except UnsafeResourceError as exc:
            return str(exc)
        if found is None:
            return f"no template {name!r}: looked for templates/{name}.svg.j2 in the kit and in pnpgen"
        return None

    def _reported(self, doc: Document, path: KeyPath, found: tuple[Path | None, str | None]) -> Path | None:
        real, problem = found
        if problem:
            self.problems.add(doc, path, problem)
        return real

    def _find(self, folder: Path, name: str, suffixes: set[str], *, drawable: bool) -> tuple[Path | None, str | None]:
        """(the file, None) or (None, what is wrong): files come from inside the kit, and art must be drawable."""
        if drawable:
            self.ignored = ()
        if re.match(r"^[a-z][a-z0-9+.-]*://", name) or name.startswith("data:"):
            return None, f"{name!r}: only files inside the kit can be used, never URLs"
        target = folder / name
        try:
            real = inside(target, *self.roots)
            exists = real.is_file()
        except UnsafeResourceError:
            return None, f"{name!r} is outside the kit folder; every file a kit uses must live inside it"
        except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
            return None, f"{name[:200]!r} cannot be a file name here ({exc.__class__.__name__})"
        if not exists:
            return None, f"file {name!r} does not exist (looked in {shown(target.parent)})"
        if real.suffix.lower() not in suffixes:
            return None, f"{name!r}: expected a {' or '.join(sorted(suffixes))} file"
        if drawable:
            self.ignored = ()
            try:
                self.ignored = check_art(real, self.roots)
            except UnsafeResourceError as exc:
                return None, str(exc)
        return real, None
