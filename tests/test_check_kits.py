"""Three small kits built from rulebooks of the corpus (tests/kits/): per-player counts (Bangkok, a PDF
rulebook), a deck whose rows link a frequency list (Abandon All Artichokes, an HTML page) and counts that
depend on a variant (Cribbage on a piecepack). Each checks clean with at least 90% of its links read from the
rulebook, and a count deliberately made wrong is reported as a mismatch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from tests.conftest import ROOT

KITS = ROOT / "tests" / "kits"

# kit, file to break, text in it, wrong text, the component (or deck row) the mismatch names
BROKEN = {
    "bangkok": ("kit.yaml", "    count: 3\n    per_player: true\n", "    count: 2\n    per_player: true\n", "marker"),
    "artichokes": ("cards/garden.csv", "Beet,6,", "Beet,5,", "garden[Beet]"),
    "cribbage": ("kit.yaml", "    count: 15\n", "    count: 14\n", "tile"),
}


def check(kit: Path, *args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(app, ["check", str(kit), "--format", "json", *args])
    return result.exit_code, json.loads(result.output)


def copy_kit(name: str, destination: Path) -> Path:
    """The kit in a folder of its own, its rulebook named by absolute path."""
    target = destination / name
    shutil.copytree(KITS / name, target)
    manifest = target / "kit.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("rulebook: ../../corpus/", f"rulebook: {ROOT / 'tests' / 'corpus'}/"),
                        encoding="utf-8")
    return target


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_corpus_kit_checks_clean_with_its_links_read(name):
    code, report = check(KITS / name, "--strict")
    assert code == 0, [f["message"] for f in report["findings"] if f["severity"] == "error"]
    evidence = report["evidence"]
    assert evidence["read"] >= 0.9 * evidence["links"], report["links"]
    assert evidence["mismatch"] == 0 and evidence["unresolved"] == 0
    assert report["mode"] == "rulebook" and report["verdict"] in ("consistent", "partly-verified")


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_corpus_kit_reports_a_wrong_count_as_a_mismatch(name, tmp_path):
    kit = copy_kit(name, tmp_path)
    relative, right, wrong, component = BROKEN[name]
    target = kit / relative
    text = target.read_text(encoding="utf-8")
    assert right in text
    target.write_text(text.replace(right, wrong, 1), encoding="utf-8")
    code, report = check(kit)
    assert code == 1
    mismatches = [f for f in report["findings"] if f["kind"] == "mismatch" and f["severity"] == "error"]
    assert any(f["component"].split("+")[0] == component or f["component"] == component for f in mismatches), mismatches
    assert report["evidence"]["mismatch"] >= 1
    assert "mismatch" in report["summary"]


def test_the_variants_are_alternatives_not_added_up():
    _, report = check(KITS / "cribbage")
    setup = {row["component"]: row["rule"] for row in report["rows"] if row["role"] == "setup"}
    assert setup["tile [one piecepack]"] == "24" and setup["tile [two piecepacks]"] == "30"  # never 54


def test_a_deck_row_is_compared_with_its_own_line():
    _, report = check(KITS / "artichokes")
    rows = {row["component"]: (row["manifest"], row["rule"], row["evidence"]) for row in report["rows"]
            if row["role"] == "total"}
    assert rows["garden"] == ("100", "100", "read")
    assert rows["garden[Artichoke]"] == ("40", "40", "read")
    assert all(rows[f"garden[{name}]"] == ("6", "6", "read") for name in ("Beet", "Leek", "Potato"))


def test_per_player_counts_are_checked_at_each_player_count_and_the_box():
    _, report = check(KITS / "bangkok")
    rows = {(row["component"], row["role"]): row for row in report["rows"]}
    assert rows[("summary_card", "total")]["rule"] == "5"  # one per player: the box is the kit for 5
    assert rows[("marker", "setup")]["rule"] == "3×N"
    assert rows[("marker+turn_marker", "total")]["manifest"] == "18"
    _, two = check(KITS / "bangkok", "--players", "2")
    assert two["players"] == [2] and "for 2 players" in two["summary"]
