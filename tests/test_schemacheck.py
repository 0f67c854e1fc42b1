"""The quick schema check (generator/manifest/schemacheck.py) answers as jsonschema does: on every manifest in the
repository and on thousands of broken copies of them (each value swapped for a wrong one, unknown keys added)."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.manifest.schema import kit_schema
from generator.manifest.schemacheck import is_valid

ROOT = Path(__file__).resolve().parents[1]
MANIFESTS = sorted(p for folder in ("components", "tests/kits", "generator/data/starter")
                   for p in (ROOT / folder).rglob("*.yaml") if "frozen" not in p.parts)
WRONG = ["x", -1, 0, 2.5, True, None, [], {}, ["x"], {"nope": 1}, "10", "#zzzzzz"]


def _places(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _places(inner, path + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            yield from _places(inner, path + (index,))


def _mutants(document):
    """The document with one value wrong at a time (changed in place, put back after each check)."""
    places = [p for p in _places(document) if p]
    for number, path in enumerate(places[:60]):
        parent = _get(document, path[:-1])
        kept = parent[path[-1]]
        for wrong in (WRONG[number % len(WRONG)], WRONG[(number * 7 + 3) % len(WRONG)]):
            parent[path[-1]] = wrong
            yield document
        parent[path[-1]] = kept
        if isinstance(kept, dict):
            kept["unknown_key"] = 1
            yield document
            del kept["unknown_key"]


def _get(document, path):
    for step in path:
        document = document[step]
    return document


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_agrees_with_jsonschema(manifest):
    document = yaml.safe_load(manifest.read_text(encoding="utf-8"))
    if not isinstance(document, dict):
        pytest.skip("not a mapping")
    validator = jsonschema.Draft202012Validator(kit_schema())
    assert is_valid(document, kit_schema()) == validator.is_valid(document)
    for mutant in _mutants(document):
        assert is_valid(mutant, kit_schema()) == validator.is_valid(mutant), yaml.safe_dump(mutant)[:2000]


def test_unknown_keywords_defer_to_jsonschema():
    schema = {"type": "object", "properties": {"a": {"type": "string", "format": "email"}}}
    assert not is_valid({"a": "x"}, schema)  # 'format' is not known here: no verdict of its own
    assert is_valid({"a": "x"}, {"type": "object", "properties": {"a": {"type": "string"}}})
