"""The `pnpgen` command line: thin commands over the pipeline; the only place errors become exit codes.

Exit codes: 0 success, 1 the rule check found mismatches, 2 bad input or usage.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from generator.errors import PnpError

app = typer.Typer(
    help="pnpgen: print-and-play kits from YAML manifests, as print-ready vector PDFs.",
    context_settings={"help_option_names": ["-h", "--help"]},
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    rich_markup_mode=None,  # rich costs more start-up time than the whole help text is worth
)
rules_app = typer.Typer(help="Read rulebooks.", context_settings={"help_option_names": ["-h", "--help"]},
                        no_args_is_help=True, rich_markup_mode=None)
app.add_typer(rules_app, name="rules")

EXIT_MISMATCH, EXIT_BAD_INPUT = 1, 2


def _fail(error: PnpError | OSError) -> None:
    if isinstance(error, OSError):  # the file system refused (an unwritable --out, a full disk): name the file
        error = PnpError(f"{error.filename}: {error.strerror}" if error.filename else str(error))
    typer.echo(f"error: {error}" if "\n" not in str(error) else f"error:\n{error}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise typer.BadParameter(f"--out {out} is a file; give a folder to write into")


def _parse_offset(text: str) -> tuple[float, float]:
    from generator.units import mm

    try:
        dx, dy = (float(part) for part in text.split(","))
    except ValueError:
        raise typer.BadParameter("write the back offset as X,Y in millimetres, e.g. 0.8,-0.4") from None
    if not (abs(dx) <= 20 and abs(dy) <= 20):  # also refuses nan
        raise typer.BadParameter("a back offset over 20 mm is not a printer misalignment; check the numbers")
    return mm(dx), mm(dy)


KitArg = Annotated[Path, typer.Argument(help="Kit folder (holding kit.yaml).")]
PaperOpt = Annotated[Optional[str], typer.Option("--paper", help="a4, letter, a3, tabloid or legal (default: the kit's).")]


@app.command()
def build(
    kits: Annotated[list[Path], typer.Argument(help="One or more kit folders (each holding kit.yaml).")],
    out: Annotated[Path, typer.Option("--out", help="Output folder; each kit goes into OUT/<kit>/.")] = Path("output"),
    paper: PaperOpt = None,
    landscape: Annotated[bool, typer.Option("--landscape", help="Landscape sheets.")] = False,
    players: Annotated[Optional[int], typer.Option("--players", help="Print for this many players (default: the kit's maximum).")] = None,
    duplex: Annotated[str, typer.Option("--duplex", help="How your printer flips the sheet: long-edge or short-edge.")] = "long-edge",
    back_offset: Annotated[str, typer.Option("--back-offset", help="Shift of the back side X,Y in mm (measure it with `pnpgen calibrate`).")] = "0,0",
    preview: Annotated[bool, typer.Option("--preview", help="Also write PNG previews of every page.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Check strictly (unlinked count statements are errors) and exit 1 when the check fails.")] = False,
    reference: Annotated[bool, typer.Option("--reference/--no-reference", help="Also write the reference sheets.")] = True,
    watch: Annotated[bool, typer.Option("--watch", help="Keep running and rebuild whenever a kit file changes (unchanged faces are reused).")] = False,
) -> None:
    """Build kits into print-ready PDFs (plus build.json, and previews with --preview)."""
    from generator.pipeline import BuildOptions, build_kits, watch_kits

    _check_duplex(duplex)
    _check_out(out)
    options = BuildOptions(out=out, paper=paper, orientation="landscape" if landscape else None, players=players,
                           duplex=duplex, back_offset=_parse_offset(back_offset), previews=preview,
                           reference=reference, strict=strict)
    if watch:
        try:
            watch_kits(kits, options, echo=typer.echo)
        except KeyboardInterrupt:
            typer.echo("stopped watching")
        return
    try:
        outcome = build_kits(kits, options, echo=typer.echo)
    except (PnpError, OSError) as error:
        _fail(error)
    if strict and not outcome.consistent:
        typer.echo("error: the rule check found mismatches (--strict)", err=True)
        raise typer.Exit(EXIT_MISMATCH)


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option("--paper", help="a4, letter, a3, tabloid or legal.")] = "a4",
    out: Annotated[Path, typer.Option("--out", help="Where to write the calibration PDF.")] = Path("output"),
    duplex: Annotated[str, typer.Option("--duplex", help="long-edge or short-edge.")] = "long-edge",
) -> None:
    """Write a two-sided page that measures your printer's back-side offset (for --back-offset)."""
    _check_duplex(duplex)
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
    rules: Annotated[Optional[Path], typer.Option("--rules", help="The rulebook text (default: the kit's rulebook).")] = None,
    players: Annotated[str, typer.Option("--players", help="A player count, or 'all' for every supported count.")] = "all",
    format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    strict: Annotated[bool, typer.Option("--strict", help="Unlinked count statements are errors, not warnings.")] = False,
) -> None:
    """Prove the kit's component counts match its rulebook (exit 1 on any mismatch)."""
    from generator.check import check_kit, format_report
    from generator.manifest import load_manifest

    if format not in {"text", "json"}:
        raise typer.BadParameter("--format is text or json")
    try:
        spec = load_manifest(kit)
        report = check_kit(spec, rules_path=rules, players=None if players == "all" else _player_count(players),
                           strict=strict)
    except PnpError as error:
        _fail(error)
    typer.echo(format_report(report, format))
    if not report.consistent:
        raise typer.Exit(EXIT_MISMATCH)


def _check_duplex(duplex: str) -> None:
    if duplex not in {"long-edge", "short-edge"}:
        raise typer.BadParameter("--duplex is long-edge or short-edge")


def _player_count(text: str) -> int:
    if not text.isdigit():
        raise typer.BadParameter("--players is a number or 'all'")
    return int(text)


@rules_app.command("scan")
def rules_scan(
    rulebook: Annotated[Path, typer.Argument(help="Rulebook as plain text or Markdown.")],
    format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """List every component-count statement in a rulebook."""
    import json

    from generator.rules.scan import format_statements_text, read_rulebook_text, scan_rulebook, statements_to_json

    if format not in {"text", "json"}:
        raise typer.BadParameter("--format is text or json")
    try:
        text = read_rulebook_text(rulebook)
    except PnpError as error:
        _fail(error)
    statements = scan_rulebook(text)
    typer.echo(json.dumps(statements_to_json(statements), indent=2) if format == "json" else format_statements_text(statements))


@app.command()
def reference(
    kit: KitArg,
    format: Annotated[str, typer.Option("--format", help="sheets (A4/Letter pages) or cards (poker-size player aids).")] = "sheets",
    paper: PaperOpt = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
) -> None:
    """Typeset the kit's reference sheets or player-aid cards."""
    from generator.manifest import load_manifest
    from generator.reference import write_reference

    if format not in {"sheets", "cards"}:
        raise typer.BadParameter("--format is sheets or cards")
    _check_out(out)
    try:
        spec = load_manifest(kit)
        path = write_reference(spec, out / spec.id, format=format, paper=paper)
    except (PnpError, OSError) as error:
        _fail(error)
    typer.echo(f"wrote {path}")


@app.command()
def schema() -> None:
    """Print the manifest's JSON Schema (for editor completion)."""
    from generator.manifest.schema import SCHEMA_FILE

    typer.echo(SCHEMA_FILE.read_text(encoding="utf-8"), nl=False)


def main() -> None:
    app()
