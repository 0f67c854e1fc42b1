"""Small pure helpers of the checks: how a qualifier judges an actual count, how measures collapse into table
rows, a formula for counts that grow with the player count, and the part/total and setup-variant relations."""

from __future__ import annotations

from generator.check.counts import Target
from generator.check.evidence import Statement
from generator.check.groups import Group, Measure, Point


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


def _mark(outcomes: dict[int, str], group: Group, outcome: str) -> None:
    for link in group.links:
        if outcomes.get(id(link)) != "mismatch":
            outcomes[id(link)] = outcome


def _where(stmt: Statement) -> str | None:
    return None if stmt.line is None else stmt.where


def _amount(count: int | None) -> str:
    return "?" if count is None else str(count)
