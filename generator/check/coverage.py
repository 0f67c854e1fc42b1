"""Rulebook-wide checks, run only with a real rulebook: count statements no component links (check 3) and
counts followed by a list of names of another length (the rulebook contradicting itself).

Contract: `unlinked_findings` and `named_list_findings` read the frozen inputs and return Findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

from generator.check.links import from_scan, manifest_line
from generator.check.report import Finding
from generator.check.rulebook import Rulebook
from generator.manifest.spec import KitSpec
from generator.paths import shown

if TYPE_CHECKING:
    from generator.check.checks import Group


def unlinked_findings(spec: KitSpec, rulebook: Rulebook, linked: set[Hashable], waived: dict, strict: bool) -> list[Finding]:
    """A warning (an error with --strict) for each count statement nothing links, a note for each waived one."""
    findings = []
    severity = "error" if strict else "warning"
    waived_lines = set()
    for stmt in rulebook.statements:
        statement = from_scan(stmt, rulebook)
        if statement.key in linked:
            continue
        waiver = waived.get(statement.key)
        if waiver is not None:
            if (stmt.line, id(waiver)) not in waived_lines:  # one note for a table row's cells
                waived_lines.add((stmt.line, id(waiver)))
                findings.append(Finding("info", "waived", f"{statement.where}: \"{statement.short_quote}\" is waived: "
                                        f"{' '.join(waiver.reason.split())}", None, manifest_line(waiver.location),
                                        stmt.line))
            continue
        findings.append(Finding(severity, "unlinked", f"{statement.where}: {statement.describe()} is linked by no "
                                "component; link it with rule: or waive it with a reason", None,
                                _manifest_file(spec), stmt.line, None, stmt.count, stmt.players))
    return findings


def _manifest_file(spec: KitSpec) -> str:
    return shown(spec.manifest)


def named_list_findings(spec: KitSpec, rulebook: Rulebook, groups: list[Group], waived: dict, strict: bool) -> list[Finding]:
    """A count followed by the names of what it counts must match the number of names."""
    linked = {g.statement.key: g for g in groups}
    findings = []
    for stmt in rulebook.statements:
        statement = from_scan(stmt, rulebook)
        if statement.key in waived or stmt.qualifier != "exact" or stmt.multiplier == "per_colour":
            continue
        names, names_line = rulebook.named_items(stmt)
        if not names or len(names) == stmt.count:
            continue
        group = linked.get(statement.key)
        severity = "error" if group is not None or strict else "warning"
        shown_names = ", ".join(names) if len(names) <= 8 else ", ".join(names[:7]) + ", …"
        whose = f"{group.label}: " if group else ""
        message = (f"{whose}the rulebook contradicts itself: {statement.where} says {statement.describe()}, but "
                   f"rulebook line {names_line} names {len(names)}: {shown_names}. Waive the statement, with the reason")
        findings.append(Finding(severity, "list", message, group.label if group else None,
                                group.location if group else _manifest_file(spec), stmt.line, len(names),
                                stmt.count))
    return findings
