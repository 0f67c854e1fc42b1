"""The order of the stages, in one place: manifest → model → render → impose → write (+ check, reference).

`build(kit_dir, options)` is what `pnpgen build` runs; every stage is a function of the one before.
Nothing is written until every stage has succeeded, so a bad manifest leaves output/ untouched.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from generator.buildreport import build_report
from generator.errors import PnpError, UsageError
from generator.blanks import with_filled_blanks
from generator.impose import Imposition, SheetOptions, impose_sheets
from generator.manifest import load_manifest
from generator.manifest.problems import kit_warnings
from generator.manifest.spec import KitSpec
from generator.model import Kit, build_kit
from generator.papers import load_paper
from generator.paths import TEMPLATES_DIR, shown
from generator.progress import BuildEvents, Lines
from generator.render import render_faces
from generator.render.limits import MEMORY_HEADROOM, build_limits

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
    jobs: int | None = None  # processes drawing a large kit's pages (write/segments.py); None: as many as pay


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
    kit = with_filled_blanks(build_kit(spec, players))  # the values a group wrote in blanks.csv, typeset
    events.detail(spec, f"{_count(len(kit.pieces), 'piece')} of {_count(len(spec.components), 'component')} "
                        f"for {_count(players, 'player')}")
    events.stage(spec, f"laying them out on {paper.name} sheets")
    sheet_options = SheetOptions(paper, spec.defaults.gutter, options.duplex, options.back_offset,
                                 layout=options.layout, cutter=options.cutter)
    if memory is not None:  # a watch: the last build's pages, when only what the faces show has changed
        from generator.relayout import impose_again

        imposition = impose_again(kit.pieces, sheet_options, impose_sheets, memory.layouts.setdefault(spec.id, {}))
    else:  # a new process: the imposition an earlier build made of pieces of these shapes, if one is kept
        from generator.layoutstore import impose_kept

        imposition = impose_kept(kit.pieces, sheet_options, impose_sheets)
    events.detail(spec, f"{_count(len(imposition.pages), 'page')} on {_count(imposition.sheets, 'sheet')} of "
                        f"{paper.name}, {imposition.utilisation:.0%} of the printable area used")
    faces = render_faces(kit, cache_folder=options.out / CACHE_FOLDER / spec.id,
                         kept=memory.faces if memory is not None else None)
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
    from generator.write import publish, write_previews

    spec = kit.spec

    def on_page(done: int, total: int) -> None:
        events.pages(spec, done, total)

    try:
        roots = (*spec.roots, TEMPLATES_DIR)
        pdf = staging / f"{spec.id}.pdf"
        events.stage(spec, f"drawing {len(faces)} faces and writing the PDF")
        cover_pages = 0
        if imposition.pages:
            cover_pages = _write_document(kit, faces, imposition, options, memory, roots, pdf, on_page)
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
            written = write_reference(spec, staging, format="sheets", paper=options.paper, duplex=options.duplex,
                                      back_offset=options.back_offset)
            events.detail(spec, f"{shown(target / Path(written).name)} written")
        report = staging / "build.json"
        report.write_text(json.dumps(build_report(kit, imposition, options, cover_pages), indent=2) + "\n",
                          encoding="utf-8")
        publish.step("written")
        publish.publish(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(kit, target / pdf.name if imposition.pages else None, target / "build.json",
                       len(imposition.pages), tuple(target / p.relative_to(staging) for p in previews),
                       imposition.sheets)


def _write_document(kit: Kit, faces, imposition: Imposition, options: BuildOptions, memory, roots, pdf: Path,
                    on_page) -> int:
    """The kit's PDF, its cover first (unless told not to): one cairo document, or for a large kit segments
    drawn by `options.jobs` processes and joined (write/segments.py). Returns the cover's page count."""
    from generator.blanks import find_blanks
    from generator.write import write_pdf
    from generator.write.cover import make_cover
    from generator.write.segments import segment_ranges, write_segmented

    spec = kit.spec

    def cover_for(faces_read) -> object:
        unfilled = [b for b in find_blanks(kit, faces_read, imposition) if not b.value]
        return make_cover(kit, imposition, options.duplex, unfilled)

    if segment_ranges(len(imposition.pages)) is not None:
        from generator.write.segmentstore import kept_segments

        kept = kept_segments(spec, options.out) if memory is None else None  # a watch keeps its own
        return write_segmented(imposition, faces, pdf, spec.name, roots, options.duplex, memory, spec.defaults.font,
                               on_page, cover_for if options.cover else None, options.jobs,
                               render=lambda: render_faces(kit), kept=kept)
    cover = cover_for(faces) if options.cover else None
    write_pdf(imposition, faces, pdf, spec.name, roots, options.duplex, memory, spec.defaults.font,
              on_page=on_page, cover=cover)
    return len(cover.pages) if cover is not None else 0


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _check_target(target: Path, spec: KitSpec) -> None:
    """Refuse to replace anything but an earlier build: --out next to the kit must never delete the kit."""
    real = target.resolve()
    if real == spec.root or real in spec.root.parents:
        raise UsageError(f"--out would put the build in {target}, over the kit itself; choose another --out")
    if target.exists() and not (target / "build.json").is_file():
        raise UsageError(f"{target} exists and is not a pnpgen build (no build.json); move it or choose another --out")


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
