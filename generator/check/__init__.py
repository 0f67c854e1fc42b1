"""Check stage: `check_kit(spec)` proves the kit's component counts match its rulebook, for every player count.

Reads the rulebook (`--rules`, else the kit's `rulebook:`), or with none at hand the manifest's quotes alone;
returns a frozen CheckReport. See docs/rules.md for what `rule:` and `waivers:` mean.
"""

from __future__ import annotations

from pathlib import Path

from generator.check.checks import run_checks
from generator.check.format import format_report
from generator.check.links import manifest_line, resolve_links
from generator.check.report import CheckReport, Finding, Row, players_label
from generator.check.rulebook import Rulebook
from generator.errors import UsageError
from generator.manifest.spec import KitSpec
from generator.paths import shown

__all__ = ["CheckReport", "Finding", "Row", "check_kit", "format_report"]

NOT_CHECKED = "link integrity and unlinked statements were not checked"


def check_kit(spec: KitSpec, rules_path: Path | None = None, players: int | None = None,
              strict: bool = False) -> CheckReport:
    """Check every rule link of `spec` for one player count, or all the kit supports (players=None)."""
    counts = _player_counts(spec, players)
    rulebook, note = _open_rulebook(spec, rules_path)
    resolution = resolve_links(spec, rulebook)
    rows, findings = run_checks(spec, rulebook, resolution, counts, strict)
    findings = list(resolution.findings) + findings + _unlinked_components(spec, strict)
    order = {"error": 0, "warning": 1, "info": 2}
    findings.sort(key=lambda f: order[f.severity])
    return CheckReport(
        kit=spec.id, mode="quotes" if rulebook.synthetic else "rulebook",
        rulebook=None if rulebook.synthetic else rulebook.label, note=note, players=counts,
        links=sum(len(c.rules) for c in spec.components), waivers=resolution.waivers_used,
        statements=0 if rulebook.synthetic else len(rulebook.statements), rows=tuple(rows), findings=tuple(findings),
    )


def _unlinked_components(spec: KitSpec, strict: bool) -> list[Finding]:
    """Components no rule link proves: a note when the kit says why (unlisted:), else a warning."""
    findings = []
    for component in spec.components:
        if component.rules:
            continue
        where = manifest_line(component.location)
        if component.unlisted:
            findings.append(Finding("info", "unlisted", f"{component.id} is not counted by the rules: "
                                    f"{' '.join(component.unlisted.split())}", component.id, where))
        else:
            findings.append(Finding("error" if strict else "warning", "unlinked",
                                    f"{component.id} has no rule link; link the statement that counts it with rule:, "
                                    "or say why there is none with unlisted:", component.id, where))
    return findings


def _player_counts(spec: KitSpec, players: int | None) -> tuple[int, ...]:
    supported = tuple(range(spec.players_min, spec.players_max + 1))
    if players is None:
        return supported
    if players not in supported:
        raise UsageError(f"--players {players}: {spec.id} is for {players_label(supported)} players")
    return (players,)


def _open_rulebook(spec: KitSpec, rules_path: Path | None) -> tuple[Rulebook, str]:
    """The rulebook to check against, or one made of the manifest's quotes, and a note saying which."""
    if rules_path is not None:
        return Rulebook.read(rules_path), ""  # named on the command line: unreadable is bad input
    quotes = [(rule.quote, rule.role) for component in spec.components for rule in component.rules]
    if spec.rulebook is None:
        return Rulebook.from_quotes(quotes), f"no rulebook (kit.yaml names none and no --rules): {NOT_CHECKED}"
    if not spec.rulebook.is_file():
        note = f"no rulebook ({shown(spec.rulebook)}, named in kit.yaml, is not there): {NOT_CHECKED}"
        return Rulebook.from_quotes(quotes), note
    return Rulebook.read(spec.rulebook), ""
