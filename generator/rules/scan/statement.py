"""What the reader hands on: CountStatement (one statement of how many of a component there are, are used or are
set up), Finding (a contradiction inside the rulebook) and Reading (both, plus the numeric lines of component
lists it could not read)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.vocabulary import PER_COLOUR, SETS_KEY, Per, Role


@dataclass(frozen=True)
class CountStatement:
    """One statement of how many physical components of a kind exist, are set up, or make up a total.

    `count` is None when the rulebook leaves it unspecified ("XX gold pieces", "? relic cards"). `total` is the
    count times what `per` multiplies it by, when the rulebook says (9 per colour × 5 colours = 45).
    """

    line: int
    quote: str
    count: int | None
    component: str
    qualifier: str = "exact"  # exact | at_least | at_most | about
    role: Role = "total"
    per: Per | str | None = None  # player | colour | side | a category word (kind, suit, house…)
    per_count: int | None = None  # how many colours/kinds/sides the rulebook states, when it does
    total: int | None = None
    parent: str | None = None  # id of the total this is a part of
    condition: str | None = None  # "3 players", "Large map", "variant: …"
    optional: bool = False
    supplied_by: str | None = None  # "player": not in the box
    restates: str | None = None  # id of an earlier statement saying the same
    confidence: float = 1.0
    id: str = ""
    column: int = 0  # where the quote starts in its line (for ordering)

    # The forms the checker has always compared; derived from the fields above.
    @property
    def multiplier(self) -> str | None:
        return SETS_KEY.get(self.per or "")  # None for a category of the rule's own (kind, suit …)

    @property
    def colours(self) -> int | None:
        return self.per_count if self.per == PER_COLOUR else None

    @property
    def players(self) -> int | None:
        if self.condition:
            import re

            match = re.fullmatch(r"(\d+) players?", self.condition)
            return int(match.group(1)) if match else None
        return None

    @property
    def is_total(self) -> bool:
        """A total that the rulebook breaks down into parts stated elsewhere."""
        return self.role == "total" and self.per is None and self.count is not None and self._has_parts

    _has_parts: bool = field(default=False, repr=False, compare=False)


@dataclass(frozen=True)
class Finding:
    """Something in the rulebook that does not add up, with the lines that say so."""

    kind: str  # parts-total | not-a-multiple | enumeration-length | fraction | lost-range
    line: int
    message: str
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class Reading:
    """Everything the reader found in one rulebook."""

    statements: tuple[CountStatement, ...]
    findings: tuple[Finding, ...]
    unread: tuple[int, ...]  # lines of component lists holding a number the reader could not read
    players: tuple[int, int] | None  # the player range the rulebook states
    categories: dict[str, int] = field(default_factory=dict)  # "colour" -> 5, "house" -> 5
