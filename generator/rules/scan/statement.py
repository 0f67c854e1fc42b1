"""The scan's result type, CountStatement, and Found, a statement with where its count stood in its line.
make_statement is how every recogniser builds one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .counts import Count
    from .lines import Line


@dataclass(frozen=True)
class CountStatement:
    """One statement of how many physical components of a kind exist, are given, taken or used in setup."""

    line: int
    quote: str
    count: int
    multiplier: str | None  # None | "per_player" | "per_colour"
    colours: int | None
    qualifier: str  # "exact" | "at_least" | "at_most"
    component: str
    is_total: bool
    players: int | None


@dataclass(frozen=True)
class Found:
    offset: int  # where in the line the count was found, for ordering
    statement: CountStatement


def make_statement(line: Line, quote: str, count: Count, component: str, *, multiplier=None,
                   colours=None, is_total=False, players=None) -> CountStatement:
    return CountStatement(
        line=line.number, quote=quote.strip(), count=count.value, multiplier=multiplier,
        colours=colours, qualifier=count.qualifier, component=component, is_total=is_total,
        players=players,
    )
