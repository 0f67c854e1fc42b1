"""`pnpgen build --watch`: build, then rebuild whenever a file of the kits changes, in one process.

What stays in the process between builds (write.faces.DrawingMemory) lets a rebuild replay the faces and reuse
the PDF segments that did not change; anything but the kit's manifests and decks changing (art, templates,
fonts) starts the next build afresh.
"""

from __future__ import annotations

import enum
import re
import time
from pathlib import Path
from typing import Callable, Sequence

from generator.paths import DATA_SUFFIXES, TEMPLATES_DIR
from generator.pipeline import BuildOptions, build_kits
from generator.progress import BuildEvents

WATCH_DEBOUNCE_MS = 1600  # the longest a burst of changes (an editor saving, a checkout) is gathered into one
WATCH_STEP_MS = 100  # the quiet that ends a burst
WATCH_IDLE_MS = 1000  # how often a quiet watch wakes up (to call on_idle, and to see a stop event)


def watch_kits(kit_dirs: Sequence[Path], options: BuildOptions, echo: Callable[[str], None], *,
               events: BuildEvents | None = None, error: Callable[[str], None] | None = None,
               rounds: int | None = None, stop_event=None, on_idle: Callable[[], None] | None = None,
               debounce_ms: int = WATCH_DEBOUNCE_MS, step_ms: int = WATCH_STEP_MS, idle_ms: int = WATCH_IDLE_MS,
               force_polling: bool | None = None) -> int:
    """Build, then rebuild whenever a file of the kits, of the kits they extend or of the built-in
    templates changes; return how many builds ran.

    The file system says what changed (watchfiles); a burst of changes is one rebuild. What pnpgen writes
    itself is no change: the output folder is ignored wherever it is, inside the kit too, and so are
    preview/ folders and editors' temporary files. Faces drawn by earlier builds are replayed instead of
    redrawn, so a rebuild after editing one card costs little more than writing the PDF. Bad input is
    reported on `error` (default `echo`) and the watch goes on.

    The watch ends at Ctrl-C, when `stop_event` (anything with `is_set()`) is set, or after `rounds`
    builds; `on_idle` is called whenever `idle_ms` pass with no change. Tests drive it with these.
    """
    from watchfiles import watch

    from generator.errors import PnpError
    from generator.write.faces import DrawingMemory

    memory = DrawingMemory()
    error = error or echo
    kit_ids = {Path(kit_dir).resolve().name for kit_dir in kit_dirs}  # what builds write into the output folder
    builds = 0

    def rebuild() -> None:
        nonlocal builds
        # `memory` is read when the rebuild runs: the loop below starts it afresh when art may have changed
        started = time.perf_counter()
        try:
            outcome = build_kits(kit_dirs, options, echo, memory, events)
            kit_ids.update(result.kit.spec.id for result in outcome.results)
            echo(f"built in {time.perf_counter() - started:.2f} s; watching for changes (Ctrl-C to stop)")
        except (PnpError, OSError) as problem:  # a mistake in the kit, a file the system refused: say so, go on
            if isinstance(problem, OSError) and problem.filename:
                problem = f"{problem.filename}: {problem.strerror}"
            error(f"error: {problem}")
        builds += 1

    def done() -> bool:
        return (rounds is not None and builds >= rounds) or (stop_event is not None and stop_event.is_set())

    roots = _watched(kit_dirs)
    relevant = WatchFilter(roots, options.out, kit_ids)
    before = _snapshot(roots, relevant)
    rebuild()
    while not done():
        first = True
        for changes in watch(*roots, watch_filter=relevant, debounce=debounce_ms, step=step_ms,
                             stop_event=stop_event, rust_timeout=idle_ms, yield_on_timeout=True,
                             force_polling=force_polling):
            # the watcher's first word: catch what changed between the snapshot and the watcher's start
            missed = first and not changes and _snapshot(roots, relevant) != before
            first = False
            changes = _lasting(changes)
            if not changes and not missed:
                if on_idle is not None:
                    on_idle()
                continue
            echo(f"changed: {_changed(changes, roots) if changes else 'a file, while the watch started'}")
            if not changes or not all(Path(path).suffix.lower() in DATA_SUFFIXES for _, path in changes):
                memory = DrawingMemory()  # art, a template or a font: what was drawn may show the old one
            now_watched = _watched(kit_dirs)  # a kit may have started or stopped extending another
            if now_watched != roots:
                roots, relevant = now_watched, WatchFilter(now_watched, options.out, kit_ids)
                before = _snapshot(roots, relevant)
                rebuild()
                break  # watch the new folders
            rebuild()
            if done():
                return builds
        else:
            return builds  # the stop event was set
    return builds


def _watched(kit_dirs: Sequence[Path]) -> list[Path]:
    """The kits' folders, the folders of the kits they extend, and the built-in templates: the ones there are."""
    from generator.manifest.extends import extended_folders

    folders = {Path(k).resolve() for k in kit_dirs}
    for kit_dir in kit_dirs:
        folders.update(extended_folders(Path(kit_dir)))
    return [folder for folder in sorted(folders) if folder.is_dir()] + [TEMPLATES_DIR]


class Change(enum.IntEnum):
    """watchfiles.Change's values, without importing watchfiles where the filter is not used to watch."""

    added = 1
    modified = 2
    deleted = 3


class WatchFilter:
    """Which changed files call for a rebuild (a watchfiles filter: `(change, path) -> bool`).

    Not what pnpgen writes: the whole output folder when it lies below or beside the kits
    (`cd mykit && pnpgen build . --watch`), or, when it is a kit folder or holds one (`--out .`), what
    builds put there (each kit's folder and the hidden `.cache` and staging folders). Nor a `preview/`
    folder, version-control or cache folders, or editors' swap, backup and lock files.
    """

    EDITOR_FILES = re.compile(r"(\.sw[a-z]|~|\.tmp|\.bak)$|^\.#|^#.*#$|^4913$|^\.DS_Store$")
    SKIPPED_FOLDERS = frozenset({"preview", ".git", ".hg", ".svn", "__pycache__", ".idea", ".vscode"})

    def __init__(self, roots: Sequence[Path], out: Path, kit_ids: set[str]):
        self.roots = [Path(root).resolve() for root in roots]
        self.out = Path(out).resolve()
        self.kit_ids = kit_ids  # kept up to date by the watch
        self.whole_out = not any(root.is_relative_to(self.out) for root in self.roots)

    def __call__(self, change, path: str) -> bool:
        path = Path(path)
        if self.EDITOR_FILES.search(path.name) or self._written(path):
            return False
        if change == Change.modified and path.is_dir():
            return False  # a folder's entries changed (a polling watcher says so): they are reported themselves
        for root in self.roots:
            if path.is_relative_to(root) and self.SKIPPED_FOLDERS.intersection(path.relative_to(root).parts):
                return False
        return True

    def _written(self, path: Path) -> bool:
        if not path.is_relative_to(self.out):
            return False
        if self.whole_out:
            return True
        parts = path.relative_to(self.out).parts
        if not parts or any(root.is_relative_to(self.out / parts[0]) for root in self.roots):
            return False  # a kit's own folder, even one named like a kit's build
        return parts[0].startswith(".") or parts[0] in self.kit_ids


def _snapshot(roots: Sequence[Path], relevant: Callable[[object, str], bool]) -> dict[Path, int]:
    """Modification times of the files below `roots` that a rebuild depends on."""
    files = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if relevant(None, str(path)) and path.is_file():
                files[path] = path.stat().st_mtime_ns
    return files


def _lasting(changes: set) -> set:
    """The changes less the files that came and went within them (`sed -i`'s and editors' temporary files)."""
    from watchfiles import Change

    kinds: dict[str, set] = {}
    for change, path in changes:
        kinds.setdefault(path, set()).add(change)
    return {(change, path) for change, path in changes
            if not ({Change.added, Change.deleted} <= kinds[path] and not Path(path).exists())}


def _changed(changes: set, roots: Sequence[Path], most: int = 5) -> str:
    """'cards.csv, art/coin.svg': the changed files, as written from their watched folder."""
    names = []
    for _, path in changes:
        path = Path(path)
        root = max((r for r in roots if path.is_relative_to(r)), key=lambda r: len(r.parts), default=None)
        names.append(str(path.relative_to(root)) if root is not None else str(path))
    names = sorted(set(names))
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")
