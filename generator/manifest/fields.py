"""Manifest stage: `FieldReader` checks component fields and card cells against the kit: colour keys through the
palette, art keys (`art`, `*_art`) as usable art in the kit, `{icon}`s in text against the kit's icons, and YAML's
reading of unquoted `{text}` as a mapping; it also holds ICON_NAME, the pattern of an icon in text, and
`template_fields`, the field names a template reads (what a deck's columns are checked against).
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.colours import is_colour_key, normalise_colour
from generator.errors import UnsafeResourceError
from generator.manifest.kitfiles import KitFiles
from generator.manifest.problems import Document, ProblemList
from generator.manifest.spec import Location
from generator.manifest.values import read_colour
from generator.manifest.yamlfile import KeyPath
from generator.paths import find_template, user_cache
from generator.typeface import BUNDLED, Typeface, missing_characters, missing_message

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
    typeface: Typeface = BUNDLED  # text must be in its fonts: a character in none would print as a box

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
                for char in missing_characters(self.typeface, value):
                    self.problems.add(doc, path + (key,), missing_message(char))
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
            self.files.warn_ignored_at(where, key_name)
            value = str(art) if art else value
        elif isinstance(value, str):
            if _CONTROL.search(value):
                self.problems.add_at(where, key_name, "the text holds a control character, which cannot be printed")
            for icon in ICON_NAME.findall(value):
                if icon not in self.icons:
                    self.problems.add_at(where, key_name, self._unknown_icon(icon))
            for char in missing_characters(self.typeface, value):
                self.problems.add_at(where, key_name, missing_message(char))
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


# Fields a template also sees as plain names (`colour`, not only `f.colour`): the render stage copies them
# out of the fields (generator.render.DERIVED_FIELDS, less those it always sets itself).
_PLAIN_NAME_FIELDS = ("colour", "ink", "name")
_DICT_METHODS = {"get", "items", "keys", "values", "update", "pop", "setdefault", "copy", "clear", "popitem"}


def template_fields(roots: tuple[Path, ...], name: str) -> frozenset[str] | None:
    """The field names template `name` reads — `f.title`, `f["title"]`, `f.get("title")`, `"title" in f`, or a
    plain `colour`/`ink`/`name` — in itself and in every template it extends, imports or includes (looked up
    as the renderer does: the kit's `templates/` in `roots`, then pnpgen's). None when that cannot be known:
    a built-in drawer (@name), a missing or unreadable template, a template named by a variable, or `f`
    used some other way (`f.get(key)`, `f.items()`, `f` passed to a macro)."""
    if name.startswith("@"):
        return None
    found: set[str] = set()
    todo, seen = [name], set()
    while todo:
        current = todo.pop()
        try:
            path = find_template(current, *roots)
        except UnsafeResourceError:
            return None
        if path is None:
            return None
        if path in seen:
            continue
        seen.add(path)
        try:
            stat = path.stat()
        except OSError:
            return None
        parsed = _template_reads(path, stat.st_mtime_ns, stat.st_size)
        if parsed is None:
            return None
        reads, uses = parsed
        found |= reads
        todo.extend(uses)
    return frozenset(found)


@lru_cache(maxsize=256)
def _template_reads(path: Path, mtime_ns: int, size: int) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """(fields one template file reads, templates it names), or None when its fields cannot be known.
    Keyed by the file's mtime and size, so an edited template is read again (`build --watch`); the answer for a
    template's text is kept in the user's cache folder (parsing a card template and those it extends and imports
    is ~50 ms of every build of a deck)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None  # the renderer reports it
    kept = _kept_reads(text)
    if kept is not _NOT_KEPT:
        return kept
    reads = _parsed_reads(text)
    _keep_reads(text, reads)
    return reads


_NOT_KEPT = object()  # no answer kept yet for a template's text (None is an answer: its fields cannot be known)


@lru_cache(maxsize=1)
def _reader_version() -> str:
    """What an answer kept for a template's text also depends on: this module (how a read is recognised) and
    jinja2 (how a template parses), by their files' size and time, as the help text kept by entry.py is."""
    import importlib.util

    jinja = importlib.util.find_spec("jinja2")
    parts = []
    for source in (__file__, jinja.origin if jinja is not None and jinja.origin else ""):
        try:
            stat = os.stat(source)
        except OSError:
            return ""
        parts.append(f"{source}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(parts)


def _reads_file(text: str) -> Path | None:
    version = _reader_version()
    if not version:
        return None
    digest = hashlib.sha1(f"{version}\n{text}".encode("utf-8")).hexdigest()[:20]
    return user_cache() / "template-reads" / f"{digest}.json"


def _kept_reads(text: str):
    """The answer kept for a template's text, or _NOT_KEPT."""
    kept = _reads_file(text)
    if kept is None:
        return _NOT_KEPT
    try:
        data = json.loads(kept.read_text(encoding="utf-8"))
        if data is None:
            return None
        return frozenset(data["reads"]), tuple(data["uses"])
    except (OSError, ValueError, KeyError, TypeError):
        return _NOT_KEPT  # not kept yet (or unreadable): parse the template


def _keep_reads(text: str, reads: tuple[frozenset[str], tuple[str, ...]] | None) -> None:
    kept = _reads_file(text)
    if kept is None:
        return
    data = None if reads is None else {"reads": sorted(reads[0]), "uses": list(reads[1])}
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        temp = kept.with_suffix(f".{os.getpid()}.tmp")
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, kept)
    except OSError:
        pass  # a read-only home only costs the next build the same parse


def _parsed_reads(text: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """`_template_reads` of a template's text, from its parse tree."""
    import jinja2
    from jinja2 import nodes

    try:
        tree = jinja2.Environment().parse(text)
    except jinja2.TemplateSyntaxError:
        return None  # the renderer reports it
    reads: set[str] = set()
    handled: set[int] = set()  # the `f` nodes of the reads understood below

    def is_f(node: nodes.Node) -> bool:
        return isinstance(node, nodes.Name) and node.name == "f"

    def text(node: nodes.Node) -> str | None:
        return node.value if isinstance(node, nodes.Const) and isinstance(node.value, str) else None

    for call in tree.find_all(nodes.Call):
        target = call.node
        if isinstance(target, nodes.Getattr) and is_f(target.node) and target.attr == "get" and call.args \
                and text(call.args[0]) is not None:
            reads.add(text(call.args[0]))
            handled.add(id(target.node))
    for node in tree.find_all(nodes.Getattr):
        if is_f(node.node) and node.attr not in _DICT_METHODS:
            reads.add(node.attr)
            handled.add(id(node.node))
    for node in tree.find_all(nodes.Getitem):
        if is_f(node.node) and text(node.arg) is not None:
            reads.add(text(node.arg))
            handled.add(id(node.node))
    for node in tree.find_all(nodes.Compare):
        if text(node.expr) is not None and len(node.ops) == 1 and node.ops[0].op in {"in", "notin"} \
                and is_f(node.ops[0].expr):
            reads.add(text(node.expr))
            handled.add(id(node.ops[0].expr))
    for node in tree.find_all(nodes.Test):
        if is_f(node.node) and node.name in {"mapping", "defined", "undefined", "none"}:
            handled.add(id(node.node))  # `f is mapping`: asks what f is, reads no field
    for node in tree.find_all(nodes.Name):
        if node.name == "f" and node.ctx == "load" and id(node) not in handled:
            return None  # `f` handed on or walked: any field may be read
        if node.name in _PLAIN_NAME_FIELDS and node.ctx == "load":
            reads.add(node.name)
    uses: list[str] = []
    for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        named = node.template
        values = named.value if isinstance(named, nodes.Const) else None
        values = [values] if isinstance(values, str) else values
        if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
            return None  # a template chosen at render time
        uses.extend(values)
    return frozenset(reads), tuple(uses)
