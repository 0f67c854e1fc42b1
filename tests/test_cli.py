"""The command line, through typer's CliRunner: options, exit codes, messages."""

from __future__ import annotations

import subprocess
import sys

import pytest
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


def test_command_annotations_are_evaluated_once_at_import():
    """typer reads each command's annotations several times as it builds the command line: as strings (a
    `from __future__ import annotations` in cli.py) they would be evaluated anew every time."""
    from generator.cli import rules_app

    callbacks = [info.callback for typer_app in (app, rules_app) for info in typer_app.registered_commands]
    assert len(callbacks) >= 9
    for callback in callbacks:
        assert not any(isinstance(hint, str) for hint in callback.__annotations__.values()), callback.__name__


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


def test_paper_choices_are_the_papers_of_papers_yaml():
    import yaml

    from generator.cli import Paper
    from generator.paths import DATA_DIR

    papers = list(yaml.safe_load((DATA_DIR / "papers.yaml").read_text(encoding="utf-8")))
    assert [paper.value for paper in Paper] == papers


def test_help_lists_the_choices():
    result = CliRunner().invoke(app, ["build", "--help"])
    assert result.exit_code == 0
    for choices in ("a4|letter|a3|tabloid|legal", "long-edge|short-edge", "--preview-dpi", "--quiet", "--verbose"):
        assert choices in result.output, result.output
    assert "text|json" in CliRunner().invoke(app, ["check", "--help"]).output
    assert "text|json" in CliRunner().invoke(app, ["rules", "scan", "--help"]).output
    assert "sheets|cards" in CliRunner().invoke(app, ["reference", "--help"]).output


def test_shell_completion_offers_the_choices():
    import re

    def complete(line: str) -> set[str]:
        env = {"_PNPGEN_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(line.split(" ")) - 1),
               "_TYPER_COMPLETE_ARGS": line}
        result = CliRunner().invoke(app, [], prog_name="pnpgen", env=env)
        return set(re.findall(r"[\w-]+", result.output))

    assert {"a4", "letter", "a3", "tabloid", "legal"} <= complete("pnpgen build --paper ")
    assert {"long-edge", "short-edge"} <= complete("pnpgen calibrate --duplex ")
    assert {"sheets", "cards"} <= complete("pnpgen reference --format ")
    assert "--install-completion" in CliRunner().invoke(app, ["--help"]).output


@pytest.mark.parametrize("args,expected", [
    (["build", "{kit}", "--duplex", "sideways"], "--duplex is long-edge or short-edge, not 'sideways'"),
    (["calibrate", "--paper", "b5"], "unknown paper 'b5'; choose one of a4, letter, a3, tabloid, legal"),
    (["check", "{kit}", "--format", "xml"], "--format is text or json, not 'xml'"),
    (["rules", "scan", "{kit}/kit.yaml", "--format", "yaml"], "--format is text, json or tree, not 'yaml'"),
    (["reference", "{kit}", "--format", "posters"], "--format is sheets or cards, not 'posters'"),
    (["build", "{kit}", "--preview-dpi", "20"], "--preview-dpi"),
    (["build", "{kit}", "--preview-dpi", "601"], "--preview-dpi"),
    (["build", "{kit}", "-q", "-v"], "--quiet and --verbose"),
])
def test_bad_choices_are_usage_errors(write_kit, tmp_path, args, expected):
    kit = write_kit(KIT)
    out = tmp_path / "o"
    result = CliRunner().invoke(app, [a.replace("{kit}", str(kit)) for a in args] + (["--out", str(out)] if args[0] in {"build", "calibrate"} else []))
    assert result.exit_code == 2, result.output
    assert expected in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_version_is_the_installed_one():
    from importlib.metadata import version

    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"pnpgen {version('pnpgen')}\n"
    assert version("pnpgen") == "0.1.0"


def test_build_says_one_line_per_kit_and_no_escape_codes(write_kit, tmp_path):
    import re

    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.fullmatch(r"built .*kit: 1 sheet in \d+\.\d s -> .*kit\.pdf", lines[0]), lines
    assert lines[1:] == ["kit: rule check: nothing to check (no rule links and no rulebook)"]
    assert "\x1b" not in result.output  # no progress display when stderr is not a terminal


def test_quiet_says_nothing_and_verbose_tells_each_stage(write_kit, tmp_path):
    kit = write_kit(KIT)
    quiet = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "q"), "-q"])
    assert quiet.exit_code == 0 and quiet.output == ""
    assert (tmp_path / "q" / "kit" / "kit.pdf").is_file()
    verbose = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "v"), "--verbose", "--preview"])
    assert verbose.exit_code == 0, verbose.output
    for stage in ("read ", "making the pieces", "4 pieces of 1 component for 3 players", "laying them out on a4 sheets",
                  "writing the PDF", "1 page written", "drawing the previews at 100 dpi", "checking the counts"):
        assert stage in verbose.output, verbose.output
    quiet_error = CliRunner().invoke(app, ["build", str(kit), "--players", "9", "-q", "--out", str(tmp_path / "e")])
    assert quiet_error.exit_code == 2 and "2-3 players" in quiet_error.output


@pytest.mark.parametrize("dpi", [36, 150])
def test_previews_are_drawn_at_the_dpi_asked(write_kit, tmp_path, dpi):
    from PIL import Image

    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--out", str(tmp_path), "--preview-dpi", str(dpi)])
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "kit" / "preview" / "page-001.png") as png:
        assert png.size == (round(595.2756 * dpi / 72), round(841.8898 * dpi / 72))  # A4 in points


def test_progress_display_on_a_terminal(write_kit, tmp_path):
    """The live display (forced on, into a string) draws the kit's row; the lines still go to echo."""
    import io

    from rich.console import Console

    from generator.pipeline import BuildOptions, build_kits
    from generator.progress import LiveProgress

    screen = io.StringIO()
    said: list[str] = []
    events = LiveProgress(said.append, delay=None, console=Console(file=screen, force_terminal=True, width=120))
    build_kits([write_kit(KIT)], BuildOptions(out=tmp_path, reference=False), events=events)
    assert said[0].startswith("built ") and said[1].startswith("kit: rule check")
    assert "kit: " in screen.getvalue() and events.progress is None
