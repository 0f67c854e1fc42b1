"""The kind table: every value of a component's `kind:`, one line each, with what the stages need of it.

The manifest stage reads a kind's option block with `check` (and `parse`, into the frozen options the builder
gets), the model stage builds pieces with `build`, the render stage draws the faces named '@<drawer>' with
`drawers`. Adding a kind is one module (generator/kinds/rondel.py is the example) and one line in KINDS; a
kind missing from the table is an error, never a silent fallback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from generator.kinds import boards, dice, foldup, hexes, hexmap, hexmapshape, mats, plain, rondel, tracks
from generator.vocabulary import KIND_NAMES, KindName, Shape

if TYPE_CHECKING:
    from generator.manifest.spec import ComponentSpec, KitSpec
    from generator.pieces import FaceSpec, Piece

KeyPath = tuple[Any, ...]
Builder = Callable[["KitSpec", "ComponentSpec", int], Iterator["Piece"]]
KeyProblem = tuple[KeyPath, str]  # (key path from the component, message)
Checker = Callable[[dict[str, Any], dict[str, Any]], Iterable[KeyProblem]]
# (its block or None, the raw component, the kit palette) -> (frozen options in points or None, problems)
Parser = Callable[[Any, Mapping[str, Any], Mapping[str, str]], tuple[Any, list[KeyProblem]]]
Drawer = Callable[["FaceSpec", "KitSpec"], str]
NO_DRAWERS: Mapping[str, Drawer] = MappingProxyType({})


@dataclass(frozen=True)
class Kind:
    """One component kind and what each stage needs of it."""

    name: KindName
    build: Builder = plain.simple_pieces
    block: str | None = None        # its option block (`hex:`, `map:` …), when it has one
    check: Checker | None = None    # (blocks, raw component) -> its blocks' problems, found before `parse` runs
    parse: Parser | None = None     # reads its block once, at load, into frozen options (points) or problems
    options: type | None = None     # the frozen dataclass `parse` returns, which its builder gets
    drawers: Mapping[str, Drawer] = field(default_factory=lambda: NO_DRAWERS)  # its faces' built-in drawers, by name
    shape: Shape = "rect"           # default `shape:`
    template: str = "token"         # default template of its sides
    schema: Mapping[str, Any] | None = None  # its block's JSON Schema, when not written in kit.schema.json

    @property
    def drawn(self) -> bool:
        """Drawn by its own drawer, and so sized by its option block, not by `size:`."""
        return bool(self.drawers)


def _drawers(**named: Drawer) -> Mapping[str, Drawer]:
    return MappingProxyType(named)


# The drawers that live in render/<kind>.py, imported when a face is drawn: they draw with jinja2-backed text
# helpers, which loading a manifest (and `pnpgen check`) does without.
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


def _draw_die_net(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.dice import draw_net_face

    return draw_net_face(face, spec)


def _draw_die_face(face: FaceSpec, spec: KitSpec) -> str:
    from generator.render.dice import draw_sticker_face

    return draw_sticker_face(face, spec)


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
    Kind("hex", hexes.hex_pieces, "hex", parse=hexes.read_hex, options=hexes.HexOptions, shape="hex",
         drawers=_drawers(hex=hexes.draw_hex)),
    Kind("hexmap", hexmap.hexmap_pieces, "map", hexmapshape.validate_map_options, parse=hexmap.read_map,
         options=hexmap.MapOptions, drawers=_drawers(hexmap=_draw_hexmap)),
    Kind("board", boards.board_pieces, "board", boards.validate_board, parse=boards.read_board_options,
         options=boards.BoardOptions, drawers=_drawers(board=_draw_board)),
    Kind("track", tracks.track_pieces, "track", tracks.validate_track, parse=tracks.read_track_options,
         options=tracks.TrackOptions, drawers=_drawers(track=_draw_track)),
    Kind("mat", mats.mat_pieces, "mat", mats.validate_mat, parse=mats.read_mat_options, options=mats.MatOptions,
         drawers=_drawers(mat=_draw_mat)),
    Kind("foldup", foldup.foldup_pieces, "foldup", parse=foldup.read_foldup, options=foldup.FoldupOptions,
         drawers=_drawers(foldup=foldup.draw_foldup)),
    Kind("standee", foldup.foldup_pieces, "foldup", parse=foldup.read_foldup, options=foldup.FoldupOptions,
         drawers=_drawers(foldup=foldup.draw_foldup)),
    Kind("die", dice.die_pieces, "die", dice.validate_die, parse=dice.read_die, options=dice.DieOptions,
         drawers=_drawers(die_net=_draw_die_net, die_face=_draw_die_face)),
    Kind("rondel", rondel.rondel_pieces, "rondel", parse=rondel.read_rondel, options=rondel.RondelOptions, shape="disc",
         drawers=_drawers(rondel=rondel.draw_rondel), schema=rondel.SCHEMA),
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
