"""How many of each component the kit has: counted from the built kit (`build_kit`), the pieces the PDF prints,
for each player count — the one definition of "count" the check compares with the rulebook.

Contract: `KitCounts(spec).of(target, players)`; a Target is a whole component or one row (card) of a deck.
A piece counts as its `unit` (a die printed as six stickers is one die); components bought rather than printed
(`print: false`) are counted as the manifest gives them, since nothing of theirs is printed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.manifest.spec import ComponentSpec, KitSpec, Location
from generator.model import build_kit, printed_count

_ROW_NAMES = ("name", "title", "label", "letter", "word", "text")


@dataclass(frozen=True)
class Target:
    """What a link counts: a whole component, or the copies of one row (`card`) of its deck."""

    component: ComponentSpec
    card: int | None = None

    @property
    def id(self) -> str:
        return self.component.id if self.card is None else f"{self.component.id}[{self.row_label}]"

    @property
    def row_label(self) -> str:
        card = self.component.cards[self.card]  # type: ignore[index]
        for name in _ROW_NAMES:
            value = card.front.get(name)
            if isinstance(value, (str, int)) and str(value).strip():
                text = " ".join(str(value).split())
                return text if len(text) <= 24 else text[:23] + "…"
        return f"row {self.card + 1}"  # type: ignore[operator]

    @property
    def location(self) -> Location:
        return self.component.location if self.card is None else self.component.cards[self.card].location

    @property
    def per_player(self) -> bool:
        return self.component.per_player


class KitCounts:
    """Pieces of the built kit by component and deck row, built once per player count when first asked for."""

    def __init__(self, spec: KitSpec):
        self.spec = spec
        self._built: dict[int, Counter] = {}

    def of(self, target: Target, players: int) -> int:
        component = target.component
        if not component.printed:
            return _manifest_count(component, target.card, players)
        counted = self._kit(players)
        return counted[(component.id, target.card)] if target.card is not None else counted[component.id]

    def _kit(self, players: int) -> Counter:
        if players not in self._built:
            counted: Counter[Any] = Counter()
            for piece in build_kit(self.spec, players).pieces:
                counted[piece.component_id] += piece.unit
                if piece.card is not None:
                    counted[(piece.component_id, piece.card)] += piece.unit
            self._built[players] = counted
        return self._built[players]


def _manifest_count(component: ComponentSpec, card: int | None, players: int) -> int:
    """A component that is not printed: the sets the model would make (`printed_count`), times a set's copies."""
    if card is None:
        return printed_count(component, players)
    return component.cards[card].count * (printed_count(component, players) // max(component.copies_per_set, 1))
