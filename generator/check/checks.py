"""The checks proper: each linked statement against the built kit, parts against their totals, statements about
the same components against each other, setup demands against the supply (the rulebook-wide checks — unlinked
statements, the reader's own findings, unreadable list lines — are in coverage.py).

Contract: `run_checks(context, resolution)` returns (rows, findings, outcomes): the table rows, the findings, and
for each link (by id) match | mismatch | waived | unchecked. Counts come from the built kit (`KitCounts`): a
statement per player (or for one player count) is compared at each checked player count; any other statement
counts the whole box, compared with the kit built for `box_players` (the kit's largest player count).
"""

from __future__ import annotations


from generator.check.evidence import Resolution, Statement, manifest_line
from generator.check.report import Finding, Row
from generator.check.rulebook import Rulebook
from generator.vocabulary import PER_COLOUR, PER_PLAYER, PER_SIDE
from generator.check.consistency import Consistency
from generator.check.groups import Context, Group, Measure, Point, _as_parts, group_links
from generator.check.verdicts import _amount, _by_variant, _collapse, _join, _mark, _verdict, _where

def run_checks(context: Context, resolution: Resolution) -> tuple[list[Row], list[Finding], dict[int, str]]:
    groups = _as_parts(group_links(resolution.links))
    outcomes: dict[int, str] = {}
    rows, findings = _waived_rows(context.rulebook, groups, resolution, outcomes)
    live = [g for g in groups if g.statement.key not in resolution.waived]
    live, unplayable = _without_players(context, live, outcomes)
    findings += unplayable
    checker = _Checker(context)
    totals = [g for g in live if g.role == "total"]
    measures = {id(g): checker.measure(g) for g in totals + [g for g in live if g.role == "part"]}
    explained, contradictions = checker.contradictions(totals, measures)
    findings += contradictions
    for total, finding in checker.totals(totals, measures):
        findings.append(finding)
        explained[id(total)] = "PARTS ≠ TOTAL"  # the rulebook's fault: that finding says it all
    for group in totals:
        group_measures = measures[id(group)]
        if isinstance(group_measures, Finding):
            findings.append(group_measures)
            _mark(outcomes, group, "mismatch")
            continue
        rows += checker.count_rows(group, group_measures, explained.get(id(group)))
        wrong = any(m.severity == "error" for m in group_measures)
        if id(group) not in explained:
            findings += checker.count_findings(group, group_measures)
        _mark(outcomes, group, "mismatch" if wrong else "match" if group_measures else "unchecked")
    part_rows, part_findings = checker.parts([g for g in live if g.role == "part"], totals,
                                             [g for g in live if g.role == "setup"], measures, outcomes)
    rows += part_rows
    findings += part_findings
    setup_rows, setup_findings = checker.setup([g for g in live if g.role == "setup"], outcomes)
    rows += setup_rows
    findings += setup_findings
    for link in resolution.links:  # a link whose own count: the rulebook contradicts never matches
        if link.claimed is not None:
            outcomes[id(link)] = "mismatch"
    return rows, findings, outcomes




def _without_players(context: Context, groups: list[Group], outcomes: dict[int, str]
                     ) -> tuple[list[Group], list[Finding]]:
    """A kit stating no player count checks box totals only: a per-player link is an error."""
    if context.spec.players_stated:
        return groups, []
    kept, findings = [], []
    for group in groups:
        if not group.per_player:
            kept.append(group)
            continue
        why = "counts per player" if group.per == PER_PLAYER else "holds for a player count"
        findings.append(Finding("error", "link", f"{group.label}: {group.describe()} {why}, but the kit states no "
                                "player count (kit.players); state the players the kit is for, or link a box total",
                                group.label, group.location, group.statement.line, rulebook=_where(group.statement)))
        _mark(outcomes, group, "unchecked")
    return kept, findings


def _waived_rows(rulebook: Rulebook, groups: list[Group], resolution: Resolution, outcomes: dict[int, str]
                 ) -> tuple[list[Row], list[Finding]]:
    rows, findings = [], []
    for group in groups:
        waiver = resolution.waived.get(group.statement.key)
        if waiver is None:
            continue
        stmt = group.statement
        _mark(outcomes, group, "waived")
        rows.append(Row(None, group.label, "-", _amount(stmt.count), _line_text(rulebook, stmt), "waived", group.role,
                        group.evidence))
        findings.append(Finding("info", "waived", f"{group.label}: {group.describe()} is waived "
                                f"({manifest_line(waiver.location)}): {' '.join(waiver.reason.split())}", group.label,
                                group.location, stmt.line, rulebook=_where(stmt)))
    return rows, findings




def _line_text(rulebook: Rulebook, stmt: Statement) -> str:
    return rulebook.short_where(stmt.line)




class _Checker(Consistency):
    def __init__(self, context: Context):
        self.context = context
        self.spec, self.players, self.box_players = context.spec, context.players, context.box_players

    # -- counts -----------------------------------------------------------------------------------------
    def multiplier(self, group: Group) -> int | None:
        """What a count per colour, side or kind is multiplied by (None: not known)."""
        per, per_count = group.per, group.per_count
        if per in (None, PER_PLAYER):
            return 1
        if per_count:
            return per_count
        if per == PER_COLOUR:
            sizes = {len(t.component.per_colour) for t in group.targets if t.component.per_colour}
            if len(sizes) == 1:
                return sizes.pop()
            if group.targets and all(t.per_player for t in group.targets):
                return self.box_players  # one colour a seat
            return None
        if per == PER_SIDE:
            return 2
        return None

    def expected(self, group: Group, point: Point) -> int | None:
        """What the rule asks for at a player count (None when the statement does not apply there)."""
        stmt = group.statement
        if stmt.count is None or (point is not None and not group.applies(point)):
            return None
        if group.per == PER_PLAYER:
            return stmt.count * (point if point is not None else self.box_players)
        multiplier = self.multiplier(group)
        return None if multiplier is None else stmt.count * multiplier

    def actual(self, group: Group, point: Point) -> int:
        players = self.box_players if point is None else point
        return sum(self.context.counts.of(t, players) for t in group.targets)

    def points(self, group: Group) -> list[Point]:
        return [None] if group.box else [n for n in self.players if group.applies(n)]

    def measure(self, group: Group) -> list[Measure] | Finding:
        stmt = group.statement
        if group.per not in (None, PER_PLAYER) and self.multiplier(group) is None:
            return Finding("error", "link", f"{group.label}: {group.describe()} counts per {group.per}, but neither the "
                           f"rulebook nor the link says how many {group.per}s there are (add per_count: N to the link"
                           f"{', or per_colour: to the component' if group.per == PER_COLOUR else ''})",
                           group.label, group.location, stmt.line, rulebook=_where(stmt))
        measures = []
        for point in self.points(group):
            expected, actual = self.expected(group, point), self.actual(group, point)
            if expected is None:
                continue
            if group.role == "part":
                ok = actual >= expected
                measures.append(Measure(point, actual, expected, None if ok else "error", "ok (part)" if ok else "TOO FEW"))
                continue
            severity, verdict = _verdict(group.qualifier, actual, expected)
            measures.append(Measure(point, actual, expected, severity, verdict))
        return measures

    def count_rows(self, group: Group, measures: list[Measure], explained: str | None) -> list[Row]:
        line = _line_text(self.context.rulebook, group.statement)
        rows = []
        for players, manifest, rule, verdict in _collapse(measures, self.players):
            verdict = explained if explained and not verdict.startswith("ok") else verdict
            label = group.label + (f" [{group.variant}]" if group.variant else "")
            rows.append(Row(players, label, manifest, rule, line, verdict, group.role, group.evidence))
        return rows

    def count_findings(self, group: Group, measures: list[Measure]) -> list[Finding]:
        wrong = [m for m in measures if m.severity is not None]
        if not wrong:
            return []
        first, stmt = wrong[0], group.statement
        at = "" if first.point is None else f" for {first.point} players"
        if first.point is None and any(t.per_player for t in group.targets):
            at = f" (the box: per-player components counted for the kit's {self.box_players} players)"
        others = [m.point for m in wrong[1:] if m.point is not None]
        also = f"; wrong too for {_join(others)} players" if others else ""
        that_is = f", that is {first.expected}" if first.expected != stmt.count else ""
        vouched = " (vouched by the link's count:, not read from the rulebook)" if group.evidence == "vouched" else ""
        message = (f"{group.label}: the kit has {self.actual_text(group, first.point)}{at}, but {group.describe()}"
                   f"{vouched}{that_is}{also}{self.hint(group)}")
        severity = "error" if any(m.severity == "error" for m in wrong) else "warning"
        return [Finding(severity, "mismatch", message, group.label, group.location, stmt.line, first.actual,
                        first.expected, first.point, rulebook=_where(stmt), quotes=(stmt.quote,))]

    def actual_text(self, group: Group, point: Point) -> str:
        players = self.box_players if point is None else point
        total = self.actual(group, point)
        if len(group.targets) == 1:
            return str(total)
        parts = " + ".join(f"{t.id} {self.context.counts.of(t, players)}" for t in group.targets)
        return f"{total} ({parts})"

    def hint(self, group: Group) -> str:
        if group.per == PER_PLAYER and not any(t.per_player for t in group.targets):
            return ". The rule counts per player: is per_player: true missing?"
        if group.per == PER_COLOUR and group.per_count and any(
                t.component.per_colour and len(t.component.per_colour) != group.per_count for t in group.targets):
            return f". The rule names {group.per_count} colours; check per_colour:"
        return ""

    # -- setup --------------------------------------------------------------------------------------------
    def setup(self, groups: list[Group], outcomes: dict[int, str]) -> tuple[list[Row], list[Finding]]:
        """Setup demands drawn from the same components must fit in their supply at every player count."""
        rows, findings = [], []
        buckets: dict[frozenset[str], list[Group]] = {}
        for group in groups:
            buckets.setdefault(group.ids, []).append(group)
        points = self.players or (self.box_players,)
        for bucket in [part for whole in buckets.values() for part in _by_variant(whole)]:
            measures, short = [], []
            unknown = [g for g in bucket if g.per not in (None, PER_PLAYER) and self.multiplier(g) is None]
            for group in unknown:
                findings.append(self.measure(group))  # type: ignore[arg-type]
                _mark(outcomes, group, "mismatch")
            bucket = [g for g in bucket if g not in unknown]
            if not bucket:
                continue
            for players in points:
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
            label = bucket[0].label + (f" [{bucket[-1].variant}]" if bucket[-1].variant else "")
            lines = ",".join(dict.fromkeys(_line_text(self.context.rulebook, g.statement) for g in bucket))
            evidence = "read" if all(g.evidence == "read" for g in bucket) else "vouched"
            for players, manifest, rule, verdict in _collapse(measures, self.players):
                rows.append(Row(players, label, manifest, rule, lines, verdict, "setup", evidence))
            if short:
                findings.append(self.setup_finding(bucket, short))
            for group in bucket:
                checked = any(self.expected(group, n) is not None for n in points)
                _mark(outcomes, group, "mismatch" if short else "match" if checked else "unchecked")
        return rows, findings

    def setup_finding(self, bucket: list[Group], short: list) -> Finding:
        players, demand, supply, demands = short[0]
        terms = " + ".join(f"{value} ({g.describe()})" for g, value in demands)
        others = [s[0] for s in short[1:]]
        also = f"; short too for {_join(others)} players" if others else ""
        first = demands[0][0]
        takes = f"{demand} = {terms}" if len(demands) > 1 else terms
        variant = next((g.variant for g in bucket if g.variant), None)
        for_variant = f" ({variant})" if variant else ""
        message = f"{first.label}: setup for {players} players{for_variant} takes {takes}, but the kit has only {supply}{also}"
        return Finding("error", "mismatch", message, first.label, first.location, first.statement.line, supply, demand,
                       players, rulebook=_where(first.statement), quotes=tuple(g.statement.quote for g, _ in demands))
