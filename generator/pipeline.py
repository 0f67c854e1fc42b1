"""The order of the stages, in one place: manifest → model → render → impose → write (+ check, reference).

`build(kit_dir, options)` is what `pnpgen build` runs; every stage is a function of the one before.
Nothing is written until every stage has succeeded, so a bad manifest leaves output/ untouched.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from generator.errors import UsageError
from generator.impose import Imposition, SheetOptions, impose_sheets
from generator.manifest import load_manifest
from generator.manifest.spec import KitSpec
from generator.model import Kit, build_kit, printed_count
from generator.papers import load_paper
from generator.paths import TEMPLATES_DIR, make_public
from generator.render import render_faces
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


@dataclass(frozen=True)
class BuildResult:
    """What one build wrote: the PDF (None when the kit prints nothing), build.json and any previews."""

    kit: Kit
    pdf: Path | None
    report: Path
    pages: int
    previews: tuple[Path, ...] = field(default=())


def resolve_players(spec: KitSpec, players: int | None) -> int:
    """The player count to print for: the kit's maximum unless the user chose one in range."""
    if players is None:
        return spec.players_max
    if not spec.players_min <= players <= spec.players_max:
        raise UsageError(f"{spec.name} is for {spec.players_min}-{spec.players_max} players; --players {players} is outside that")
    return players


def build(kit_dir: Path, options: BuildOptions, memory=None) -> BuildResult:
    """Build one kit into options.out/<kit id>/: the PDF, build.json and optional PNG previews.

    `memory` (a write.faces.DrawingMemory) carries drawn faces from one build to the next in a process.
    """
    return build_spec(load_manifest(kit_dir), options, memory)


def build_spec(spec: KitSpec, options: BuildOptions, memory=None) -> BuildResult:
    """`build` for a kit whose manifest is already loaded."""
    players = resolve_players(spec, options.players)
    paper = load_paper(options.paper or spec.defaults.paper, options.orientation or spec.defaults.orientation,
                       spec.defaults.margin)
    kit = build_kit(spec, players)
    sheet_options = SheetOptions(paper, spec.defaults.gutter, options.duplex, options.back_offset)
    imposition = impose_sheets(kit.pieces, sheet_options)
    faces = render_faces(kit, cache_folder=options.out / CACHE_FOLDER / spec.id)
    try:
        result = _write(kit, faces, imposition, options, memory)
    except BaseException:
        faces.discard()
        raise
    faces.close()
    return result


def _write(kit: Kit, faces, imposition: Imposition, options: BuildOptions, memory=None) -> BuildResult:
    """Write into a temporary folder, then move it into place: output/ never holds a half-built kit."""
    from generator.write import write_pdf, write_previews

    spec = kit.spec
    target = options.out / spec.id
    _check_target(target, spec)
    options.out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{spec.id}-", dir=options.out))
    make_public(staging)
    try:
        roots = (*spec.roots, TEMPLATES_DIR)
        pdf = staging / f"{spec.id}.pdf"
        if imposition.pages:
            write_pdf(imposition, faces, pdf, spec.name, roots, options.duplex, memory, spec.defaults.font)
        previews = ()
        if options.previews and imposition.pages:
            previews = tuple(write_previews(imposition, faces, staging / "preview", spec.name, roots,
                                            options.preview_dpi, options.duplex, spec.defaults.font))
        if options.reference and spec.reference:
            from generator.reference import write_reference

            write_reference(spec, staging, format="sheets", paper=options.paper)
        report = staging / "build.json"
        report.write_text(json.dumps(build_report(kit, imposition, options), indent=2) + "\n", encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(kit, target / pdf.name if imposition.pages else None, target / "build.json",
                       len(imposition.pages), tuple(target / p.relative_to(staging) for p in previews))


def _check_target(target: Path, spec: KitSpec) -> None:
    """Refuse to replace anything but an earlier build: --out next to the kit must never delete the kit."""
    real = target.resolve()
    if real == spec.root or real in spec.root.parents:
        raise UsageError(f"--out would put the build in {target}, over the kit itself; choose another --out")
    if target.exists() and not (target / "build.json").is_file():
        raise UsageError(f"{target} exists and is not a pnpgen build (no build.json); move it or choose another --out")


def build_report(kit: Kit, imposition: Imposition, options: BuildOptions) -> dict:
    """build.json: what was printed, at which size, on how many pages."""
    spec = kit.spec
    pages = imposition.pages
    components = []
    for component in spec.components:
        pieces = [p for p in kit.pieces if p.component_id == component.id]
        size = (pieces[0].width, pieces[0].height) if pieces else (component.width, component.height)
        entry = {
            "id": component.id, "name": component.name, "kind": component.kind,
            "count": len(pieces) if component.printed else printed_count(component, kit.players),
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
    return {
        "kit": spec.id, "name": spec.name, "players": kit.players, "paper": options.paper or spec.defaults.paper,
        "duplex": options.duplex, "pages": len(pages), "sheets": imposition.sheets,
        "duplex_pages": [i + 1 for i, p in enumerate(pages) if p.kind in {"front", "back"}],
        "utilisation": round(imposition.utilisation, 4), "components": components,
    }


@dataclass(frozen=True)
class BuildOutcome:
    """Every kit's build, and whether all their rule checks passed."""

    results: tuple[BuildResult, ...]
    consistent: bool  # every kit's rule check passed (or had nothing to check)


def build_kits(kit_dirs: Sequence[Path], options: BuildOptions, echo: Callable[[str], None],
               memory=None) -> BuildOutcome:
    """Build each kit, run its rule check and report both; stops at the first kit with bad input."""
    # every manifest is read and checked first: a typo in the last kit must not leave the first ones written
    specs = [load_manifest(kit_dir) for kit_dir in kit_dirs]
    for spec in specs:
        resolve_players(spec, options.players)
    results = []
    consistent = True
    for spec in specs:
        result = build_spec(spec, options, memory)
        results.append(result)
        spec = result.kit.spec
        echo(f"{spec.id}: {result.pages} pages -> {result.pdf}" if result.pdf else f"{spec.id}: nothing to print")
        if spec.rulebook is None and not spec.waivers and not any(c.rules for c in spec.components):
            # the checker (and its ~50 ms of imports) would find nothing: a small kit's build is ~0.6 s
            echo(f"{spec.id}: rule check: nothing to check (no rule links and no rulebook)")
            continue
        from generator.check import check_kit

        report = check_kit(spec, players=None, strict=options.strict)
        echo(f"{spec.id}: {report.summary()}")
        consistent = consistent and report.consistent
    return BuildOutcome(tuple(results), consistent)


def watch_kits(kit_dirs: Sequence[Path], options: BuildOptions, echo: Callable[[str], None],
               interval: float = 0.3, rounds: int | None = None) -> None:
    """Build, then rebuild whenever a file of the kits or of the built-in templates changes.

    Faces drawn by earlier builds are replayed instead of redrawn, so a rebuild after editing one card
    costs little more than writing the PDF. Bad input is reported and the watch goes on; `rounds`
    bounds the number of builds (for tests).
    """
    import time

    from generator.errors import PnpError
    from generator.write.faces import DrawingMemory

    memory = DrawingMemory()
    seen: dict[Path, int] | None = None
    builds = 0
    while rounds is None or builds < rounds:
        roots = _watched(kit_dirs)  # again each round: a kit may start or stop extending another
        state = _snapshot(roots)
        if state != seen:
            seen = state
            started = time.perf_counter()
            try:
                build_kits(kit_dirs, options, echo, memory)
                echo(f"built in {time.perf_counter() - started:.2f} s; watching for changes (Ctrl-C to stop)")
            except PnpError as error:
                echo(f"error: {error}")
            builds += 1
            continue
        time.sleep(interval)


def _watched(kit_dirs: Sequence[Path]) -> list[Path]:
    """The kits' folders, the folders of the kits they extend, and the built-in templates."""
    from generator.manifest.extends import extended_folders

    folders = {Path(k).resolve() for k in kit_dirs}
    for kit_dir in kit_dirs:
        folders.update(extended_folders(Path(kit_dir)))
    return sorted(folders) + [TEMPLATES_DIR]


def _snapshot(roots: Sequence[Path]) -> dict[Path, int]:
    """Modification times of every file below `roots` (the kits' manifests, art, CSV and templates)."""
    files = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "preview" not in path.parts:
                files[path] = path.stat().st_mtime_ns
    return files
