"""The kind table: every value of a component's `kind:`, one line each, with what the stages need of it.

A line names the kind, the module that holds it (generator/kinds/<module>.py), its option block, its defaults
and its built-in drawers (the render stage draws the faces named '@<drawer>' with them). The module's `PARTS` (a
`KindParts`) say how the other stages use it: the manifest stage reads the kind's option block with `check` (and
`parse`, into the frozen options the builder gets), the model stage builds pieces with `build`. A module is
imported the first time a kit uses its kind, as is a drawer's (a deck of cards loads none of the map's code).
Adding a kind is one module (generator/kinds/rondel.py is the example) and one line in KINDS; a kind missing
from the table is an error, never a silent fallback.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from generator.kinds.parts import PLAIN, Builder, Checker, KindParts, Parser
from generator.vocabulary import KIND_NAMES, KindName, Shape

if TYPE_CHECKING:
    from generator.manifest.spec import KitSpec
    from generator.pieces import FaceSpec

Drawer = Callable[["FaceSpec", "KitSpec"], str]
NO_DRAWERS: Mapping[str, Drawer] = MappingProxyType({})


@dataclass(frozen=True)
class Kind:
    """One component kind: its line in the table, and (`parts`, from its module) what each stage needs of it."""

    name: KindName
    module: str | None = None       # generator/kinds/<module>.py holds its PARTS; None: plain pieces
    block: str | None = None        # its option block (`hex:`, `map:` …), when it has one
    shape: Shape = "rect"           # default `shape:`
    template: str = "token"         # default template of its sides
    drawers: Mapping[str, Drawer] = field(default_factory=lambda: NO_DRAWERS)  # its faces' built-in drawers, by name
    own_schema: bool = False        # its block's JSON Schema is in its module (PARTS.schema), not kit.schema.json

    @cached_property
    def parts(self) -> KindParts:
        """Its module's PARTS, the module imported on first use; refused when the line and the module disagree
        on where its block's schema is."""
        if self.module is None:
            return PLAIN
        parts = importlib.import_module(f"generator.kinds.{self.module}").PARTS
        if (parts.schema is not None) != self.own_schema:
            raise LookupError(f"kind {self.name}: generator/kinds/{self.module}.py PARTS and its line in "
                              "generator/kinds/registry.py KINDS disagree on its block's schema")
        return parts

    @property
    def build(self) -> Builder:
        return self.parts.build

    @property
    def check(self) -> Checker | None:
        return self.parts.check

    @property
    def parse(self) -> Parser | None:
        return self.parts.parse

    @property
    def options(self) -> type | None:
        return self.parts.options

    @property
    def schema(self) -> Mapping[str, Any] | None:
        return self.parts.schema if self.own_schema else None

    @property
    def drawn(self) -> bool:
        """Drawn by its own drawer, and so sized by its option block, not by `size:`."""
        return bool(self.drawers)


def _drawers(**named: Drawer) -> Mapping[str, Drawer]:
    return MappingProxyType(named)


# Each drawer imports its module when it first draws: the kinds' own, and those in render/<kind>.py, which draw
# with jinja2-backed text helpers that loading a manifest (and `pnpgen check`) does without.
def _draw_hex(face: FaceSpec, spec: KitSpec) -> str:
    from generator.kinds.hexes import draw_hex

    return draw_hex(face, spec)


def _draw_hexmap(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.hexmap import draw_hexmap

    return draw_hexmap(face, spec)


def _draw_board(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.boards import draw_board_face

    return draw_board_face(face, spec)


def _draw_track(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.tracks import draw_track_face

    return draw_track_face(face, spec)


def _draw_mat(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.mats import draw_mat_face

    return draw_mat_face(face, spec)


def _draw_foldup(face: FaceSpec, spec: KitSpec) -> str:
    from generator.kinds.foldup import draw_foldup

    return draw_foldup(face, spec)


def _draw_die_net(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.dice import draw_net_face

    return draw_net_face(face, spec)


def _draw_die_face(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.dice import draw_sticker_face

    return draw_sticker_face(face, spec)


def _draw_rondel(face: FaceSpec, spec: KitSpec) -> str:
    from generator.kinds.rondel import draw_rondel

    return draw_rondel(face, spec)


KINDS: tuple[Kind, ...] = (
    Kind("token", shape="disc"),
    Kind("marker", shape="square"),
    Kind("chip", shape="disc"),
    Kind("counter"),
    Kind("card", template="card"),
    Kind("tile"),
    Kind("sticker"),
    Kind("pawn"),
    Kind("cube"),
    Kind("stand"),
    Kind("sheet"),
    Kind("other"),
    Kind("hex", "hexes", "hex", shape="hex", drawers=_drawers(hex=_draw_hex)),
    Kind("hexmap", "hexmap", "map", drawers=_drawers(hexmap=_draw_hexmap)),
    Kind("board", "boards", "board", drawers=_drawers(board=_draw_board)),
    Kind("track", "tracks", "track", drawers=_drawers(track=_draw_track)),
    Kind("mat", "mats", "mat", drawers=_drawers(mat=_draw_mat)),
    Kind("foldup", "foldup", "foldup", drawers=_drawers(foldup=_draw_foldup)),
    Kind("standee", "foldup", "foldup", drawers=_drawers(foldup=_draw_foldup)),
    Kind("die", "dice", "die", drawers=_drawers(die_net=_draw_die_net, die_face=_draw_die_face)),
    Kind("rondel", "rondel", "rondel", shape="disc", own_schema=True, drawers=_drawers(rondel=_draw_rondel)),
)


def check_kind_names(names: tuple[str, ...]) -> None:
    """Refuse a table whose lines are not the words of vocabulary.KindName, in the same order: a kind added to one
    and not the other would otherwise be a word no type admits, or a type word no stage can build."""
    if names != KIND_NAMES:
        raise LookupError(f"KINDS names {', '.join(names)}; generator/vocabulary.py KindName "
                          f"{', '.join(KIND_NAMES)}: make them the same list")


check_kind_names(tuple(kind.name for kind in KINDS))
BY_NAME: Mapping[KindName, Kind] = MappingProxyType({kind.name: kind for kind in KINDS})


def kind_named(name: KindName) -> Kind:
    """The kind called `name`; the manifest's schema admits no other, so a miss is pnpgen's own bug."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise LookupError(f"kind {name!r} is not in generator/kinds/registry.py KINDS") from None


def option_blocks() -> dict[str, frozenset[KindName]]:
    """Each option block key and the kinds that take it ({'foldup': {'foldup', 'standee'}, …})."""
    blocks: dict[str, set[KindName]] = {}
    for kind in KINDS:
        if kind.block is not None:
            blocks.setdefault(kind.block, set()).add(kind.name)
    return {key: frozenset(names) for key, names in blocks.items()}


def _all_drawers() -> Mapping[str, Drawer]:
    found: dict[str, Drawer] = {}
    for kind in KINDS:
        for name, drawer in kind.drawers.items():
            if found.setdefault(name, drawer) is not drawer:
                raise LookupError(f"two kinds name different drawers {name!r}")
    return MappingProxyType(found)


DRAWERS = _all_drawers()  # every built-in drawer by name: a face whose template is '@name' is drawn by it
