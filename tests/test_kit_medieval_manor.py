"""The Medieval Manor kit: built once, then its PDF and build.json are read back to prove the decks hold
what the rulebook says (17 land tiles, 101 play cards = 10 + 59 + 32) and that named cards carry their text."""

from __future__ import annotations

import csv
import json
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check import check_kit
from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build
from tests.conftest import SEEDS_ABSENT

KIT = Path(__file__).resolve().parent.parent / "components" / "medieval_manor"
BASIC_LANDS = ["River", "Fertile Fields", "Good Fields", "Poor Fields", "Woods", "Pasture", "Hills", "Road",
               "Village", "Market", "Church", "Castle"]
EXTRA_LANDS = ["Irrigated Fields", "Hunting Grounds", "Mountains", "Forest"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("mm")
    result = build(KIT, BuildOptions(out=out, reference=False, cover=False))  # the pieces only
    report = json.loads(result.report.read_text(encoding="utf-8"))
    text = subprocess.run(["pdftotext", str(result.pdf), "-"], check=True, capture_output=True, text=True).stdout
    return result, report, text


def _counts(report: dict) -> dict[str, int]:
    return {c["id"]: c["count"] for c in report["components"]}


def test_decks_hold_the_rulebook_totals(built):
    _, report, _ = built
    counts = _counts(report)
    assert counts["land_basic"] == 12 and counts["land_extra"] == 4 and counts["lord_tile"] == 1
    assert counts["land_basic"] + counts["land_extra"] + counts["lord_tile"] == 17
    assert (counts["hardship"], counts["bounty"], counts["upgrade"]) == (10, 59, 32)
    assert counts["hardship"] + counts["bounty"] + counts["upgrade"] == 101


def test_pdf_prints_every_card_once_with_its_type_and_back(built):
    """Type lines are printed in capitals on each card's front; each deck's back names the deck."""
    result, report, text = built
    assert len(PdfReader(str(result.pdf)).pages) == report["pages"]
    assert len(re.findall(r"\bHARDSHIP\b", text)) == 10
    assert len(re.findall(r"\bBOUNTY\b", text)) == 59
    assert len(re.findall(r"\bUPGRADE\b", text)) == 32
    assert len(re.findall(r"\bPlay Deck\b", text)) == 101
    assert len(re.findall(r"^Land$", text, flags=re.MULTILINE)) == 17


def test_named_cards_say_what_the_rules_say(built):
    _, _, text = built
    flat = " ".join(text.split())
    for phrase in ("Wheat", "4 Crops", "Cathedral", "1 Victory Point", "Mine", "1 Gold",
                   "Compost", "Cultivator", "Manure", "Pollination", "Fodder", "Lord of the Manor",
                   "3 + X Money"):
        assert phrase in flat, phrase
    assert flat.count("gains 1 more Crop") == 4  # Compost, Cultivator, Manure, Pollination
    assert flat.count("gains 1 more Animal") == 1  # Fodder


def test_every_land_is_named_with_its_mark(built):
    _, _, text = built
    flat = " ".join(text.split())
    for name in BASIC_LANDS + EXTRA_LANDS:
        assert name in flat, name
    lines = [line.strip() for line in text.splitlines()]
    assert lines.count("B") == 12 and lines.count("E") == 4


def test_basic_lands_are_the_twelve_the_rulebook_names():
    with (KIT / "cards" / "land_basic.csv").open(encoding="utf-8") as handle:
        titles = [row["title"] for row in csv.DictReader(handle)]
    assert titles == BASIC_LANDS
    rulebook = load_manifest(KIT).rulebook
    if rulebook is None or not rulebook.is_file():
        pytest.skip(f"{SEEDS_ABSENT}: {rulebook.name if rulebook else 'no rulebook named'}")
    lines = rulebook.read_text(encoding="utf-8").splitlines()
    listed = next(lines[i + 2] for i, line in enumerate(lines) if line.strip() == "The Basic Lands:")
    assert [name.strip() for name in listed.split(",")] == titles


def test_blank_content_is_flagged_as_missing(built):
    _, report, _ = built
    missing = {c["id"] for c in report["components"] if c.get("content") == "missing"}
    assert {"hardship", "bounty", "upgrade", "land_basic"} <= missing
    assert "lord_tile" not in missing


def test_rule_check_passes_for_every_player_count():
    spec = load_manifest(KIT)
    report = check_kit(spec, players=None, strict=True)
    assert report.players == (2, 3, 4, 5)
    assert report.consistent, [str(f) for f in report.findings]
