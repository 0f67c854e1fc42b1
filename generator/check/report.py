"""What the rule check found: frozen Findings, table Rows and the evidence of every link, gathered in a CheckReport.

Every link is *read* (the rulebook reader read the quoted statement and its count), *vouched* (only the
designer's `count:` stands behind it) or *unresolved* (its quote is missing or states no count); waivers are
counted apart. `CheckReport.consistent` is False when any finding is an error; `verdict` says how much the
check proves; `summary()` is the one line `pnpgen build` and `pnpgen check` print.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from generator.vocabulary import Role

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = get_args(Severity)
# What a finding is about: the kinds the summary counts (KINDS), then the info kinds it does not.
FindingKind = Literal["mismatch", "contradiction", "dangling", "unreadable", "unlinked", "unused-waiver", "players",
                      "link", "unlinked-component", "waived", "unlisted", "note"]

# Kinds of finding, as the summary counts them (singular, plural). Info kinds (waived, unlisted, note) are
# not counted.
KINDS: dict[FindingKind, tuple[str, str]] = {
    "mismatch": ("mismatch", "mismatches"),
    "contradiction": ("rulebook contradiction", "rulebook contradictions"),
    "dangling": ("dangling quote", "dangling quotes"),
    "unreadable": ("unreadable count", "unreadable counts"),
    "unlinked": ("unlinked statement", "unlinked statements"),
    "unused-waiver": ("unused waiver", "unused waivers"),
    "players": ("player count not stated", "player count not stated"),
    "link": ("bad link", "bad links"),
    "unlinked-component": ("component without a link", "components without a link"),
}
INFO_KINDS: tuple[FindingKind, ...] = ("waived", "unlisted", "note")


@dataclass(frozen=True)
class Finding:
    """One thing the check has to say, located in the manifest (file:line) and the rulebook (where)."""

    severity: Severity
    kind: FindingKind  # a key of KINDS, or waived | unlisted | note
    message: str
    component: str | None = None
    manifest: str | None = None
    rulebook_line: int | None = None  # line of the rulebook's text (see `rulebook` for the place in the file)
    manifest_count: int | None = None
    rule_count: int | None = None
    players: int | None = None
    rulebook: str | None = None  # 'rules.txt:12', 'rules.pdf:p4:12'
    quotes: tuple[str, ...] = ()  # the rulebook's words involved (both sides of a contradiction)

    def __str__(self) -> str:
        where = f"{self.manifest}: " if self.manifest else ""
        return f"{where}{self.severity}: {self.message}"


@dataclass(frozen=True)
class Row:
    """One line of the report table: a linked statement (or setup demand) and its verdict."""

    players: int | None  # None: the same at every checked player count (or a box total)
    component: str
    manifest: str
    rule: str
    line: str
    verdict: str
    role: Role = "total"
    evidence: str = "read"  # read | vouched


@dataclass(frozen=True)
class LinkRecord:
    """One link of the manifest (a component's or a deck row's) and what stands behind it."""

    component: str  # the component's id, or 'deck[row]' for a deck row's link
    manifest: str  # file:line of the link
    quote: str
    role: Role
    evidence: str  # read | vouched | unresolved
    outcome: str  # match | mismatch | waived | unchecked
    rulebook: str | None = None  # where the statement is
    rule_count: int | None = None


@dataclass(frozen=True)
class CheckReport:
    """The whole rule check of one kit: what was checked against what, the links' evidence, rows and findings."""

    kit: str
    mode: str  # "rulebook": quotes checked against the rulebook file; "quotes": the manifest's quotes alone
    rulebook: str | None
    note: str
    players: tuple[int, ...]  # the player counts checked; () when the kit states none
    links: tuple[LinkRecord, ...]
    waivers: int  # waivers that waive a statement
    statements: int
    rows: tuple[Row, ...]
    findings: tuple[Finding, ...]
    players_stated: bool = True
    box_players: int | None = None  # the player count whose built kit is compared with box totals
    strict: bool = False

    # -- the links' evidence ------------------------------------------------------------------------------
    def _links(self, evidence: str, outcome: str | None = None) -> int:
        return sum(1 for link in self.links if link.evidence == evidence and (outcome is None or link.outcome == outcome))

    @property
    def read(self) -> int:
        return self._links("read")

    @property
    def vouched(self) -> int:
        return self._links("vouched")

    @property
    def unresolved(self) -> int:
        return self._links("unresolved")

    # -- verdict ---------------------------------------------------------------------------------------------
    @property
    def consistent(self) -> bool:
        """No finding is an error."""
        return not any(f.severity == "error" for f in self.findings)

    @property
    def verdict(self) -> str:
        """failed | unverified (a rulebook, nothing read) | no-rulebook | partly-verified | consistent."""
        if not self.consistent:
            return "failed"
        if self.mode == "quotes":
            return "no-rulebook"
        if self.read == 0:
            return "unverified"
        if self.vouched or self.unresolved:
            return "partly-verified"
        return "consistent"

    def passes(self, strict: bool | None = None) -> bool:
        """Whether the check passes: no error, and with --strict something read from the rulebook."""
        strict = self.strict if strict is None else strict
        return self.consistent and not (strict and self.verdict == "unverified")

    @property
    def players_label(self) -> str:
        return players_label(self.players)

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def kind_counts(self) -> dict[str, int]:
        """Errors and warnings by kind, in KINDS order."""
        counts = {kind: 0 for kind in KINDS}
        for finding in self.findings:
            if finding.severity != "info" and finding.kind in counts:
                counts[finding.kind] += 1
        return {kind: n for kind, n in counts.items() if n}

    # -- the one line -------------------------------------------------------------------------------------
    def evidence_line(self) -> str:
        """'23 links — 21 read from the rulebook (20 match, 1 mismatch), 2 vouched (not verified), 1 waived'."""
        matches, mismatches = self._links("read", "match"), self._links("read", "mismatch")
        waived_links, unchecked = self._links("read", "waived"), self._links("read", "unchecked")
        outcomes = [f"{matches} match", f"{mismatches} {_plural(mismatches, 'mismatch', 'mismatches')}"]
        if waived_links:
            outcomes.append(f"{waived_links} on waived statements")
        if unchecked:
            outcomes.append(f"{unchecked} not for {'these players' if self.players else 'the box'}")
        source = "from the rulebook" if self.mode == "rulebook" else "from the manifest's quotes"
        text = (f"{len(self.links)} {_plural(len(self.links), 'link', 'links')} — {self.read} read {source} "
                f"({', '.join(outcomes)}), {self.vouched} vouched (not verified)")
        if self.unresolved:
            text += f", {self.unresolved} unresolved"
        return text + f", {self.waivers} waived"

    def findings_line(self) -> str:
        counts = self.kind_counts()
        return ", ".join(f"{n} {KINDS[kind][0 if n == 1 else 1]}" for kind, n in counts.items())

    def verdict_line(self) -> str:
        scope = f"for {self.players_label} {'player' if self.players == (1,) else 'players'}" if self.players_stated \
            else "for the box totals (player count not stated)"
        verdict = self.verdict
        if verdict == "failed":
            errors = self.count("error")
            return f"FAILED {scope}: {errors} {_plural(errors, 'error', 'errors')} (run pnpgen check)"
        if verdict == "no-rulebook":
            return f"NOT VERIFIED {scope}: no rulebook, counts read from the manifest's quotes"
        if verdict == "unverified":
            return f"UNVERIFIED {scope}: nothing was read from the rulebook"
        if verdict == "partly-verified":
            unchecked = self.vouched + self.unresolved
            return f"consistent {scope} where read; {unchecked} {_plural(unchecked, 'count', 'counts')} not verified"
        return f"all consistent {scope}"

    def summary(self, kit: bool = True) -> str:
        """`kit X: 23 links — 21 read from the rulebook (20 match, 1 mismatch), 2 vouched (not verified), 1 waived;
        findings: 1 mismatch; FAILED for 3-5 players: 1 error (run pnpgen check)`."""
        parts = [self.evidence_line()]
        found = self.findings_line()
        if found:
            parts.append(f"findings: {found}")
        parts.append(self.verdict_line())
        line = "; ".join(parts)
        return f"kit {self.kit}: {line}" if kit else f"rule check: {line}"


def players_label(players: tuple[int, ...]) -> str:
    if not players:
        return "no"
    if len(players) == 1:
        return str(players[0])
    return f"{players[0]}-{players[-1]}"


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many
