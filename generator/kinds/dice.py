"""Kind `die` (model stage): custom six-sided dice as a cube net to cut, fold and glue (solid cut
outline with glue tabs, dashed folds), or as six square stickers per die for bought blank dice.

The net is a cross: faces 1 and 6, 2 and 5, 3 and 4 land opposite each other once folded.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Iterator

from generator.colours import text_on
from generator.kinds.common import Resolver, one_sided_problems, option_problems
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


def _face(value: Any, ground: str, resolver: Resolver, key: str) -> dict[str, Any]:
    """One face as plain data: ground and ink colours, symbol, pips, text."""
    face = dict(value) if isinstance(value, dict) else {"pips": int(value)}
    colour = resolver.colour(f"{key}.colour", face.get("colour"), ground)
    ink = resolver.colour(f"{key}.ink", face.get("ink"), text_on(colour))
    text = face.get("text")
    return {"colour": colour, "ink": ink, "symbol": face.get("symbol"), "pips": face.get("pips"),
            "text": None if text is None else str(text)}


def die_variants(spec: KitSpec, component: ComponentSpec, players: int, resolver: Resolver
                 ) -> Iterator[tuple[int, int | None, list[dict[str, Any]], int | None]]:
    """(copies, seat, six resolved faces, deck row or None) for each distinct die of the component."""
    block = component.options.get("die", {})
    for seat, _, set_colour in colour_sets(spec, component, players):
        entries = [(c.count, dict(c.front)) for c in component.cards] if component.cards else [(component.count, {})]
        for row, (copies, fields) in enumerate(entries):
            ground = resolver.colour("colour", fields.get("colour"), set_colour or component.colour or DIE_COLOUR)
            faces = fields.get("faces") or block.get("faces") or []
            key = "cards.faces" if "faces" in fields else "die.faces"
            yield copies, seat, [_face(f, ground, resolver, f"{key}[{i}]") for i, f in enumerate(faces)], \
                row if component.cards else None


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
    block = component.options.get("die", {})
    mode = block.get("mode", "net")
    resolver = Resolver(spec, component)
    default_edge = NET_EDGE if mode == "net" else STICKER_EDGE
    edge = resolver.length("die.edge", block.get("edge"), default_edge)
    variants = list(die_variants(spec, component, players, resolver))
    if mode == "net":
        tab = resolver.length("die.tab", block.get("tab"), min(6.0, 0.3 * edge)) if block.get("tabs", True) else 0.0
    else:
        side = resolver.length("die.sticker", block.get("sticker"), edge - STICKER_INSET)
    resolver.raise_if_any()
    for copies, seat, faces, row in variants:
        pieces = [net_piece(component, faces, edge, tab, seat)] if mode == "net" else \
            [sticker_piece(component, face, side, seat) for face in faces]
        # a die is one component however it prints: its net, or the first of its six stickers
        pieces = [replace(piece, card=row, unit=1 if i == 0 else 0) for i, piece in enumerate(pieces)]
        for _ in range(copies):
            yield from pieces


def net_piece(component: ComponentSpec, faces: list[dict[str, Any]], edge: float, tab: float, seat: int | None) -> Piece:
    width, height = net_size(edge, tab)
    outline = tuple((mm(x), mm(y)) for x, y in net_outline(edge, tab))
    folds = tuple(((mm(a[0]), mm(a[1])), (mm(b[0]), mm(b[1]))) for a, b in net_folds(edge))
    fields = {"faces": faces, "edge": edge, "tab": tab, "name": component.name}
    front = FaceSpec("@die_net", json.dumps(fields, sort_keys=True), mm(width), mm(height), mm(NET_BLEED), "polygon")
    return Piece(component.id, mm(width), mm(height), mm(NET_BLEED),
                 Outline("polygon", mm(width), mm(height), points=outline), front, folds=folds, player=seat)


def sticker_piece(component: ComponentSpec, face: dict[str, Any], side: float, seat: int | None) -> Piece:
    size = mm(side)
    front = FaceSpec("@die_face", json.dumps({"face": face}, sort_keys=True), size, size, component.bleed, "rect")
    return Piece(component.id, size, size, component.bleed, Outline("rect", size, size), front, player=seat)




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
        block = dict(component.options.get("die", {}))
        if component.kind == "die" and component.printed and block.get("mode", "net") != mode:
            kept = {key: value for key, value in block.items() if key not in ("edge", "tab", "tabs", "sticker")}
            component = replace(component, options={**component.options, "die": {**kept, "mode": mode}})
        changed.append(component)
    return replace(spec, components=tuple(changed))
