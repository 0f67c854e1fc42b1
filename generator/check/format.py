"""Render a CheckReport as text (a table grouped by player count, then the findings) or as JSON."""

from __future__ import annotations

import json
from dataclasses import asdict

from generator.check.report import CheckReport, Row

_COLUMNS = ("component", "manifest", "rule", "line", "verdict")


def format_report(report: CheckReport, fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(_as_json(report), indent=2)
    return _as_text(report)


def _as_json(report: CheckReport) -> dict:
    return {
        "kit": report.kit,
        "consistent": report.consistent,
        "mode": report.mode,
        "rulebook": report.rulebook,
        "note": report.note or None,
        "players": list(report.players),
        "links": report.links,
        "waivers": report.waivers,
        "rows": [asdict(row) for row in report.rows],
        "findings": [asdict(finding) for finding in report.findings],
        "summary": report.summary(),
    }


def _as_text(report: CheckReport) -> str:
    out = [f"kit {report.kit}, {report.players_label} players"]
    if report.mode == "rulebook":
        out.append(f"rulebook: {report.rulebook} ({report.statements} count statements)")
    else:
        out.append(f"NOTE: {report.note}; counts were read from the manifest's quotes alone.")
    sections = [(None, f"every player count ({report.players_label})")]
    sections += [(n, f"{n} players") for n in report.players]
    for players, title in sections:
        rows = [row for row in report.rows if row.players == players]
        if rows:
            out += ["", f"{title}:"] + _table(rows)
    if report.findings:
        out += ["", "findings:"] + [f"  {finding}" for finding in report.findings]
    out += ["", report.summary()]
    return "\n".join(out)


def _table(rows: list[Row]) -> list[str]:
    cells = [list(_COLUMNS)] + [[_component(row), row.manifest, row.rule, row.line, row.verdict] for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(_COLUMNS))]
    right = {1, 2, 3}
    return ["  " + "  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                             for i, (cell, w) in enumerate(zip(line, widths))).rstrip()
            for line in cells]


def _component(row: Row) -> str:
    return row.component if row.role == "count" else f"{row.component} (setup)"
