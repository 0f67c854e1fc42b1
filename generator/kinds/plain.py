"""Kinds drawn from templates (token, marker, chip, counter, card, tile, sticker …): one face per distinct
card × colour, from the component's templates; `count` copies each. The builder of every kind without a
drawer of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from generator.pieces import FaceSpec, Piece, colour_sets, face, face_fields, located_error, outline_for

if TYPE_CHECKING:
    from generator.manifest.spec import ComponentSpec, KitSpec


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
        plain_back = None  # the back of every card of this set without back_* values of its own, made once
        for row, (copies, front_extra, back_extra, front_template, back_template) in enumerate(entries):
            front = face(component.front, face_fields(spec, component, component.front, colour, colour_name, front_extra, seat),
                         width, height, bleed, component.shape, component.corner_radius, front_template)
            back = None
            if component.back is not None:
                # a back shows only its own fields and the card's back_* values: a deck's backs must
                # not give away which card is on the other side
                plain = not back_extra and back_template is None
                back = plain_back if plain else None
                if back is None:
                    back = face(component.back, face_fields(spec, component, component.back, colour, colour_name,
                                                            back_extra, seat),
                                width, height, bleed, component.shape, component.corner_radius, back_template)
                    back = shared.setdefault(back, back)
                    plain_back = back if plain else plain_back
            piece = Piece(component.id, width, height, bleed, outline, front, back, player=seat,
                          card=row if cards else None)
            for _ in range(copies):
                yield piece
