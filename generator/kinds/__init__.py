"""Kind dispatch: each component kind turns its spec into pieces. Simple kinds share one builder;
boards, maps, tracks, mats, fold-ups and dice register their own in this table."""

from __future__ import annotations

from typing import Callable, Iterator

from generator.manifest.spec import ComponentSpec, KitSpec
from generator.model import Piece, simple_pieces

PieceBuilder = Callable[[KitSpec, ComponentSpec, int], Iterator[Piece]]
BUILDERS: dict[str, PieceBuilder] = {}


def pieces_for(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The pieces of one component, from its kind's builder (tokens and cards by default)."""
    return BUILDERS.get(component.kind, simple_pieces)(spec, component, players)


from generator.kinds import boards, dice, mats, tracks  # noqa: E402,F401  register their builders
from generator.kinds import foldup, hexes, hexmap  # noqa: E402,F401  register builders, validators and drawers
