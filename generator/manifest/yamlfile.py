"""Read one YAML file into plain Python values plus the line/column of every key and item.

Scalars resolve as YAML 1.2 core (only true/false are booleans, `No` and `12:30` stay strings),
because PyYAML's YAML 1.1 rules silently turn card titles like `No` into False.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from generator.errors import ManifestError, Problem

KeyPath = tuple[Any, ...]
Marks = dict[KeyPath, tuple[int, int]]

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT = re.compile(r"^[-+]?[0-9]+$|^0o[0-7]+$|^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_NULL = {"", "~", "null", "Null", "NULL"}


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
        return int(text, 0) if text.startswith(("0o", "0x")) else int(text)
    if _FLOAT.match(text) and any(ch.isdigit() for ch in text):
        return float(text)
    return text


def _walk(node: yaml.Node, path: KeyPath, marks: Marks, source: str, problems: list[Problem]) -> Any:
    marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, path + (i,), marks, source, problems) for i, item in enumerate(node.value)]
    result: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            problems.append(_problem(source, key_node, path, "keys must be plain names"))
            continue
        key = key_node.value
        if key == "<<":
            problems.append(_problem(source, key_node, path, "YAML merge keys (<<) are not supported; use `extends`"))
            continue
        if key in result:
            problems.append(_problem(source, key_node, path + (key,), f"duplicate key {key!r}"))
            continue
        marks[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        sub: Marks = {}
        result[key] = _walk(value_node, path + (key,), sub, source, problems)
        sub[path + (key,)] = marks[path + (key,)]  # point errors at the key, not its value
        marks.update(sub)
    return result


def _problem(source: str, node: yaml.Node, path: KeyPath, message: str) -> Problem:
    return Problem(source, node.start_mark.line + 1, node.start_mark.column + 1, format_path(path), message)


def format_path(path: KeyPath) -> str:
    """('components', 3, 'size') -> 'components[3].size'."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def read_yaml(file: Path, shown_as: str) -> tuple[Any, Marks]:
    """Parse `file`; return (data, marks). Syntax errors become a ManifestError naming file:line:col."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError([Problem(shown_as, None, None, "", f"cannot read file: {exc}")]) from None
    try:
        node = yaml.compose(text, Loader=_Loader)
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
    data = _walk(node, (), marks, shown_as, problems)
    if problems:
        raise ManifestError(problems)
    return data, marks
