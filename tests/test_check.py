"""The linked rule checker (`pnpgen check`): fixture kits with small made-up rulebooks, then the real seeds.

Each broken fixture must fail with exit 1 and a message naming the manifest line and the rulebook line;
the line numbers expected are read from the fixture files, not written into the tests.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.check import check_kit, format_report
from generator.check.rulebook import Rulebook
from generator.cli import app
from generator.manifest import load_manifest
from generator.manifest.spec import Location, RuleLink
from tests.conftest import ROOT, SEEDS

FIXTURES = ROOT / "tests" / "fixtures" / "check"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed rulebooks are not on this machine")


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


# -- a consistent kit -------------------------------------------------------------------------------
def test_consistent_kit_passes_even_strict():
    code, output = run_check(FIXTURES / "consistent", "--strict")
    assert code == 0, output
    assert "all consistent for 2-4 players; 1 waiver" in output


def test_consistent_kit_report_covers_every_kind_of_link():
    code, report = check_json(FIXTURES / "consistent")
    assert code == 0 and report["consistent"] and report["mode"] == "rulebook"
    assert report["players"] == [2, 3, 4]
    rows = {(row["component"], row["role"], row["players"]): row for row in report["rows"]}
    assert rows[("debt", "count", None)]["verdict"] == "ok (at least)"
    assert rows[("pawn", "count", None)]["manifest"] == "4"  # print: false still counts
    assert rows[("stall", "count", None)]["rule"] == "8×N"
    assert rows[("goods", "count", None)]["rule"] == "12"  # 3 of each of 4 colours
    assert rows[("rain+sun", "count", None)]["rule"] == "30"  # the deck total, linked by both parts
    # The per-player-count table row adds 4/6/8 pebbles to the 6 set aside: one row per player count.
    assert [rows[("pebble", "setup", n)]["rule"] for n in (2, 3, 4)] == ["10", "12", "14"]
    assert not [f for f in report["findings"] if f["severity"] != "info"]


# -- broken kits ------------------------------------------------------------------------------------
BROKEN = [
    # case, kind, text on the manifest line, text on the rulebook line, words the message must hold
    ("wrong_count", "count", '"12 Fort markers"', "12 Fort markers", "the manifest has 11"),
    ("per_player_missing", "count", '"50xN Worker discs"', "50xN Worker discs", "per_player: true missing"),
    ("dangling_quote", "dangling", "24 Weat tokens", "24 Wheat tokens", "is not in"),
    ("unsatisfiable_setup", "setup", "Each player takes 3 guard tokens.", "Each player takes 3 guard", "for 4 players takes 12"),
    ("total_parts", "total", "Event Deck (40 cards)", "Event Deck (40 cards)", "parts add up to 35"),
    ("at_least", "count", "At least 70 Rubble pieces", "At least 70 Rubble pieces", "the manifest has 60"),
    ("contradiction", "contradiction", "Each player takes 5 resource cubes", "Each player takes 5",
     "contradicts itself"),
    ("contradiction", "list", "Each player takes 5 resource cubes", "Each player takes 5", "names 6"),
]


@pytest.mark.parametrize(("case", "kind", "manifest_text", "rule_text", "words"), BROKEN)
def test_broken_kit_fails_naming_both_lines(case, kind, manifest_text, rule_text, words):
    folder = FIXTURES / case
    manifest_line = line_of(folder / "kit.yaml", manifest_text)
    rule_line = line_of(folder / "rules.txt", rule_text)
    code, output = run_check(folder)
    assert code == 1, output
    messages = [line for line in output.splitlines() if f"kit.yaml:{manifest_line}: error:" in line]
    assert any(f"rulebook line {rule_line}" in m and words in m for m in messages), output
    _, report = check_json(folder)
    assert not report["consistent"]
    assert any(f["kind"] == kind and f["severity"] == "error" and f["rulebook_line"] == rule_line
               and f["manifest"].endswith(f"kit.yaml:{manifest_line}") for f in report["findings"]), report["findings"]
    assert "mismatch" in output.splitlines()[-1]


def test_contradiction_names_the_other_line_too():
    folder = FIXTURES / "contradiction"
    _, output = run_check(folder)
    line = next(m for m in output.splitlines() if "contradicts itself for" in m)
    assert f"rulebook line {line_of(folder / 'rules.txt', '24 Resource cubes')}" in line
    assert "follows rulebook line" in line


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
    assert "2 waivers" in output
    folder = copy_fixture("waiver", tmp_path)
    manifest = folder / "kit.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").split("waivers:")[0], encoding="utf-8")
    code, output = run_check(folder)
    assert code == 0 and "2 warnings" in output  # unlinked statements warn ...
    code, output = run_check(folder, "--strict")
    assert code == 1  # ... and fail with --strict
    assert f"rulebook line {line_of(folder / 'rules.txt', '1 rule booklet')}" in output


def test_a_waiver_must_quote_the_rulebook(tmp_path):
    folder = copy_fixture("waiver", tmp_path)
    manifest = folder / "kit.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"2 six-sided dice"', '"2 six-sided die"'),
                        encoding="utf-8")
    code, output = run_check(folder)
    assert code == 1
    assert f"kit.yaml:{line_of(manifest, '2 six-sided die')}: error: the waived quote" in output


# -- without a rulebook -----------------------------------------------------------------------------
def test_without_the_rulebook_counts_come_from_the_quotes():
    code, output = run_check(FIXTURES / "no_rulebook", "--strict")
    assert code == 0, output
    assert "link integrity and unlinked statements were not checked" in output
    _, report = check_json(FIXTURES / "no_rulebook")
    assert report["mode"] == "quotes" and report["rulebook"] is None
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
    code, _ = run_check(FIXTURES / "consistent", "--players", "9")
    assert code == 2


def test_report_and_findings_are_frozen():
    report = check_kit(load_manifest(FIXTURES / "wrong_count"))
    assert report.summary() == "rule check: 1 mismatch (run pnpgen check)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.findings[0].message = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.rows = ()  # type: ignore[misc]


# -- properties ---------------------------------------------------------------------------------------
BASE = load_manifest(FIXTURES / "wrong_count")  # players 2-4


@settings(max_examples=40, deadline=None)
@given(stated=st.integers(1, 120), printed=st.integers(0, 120), rule_per_player=st.booleans(),
       kit_per_player=st.booleans())
def test_a_count_passes_exactly_when_it_matches_at_every_player_count(stated, printed, rule_per_player, kit_per_player):
    quote = f"{stated}{'xN' if rule_per_player else ''} Widget tokens"
    component = dataclasses.replace(BASE.components[0], count=printed, per_player=kit_per_player,
                                    rules=(RuleLink(quote, Location("kit.yaml", 3)),))
    spec = dataclasses.replace(BASE, components=(component,), waivers=())
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
    linked = {part for row in report["rows"] if row["role"] == "count" for part in row["component"].split("+")}
    assert linked == counted
    unlisted = [f for f in report["findings"] if f["kind"] == "unlisted"]
    assert [f["component"] for f in unlisted] == ["area_map"]  # the only piece the rules do not count


@needs_seeds
def test_medieval_manor_basic_lands_are_followed_by_their_twelve_names():
    rulebook = Rulebook.read(SEEDS / "003_06253548769af593.txt")
    basic = next(s for s in rulebook.statements if "Basic lands" in s.component)
    names, line = rulebook.named_items(basic)
    assert len(names) == basic.count == 12
    assert rulebook.text.split("\n")[line - 1].startswith("River")


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
    count: 1
    per_player: true
    per_colour: [orange, yellow, blue, green, purple, black]
    rule:
      - "30 Resource Tokens/Cubes"
      - "5 Resource Tokens (1 of each color)"
"""


@needs_seeds
def test_shires_resource_tokens_contradiction_is_reported_and_waivable(write_kit):
    rules = SEEDS / "002_1c6010e89df672ff.txt"
    folder = write_kit(SHIRES_KIT.replace("RULEBOOK", str(rules)))
    report = check_kit(load_manifest(folder))
    [conflict] = [f for f in report.findings if f.kind == "contradiction"]
    assert conflict.rulebook_line == line_of(rules, "5 Resource Tokens (1 of each color)")
    assert f"rulebook line {line_of(rules, '30 Resource Tokens/Cubes')}" in conflict.message
    assert "follows rulebook line 41" in conflict.message
    # The setup text's "5 resource tokens (one of each color: …six colours…)" is the same slip.
    assert any(f.kind == "list" and "names 6" in f.message for f in report.findings)
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
    by_component = {f["component"]: f for f in report["findings"] if f["kind"] in {"unlinked", "unlisted"}}
    assert by_component["marker"]["severity"] == "warning" and "kit.yaml:3" in by_component["marker"]["manifest"]
    assert by_component["aid"]["severity"] == "info" and "score pad" in by_component["aid"]["message"]
    result = CliRunner().invoke(app, ["check", str(kit), "--strict"])
    assert result.exit_code == 1 and "marker has no rule link" in result.output
