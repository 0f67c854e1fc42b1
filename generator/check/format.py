"""Render a CheckReport as text (a table grouped by player count, then the findings) or as JSON (docs/rules.md
documents the JSON's fields)."""

from __future__ import annotations

import json
from dataclasses import asdict

from generator.check.report import KINDS, CheckReport, Row

_COLUMNS = ("component", "kit", "rule", "line", "evidence", "verdict")
JSON_VERSION = 2


def format_report(report: CheckReport, fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(as_json(report), indent=2, ensure_ascii=False)
    return _as_text(report)


def as_json(report: CheckReport) -> dict:
    links = report.links
    return {
        "version": JSON_VERSION,
        "kit": report.kit,
        "verdict": report.verdict,
        "consistent": report.consistent,
        "passes": report.passes(),
        "mode": report.mode,
        "rulebook": report.rulebook,
        "note": report.note or None,
        "players": list(report.players),
        "players_stated": report.players_stated,
        "box_players": report.box_players,
        "evidence": {
            "links": len(links),
            "read": report.read,
            "match": sum(1 for link in links if link.evidence == "read" and link.outcome == "match"),
            "mismatch": sum(1 for link in links if link.evidence == "read" and link.outcome == "mismatch"),
            "vouched": report.vouched,
            "unresolved": report.unresolved,
            "waived": report.waivers,
        },
        "counts": {kind: n for kind, n in report.kind_counts().items()},
        "links": [asdict(link) for link in links],
        "rows": [asdict(row) for row in report.rows],
        "findings": [_finding(finding) for finding in report.findings],
        "summary": report.summary(),
    }


def _finding(finding) -> dict:
    data = asdict(finding)
    data["quotes"] = list(finding.quotes)
    data["label"] = KINDS.get(finding.kind, (finding.kind,))[0]
    return data


def _as_text(report: CheckReport) -> str:
    if report.players_stated:
        out = [f"kit {report.kit}, {report.players_label} players"]
    else:
        out = [f"kit {report.kit}, player count not stated: box totals only"]
    if report.mode == "rulebook":
        out.append(f"rulebook: {report.rulebook} ({report.statements} count statement"
                   f"{'' if report.statements == 1 else 's'} read)")
    else:
        out.append(f"NOTE: {report.note}; counts were read from the manifest's quotes alone.")
    box = f"the box (the kit for {report.box_players} players)" if report.box_players and report.box_players > 1 else "the box"
    sections = [(None, f"every player count ({report.players_label}) and {box}" if report.players else box)]
    sections += [(n, f"{n} players") for n in report.players]
    for players, title in sections:
        rows = [row for row in report.rows if row.players == players]
        if rows:
            out += ["", f"{title}:"] + _table(rows)
    vouched = [link for link in report.links if link.evidence == "vouched"]
    if vouched:
        out += ["", "vouched (the designer's count:, not read from the rulebook):"]
        out += [f"  {link.manifest}: {link.component}: \"{_short(link.quote)}\" ({link.rule_count})" for link in vouched]
    if report.findings:
        out += ["", "findings:"] + [f"  {finding}" for finding in report.findings]
    out += ["", report.summary()]
    return "\n".join(out)


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 70 else text[:67].rstrip() + "…"


def _table(rows: list[Row]) -> list[str]:
    cells = [list(_COLUMNS)] + [[_component(row), row.manifest, row.rule, row.line, row.evidence, row.verdict]
                                for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(_COLUMNS))]
    right = {1, 2, 3}
    return ["  " + "  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                             for i, (cell, w) in enumerate(zip(line, widths))).rstrip()
            for line in cells]


def _component(row: Row) -> str:
    return row.component if row.role == "total" else f"{row.component} ({row.role})"
