"""The checks proper: counts, contradictions, totals and setup supply (the rulebook-wide ones, unlinked
statements and named lists, are in coverage.py).

Contract: `run_checks(spec, rulebook, resolution, players, strict)` returns (rows, findings); it reads the
frozen inputs only. Counts are compared per player count; a statement without multiplier or player count
("50 Slave markers") counts the whole box, so per-player components are counted at the kit's maximum.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable

from generator.check.coverage import named_list_findings, unlinked_findings
from generator.check.links import Link, Resolution, Statement, manifest_line
from generator.check.report import Finding, Row
from generator.check.rulebook import Rulebook
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.model import printed_count

Point = int | None  # a player count, or None for a whole-box statement


@dataclass(frozen=True)
class Group:
    """Every link from components to one statement in one role (their counts add up)."""

    statement: Statement
    role: str
    only_players: int | None
    links: tuple[Link, ...]

    @property
    def components(self) -> tuple[ComponentSpec, ...]:
        return tuple({link.component.id: link.component for link in self.links}.values())

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.components)

    @property
    def label(self) -> str:
        return "+".join(c.id for c in self.components)

    @property
    def location(self) -> str:
        return manifest_line(self.links[0].rule.location)

    @property
    def box(self) -> bool:
        """True when the statement counts the whole game, whatever the player count."""
        stmt = self.statement
        return stmt.multiplier is None and stmt.players is None and self.only_players is None

    def applies(self, players: int) -> bool:
        return (self.statement.players in (None, players)) and (self.only_players in (None, players))


@dataclass(frozen=True)
class Measure:
    """A group's manifest count against the rule's count at one point."""

    point: Point
    actual: int
    expected: int
    severity: str | None  # None when they agree
    verdict: str


def group_links(links: Iterable[Link]) -> list[Group]:
    grouped: dict[tuple, list[Link]] = {}
    for link in links:
        key = (link.statement.key, link.rule.role, link.rule.players if link.statement.players is None else None)
        grouped.setdefault(key, []).append(link)
    return [Group(items[0].statement, key[1], key[2], tuple(items)) for key, items in grouped.items()]


def run_checks(spec: KitSpec, rulebook: Rulebook, resolution: Resolution, players: tuple[int, ...],
               strict: bool) -> tuple[list[Row], list[Finding]]:
    groups = group_links(resolution.links)
    live = [g for g in groups if g.statement.key not in resolution.waived]
    rows, findings = _waived_rows(groups, resolution)
    checker = _Checker(spec, players)
    count_groups = [g for g in live if g.role == "count"]
    measures = {id(g): checker.measure(g) for g in count_groups}
    explained, contradictions = checker.contradictions(count_groups, measures)
    findings += contradictions
    for total, finding in checker.totals(count_groups, measures):
        findings.append(finding)
        explained[id(total)] = "PARTS ≠ TOTAL"  # the rulebook's fault: that finding says it all
    for group in count_groups:
        group_measures = measures[id(group)]
        if isinstance(group_measures, Finding):
            findings.append(group_measures)
            continue
        rows += checker.count_rows(group, group_measures, explained.get(id(group)))
        if id(group) not in explained:
            findings += checker.count_findings(group, group_measures)
    setup_rows, setup_findings = checker.setup([g for g in live if g.role == "setup"])
    rows += setup_rows
    findings += setup_findings
    if not rulebook.synthetic:
        linked = {link.statement.key for link in resolution.links}
        findings += unlinked_findings(spec, rulebook, linked, resolution.waived, strict)
        findings += named_list_findings(spec, rulebook, groups, resolution.waived, strict)
    return rows, findings


def _waived_rows(groups: list[Group], resolution: Resolution) -> tuple[list[Row], list[Finding]]:
    rows, findings = [], []
    for group in groups:
        waiver = resolution.waived.get(group.statement.key)
        if waiver is None:
            continue
        stmt = group.statement
        rows.append(Row(None, group.label, "-", str(stmt.count), _line_text(stmt), "waived", group.role))
        findings.append(Finding("info", "waived", f"{group.label}: {stmt.where} {stmt.describe()} is waived "
                                f"({manifest_line(waiver.location)}): {' '.join(waiver.reason.split())}", group.label,
                                group.location,
                                stmt.line))
    return rows, findings


def _line_text(stmt: Statement) -> str:
    return "-" if stmt.line is None else str(stmt.line)


class _Checker:
    def __init__(self, spec: KitSpec, players: tuple[int, ...]):
        self.spec, self.players = spec, players

    # -- counts (check 1) ---------------------------------------------------------------------------
    def colours(self, group: Group) -> int | None:
        if group.statement.colours:
            return group.statement.colours
        sizes = {len(c.per_colour) for c in group.components if c.per_colour}
        return sizes.pop() if len(sizes) == 1 else None

    def expected(self, group: Group, point: Point) -> int | None:
        """What the rule asks for at a player count (None when the statement does not apply there)."""
        stmt = group.statement
        if point is not None and not group.applies(point):
            return None
        if stmt.multiplier == "per_player":
            return stmt.count * (point if point is not None else self.spec.players_max)
        if stmt.multiplier == "per_colour":
            colours = self.colours(group)
            return None if colours is None else stmt.count * colours
        return stmt.count

    def actual(self, group: Group, point: Point) -> int:
        players = self.spec.players_max if point is None else point
        return sum(printed_count(c, players) for c in group.components)

    def points(self, group: Group) -> list[Point]:
        return [None] if group.box else [n for n in self.players if group.applies(n)]

    def measure(self, group: Group) -> list[Measure] | Finding:
        stmt = group.statement
        if stmt.multiplier == "per_colour" and self.colours(group) is None:
            return Finding("error", "count", f"{group.label}: {stmt.where} {stmt.describe()} counts per colour, but "
                           "neither it nor the component says how many colours (give the component per_colour:)",
                           group.label, group.location, stmt.line)
        measures = []
        for point in self.points(group):
            expected, actual = self.expected(group, point), self.actual(group, point)
            severity, verdict = _verdict(stmt.qualifier, actual, expected)
            measures.append(Measure(point, actual, expected, severity, verdict))
        return measures

    def count_rows(self, group: Group, measures: list[Measure], explained: str | None) -> list[Row]:
        line = _line_text(group.statement)
        rows = []
        for players, manifest, rule, verdict in _collapse(measures, self.players):
            verdict = explained if explained and not verdict.startswith("ok") else verdict
            rows.append(Row(players, group.label, manifest, rule, line, verdict, "count"))
        return rows

    def count_findings(self, group: Group, measures: list[Measure]) -> list[Finding]:
        wrong = [m for m in measures if m.severity is not None]
        if not wrong:
            return []
        first, stmt = wrong[0], group.statement
        at = "" if first.point is None else f" for {first.point} players"
        if first.point is None and any(c.per_player for c in group.components):
            at = f" (per-player components counted for the kit's maximum of {self.spec.players_max} players)"
        others = [m.point for m in wrong[1:] if m.point is not None]
        also = f"; wrong too for {_join(others)} players" if others else ""
        that_is = f", that is {first.expected}" if first.expected != stmt.count else ""
        message = (f"{group.label}: the manifest has {self.actual_text(group, first.point)}{at}, but {stmt.where} "
                   f"says {stmt.describe()}{that_is}{also}{self.hint(group)}")
        severity = "error" if any(m.severity == "error" for m in wrong) else "warning"
        return [Finding(severity, "count", message, group.label, group.location, stmt.line, first.actual,
                        first.expected, first.point)]

    def actual_text(self, group: Group, point: Point) -> str:
        players = self.spec.players_max if point is None else point
        total = self.actual(group, point)
        if len(group.components) == 1:
            return str(total)
        parts = " + ".join(f"{c.id} {printed_count(c, players)}" for c in group.components)
        return f"{total} ({parts})"

    def hint(self, group: Group) -> str:
        stmt = group.statement
        if stmt.multiplier == "per_player" and not any(c.per_player for c in group.components):
            return ". The rule counts per player: is per_player: true missing?"
        if stmt.multiplier == "per_colour" and stmt.colours and any(
                c.per_colour and len(c.per_colour) != stmt.colours for c in group.components):
            return f". The rule names {stmt.colours} colours; check per_colour:"
        return ""

    # -- contradictions (check 7) -------------------------------------------------------------------
    def contradictions(self, groups: list[Group], measures: dict) -> tuple[dict[int, str], list[Finding]]:
        """Statements about the same components that cannot both hold; the manifest can follow only one."""
        explained: dict[int, str] = {}
        findings = []
        by_components: dict[frozenset[str], list[Group]] = {}
        for group in groups:
            if not isinstance(measures[id(group)], Finding):
                by_components.setdefault(group.ids, []).append(group)
        for bucket in by_components.values():
            for first, second in combinations(bucket, 2):
                if "exact" != first.statement.qualifier or "exact" != second.statement.qualifier:
                    continue
                differ = self.disagreement(first, second)
                if differ is None:
                    continue
                point, one, other = differ
                fine = [g for g in (first, second) if all(m.severity is None for m in measures[id(g)])]
                wrong = [g for g in (first, second) if g not in fine]
                if fine:
                    explained.update({id(g): "CONTRADICTION" for g in wrong})
                findings.append(self.contradiction(first, second, point, one, other, fine))
        return explained, findings

    def disagreement(self, first: Group, second: Group) -> tuple[Point, int, int] | None:
        points = [self.spec.players_max] if first.box or second.box else list(self.players)
        for point in points:
            one, other = self.expected(first, point), self.expected(second, point)
            if one is not None and other is not None and one != other:
                return point, one, other
        return None

    def contradiction(self, first: Group, second: Group, point: int, one: int, other: int, fine: list[Group]) -> Finding:
        a, b = first.statement, second.statement
        follows = (f"the manifest ({self.actual(first, point)}) follows {fine[0].statement.where}" if fine
                   else f"the manifest ({self.actual(first, point)}) follows neither")
        wrong = next((g for g in (first, second) if g not in fine), second)
        a_is = f", that is {one}" if one != a.count else ""
        b_is = f", that is {other}" if other != b.count else ""
        message = (f"{first.label}: the rulebook contradicts itself for {point} players: {a.where} says {a.describe()}"
                   f"{a_is}, but {b.where} says {b.describe()}{b_is}; {follows}. "
                   "Waive the statement you do not follow, with the reason")
        return Finding("error", "contradiction", message, first.label, manifest_line(wrong.links[0].rule.location),
                       wrong.statement.line, self.actual(first, point), self.expected(wrong, point), point)

    # -- totals (check 4) ---------------------------------------------------------------------------
    def totals(self, groups: list[Group], measures: dict) -> list[tuple[Group, Finding]]:
        """Totals ("Play Deck (101 cards)") against the part statements linked by the same components."""
        findings = []
        for total in (g for g in groups if g.statement.is_total and not isinstance(measures[id(g)], Finding)):
            parts = [g for g in groups if g is not total and not g.statement.is_total and g.ids <= total.ids
                     and not isinstance(measures[id(g)], Finding)]
            if not parts:
                continue  # no part statements linked: check 1 already compares the total with the components
            for point in self.points(total):
                finding = self.total_at(total, parts, point)
                if finding is not None:
                    findings.append((total, finding))
                    break
        return findings

    def total_at(self, total: Group, parts: list[Group], point: Point) -> Finding | None:
        expected = self.expected(total, point)
        terms, covered, sum_parts = [], set(), 0
        for part in parts:
            value = self.expected(part, point)
            if value is None or part.ids & covered:
                continue
            covered |= part.ids
            sum_parts += value
            terms.append(f"{value} ({part.statement.where})")
        players = self.spec.players_max if point is None else point
        for component in total.components:
            if component.id not in covered:
                value = printed_count(component, players)
                sum_parts += value
                terms.append(f"{value} ({component.id}, manifest: no part statement linked)")
        if expected is None or sum_parts == expected:
            return None
        stmt = total.statement
        at = "" if point is None else f" for {point} players"
        manifest = self.actual(total, point)
        message = (f"{total.label}: the rulebook contradicts itself: {stmt.where} says the total is {stmt.describe()}, "
                   f"but its parts add up to {sum_parts}{at}: {' + '.join(terms)} (the manifest has {manifest})")
        return Finding("error", "total", message, total.label, total.location, stmt.line, sum_parts, expected,
                       point)

    # -- setup (check 5) ----------------------------------------------------------------------------
    def setup(self, groups: list[Group]) -> tuple[list[Row], list[Finding]]:
        """Setup demands drawn from the same components must fit in their supply at every player count."""
        rows, findings = [], []
        buckets: dict[frozenset[str], list[Group]] = {}
        for group in groups:
            buckets.setdefault(group.ids, []).append(group)
        for bucket in buckets.values():
            measures, short = [], []
            for players in self.players:
                demands = [(g, self.expected(g, players)) for g in bucket]
                demands = [(g, value) for g, value in demands if value is not None]
                if not demands:
                    continue
                demand = sum(value for _, value in demands)
                supply = self.actual(bucket[0], players)
                ok = supply >= demand
                measures.append(Measure(players, supply, demand, None if ok else "error", "ok" if ok else "SHORT"))
                if not ok:
                    short.append((players, demand, supply, demands))
            label = bucket[0].label
            lines = ",".join(dict.fromkeys(_line_text(g.statement) for g in bucket))
            for players, manifest, rule, verdict in _collapse(measures, self.players):
                rows.append(Row(players, label, manifest, rule, lines, verdict, "setup"))
            if short:
                findings.append(self.setup_finding(bucket, short))
        return rows, findings

    def setup_finding(self, bucket: list[Group], short: list) -> Finding:
        players, demand, supply, demands = short[0]
        terms = " + ".join(f"{value} ({g.statement.where}: {g.statement.describe()})" for g, value in demands)
        others = [s[0] for s in short[1:]]
        also = f"; short too for {_join(others)} players" if others else ""
        first = demands[0][0]
        takes = f"{demand} = {terms}" if len(demands) > 1 else terms
        message = f"{first.label}: setup for {players} players takes {takes}, but the kit has only {supply}{also}"
        return Finding("error", "setup", message, first.label, first.location, first.statement.line, supply, demand,
                       players)


def _verdict(qualifier: str, actual: int, expected: int) -> tuple[str | None, str]:
    if qualifier == "at_least":
        return (None, "ok (at least)") if actual >= expected else ("error", "TOO FEW")
    if qualifier == "at_most":
        # The game may use up to the maximum, so fewer breaks it; more is only waste.
        if actual < expected:
            return "error", "TOO FEW"
        return (None, "ok") if actual == expected else ("warning", "MORE THAN MAX")
    return (None, "ok") if actual == expected else ("error", "MISMATCH")


def _collapse(measures: list[Measure], checked: tuple[int, ...]) -> list[tuple[Point, str, str, str]]:
    """Table rows for a group: one row when each side is constant or scales with N, else one per player count.

    A statement for some player counts only (a table cell) keeps its rows under those counts.
    """
    if not measures:
        return []
    if measures[0].point is not None and len(measures) < len(checked):
        return [(m.point, str(m.actual), str(m.expected), m.verdict) for m in measures]
    manifest = _formula([(m.point, m.actual) for m in measures])
    rule = _formula([(m.point, m.expected) for m in measures])
    if manifest is not None and rule is not None and len({m.verdict for m in measures}) == 1:
        return [(None, manifest, rule, measures[0].verdict)]
    return [(m.point, str(m.actual), str(m.expected), m.verdict) for m in measures]


def _formula(values: list[tuple[Point, int]]) -> str | None:
    """'12' when a value is the same at every player count, '3×N' when it is 3 per player, else None."""
    if len({value for _, value in values}) == 1:
        return str(values[0][1])
    if all(point for point, _ in values) and len({value / point for point, value in values}) == 1:
        per_player = values[0][1] / values[0][0]
        if per_player.is_integer():
            return f"{int(per_player)}×N"
    return None


def _join(numbers: list) -> str:
    return ", ".join(str(n) for n in numbers)
