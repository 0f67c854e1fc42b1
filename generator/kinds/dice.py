"""Kind `die` (model stage): custom six-sided dice as a cube net to cut, fold and glue (solid cut
outline with glue tabs, dashed folds), or as six square stickers per die for bought blank dice.

The net is a cross: faces 1 and 6, 2 and 5, 3 and 4 land opposite each other once folded. The `die:` block is
read once at load into `DieOptions` (lengths in points); the builder hands its drawers (generator/render/dice.py)
a `DieNet` or a `DieSticker` with every face's colours resolved.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Iterator, Mapping

from generator.colours import text_on
from generator.kinds.common import Resolver, one_sided_problems, option_problems
from generator.kinds.parts import KindParts
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import FaceSpec, Outline, Piece, colour_sets
from generator.units import mm, parse_length, to_mm

NET_EDGE = 20.0        # mm, default edge of a net die
STICKER_EDGE = 16.0    # mm, default blank die for stickers
STICKER_INSET = 3.0    # mm less than the edge: blank dice have rounded edges
NET_BLEED = 1.0        # mm: faces are painted this far past the cut line
DIE_COLOUR = "#fbf8f0"
# The symbols the @die_net and @die_face drawers know (generator/render/dice.py draws each).
DIE_SYMBOLS = ("flag", "frown", "skull", "hit", "flee", "fire", "plague", "bandit", "monster", "sun", "moon", "star",
               "heart", "shield", "blank")
FACE_KEYS = {"symbol", "pips", "text", "colour", "ink"}
# Face number (1-6) -> (column, row) of its square in the cross; opposite faces add up to 7.
NET_CELLS = {1: (1, 1), 6: (1, 3), 2: (1, 0), 5: (1, 2), 3: (0, 1), 4: (2, 1)}
# The cross's outline walked clockwise in edge units; a tab sits on the edges marked True
# (one edge of each of the 7 pairs that meet when the cube is folded).
NET_WALK = (
    ((1, 0), False), ((2, 0), True), ((2, 1), False), ((3, 1), False), ((3, 2), False), ((2, 2), True),
    ((2, 3), True), ((2, 4), True), ((1, 4), True), ((1, 3), True), ((1, 2), False), ((0, 2), False),
    ((0, 1), False), ((1, 1), True),
)
# Folds between neighbouring faces (the tab folds are added along the tabbed edges).
NET_FOLDS = (((1, 1), (2, 1)), ((1, 2), (2, 2)), ((1, 3), (2, 3)), ((1, 1), (1, 2)), ((2, 1), (2, 2)))


# -- options --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DieFace:
    """One face: pips, a symbol, text and its colours. As read from the manifest its colours are as written (None:
    the die's ground, and ink that reads on it); the builder resolves them for the drawer ('#rrggbb')."""

    pips: int | None = None
    symbol: str | None = None
    text: str | None = None
    colour: str | None = None
    ink: str | None = None


@dataclass(frozen=True)
class DieOptions:
    """A die's `die:` block, read once at load: how it is made and its sizes (points)."""

    mode: str = "net"                  # net | stickers
    edge: float = mm(NET_EDGE)
    tabs: bool = True                  # net: glue tabs
    tab: float | None = None           # net: a tab's depth (None: 30% of the edge, at most 6mm)
    sticker: float | None = None       # stickers: one sticker's side (None: the edge less STICKER_INSET)
    faces: tuple[DieFace, ...] = ()    # die.faces; () when every card gives its own

    @property
    def net_tab(self) -> float:
        """A net's glue-tab depth (points): 0 without tabs, else `tab`, by default 30% of the edge, at most 6mm."""
        if not self.tabs:
            return 0.0
        return mm(min(6.0, 0.3 * to_mm(self.edge))) if self.tab is None else self.tab

    @property
    def sticker_side(self) -> float:
        """One sticker's side (points): `sticker`, by default the edge less STICKER_INSET."""
        return mm(to_mm(self.edge) - STICKER_INSET) if self.sticker is None else self.sticker


def die_face(value: Any) -> DieFace:
    """One face as written (checked): pips, or a mapping with symbol, pips, text, colour and ink."""
    if not isinstance(value, dict):
        return DieFace(pips=int(value))
    text = value.get("text")
    return DieFace(value.get("pips"), value.get("symbol"), None if text is None else str(text), value.get("colour"),
                   value.get("ink"))


def die_options(mode: str, block: Mapping[str, Any] | None = None, faces: tuple[DieFace, ...] = ()) -> DieOptions:
    """The options of a die made as `mode`: sizes from `block` (checked) where it gives them, else the mode's."""
    block = block or {}
    edge = parse_length(block["edge"]) if "edge" in block else mm(STICKER_EDGE if mode == "stickers" else NET_EDGE)
    tab = parse_length(block["tab"]) if "tab" in block else None
    sticker = parse_length(block["sticker"]) if "sticker" in block else None
    return DieOptions(mode, edge, bool(block.get("tabs", True)), tab, sticker, faces)


def read_die(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]) -> tuple[DieOptions, list]:
    """Kind die's parse: the `die:` block (checked by validate_die) as DieOptions; colours are resolved by the
    builder, against each set's colour. A bought die (`print: false`) draws nothing, so its block is neither
    checked nor read."""
    if raw.get("print", True) is False or not isinstance(block, dict):
        return DieOptions(), []
    faces = tuple(die_face(face) for face in block.get("faces") or ())
    return die_options(block.get("mode", "net"), block, faces), []


def validate_die(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems with a component's `die:` block (its kind's check in generator/kinds/registry.py)."""
    if raw.get("print", True) is False:
        return  # bought dice: nothing to draw
    yield from one_sided_problems(raw)
    block = options.get("die", {})
    cards = raw.get("cards")
    has_faces = "faces" in block or (isinstance(cards, list) and cards and all("faces" in c for c in cards))
    if not has_faces:
        yield ("die",), "a die needs faces: six faces in die.faces, or a faces field on every card"
    if isinstance(cards, list):
        for i, card in enumerate(cards):
            faces = card.get("faces")
            if faces is not None and (not isinstance(faces, list) or len(faces) != 6):
                yield ("cards", i, "faces"), "a die has six faces: give a list of 6"
            elif faces is not None:
                for j, face in enumerate(faces):
                    for message in _face_problems(face):
                        yield ("cards", i, "faces", j), message
    lengths = [(("die", key), block.get(key), "length") for key in ("edge", "sticker", "tab")]
    problems = list(option_problems(lengths))
    yield from problems
    if not problems:
        yield from _size_problems(block)


def _size_problems(block: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """A die's edge, sticker and tab must make a drawable die (each parses: checked before)."""
    stickers = block.get("mode", "net") == "stickers"
    edge = to_mm(parse_length(block["edge"])) if "edge" in block else (STICKER_EDGE if stickers else NET_EDGE)
    if edge <= 0:
        yield ("die", "edge"), "the edge must be larger than zero"
    elif stickers and "sticker" in block and not 0 < to_mm(parse_length(block["sticker"])) <= edge:
        yield ("die", "sticker"), f"a sticker must fit on a face of the die ({edge:g}mm)"
    elif not stickers and "tab" in block and to_mm(parse_length(block["tab"])) >= edge:
        yield ("die", "tab"), f"the glue tab must be shallower than the die's edge ({edge:g}mm)"


def _face_problems(face: Any) -> Iterator[str]:
    """What is wrong with one face written in a card (die.faces itself is checked by the schema)."""
    def is_pips(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6

    if not isinstance(face, dict):
        if not is_pips(face):
            yield f"a face is pips (1-6) or a mapping with symbol, pips, text, colour, ink; got {face!r}"
        return
    for key in sorted(set(face) - FACE_KEYS):
        yield f"unknown key {key!r} (a face has {', '.join(sorted(FACE_KEYS))})"
    if "symbol" in face and face["symbol"] not in DIE_SYMBOLS:
        yield f"symbol {face['symbol']!r} is not one of: {', '.join(DIE_SYMBOLS)}"
    if "pips" in face and not is_pips(face["pips"]):
        yield f"pips is a whole number from 1 to 6, got {face['pips']!r}"


def _painted(face: DieFace, ground: str, resolver: Resolver, key: str) -> DieFace:
    """The face with its ground and ink colours resolved."""
    colour = resolver.colour(f"{key}.colour", face.colour, ground)
    ink = resolver.colour(f"{key}.ink", face.ink, text_on(colour))
    return replace(face, colour=colour, ink=ink)


def die_variants(spec: KitSpec, component: ComponentSpec, players: int, resolver: Resolver
                 ) -> Iterator[tuple[int, int | None, list[DieFace], int | None]]:
    """(copies, seat, six painted faces, deck row or None) for each distinct die of the component."""
    options: DieOptions = component.options["die"]
    for seat, _, set_colour in colour_sets(spec, component, players):
        entries = [(c.count, dict(c.front)) for c in component.cards] if component.cards else [(component.count, {})]
        for row, (copies, fields) in enumerate(entries):
            ground = resolver.colour("colour", fields.get("colour"), set_colour or component.colour or DIE_COLOUR)
            faces = [die_face(f) for f in fields["faces"]] if fields.get("faces") else list(options.faces)
            key = "cards.faces" if "faces" in fields else "die.faces"
            yield copies, seat, [_painted(f, ground, resolver, f"{key}[{i}]") for i, f in enumerate(faces)], \
                row if component.cards else None


@dataclass(frozen=True)
class DieNet:
    """What drawer '@die_net' gets (FaceSpec.drawing): the six painted faces, 1 to 6, and the net's sizes (points)."""

    faces: tuple[DieFace, ...]
    edge: float
    tab: float    # 0: no glue tabs


@dataclass(frozen=True)
class DieSticker:
    """What drawer '@die_face' gets (FaceSpec.drawing): one painted face."""

    face: DieFace


# -- the net --------------------------------------------------------------------------------------------
def net_outline(edge: float, tab: float) -> list[tuple[float, float]]:
    """The cut outline of the net, clockwise, in mm (origin at the bounding box's top-left)."""
    points: list[tuple[float, float]] = []
    walk = [p for p, _ in NET_WALK]
    for i, ((x, y), tabbed) in enumerate(NET_WALK):
        nx, ny = walk[(i + 1) % len(walk)]
        points.append((x * edge, y * edge))
        if tabbed:
            dx, dy = nx - x, ny - y
            ox, oy = dy, -dx  # outward normal of a clockwise walk with y pointing down
            inset = min(tab, edge / 3)
            points.append((x * edge + dx * inset + ox * tab, y * edge + dy * inset + oy * tab))
            points.append((nx * edge - dx * inset + ox * tab, ny * edge - dy * inset + oy * tab))
    return points


def net_folds(edge: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Dashed fold lines in mm: between faces, and at the foot of every glue tab."""
    folds = [((a[0] * edge, a[1] * edge), (b[0] * edge, b[1] * edge)) for a, b in NET_FOLDS]
    walk = [p for p, _ in NET_WALK]
    for i, ((x, y), tabbed) in enumerate(NET_WALK):
        if tabbed:
            nx, ny = walk[(i + 1) % len(walk)]
            folds.append(((x * edge, y * edge), (nx * edge, ny * edge)))
    return folds


def net_size(edge: float, tab: float) -> tuple[float, float]:
    """The net's bounding box in mm: three faces wide, four tall plus the bottom tab."""
    points = net_outline(edge, tab)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return max(xs) - min(xs), max(ys) - min(ys)


def die_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The builder of kind die: one net per die, or six stickers per die."""
    options: DieOptions = component.options["die"]
    resolver = Resolver(spec, component)
    variants = list(die_variants(spec, component, players, resolver))
    resolver.raise_if_any()
    for copies, seat, faces, row in variants:
        pieces = [net_piece(component, faces, options.edge, options.net_tab, seat)] if options.mode == "net" else \
            [sticker_piece(component, face, options.sticker_side, seat) for face in faces]
        # a die is one component however it prints: its net, or the first of its six stickers
        pieces = [replace(piece, card=row, unit=1 if i == 0 else 0) for i, piece in enumerate(pieces)]
        for _ in range(copies):
            yield from pieces


def net_piece(component: ComponentSpec, faces: list[DieFace], edge: float, tab: float, seat: int | None) -> Piece:
    """One net of the given edge and tab depth (points); its geometry (net_outline …) is in mm, as the drawer's."""
    edge_mm, tab_mm = to_mm(edge), to_mm(tab)
    width, height = net_size(edge_mm, tab_mm)
    outline = tuple((mm(x), mm(y)) for x, y in net_outline(edge_mm, tab_mm))
    folds = tuple(((mm(a[0]), mm(a[1])), (mm(b[0]), mm(b[1]))) for a, b in net_folds(edge_mm))
    front = FaceSpec("@die_net", json.dumps({"name": component.name}), mm(width), mm(height), mm(NET_BLEED), "polygon",
                     drawing=DieNet(tuple(faces), edge, tab))
    return Piece(component.id, mm(width), mm(height), mm(NET_BLEED),
                 Outline("polygon", mm(width), mm(height), points=outline), front, folds=folds, player=seat)


def sticker_piece(component: ComponentSpec, face: DieFace, side: float, seat: int | None) -> Piece:
    """One sticker of side `side` (points)."""
    front = FaceSpec("@die_face", "{}", side, side, component.bleed, "rect", drawing=DieSticker(face))
    return Piece(component.id, side, side, component.bleed, Outline("rect", side, side), front, player=seat)


DICE_MODES = ("net", "stickers")


def with_dice_mode(spec: KitSpec, mode: str | None) -> KitSpec:
    """`spec` with every printed die made as `mode` (`net` or `stickers`; None: as the kit says): `pnpgen build
    --dice`. A size written for the other mode is left to the new mode's default (a 20 mm net, stickers for a
    16 mm blank die)."""
    if mode is None:
        return spec
    if mode not in DICE_MODES:
        raise ValueError(f"dice are made as {' or '.join(DICE_MODES)}, not {mode!r}")
    changed = []
    for component in spec.components:
        if component.kind == "die" and component.printed and component.options["die"].mode != mode:
            made_as = die_options(mode, faces=component.options["die"].faces)
            component = replace(component, options={**component.options, "die": made_as})
        changed.append(component)
    return replace(spec, components=tuple(changed))


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(die_pieces, check=validate_die, parse=read_die, options=DieOptions)
