"""The words the stages pass each other, as types (bases): a component's kind and shape, a piece's sides and cut
outline, a page's kind, what a rule link says of its component's count (`Role`), and what a count or a
component's sets are per (`Per`).

They are `Literal` types: the values stay the strings the manifest and build.json use (so nothing printed
changes), a type checker refuses any other, and `tests/test_vocabulary.py` fails on a dataclass between stages
that annotates one of them as bare `str` and on a string compared with one of them that is not a word of it.
"""

from __future__ import annotations

from typing import Literal, NewType, Union, get_args

# The values of `kind:`, one per line of the kind table (generator/kinds/registry.py KINDS, which refuses to load
# when the two differ): adding a kind is its module, its line in KINDS and its word here.
KindName = Literal["token", "marker", "chip", "counter", "card", "tile", "sticker", "pawn", "cube", "stand", "sheet",
                   "other", "hex", "hexmap", "board", "track", "mat", "foldup", "standee", "die", "rondel"]
KIND_NAMES: tuple[KindName, ...] = get_args(KindName)

# The values of `shape:` (a rectangle with `corner_radius` is rounded).
Shape = Literal["disc", "square", "rect", "rounded", "hex"]
SHAPES: tuple[Shape, ...] = get_args(Shape)

# How a piece is cut (pieces.Outline): along its trim box, a circle, a rounded rectangle or its polygon's points.
CutShape = Literal["rect", "disc", "rounded", "polygon"]
CUT_SHAPES: tuple[CutShape, ...] = get_args(CutShape)

# The shape a face is drawn for (pieces.FaceSpec, and `shape` in templates): its component's, a polygon, or a
# fold-up's net.
FaceShape = Union[Shape, Literal["polygon", "foldup"]]

Side = Literal["front", "back"]
SIDES: tuple[Side, ...] = get_args(Side)
FRONT: Side = "front"
BACK: Side = "back"

# What a printed page is (impose.Page): a two-sided sheet's front or back, a one-sided sheet, a tile of a piece
# too big for the paper, a tiled piece's assembly plan, a gutter-fold sheet (fronts and backs side by side), or
# a page of the cover (the writer's, for its footer).
PageKind = Literal["front", "back", "single", "tile", "assembly", "fold", "cover"]
PAGE_KINDS: tuple[PageKind, ...] = get_args(PageKind)

Role = Literal["total", "part", "setup"]
ROLES: tuple[Role, ...] = get_args(Role)

# What a count is per. A rule may also count per a category word of its own (kind, suit …): a `Category`, text
# the rulebook or the designer chose, not one of pnpgen's words.
Per = Literal["player", "colour", "side"]
PERS: tuple[Per, ...] = get_args(Per)
PER_PLAYER: Per = "player"
PER_COLOUR: Per = "colour"
PER_SIDE: Per = "side"
Category = NewType("Category", str)
# The manifest key that makes a component's sets per player or per colour.
SETS_KEY: dict[Per, str] = {PER_PLAYER: "per_player", PER_COLOUR: "per_colour"}
PER_PLAYER_KEY = SETS_KEY[PER_PLAYER]
PER_COLOUR_KEY = SETS_KEY[PER_COLOUR]
