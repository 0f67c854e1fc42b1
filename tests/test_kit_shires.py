"""The Shires kit builds, and the written PDF and build.json hold the counts the component list states."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.check import check_kit
from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build

KIT = Path(__file__).resolve().parents[1] / "components" / "shires"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("shires")
    result = build(KIT, BuildOptions(out=out, reference=False, cover=False))  # the pieces only
    report = json.loads(result.report.read_text(encoding="utf-8"))
    text = subprocess.run(["pdftotext", str(result.pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    return result, report, text


def _counts(report: dict) -> dict[str, int]:
    return {c["id"]: c["count"] for c in report["components"]}


def _linked_to(quote_start: str) -> set[str]:
    """Ids of the components whose rule links quote the component-list line starting with `quote_start`."""
    spec = load_manifest(KIT)
    return {c.id for c in spec.components if any(r.quote.startswith(quote_start) for r in c.rules)}


@pytest.mark.parametrize(("quote_start", "total"), [
    ("206 Sm. Building", 206),
    ("33 Lg. Rectangular", 33),
    ("80 Unit Shards", 80),
    ("48 Proclamation", 48),
    ("30 Resource Tokens", 30),
    ("15 Envoy Pawns", 15),
    ("50 card Stands", 50),
])
def test_component_list_totals_in_build_report(built, quote_start, total):
    _, report, _ = built
    ids = _linked_to(quote_start)
    assert ids, f"no component links {quote_start!r}"
    counts = _counts(report)
    assert sum(counts[i] for i in ids) == total


def test_bought_and_standee_pieces(built):
    _, report, _ = built
    components = {c["id"]: c for c in report["components"]}
    stands = components["card_stand"]
    assert not stands["print"] and stands["count"] == 50 and "stand" in stands["buy"]
    envoys = components["envoy"]
    assert envoys["print"] and envoys["kind"] == "standee" and envoys["count"] == 15


def _occurrences(text: str, phrase: str) -> int:
    """Lines of the PDF's text that are exactly `phrase`: each face prints it as a line of its own, while running
    text elsewhere in the kit ("… City 4 votes; none with …") is not counted."""
    return sum(1 for line in text.splitlines() if line.strip() == phrase)


@pytest.mark.parametrize(("phrase", "expected"), [
    ("Timber Camp", 10), ("Sawmill", 10), ("Mason's Guild", 10), ("Blacksmith", 10),
    ("Treasury", 6), ("Cathedral", 6), ("Wharf", 5), ("Market", 4), ("Vineyard", 4),
    ("Plague!", 5), ("Rats!", 5),
    ("2 votes", 21), ("3 votes", 5), ("4 votes", 7),
    ("Mustered in any Shire", 36), ("Mustered only in Castles", 22), ("Mustered only in Cities", 22),
    ("Bought for 4", 24), ("Bought for 2", 24),
])
def test_printed_faces_in_pdf(built, phrase, expected):
    _, _, text = built
    assert _occurrences(text, phrase) == expected


def test_rule_check_passes_for_every_player_count():
    report = check_kit(load_manifest(KIT))
    assert report.players == (3, 4, 5)
    assert report.consistent, [f.message for f in report.findings if f.severity == "error"]
