"""A build runs no other program (issue 14): cairocffi's library search (`ctypes.util.find_library`, which runs
`ldconfig -p` and `gcc`) is bypassed by generator/write/cairolib.py, and nothing else starts a process. Checked
with Python's audit hooks in a fresh interpreter (the search runs once, when cairocffi is first imported), cold
(an empty user cache) and warm, and with strace when it is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KIT = """\
kit: {name: Quiet, rulebook: rules.txt}
components:
  - id: card
    kind: card
    size: poker
    count: 3
    fields: {title: Harvest, text: Gain 2 gold.}
    sides: {back: {fields: {label: Quiet}}}
    rule: "3 Harvest cards"
reference:
  blocks:
    - note: {text: Take turns.}
"""
# Every way Python starts a program raises an audit event: fail the build on any of them.
AUDITED = textwrap.dedent("""\
    import sys

    STARTS = ("subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn", "os.system", "os.fork", "os.forkpty",
              "pty.spawn")
    started = []

    def audit(event, args):
        if event.startswith(STARTS):
            started.append((event, args))
            raise RuntimeError(f"a build started a program: {event} {args!r}")

    sys.addaudithook(audit)
    from generator.cli import main
    sys.argv = ["pnpgen", *sys.argv[1:]]
    try:
        main()
    finally:
        if started:
            print("STARTED", started, file=sys.stderr)
""")


def kit(tmp_path: Path) -> Path:
    folder = tmp_path / "kit"
    folder.mkdir()
    (folder / "kit.yaml").write_text(KIT)
    (folder / "rules.txt").write_text("Setup\n\nShuffle the 3 Harvest cards.\n")
    return folder


def run(args: list[str], cache: Path, cwd: Path, prefix: list[str] = ()) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache)}
    return subprocess.run([*prefix, sys.executable, "-c", AUDITED, *args], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_a_build_starts_no_program_cold_or_warm(tmp_path):
    folder = kit(tmp_path)
    cache = tmp_path / "cache"  # empty: cairo's declarations and the font metrics are made during this build
    for attempt in ("cold", "warm"):
        result = run(["build", str(folder), "--out", str(tmp_path / "out"), "--preview"], cache, tmp_path)
        assert result.returncode == 0, f"{attempt}: {result.stderr}"
        assert "STARTED" not in result.stderr, result.stderr
    assert (tmp_path / "out" / "kit" / "kit.pdf").is_file()
    result = run(["reference", str(folder), "--out", str(tmp_path / "ref")], tmp_path / "cache2", tmp_path)
    assert result.returncode == 0 and "STARTED" not in result.stderr, result.stderr


def test_cairo_is_loaded_without_the_library_search(tmp_path):
    """ctypes.util.find_library is never called while cairocffi is imported pnpgen's way."""
    script = textwrap.dedent("""\
        import ctypes.util
        calls = []
        real = ctypes.util.find_library
        ctypes.util.find_library = lambda name: calls.append(name) or real(name)
        from generator.write.cairolib import load_cairo
        cairo = load_cairo()
        assert cairo.cairo_version() > 0
        print("SEARCHED", calls)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "SEARCHED []" in result.stdout, result.stdout


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_strace_sees_no_execve_but_pnpgen_itself(tmp_path):
    folder = kit(tmp_path)
    trace = tmp_path / "trace.txt"
    result = run(["build", str(folder), "--out", str(tmp_path / "out")], tmp_path / "cache", tmp_path,
                 prefix=["strace", "-f", "-qq", "-e", "trace=execve", "-o", str(trace)])
    if result.returncode != 0 and "ptrace" in result.stderr:
        pytest.skip("strace cannot trace here")
    assert result.returncode == 0, result.stderr
    calls = [line for line in trace.read_text().splitlines() if "execve(" in line]
    assert len(calls) == 1 and sys.executable in calls[0], calls
