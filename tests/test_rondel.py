"""Kind `rondel` (generator/kinds/rondel.py), the example of a kind in one module: its options read once at load
into points, its problems located in the manifest, and its pieces read back from the written PDF."""

from __future__ import annotations

import subprocess

import pytest

from generator.errors import ManifestError
from generator.kinds.rondel import RondelOptions, RondelSpace
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.pipeline import BuildOptions, build
from generator.units import mm
from tests.conftest import cut_outlines

KIT = """\
    kit:
      name: Rondels
      players: {min: 2, max: 3}
      player_colours: [red, blue, "#2e7d32"]
      palette: {gold: "#d4a017"}
    components:
      - id: actions
        kind: rondel
        per_player: true
        rondel:
          diameter: 90mm
          hub: 30mm
          spaces: [Build, Trade, {label: Harvest, colour: gold}, Sail, 5]
      - id: seasons
        kind: rondel
        count: 2
        rondel: {diameter: 60mm, title: "", colours: ["#ffffff"], spaces: [Spring, Summer, Autumn, Winter]}
    """


def test_options_are_read_once_into_points(write_kit):
    spec = load_manifest(write_kit(KIT))
    actions = next(c for c in spec.components if c.id == "actions")
    options = actions.options["rondel"]
    assert isinstance(options, RondelOptions)
    assert options.diameter == pytest.approx(mm(90)) and options.hub == pytest.approx(mm(30))
    assert options.spaces[2] == RondelSpace("Harvest", "#d4a017")
    assert [s.label for s in options.spaces] == ["Build", "Trade", "Harvest", "Sail", "5"]
    assert options.spaces[0].colour != options.spaces[1].colour  # the default fills alternate
    seasons = next(c for c in spec.components if c.id == "seasons").options["rondel"]
    assert seasons.hub == pytest.approx(0.3 * mm(60)) and {s.colour for s in seasons.spaces} == {"#ffffff"}
    assert seasons.title == ""


def test_pieces_are_discs_one_set_per_seat(write_kit):
    kit = build_kit(load_manifest(write_kit(KIT)), 3)
    actions = [p for p in kit.pieces if p.component_id == "actions"]
    assert len(actions) == 3 and {p.player for p in actions} == {0, 1, 2}
    assert {p.outline.shape for p in kit.pieces} == {"disc"}
    assert actions[0].width == pytest.approx(mm(90)) and actions[0].front.template == "@rondel"
    assert len({p.front.key for p in actions}) == 3  # the hub takes each seat's colour


def test_written_pdf_cuts_circles_of_the_diameter_and_prints_the_labels(write_kit, tmp_path):
    result = build(write_kit(KIT), BuildOptions(out=tmp_path / "out", reference=False, players=2))
    assert cut_outlines(result.pdf) == {(90.0, 90.0): 2, (60.0, 60.0): 2}
    text = subprocess.run(["pdftotext", str(result.pdf), "-"], capture_output=True, text=True, check=True).stdout
    for label in ("Build", "Harvest", "Winter", "Actions"):
        assert label in text, label
    assert "Seasons" not in text  # title '' prints no title


@pytest.mark.parametrize("block, extra, line, message", [
    ("{diameter: 0mm, spaces: [a, b]}", "", 5, "diameter must be larger than zero"),
    ("{diameter: 50mm, hub: 45mm, spaces: [a, b]}", "", 5, "leaves no ring"),
    ("{diameter: 50mm, spaces: [a, {label: b, colour: mauvish}]}", "", 5, "mauvish"),
    ("{diameter: 50mm, spaces: [a]}", "", 5, "too small"),
    ("{diameter: 50mm, spokes: [a, b]}", "", 5, "unknown key 'spokes'"),
    ("{diameter: 50mm, spaces: [a, b]}", "size: 50mm", 6, "sized by rondel.diameter"),
    ("{diameter: 50mm, spaces: [a, b]}", "sides: {back: {fields: {label: x}}}", 6, "prints one side only"),
    ("{diameter: 50mm, spaces: [a, b]}", "cards: [{count: 2}]", 6, "no cards"),
])
def test_problems_are_located(write_kit, block, extra, line, message):
    folder = write_kit(f"""\
        kit: {{name: Bad}}
        components:
          - id: wheel
            kind: rondel
            rondel: {block}
            {extra}
        """)
    with pytest.raises(ManifestError) as caught:
        load_manifest(folder)
    found = [(p.line, str(p)) for p in caught.value.problems]
    assert any(message in text and where == line for where, text in found), found


def test_a_rondel_without_its_block_is_refused(write_kit):
    folder = write_kit("""\
        kit: {name: Bad}
        components:
          - id: wheel
            kind: rondel
        """)
    with pytest.raises(ManifestError, match="needs a rondel: block"):
        load_manifest(folder)
