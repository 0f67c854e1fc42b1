"""The words the stages pass each other, as types (bases): a piece's sides, what a rule link says of its
component's count (`Role`), and what a count or a component's sets are per (`Per`). Kinds are the lines of
the kind table (generator/kinds/registry.py, `KindName`).

They are `Literal` types: the values stay the strings the manifest and build.json use (so nothing printed
changes), and a type checker refuses any other.
"""

from __future__ import annotations

from typing import Literal, get_args

Side = Literal["front", "back"]
SIDES: tuple[Side, ...] = get_args(Side)

Role = Literal["total", "part", "setup"]
ROLES: tuple[Role, ...] = get_args(Role)

# What a count is per. A rule may also count per a category word of its own (kind, suit …): those stay text.
Per = Literal["player", "colour", "side"]
PER_PLAYER: Per = "player"
PER_COLOUR: Per = "colour"
PER_SIDE: Per = "side"
# The manifest key that makes a component's sets per player or per colour.
SETS_KEY: dict[Per, str] = {PER_PLAYER: "per_player", PER_COLOUR: "per_colour"}
