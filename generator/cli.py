"""The `pnpgen` command line: thin commands over the pipeline; the only place errors become exit codes.

Exit codes: 0 success, 1 the rule check found mismatches, 2 bad input or usage.
"""

# No `from __future__ import annotations` here: typer reads every command's annotations each time it builds the
# command line (four times a command, for all nine); as strings they were evaluated anew each time, ~20 ms of
# every command's start. Evaluated once, as Python evaluates them at import, they cost next to nothing.
from pathlib import Path
from typing import Annotated, Optional

import typer

from generator.cliparams import (Cutter, Duplex, Layout, Paper, ReferenceFormat, ReportFormat, ScanFormat, Service, Target,
                                  choice_option, parse_offset, plain, player_count, use_plain_coercion)
from generator.errors import PnpError

use_plain_coercion()  # option values without pydantic: most of a command's start-up otherwise (cliparams.py)

app = typer.Typer(
    help="pnpgen: print-and-play kits from YAML manifests, as print-ready vector PDFs.",
    context_settings={"help_option_names": ["-h", "--help"]},
    # completion: `pnpgen --install-completion` (bash, zsh, fish, PowerShell) then TAB offers commands,
    # options and the choices below; it costs --help nothing measurable (typer loads it either way)
    add_completion=True, no_args_is_help=True, pretty_exceptions_enable=False,
    rich_markup_mode=None,  # rich costs more start-up time than the whole help text is worth
)
rules_app = typer.Typer(help="Read rulebooks.", context_settings={"help_option_names": ["-h", "--help"]},
                        no_args_is_help=True, rich_markup_mode=None)
app.add_typer(rules_app, name="rules")

EXIT_MISMATCH, EXIT_BAD_INPUT = 1, 2


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"pnpgen {version('pnpgen')}")
        except PackageNotFoundError:
            typer.echo("pnpgen (not installed: no version)")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print pnpgen's version and exit.")] = False,
) -> None:
    """pnpgen: print-and-play kits from YAML manifests, as print-ready vector PDFs."""


def _fail(error: PnpError | OSError) -> None:
    if isinstance(error, OSError):  # the file system refused (an unwritable --out, a full disk): name the file
        error = PnpError(f"{error.filename}: {error.strerror}" if error.filename else str(error))
    typer.echo(f"error: {error}" if "\n" not in str(error) else f"error:\n{error}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise typer.BadParameter(f"--out {out} is a file; give a folder to write into")


KitArg = Annotated[Path, typer.Argument(help="Kit folder (holding kit.yaml).")]
PAPER_REFUSAL = "unknown paper {value!r}; choose one of {choices}"  # the words of papers.load_paper
FORMAT_REFUSAL = "--format is {either}, not {value!r}"
PaperOpt = Annotated[Optional[Paper], choice_option(Paper, "--paper", PAPER_REFUSAL, "The paper (default: the kit's).")]
DuplexOpt = Annotated[Duplex, choice_option(Duplex, "--duplex", "--duplex is {either}, not {value!r}",
                                      "How your printer flips the sheet.")]
LayoutOpt = Annotated[Layout, choice_option(Layout, "--layout", "--layout is {either}, not {value!r}",
                                      "home (duplex pages), gutter-fold (front and back side by side, fold and glue) "
                                      "or print-and-cut (registration marks for a cutting machine).")]
BackOffsetOpt = Annotated[str, typer.Option("--back-offset", help="Shift of the back side X,Y in mm (measure it with `pnpgen calibrate`).")]
CutterOpt = Annotated[Optional[Cutter], choice_option(Cutter, "--cutter", "--cutter is {either}, not {value!r}",
                                                "With --layout print-and-cut: whose registration marks (default silhouette).")]


def _layout_cutter(layout: str, cutter: str | None) -> str:
    """The cutter a print-and-cut layout uses; --cutter with another layout is a mistake."""
    if cutter is not None and layout != "print-and-cut":
        raise typer.BadParameter("--cutter goes with --layout print-and-cut")
    return cutter or "silhouette"


@app.command()
def build(
    kits: Annotated[list[Path], typer.Argument(help="One or more kit folders (each holding kit.yaml).")],
    out: Annotated[Path, typer.Option("--out", help="Output folder; each kit goes into OUT/<kit>/.")] = Path("output"),
    paper: PaperOpt = None,
    landscape: Annotated[bool, typer.Option("--landscape", help="Landscape sheets.")] = False,
    players: Annotated[Optional[int], typer.Option("--players", help="Print for this many players (default: the kit's maximum).")] = None,
    duplex: DuplexOpt = Duplex.LONG_EDGE,
    back_offset: BackOffsetOpt = "0,0",
    layout: LayoutOpt = Layout.HOME,
    cutter: CutterOpt = None,
    preview: Annotated[bool, typer.Option("--preview", help="Also write PNG previews of every page.")] = False,
    preview_dpi: Annotated[Optional[int], typer.Option("--preview-dpi", min=36, max=600, metavar="DPI",
                                                       help="Resolution of the previews, 36-600 dpi (default 100); implies --preview.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Check strictly (unlinked count statements are errors) and exit 1 when the check fails.")] = False,
    reference: Annotated[bool, typer.Option("--reference/--no-reference", help="Also write the reference sheets.")] = True,
    cover: Annotated[bool, typer.Option("--cover/--no-cover", help="Lead the PDF with a cover page: contents, print settings, what to buy, blanks to fill.")] = True,
    dice: Annotated[Optional[str], typer.Option("--dice", metavar="net|stickers", help="Print every die as a net to fold, or as six stickers for a bought blank die (default: as the kit says).")] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Keep running and rebuild whenever a kit file changes (unchanged faces are reused).")] = False,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, max=64, metavar="N",
                                                help="Processes drawing a large kit's pages (default: every core, for kits of over 64 pages; the PDF is the same).")] = None,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="Say nothing but errors.")] = False,
    verbose: Annotated[bool, typer.Option("-v", "--verbose", help="Say what each stage does, and what it did.")] = False,
) -> None:
    """Build kits into print-ready PDFs (plus build.json, and previews with --preview).

    On a terminal a build that takes more than a second shows its progress; otherwise it prints one
    line per kit built and one per rule check.
    """
    from generator.pipeline import BuildOptions, build_kits
    from generator.progress import events_for

    if quiet and verbose:
        raise typer.BadParameter("--quiet and --verbose contradict each other; give one")
    _check_out(out)
    if dice is not None and dice not in ("net", "stickers"):
        raise typer.BadParameter(f"--dice is net or stickers, not {dice!r}")
    layout, cutter = plain(layout), _layout_cutter(plain(layout), plain(cutter))
    options = BuildOptions(out=out, paper=plain(paper), orientation="landscape" if landscape else None,
                           players=players, duplex=plain(duplex), back_offset=parse_offset(back_offset),
                           layout=layout, cutter=cutter,
                           previews=preview or preview_dpi is not None,
                           preview_dpi=100 if preview_dpi is None else preview_dpi, reference=reference, strict=strict,
                           cover=cover, dice=dice, jobs=jobs)
    echo = (lambda text: None) if quiet else typer.echo
    events = events_for(echo, lambda text: typer.echo(text, err=True), quiet=quiet, verbose=verbose)
    if watch:
        from generator.watch import watch_kits

        try:
            watch_kits(kits, options, echo, events=events, error=lambda text: typer.echo(text, err=True))
        except KeyboardInterrupt:
            echo("stopped watching")
        return
    try:
        outcome = build_kits(kits, options, echo, events=events)
    except (PnpError, OSError) as error:
        _fail(error)
    if strict and not outcome.consistent:
        typer.echo("error: the rule check found mismatches (--strict)", err=True)
        raise typer.Exit(EXIT_MISMATCH)


@app.command()
def export(
    kit: KitArg,
    to: Annotated[Target, choice_option(Target, "--to", "--to is {either}, not {value!r}",
                                  "cut (cut files for the print-and-cut sheets), pod (print-on-demand files), "
                                  "tts (Tabletop Simulator) or png (one image per face).")],
    service: Annotated[Service, choice_option(Service, "--service", "unknown service {value!r}; choose one of {choices}",
                                        "With --to pod: the print-on-demand service (sizes and files it takes).")] = Service("generic"),
    cutter: Annotated[Optional[Cutter], choice_option(Cutter, "--cutter", "--cutter is {either}, not {value!r}",
                                                "With --to cut: the cutting machine, as given to build --layout print-and-cut (default silhouette).")] = None,
    dpi: Annotated[int, typer.Option("--dpi", min=36, max=1200, help="Resolution of images, 36-1200 dpi.")] = 300,
    bleed: Annotated[bool, typer.Option("--bleed", help="With --to png: images include the bleed.")] = False,
    paper: Annotated[Optional[Paper], choice_option(Paper, "--paper", PAPER_REFUSAL, "With --to cut: the paper, as given to build (default: the kit's).")] = None,
    landscape: Annotated[bool, typer.Option("--landscape", help="With --to cut: landscape sheets, as given to build.")] = False,
    players: Annotated[Optional[int], typer.Option("--players", help="Export for this many players (default: the kit's maximum).")] = None,
    only: Annotated[Optional[list[str]], typer.Option("--only", metavar="ID", help="Export only this component (repeat for more).")] = None,
    base_url: Annotated[Optional[str], typer.Option("--base-url", metavar="URL", help="With --to tts: where you will host the images (default: file:// URLs of the files written).")] = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder; the export goes into OUT/<kit>-<target>/.")] = Path("output"),
) -> None:
    """Export a kit for a cutting machine, a print-on-demand service, Tabletop Simulator or as images.

    Every export draws the faces `pnpgen build` draws; see docs/exports.md.
    """
    from generator.export import ExportOptions
    from generator.pipeline import export as run_export

    to = plain(to)
    if cutter is not None and to != "cut":
        raise typer.BadParameter("--cutter goes with --to cut")
    if only and to == "cut":
        raise typer.BadParameter("--only does not go with --to cut: the cut files match the whole kit's sheets")
    _check_out(out)
    options = ExportOptions(target=to, out=out, paper=plain(paper), orientation="landscape" if landscape else None,
                            players=players, cutter=plain(cutter) or "silhouette",
                            service=plain(service), dpi=dpi, bleed=bleed, only=tuple(only or ()), base_url=base_url)
    try:
        result = run_export(kit, options)
    except (PnpError, OSError) as error:
        _fail(error)
    typer.echo(f"exported {result.kit.spec.id} ({to}): {len(result.files)} files -> {result.folder}")


@app.command()
def calibrate(
    paper: Annotated[Paper, choice_option(Paper, "--paper", PAPER_REFUSAL, "The paper.")] = Paper("a4"),
    out: Annotated[Path, typer.Option("--out", help="Where to write the calibration PDF.")] = Path("output"),
    duplex: DuplexOpt = Duplex.LONG_EDGE,
) -> None:
    """Write a two-sided page that measures your printer's back-side offset (for --back-offset)."""
    paper, duplex = plain(paper), plain(duplex)
    _check_out(out)
    from generator.papers import load_paper
    from generator.write.calibration import write_calibration

    try:
        sheet = load_paper(paper, "portrait", 0)
        target = out / f"calibrate-{paper}.pdf"
        write_calibration(sheet, target, duplex)
    except (PnpError, OSError) as error:
        _fail(error)
    typer.echo(f"wrote {target}: print it double-sided at 100%, then read the offset where the crosses meet")


@app.command()
def check(
    kit: KitArg,
    rules: Annotated[Optional[Path], typer.Option("--rules", help="The rulebook: .txt, .md, .html or .pdf (default: the kit's rulebook).")] = None,
    players: Annotated[str, typer.Option("--players", help="A player count, or 'all' for every supported count.")] = "all",
    format: Annotated[ReportFormat, choice_option(ReportFormat, "--format", FORMAT_REFUSAL, "How to print the report.")] = ReportFormat.TEXT,
    strict: Annotated[bool, typer.Option("--strict", help="Unlinked statements and unreadable counts are errors, and a check that read nothing from the rulebook fails.")] = False,
) -> None:
    """Prove the kit's component counts match its rulebook (exit 1 on any error; with --strict, also when nothing was read)."""
    from generator.check import check_kit, format_report
    from generator.manifest import load_manifest

    from generator.manifest.problems import kit_warnings

    format = plain(format)
    try:
        spec = load_manifest(kit)
        for text in kit_warnings(spec, strict):  # art features pnpgen ignores: errors with --strict
            typer.echo(f"warning: {text}", err=True)
        report = check_kit(spec, rules_path=rules, players=None if players == "all" else player_count(players),
                           strict=strict)
    except PnpError as error:
        _fail(error)
    typer.echo(format_report(report, format))
    if not report.passes(strict):
        raise typer.Exit(EXIT_MISMATCH)


@rules_app.command("scan")
def rules_scan(
    rulebook: Annotated[Path, typer.Argument(help="The rulebook: .txt, .md, .html or .pdf.")],
    format: Annotated[ScanFormat, choice_option(ScanFormat, "--format", FORMAT_REFUSAL,
                                          "text (a line per statement), json (statements, findings, unread lines) "
                                          "or tree (the document: players, components and their parts, setup, findings).")] = ScanFormat.TEXT,
) -> None:
    """Read every component-count statement in a rulebook, with its structure and the rulebook's contradictions."""
    import json

    from generator.rules.scan import file_reading, format_statements_text, format_tree, read_rulebook, reading_to_json

    format = plain(format)
    try:
        source = read_rulebook(rulebook)
    except PnpError as error:
        _fail(error)
    reading = file_reading(source)
    where = source.where_in_file
    if format == "json":
        typer.echo(json.dumps({"rulebook": source.label, **reading_to_json(reading, where)}, indent=2, ensure_ascii=False))
        return
    if format == "tree":
        typer.echo(format_tree(reading))
        return
    typer.echo(format_statements_text(reading.statements, source.place))
    counted = [s for s in reading.statements if s.count is not None]
    summary = f"{len(reading.statements)} count statements ({len(reading.statements) - len(counted)} unspecified)"
    if reading.findings:
        summary += f", {len(reading.findings)} finding" + ("s" if len(reading.findings) != 1 else "")
        for finding in reading.findings:
            summary += f"\n  {where(finding.line)}: {finding.kind}: {finding.message}"
    if reading.unread:
        summary += "\nnumeric lines in component lists not read: " + ", ".join(where(n) for n in reading.unread)
    typer.echo(summary)


@app.command()
def reference(
    kit: KitArg,
    format: Annotated[ReferenceFormat, choice_option(ReferenceFormat, "--format", FORMAT_REFUSAL,
                                               "sheets (A4/Letter pages) or cards (poker-size player aids).")] = ReferenceFormat.SHEETS,
    paper: PaperOpt = None,
    duplex: Annotated[Duplex, choice_option(Duplex, "--duplex", "--duplex is {either}, not {value!r}",
                                            "How your printer flips the sheet (player-aid cards are two-sided).")]
    = Duplex.LONG_EDGE,
    back_offset: BackOffsetOpt = "0,0",
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
) -> None:
    """Typeset the kit's reference sheets or player-aid cards."""
    from generator.manifest import load_manifest
    from generator.reference import write_reference

    format, paper, duplex, offset = plain(format), plain(paper), plain(duplex), parse_offset(back_offset)
    _check_out(out)
    from generator.manifest.problems import kit_warnings

    try:
        spec = load_manifest(kit)
        for text in kit_warnings(spec, strict=False):  # art features pnpgen ignores
            typer.echo(f"warning: {text}", err=True)
        path = write_reference(spec, out / spec.id, format=format, paper=paper, duplex=duplex, back_offset=offset)
    except (PnpError, OSError) as error:
        _fail(error)
    typer.echo(f"wrote {path}")


@app.command()
def new(
    kit: Annotated[Path, typer.Argument(help="The new kit's folder (it must not exist yet, or be empty).")],
    name: Annotated[Optional[str], typer.Option("--name", help="The game's name (default: made from the folder's name).")] = None,
) -> None:
    """Start a kit: write a small example game to make your own.

    The folder gets kit.yaml (a CSV deck with a shared back, tokens for each player, a board, a card with its
    own art and template), rules.txt whose counts kit.yaml links, and a README. It builds and checks clean."""
    import shlex

    from generator.starter import write_starter_kit

    try:
        written = write_starter_kit(kit, name)
    except (PnpError, OSError) as error:
        _fail(error)
    typer.echo(f"wrote {len(written)} files into {kit}: kit.yaml, rules.txt, README.md, cards/, art/, templates/")
    typer.echo(f"next: pnpgen build {shlex.quote(str(kit))}   then   pnpgen check {shlex.quote(str(kit))}")


@app.command()
def blanks(
    kit: KitArg,
    out: Annotated[Optional[Path], typer.Option("--out", help="The CSV to write (default: KIT's id + '-blanks.csv' in the current folder); - for standard output.")] = None,
    players: Annotated[Optional[int], typer.Option("--players", help="For this many players (default: the kit's maximum).")] = None,
) -> None:
    """Write the kit's fill-in sheet: one row per blank a piece prints where the rules give no value
    (component, piece, side, field, where, copies, and an empty value column)."""
    import sys

    from generator.blanks import find_blanks, with_filled_blanks, write_blanks_csv
    from generator.impose import SheetOptions, impose_sheets
    from generator.manifest import load_manifest
    from generator.model import build_kit
    from generator.papers import load_paper
    from generator.pipeline import resolve_players
    from generator.render import render_faces

    try:
        spec = load_manifest(kit)
        built = with_filled_blanks(build_kit(spec, resolve_players(spec, players)))
        paper = load_paper(spec.defaults.paper, spec.defaults.orientation, spec.defaults.margin)
        imposition = impose_sheets(built.pieces, SheetOptions(paper, spec.defaults.gutter))
        found = find_blanks(built, render_faces(built), imposition)
        if str(out) == "-":
            import csv

            from generator.blanks import blank_rows

            csv.writer(sys.stdout).writerows(blank_rows(found))
            return
        target = out or Path(f"{spec.id}-blanks.csv")
        write_blanks_csv(found, target)
    except (PnpError, OSError) as error:
        _fail(error)
    typer.echo(f"{spec.name}: {len(found)} blanks on {sum(b.copies for b in found)} printed faces written to {target}")


@app.command()
def schema() -> None:
    """Print the manifest's JSON Schema (for editor completion)."""
    from generator.manifest.schema import schema_text

    typer.echo(schema_text(), nl=False)


def main() -> None:
    app()
