"""`make bench`: times pnpgen on the benchmark workloads as whole processes and compares it with its floors.

Each workload runs once to warm the disk cache, then `RUNS` times; the table shows medians, the peak
memory of the process (wait4's ru_maxrss) and the output size. A floor is a plain reportlab script
drawing the same pages (bench/floors/), run by turns with pnpgen so the ratio (the median of the pairs' ratios)
does not depend on the machine's speed that minute.
Writes bench/results.json. Every timed build writes into a fresh folder with no PDF segments kept in the user's
cache folder: no run reuses another's drawing (R, a rebuild after an edit, reuses its own first build's).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
KITS = BENCH / "kits"
BIN = Path(sys.executable).parent
PNPGEN = str(BIN / "pnpgen")
PYTHON = sys.executable
RUNS = 5
# Children run as an installed pnpgen would: with their bytecode cached (a shell that sets
# PYTHONDONTWRITEBYTECODE would otherwise make every run recompile pnpgen's modules, ~0.2 s).
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}

sys.path.insert(0, str(BENCH))
from make_kits import SCALES, make_kits  # noqa: E402


@dataclass
class Measure:
    """Medians over RUNS whole-process runs."""

    seconds: float
    peak_mb: float
    output_kb: float | None
    runs: list[float] = field(default_factory=list)


def run_once(argv: list[str], cwd: Path = ROOT) -> tuple[float, float]:
    """(wall seconds, peak resident MB) of one process; raises if it fails."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=CHILD_ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if process.returncode not in (0, 1):  # 1 = the rule check found mismatches: still a finished run
        raise RuntimeError(f"{' '.join(argv)} failed ({process.returncode}):\n{error[-2000:]}")
    return seconds, usage.ru_maxrss / 1024


def measure(make_argv, output=None, runs: int = RUNS, warm: bool = True) -> Measure:
    """Run `make_argv(out_dir)` (a fresh out_dir each time) after a warm-up; medians of time and memory."""
    times, peaks = [], []
    size = None
    for i in range(runs + (1 if warm else 0)):
        seconds, peak, size = _run_fresh(make_argv, output)
        if warm and i == 0:
            continue
        times.append(seconds)
        peaks.append(peak)
    return Measure(statistics.median(times), statistics.median(peaks), size, [round(t, 4) for t in times])


def _run_fresh(make_argv, output=None) -> tuple[float, float, float | None]:
    """One run of `make_argv(out_dir)` into a fresh out_dir: (seconds, peak MB, KB of `output(out_dir)` or None).
    No PDF segment or imposition kept by an earlier run is read back: a full build draws every page."""
    forget_segments()
    with tempfile.TemporaryDirectory(prefix="pnpgen-bench-") as out:
        seconds, peak = run_once(make_argv(Path(out)))
        return seconds, peak, output(Path(out)).stat().st_size / 1024 if output is not None else None


def forget_segments() -> None:
    """Empty the user cache's kept PDF segments (generator/write/segmentstore.py) and kept impositions
    (generator/layoutstore.py); the rest of it stays warm."""
    from generator.paths import user_cache

    for folder in ("segments", "layouts"):  # segment_folder() and layout_folder(), without their imports
        shutil.rmtree(user_cache() / folder, ignore_errors=True)


def measure_paired(make_pnpgen, make_floor, output=None, runs: int = RUNS) -> tuple[Measure, Measure]:
    """pnpgen and its floor run by turns (one warm-up each, then pairs, which of the two goes first alternating),
    so that both see the machine as it is in the same minute: this shared machine's speed drifts by tens of per
    cent from one minute to the next, and timing all of one then all of the other put the drift into the ratio."""
    times: dict[str, list[float]] = {"pnpgen": [], "floor": []}
    peaks: dict[str, list[float]] = {"pnpgen": [], "floor": []}
    size = None
    for i in range(runs + 1):
        order = (("pnpgen", make_pnpgen), ("floor", make_floor)) if i % 2 == 0 else (("floor", make_floor), ("pnpgen", make_pnpgen))
        for name, make_argv in order:
            seconds, peak, kb = _run_fresh(make_argv, output if name == "pnpgen" else None)
            size = kb if name == "pnpgen" else size
            if i:
                times[name].append(seconds)
                peaks[name].append(peak)
    return tuple(Measure(statistics.median(times[name]), statistics.median(peaks[name]),
                         size if name == "pnpgen" else None, [round(t, 4) for t in times[name]])
                 for name in ("pnpgen", "floor"))


def build(*kits: Path, extra: tuple[str, ...] = ()):
    return lambda out: [PNPGEN, "build", *map(str, kits), "--out", str(out), *extra]


def floor(name: str):
    return lambda out: [PYTHON, str(BENCH / "floors" / f"{name}.py"), str(out / f"{name}.pdf")]


def pdf_of(kit: str):
    return lambda out: out / kit / f"{kit}.pdf"


def rebuild_after_edit(kit: Path, runs: int = RUNS) -> Measure:
    """Build a copy of `kit`, then time rebuilds into the same folder, each after editing one card's text."""
    times, peaks = [], []
    with tempfile.TemporaryDirectory(prefix="pnpgen-bench-") as work:
        copy = Path(work) / kit.name
        shutil.copytree(kit, copy)
        out = Path(work) / "out"
        argv = build(copy)(out)
        forget_segments()  # the first build imposes, draws every segment and keeps them; each rebuild draws what changed
        run_once(argv)
        cards = copy / "cards.csv"
        for i in range(runs + 1):
            text = cards.read_text(encoding="utf-8")
            cards.write_text(text.replace("harvest", f"harvest{i}", 1), encoding="utf-8")
            seconds, peak = run_once(argv)
            if i:
                times.append(seconds)
                peaks.append(peak)
    return Measure(statistics.median(times), statistics.median(peaks), None, [round(t, 4) for t in times])


def rebuild_in_watch(kit: Path, runs: int = RUNS) -> Measure:
    """`pnpgen build --watch` on a copy of `kit`: the rebuild time it reports after each one-card edit.

    The watcher hears of the change from the file system; the time reported runs from then to the new PDF in
    place (manifest read, changed faces drawn, unchanged ones replayed, every page written).
    """
    times = []
    with tempfile.TemporaryDirectory(prefix="pnpgen-bench-") as work:
        copy = Path(work) / kit.name
        shutil.copytree(kit, copy)
        argv = build(copy, extra=("--watch",))(Path(work) / "out")
        process = subprocess.Popen(argv, cwd=ROOT, env=CHILD_ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True)
        try:
            _next_build_time(process)
            cards = copy / "cards.csv"
            for i in range(runs + 1):
                text = cards.read_text(encoding="utf-8")
                cards.write_text(text.replace("harvest", f"harvest{i}", 1), encoding="utf-8")
                seconds = _next_build_time(process)
                if i:
                    times.append(seconds)
        finally:
            process.terminate()
            process.wait(timeout=10)
    return Measure(statistics.median(times), 0.0, None, [round(t, 4) for t in times])


def _next_build_time(process) -> float:
    for line in process.stdout:
        if line.startswith("built in "):
            return float(line.split()[2])
        if line.startswith("error:"):
            raise RuntimeError(line)
    raise RuntimeError("pnpgen build --watch stopped")


@dataclass
class Row:
    name: str
    what: str
    pnpgen: Measure
    floor: Measure | None = None
    target: str = ""
    ok: bool | None = None

    @property
    def ratio(self) -> float | None:
        """The median of the pair-by-pair ratios (the runs were taken by turns: measure_paired)."""
        if not self.floor:
            return None
        return statistics.median(a / b for a, b in zip(self.pnpgen.runs, self.floor.runs))


def workloads(quick: bool) -> list[Row]:
    rows: list[Row] = []
    runs = 2 if quick else RUNS

    def add(name, what, pnpgen, floor_measure=None, target="", check=None):
        row = Row(name, what, pnpgen, floor_measure, target)
        row.ok = check(row) if check else None
        rows.append(row)
        print(f"  {name}: {pnpgen.seconds:.3f} s" + (f" (floor {floor_measure.seconds:.3f} s)" if floor_measure else ""),
              file=sys.stderr)
        return row

    w1 = add("W1", "1000 identical 25 mm disc tokens",
             *measure_paired(build(KITS / "w1_tokens"), floor("w1_tokens"), pdf_of("w1_tokens"), runs),
             "≤ 1.5× floor, ≤ 150 MB, PDF ≤ 45 KB",
             lambda r: r.ratio <= 1.5 and r.pnpgen.peak_mb <= 150 and r.pnpgen.output_kb <= 45)
    w2 = add("W2", "500 distinct poker cards + shared back",
             *measure_paired(build(KITS / "w2_cards"), floor("w2_cards"), pdf_of("w2_cards"), runs),
             "≤ 1.4× floor, ≤ 150 MB, PDF ≤ 600 KB",
             lambda r: r.ratio <= 1.4 and r.pnpgen.peak_mb <= 150 and r.pnpgen.output_kb <= 600)
    add("W3", "hex map, 127 cells, tiled on A4",
        *measure_paired(build(KITS / "w3_hexmap"), floor("w3_hexmap"), pdf_of("w3_hexmap"), runs),
        "≤ 2× floor, ≤ 150 MB", lambda r: r.ratio <= 2 and r.pnpgen.peak_mb <= 150)
    kits = sorted(p.parent for p in (ROOT / "components").glob("*/kit.yaml"))
    add("W4", f"every kit in components/ ({len(kits)}) together", measure(build(*kits), None, runs))
    scale = {}
    for cards in SCALES:
        big = cards >= 10000
        scale[cards] = add(f"S{cards}", f"{cards} distinct cards",
                           measure(build(KITS / f"scale_{cards}"), pdf_of(f"scale_{cards}"),
                                   (1 if quick else 3) if big else runs, warm=not big))
    time_ratio = scale[10000].pnpgen.seconds / scale[1000].pnpgen.seconds
    memory_ratio = scale[10000].pnpgen.peak_mb / scale[1000].pnpgen.peak_mb
    rows[-1].target = (f"≤ 10 s, ≤ 150 MB a process; time {time_ratio:.1f}× S1000 (≤ 12×), "
                       f"memory {memory_ratio:.2f}× (≤ 1.5×)")
    rows[-1].ok = (scale[10000].pnpgen.seconds <= 10 and scale[10000].pnpgen.peak_mb <= 150 and time_ratio <= 12
                   and memory_ratio <= 1.5)
    # the same build on one core: what the worker processes (write/segments.py) bring
    one_core = add("S10000j1", "10000 distinct cards, `--jobs 1`",
                   measure(build(KITS / "scale_10000", extra=("--jobs", "1")), pdf_of("scale_10000"),
                           1 if quick else 3, warm=False))
    one_core.target = f"{one_core.pnpgen.seconds / scale[10000].pnpgen.seconds:.2f}× the build on every core"
    rebuild = rebuild_after_edit(KITS / "w2_cards", runs)
    share = rebuild.seconds / w2.pnpgen.seconds
    add("R", "W2 rebuilt after editing one card", rebuild, target=f"{share:.0%} of W2's full build (≤ 25%)",
        check=lambda r: share <= 0.25)
    watched = rebuild_in_watch(KITS / "w2_cards", runs)
    watch_share = watched.seconds / w2.pnpgen.seconds
    add("RW", "W2 rebuilt after editing one card, in `build --watch`", watched,
        target=f"≤ 0.15 s, {watch_share:.0%} of W2's full build (≤ 15%)",
        check=lambda r: r.pnpgen.seconds <= 0.15 and watch_share <= 0.15)
    add("H", "pnpgen --help", measure(lambda out: [PNPGEN, "--help"], None, runs), target="≤ 0.12 s",
        check=lambda r: r.pnpgen.seconds <= 0.12)
    add("V", "pnpgen --version", measure(lambda out: [PNPGEN, "--version"], None, runs))
    add("C", "check: 200 components, 50-page rulebook",
        measure(lambda out: [PNPGEN, "check", str(KITS / "c_rules")], None, runs), target="< 1 s",
        check=lambda r: r.pnpgen.seconds < 1)
    add("RT", "rules scan: 50-page rulebook, Markdown", measure(lambda out: [PNPGEN, "rules", "scan", str(KITS / "c_rules" / "rules.md")], None, runs),
        target="< 1 s", check=lambda r: r.pnpgen.seconds < 1)
    add("RP", "rules scan: the same rulebook as a 50-page two-column PDF",
        measure(lambda out: [PNPGEN, "rules", "scan", str(KITS / "c_rules" / "rules.pdf")], None, runs),
        target="< 1 s", check=lambda r: r.pnpgen.seconds < 1)
    del w1
    return rows


def table(rows: list[Row]) -> str:
    lines = ["| | workload | pnpgen (s) | floor (s) | ratio | peak MB | output KB | target | met |",
             "|---|---|---:|---:|---:|---:|---:|---|---|"]
    for row in rows:
        floor_s = f"{row.floor.seconds:.3f}" if row.floor else ""
        ratio = f"{row.ratio:.2f}×" if row.ratio else ""
        size = f"{row.pnpgen.output_kb:.0f}" if row.pnpgen.output_kb is not None else ""
        met = "" if row.ok is None else ("yes" if row.ok else "**no**")
        peak = f"{row.pnpgen.peak_mb:.0f}" if row.pnpgen.peak_mb else ""  # a watched rebuild has no process of its own
        lines.append(f"| {row.name} | {row.what} | {row.pnpgen.seconds:.3f} | {floor_s} | {ratio} | "
                     f"{peak} | {size} | {row.target} | {met} |")
    return "\n".join(lines)


def main() -> int:
    quick = "--quick" in sys.argv  # fewer runs, for trying the harness itself
    if not all((KITS / name / "kit.yaml").is_file() for name in ("w2_cards", "c_rules", *(f"scale_{n}" for n in SCALES))):
        make_kits()
    started = time.perf_counter()
    rows = workloads(quick)
    total = time.perf_counter() - started
    text = table(rows)
    print(text)
    print(f"\n{os.cpu_count()} cores, Python {sys.version.split()[0]}; medians of {RUNS} runs after a warm-up "
          f"(S10000: 3 runs, no warm-up); bench took {total:.0f} s")
    result = {"machine": {"cores": os.cpu_count(), "python": sys.version.split()[0]}, "seconds": round(total, 1),
              "rows": [{**asdict(row), "ratio": row.ratio} for row in rows], "table": text}
    (BENCH / "results.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    missed = [row.name for row in rows if row.ok is False]
    if missed:
        print(f"targets missed: {', '.join(missed)} (see the target column)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
