"""The command line, through typer's CliRunner: options, exit codes, messages."""

from __future__ import annotations

import subprocess
import sys

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from tests.conftest import ROOT

KIT = """\
kit:
  name: Cli Test
  players: {min: 2, max: 3}
  player_colours: [red, blue, green]
components:
  - id: coin
    kind: chip
    size: 20mm
    count: 4
    sides: {front: {fields: {value: 5}}}
"""


def test_help_lists_the_commands():
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("build", "calibrate", "check", "rules", "reference", "schema"):
        assert command in result.output


def test_help_does_not_load_cairo_or_reportlab():
    code = "import sys; from generator.cli import app; print(any(m.startswith(('cairo', 'reportlab')) for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "False"


def test_players_outside_the_kit_range_is_a_usage_error(write_kit, tmp_path):
    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--players", "7", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "2-3 players" in result.output


def test_bad_back_offset_is_a_usage_error(write_kit, tmp_path):
    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--back-offset", "left", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "X,Y" in result.output


def test_unknown_paper_is_a_usage_error(write_kit, tmp_path):
    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--paper", "a5", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "unknown paper" in result.output


def test_missing_kit_folder(tmp_path):
    result = CliRunner().invoke(app, ["build", str(tmp_path / "nope"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "no kit.yaml" in result.output


def test_build_with_previews_writes_pdf_report_and_pngs(write_kit, tmp_path):
    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--out", str(tmp_path), "--preview"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "kit"
    assert (folder / "kit.pdf").is_file() and (folder / "build.json").is_file()
    assert sorted(p.name for p in (folder / "preview").iterdir()) == ["page-001.png"]


def test_calibrate_writes_front_and_back(tmp_path):
    result = CliRunner().invoke(app, ["calibrate", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "calibrate-letter.pdf")
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == 612


def test_schema_command_prints_json():
    import json

    result = CliRunner().invoke(app, ["schema"])
    assert result.exit_code == 0 and json.loads(result.output)["title"].startswith("pnpgen")
