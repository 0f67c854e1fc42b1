"""Start-up: `pnpgen --version` and `--help` answered without loading typer, commands run without pydantic
(generator/entry.py, generator/cliparams.py), and the exit that skips the interpreter's teardown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.entry import installed_version

ROOT = Path(__file__).resolve().parents[1]


def pnpgen(*args: str, cache: Path, columns: int = 80, importtime: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": str(columns), "PYTHONPATH": str(ROOT)}
    prefix = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *prefix, "-m", "generator", *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def imported(stderr: str) -> set[str]:
    return {line.split("|")[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}


def test_help_is_kept_and_shown_again_without_typer(tmp_path):
    first = pnpgen("--help", cache=tmp_path, importtime=True)
    assert first.returncode == 0 and "typer" in imported(first.stderr)
    assert "Usage:" in first.stdout and "build" in first.stdout
    again = pnpgen("--help", cache=tmp_path, importtime=True)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert not {"typer", "click", "generator.cli"} & imported(again.stderr)
    wider = pnpgen("-h", cache=tmp_path, columns=120)  # another width: typer formats it afresh
    assert wider.returncode == 0 and "Usage:" in wider.stdout
    assert len(list((tmp_path / "pnpgen").glob("help-*.txt"))) == 2


def test_version_without_typer(tmp_path):
    result = pnpgen("--version", cache=tmp_path, importtime=True)
    assert result.returncode == 0
    assert result.stdout.strip() == f"pnpgen {installed_version()}" and installed_version()
    assert "typer" not in imported(result.stderr)


def test_exit_codes_survive_the_quick_exit(tmp_path):
    assert pnpgen("build", str(tmp_path / "nope"), "--out", str(tmp_path / "o"), cache=tmp_path).returncode == 2
    assert pnpgen(cache=tmp_path).returncode == 2  # no command: the help, as a usage error
    assert pnpgen("schema", cache=tmp_path).stdout.startswith("{")


def test_a_command_runs_without_pydantic(tmp_path):
    rules = tmp_path / "rules.txt"
    rules.write_text("Components\n\n- 12 Harvest cards\n", encoding="utf-8")
    code = ("import sys; from generator.cli import app\n"
            f"sys.argv = ['pnpgen', 'rules', 'scan', {str(rules)!r}, '--format', 'json']\n"
            "try:\n    app()\nexcept SystemExit as e:\n    print('exit', e.code, any(m.startswith('pydantic') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.stdout.strip().endswith("exit 0 False"), result.stdout + result.stderr


def test_option_values_are_checked_as_before(tmp_path):
    runner = CliRunner()
    low = runner.invoke(app, ["build", str(tmp_path), "--preview-dpi", "20"])
    assert low.exit_code == 2 and "--preview-dpi" in low.output and "36" in low.output
    word = runner.invoke(app, ["build", str(tmp_path), "--players", "four"])
    assert word.exit_code == 2 and "'four' is not a whole number" in word.output
