"""The checks between statements: statements about the same components that cannot both hold, parts that do
not add up to their totals. A mixin of the checker in checks.py (it reads the checker's counts through
`self.expected`, `self.actual`, `self.points`)."""

from __future__ import annotations

from itertools import combinations

from generator.check.evidence import manifest_line
from generator.check.groups import Group, Point
from generator.check.report import Finding, Row
from generator.check.verdicts import _inside, _mark, _row_targets, _where


class Consistency:
    """Checks across groups, mixed into the checker (checks._Checker), whose counts they compare."""

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
