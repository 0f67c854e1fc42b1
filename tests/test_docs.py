"""docs/manifest.md and the JSON Schema stay in step: every schema key is documented."""

import re

from tests.conftest import ROOT


def schema_keys():
    from generator.manifest.schema import kit_schema

    schema = kit_schema()  # kit.schema.json with the kinds' own blocks (generator/kinds/registry.py)

    def walk(node):
        if isinstance(node, dict):
            for key, value in (node.get("properties") or {}).items():
                yield key, value
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    return dict(walk(schema))


def test_every_schema_key_is_documented():
    docs = (ROOT / "docs" / "manifest.md").read_text()
    documented = set(re.findall(r"`([a-z_]+)`", docs))
    missing = sorted(set(schema_keys()) - documented)
    assert not missing, f"document these keys in docs/manifest.md: {missing}"


def test_every_schema_key_has_a_description():
    missing = sorted(key for key, value in schema_keys().items()
                     if isinstance(value, dict) and "description" not in value and "$ref" not in value)
    assert not missing, missing
