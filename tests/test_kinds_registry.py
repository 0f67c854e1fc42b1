"""The kind table (generator/kinds/registry.py): one line per kind, and every stage takes its kinds from it."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import get_args

import pytest

from generator.kinds.registry import BY_NAME, DRAWERS, KINDS, Kind, check_kind_names, kind_named, option_blocks
from generator.manifest import load_manifest
from generator.manifest.schema import kit_schema
from generator.vocabulary import KIND_NAMES, KindName
from tests.conftest import ROOT


def test_the_schema_admits_exactly_the_kinds_of_the_table():
    component = kit_schema()["$defs"]["component"]["properties"]
    assert component["kind"]["enum"] == [kind.name for kind in KINDS]
    for block in option_blocks():
        assert block in component, f"no schema for the {block}: block"


def test_each_line_is_whole():
    assert len(BY_NAME) == len(KINDS), "a kind is listed twice"
    for kind in KINDS:
        if kind.block is not None:  # read once, at load, into its frozen options: no stage after reads the mapping
            assert kind.parse is not None and kind.options is not None, f"{kind.name}: its {kind.block}: block is not parsed"
        if kind.drawn:
            assert kind.block is not None, f"{kind.name} is drawn, so sized by an option block, and has none"
        assert all(name in DRAWERS for name in kind.drawers)
        if kind.parse is not None:  # options parsed at load are a frozen dataclass, handed to the builder as such
            assert dataclasses.is_dataclass(kind.options) and kind.options.__dataclass_params__.frozen, kind.name


@pytest.mark.parametrize("kit", sorted(path.name for path in (ROOT / "components").iterdir() if path.is_dir()))
def test_every_component_carries_its_kinds_options_typed(kit):
    for component in load_manifest(ROOT / "components" / kit).components:
        kind = kind_named(component.kind)
        if kind.block is not None:
            assert isinstance(component.options[kind.block], kind.options), (component.id, kind.block)


def test_an_unknown_kind_is_an_error_not_a_token():
    with pytest.raises(LookupError, match="registry.py"):
        kind_named("meeple")
    assert kind_named("card").template == "card" and kind_named("token").shape == "disc"


def test_kind_names_are_a_type_naming_the_lines_of_the_table():
    assert get_args(KindName) == KIND_NAMES == tuple(kind.name for kind in KINDS)
    assert {field.name: field.type for field in dataclasses.fields(Kind)}["name"] == "KindName"


def test_a_table_line_without_its_word_in_the_vocabulary_is_refused():
    """The kind table and vocabulary.KindName are checked against each other when the table is loaded."""
    check_kind_names(KIND_NAMES)
    with pytest.raises(LookupError, match="vocabulary.py KindName"):
        check_kind_names((*KIND_NAMES, "meeple"))
    with pytest.raises(LookupError, match="vocabulary.py KindName"):
        check_kind_names(tuple(reversed(KIND_NAMES)))


def test_a_kind_added_to_the_table_is_built_and_drawn(write_kit, monkeypatch):
    """One table line is all the model and render stages need: a new kind with the plain builder and templates."""
    import generator.kinds.registry as registry
    from generator.manifest import load_manifest
    from generator.model import build_kit
    from generator.render import render_face

    meeple = Kind("meeple", shape="disc")
    monkeypatch.setattr(registry, "BY_NAME", {**registry.BY_NAME, "meeple": meeple})
    folder = write_kit("""\
        kit: {name: Meeples}
        components:
          - {id: m, kind: token, size: 20mm, count: 3}
        """)
    spec = load_manifest(folder)
    kit = build_kit(replace(spec, components=tuple(replace(c, kind="meeple") for c in spec.components)), 1)
    assert len(kit.pieces) == 3 and kit.pieces[0].outline.shape == "disc"
    assert render_face(kit.pieces[0].front, spec).svg.lstrip().startswith("<svg")


def test_each_line_loads_its_module_and_the_module_agrees_with_it():
    for kind in KINDS:
        assert kind.build is not None
        assert (kind.schema is not None) == kind.own_schema, kind.name
    wrong = Kind("rondel", "rondel", "rondel", shape="disc")  # its module carries its block's schema
    with pytest.raises(LookupError, match="disagree on its block's schema"):
        wrong.parts


def test_a_kit_loads_the_modules_of_its_own_kinds_only(tmp_path):
    """A deck of cards is read, built and drawn without importing any drawn kind's module (but those carrying their
    block's schema, which validating any manifest reads)."""
    import subprocess
    import sys

    (tmp_path / "kit.yaml").write_text("kit: {name: Deck}\ncomponents:\n  - {id: c, kind: card, size: poker, count: 3}\n",
                                       encoding="utf-8")
    script = ("import sys; from generator.pipeline import BuildOptions, build; from pathlib import Path; "
              f"build(Path({str(tmp_path)!r}), BuildOptions(out=Path({str(tmp_path / 'out')!r}))); "
              "print(sorted(m for m in sys.modules if m.startswith('generator.kinds.')))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    modules = set(eval(loaded.stdout.strip().splitlines()[-1]))
    unused = {kind.module for kind in KINDS if kind.module and not kind.own_schema}
    assert unused and unused & {m.rpartition(".")[2] for m in modules} == set()
