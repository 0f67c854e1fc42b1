"""Read one YAML file into plain Python values plus the line/column of every key and item.

Scalars resolve as YAML 1.2 core (only true/false are booleans, `No` and `12:30` stay strings),
because PyYAML's YAML 1.1 rules silently turn card titles like `No` into False. What a text reads as is kept in
the user's cache folder by the text (generator/keptfiles.py), so a build whose YAML files were read before loads
no YAML parser (PyYAML's import was a twentieth of a one-card rebuild of a deck).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any, Callable

from generator.errors import ManifestError, Problem
from generator.keptfiles import KeptFiles, package_state
from generator.paths import user_cache

KeyPath = tuple[Any, ...]
Marks = dict[KeyPath, tuple[int, int]]

KEPT_FORMAT = b"pnpgen-yaml 1\n"  # a kept reading's first line; another format is ignored
KEPT_SUFFIX = ".yaml-read"
KEPT_BYTES = 16 * 2**20
KEPT_ENTRIES = 256
_INT = re.compile(r"^[-+]?[0-9]+$|^0o[0-7]+$|^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_NULL = {"", "~", "null", "Null", "NULL"}
_STR_TAG = "tag:yaml.org,2002:str"
# Tags the resolver gives untagged values; anything else (!foo, !!python/…, !!binary) was written by hand.
_IMPLICIT_TAGS = {_STR_TAG} | {f"tag:yaml.org,2002:{name}" for name in
                               ("int", "float", "bool", "null", "timestamp", "merge", "value", "seq", "map")}
_EXPLICIT_TAG = re.compile(r"(&\S+\s+)?!")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # not printable, and not allowed in SVG text


class SpelledInt(int):
    """A whole number written other than as plain decimal digits (`0777`, `0o17`, `0x1F`, `+5`): YAML 1.1 tools
    read some of these differently (`0777` is 511 there, 777 here), so counts refuse them; `written` is the text."""

    written: str = ""


def _spelled(value: int, text: str) -> int:
    if text == str(value):
        return value
    spelled = SpelledInt(value)
    spelled.written = text
    return spelled


def _scalar(node: yaml.ScalarNode) -> Any:
    """Resolve a plain scalar by YAML 1.2 core rules; quoted scalars are always strings."""
    text = node.value
    if node.style:  # quoted or block scalar: the author asked for a string
        return text
    if text in _NULL:
        return None
    if text in _BOOL:
        return _BOOL[text]
    if _INT.match(text):
        return _spelled(int(text, 0) if text.startswith(("0o", "0x")) else int(text), text)
    if _FLOAT.match(text) and any(ch.isdigit() for ch in text):
        return float(text)
    return text


class _Walker:
    """Turns a composed node graph into plain values, refusing what YAML allows but a manifest must not hold:
    alias bombs (an alias re-walks its whole target), very deep nesting, tags and control characters."""

    MAX_VALUES = 100_000  # the largest kit file holds under 1 000
    MAX_DEPTH = 50        # the deepest kit file nests 11 levels

    def __init__(self, text: str, source: str, problems: list[Problem]):
        self.text, self.source, self.problems = text, source, problems
        self.values = 0

    def walk(self, node: yaml.Node, path: KeyPath, marks: Marks) -> Any:
        import yaml

        marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        self.values += 1
        if self.values > self.MAX_VALUES:
            raise _TooBig(_problem(self.source, node, path, f"more than {self.MAX_VALUES} values; YAML aliases "
                                   "(*name) that repeat large blocks are the usual cause"))
        if len(path) > self.MAX_DEPTH:
            raise _TooBig(_problem(self.source, node, path[:3], f"nested more than {self.MAX_DEPTH} levels deep"))
        if node.tag not in _IMPLICIT_TAGS:
            self.problems.append(_problem(self.source, node, path, f"YAML tags ({node.tag.replace('tag:yaml.org,2002:', '!!')}) are not supported; "
                                          "write the plain value (quote it to keep it text)"))
            return None
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.walk(item, path + (i,), marks) for i, item in enumerate(node.value)]
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(_problem(self.source, key_node, path, "keys must be plain names"))
                continue
            key = key_node.value
            if key == "<<":
                self.problems.append(_problem(self.source, key_node, path,
                                              "YAML merge keys (<<) are not supported; write the keys out"))
                continue
            if key in result:
                self.problems.append(_problem(self.source, key_node, path + (key,), f"duplicate key {key!r}"))
                continue
            marks[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            sub: Marks = {}
            result[key] = self.walk(value_node, path + (key,), sub)
            sub[path + (key,)] = marks[path + (key,)]  # point errors at the key, not its value
            marks.update(sub)
        return result

    def scalar(self, node: yaml.ScalarNode, path: KeyPath) -> Any:
        if _CONTROL.search(node.value):
            self.problems.append(_problem(self.source, node, path, "the text holds a control character "
                                          f"({_CONTROL.search(node.value).group()!r}), which cannot be printed"))
        if node.tag == _STR_TAG and _EXPLICIT_TAG.match(self.text, node.start_mark.index):
            return node.value  # `!!str 3`: the author asked for text
        return _scalar(node)


class _TooBig(Exception):
    """Walking stopped: the document is too large or too deep to be a manifest."""

    def __init__(self, problem: Problem):
        self.problem = problem


def _problem(source: str, node: yaml.Node, path: KeyPath, message: str) -> Problem:
    return Problem(source, node.start_mark.line + 1, node.start_mark.column + 1, format_path(path), message)


def format_path(path: KeyPath) -> str:
    """('components', 3, 'size') -> 'components[3].size'."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _check_depth(text: str, shown_as: str) -> None:
    """Refuse very deep nesting before composing: libyaml's composer recurses per level and crashes the
    interpreter (a segmentation fault, not an exception) some ten thousand levels down."""
    import yaml

    depth = 0
    try:
        for event in yaml.parse(text, Loader=_loader()):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > _Walker.MAX_DEPTH:
                    raise _too_deep(shown_as, event.start_mark)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        # PyYAML 6.0.2+ scans ahead and stops at its own nesting limit before the parser hands us the
        # 51st start event; it is the same mistake, so it gets the same message.
        if "nesting depth" in str(exc.problem or ""):
            raise _too_deep(shown_as, exc.problem_mark) from None
        raise


def _too_deep(shown_as: str, mark) -> ManifestError:
    line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
    return ManifestError([Problem(shown_as, line, col, "", f"nested more than {_Walker.MAX_DEPTH} levels deep")])


def read_text(file: Path, shown_as: str) -> str:
    """A UTF-8 text file of the kit (a UTF-8 byte-order mark is allowed); anything else is a located problem."""
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise ManifestError([Problem(shown_as, None, None, "", f"cannot read file: {exc.strerror or exc}")]) from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ManifestError([Problem(shown_as, 1, None, "", "the file is UTF-16 text; save it as UTF-8")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        raise ManifestError([Problem(shown_as, line, column, "", f"byte 0x{data[exc.start]:02x} is not UTF-8 text; "
                                     "save the file as UTF-8")]) from None


def read_yaml(file: Path, shown_as: str) -> tuple[Any, Marks]:
    """Parse `file`; return (data, marks). Syntax errors become a ManifestError naming file:line:col."""
    text = read_text(file, shown_as)
    return _kept_or_read(b"manifest", text, lambda: _read_yaml(text, shown_as))


def read_table(file: Path) -> Any:
    """One of pnpgen's YAML tables (papers, card sizes) as PyYAML's safe loader reads it."""
    text = file.read_text(encoding="utf-8")

    def read() -> Any:
        import yaml

        return yaml.load(text, Loader=_loader())

    return _kept_or_read(b"table", text, read)


def _loader():
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read_yaml(text: str, shown_as: str) -> tuple[Any, Marks]:
    import yaml

    try:
        _check_depth(text, shown_as)
        node = yaml.compose(text, Loader=_loader())
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow; it gives an offset, not a line
        line = text.count("\n", 0, exc.position) + 1
        raise ManifestError([Problem(shown_as, line, None, "", f"character {chr(exc.character)!r} is not allowed in YAML")]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        reason = " ".join(filter(None, [exc.context, exc.problem]))
        raise ManifestError([Problem(shown_as, line, col, "", f"YAML syntax error: {reason}")]) from None
    except yaml.YAMLError as exc:
        raise ManifestError([Problem(shown_as, None, None, "", f"YAML error: {exc}")]) from None
    if node is None:
        return {}, {(): (1, 1)}
    problems: list[Problem] = []
    marks: Marks = {}
    try:
        data = _Walker(text, shown_as, problems).walk(node, (), marks)
    except _TooBig as exc:
        raise ManifestError([exc.problem]) from None
    if problems:
        raise ManifestError(problems)
    return data, marks


def _reading_digest(kind: bytes, text: str) -> str | None:
    state = package_state()  # the reading follows from the text through pnpgen's code (and PyYAML's, in it)
    if state is None:
        return None
    digest = hashlib.sha256(KEPT_FORMAT + kind + b" " + state.encode() + b"\n")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _kept_or_read(kind: bytes, text: str, read: Callable[[], Any]) -> Any:
    """What `text` read as when an earlier process read it, or else `read()`, kept for the next process."""
    digest = _reading_digest(kind, text)
    if digest is None:
        return read()
    files = KeptFiles(user_cache() / "yaml", KEPT_FORMAT, KEPT_SUFFIX)
    kept = files.load(digest)
    if kept is not None:
        return kept
    reading = read()  # (a text with problems raises here, and is never kept)
    files.keep(digest, reading)
    files.evict(KEPT_BYTES, KEPT_ENTRIES)
    return reading
