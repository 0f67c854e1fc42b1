"""The checks proper: each linked statement against the built kit, parts against their totals, statements about
the same components against each other, setup demands against the supply (the rulebook-wide checks — unlinked
statements, the reader's own findings, unreadable list lines — are in coverage.py).

Contract: `run_checks(context, resolution)` returns (rows, findings, outcomes): the table rows, the findings, and
for each link (by id) match | mismatch | waived | unchecked. Counts come from the built kit (`KitCounts`): a
statement per player (or for one player count) is compared at each checked player count; any other statement
counts the whole box, compared with the kit built for `box_players` (the kit's largest player count).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Iterable

from generator.check.counts import KitCounts, Target
from generator.check.links import Link, Resolution, Statement, manifest_line
from generator.check.report import Finding, Row
from generator.check.rulebook import Rulebook
from generator.manifest.spec import KitSpec
from generator.vocabulary import PER_COLOUR, PER_PLAYER, PER_SIDE, Role

Point = int | None  # a player count, or None for a box total


@dataclass(frozen=True)
class Context:
    """What every check reads: the kit, its rulebook, the built kit's counts and the player counts checked."""

    spec: KitSpec
    rulebook: Rulebook
    counts: KitCounts
    players: tuple[int, ...]  # checked player counts; () when the kit states none
    box_players: int  # the player count whose kit is the box (the kit's largest)
    strict: bool = False


@dataclass(frozen=True)
class Group:
    """Links from components (or deck rows) to one statement in one role: their pieces add up."""

    statement: Statement
    role: Role
    only_players: int | None
    links: tuple[Link, ...]

    @cached_property
    def targets(self) -> tuple[Target, ...]:
        return tuple({link.target.id: link.target for link in self.links}.values())

    @cached_property
    def ids(self) -> frozenset[str]:
        return frozenset(t.id for t in self.targets)

    @cached_property
    def components(self) -> frozenset[str]:
        return frozenset(t.component.id for t in self.targets)

    @property
    def label(self) -> str:
        return "+".join(t.id for t in self.targets)

    @property
    def location(self) -> str:
        return manifest_line(self.links[0].rule.location)

    @property
    def per(self) -> str | None:
        return self.links[0].per

    @property
    def per_count(self) -> int | None:
        return self.links[0].per_count

    @property
    def evidence(self) -> str:
        return self.statement.evidence

    @property
    def qualifier(self) -> str:
        return self.links[0].qualifier

    @property
    def variant(self) -> str | None:
        """The variant the links say the count holds for (their `variant:`, else the statement's condition)."""
        return self.links[0].rule.variant or self.statement.variant

    @property
    def per_player(self) -> bool:
        return self.per == PER_PLAYER or self.statement.players is not None or self.only_players is not None

    @property
    def box(self) -> bool:
        """True when the statement counts the whole game, whatever the player count."""
        return not self.per_player

    def applies(self, players: int) -> bool:
        stated = self.statement.players
        return (stated is None or players in stated) and self.only_players in (None, players)

    def describe(self) -> str:
        return self.statement.describe(self.per, self.per_count, self.qualifier)


@dataclass(frozen=True)
class Measure:
    """A group's kit count against the rule's count at one point."""

    point: Point
    actual: int
    expected: int
    severity: str | None  # None when they agree
    verdict: str


def group_links(links: Iterable[Link]) -> list[Group]:
    """Links to one statement in one role, summed across components; deck rows and parts stand alone."""
    grouped: dict[tuple, list[Link]] = {}
    for link in links:
        alone = link.target.card is not None or link.role == "part"
        only = link.rule.players if link.statement.players is None else None
        key = (link.statement.key, link.role, only, link.target.id if alone else None, link.per, link.qualifier,
               link.rule.variant)
        grouped.setdefault(key, []).append(link)
    return [Group(items[0].statement, key[1], key[2], tuple(items)) for key, items in grouped.items()]


def _as_parts(groups: list[Group]) -> list[Group]:
    """A statement the reader makes part of a total that the same component (alone) links is a part of it."""
    totals = {(g.statement.id, g.ids) for g in groups if g.role == "total" and g.statement.id}
    result = []
    for group in groups:
        parent = group.statement.parent
        if group.role == "total" and parent and (parent, group.ids) in totals:
            group = Group(group.statement, "part", group.only_players, group.links)
        result.append(group)
    return result


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


def _mark(outcomes: dict[int, str], group: Group, outcome: str) -> None:
    for link in group.links:
        if outcomes.get(id(link)) != "mismatch":
            outcomes[id(link)] = outcome


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


def _where(stmt: Statement) -> str | None:
    return None if stmt.line is None else stmt.where


def _line_text(rulebook: Rulebook, stmt: Statement) -> str:
    return rulebook.short_where(stmt.line)


def _amount(count: int | None) -> str:
    return "?" if count is None else str(count)


class _Checker:
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
                           f"{', or per_colour: to the component' if group.per == 'colour' else ''})",
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

    # -- statements about the same components that disagree ------------------------------------------------
    def contradictions(self, groups: list[Group], measures: dict) -> tuple[dict[int, str], list[Finding]]:
        """Statements about the same components that cannot both hold; the manifest can follow only one."""
        explained: dict[int, str] = {}
        findings = []
        by_targets: dict[frozenset[str], list[Group]] = {}
        for group in groups:
            if not isinstance(measures[id(group)], Finding):
                by_targets.setdefault(group.ids, []).append(group)
        for bucket in by_targets.values():
            for first, second in combinations(bucket, 2):
                if "exact" != first.qualifier or "exact" != second.qualifier:
                    continue
                if first.variant and second.variant and first.variant != second.variant:
                    continue  # counts for two variants: alternatives, not a contradiction
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

    def disagreement(self, first: Group, second: Group) -> tuple[int, int, int] | None:
        points = [self.box_players] if first.box or second.box else list(self.players)
        for point in points:
            one, other = self.expected(first, point), self.expected(second, point)
            if one is not None and other is not None and one != other:
                return point, one, other
        return None

    def contradiction(self, first: Group, second: Group, point: int, one: int, other: int, fine: list[Group]) -> Finding:
        a, b = first.statement, second.statement
        actual = self.actual(first, point)
        follows = (f"the kit ({actual}) follows {fine[0].statement.where}" if fine else f"the kit ({actual}) follows neither")
        wrong = next((g for g in (first, second) if g not in fine), second)
        a_is = f", that is {one}" if one != a.count else ""
        b_is = f", that is {other}" if other != b.count else ""
        message = (f"{first.label}: the rulebook contradicts itself for {point} players: {first.describe()}{a_is}, but "
                   f"{second.describe()}{b_is}; {follows}. Waive the statement you do not follow, with the reason")
        return Finding("error", "contradiction", message, first.label, manifest_line(wrong.links[0].rule.location),
                       wrong.statement.line, actual, self.expected(wrong, point), point, rulebook=_where(wrong.statement),
                       quotes=(a.quote, b.quote))

    # -- totals and the parts the same kit links ------------------------------------------------------------
    def totals(self, groups: list[Group], measures: dict) -> list[tuple[Group, Finding]]:
        """A total linked by several components (or by a deck whose rows link their own lines), against the
        statements those components or rows link: when these add up to something else, the rulebook is at fault."""
        findings = []
        by_component: dict[str, list[Group]] = {}
        for group in groups:
            for component in group.components:
                by_component.setdefault(component, []).append(group)
        for total in groups:
            if isinstance(measures[id(total)], Finding):
                continue
            near = {id(g): g for c in total.components for g in by_component[c]}.values()
            parts = [g for g in near if g is not total and not isinstance(measures[id(g)], Finding)
                     and _inside(g, total)]
            if not parts:
                continue
            for point in self.points(total):
                finding = self.total_at(total, parts, point)
                if finding is not None:
                    findings.append((total, finding))
                    break
        return findings

    def total_at(self, total: Group, parts: list[Group], point: Point) -> Finding | None:
        expected = self.expected(total, point)
        players = self.box_players if point is None else point
        terms, covered, sum_parts = [], set(), 0
        for part in parts:
            value = self.expected(part, point if not part.box else None)
            if value is None or part.ids & covered:
                continue
            covered |= part.ids
            sum_parts += value
            terms.append(f'{value} ({part.statement.where} "{part.statement.short_quote}")')
        for target in total.targets:
            inner = [t for t in _row_targets(target) if t.id in covered] if target.card is None else []
            if target.id in covered or (inner and len(inner) == len(target.component.cards)):
                continue
            if inner:  # some rows link their own line: the others add what the manifest has
                for row in _row_targets(target):
                    if row.id not in covered:
                        value = self.context.counts.of(row, players)
                        sum_parts += value
                        terms.append(f"{value} ({row.id}, the kit: no statement linked)")
                continue
            value = self.context.counts.of(target, players)
            sum_parts += value
            terms.append(f"{value} ({target.id}, the kit: no statement linked)")
        if expected is None or sum_parts == expected:
            return None
        stmt = total.statement
        at = "" if point is None else f" for {point} players"
        message = (f"{total.label}: the rulebook contradicts itself: {total.describe()} is the total, but the "
                   f"statements of its parts add up to {sum_parts}{at}: {' + '.join(terms)} (the kit has "
                   f"{self.actual(total, point)})")
        return Finding("error", "contradiction", message, total.label, total.location, stmt.line, sum_parts, expected,
                       point, rulebook=_where(stmt), quotes=(stmt.quote,) + tuple(p.statement.quote for p in parts))

    def parts(self, parts: list[Group], totals: list[Group], setups: list[Group], measures: dict,
              outcomes: dict[int, str]) -> tuple[list[Row], list[Finding]]:
        """A part linked by a component: no more than the kit has, and with the other parts that component links,
        no more than the total it links (a part–total pair), or, with no total, than the setup it is a part of."""
        rows: list[Row] = []
        findings: list[Finding] = []
        by_target: dict[tuple, list[Group]] = {}
        for part in parts:
            part_measures = measures[id(part)]
            if isinstance(part_measures, Finding):
                findings.append(part_measures)
                _mark(outcomes, part, "mismatch")
                continue
            by_target.setdefault((part.ids, part.variant), []).append(part)
            rows += self.count_rows(part, part_measures, None)
            wrong = [m for m in part_measures if m.severity]
            if wrong:
                first, stmt = wrong[0], part.statement
                at = "" if first.point is None else f" for {first.point} players"
                findings.append(Finding("error", "mismatch", f"{part.label}: the kit has {first.actual}{at}, fewer "
                                        f"than the part {part.describe()} alone", part.label, part.location, stmt.line,
                                        first.actual, first.expected, first.point, rulebook=_where(stmt),
                                        quotes=(stmt.quote,)))
            _mark(outcomes, part, "mismatch" if wrong else "match" if part_measures else "unchecked")
        for (ids, variant), linked in by_target.items():
            wholes = [t for t in totals if t.ids == ids and not isinstance(measures[id(t)], Finding)] or \
                [g for g in setups if g.ids == ids and g.variant == variant]
            for total in wholes:
                for point in self.points(total):
                    whole = self.expected(total, point)
                    values = [self.expected(p, point if not p.box else None) for p in linked]
                    if whole is None or any(v is None for v in values) or sum(values) <= whole:  # type: ignore[arg-type]
                        continue
                    terms = " + ".join(f"{v} ({p.statement.where})" for v, p in zip(values, linked))
                    stmt = total.statement
                    findings.append(Finding("error", "contradiction", f"{total.label}: the rulebook contradicts itself: "
                                            f"the parts {terms} add up to {sum(values)}, more than the total "  # type: ignore[arg-type]
                                            f"{total.describe()}", total.label, total.location, stmt.line, None, whole,
                                            point, rulebook=_where(stmt),
                                            quotes=(stmt.quote,) + tuple(p.statement.quote for p in linked)))
                    for group in linked:
                        _mark(outcomes, group, "mismatch")
                    break
        return rows, findings

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


def _by_variant(bucket: list[Group]) -> list[list[Group]]:
    """Setup demands on the same components, one list per variant: the demands of every variant plus those of
    its own (a count for one variant is an alternative to another variant's, not added to it)."""
    common = [g for g in bucket if not g.variant]
    variants = list(dict.fromkeys(g.variant for g in bucket if g.variant))
    if not variants:
        return [bucket]
    return [common + [g for g in bucket if g.variant == variant] for variant in variants]


def _inside(part: Group, total: Group) -> bool:
    """Whether `part` counts some of what `total` counts: fewer of its components, or rows of its decks."""
    if part.ids == total.ids:
        return False
    components = {t.component.id for t in total.targets if t.card is None}
    return all((t.card is None and t.id in components and len(total.targets) > 1) or
               (t.card is not None and t.component.id in components) for t in part.targets)


def _row_targets(target: Target) -> list[Target]:
    return [Target(target.component, row) for row in range(len(target.component.cards))]


def _verdict(qualifier: str, actual: int, expected: int) -> tuple[str | None, str]:
    if qualifier == "at_least":
        return (None, "ok (at least)") if actual >= expected else ("error", "TOO FEW")
    if qualifier == "at_most":
        # The game may use up to the maximum, so fewer breaks it; more is only waste.
        if actual < expected:
            return "error", "TOO FEW"
        return (None, "ok") if actual == expected else ("warning", "MORE THAN MAX")
    if qualifier == "about":
        return (None, "ok (about)") if abs(actual - expected) <= max(1, expected // 10) else ("warning", "NOT ABOUT")
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
    if all(point for point, _ in values) and len({value / point for point, value in values}) == 1:  # type: ignore[operator]
        per_player = values[0][1] / values[0][0]  # type: ignore[operator]
        if per_player.is_integer():
            return f"{int(per_player)}×N"
    return None


def _join(numbers: list) -> str:
    return ", ".join(str(n) for n in numbers)
