"""What the rule check found: frozen Findings and table Rows gathered in a CheckReport.

`CheckReport.consistent` is False when any finding is an error; `summary()` is the one line `pnpgen build` prints.
"""

from __future__ import annotations

from dataclasses import dataclass

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    """One thing the check has to say, located in the manifest (file:line) and the rulebook (line)."""

    severity: str  # error | warning | info
    kind: str  # count | contradiction | total | setup | dangling | ambiguous | unlinked | list | waived | note
    message: str
    component: str | None = None
    manifest: str | None = None
    rulebook_line: int | None = None
    manifest_count: int | None = None
    rule_count: int | None = None
    players: int | None = None

    def __str__(self) -> str:
        where = f"{self.manifest}: " if self.manifest else ""
        return f"{where}{self.severity}: {self.message}"


@dataclass(frozen=True)
class Row:
    """One line of the report table: a linked statement (or setup demand) and its verdict."""

    players: int | None  # None: the same at every checked player count
    component: str
    manifest: str
    rule: str
    line: str
    verdict: str
    role: str = "count"


@dataclass(frozen=True)
class CheckReport:
    """The whole rule check of one kit: what was checked against what, the table rows and the findings."""

    kit: str
    mode: str  # "rulebook": quotes checked against the rulebook file; "quotes": the manifest's quotes alone
    rulebook: str | None
    note: str
    players: tuple[int, ...]
    links: int
    waivers: int
    statements: int
    rows: tuple[Row, ...]
    findings: tuple[Finding, ...]

    @property
    def consistent(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    @property
    def players_label(self) -> str:
        return players_label(self.players)

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def summary(self) -> str:
        errors, warnings = self.count("error"), self.count("warning")
        if errors:
            return f"rule check: {errors} mismatch{'es' if errors != 1 else ''} (run pnpgen check)"
        if not self.links and self.mode == "quotes":
            return "rule check: nothing to check (no rule links and no rulebook)"
        players = "player" if self.players == (1,) else "players"
        parts = [f"rule check: {self.links} link{'s' if self.links != 1 else ''}, "
                 f"all consistent for {self.players_label} {players}"]
        if self.waivers:
            parts.append(f"{self.waivers} waiver{'s' if self.waivers != 1 else ''}")
        if warnings:
            parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
        if self.mode == "quotes":
            parts.append("quotes only (no rulebook)")
        return "; ".join(parts)


def players_label(players: tuple[int, ...]) -> str:
    if not players:
        return "no"
    if len(players) == 1:
        return str(players[0])
    return f"{players[0]}-{players[-1]}"
