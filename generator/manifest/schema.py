"""Structural validation of a manifest document against kit.schema.json, with readable messages."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.manifest.problems import Document, ProblemList

SCHEMA_FILE = Path(__file__).with_name("kit.schema.json")


@lru_cache(maxsize=1)
def kit_schema() -> dict[str, Any]:
    """kit.schema.json with the kind table's part: the values of `kind:`, and the option blocks of kinds that
    carry their own schema (a kind is one module: its block's schema lives there, not in the file)."""
    from generator.kinds.registry import KINDS

    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    component = schema["$defs"]["component"]["properties"]
    component["kind"]["enum"] = [kind.name for kind in KINDS]
    for kind in KINDS:
        if kind.schema is not None:
            component[kind.block] = kind.schema
    return schema


def schema_text() -> str:
    """The whole schema as `pnpgen schema` prints it, for editors."""
    return json.dumps(kit_schema(), indent=2, ensure_ascii=False) + "\n"


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator(kit_schema())


def _subschema(error) -> dict[str, Any]:
    """Resolve a $ref'd schema so we can list its property names for did-you-mean hints."""
    schema = error.schema
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = kit_schema()["$defs"][name]
    return schema


def _message(error) -> tuple[tuple[Any, ...], str]:
    path = tuple(error.absolute_path)
    kind = error.validator
    if kind == "additionalProperties":
        allowed = sorted(_subschema(error).get("properties", {}))
        extra = sorted(set(error.instance) - set(allowed))
        key = extra[0] if extra else "?"
        hint = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
        suggestion = f" (did you mean {hint[0]!r}?)" if hint else f" (known keys: {', '.join(allowed)})"
        return path + (key,), f"unknown key {key!r}{suggestion}"
    if kind == "required":
        return path, error.message.replace("is a required property", "is required")
    if kind == "enum":
        return path, f"{error.instance!r} is not one of: {', '.join(map(str, error.validator_value))}"
    if kind == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        hint = ""
        number = isinstance(error.instance, (int, float)) and not isinstance(error.instance, bool)
        if number and expected == "string" and (path[-1:] in {("size",), ("panel",)} or "unit" in error.schema.get("description", "")):
            hint = f"; lengths carry a unit: write {error.instance:g}mm"  # the user's own number, with a unit
        return path, f"expected {_article(expected)}, got {_describe(error.instance)}{hint}"
    if kind == "oneOf" and error.context:
        from jsonschema.exceptions import best_match

        deeper = [e for e in error.context if len(e.absolute_path) > len(path)]
        if deeper:
            return _message(best_match(deeper))
        right_type = [e for e in error.context if e.validator not in {"type", "oneOf", "$ref"}]
        if right_type:  # the value has a form's type but breaks its limits: say which limit
            return _message(best_match(right_type))
    if kind == "oneOf":
        return path, f"{_describe(error.instance)} is not allowed here; see docs/manifest.md for this key's forms"
    if kind == "pattern":
        return path, f"{error.instance!r} must be lowercase letters, digits, _ or - (starting with a letter or digit)"
    if kind in {"minimum", "minItems", "minLength"}:
        return path, f"{error.instance!r} is too small ({kind} {error.validator_value})"
    return path, error.message


def _article(name: str) -> str:
    words = {"object": "a mapping", "array": "a list", "string": "a text value", "integer": "a whole number",
             "boolean": "true or false", "number": "a number"}
    return words.get(name, name)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (empty value)"
    return f"{type(value).__name__} {value!r}"


def validate_document(doc: Document, problems: ProblemList, *, is_root: bool) -> set[tuple[Any, ...]] | None:
    """Report every schema violation in `doc`.

    Returns the unsound parts as path prefixes (('kit',), ('components', 3), ...) so later checks skip
    them but still examine the rest; None when the document is unusable as a whole.
    """
    if not isinstance(doc.data, dict):
        problems.add(doc, (), "the file must be a mapping with keys such as kit: and components:")
        return None
    unsound: set[tuple[Any, ...]] = set()
    from generator.manifest.schemacheck import is_valid

    # jsonschema (imported only when something is wrong) says what and where
    errors = [] if is_valid(doc.data, kit_schema()) else _validator().iter_errors(doc.data)
    for error in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
        path, message = _message(error)
        problems.add(doc, path, message)
        unsound.add(path[:2] if path[:1] in {("components",), ("waivers",)} else path[:1])
    if is_root and "kit" not in doc.data:
        problems.add(doc, (), "the kit: section is missing (it needs at least a name)")
        return None
    if not is_root and "kit" in doc.data:
        problems.add(doc, ("kit",), "only the top kit.yaml may hold the kit: section")
    for key in ("extends", "remove"):
        if not is_root and key in doc.data:
            problems.add(doc, (key,), f"only the top kit.yaml may say {key}:")
            unsound.add((key,))
    if "remove" in doc.data and "extends" not in doc.data:
        problems.add(doc, ("remove",), "remove: leaves out components of an extended kit; this kit extends none")
    return unsound
