"""The links of a check, grouped: links to one statement in one role summed across components (a Group), what
every check reads (Context), and one comparison of a group at one player count (Measure). Entry point:
group_links."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from generator.check.counts import KitCounts, Target
from generator.check.evidence import Link, Statement, manifest_line
from generator.check.rulebook import Rulebook
from generator.manifest.spec import KitSpec
from generator.vocabulary import PER_PLAYER, Category, Per, Role

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
    def per(self) -> Per | Category | None:
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
