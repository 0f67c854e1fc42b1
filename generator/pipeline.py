"""The order of the stages, in one place: manifest → model → render → impose → write (+ check, reference).

`build(kit_dir, options)` is what `pnpgen build` runs; every stage is a function of the one before.
Nothing is written until every stage has succeeded, so a bad manifest leaves output/ untouched.
"""

from __future__ import annotations

import enum
import json
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from generator.errors import PnpError, UsageError
from generator.impose import Imposition, SheetOptions, impose_sheets
from generator.manifest import load_manifest
from generator.manifest.spec import KitSpec
from generator.model import Kit, build_kit, printed_count
from generator.papers import load_paper
from generator.paths import TEMPLATES_DIR, shown
from generator.progress import BuildEvents, Lines
from generator.render import render_faces
from generator.render.limits import MEMORY_HEADROOM, build_limits
from generator.units import to_mm

CACHE_FOLDER = ".cache"  # in the output folder: faces rendered by earlier builds, reused when unchanged


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked for on the command line; None means 'the kit's default'."""

    out: Path = Path("output")
    paper: str | None = None
    orientation: str | None = None
    players: int | None = None
    duplex: str = "long-edge"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points
    previews: bool = False
    preview_dpi: int = 100
    reference: bool = True
    strict: bool = False  # the rule check treats unlinked count statements as errors
    layout: str = "home"  # home | gutter-fold | print-and-cut (impose.LAYOUTS)
    cutter: str = "silhouette"  # print-and-cut: whose registration marks (impose.CUTTERS)
    # lead the PDF with a cover page (contents, print settings, what to buy, blanks): `pnpgen build` does unless
    # told --no-cover; code that builds for its own use (tests, exports) asks for it
    cover: bool = False
    dice: str | None = None  # net | stickers: how every die is made (kinds/dice.py); None: as each kit says


@dataclass(frozen=True)
class BuildResult:
    """What one build wrote: the PDF (None when the kit prints nothing), build.json and any previews."""

    kit: Kit
    pdf: Path | None
    report: Path
    pages: int
    previews: tuple[Path, ...] = field(default=())
    sheets: int = 0  # sheets of paper the pages take (a front and its back are one)


def resolve_players(spec: KitSpec, players: int | None) -> int:
    """The player count to print for: the kit's maximum unless the user chose one in range."""
    if players is None:
        return spec.players_max
    if not spec.players_min <= players <= spec.players_max:
        raise UsageError(f"{spec.name} is for {spec.players_min}-{spec.players_max} players; --players {players} is outside that")
    return players


def build(kit_dir: Path, options: BuildOptions, memory=None, events: BuildEvents | None = None) -> BuildResult:
    """Build one kit into options.out/<kit id>/: the PDF, build.json and optional PNG previews.

    `memory` (a write.faces.DrawingMemory) carries drawn faces from one build to the next in a process;
    `events` hears each stage begin and end (progress display, --verbose).
    """
    return build_spec(load_manifest(kit_dir), options, memory, events)


def kit_warnings(spec: KitSpec, strict: bool) -> list[str]:
    """What the kit holds that pnpgen ignores (art scripts, foreign objects, external styles), one located line
    each; with `strict` they are errors (ManifestError), as `build`, `check` and `reference` all say."""
    if strict and spec.warnings:
        from generator.errors import ManifestError, Problem

        raise ManifestError([Problem(w.path, w.line, w.column, w.key, f"{w.message} (an error with --strict)")
                             for w in spec.warnings])
    return [str(warning) for warning in spec.warnings]


def build_stages(spec: KitSpec, options: BuildOptions) -> int:
    """How many stages a build of `spec` goes through, its rule check included (for a progress display)."""
    return 4 + options.previews + bool(options.reference and spec.reference)


def build_spec(spec: KitSpec, options: BuildOptions, memory=None, events: BuildEvents | None = None) -> BuildResult:
    """`build` for a kit whose manifest is already loaded."""
    events = events or BuildEvents()
    players = resolve_players(spec, options.players)
    paper = load_paper(options.paper or spec.defaults.paper, options.orientation or spec.defaults.orientation,
                       spec.defaults.margin)
    events.stage(spec, "making the pieces")
    if options.dice is not None:
        from generator.kinds.dice import with_dice_mode

        spec = with_dice_mode(spec, options.dice)
    kit = build_kit(spec, players)
    events.detail(spec, f"{_count(len(kit.pieces), 'piece')} of {_count(len(spec.components), 'component')} "
                        f"for {_count(players, 'player')}")
    events.stage(spec, f"laying them out on {paper.name} sheets")
    sheet_options = SheetOptions(paper, spec.defaults.gutter, options.duplex, options.back_offset,
                                 layout=options.layout, cutter=options.cutter)
    imposition = impose_sheets(kit.pieces, sheet_options)
    events.detail(spec, f"{_count(len(imposition.pages), 'page')} on {_count(imposition.sheets, 'sheet')} of "
                        f"{paper.name}, {imposition.utilisation:.0%} of the printable area used")
    faces = render_faces(kit, cache_folder=options.out / CACHE_FOLDER / spec.id)
    try:
        with build_limits(spec.defaults.template_time):  # per-face time limit, memory ceiling: render/limits.py
            result = _write(kit, faces, imposition, options, memory, events)
    except MemoryError:
        faces.discard()
        raise PnpError(f"{shown(spec.manifest)}: the build ran out of memory (more than "
                       f"{MEMORY_HEADROOM // 2**20} MB beyond what pnpgen needs to start); nothing was written") from None
    except BaseException:
        faces.discard()
        raise
    faces.close()
    return result


def _write(kit: Kit, faces, imposition: Imposition, options: BuildOptions, memory=None,
           events: BuildEvents | None = None) -> BuildResult:
    """Write into a staging folder, then swap it into place: output/<kit>/ always holds a complete build."""
    from generator.write import publish

    spec = kit.spec
    events = events or BuildEvents()
    target = options.out / spec.id
    _check_target(target, spec)
    options.out.mkdir(parents=True, exist_ok=True)
    # builds of this kit into this folder take turns; the new build replaces the old in one step (write/publish.py)
    with publish.kit_lock(options.out, spec.id, waiting=lambda text: events.warning(spec, text)):
        _check_target(target, spec)  # again: it may have changed while this build waited
        publish.remove_leftovers(options.out, spec.id)
        staging = publish.staging_folder(options.out, spec.id)
        return _write_staged(kit, faces, imposition, options, memory, events, staging, target)


def _write_staged(kit: Kit, faces, imposition: Imposition, options: BuildOptions, memory, events: BuildEvents,
                  staging: Path, target: Path) -> BuildResult:
    from generator.write import publish, write_pdf, write_previews

    spec = kit.spec

    def on_page(done: int, total: int) -> None:
        events.pages(spec, done, total)

    try:
        roots = (*spec.roots, TEMPLATES_DIR)
        pdf = staging / f"{spec.id}.pdf"
        events.stage(spec, f"drawing {len(faces)} faces and writing the PDF")
        cover = None
        if imposition.pages and options.cover:
            from generator.blanks import find_blanks
            from generator.write.cover import make_cover

            cover = make_cover(kit, imposition, options.duplex, find_blanks(kit, faces, imposition))
        if imposition.pages:
            write_pdf(imposition, faces, pdf, spec.name, roots, options.duplex, memory, spec.defaults.font,
                      on_page=on_page, cover=cover)
            events.detail(spec, f"{_count(len(imposition.pages), 'page')} written ({pdf.stat().st_size // 1024} KB)")
        else:
            events.detail(spec, "nothing to print: no PDF")
        previews = ()
        if options.previews:
            events.stage(spec, f"drawing the previews at {options.preview_dpi} dpi")
            if imposition.pages:
                previews = tuple(write_previews(imposition, faces, staging / "preview", spec.name, roots,
                                                options.preview_dpi, options.duplex, spec.defaults.font,
                                                on_page=on_page))
            events.detail(spec, f"{len(previews)} PNGs in {shown(target / 'preview')}")
        if options.reference and spec.reference:
            from generator.reference import write_reference

            events.stage(spec, "typesetting the reference sheets")
            written = write_reference(spec, staging, format="sheets", paper=options.paper)
            events.detail(spec, f"{shown(target / Path(written).name)} written")
        report = staging / "build.json"
        report.write_text(json.dumps(build_report(kit, imposition, options, len(cover.pages) if cover else 0),
                                     indent=2) + "\n", encoding="utf-8")
        publish.step("written")
        publish.publish(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(kit, target / pdf.name if imposition.pages else None, target / "build.json",
                       len(imposition.pages), tuple(target / p.relative_to(staging) for p in previews),
                       imposition.sheets)


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _check_target(target: Path, spec: KitSpec) -> None:
    """Refuse to replace anything but an earlier build: --out next to the kit must never delete the kit."""
    real = target.resolve()
    if real == spec.root or real in spec.root.parents:
        raise UsageError(f"--out would put the build in {target}, over the kit itself; choose another --out")
    if target.exists() and not (target / "build.json").is_file():
        raise UsageError(f"{target} exists and is not a pnpgen build (no build.json); move it or choose another --out")


def build_report(kit: Kit, imposition: Imposition, options: BuildOptions, cover_pages: int = 0) -> dict:
    """build.json: what was printed, at which size, on how many pages. Page numbers are the PDF's: a cover's
    `cover_pages` lead it (they are printed double-sided, and are no sheet of `sheets`)."""
    spec = kit.spec
    pages = imposition.pages
    components = []
    for component in spec.components:
        pieces = [p for p in kit.pieces if p.component_id == component.id]
        size = (pieces[0].width, pieces[0].height) if pieces else (component.width, component.height)
        entry = {
            "id": component.id, "name": component.name, "kind": component.kind,
            # components, not pieces: a die printed as six stickers is one die
            "count": sum(p.unit for p in pieces) if component.printed else printed_count(component, kit.players),
            "size_mm": [round(to_mm(size[0]), 2), round(to_mm(size[1]), 2)],
            "sides": component.sides, "print": component.printed,
        }
        if not component.printed and component.buy:
            entry["buy"] = component.buy
        if component.content == "missing":
            entry["content"] = "missing"
        if component.kind == "hexmap":
            from generator.kinds.hexmap import cell_count

            entry["cells"] = cell_count(component)
        components.append(entry)
    duplex_sheets = {p.sheet for p in pages if p.kind == "back"}  # a two-sided tile or assembly sheet too
    return {
        "kit": spec.id, "name": spec.name, "players": kit.players, "paper": options.paper or spec.defaults.paper,
        "duplex": options.duplex, "layout": options.layout,
        **({"cutter": options.cutter} if options.layout == "print-and-cut" else {}),
        "pages": len(pages) + cover_pages, "sheets": imposition.sheets, "cover_pages": cover_pages,
        "duplex_pages": list(range(1, cover_pages + 1))
                        + [i + 1 + cover_pages for i, p in enumerate(pages) if p.sheet in duplex_sheets],
        "utilisation": round(imposition.utilisation, 4), "sheet_utilisation": sheet_utilisation(imposition, load_paper(
            options.paper or spec.defaults.paper, options.orientation or spec.defaults.orientation, spec.defaults.margin)),
        "components": components,
    }


def sheet_utilisation(imposition: Imposition, paper) -> list[dict]:
    """Each sheet's share of the printable area (`paper.area()`) its pieces' trim covers, for fronts and
    one-sided pages; a tile or assembly sheet reports only its kind."""
    x0, y0, x1, y1 = paper.area()
    area = (x1 - x0) * (y1 - y0)
    sheets: dict[int, dict] = {}
    for page in imposition.pages:
        if page.kind == "back":
            continue
        entry = sheets.setdefault(page.sheet, {"sheet": page.sheet, "kind": page.kind})
        if page.kind in ("front", "single", "fold"):
            used = sum(pl.piece.width * pl.piece.height for pl in page.placements if pl.side == "front")
            entry["utilisation"] = round(used / area, 4)
    return list(sheets.values())


@dataclass(frozen=True)
class ExportResult:
    """What one export wrote: its folder and the files in it (export.json lists them)."""

    kit: Kit
    folder: Path
    files: tuple[Path, ...]


def export(kit_dir: Path, options) -> ExportResult:
    """`pnpgen export`: the build's stages up to the faces (imposing too, for cut files), then the target's
    writer (generator/export/), into OUT/<kit>-<target>/. Faces come from the build's cache when unchanged."""
    from generator.export import folder_name
    from generator.export.common import export_folder, select, write_report

    spec = load_manifest(kit_dir)
    players = resolve_players(spec, options.players)
    kit = select(build_kit(spec, players), options.only)
    if not kit.pieces:
        raise UsageError(f"{spec.name}: nothing to export (no printed pieces)")
    faces = render_faces(kit, cache_folder=options.out / CACHE_FOLDER / spec.id)
    name = folder_name(spec.id, options)
    real = (options.out / name).resolve()
    if real == spec.root or real in spec.root.parents:
        raise UsageError("--out would put the export over the kit itself; choose another --out")
    try:
        with build_limits(spec.defaults.template_time), export_folder(options.out, name) as (staging, target):
            report = {"kit": spec.id, "name": spec.name, "players": players, "target": options.target,
                      **_export_target(kit, faces, staging, target, options)}
            report["files"] = sorted(str(p.relative_to(staging)) for p in staging.rglob("*") if p.is_file())
            write_report(staging, report)
    except BaseException:
        faces.discard()
        raise
    faces.close()
    return ExportResult(kit, target, tuple(target / f for f in report["files"]))


def _export_target(kit: Kit, faces, staging: Path, target: Path, options) -> dict:
    """Run the export target's writer; its report (what it wrote, beyond the file list)."""
    if options.target == "cut":
        from generator.export.cut import export_cut

        spec = kit.spec
        paper = load_paper(options.paper or spec.defaults.paper, options.orientation or spec.defaults.orientation,
                           spec.defaults.margin)
        imposition = impose_sheets(kit.pieces, SheetOptions(paper, spec.defaults.gutter, layout="print-and-cut",
                                                            cutter=options.cutter))
        return export_cut(kit, faces, imposition, staging, options)
    if options.target == "pod":
        from generator.export.pod import export_pod

        return export_pod(kit, faces, staging, options)
    if options.target == "tts":
        from generator.export.tts import export_tts

        return export_tts(kit, faces, staging, target, options)
    from generator.export.images import export_images

    return export_images(kit, faces, staging, options)


@dataclass(frozen=True)
class BuildOutcome:
    """Every kit's build, and whether all their rule checks passed."""

    results: tuple[BuildResult, ...]
    consistent: bool  # every kit's rule check passed (or had nothing to check)


def build_kits(kit_dirs: Sequence[Path], options: BuildOptions, echo: Callable[[str], None] | None = None,
               memory=None, events: BuildEvents | None = None) -> BuildOutcome:
    """Build each kit, run its rule check and report both; stops at the first kit with bad input.

    What is said goes to `events` (a progress display, --verbose lines, nothing) or, without it, as one line
    per kit and one per rule check to `echo`.
    """
    events = events or Lines(echo or (lambda text: None))
    events.build_started(len(kit_dirs))
    try:
        return _build_kits(kit_dirs, options, memory, events)
    finally:
        events.build_finished()


def _build_kits(kit_dirs: Sequence[Path], options: BuildOptions, memory, events: BuildEvents) -> BuildOutcome:
    # every manifest is read and checked first: a typo in the last kit must not leave the first ones written
    specs, read = [], []
    for kit_dir in kit_dirs:
        started = time.perf_counter()
        spec = load_manifest(kit_dir)
        read.append(time.perf_counter() - started)
        events.detail(spec, f"read {shown(spec.manifest)}: {_count(len(spec.components), 'component')}")
        specs.append(spec)
    for spec in specs:
        resolve_players(spec, options.players)
        for text in kit_warnings(spec, options.strict):
            events.warning(spec, text)
    results = []
    consistent = True
    for spec, reading in zip(specs, read):
        started = time.perf_counter() - reading
        events.kit_started(spec, build_stages(spec, options))
        result = build_spec(spec, options, memory, events)
        results.append(result)
        events.kit_built(result, time.perf_counter() - started)
        events.stage(spec, "checking the counts against the rules")
        if spec.rulebook is None and not spec.waivers and not any(c.rules for c in spec.components):
            # the checker (and its ~50 ms of imports) would find nothing: a small kit's build is ~0.6 s
            events.checked(spec, "rule check: nothing to check (no rule links and no rulebook)")
            continue
        from generator.check import check_kit

        report = check_kit(spec, players=options.players, strict=options.strict)
        events.checked(spec, report.summary(kit=False))
        consistent = consistent and report.passes(options.strict)
    return BuildOutcome(tuple(results), consistent)


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
