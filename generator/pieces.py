"""The model's contract: what the model stage hands on (`Kit`, its `Piece`s and their `FaceSpec`s, in points)
and the helpers every kind's builder shares (colour sets, face fields, located errors).

Per-player sets become one copy per seat in that seat's colour, decks become their cards, and every
distinct face becomes one FaceSpec (hashable, so the renderer draws it once however often it is used).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Hashable, Iterator, Mapping

from generator.colours import text_on
from generator.errors import ManifestError, Problem
from generator.palettes import seat_symbol
from generator.units import mm
from generator.vocabulary import PER_COLOUR, PER_PLAYER, CutShape, FaceShape, Shape

if TYPE_CHECKING:
    from generator.manifest.spec import ComponentSpec, KitSpec, SideSpec

Point = tuple[float, float]
# Sanity limits: the largest kit prints about 1 100 pieces, none over 460 mm; far beyond is a typo in a
# count or a size, and would otherwise run for minutes and print hundreds of sheets.
MAX_PIECES = 20_000
MAX_PIECE_SIDE = mm(1000)
# How a token, marker or card of each `shape:` is cut (a hex is cut along its polygon: kinds/hexes.py).
CUT_SHAPE: Mapping[Shape, CutShape] = {"disc": "disc", "square": "rect", "rect": "rect", "rounded": "rounded",
                                       "hex": "polygon"}


@dataclass(frozen=True, slots=True)  # slots: a 10 000-card deck holds 10 000 of these
class FaceSpec:
    """Everything needed to draw one face; equal specs are drawn once."""

    template: str
    fields_json: str
    width: float
    height: float
    bleed: float
    shape: FaceShape
    corner_radius: float = 0.0
    # What a kind's drawer draws, typed and in points (a frozen dataclass), for kinds that hand it over as
    # data rather than as JSON fields. Left out of repr so that faces without one keep their keys.
    drawing: Hashable | None = field(default=None, repr=False)
    # `key`, once asked for: outside the spec's repr, equality and hash
    _key: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def fields(self) -> dict[str, Any]:
        return json.loads(self.fields_json)

    @property  # asked for at every placement; a repr + sha1 of the whole spec each time adds up: made once
    def key(self) -> str:
        key = self._key
        if key is None:
            text = repr(self) if self.drawing is None else f"{self!r} {self.drawing!r}"
            key = hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
            object.__setattr__(self, "_key", key)
        return key


@dataclass(frozen=True)
class Outline:
    """A piece's cut outline in its own coordinates (origin at the trim box's top-left, points)."""

    shape: CutShape
    width: float
    height: float
    radius: float = 0.0
    points: tuple[Point, ...] = ()

    @property
    def straight(self) -> bool:
        """True when cut with a guillotine along the trim box (crop marks apply)."""
        return self.shape == "rect"


@dataclass(frozen=True, slots=True)  # slots: a 10 000-card deck holds 10 000 of these
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
    # Where its words are printed (x0, y0, x1, y1 in its own coordinates, points): a board's title, a map's badges
    # and legend. A piece too big for the paper is cut into tiles between them where the tiles allow.
    keep_whole: tuple[tuple[float, float, float, float], ...] = ()

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
    sets = {PER_PLAYER: players, PER_COLOUR: len(component.per_colour), None: 1}[component.per]
    return component.copies_per_set * sets


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
    if component.per == PER_PLAYER:
        for seat in range(players):
            name, value = spec.player_colours[seat]
            yield seat, name, value
    elif component.per == PER_COLOUR:
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
    if seat is None and colour_name is not None:
        names = [name for name, _ in spec.player_colours]
        seat = names.index(colour_name) if colour_name in names else None
    return seat_symbol(seat) if seat is not None else None


def face(side: SideSpec, fields: Mapping[str, Any], width: float, height: float, bleed: float,
         shape: FaceShape, corner_radius: float = 0.0, template: str | None = None) -> FaceSpec:
    """The FaceSpec of one side drawn from its template (or a card's own `template`) with `fields` (sizes in points)."""
    return FaceSpec(template=template or side.template, fields_json=json.dumps(fields, sort_keys=True, default=str),
                    width=width, height=height, bleed=bleed, shape=shape, corner_radius=corner_radius)


def outline_for(component: ComponentSpec, width: float, height: float) -> Outline:
    """The cut outline of a token, marker or card: its trim box, a circle, or a rounded rectangle."""
    shape: CutShape = CUT_SHAPE[component.shape]
    return Outline(shape=shape, width=width, height=height, radius=component.corner_radius)
