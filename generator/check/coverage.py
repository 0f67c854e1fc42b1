"""Rulebook-wide checks, run only with a real rulebook: count statements no link covers (unlinked), the
rulebook's own contradictions (the reader's findings, and a count followed by a list of names of another
length), and numeric lines of linked component lists that the reader could not read (unreadable).

Contract: each function reads the frozen inputs and returns Findings.
"""

from __future__ import annotations

from typing import Hashable

from generator.check.evidence import Resolution, from_scan, manifest_line
from generator.check.report import Finding
from generator.check.rulebook import Rulebook
from generator.manifest.spec import KitSpec
from generator.paths import shown
from generator.vocabulary import PER_COLOUR

_NOT_CONTRADICTIONS = {"lost-range"}  # a rulebook typo about players, not about counts: a note


def linked_lines(resolution: Resolution, rulebook: Rulebook) -> set[int]:
    """Rulebook lines the kit's links point at."""
    return {link.statement.line for link in resolution.links if link.statement.line is not None}


def unlinked_findings(spec: KitSpec, rulebook: Rulebook, resolution: Resolution, strict: bool) -> list[Finding]:
    """A warning (an error with --strict) for each count statement nothing links, a note for each waived one.

    A statement is covered when a link or a waiver takes it, when it restates a covered statement, or when it
    is a part of a linked total; a count of what the players bring (not in the box) is only noted.
    """
    findings = []
    severity = "error" if strict else "warning"
    linked = {link.statement.key for link in resolution.links}
    statements = {stmt.id: stmt for stmt in rulebook.statements}
    covered_ids = {stmt.id for stmt in rulebook.statements if from_scan(stmt, rulebook).key in linked}
    broken_down = {stmt.parent for stmt in rulebook.statements if stmt.id in covered_ids and stmt.parent}
    waived_notes: set[tuple[int, int]] = set()
    for stmt in rulebook.statements:
        if stmt.count is None:
            continue
        statement = from_scan(stmt, rulebook)
        if statement.key in linked:
            continue
        waiver = resolution.waived.get(statement.key)
        if waiver is not None:
            if (stmt.line, id(waiver)) not in waived_notes:  # one note for a table row's cells
                waived_notes.add((stmt.line, id(waiver)))
                findings.append(Finding("info", "waived", f"{statement.where}: \"{statement.short_quote}\" is waived: "
                                        f"{' '.join(waiver.reason.split())}", None, manifest_line(waiver.location),
                                        stmt.line, rulebook=statement.where))
            continue
        if stmt.id in broken_down or _covered(stmt, statements, covered_ids, resolution, rulebook):
            continue  # a total whose parts the kit links, a restatement, a part of a linked total
        if stmt.supplied_by:
            findings.append(Finding("info", "note", f"{statement.describe()} is supplied by the {stmt.supplied_by}s, "
                                    "not printed; not linked", None, shown(spec.manifest), stmt.line,
                                    rulebook=statement.where))
            continue
        findings.append(Finding(severity, "unlinked", f"{statement.describe()} is linked by no component; link it "
                                "with rule: or waive it with a reason", None, shown(spec.manifest), stmt.line, None,
                                stmt.count, min(statement.players) if statement.players else None,
                                rulebook=statement.where, quotes=(stmt.quote,)))
    return findings


def _covered(stmt, statements: dict, covered_ids: set[str], resolution: Resolution, rulebook: Rulebook) -> bool:
    seen = set()
    current = stmt
    while current is not None and current.id not in seen:  # a restatement of a restatement …
        seen.add(current.id)
        if current.id in covered_ids or from_scan(current, rulebook).key in resolution.waived:
            return True
        if current.parent and current.parent in covered_ids:  # a part of a linked total
            return True
        current = statements.get(current.restates) if current.restates else None
    return False


def reader_findings(rulebook: Rulebook, resolution: Resolution, strict: bool) -> list[Finding]:
    """The rulebook's own contradictions the reader found (parts that do not add up to their total, a count that
    is no multiple of its per-colour count, an enumeration of another length …), with the quotes on both sides.

    An error when it involves a statement the kit links, a warning (an error with --strict) otherwise; a waiver
    of one of its lines resolves it."""
    findings = []
    for found in rulebook.reading.findings:
        lines = tuple(dict.fromkeys((found.line, *found.lines)))
        quotes = tuple(_quote_on(rulebook, line) for line in lines)
        places = " and ".join(f"{rulebook.where(line)} \"{quote}\"" for line, quote in zip(lines, quotes))
        message = f"the rulebook contradicts itself ({found.kind}): {found.message}: {places}"
        waiver = next((resolution.waived_lines[line] for line in lines if line in resolution.waived_lines), None)
        where = rulebook.where(found.line)
        if found.kind in _NOT_CONTRADICTIONS:
            findings.append(Finding("info", "note", f"{where}: {found.message}", None, None, found.line,
                                    rulebook=where, quotes=quotes))
        elif waiver is not None:
            findings.append(Finding("info", "waived", f"{message}; waived: {' '.join(waiver.reason.split())}", None,
                                    manifest_line(waiver.location), found.line, rulebook=where, quotes=quotes))
        else:
            involved = [link for link in resolution.links if link.statement.line in lines]
            severity = "error" if involved or strict else "warning"
            component = involved[0].target.id if involved else None
            manifest = manifest_line(involved[0].rule.location) if involved else None
            findings.append(Finding(severity, "contradiction", message + ". Waive the statement the kit does not follow, "
                                    "with the reason", component, manifest, found.line, rulebook=where, quotes=quotes))
    return findings


def _quote_on(rulebook: Rulebook, line: int) -> str:
    """The count statements' words on a line, else the line itself."""
    quotes = [stmt.quote for stmt in rulebook.statements if stmt.line == line]
    text = " … ".join(dict.fromkeys(" ".join(q.split()) for q in quotes)) if quotes else rulebook.line_text(line)
    return text if len(text) <= 80 else text[:77].rstrip() + "…"


def unreadable_findings(spec: KitSpec, rulebook: Rulebook, resolution: Resolution, strict: bool) -> list[Finding]:
    """Numeric lines of a component list the kit links that the reader could not read: what they count is
    checked by nobody. A warning (an error with --strict), unless a link or a waiver quotes the line."""
    linked = linked_lines(resolution, rulebook)
    quoted = set(resolution.waived_lines)
    for link in resolution.links:
        if link.statement.line is not None:
            quoted.add(link.statement.line)
    for unresolved in resolution.unresolved:
        quoted |= set(_quote_lines(rulebook, unresolved.rule.quote))
    findings = []
    severity = "error" if strict else "warning"
    for line in rulebook.reading.unread:
        if line in quoted or not _in_linked_list(rulebook, line, linked):
            continue
        where = rulebook.where(line)
        text = rulebook.line_text(line)
        findings.append(Finding(severity, "unreadable", f"{where}: the rulebook reader cannot read the count in "
                                f"\"{text[:80]}\", a line of a component list the kit links; link it with a vouched "
                                "count: N, or waive it", None, shown(spec.manifest), line, rulebook=where,
                                quotes=(text,)))
    return findings


def _quote_lines(rulebook: Rulebook, quote: str) -> list[int]:
    lines = []
    for begin, end in rulebook.find(quote):
        lines += range(rulebook.line_at(begin), rulebook.line_at(max(begin, end - 1)) + 1)
    return lines


def _in_linked_list(rulebook: Rulebook, line: int, linked: set[int]) -> bool:
    """Whether a linked line is in the same list as `line`: no two blank lines in a row between them."""
    lines = rulebook.text.split("\n")
    for step in (-1, 1):
        blank = 0
        number = line + step
        while 1 <= number <= len(lines) and abs(number - line) <= 40:
            if not lines[number - 1].strip():
                blank += 1
                if blank >= 2:
                    break
            else:
                blank = 0
                if number in linked:
                    return True
            number += step
    return False


def named_list_findings(spec: KitSpec, rulebook: Rulebook, resolution: Resolution, strict: bool) -> list[Finding]:
    """A count followed by the names of what it counts must match the number of names."""
    linked: dict[Hashable, object] = {link.statement.key: link for link in resolution.links}
    reader_lines = {f.line for f in rulebook.reading.findings}
    findings = []
    for stmt in rulebook.statements:
        statement = from_scan(stmt, rulebook)
        if (statement.key in resolution.waived or stmt.qualifier != "exact" or stmt.per == PER_COLOUR
                or stmt.count is None or stmt.line in reader_lines):
            continue
        names, names_line = rulebook.named_items(stmt)
        if not names or len(names) == stmt.count:
            continue
        link = linked.get(statement.key)
        severity = "error" if link is not None or strict else "warning"
        shown_names = ", ".join(names) if len(names) <= 8 else ", ".join(names[:7]) + ", …"
        whose = f"{link.target.id}: " if link else ""  # type: ignore[attr-defined]
        where = rulebook.where(names_line)
        message = (f"{whose}the rulebook contradicts itself: {statement.describe()}, but {where} names "
                   f"{len(names)}: {shown_names}. Waive the statement, with the reason")
        findings.append(Finding(severity, "contradiction", message, link.target.id if link else None,  # type: ignore[attr-defined]
                                manifest_line(link.rule.location) if link else shown(spec.manifest),  # type: ignore[attr-defined]
                                stmt.line, len(names), stmt.count, rulebook=statement.where,
                                quotes=(stmt.quote, rulebook.line_text(names_line))))
    return findings
