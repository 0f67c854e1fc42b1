"""The Solstice kit (derived from a rulebook with no component list): built once, then build.json and the
PDF's text are read back to prove per-player sets, two-sided pieces and write-in blanks came out right."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check import check_kit
from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build

KIT = Path(__file__).resolve().parent.parent / "components" / "solstice"
OWN_COMPONENTS = ("capital", "land", "combat_area", "peasant", "warrior", "starting_building", "building",
                  "happiness_marker", "aging_marker", "order", "first_player", "gold_1", "gold_5", "fire",
                  "plague", "bandit", "monster", "blessing", "artifact", "technology")


def _own_components(folder: Path) -> Path:
    """A copy of the kit without boards.yaml's pieces (another file's business), so PDF text is ours alone."""
    kit = folder / "solstice"
    shutil.copytree(KIT, kit)
    (kit / "boards.yaml").write_text("components: []\n", encoding="utf-8")
    return kit


def _build(out: Path, players: int) -> tuple[object, dict, str]:
    result = build(_own_components(out), BuildOptions(out=out / "output", players=players, reference=False, cover=False))  # the pieces only
    report = json.loads(result.report.read_text(encoding="utf-8"))
    text = subprocess.run(["pdftotext", str(result.pdf), "-"], check=True, capture_output=True, text=True).stdout
    return result, report, text


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("sol4"), 4)


def _counts(report: dict) -> dict[str, int]:
    return {c["id"]: c["count"] for c in report["components"]}


def test_every_derived_component_is_printed(built):
    _, report, _ = built
    counts = _counts(report)
    assert set(OWN_COMPONENTS) <= set(counts)
    assert all(counts[c] > 0 for c in OWN_COMPONENTS)


def test_per_player_sets_scale_with_players(built, tmp_path):
    _, four, _ = built
    _, two, text_two = _build(tmp_path, 2)
    for component, per_player in {"capital": 1, "land": 5, "combat_area": 1, "peasant": 10, "warrior": 10,
                                  "starting_building": 1, "building": 5, "order": 5, "happiness_marker": 1,
                                  "aging_marker": 1}.items():
        assert _counts(four)[component] == 4 * per_player, component
        assert _counts(two)[component] == 2 * per_player, component
    assert _counts(two)["gold_1"] == _counts(four)["gold_1"] == 50  # the common supply does not scale
    assert len(re.findall(r"^Capital$", text_two, flags=re.MULTILINE)) == 2


def test_pdf_shows_lands_numbered_one_to_six_per_player(built):
    result, report, text = built
    assert len(PdfReader(str(result.pdf)).pages) == report["pages"]
    lines = [line.strip() for line in text.splitlines()]
    assert lines.count("Capital") == 4
    assert lines.count("Farm") == 20 and lines.count("Mine") == 20  # two-sided tiles 2-6
    assert lines.count("Combat area") == 4
    flat = " ".join(text.split())
    for phrase in ("Harvest: 1 gold per worker", "Harvest: 2 gold per worker", "Harvest: 3 gold per worker"):
        assert phrase in flat


def test_orders_hide_their_action_on_the_back(built):
    """Each order's front names one of the five actions; every back reads only 'Order'."""
    _, _, text = built
    lines = [line.strip() for line in text.splitlines()]
    for action in ("Work", "Recruit", "Move", "Feast", "Steal"):
        assert lines.count(action) == 4, action
    assert lines.count("Order") == 20


def test_cards_are_write_in_blanks_with_their_backs(built):
    _, report, text = built
    missing = {c["id"] for c in report["components"] if c.get("content") == "missing"}
    assert {"blessing", "artifact", "technology", "building", "starting_building", "monster"} <= missing
    lines = [line.strip() for line in text.splitlines()]
    assert lines.count("BLESSING") == 30 and lines.count("ARTIFACT") == 28 and lines.count("TECHNOLOGY") == 12
    assert lines.count("Blessing") == 30 and lines.count("Artifact") == 28 and lines.count("Technology") == 12
    for letter in "ABCD":
        assert lines.count(f"Set {letter}") == 7
    assert lines.count("Effect") >= 70  # a clean blank, named by its field, on every blessing, artifact, technology
    assert "write it here" not in " ".join(text.split())


def test_rule_check_passes_for_every_player_count():
    spec = load_manifest(KIT)
    report = check_kit(spec, players=None, strict=True)
    assert report.players == (2, 3, 4)
    assert report.consistent, [str(f) for f in report.findings]
