"""A quick yes/no check of a manifest document against kit.schema.json, so a valid manifest (nearly every run)
is accepted without importing jsonschema (~50 ms of start-up); schema.py asks jsonschema for the located
messages only when this says no.

It knows the keywords kit.schema.json uses, each as JSON Schema 2020-12 defines it; a keyword it does not
know makes it answer no, so jsonschema decides: it can send a valid document the slow way, never let an
invalid one through (tests/test_manifest_errors.py compares the two on every kit and bad manifest).
"""

from __future__ import annotations

import re
from typing import Any, Callable

IGNORED = frozenset({"description", "title", "$schema", "$id", "$defs", "$comment", "default", "examples",
                     "markdownDescription", "deprecated"})

Check = Callable[[Any], bool]


def is_valid(instance: Any, schema: dict) -> bool:
    """Whether `instance` satisfies `schema` (a document of its own, with `$defs`)."""
    kept = _COMPILED.get(id(schema))
    if kept is None or kept[0] is not schema:
        kept = _COMPILED[id(schema)] = (schema, _compiled(schema))
    return kept[1](instance)


_COMPILED: dict[int, tuple[dict, Check]] = {}  # id(schema) -> (the schema, kept alive; its check)


def _compiled(schema: dict) -> Check:
    """The check of `schema`; each of its `$defs` is compiled when a value first reaches it (a kit of tokens never
    reaches the definitions of maps, boards, dice …)."""
    compiled: dict[str, Check] = {}
    root = schema
    definitions = {f"#/$defs/{name}": definition for name, definition in root.get("$defs", {}).items()}

    def ref(target: str) -> Check:
        def check(value: Any) -> bool:
            found = compiled.get(target)
            if found is None:
                found = compiled[target] = compile_(definitions[target])
            return found(value)
        return check

    def compile_(node: Any) -> Check:
        if node is True or node == {}:
            return lambda value: True
        if node is False or not isinstance(node, dict):
            return lambda value: False
        checks: list[Check] = []
        for keyword, argument in node.items():
            if keyword in IGNORED:
                continue
            make = KEYWORDS.get(keyword)
            if make is None:
                return lambda value: False  # unknown: let jsonschema decide
            checks.append(make(argument, node, compile_, ref))
        return lambda value: all(check(value) for check in checks)

    return compile_(root)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": lambda v: _is_number(v) and (isinstance(v, int) or float(v).is_integer()),
}


def _type(argument, node, compile_, ref) -> Check:
    names = argument if isinstance(argument, list) else [argument]
    checks = [TYPES[name] for name in names]
    return lambda value: any(check(value) for check in checks)


def _ref(argument, node, compile_, ref) -> Check:
    if not argument.startswith("#/$defs/"):
        return lambda value: False
    return ref(argument)


def _properties(argument, node, compile_, ref) -> Check:
    checks = {name: compile_(sub) for name, sub in argument.items()}
    return lambda value: not isinstance(value, dict) or all(
        check(value[name]) for name, check in checks.items() if name in value)


def _additional(argument, node, compile_, ref) -> Check:
    known = set(node.get("properties", {}))
    if "patternProperties" in node:
        return lambda value: False
    check = compile_(argument)
    return lambda value: not isinstance(value, dict) or all(check(v) for k, v in value.items() if k not in known)


def _required(argument, node, compile_, ref) -> Check:
    return lambda value: not isinstance(value, dict) or all(name in value for name in argument)


def _items(argument, node, compile_, ref) -> Check:
    if isinstance(argument, list) or "prefixItems" in node:
        return lambda value: False
    check = compile_(argument)
    return lambda value: not isinstance(value, list) or all(check(item) for item in value)


def _one_of(argument, node, compile_, ref) -> Check:
    checks = [compile_(sub) for sub in argument]
    return lambda value: sum(1 for check in checks if check(value)) == 1


def _enum(argument, node, compile_, ref) -> Check:
    def check(value: Any) -> bool:  # JSON equality: 1 == 1.0, but true is not 1
        return any(value == option and isinstance(value, bool) == isinstance(option, bool) for option in argument)
    return check


def _bound(test: Callable[[Any, Any], bool]):
    def make(argument, node, compile_, ref) -> Check:
        return lambda value: not _is_number(value) or test(value, argument)
    return make


def _size(kind: type, test: Callable[[int, Any], bool]):
    def make(argument, node, compile_, ref) -> Check:
        return lambda value: not isinstance(value, kind) or test(len(value), argument)
    return make


def _pattern(argument, node, compile_, ref) -> Check:
    pattern = re.compile(argument)
    return lambda value: not isinstance(value, str) or pattern.search(value) is not None


KEYWORDS = {
    "type": _type, "$ref": _ref, "properties": _properties, "additionalProperties": _additional,
    "required": _required, "items": _items, "oneOf": _one_of, "enum": _enum, "pattern": _pattern,
    "minimum": _bound(lambda v, a: v >= a), "maximum": _bound(lambda v, a: v <= a),
    "exclusiveMinimum": _bound(lambda v, a: v > a), "exclusiveMaximum": _bound(lambda v, a: v < a),
    "minItems": _size(list, lambda n, a: n >= a), "maxItems": _size(list, lambda n, a: n <= a),
    "minLength": _size(str, lambda n, a: n >= a), "maxLength": _size(str, lambda n, a: n <= a),
}
