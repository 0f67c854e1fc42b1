"""The linked rule checker (`pnpgen check`): fixture kits with small made-up rulebooks, the defects of issue 13
one by one, then the real seeds.

Each broken fixture must fail with exit 1 and a message naming the manifest line and the rulebook line;
the line numbers expected are read from the fixture files, not written into the tests. Tests about what the
checker does with a statement the reader does not read make the reader miss it (`reader_misses`), so they do
not depend on the reader's recall of the day.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import generator.check.rulebook as rulebook_module
from generator.check import check_kit, format_report
from generator.check.format import as_json
from generator.check.report import KINDS
from generator.check.rulebook import Rulebook
from generator.cli import app
from generator.manifest import load_manifest
from generator.manifest.spec import Location, RuleLink
from tests.conftest import ROOT, SEEDS, needs_seed

FIXTURES = ROOT / "tests" / "fixtures" / "check"
needs_seeds = needs_seed()


def run_check(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["check", *(str(a) for a in args)])
    return result.exit_code, result.output


def check_json(*args: object) -> tuple[int, dict]:
    code, output = run_check(*args, "--format", "json")
    return code, json.loads(output)


def line_of(path: Path, needle: str, after: int = 0) -> int:
    """1-based number of the first line (after line `after`) that contains `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if number > after and needle in line:
            return number
    raise AssertionError(f"{needle!r} is not in {path}")


def copy_fixture(case: str, destination: Path) -> Path:
    target = destination / case
    shutil.copytree(FIXTURES / case, target)
    return target


def summary_of(output: str) -> str:
    return output.strip().splitlines()[-1]


def errors(report: dict, kind: str | None = None) -> list[dict]:
    return [f for f in report["findings"] if f["severity"] == "error" and (kind is None or f["kind"] == kind)]


@pytest.fixture
def reader_misses(monkeypatch):
    """reader_misses(*lines, unread=()): the rulebook reader reads no statement on those lines (and reports
    `unread` as numeric list lines it could not read)."""
    real = rulebook_module.read_rulebook_document

    def patch(*lines: int, unread: tuple[int, ...] = ()) -> None:
        def reading(text: str):
            found = real(text)
            kept = tuple(s for s in found.statements if s.line not in lines)
            return dataclasses.replace(found, statements=kept, unread=tuple(sorted({*found.unread, *unread})))
        monkeypatch.setattr(rulebook_module, "read_rulebook_document", reading)

    return patch


TOURNEY_RULES = """\
Tourney

A game for 2 to 4 players.

Components

- 17 Tower tiles
- 18 crowns, 18 shields and 3 dice
- 20 Vote Cards (10 Approve & 10 Reject Cards)
- 15 walls per side
- a screen for each player
- 1 rule booklet

Setup

Each player takes 3 crowns.
"""


def tourney(write_kit, components: str, extra: str = "", players: str = "players: {min: 2, max: 4}",
            rules: str = TOURNEY_RULES, name: str = "tourney") -> Path:
    """A kit of the made-up game Tourney with the given components (YAML, indented by four spaces)."""
    head = f"kit:\n  name: Tourney\n  {players}\n  rulebook: rules.txt\n" if players else \
        "kit:\n  name: Tourney\n  rulebook: rules.txt\n"
    return write_kit(head + "components:\n" + components + extra, {"rules.txt": rules}, name=name)


# -- a consistent kit -------------------------------------------------------------------------------
def test_consistent_kit_passes_even_strict():
    code, output = run_check(FIXTURES / "consistent", "--strict")
    assert code == 0, output
    assert summary_of(output) == ("kit consistent: 15 links — 15 read from the rulebook (15 match, 0 mismatches), "
                                  "0 vouched (not verified), 1 waived; all consistent for 2-4 players")


def test_consistent_kit_report_covers_every_kind_of_link():
    code, report = check_json(FIXTURES / "consistent")
    assert code == 0 and report["consistent"] and report["mode"] == "rulebook" and report["verdict"] == "consistent"
    assert report["players"] == [2, 3, 4]
    rows = {(row["component"], row["role"], row["players"]): row for row in report["rows"]}
    assert rows[("debt", "total", None)]["verdict"] == "ok (at least)"
    assert rows[("pawn", "total", None)]["manifest"] == "4"  # print: false still counts
    assert rows[("stall", "total", None)]["rule"] == "8×N"
    assert rows[("goods", "total", None)]["rule"] == "12"  # 3 of each of 4 colours
    assert rows[("rain+sun", "total", None)]["rule"] == "30"  # the deck total, linked by both parts
    # The per-player-count table row adds 4/6/8 pebbles to the 6 set aside: one row per player count.
    assert [rows[("pebble", "setup", n)]["rule"] for n in (2, 3, 4)] == ["10", "12", "14"]
    assert not [f for f in report["findings"] if f["severity"] != "info"]
    assert {link["evidence"] for link in report["links"]} == {"read"}


# -- broken kits ------------------------------------------------------------------------------------
BROKEN = [
    # case, kind, text on the manifest line, text on the rulebook line, words the message must hold
    ("wrong_count", "mismatch", '"12 Fort markers"', "12 Fort markers", "the kit has 11"),
    ("per_player_missing", "mismatch", '"50xN Worker discs"', "50xN Worker discs", "per_player: true missing"),
    ("dangling_quote", "dangling", "24 Weat tokens", "24 Wheat tokens", "is not in"),
    ("unsatisfiable_setup", "mismatch", "Each player takes 3 guard tokens.", "Each player takes 3 guard",
     "for 4 players takes 12"),
    ("total_parts", "contradiction", "40 Event cards", "40 Event cards", "add up to 35"),
    ("at_least", "mismatch", "At least 70 Rubble pieces", "At least 70 Rubble pieces", "the kit has 60"),
    ("contradiction", "contradiction", "Each player takes 5 resource cubes", "Each player takes 5",
     "contradicts itself"),
    ("contradiction", "contradiction", "Each player takes 5 resource cubes", "Each player takes 5", "names 6"),
]


@pytest.mark.parametrize(("case", "kind", "manifest_text", "rule_text", "words"), BROKEN)
def test_broken_kit_fails_naming_both_lines(case, kind, manifest_text, rule_text, words):
    folder = FIXTURES / case
    manifest_line = line_of(folder / "kit.yaml", manifest_text)
    rule_line = line_of(folder / "rules.txt", rule_text)
    code, output = run_check(folder)
    assert code == 1, output
    messages = [line for line in output.splitlines() if f"kit.yaml:{manifest_line}: error:" in line]
    assert any(f"rules.txt:{rule_line}" in m and words in m for m in messages), output
    _, report = check_json(folder)
    assert not report["consistent"] and report["verdict"] == "failed"
    assert any(f["kind"] == kind and f["severity"] == "error" and f["rulebook_line"] == rule_line
               and f["rulebook"].endswith(f"rules.txt:{rule_line}")
               and f["manifest"].endswith(f"kit.yaml:{manifest_line}") for f in report["findings"]), report["findings"]
    assert "FAILED" in summary_of(output)


def test_contradiction_names_the_other_line_too():
    folder = FIXTURES / "contradiction"
    _, output = run_check(folder)
    line = next(m for m in output.splitlines() if "contradicts itself for" in m)
    assert f"rules.txt:{line_of(folder / 'rules.txt', '24 Resource cubes')}" in line
    assert "follows" in line


def test_contradiction_is_resolved_by_a_waiver_with_its_reason(tmp_path):
    folder = copy_fixture("contradiction", tmp_path)
    with (folder / "kit.yaml").open("a", encoding="utf-8") as manifest:
        manifest.write("\nwaivers:\n  - quote: Each player takes 5 resource cubes\n"
                       "    reason: Six colours are named and 24 is 6 a player; the five is a slip.\n")
    code, output = run_check(folder, "--strict")
    assert code == 0, output
    assert "is waived" in output and "the five is a slip" in output


def test_waived_statements_pass_strict_and_fail_without_their_waivers(tmp_path):
    code, output = run_check(FIXTURES / "waiver", "--strict")
    assert code == 0, output
    assert "2 waived" in summary_of(output)
    folder = copy_fixture("waiver", tmp_path)
    manifest = folder / "kit.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").split("waivers:")[0], encoding="utf-8")
    code, output = run_check(folder)
    assert code == 0 and "findings: 2 unlinked statements" in summary_of(output)  # unlinked statements warn ...
    code, output = run_check(folder, "--strict")
    assert code == 1  # ... and fail with --strict
    assert f"rules.txt:{line_of(folder / 'rules.txt', '1 rule booklet')}" in output


def test_a_waiver_must_quote_the_rulebook(tmp_path):
    folder = copy_fixture("waiver", tmp_path)
    manifest = folder / "kit.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"2 six-sided dice"', '"2 six-sided die"'),
                        encoding="utf-8")
    code, output = run_check(folder)
    assert code == 1
    assert f"kit.yaml:{line_of(manifest, '2 six-sided die')}: error: the waived quote" in output
    assert "1 dangling quote" in summary_of(output)


# -- without a rulebook -----------------------------------------------------------------------------
def test_without_the_rulebook_counts_come_from_the_quotes():
    code, output = run_check(FIXTURES / "no_rulebook", "--strict")
    assert code == 0, output
    assert "link integrity and unlinked statements were not checked" in output
    assert "read from the manifest's quotes" in summary_of(output) and "NOT VERIFIED" in summary_of(output)
    _, report = check_json(FIXTURES / "no_rulebook")
    assert report["mode"] == "quotes" and report["rulebook"] is None and report["verdict"] == "no-rulebook"
    assert {row["component"]: row["rule"] for row in report["rows"]} == {"scroll": "18", "seal": "5×N"}


def test_without_the_rulebook_a_quote_still_catches_a_wrong_count(tmp_path):
    folder = copy_fixture("no_rulebook", tmp_path)
    manifest = folder / "kit.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("count: 18", "count: 17"), encoding="utf-8")
    code, output = run_check(folder)
    assert code == 1
    assert f"kit.yaml:{line_of(manifest, 'There are 18 Scroll cards.')}: error:" in output
    assert "the manifest quote" in output


def test_rules_option_overrides_the_kit_rulebook(tmp_path):
    rules = tmp_path / "rules.txt"
    rules.write_text("Lost Pages\n\nThere are 18 Scroll cards.\nEach player takes 5 seal tokens.\n", encoding="utf-8")
    code, report = check_json(FIXTURES / "no_rulebook", "--rules", rules)
    assert code == 0 and report["mode"] == "rulebook" and report["rulebook"].endswith("rules.txt")


def test_unreadable_rules_file_is_bad_input(tmp_path):
    code, output = run_check(FIXTURES / "consistent", "--rules", tmp_path / "missing.txt")
    assert code == 2
    assert "missing.txt" in output


def test_one_player_count_or_bad_input():
    code, report = check_json(FIXTURES / "unsatisfiable_setup", "--players", "3")
    assert code == 0 and report["players"] == [3]  # 9 guards for 3 players fit in 10
    assert "for 3 players" in report["summary"]
    code, _ = run_check(FIXTURES / "consistent", "--players", "9")
    assert code == 2


def test_report_and_findings_are_frozen():
    report = check_kit(load_manifest(FIXTURES / "wrong_count"))
    assert report.summary() == ("kit wrong_count: 2 links — 2 read from the rulebook (1 match, 1 mismatch), "
                                "0 vouched (not verified), 0 waived; findings: 1 mismatch; "
                                "FAILED for 2-4 players: 1 error (run pnpgen check)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.findings[0].message = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.rows = ()  # type: ignore[misc]


# -- issue 13, defect by defect ---------------------------------------------------------------------
def test_a_check_that_reads_nothing_is_unverified_not_consistent(write_kit, reader_misses):
    """'19 links, all consistent' while the reader had read nothing: every count was the designer's."""
    kit = tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: {quote: "17 Tower tiles", count: 17}
  - id: die
    kind: die
    print: false
    count: 3
    rule: {quote: "18 crowns, 18 shields and 3 dice", count: 3}
""", extra="waivers:\n  - {quote: 1 rule booklet, reason: The rules themselves.}\n")
    reader_misses(*range(1, 30))
    code, output = run_check(kit)
    assert code == 0, output  # nothing is wrong ...
    summary = summary_of(output)
    assert summary.startswith("kit tourney: 2 links — 0 read from the rulebook (0 match, 0 mismatches), "
                              "2 vouched (not verified)")
    assert "UNVERIFIED for 2-4 players: nothing was read from the rulebook" in summary
    assert "all consistent" not in output  # ... but nothing is proved
    code, output = run_check(kit, "--strict")
    assert code == 1 and "UNVERIFIED" in summary_of(output)
    _, report = check_json(kit)
    assert report["verdict"] == "unverified" and report["evidence"]["read"] == 0 and report["evidence"]["vouched"] == 2
    assert not report["passes"] or not report["consistent"] or report["verdict"] == "unverified"


def test_all_consistent_only_when_every_link_is_read(write_kit, reader_misses):
    kit = tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: "17 Tower tiles"
  - id: die
    kind: die
    print: false
    count: 3
    rule: {quote: "18 crowns, 18 shields and 3 dice", count: 3}
""")
    reader_misses(8)  # the dice line
    code, output = run_check(kit)
    assert code == 0
    assert "1 read from the rulebook (1 match, 0 mismatches), 1 vouched (not verified)" in summary_of(output)
    assert "consistent for 2-4 players where read; 1 count not verified" in summary_of(output)
    assert "all consistent" not in output


def test_a_count_the_link_gives_is_not_the_count_the_rulebook_states(write_kit):
    """`count: 16` on a quote saying 17 was taken for the rulebook's count, and the report then quoted the
    line that says 17 calling it 16."""
    kit = tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 16
    rule: {quote: "17 Tower tiles", count: 16}
""")
    code, report = check_json(kit)
    assert code == 1
    [claimed] = [f for f in errors(report, "mismatch") if "count: 16" in f["message"]]
    assert "(17)" in claimed["message"] and claimed["rule_count"] == 17
    assert claimed["rulebook"].endswith("rules.txt:7")
    kit_side = [f for f in errors(report, "mismatch") if "the kit has 16" in f["message"]]
    assert kit_side and all('"17 Tower tiles" (17)' in f["message"] for f in kit_side)
    assert not any('(16)' in f["message"] for f in report["findings"])  # nobody calls the 17 a 16
    assert [link["evidence"] for link in report["links"]] == ["read"]


def test_a_vouched_count_must_be_written_in_its_quote_unless_derived(write_kit, reader_misses):
    components = """\
  - id: wall
    kind: tile
    size: 20mm
    count: 30
    rule: {quote: "15 walls per side", count: COUNT}
"""
    reader_misses(10)
    kit = tourney(write_kit, components.replace("COUNT", "30"), name="wrong")
    code, report = check_json(kit)
    assert code == 1
    [bad] = errors(report, "link")
    assert "count: 30 is not written in the quote" in bad["message"] and "15" in bad["message"]
    kit = tourney(write_kit, components.replace("COUNT", '30, from: "15 per side × 2 sides"'), name="derived")
    code, report = check_json(kit)
    assert code == 0, errors(report)
    assert [link["evidence"] for link in report["links"]] == ["vouched"]
    kit = tourney(write_kit, components.replace("COUNT", "15, per: side"), name="per_side")
    code, report = check_json(kit)
    assert code == 0, errors(report)  # 15 per side × 2 sides = 30
    assert report["rows"][0]["rule"] == "30"
    words = tourney(write_kit, components.replace("15 walls per side", "18 crowns, 18 shields and 3 dice")
                    .replace("COUNT", "3").replace("count: 30", "count: 3"), name="words")
    reader_misses(8)
    code, report = check_json(words)
    assert code == 0, errors(report)


def test_a_vouched_count_per_player_must_say_so(write_kit, reader_misses):
    """'a screen for each player' vouched as count: 1 passed at 10 players with 9 screens."""
    components = """\
  - id: screen
    kind: tile
    size: 60mm
    count: 9
    rule: {quote: "a screen for each player", count: 1PER}
"""
    reader_misses(11)
    ten = "players: {min: 9, max: 10}"
    code, report = check_json(tourney(write_kit, components.replace("PER", ""), players=ten, name="silent"))
    assert code == 1
    [bad] = errors(report, "link")
    assert "counts per player" in bad["message"] and "per: player" in bad["message"]
    code, report = check_json(tourney(write_kit, components.replace("PER", ", per: player"), players=ten, name="said"))
    assert code == 1
    [wrong] = errors(report, "mismatch")
    assert "the kit has 9 for 10 players" in wrong["message"] and wrong["players"] == 10
    assert "vouched" in wrong["message"]


def test_two_components_vouching_one_sentence_are_two_statements(write_kit, reader_misses):
    """'18 crowns, 18 shields and 3 dice' vouched 18 by two components: not 'the manifest has 36'."""
    components = """\
  - id: crown
    kind: token
    size: 15mm
    count: 18
    rule: {quote: "18 crowns, 18 shields and 3 dice", count: 18}
  - id: shield
    kind: token
    size: 15mm
    count: 18
    rule: {quote: "18 crowns, 18 shields and 3 dice", count: 18}
"""
    kit = tourney(write_kit, components, name="read")
    code, report = check_json(kit)  # the reader reads both: their nouns choose
    assert code == 0, errors(report)
    assert {row["component"]: row["rule"] for row in report["rows"]} == {"crown": "18", "shield": "18"}
    assert {link["evidence"] for link in report["links"]} == {"read"}
    kit = tourney(write_kit, components, name="vouched")
    reader_misses(8)
    code, report = check_json(kit)
    assert code == 0, errors(report)
    assert {row["component"]: row["rule"] for row in report["rows"]} == {"crown": "18", "shield": "18"}
    counts = {(f["manifest_count"], f["rule_count"]) for f in report["findings"]}
    assert not any(36 in pair for pair in counts), report["findings"]
    assert not any(re.search(r"\b36\b", f["message"].replace(str(kit), "")) for f in report["findings"])


def test_a_part_and_its_total_from_one_component_are_a_pair(write_kit):
    """A part and its total linked from one component were reported as 'the rulebook contradicts itself'."""
    components = """\
  - id: vote
    kind: card
    size: poker
    count: 20
    rule: ["20 Vote Cards (10 Approve & 10 Reject Cards)", ROLE]
"""
    for name, role in (("said", '{quote: "10 Approve", role: part}'), ("implied", '"10 Approve"')):
        code, report = check_json(tourney(write_kit, components.replace("ROLE", role), name=name))
        assert code == 0, errors(report)
        assert not [f for f in report["findings"] if f["kind"] == "contradiction"]
        assert {(row["role"], row["rule"], row["verdict"]) for row in report["rows"]} == {
            ("total", "20", "ok"), ("part", "10", "ok (part)")}
    too_many = components.replace("ROLE", '{quote: "10 Approve", role: part}, {quote: "10 Reject Cards", role: part}, '
                                          '{quote: "17 Tower tiles", role: part}')
    code, report = check_json(tourney(write_kit, too_many, name="too_many"))
    assert code == 1
    [pair] = errors(report, "contradiction")
    assert "add up to 37, more than the total" in pair["message"]


def test_a_deck_links_each_row_to_its_frequency_line(write_kit):
    """A deck from a CSV could not link its rows to the rulebook's frequency lines."""
    rules = "Harvest\n\nA game for 2 to 4 players.\n\nComponents\n\n- 30 Harvest cards\n- 12 Wheat cards\n" \
            "- 10 Barley cards\n- 8 Rye cards\n"
    deck = ("title,count,rule\nWheat,12,12 Wheat cards\nBarley,10,\"{quote: \"\"10 Barley cards\"\"}\"\n"
            "Rye,COUNT,8 Rye cards\n")
    manifest = """\
kit:
  name: Harvest
  players: {min: 2, max: 4}
  rulebook: rules.txt
components:
  - id: harvest
    kind: card
    size: poker
    cards: cards.csv
    rule: "30 Harvest cards"
"""
    kit = write_kit(manifest, {"rules.txt": rules, "cards.csv": deck.replace("COUNT", "8")}, name="good")
    code, report = check_json(kit)
    assert code == 0, errors(report)
    rows = {row["component"]: row["rule"] for row in report["rows"]}
    assert rows == {"harvest": "30", "harvest[Wheat]": "12", "harvest[Barley]": "10", "harvest[Rye]": "8"}
    assert report["evidence"] == {"links": 4, "read": 4, "match": 4, "mismatch": 0, "vouched": 0, "unresolved": 0,
                                  "waived": 0}
    kit = write_kit(manifest, {"rules.txt": rules, "cards.csv": deck.replace("COUNT", "7")}, name="bad")
    code, output = run_check(kit)
    assert code == 1
    row_error = next(line for line in output.splitlines() if "harvest[Rye]: the kit has 7" in line)
    assert "cards.csv:4: error: harvest[Rye]: the kit has 7, but " in row_error  # the row's line in the CSV
    assert "rules.txt:10" in row_error
    assert "harvest: the kit has 29" in output  # the deck's total too


def test_a_deck_row_rule_cell_must_be_a_link(write_kit):
    from generator.errors import ManifestError

    kit = write_kit("""\
kit: {name: Bad cell}
components:
  - id: deck
    kind: card
    size: poker
    cards: cards.csv
""", {"cards.csv": 'title,count,rule\nA,1,"{quote: ""x"", colour: red}"\n'})
    with pytest.raises(ManifestError, match="cards.csv:2.*no key 'colour'"):
        load_manifest(kit)


def test_a_kit_without_players_checks_box_totals_and_says_so(write_kit):
    """A kit with no players became '1 players'."""
    components = """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: "17 Tower tiles"
"""
    kit = tourney(write_kit, components, players="", name="boxed")
    code, output = run_check(kit)
    assert code == 0, output
    assert "player count not stated" in output and "1 players" not in output
    summary = summary_of(output)
    assert "1 player count not stated" in summary
    assert "all consistent for the box totals (player count not stated)" in summary
    _, report = check_json(kit)
    assert report["players"] == [] and report["players_stated"] is False
    assert [f["kind"] for f in report["findings"] if f["severity"] == "warning" and f["kind"] != "unlinked"] == ["players"]
    per_player = components + """\
  - id: crown
    kind: token
    size: 15mm
    count: 3
    rule: {quote: "Each player takes 3 crowns.", role: setup}
"""
    code, report = check_json(tourney(write_kit, per_player, players="", name="per_player"))
    assert code == 1
    [bad] = errors(report, "link")
    assert "states no player count" in bad["message"]
    code, _ = run_check(kit, "--players", "2")
    assert code == 2


def test_build_players_checks_that_player_count_and_says_so(write_kit, tmp_path):
    """`build --players 2` still reported 'for 2-4 players'."""
    kit = tourney(write_kit, """\
  - id: crown
    kind: token
    size: 15mm
    count: 18
    rule: ["18 crowns, 18 shields and 3 dice", {quote: "Each player takes 3 crowns.", role: setup}]
""", extra="waivers:\n" + "".join(f"  - {{quote: {quote}, reason: Not in this test.}}\n" for quote in (
        "17 Tower tiles", "18 shields", "3 dice", "20 Vote Cards (10 Approve & 10 Reject Cards)", "15 walls per side",
        "a screen for each player", "1 rule booklet")))
    result = CliRunner().invoke(app, ["build", str(kit), "--players", "2", "--out", str(tmp_path / "out"),
                                      "--no-reference"])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "rule check:" in line)
    assert line.startswith("tourney: rule check: 2 links — 2 read from the rulebook (2 match, 0 mismatches)")
    assert line.endswith("all consistent for 2 players")


def test_a_waiver_of_a_line_stating_no_count_is_unused_and_not_counted(write_kit):
    """A waiver on a line that states no count was accepted and counted."""
    kit = tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: "17 Tower tiles"
""", extra="waivers:\n  - {quote: A game for 2 to 4 players., reason: Not a component.}\n")
    code, output = run_check(kit)
    summary = summary_of(output)
    assert "0 waived" in summary and "1 unused waiver" in summary
    _, report = check_json(kit)
    [unused] = [f for f in report["findings"] if f["kind"] == "unused-waiver"]
    assert unused["severity"] == "warning"
    assert unused["manifest"].endswith(f"kit.yaml:{line_of(kit / 'kit.yaml', 'A game for 2 to 4 players.')}")
    assert report["evidence"]["waived"] == 0


def test_every_finding_is_named_by_its_kind(write_kit):
    """Every finding was a 'mismatch' in the summary ('1 mismatch' for a misspelt quote)."""
    kit = tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: "17 Towr tiles"
""")
    code, output = run_check(kit)
    assert code == 1
    summary = summary_of(output)
    assert "findings: 1 dangling quote" in summary and "mismatch" not in summary.split("findings:")[1]
    assert "1 unresolved" in summary
    _, report = check_json(kit)
    assert set(report["counts"]) <= set(KINDS) and report["counts"]["dangling"] == 1
    assert all(f["kind"] in KINDS or f["kind"] in ("waived", "unlisted", "note") for f in report["findings"])
    assert all(f["label"] for f in report["findings"])


def test_the_rulebooks_own_contradictions_are_reported_with_both_quotes(write_kit):
    rules = "Council\n\nComponents\n\n- 20 Vote Cards (10 Approve & 9 Reject Cards)\n- 4 Banner tokens\n"
    manifest = """\
kit:
  name: Council
  players: {min: 2, max: 4}
  rulebook: rules.txt
components:
  - id: LINKED
    kind: token
    size: 15mm
    count: COUNT
    rule: QUOTE
"""
    linked = manifest.replace("LINKED", "vote").replace("COUNT", "20").replace("QUOTE", '"20 Vote Cards"')
    code, report = check_json(write_kit(linked, {"rules.txt": rules}, name="linked"))
    assert code == 1
    [found] = errors(report, "contradiction")
    assert "parts-total" in found["message"] and "add up to 19" in found["message"]
    assert any("20 Vote Cards" in q for q in found["quotes"]) and any("9 Reject Cards" in q for q in found["quotes"])
    other = manifest.replace("LINKED", "banner").replace("COUNT", "4").replace("QUOTE", '"4 Banner tokens"')
    code, report = check_json(write_kit(other, {"rules.txt": rules}, name="other"))
    assert code == 0  # not the kit's statement: a warning
    assert [f["severity"] for f in report["findings"] if f["kind"] == "contradiction"] == ["warning"]
    waived = linked + "waivers:\n  - {quote: 9 Reject Cards, reason: The rules' typo; ten of each.}\n"
    code, report = check_json(write_kit(waived, {"rules.txt": rules}, name="waived"))
    assert code == 0, errors(report)
    assert any(f["kind"] == "waived" and "parts-total" in f["message"] for f in report["findings"])


def test_a_numeric_list_line_the_reader_cannot_read_is_an_unreadable_count(write_kit, reader_misses):
    kit = tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: "17 Tower tiles"
""")
    reader_misses(10, unread=(10,))  # "15 walls per side"
    code, report = check_json(kit)
    assert code == 0
    [unread] = [f for f in report["findings"] if f["kind"] == "unreadable"]
    assert unread["severity"] == "warning" and unread["rulebook"].endswith("rules.txt:10")
    assert "15 walls per side" in unread["message"]
    code, report = check_json(kit, "--strict")
    assert code == 1 and [f["kind"] for f in errors(report) if f["kind"] == "unreadable"] == ["unreadable"]


def test_a_linked_quote_the_reader_cannot_read_is_unreadable_until_vouched(write_kit, reader_misses):
    components = """\
  - id: tower
    kind: tile
    size: 40mm
    count: 17
    rule: RULE
"""
    reader_misses(7)
    code, report = check_json(tourney(write_kit, components.replace("RULE", '"17 Tower tiles"'), name="plain"))
    assert code == 1 and [f["kind"] for f in errors(report)] == ["unreadable"]
    assert report["links"][0]["evidence"] == "unresolved"
    code, report = check_json(tourney(write_kit, components.replace("RULE", '{quote: "17 Tower tiles", count: 17}'),
                                      name="vouched"))
    assert code == 0 and report["links"][0]["evidence"] == "vouched"


def test_a_qualifier_must_be_in_the_quotes_words(write_kit):
    code, report = check_json(tourney(write_kit, """\
  - id: tower
    kind: tile
    size: 40mm
    count: 18
    rule: {quote: "17 Tower tiles", qualifier: at_least}
"""))
    assert code == 1
    [bad] = errors(report, "link")
    assert "qualifier: at_least is not what the quote" in bad["message"]


def test_counts_come_from_the_built_kit(write_kit):
    """One definition of count: a die printed as six stickers is one die."""
    kit = tourney(write_kit, """\
  - id: die
    kind: die
    die: {mode: stickers, edge: 16mm, sticker: 13mm, faces: [1, 2, 3, 4, 5, 6]}
    count: 3
    rule: {quote: "18 crowns, 18 shields and 3 dice", count: 3}
""")
    from generator.model import build_kit

    spec = load_manifest(kit)
    assert len(build_kit(spec, 4).pieces) == 18  # six stickers a die ...
    report = check_kit(spec)
    assert [(row.component, row.manifest) for row in report.rows] == [("die", "3")]  # ... three dice


def test_a_pdf_or_html_rulebook_is_pointed_into_by_page_and_line(tmp_path):
    kit = ROOT / "tests" / "kits" / "bangkok"
    code, report = check_json(kit)
    assert code == 0, errors(report)
    assert report["rulebook"].endswith("pdf_bangkok_original.pdf")
    lines = {row["component"]: row["line"] for row in report["rows"]}
    assert lines["summary_card"] == "p1:16"
    html = ROOT / "tests" / "corpus" / "dev" / "web_abandon_all_artichokes.html"
    code, report = check_json(ROOT / "tests" / "kits" / "artichokes", "--rules", html)
    assert code == 0 and report["rulebook"].endswith(".html")
    assert next(link for link in report["links"] if link["component"] == "garden[Beet]")["rulebook"].endswith(
        "web_abandon_all_artichokes.html:21")  # the page's source line


def test_the_json_report_is_the_documented_schema():
    _, report = check_json(FIXTURES / "consistent")
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    schema = docs.split("## `--format json`")[1]
    first_cells = [line.split("|")[1] for line in schema.splitlines() if line.startswith("| `")]
    documented = {name for cell in first_cells for name in re.findall(r"`([a-z_]+)(?:\[\])?`", cell)}
    assert set(report) == documented
    for name in ("links", "rows", "findings"):
        for key in (report[name][0] if report[name] else {}):
            assert f"`{key}`" in schema or key in schema, (name, key)
    assert set(report["evidence"]) == {"links", "read", "match", "mismatch", "vouched", "unresolved", "waived"}
    for kind in KINDS:
        assert f"| `{kind}` |" in docs


# -- properties ---------------------------------------------------------------------------------------
BASE = load_manifest(FIXTURES / "wrong_count")  # players 2-4


@settings(max_examples=40, deadline=None)
@given(stated=st.integers(1, 120), printed=st.integers(0, 120), rule_per_player=st.booleans(),
       kit_per_player=st.booleans())
def test_a_count_passes_exactly_when_it_matches_at_every_player_count(stated, printed, rule_per_player, kit_per_player):
    quote = f"{stated}{'xN' if rule_per_player else ''} Widget tokens"
    component = dataclasses.replace(BASE.components[0], count=printed, per_player=kit_per_player,
                                    rules=(RuleLink(quote, Location("kit.yaml", 3)),))
    spec = dataclasses.replace(BASE, components=(component,), waivers=(),
                               player_colours=(("red", "#ff0000"), ("blue", "#0000ff"), ("green", "#00ff00"),
                                               ("black", "#000000")))
    with tempfile.TemporaryDirectory() as folder:
        rules = Path(folder) / "rules.txt"
        rules.write_text(f"Widgets\n\nComponents\n\n- {quote}\n", encoding="utf-8")
        report = check_kit(spec, rules_path=rules)
    if rule_per_player:
        expected = all(printed * (n if kit_per_player else 1) == stated * n for n in (2, 3, 4))
    else:  # a box count: per-player sets are counted for the largest player count
        expected = printed * (4 if kit_per_player else 1) == stated
    assert report.consistent == expected, format_report(report)


CONSISTENT_RULES = Rulebook.read(FIXTURES / "consistent" / "rules.txt")


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_quotes_match_ignoring_whitespace_and_case(data):
    line = data.draw(st.sampled_from([8, 9, 14, 20, 30, 31]))
    original = CONSISTENT_RULES.text.split("\n")[line - 1].lstrip("- ")
    words = original.split()
    joins = data.draw(st.lists(st.sampled_from([" ", "  ", "\n", "\t ", ""]), min_size=len(words), max_size=len(words)))
    quote = "".join(word + join for word, join in zip(words, joins))
    quote = "".join(ch.upper() if data.draw(st.booleans()) else ch.lower() for ch in quote)
    spans = CONSISTENT_RULES.find(quote)
    assert spans and CONSISTENT_RULES.line_at(spans[0][0]) == line


# -- the real rulebooks ---------------------------------------------------------------------------------
@needs_seeds
def test_resource_hog_links_every_component_and_passes_for_2_to_6_players():
    kit = ROOT / "components" / "resource_hog"
    rules = SEEDS / "000_132d53c3a753e285.txt"
    code, report = check_json(kit, "--rules", rules)
    assert code == 0, [f["message"] for f in report["findings"] if f["severity"] == "error"]
    assert report["players"] == [2, 3, 4, 5, 6] and report["mode"] == "rulebook"
    spec = load_manifest(kit)
    counted = {component.id for component in spec.components if not component.unlisted}
    assert all(spec.component(component_id).rules for component_id in counted)
    linked = {part for row in report["rows"] if row["role"] == "total" for part in row["component"].split("+")}
    assert linked == counted
    unlisted = [f for f in report["findings"] if f["kind"] == "unlisted"]
    # the pieces the rules do not count: the blank map and the card the slave and mercenary stacks lie on
    assert [f["component"] for f in unlisted] == ["area_map", "stacks"]
    # the markers table is read, not vouched
    table = [link for link in report["links"] if link["rulebook"] and re.search(r":([6-9]|1\d|21)$", link["rulebook"])]
    assert len(table) >= 15 and all(link["evidence"] == "read" for link in table)


SHIRES_KIT = """\
kit:
  name: Shires resource tokens
  players: {min: 3, max: 5}
  rulebook: RULEBOOK
  player_colours: [red, blue, green, orange, purple]
components:
  - id: resource_token
    kind: token
    size: 16mm
    count: 6
    per_player: true
    rule:
      - "30 Resource Tokens/Cubes"
      - "5 Resource Tokens (1 of each color)"
"""


@needs_seeds
def test_shires_resource_tokens_contradiction_is_reported_and_waivable(write_kit):
    rules = SEEDS / "002_1c6010e89df672ff.txt"
    folder = write_kit(SHIRES_KIT.replace("RULEBOOK", str(rules)))
    report = check_kit(load_manifest(folder))
    conflicts = [f for f in report.findings if f.kind == "contradiction" and f.severity == "error"]
    assert conflicts
    assert any(f.rulebook_line == line_of(rules, "5 Resource Tokens (1 of each color)") for f in conflicts)
    waived = write_kit(SHIRES_KIT.replace("RULEBOOK", str(rules)) + (
        "waivers:\n  - quote: 5 Resource Tokens (1 of each color)\n"
        "    reason: The rules name six colours and count 30 tokens, six for each of five players.\n"), name="waived")
    report = check_kit(load_manifest(waived))
    assert report.consistent, [str(f) for f in report.findings if f.severity == "error"]


def test_a_component_without_rule_link_is_reported_unless_unlisted(write_kit):
    kit = write_kit("""\
        kit: {name: Loose}
        components:
          - id: marker
            size: 25mm
          - id: aid
            size: 25mm
            unlisted: a score pad the kit adds
        """)
    code, report = check_json(kit)
    by_component = {f["component"]: f for f in report["findings"] if f["kind"] in {"unlinked-component", "unlisted"}}
    assert by_component["marker"]["severity"] == "warning" and "kit.yaml:3" in by_component["marker"]["manifest"]
    assert by_component["aid"]["severity"] == "info" and "score pad" in by_component["aid"]["message"]
    result = CliRunner().invoke(app, ["check", str(kit), "--strict"])
    assert result.exit_code == 1 and "marker has no rule link" in result.output


def test_format_json_round_trips_the_report():
    report = check_kit(load_manifest(FIXTURES / "consistent"))
    assert json.loads(format_report(report, "json")) == json.loads(json.dumps(as_json(report)))


def test_a_spreadsheet_deck_links_its_rows_too(write_kit, tmp_path):
    from tests.test_spreadsheet_decks import write_xlsx

    rules = "Harvest\n\nComponents\n\n- 30 Harvest cards\n- 12 Wheat cards\n- 10 Barley cards\n- 8 Rye cards\n"
    kit = write_kit("""\
kit:
  name: Harvest
  players: {min: 2, max: 4}
  rulebook: rules.txt
components:
  - id: harvest
    kind: card
    size: poker
    cards: {file: cards.xlsx, sheet: Harvest}
    rule: "30 Harvest cards"
""", {"rules.txt": rules})
    write_xlsx(kit / "cards.xlsx", {"Harvest": [["title", "count", "rule"], ["Wheat", 12, "12 Wheat cards"],
                                                ["Barley", 10, "10 Barley cards"], ["Rye", 9, "8 Rye cards"]]})
    code, output = run_check(kit)
    assert code == 1
    assert any("cards.xlsx:Harvest!C4: error: harvest[Rye]: the kit has 9" in line for line in output.splitlines()), output
