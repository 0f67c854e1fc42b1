"""Model stage: `build_kit(spec, players)` expands a KitSpec into the pieces to print and their faces.

Per-player sets become one copy per seat in that seat's colour, decks become their cards, and every
distinct face becomes one FaceSpec (hashable, so the renderer draws it once however often it is used).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterator, Mapping

from generator.colours import text_on
from generator.errors import ManifestError, Problem
from generator.manifest.spec import ComponentSpec, KitSpec, SideSpec
from generator.units import mm, to_mm

Point = tuple[float, float]
# Sanity limits: the largest kit prints about 1 100 pieces, none over 460 mm; far beyond is a typo in a
# count or a size, and would otherwise run for minutes and print hundreds of sheets.
MAX_PIECES = 20_000
MAX_PIECE_SIDE = mm(1000)


@dataclass(frozen=True)
class FaceSpec:
    """Everything needed to draw one face; equal specs are drawn once."""

    template: str
    fields_json: str
    width: float
    height: float
    bleed: float
    shape: str
    corner_radius: float = 0.0

    @property
    def fields(self) -> dict[str, Any]:
        return json.loads(self.fields_json)

    @cached_property  # asked for at every placement; a repr + sha1 of the whole spec each time adds up
    def key(self) -> str:
        digest = hashlib.sha1(repr(self).encode("utf-8")).hexdigest()
        return digest[:16]


@dataclass(frozen=True)
class Outline:
    """A piece's cut outline in its own coordinates (origin at the trim box's top-left, points)."""

    shape: str  # rect | disc | rounded | polygon
    width: float
    height: float
    radius: float = 0.0
    points: tuple[Point, ...] = ()

    @property
    def straight(self) -> bool:
        """True when cut with a guillotine along the trim box (crop marks apply)."""
        return self.shape == "rect"


@dataclass(frozen=True)
class Piece:
    """One physical piece: its outline, fold lines, and front and back faces."""

    component_id: str
    width: float
    height: float
    bleed: float
    outline: Outline
    front: FaceSpec
    back: FaceSpec | None = None
    folds: tuple[tuple[Point, Point], ...] = ()
    player: int | None = None
    card: int | None = None  # the deck row (index into component.cards) this piece prints
    unit: int = 1  # how many components this piece is: a die printed as six stickers is 1 + 0 + 0 + 0 + 0 + 0

    @property
    def footprint(self) -> tuple[float, float]:
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed


@dataclass(frozen=True)
class Kit:
    """The kit ready to render: the spec it came from, the player count, and every piece."""

    spec: KitSpec
    players: int
    pieces: tuple[Piece, ...]


def printed_count(component: ComponentSpec, players: int) -> int:
    """Pieces printed for one component at a player count (two-sided pieces count once): one set per seat for a
    per-player component, else one per `per_colour` colour (as `colour_sets` makes them)."""
    sets = players if component.per_player else (len(component.per_colour) or 1)
    return component.copies_per_set * sets


def build_kit(spec: KitSpec, players: int) -> Kit:
    """Expand every printed component of `spec` into pieces for `players` players."""
    from generator.kinds import pieces_for  # kind drawers compute sizes for boards, maps, fold-ups …

    pieces: list[Piece] = []
    for component in spec.components:
        if not component.printed:
            continue
        if len(pieces) + printed_count(component, players) > MAX_PIECES:
            raise located_error(component, "count", f"the kit would print more than {MAX_PIECES} pieces; check the counts")
        for piece in pieces_for(spec, component, players):
            if max(piece.width, piece.height) > MAX_PIECE_SIDE:
                raise located_error(component, "size", f"a piece of {to_mm(piece.width):.0f} × {to_mm(piece.height):.0f} mm "
                                    f"is larger than {to_mm(MAX_PIECE_SIDE):.0f} mm; check the sizes")
            pieces.append(piece)
    return Kit(spec=spec, players=players, pieces=tuple(pieces))


# -- helpers shared by the kind modules -------------------------------------------------------------
def located_error(component: ComponentSpec, key: str, message: str) -> ManifestError:
    """A problem found while building, pointed at the value's place in the manifest when it was written
    there (`components[3].size`), else at the component's."""
    written = component.written.get(key)
    if written is not None:
        where = written.location
        return ManifestError([Problem(where.path, where.line, where.column, written.key, message)])
    where = component.location
    return ManifestError([Problem(where.path, where.line, where.column, f"components.{component.id}.{key}", message)])


def colour_sets(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[tuple[int | None, str | None, str | None]]:
    """(seat, colour name, '#rrggbb') for each set of the component."""
    if component.per_player:
        for seat in range(players):
            name, value = spec.player_colours[seat]
            yield seat, name, value
    elif component.per_colour:
        for name, value in component.per_colour:
            yield None, name, value
    else:
        yield None, None, component.colour


def face_fields(spec: KitSpec, component: ComponentSpec, side: SideSpec, colour: str | None,
                colour_name: str | None, extra: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The values a template sees: side fields, card fields, then derived values (colour, ink …)."""
    fields: dict[str, Any] = {**side.fields, **extra}
    # a colour written on the side or card wins (a deck's shared back); otherwise the set's colour
    base = fields.get("colour") or colour or spec.palette.get("default") or "#ffffff"
    fields["colour"] = base
    fields.setdefault("ink", text_on(base))
    fields.setdefault("name", component.name)
    fields["colour_name"] = colour_name
    fields["seat"] = seat
    symbol = player_symbol(spec, seat, colour_name)
    if symbol is not None and "symbols" not in fields and fields.get("player_mark", True) is not False:
        fields["player_symbol"] = symbol  # drawn beside the colour by templates/_base.svg.j2
    fields["kit_name"] = spec.name
    fields["content_missing"] = component.content == "missing"
    if side.art is not None and "art" not in extra:  # a card's own art wins over its side's
        fields["art"] = str(side.art)
    return fields


def player_symbol(spec: KitSpec, seat: int | None, colour_name: str | None) -> str | None:
    """The symbol of the player a piece belongs to: its seat's, or, for a per-colour set in a player's colour,
    that player's (generator/palettes.py); None for pieces no player owns."""
    from generator.palettes import seat_symbol

    if seat is None and colour_name is not None:
        names = [name for name, _ in spec.player_colours]
        seat = names.index(colour_name) if colour_name in names else None
    return seat_symbol(seat) if seat is not None else None


def face(side: SideSpec, fields: Mapping[str, Any], width: float, height: float, bleed: float,
         shape: str, corner_radius: float = 0.0, template: str | None = None) -> FaceSpec:
    """The FaceSpec of one side drawn from its template (or a card's own `template`) with `fields` (sizes in points)."""
    return FaceSpec(template=template or side.template, fields_json=json.dumps(fields, sort_keys=True, default=str),
                    width=width, height=height, bleed=bleed, shape=shape, corner_radius=corner_radius)


def outline_for(component: ComponentSpec, width: float, height: float) -> Outline:
    """The cut outline of a token, marker or card: its trim box, a circle, or a rounded rectangle."""
    shape = {"square": "rect"}.get(component.shape, component.shape)
    return Outline(shape=shape, width=width, height=height, radius=component.corner_radius)


def simple_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """Tokens, markers, chips and cards: one face per distinct card × colour, `count` copies each."""
    cards = component.cards or ()
    width, height, bleed = component.width, component.height, component.bleed
    if component.shape == "hex":
        raise located_error(component, "shape", f"shape hex is drawn by kind hex only, not kind {component.kind}; "
                            "write kind: hex with hex: {across_flats: …}")
    if width <= 0 or height <= 0:
        raise located_error(component, "size", f"kind {component.kind} needs a size (e.g. size: 25mm or size: poker)")
    outline = outline_for(component, width, height)
    shared: dict[FaceSpec, FaceSpec] = {}  # one object per distinct face: a deck's 10 000 backs are one back
    for seat, colour_name, colour in colour_sets(spec, component, players):
        entries = ([(c.count, c.front, c.back, c.template, c.back_template) for c in cards] if cards
                   else [(component.count, {}, {}, None, None)])
        for row, (copies, front_extra, back_extra, front_template, back_template) in enumerate(entries):
            front = face(component.front, face_fields(spec, component, component.front, colour, colour_name, front_extra, seat),
                         width, height, bleed, component.shape, component.corner_radius, front_template)
            back = None
            if component.back is not None:
                # a back shows only its own fields and the card's back_* values: a deck's backs must
                # not give away which card is on the other side
                back = face(component.back, face_fields(spec, component, component.back, colour, colour_name,
                                                        back_extra, seat),
                            width, height, bleed, component.shape, component.corner_radius, back_template)
                back = shared.setdefault(back, back)
            piece = Piece(component.id, width, height, bleed, outline, front, back, player=seat,
                          card=row if cards else None)
            for _ in range(copies):
                yield piece
