"""Check stage: `check_kit(spec)` compares the kit's component counts with its rulebook, for every player count.

Reads the rulebook (`--rules`, else the kit's `rulebook:`; .txt, .md, .html or .pdf), or with none at hand the
manifest's quotes alone; counts the pieces of the built kit (`build_kit`) at each player count; returns a
frozen CheckReport whose links are each *read*, *vouched* or *unresolved*. See docs/rules.md.
"""

from __future__ import annotations

from pathlib import Path

from generator.check.checks import Context, run_checks
from generator.check.counts import KitCounts
from generator.check.coverage import named_list_findings, reader_findings, unlinked_findings, unreadable_findings
from generator.check.format import format_report
from generator.check.evidence import manifest_line
from generator.check.links import all_links, resolve_links
from generator.check.report import CheckReport, Finding, LinkRecord, Row, players_label
from generator.check.rulebook import Rulebook
from generator.errors import UsageError
from generator.manifest.spec import KitSpec
from generator.paths import shown

__all__ = ["CheckReport", "Finding", "LinkRecord", "Row", "check_kit", "format_report"]

NOT_CHECKED = "link integrity and unlinked statements were not checked"
_ORDER = {"error": 0, "warning": 1, "info": 2}


def check_kit(spec: KitSpec, rules_path: Path | None = None, players: int | None = None,
              strict: bool = False) -> CheckReport:
    """Check every rule link of `spec` for one player count, or all the kit supports (players=None)."""
    counts = _player_counts(spec, players)
    rulebook, note = _open_rulebook(spec, rules_path)
    resolution = resolve_links(spec, rulebook, strict)
    context = Context(spec, rulebook, KitCounts(spec), counts, spec.players_max, strict)
    rows, findings, outcomes = run_checks(context, resolution)
    findings = list(resolution.findings) + findings
    if not rulebook.synthetic:
        findings += reader_findings(rulebook, resolution, strict)
        findings += named_list_findings(spec, rulebook, resolution, strict)
        findings += unlinked_findings(spec, rulebook, resolution, strict)
        findings += unreadable_findings(spec, rulebook, resolution, strict)
    findings += _players_findings(spec, rulebook) + _unlinked_components(spec, strict)
    findings.sort(key=lambda f: _ORDER[f.severity])
    return CheckReport(
        kit=spec.id, mode="quotes" if rulebook.synthetic else "rulebook",
        rulebook=None if rulebook.synthetic else rulebook.label, note=note, players=counts,
        links=_records(spec, resolution, outcomes), waivers=resolution.waivers_used,
        statements=0 if rulebook.synthetic else len(rulebook.statements), rows=tuple(rows), findings=tuple(findings),
        players_stated=spec.players_stated, box_players=spec.players_max if spec.players_stated else None,
        strict=strict,
    )


def _records(spec: KitSpec, resolution, outcomes: dict[int, str]) -> tuple[LinkRecord, ...]:
    """One record per link written in the manifest (a table row's link covers several cells)."""
    resolved: dict[tuple[str, int], list] = {}
    for link in resolution.links:
        resolved.setdefault((link.target.id, id(link.rule)), []).append(link)
    records = []
    for target, rule in all_links(spec):
        links = resolved.get((target.id, id(rule)), [])
        where = manifest_line(rule.location)
        if not links:
            records.append(LinkRecord(target.id, where, rule.quote, rule.role, "unresolved", "unchecked"))
            continue
        found = {outcomes.get(id(link), "unchecked") for link in links}
        outcome = next(o for o in ("mismatch", "match", "waived", "unchecked") if o in found)
        evidence = "read" if any(link.evidence == "read" for link in links) else "vouched"
        statement = links[0].statement
        records.append(LinkRecord(target.id, where, rule.quote, rule.role, evidence, outcome,
                                  None if statement.line is None else statement.where, statement.count))
    return tuple(records)


def _players_findings(spec: KitSpec, rulebook: Rulebook) -> list[Finding]:
    stated = rulebook.reading.players if not rulebook.synthetic else None
    says = f" (the rulebook says {stated[0]}-{stated[1]} players)" if stated and stated[0] != stated[1] else \
        (f" (the rulebook says {stated[0]} players)" if stated else "")
    if not spec.players_stated:
        return [Finding("warning", "players", f"player count not stated: kit.yaml has no kit.players, so only box "
                        f"totals are checked and a per-player link is an error{says}", None, shown(spec.manifest))]
    if stated and (stated[0], stated[1]) != (spec.players_min, spec.players_max):
        return [Finding("info", "note", f"the kit is for {players_label((spec.players_min, spec.players_max))} players"
                        f"{says}", None, shown(spec.manifest))]
    return []


def _unlinked_components(spec: KitSpec, strict: bool) -> list[Finding]:
    """Components no rule link proves: a note when the kit says why (unlisted:), else a warning."""
    findings = []
    for component in spec.components:
        if component.rules or any(card.rules for card in component.cards):
            continue
        where = manifest_line(component.location)
        if component.unlisted:
            findings.append(Finding("info", "unlisted", f"{component.id} is not counted by the rules: "
                                    f"{' '.join(component.unlisted.split())}", component.id, where))
        else:
            findings.append(Finding("error" if strict else "warning", "unlinked-component",
                                    f"{component.id} has no rule link; link the statement that counts it with rule:, "
                                    "or say why there is none with unlisted:", component.id, where))
    return findings


def _player_counts(spec: KitSpec, players: int | None) -> tuple[int, ...]:
    if not spec.players_stated:
        if players is not None:
            raise UsageError(f"--players {players}: {spec.id} states no player count (kit.players)")
        return ()
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
    quotes = [(rule.quote, rule.role) for _, rule in all_links(spec)]
    if spec.rulebook is None:
        return Rulebook.from_quotes(quotes), f"no rulebook (kit.yaml names none and no --rules): {NOT_CHECKED}"
    if not spec.rulebook.is_file():
        note = f"no rulebook ({shown(spec.rulebook)}, named in kit.yaml, is not there): {NOT_CHECKED}"
        return Rulebook.from_quotes(quotes), note
    return Rulebook.read(spec.rulebook), ""
