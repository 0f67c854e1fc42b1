"""What a rule link resolves to: a rulebook Statement (the reader's reading of it, or the designer's vouched
count), the Link that ties a manifest target to it with its evidence (read | vouched), and the Resolution of all
of a kit's links and waivers that links.py makes. Entry points: Statement, Link, Resolution, from_scan."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Hashable

from generator.check.counts import Target
from generator.check.report import Finding, FindingKind
from generator.check.rulebook import Rulebook
from generator.manifest.spec import Location, RuleLink, Waiver
from generator.rules.scan import CountStatement
from generator.vocabulary import PERS, Category, Per, Role

_LIST_MARKER = re.compile(r"^\s*[-–•*]\s+")
_PLAYER_CONDITION = re.compile(r"^\s*(?P<a>\d+)\s*(?:(?:-|–|to)\s*(?P<b>\d+))?\s*(?P<plus>\+)?\s*players?\s*$", re.I)
CATEGORY_SPELLINGS = {"color": "colour", "colors": "colour", "colours": "colour", "sides": "side", "teams": "side",
                      "team": "side", "players": "player"}


@dataclass(frozen=True)
class Statement:
    """A count statement as the checker compares it: one the reader read, or a link's vouched `count:`."""

    count: int | None
    qualifier: str
    noun: str
    quote: str
    line: int | None  # None when there is no rulebook to point into
    where: str  # 'rules.txt:12', 'rules.pdf:p4:12', or 'the manifest quote'
    key: Hashable
    evidence: str  # read | vouched
    per: Per | Category | None = None  # player | colour | side | a category word
    per_count: int | None = None
    condition: str | None = None
    role: Role | None = None  # the reader's
    id: str | None = None
    parent: str | None = None
    derivation: str | None = None

    @property
    def players(self) -> frozenset[int] | None:
        """The player counts a condition such as '3 players' or '4-5 players' limits the statement to."""
        if not self.condition:
            return None
        match = _PLAYER_CONDITION.match(self.condition)
        if match is None:
            return None
        low = int(match.group("a"))
        high = int(match.group("b") or (low + 50 if match.group("plus") else low))
        return frozenset(range(low, high + 1))

    @property
    def variant(self) -> str | None:
        """A condition that is not a player count ('Map size: Large', 'variant: Short game')."""
        return self.condition if self.condition and self.players is None else None

    @property
    def short_quote(self) -> str:
        quote = " ".join(_LIST_MARKER.sub("", self.quote).split())
        return quote if len(quote) <= 70 else quote[:67].rstrip() + "…"

    def amount(self, per: str | None = None, per_count: int | None = None, qualifier: str | None = None) -> str:
        """'50 per player', 'at least 20', '3 per colour × 4 colours', '12 for 4 players'."""
        qualifier = qualifier or self.qualifier
        amount = {"at_least": "at least ", "at_most": "at most ", "about": "about "}.get(qualifier, "")
        amount += "an unspecified number" if self.count is None else str(self.count)
        per = per if per is not None else self.per
        per_count = per_count if per_count is not None else self.per_count
        if per:
            amount += f" per {per}" + (f" × {per_count} {_plural(per, per_count)}" if per_count and per != "player" else "")
        if self.condition:
            amount += f" for {self.condition}" if self.players else f" ({self.condition})"
        return amount

    def describe(self, per: str | None = None, per_count: int | None = None, qualifier: str | None = None) -> str:
        """'rules.txt:6 "50xN Peasant/Noble markers" (50 per player)' — short enough for a message."""
        return f'{self.where} "{self.short_quote}" ({self.amount(per, per_count, qualifier)})'


@dataclass(frozen=True)
class Link:
    """One link resolved: what it counts (`target`), the statement it means, and what the count is per."""

    target: Target
    rule: RuleLink
    statement: Statement
    per: Per | Category | None
    per_count: int | None
    claimed: int | None = None  # the link's own count: when it differs from the count the reader read
    qualifier: str = "exact"  # the statement's, or the link's when its quote's words say so

    @property
    def evidence(self) -> str:
        return self.statement.evidence

    @property
    def role(self) -> str:
        return self.rule.role


@dataclass(frozen=True)
class Unresolved:
    """A link that means no statement the check can compare (its quote is missing, or states no count)."""

    target: Target
    rule: RuleLink
    kind: FindingKind  # the finding it gives: dangling, unreadable or link


@dataclass(frozen=True)
class Resolution:
    links: tuple[Link, ...]
    unresolved: tuple[Unresolved, ...]
    waived: dict[Hashable, Waiver]  # statement key -> the waiver covering it
    findings: tuple[Finding, ...]
    waivers_used: int
    waived_lines: dict[int, Waiver] = field(default_factory=dict)  # rulebook lines a waiver quotes


def manifest_line(location: Location) -> str:
    """file:line, the form every message uses."""
    return f"{location.path}:{location.line}" if location.line is not None else location.path


def from_scan(stmt: CountStatement, rulebook: Rulebook) -> Statement:
    line = None if rulebook.synthetic else stmt.line
    return Statement(stmt.count, stmt.qualifier, stmt.component, stmt.quote, line, rulebook.where(line),
                     ("read", stmt.id, stmt.line, stmt.column), "read", _category(stmt.per), stmt.per_count,
                     stmt.condition, stmt.role, stmt.id, stmt.parent)


def _category(per: str | None) -> Per | Category | None:
    """The reader's `per` as a word of the vocabulary, or a category of the rulebook's own (kind, suit …)."""
    if per is None:
        return None
    per = per.lower()
    per = CATEGORY_SPELLINGS.get(per, per)
    return per if per in PERS else Category(per)


def _plural(per: str, n: int | None) -> str:
    if n == 1:
        return per
    return {"colour": "colours", "side": "sides"}.get(per, per + "s")
