"""Kit variants (`extends:`): a kit written as changes to another, built and checked like any kit, with every
problem reported in the file that wrote the value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import ManifestError
from generator.manifest import load_manifest

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10" fill="{}"/></svg>'

PARENT = """\
kit:
  id: base
  name: Base Game
  players: {min: 2, max: 3}
  player_colours: [red, blue, green]
  palette: {gold: "#d4a017", wood: "#8b5a2b"}
  defaults: {paper: a4, bleed: 2mm}
include: [more.yaml]
components:
  - id: coin
    kind: chip
    size: 20mm
    count: 10
    colour: gold
    sides: {front: {art: art/coin.svg, fields: {label: Gold, value: 5}}}
  - id: meeple_card
    kind: card
    size: poker
    count: 2
    template: special
    fields: {title: Meeple}
"""
PARENT_MORE = """\
components:
  - id: board_token
    size: 30mm
    count: 4
    kind: marker
"""
PARENT_FILES = {"more.yaml": PARENT_MORE, "art/coin.svg": SVG.format("#d4a017"),
                "templates/special.svg.j2": '{% extends "card.svg.j2" %}'}

CHILD = """\
extends: ../base
kit:
  name: Base Game (deluxe)
  palette: {gold: "#ffcc00"}
components:
  - id: coin
    size: 25mm
    sides: {front: {art: art/coin.svg}}
  - id: extra
    kind: token
    size: 15mm
    count: 3
remove: [board_token]
"""


@pytest.fixture
def parent(write_kit) -> Path:
    return write_kit(PARENT, PARENT_FILES, name="base")


def child_kit(write_kit, text: str = CHILD, files: dict | None = None, name: str = "deluxe") -> Path:
    return write_kit(text, {"art/coin.svg": SVG.format("#ffcc00"), **(files or {})}, name=name)


def test_variant_is_the_parent_with_its_changes(parent, write_kit):
    spec = load_manifest(child_kit(write_kit))
    assert spec.id == "deluxe" and spec.name == "Base Game (deluxe)"  # its own id, never the parent's
    assert [c.id for c in spec.components] == ["coin", "meeple_card", "extra"]
    coin = spec.component("coin")
    assert round(coin.width / 72 * 25.4, 3) == 25.0
    assert coin.count == 10 and coin.front.fields["label"] == "Gold"     # kept from the parent
    assert coin.front.art == parent.parent / "deluxe" / "art" / "coin.svg"  # beside the file that named it
    assert spec.palette["gold"] == "#ffcc00" and spec.palette["wood"] == "#8b5a2b"
    assert spec.players_min == 2 and spec.defaults.paper == "a4"
    assert round(spec.defaults.bleed / 72 * 25.4, 3) == 2.0
    assert spec.roots == (parent.parent / "deluxe", parent)


def test_parent_art_and_templates_come_from_the_parent(parent, write_kit):
    child = child_kit(write_kit, CHILD.replace("    sides: {front: {art: art/coin.svg}}\n", ""))
    spec = load_manifest(child)
    assert spec.component("coin").front.art == parent / "art" / "coin.svg"
    out = child.parent.parent / "out"
    result = CliRunner().invoke(app, ["build", str(child), "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "deluxe" / "build.json").read_text())
    assert {c["id"]: c["count"] for c in report["components"]} == {"coin": 10, "meeple_card": 2, "extra": 3}


def test_variants_chain_and_the_nearest_wins(parent, write_kit):
    child_kit(write_kit)
    grandchild = write_kit("extends: ../deluxe\nkit: {name: Travel}\ncomponents:\n  - id: coin\n    count: 4\n",
                           name="travel")
    spec = load_manifest(grandchild)
    coin = spec.component("coin")
    assert coin.count == 4 and round(coin.width / 72 * 25.4, 3) == 25.0
    assert [c.id for c in spec.components] == ["coin", "meeple_card", "extra"]
    assert spec.roots == (grandchild, parent.parent / "deluxe", parent)


def problems_of(kit: Path) -> str:
    with pytest.raises(ManifestError) as caught:
        load_manifest(kit)
    return str(caught.value)


def test_a_bad_value_is_reported_in_the_file_that_wrote_it(parent, write_kit):
    child = child_kit(write_kit, CHILD.replace("    size: 25mm\n", "    size: 25 mm wide\n"))
    assert "deluxe/kit.yaml:7:5: components[0].size" in problems_of(child)


def test_a_parent_value_is_reported_in_the_parents_file(write_kit):
    write_kit(PARENT.replace("    count: 10\n", "    count: 10\n    per_colour: [mauve-ish]\n"), PARENT_FILES, name="base")
    message = problems_of(child_kit(write_kit))
    assert "kits/base/kit.yaml:14:18: components[0].per_colour[0]" in message, message


def test_a_missing_art_file_of_the_variant_is_its_own(parent, write_kit):
    child = child_kit(write_kit, CHILD.replace("art: art/coin.svg", "art: art/nope.svg"))
    assert "deluxe/kit.yaml:8:21: components[0].sides.front.art: file 'art/nope.svg' does not exist" in problems_of(child)


@pytest.mark.parametrize("text,files,expected", [
    (CHILD.replace("remove: [board_token]", "remove: [board_tokn]"), {},
     "deluxe/kit.yaml:13:10: remove[0]: the extended kit has no component 'board_tokn' (did you mean 'board_token'?)"),
    (CHILD.replace("extends: ../base", "extends: ../nothing"), {}, "no kit to extend at '../nothing'"),
    (CHILD.replace("extends: ../base", "extends: ."), {}, "extends cycle"),
    ("kit: {name: X}\ninclude: [more.yaml]\n", {"more.yaml": "extends: ../base\ncomponents: []\n"},
     "more.yaml:1:1: extends: only the top kit.yaml may say extends:"),
    ("kit: {name: X}\nremove: [coin]\n", {}, "remove: leaves out components of an extended kit; this kit extends none"),
    (CHILD.replace("remove: [board_token]", "remove: [coin]"), {}, "'coin' is both removed and changed"),
    (CHILD.replace("remove:", "  - id: coin\n    count: 3\nremove:"), {},
     "deluxe/kit.yaml:13:5: components[2].id: duplicate id 'coin' (first used at"),
    (CHILD.replace("extends: ../base", 'extends: ""'), {}, "deluxe/kit.yaml:1:1: extends: '' is too small"),
    (CHILD.replace("extends: ../base", "extends: " + "a" * 5000), {}, "deluxe/kit.yaml:1:1: extends: no kit to extend"),
])
def test_bad_extends_is_refused_with_a_located_message(parent, write_kit, tmp_path, text, files, expected):
    child = child_kit(write_kit, text, files)
    out = tmp_path / "out"
    out.mkdir()
    result = CliRunner().invoke(app, ["build", str(child), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert expected in result.output and "Traceback" not in result.output, result.output
    assert list(out.iterdir()) == []


def test_two_kits_extending_each_other_is_a_cycle(write_kit):
    write_kit("extends: ../b\nkit: {name: A}\n", name="a")
    b = write_kit("extends: ../a\nkit: {name: B}\n", name="b")
    assert "extends cycle" in problems_of(b)


def test_extends_reads_nothing_but_a_kit_yaml(write_kit, tmp_path):
    secret = tmp_path / "kits" / "secret.txt"
    secret.parent.mkdir(parents=True, exist_ok=True)
    secret.write_text("kit-secret-4711: 1\n")
    message = problems_of(child_kit(write_kit, CHILD.replace("extends: ../base", "extends: ../secret.txt")))
    assert "no kit to extend at '../secret.txt'" in message and "4711" not in message


def test_problem_keys_are_those_of_the_file_that_wrote_them(parent, write_kit):
    """The variant's first component changes the parent's second: the message names it as written."""
    child = child_kit(write_kit, "extends: ../base\nkit: {name: V}\ncomponents:\n  - id: meeple_card\n    size: huge\n")
    assert "deluxe/kit.yaml:5:5: components[0].size" in problems_of(child)


def test_a_variant_font_replaces_the_parents_whole(write_kit, tmp_path):
    from tests.test_kit_font import make_font
    from generator.typeface import BUNDLED

    base = write_kit(PARENT.replace("defaults: {paper: a4, bleed: 2mm}",
                                    "defaults: {font: {regular: fonts/a.ttf, bold: fonts/a-bold.ttf}}"),
                     PARENT_FILES, name="base")
    make_font(BUNDLED.regular, base / "fonts" / "a.ttf", "Fam A", bold=False)
    make_font(BUNDLED.bold, base / "fonts" / "a-bold.ttf", "Fam A", bold=True)
    child = child_kit(write_kit, CHILD.replace("  palette:", "  defaults: {font: {regular: fonts/b.ttf}}\n  palette:"))
    make_font(BUNDLED.regular, child / "fonts" / "b.ttf", "Fam B", bold=False)
    font = load_manifest(child).defaults.font
    assert font.family == "Fam B" and font.bold == font.regular == child / "fonts" / "b.ttf"


def test_a_missing_parent_is_the_only_problem_reported(write_kit):
    """A variant copied without the kit it extends: its components lack what the parent gave them (sizes, kinds,
    template fields), and saying so for each would bury the one thing to fix."""
    child = child_kit(write_kit, "extends: ../nothing\nkit: {name: V}\ncomponents:\n  - id: coin\n    count: 3\n")
    lines = [line for line in problems_of(child).splitlines() if line.strip()]
    assert len(lines) == 1 and "deluxe/kit.yaml:1:1: extends: no kit to extend at '../nothing'" in lines[0], lines
