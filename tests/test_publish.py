"""Publishing a build (generator/write/publish.py): whatever happens — a kill or an exception at any step, another
build of the kit at the same time — OUT/<kit>/ holds a complete build, the previous one or the new one, and the
next build removes what an interrupted one left.

Kills are real: a build runs in a child process that SIGKILLs itself at the chosen step.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.write import publish

ROOT = Path(__file__).resolve().parents[1]
KIT = """\
kit: {name: Published}
components:
  - id: token
    size: 25mm
    count: COUNT
    fields: {label: LABEL}
"""
OLD, NEW = ("Old", 3), ("New", 5)

# Runs one `pnpgen build` with publish's step hook set: `kill` SIGKILLs the process at that step, `pause`
# touches <flag>.here and waits for <flag>.go; `no-exchange` makes publish use its fallback swap.
DRIVER = textwrap.dedent("""\
    import os, signal, sys, time
    from pathlib import Path
    from generator.write import publish

    action, at, flag, mode = sys.argv[1:5]

    def hook(name):
        if name != at:
            return
        if action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        Path(flag + ".here").touch()
        while not Path(flag + ".go").exists():
            time.sleep(0.01)

    publish._hook = hook
    if mode == "no-exchange":
        publish._exchange_cache[:] = [None]
    from generator.cli import main
    sys.argv = ["pnpgen", *sys.argv[5:]]
    main()
""")


def write_kit(folder: Path, version: tuple[str, int]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    label, count = version
    (folder / "kit.yaml").write_text(KIT.replace("LABEL", label).replace("COUNT", str(count)))
    return folder


def build(kit: Path, out: Path) -> None:
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output


def child(tmp_path: Path, action: str, at: str, kit: Path, out: Path, mode: str = "exchange", flag: str = "-"):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", DRIVER, action, at, flag, mode, "build", str(kit), "--out", str(out),
                             "--no-reference"], env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def version_in_place(out: Path) -> tuple[str, int] | None:
    """Which complete build OUT/kit/ holds, or None when there is none; fails on anything incomplete."""
    target = out / "kit"
    if not target.exists():
        return None
    assert sorted(p.name for p in target.iterdir()) == ["build.json", "kit.pdf"], sorted(target.iterdir())
    report = json.loads((target / "build.json").read_text())
    pdf = (target / "kit.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")
    count = report["components"][0]["count"]
    label = {OLD[1]: OLD[0], NEW[1]: NEW[0]}[count]
    from io import BytesIO

    from pypdf import PdfReader

    assert len(PdfReader(BytesIO(pdf)).pages) == report["pages"]
    return label, count


def leftovers(out: Path) -> list[str]:
    return sorted(name for name in os.listdir(out) if name not in {"kit", ".cache"})


@pytest.fixture
def previous(tmp_path) -> tuple[Path, Path]:
    """The kit's old version built into OUT; the kit folder then holds the new version."""
    kit, out = tmp_path / "kit", tmp_path / "output"
    build(write_kit(kit, OLD), out)
    write_kit(kit, NEW)
    return kit, out


KILLS = [(step, "exchange") for step in publish.STEPS] + \
        [(step, "no-exchange") for step in ("swapping", "swapped", "removing-old", "published")]


@pytest.mark.parametrize("step,mode", KILLS, ids=[f"{s}-{m}" for s, m in KILLS])
def test_a_kill_at_any_step_leaves_a_complete_build(tmp_path, previous, step, mode):
    kit, out = previous
    process = child(tmp_path, "kill", step, kit, out, mode)
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL, "the build was not killed at its step"
    in_place = version_in_place(out)
    if mode == "no-exchange" and step == "swapped":  # the fallback's one moment without a build in place
        assert in_place is None and [n for n in leftovers(out) if n.startswith(".kit.old-")]
    elif step in ("locked", "staging", "written", "swapping"):
        assert in_place == OLD
    else:
        assert in_place == NEW
    # the next build puts things right: the new build in place, nothing left over, not even the lock file
    build(kit, out)
    assert version_in_place(out) == NEW
    assert leftovers(out) == []


@pytest.mark.parametrize("mode", ["exchange", "no-exchange"])
@pytest.mark.parametrize("step", publish.STEPS)
def test_an_exception_at_any_step_leaves_the_previous_or_the_new_build(tmp_path, previous, monkeypatch, step, mode):
    kit, out = previous
    if mode == "no-exchange":
        monkeypatch.setattr(publish, "_exchange_cache", [None])

    def fail(name: str) -> None:
        if name == step:
            raise RuntimeError(f"injected at {name}")

    monkeypatch.setattr(publish, "_hook", fail)
    with pytest.raises(RuntimeError):
        from generator.pipeline import BuildOptions
        from generator.pipeline import build as build_kit

        build_kit(kit, BuildOptions(out=out, reference=False))
    swapped = ("swapped", "removing-old", "published") if mode == "exchange" else ("removing-old", "published")
    assert version_in_place(out) == (NEW if step in swapped else OLD)
    assert leftovers(out) == []  # the failing build cleaned up after itself
    monkeypatch.setattr(publish, "_hook", None)
    build(kit, out)
    assert version_in_place(out) == NEW and leftovers(out) == []


@pytest.mark.parametrize("step", ["locked", "staging", "written", "swapping", "published"])
def test_an_exception_during_a_first_build_leaves_nothing_or_all(tmp_path, monkeypatch, step):
    kit, out = write_kit(tmp_path / "kit", NEW), tmp_path / "output"

    def fail(name: str) -> None:
        if name == step:
            raise RuntimeError(f"injected at {name}")

    monkeypatch.setattr(publish, "_hook", fail)
    from generator.pipeline import BuildOptions
    from generator.pipeline import build as build_kit

    with pytest.raises(RuntimeError):
        build_kit(kit, BuildOptions(out=out, reference=False))
    assert version_in_place(out) == (NEW if step == "published" else None)
    assert leftovers(out) == []


def test_leftovers_of_killed_builds_and_older_versions_are_removed(tmp_path, previous):
    kit, out = previous
    for name in (".kit.new-abcd1234", ".kit.old-abcd1234", ".kit-x1y2z3w4", ".kit.lock"):
        (out / name).mkdir() if not name.endswith(".lock") else (out / name).touch()
    (out / ".kit.new-abcd1234" / "kit.pdf").write_bytes(b"%PDF half")
    (out / ".kitten-abcd1234").mkdir()  # another kit's: kept
    build(kit, out)
    assert version_in_place(out) == NEW
    assert leftovers(out) == [".kitten-abcd1234"]


def test_a_build_set_aside_by_the_fallback_is_put_back(tmp_path, previous):
    """The fallback swap killed between its renames leaves no OUT/kit: the next build puts the old one back
    before it starts, so even a failing next build leaves a complete build in place."""
    kit, out = previous
    (out / "kit").rename(out / ".kit.old-abcd1234")
    (kit / "kit.yaml").write_text("kit: {name: Broken}\ncomponents: [{id: a, size: 25mm, count: 0777}]\n")
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out)])
    assert result.exit_code == 2
    write_kit(kit, NEW)
    from generator.write.publish import kit_lock, remove_leftovers

    with kit_lock(out, "kit"):
        remove_leftovers(out, "kit")
    assert version_in_place(out) == OLD
    build(kit, out)
    assert version_in_place(out) == NEW and leftovers(out) == []


@pytest.mark.parametrize("first,second,pause_at", [(OLD, NEW, "staging"), (NEW, OLD, "swapping")],
                         ids=["old-then-new-while-writing", "new-then-old-while-swapping"])
def test_two_builds_at_once_take_turns(tmp_path, first, second, pause_at):
    """A second build of the kit into the same folder waits for the first (and says so); both succeed and the
    later arrival's build is the one in place. Tried with both orders of arrival."""
    out = tmp_path / "output"
    kit_a, kit_b = write_kit(tmp_path / "a" / "kit", first), write_kit(tmp_path / "b" / "kit", second)
    build(kit_b, out)  # over a previous build
    flag = str(tmp_path / "a-flag")
    a = child(tmp_path, "pause", pause_at, kit_a, out, flag=flag)
    deadline = time.monotonic() + 60
    while not Path(flag + ".here").exists():
        assert a.poll() is None, a.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    b = child(tmp_path, "run", "-", kit_b, out)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(b.stderr), daemon=True)
    reader.start()
    while not any("another build of kit" in line for line in said):  # b has reached the lock and waits
        assert b.poll() is None, "the second build did not wait for the first"
        assert time.monotonic() < deadline, said
        time.sleep(0.02)
    assert version_in_place(out) == second  # the previous build, untouched while a is paused
    Path(flag + ".go").touch()
    a_out, a_err = a.communicate(timeout=60)
    b.wait(timeout=60)
    reader.join(timeout=10)
    b.stdout.close(), b.stderr.close()
    b_err = "".join(said)
    assert a.returncode == 0, a_err
    assert b.returncode == 0, b_err
    assert "waiting for it to finish" in b_err, b_err
    assert "Traceback" not in a_err + b_err
    assert version_in_place(out) == second  # b arrived last
    assert leftovers(out) == []


def test_the_folder_is_never_missing_while_builds_replace_it(tmp_path, previous):
    """A reader polling OUT/kit/ during repeated rebuilds always finds a complete build."""
    kit, out = previous
    script = textwrap.dedent(f"""\
        from pathlib import Path
        from generator.pipeline import BuildOptions, build
        for i in range(4):
            build(Path({str(kit)!r}), BuildOptions(out=Path({str(out)!r}), reference=False))
    """)
    builds = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, "PYTHONPATH": str(ROOT)})
    seen, problems = 0, []
    target = out / "kit"
    while builds.poll() is None:
        # what the path names at one instant: a folder opened by the path, read, and still named by it after
        fd = os.open(target, os.O_RDONLY | os.O_DIRECTORY)
        try:
            names = sorted(os.listdir(fd))
            try:
                report = os.open("build.json", os.O_RDONLY, dir_fd=fd)
                os.close(report)
            except FileNotFoundError:
                names = [n for n in names if n != "build.json"]
            if names != ["build.json", "kit.pdf"] and os.path.samestat(os.fstat(fd), os.stat(target)):
                problems.append(names)  # the folder in place was incomplete
            seen += 1
        finally:
            os.close(fd)
    assert builds.returncode == 0
    assert not problems, problems[:5]
    assert seen > 10


def test_exchange_swaps_two_folders(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    (a / "x").write_text("a"), (b / "x").write_text("b")
    if not publish.exchange(a, b):
        pytest.skip("no atomic exchange on this system")
    assert (a / "x").read_text() == "b" and (b / "x").read_text() == "a"


def test_waiting_builds_say_so(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    said = []
    holding = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with publish.kit_lock(out, "kit"):
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    threading.Timer(0.3, release.set).start()
    with publish.kit_lock(out, "kit", waiting=said.append):
        pass
    holder.join()
    assert said and "another build of kit" in said[0]
    assert not (out / ".kit.lock").exists()
