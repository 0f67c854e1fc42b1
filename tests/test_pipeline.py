"""The whole pipeline on small kits: build.json facts, sheet numbering, oversize pieces."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from generator.cli import app

KIT = """\
kit:
  name: Pipeline
  players: {min: 2, max: 4}
  player_colours: [red, blue, green, gold]
components:
  - id: peasant
    kind: marker
    shape: disc
    size: 25mm
    count: 10
    per_player: true
    sides:
      front: {fields: {label: Peasant}}
      back: {template: token, fields: {label: Noble, dot: true}}
  - id: card
    kind: card
    size: poker
    cards:
      - {title: Wheat, text: Gives 4 crops., count: 3}
  - id: dice
    kind: die
    print: false
    buy: 2 six-sided dice
    count: 2
"""


def build(kit, out, *args):
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-reference", "--no-cover", *args])
    assert result.exit_code == 0, result.output
    return json.loads((out / kit.name / "build.json").read_text())


def test_build_report_lists_every_component(write_kit, tmp_path):
    report = build(write_kit(KIT), tmp_path / "out", "--players", "3")
    assert {k: report[k] for k in ("paper", "players")} == {"paper": "a4", "players": 3}
    assert report["pages"] >= report["sheets"] >= 1 and 0 < report["utilisation"] <= 1
    by_id = {c["id"]: c for c in report["components"]}
    assert by_id["peasant"] == {**by_id["peasant"], "count": 30, "size_mm": [25.0, 25.0], "sides": 2, "print": True}
    assert by_id["card"]["count"] == 3 and by_id["card"]["size_mm"] == [63.5, 88.9]
    assert by_id["dice"]["print"] is False and by_id["dice"]["count"] == 2 and by_id["dice"]["buy"]
    assert report["duplex_pages"] == [1, 2]  # the two-sided sheet: front then its back


def test_a_front_and_its_back_are_one_sheet(write_kit, tmp_path):
    report = build(write_kit(KIT), tmp_path / "out")
    fronts_and_backs = len(report["duplex_pages"])
    assert report["sheets"] == report["pages"] - fronts_and_backs // 2


def test_oversize_board_is_tiled_and_counted(write_kit, tmp_path):
    kit = write_kit(KIT + """\
  - id: board
    kind: card
    size: 400mm x 300mm
    sides: {front: {fields: {title: Board, text: A board bigger than A4.}}}
""")
    report = build(kit, tmp_path / "out")
    board = next(c for c in report["components"] if c["id"] == "board")
    assert board["count"] == 1 and board["size_mm"] == [400.0, 300.0]
    whole = build(kit, tmp_path / "a3", "--paper", "a3")
    assert whole["pages"] < report["pages"]  # on A3 the board prints whole


def test_rebuilding_replaces_the_kit_folder(write_kit, tmp_path):
    kit = write_kit(KIT)
    out = tmp_path / "out"
    build(kit, out, "--preview")
    build(kit, out)
    assert not (out / "kit" / "preview").exists()
    assert not [p.name for p in out.iterdir() if p.name.startswith(".kit-")]  # no staging folders left behind


def test_out_over_the_kit_is_refused_and_the_kit_survives(write_kit, tmp_path):
    kit = write_kit(KIT)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(kit.parent)])
    assert result.exit_code == 2 and "over the kit itself" in result.output
    assert (kit / "kit.yaml").is_file()


def test_a_folder_that_is_not_a_build_is_never_replaced(write_kit, tmp_path):
    kit = write_kit(KIT)
    precious = tmp_path / "out" / "kit"
    precious.mkdir(parents=True)
    (precious / "notes.txt").write_text("mine")
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "not a pnpgen build" in result.output
    assert (precious / "notes.txt").read_text() == "mine"
