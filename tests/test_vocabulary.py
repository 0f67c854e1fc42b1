"""The words that travel between stages are types (generator/vocabulary.py): the dataclasses the stages hand each
other annotate a kind, shape, side, role or `per` with its vocabulary, never bare `str`; a string compared with one
of them is a word of it (a typo fails here, not silently at run time); the schema admits the same words; and a
manifest word outside them is a located error."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
from pathlib import Path
from typing import get_args

import pytest
from typer.testing import CliRunner

import generator.kinds
from generator.check.report import FindingKind
from generator.cli import app
from generator.kinds.foldup import PanelRole
from generator.kinds.hexmapshape import SHAPES as MAP_SHAPES
from generator.manifest.schema import SCHEMA_FILE, kit_schema
from generator.vocabulary import CUT_SHAPES, KIND_NAMES, PAGE_KINDS, PERS, ROLES, SHAPES, SIDES
from tests.conftest import ROOT

VOCABULARY_FIELDS = ("kind", "shape", "side", "role", "per")
# The modules whose dataclasses one stage hands the next: the manifest's spec, the model's pieces, every kind's
# options and drawing (generator/kinds/*), the impose stage's pages, the check's report, the render stage's
# faces and the fill-in sheet's blanks. (generator/rules/, the rulebook reader, keeps `per` a word of its own.)
STAGE_MODULES = ("generator.manifest.spec", "generator.pieces", "generator.impose.sheet", "generator.check.report",
                 "generator.check.evidence", "generator.render", "generator.blanks", "generator.manifest.cards",
                 *(f"generator.kinds.{module.name}" for module in pkgutil.iter_modules(generator.kinds.__path__)))

# The words a string compared with `<something>.<field>` may be: every vocabulary that field name carries.
WORDS = {
    "kind": {*KIND_NAMES, *PAGE_KINDS, *get_args(FindingKind)},
    "shape": {*SHAPES, *CUT_SHAPES, "polygon", *MAP_SHAPES},
    "side": set(SIDES),
    "role": {*ROLES, *get_args(PanelRole)},
    "per": set(PERS),
}


def stage_dataclasses() -> list[type]:
    found = []
    for name in STAGE_MODULES:
        module = importlib.import_module(name)
        found += [value for value in vars(module).values()
                  if dataclasses.is_dataclass(value) and isinstance(value, type) and value.__module__ == name]
    return found


def bare_str(annotation: object) -> bool:
    """True when an annotation (a string, as `from __future__ import annotations` leaves it) is or admits `str`."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))
    return any(isinstance(node, ast.Name) and node.id == "str" for node in ast.walk(ast.parse(text, mode="eval")))


def test_the_stage_dataclasses_are_found():
    names = {cls.__name__ for cls in stage_dataclasses()}
    assert {"ComponentSpec", "RuleLink", "FaceSpec", "Outline", "Placement", "Page", "Finding", "Row", "Blank",
            "TrackOptions", "BoardOptions", "MatOptions", "MapOptions", "DieOptions", "RondelOptions"} <= names


def test_no_stage_dataclass_names_a_vocabulary_word_with_bare_str():
    loose = [f"{cls.__module__}.{cls.__name__}.{field.name}: {field.type}"
             for cls in stage_dataclasses() for field in dataclasses.fields(cls)
             if field.name in VOCABULARY_FIELDS and bare_str(field.type)]
    assert not loose, "annotate these with their generator/vocabulary.py type, not str:\n" + "\n".join(loose)


def test_bare_str_is_seen_in_a_union():
    assert bare_str("str") and bare_str("Per | str | None") and bare_str(str)
    assert not bare_str("Per | Category | None") and not bare_str("KindName") and not bare_str("tuple[Side, ...]")


def compared_words(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(line, field, word) for each string compared with an attribute named for a vocabulary (x.side == "back",
    page.kind in ("front", "single"))."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        fields = [op.attr for op in operands if isinstance(op, ast.Attribute) and op.attr in VOCABULARY_FIELDS]
        for field in fields:
            for op in operands:
                items = op.elts if isinstance(op, (ast.Tuple, ast.List, ast.Set)) else [op]
                found += [(node.lineno, field, item.value) for item in items
                          if isinstance(item, ast.Constant) and isinstance(item.value, str)]
    return found


def test_every_word_compared_with_a_vocabulary_field_is_a_word_of_it():
    typos = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        if "rules" in path.relative_to(ROOT).parts:
            continue  # the rulebook reader's own words
        for line, field, word in compared_words(ast.parse(path.read_text(encoding="utf-8"))):
            if word not in WORDS[field]:
                typos.append(f"{path.relative_to(ROOT)}:{line}: {word!r} is not a word of {field}")
    assert not typos, "\n".join(typos)


def test_a_typo_in_a_compared_word_is_caught():
    tree = ast.parse('if placement.side == "fornt" or page.kind in ("front", "singel"): pass')
    assert [(field, word) for _, field, word in compared_words(tree) if word not in WORDS[field]] == [
        ("side", "fornt"), ("kind", "singel")]


def test_the_schema_admits_the_vocabulary_words():
    written = __import__("json").loads(Path(SCHEMA_FILE).read_text(encoding="utf-8"))["$defs"]
    component = written["component"]["properties"]
    assert tuple(component["shape"]["enum"]) == SHAPES
    assert tuple(component["sides"]["properties"]) == SIDES
    assert set(written["rule"]["oneOf"][1]["properties"]["role"]["enum"]) == {*ROLES, "count"}  # count: older name
    assert tuple(kit_schema()["$defs"]["component"]["properties"]["kind"]["enum"]) == KIND_NAMES


HEAD = """\
kit:
  name: Words
  players: {min: 2, max: 3}
components:
"""


@pytest.mark.parametrize("component,where,what", [
    ("  - id: a\n    kind: spaceship\n    size: 25mm\n", "kit.yaml:6:5", "components[0].kind: 'spaceship' is not one of"),
    ("  - id: a\n    shape: star\n    size: 25mm\n", "kit.yaml:6:5", "components[0].shape: 'star' is not one of"),
    ("  - id: a\n    size: 25mm\n    sides: {front: {}, bakc: {}}\n", "kit.yaml:7:24",
     "components[0].sides.bakc: unknown key 'bakc' (did you mean 'back'?)"),
], ids=["kind", "shape", "side"])
def test_a_word_outside_the_vocabulary_is_a_located_error(tmp_path, component, where, what):
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "kit.yaml").write_text(HEAD + component, encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert f"{where}: {what}" in result.output.replace(str(kit) + "/", ""), result.output
    assert not (tmp_path / "out" / "kit").exists()
