"""What a build says while it runs: one line per kit, a live progress display on a terminal, or nothing.

The pipeline calls a `BuildEvents` as each stage begins and ends; the command line picks which one:
`Lines` when stderr is not a terminal (a pipe, a log file, a test's CliRunner), `LiveProgress` when it
is (rich, shown only once a build has run for about a second), the silent base class for `--quiet`.
With `verbose`, each stage says what it does and what it did. rich is imported only by `LiveProgress`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

from generator.paths import shown

if TYPE_CHECKING:
    from generator.manifest.spec import KitSpec


class FinishedBuild(Protocol):
    """What is said of a finished build (pipeline.BuildResult; named here, not imported: the pipeline imports
    this module)."""

    kit: Any  # the Kit built: its spec's root names the kit
    pdf: Path | None
    sheets: int


Echo = Callable[[str], None]


class BuildEvents:
    """The hooks a build calls, in order; this base class says nothing (`--quiet`: only errors)."""

    def build_started(self, kits: int) -> None:
        """A build of `kits` kits begins (their manifests are read)."""

    def kit_started(self, spec: KitSpec, stages: int) -> None:
        """Building one kit begins; `stages` stage() calls follow, the rule check the last."""

    def stage(self, spec: KitSpec, what: str) -> None:
        """A stage begins: `what` it does, e.g. 'writing the PDF'."""

    def pages(self, spec: KitSpec, done: int, total: int) -> None:
        """A page of the stage under way (the PDF, the previews) has been drawn."""

    def detail(self, spec: KitSpec, text: str) -> None:
        """What the stage under way did (shown with --verbose)."""

    def warning(self, spec: KitSpec, text: str) -> None:
        """Something the user should know that does not stop the build (art features pnpgen ignores, a wait
        for another build): said on stderr, except with --quiet."""

    def kit_built(self, result: FinishedBuild, seconds: float) -> None:
        """The kit's files are in place, `seconds` after its manifest was first read."""

    def checked(self, spec: KitSpec, summary: str) -> None:
        """The kit's rule check is done (its summary line); the kit is finished."""

    def build_finished(self) -> None:
        """Every kit is done, or the build stopped at an error: nothing more will be said."""


def built_line(result: FinishedBuild, seconds: float) -> str:
    """'built components/shires: 29 sheets in 2.1 s -> output/shires/shires.pdf'."""
    where = shown(result.kit.spec.root)
    where = result.kit.spec.root.name if where == "." else where
    if result.pdf is None:
        return f"built {where}: nothing to print ({seconds:.1f} s)"
    sheets = result.sheets
    return f"built {where}: {sheets} sheet{'' if sheets == 1 else 's'} in {seconds:.1f} s -> {result.pdf}"


class Lines(BuildEvents):
    """Plain lines: one per kit built and one per rule check on `echo` (stdout); with `verbose`, a line
    per stage on `note` (stderr) as it begins and one saying what it did."""

    def __init__(self, echo: Echo, verbose: bool = False, note: Echo | None = None):
        self.echo, self.verbose, self.note = echo, verbose, note or echo
        self.since = time.perf_counter()

    def stage(self, spec: KitSpec, what: str) -> None:
        self.since = time.perf_counter()
        if self.verbose:
            self._say(f"{spec.id}: {what}", stdout=False)

    def build_started(self, kits: int) -> None:
        self.since = time.perf_counter()

    def detail(self, spec: KitSpec, text: str) -> None:
        now = time.perf_counter()
        if self.verbose:
            self._say(f"{spec.id}:   {text} ({now - self.since:.2f} s)", stdout=False)
        self.since = now

    def warning(self, spec: KitSpec, text: str) -> None:
        self._say(f"warning: {text}", stdout=False)

    def kit_built(self, result: FinishedBuild, seconds: float) -> None:
        self._say(built_line(result, seconds), stdout=True)

    def checked(self, spec: KitSpec, summary: str) -> None:
        self._say(f"{spec.id}: {summary}", stdout=True)

    def _say(self, text: str, stdout: bool) -> None:
        (self.echo if stdout else self.note)(text)


def stderr_is_terminal() -> bool:
    """Whether a live display may be drawn on stderr: a real terminal that understands cursor movement."""
    try:
        tty = sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by something that is no file, or closed
        return False
    return tty and os.environ.get("TERM", "") != "dumb"


class LiveProgress(Lines):
    """A rich progress display on stderr, one row per kit (its stage, or the page being drawn), shown
    once a build has run for `delay` seconds: a quick build only prints its lines. The lines go
    above the display; the display is gone when the build ends."""

    def __init__(self, echo: Echo, verbose: bool = False, note: Echo | None = None, delay: float | None = 1.0,
                 console=None):
        super().__init__(echo, verbose, note)
        self.delay, self.console = delay, console  # delay None: show at once; console: rich's, on stderr
        self.progress = None
        self.timer: threading.Timer | None = None
        self.shown = False
        self.tasks: dict[str, _Row] = {}
        self.lock = threading.Lock()

    def build_started(self, kits: int) -> None:
        super().build_started(kits)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=self.console or Console(stderr=True), transient=True,
                                 redirect_stdout=False, redirect_stderr=True)
        self.shown = False
        if self.delay is None:
            self._show()
            return
        self.timer = threading.Timer(self.delay, self._show)
        self.timer.daemon = True
        self.timer.start()

    def _say(self, text: str, stdout: bool) -> None:
        # while the display is up, a line for the terminal is printed above it (click's echo would write
        # through it); stdout that is not the terminal keeps its lines
        with self.lock:
            if self.shown and (not stdout or _stdout_is_terminal()):
                self.progress.console.print(text, markup=False, highlight=False, soft_wrap=True)
                return
        super()._say(text, stdout)

    def _show(self) -> None:
        with self.lock:
            if self.progress is not None and not self.shown:
                self.progress.start()
                self.shown = True

    def kit_started(self, spec: KitSpec, stages: int) -> None:
        if self.progress is not None:
            self.tasks[spec.id] = _Row(self.progress.add_task(spec.id, total=stages), stages)

    def stage(self, spec: KitSpec, what: str) -> None:
        super().stage(spec, what)
        row = self.tasks.get(spec.id)
        if row is not None:
            self.progress.update(row.task, description=f"{spec.id}: {what}", advance=1 if row.what else 0)
            row.what = what

    def pages(self, spec: KitSpec, done: int, total: int) -> None:
        row = self.tasks.get(spec.id)
        if row is not None:
            self.progress.update(row.task, description=f"{spec.id}: {row.what} (page {done} of {total})")

    def checked(self, spec: KitSpec, summary: str) -> None:
        super().checked(spec, summary)
        row = self.tasks.pop(spec.id, None)
        if row is not None:
            self.progress.update(row.task, description=f"{spec.id}: done", completed=row.stages)

    def build_finished(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        with self.lock:
            if self.progress is not None and self.shown:
                self.progress.stop()
            self.progress, self.shown, self.tasks = None, False, {}


class _Row:
    """One kit's row of the display: its rich task, how many stages it has, the stage under way."""

    def __init__(self, task, stages: int):
        self.task, self.stages, self.what = task, stages, ""


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def events_for(echo: Echo, note: Echo, quiet: bool = False, verbose: bool = False) -> BuildEvents:
    """What the command line shows: nothing but errors (`quiet`), a live display on a terminal, else lines."""
    if quiet:
        return BuildEvents()
    if stderr_is_terminal():
        return LiveProgress(echo, verbose, note)
    return Lines(echo, verbose, note)
