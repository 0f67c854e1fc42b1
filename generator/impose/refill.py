"""Impose stage, refilling: the least covered sheet is emptied into the room the others leave and not printed,
as long as that can be done. Works on the packer's open sheets; copies them, never changes them."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from generator.impose.pack import OpenSheet, Strategy, block_kind, pack, room_left, strategies_for
from generator.model import Piece

RELAID = 1  # at most this many sheets are packed anew to empty one (more cost seconds and, on the seed kits, gain none)
RELAY_TRIES = 4  # of the sheets holding pieces of the same kind, only the least covered few are packed anew
UNBOUNDED = 1e7  # points: larger than any piece


class _NoRoom(Exception):
    """The pieces being moved need a new sheet: the sheet they are on stays."""


def refill(sheets: Sequence[OpenSheet], gutter: float) -> list[OpenSheet]:
    """`sheets` less those that could be emptied: the least covered sheet of its own (not a tile's page, nor a
    sheet holding a piece whole; of equals, the later) is emptied into the others when they can take all its
    pieces, then the next, until one cannot.

    Its pieces go into the room left on the other sheets, found exactly from what is on them (`room_left`, not
    the packer's guillotine rectangles); and where some do not fit there, one sheet at a time is packed anew with
    its own pieces and them (equal pieces then share a block and its cuts: a few stragglers join the block of
    their size, where a block of their own would not fit), what it cannot hold going into the others' room.
    One-sided pieces may go to any sheet (on a two-sided one their backs stay blank), quarter-turned where that
    holds more; two-sided ones only to sheets printed on both sides, whose back page is their front page mirrored
    for the flip (`tiles.mirror_page`), so each back lands behind its front wherever the front goes. Blocks are
    laid by the packer, with its gutters, bleeds and crop marks' room: every cut and mark stays right."""
    sheets = list(sheets)
    while True:
        candidates = [i for i, sheet in enumerate(sheets) if sheet.rooms and not sheet.tile and sheet.placements]
        if not candidates or len(sheets) < 2:
            return sheets
        index = min(candidates, key=lambda i: (_covered(sheets[i]), -i))
        pieces, others = [pl.piece for pl in sheets[index].placements], sheets[:index] + sheets[index + 1:]
        rooms = {id(sheet): room_left(sheet) for sheet in others}
        emptied = _placed(pieces, others, gutter, rooms, RELAID)
        if emptied is None:
            return sheets
        sheets = emptied


def _covered(sheet: OpenSheet) -> float:
    return sum(pl.piece.width * pl.piece.height for pl in sheet.placements)


def _moved(pieces: Sequence[Piece], sheets: Sequence[OpenSheet], gutter: float,
           rooms: dict[int, list]) -> list[OpenSheet] | None:
    """Copies of `sheets` holding `pieces` as well, in the room left on them (`rooms`: each sheet's, by id, where
    known), or None when that room cannot take them all."""
    trial = [_exact(sheet, rooms.get(id(sheet))) for sheet in sheets]
    for two_sided in (True, False):
        moving = [piece for piece in pieces if (piece.back is not None) == two_sided]
        if not moving:
            continue
        targets = [sheet for sheet in trial if sheet.duplex] if two_sided else trial
        try:
            pack(moving, _no_new_sheet, gutter, sheets=targets, strategy=Strategy(), turn=not two_sided)
        except _NoRoom:
            return None
    return trial


def _placed(pieces: Sequence[Piece], sheets: Sequence[OpenSheet], gutter: float, rooms: dict[int, list],
            relaid: int) -> list[OpenSheet] | None:
    """Copies of `sheets` holding `pieces` as well: in the room left on them, or else with one sheet holding a piece
    of a kind of theirs packed anew holding them too, what it cannot hold placed the same way (at most `relaid`
    sheets packed anew in all); or None."""
    moved = _moved(pieces, sheets, gutter, rooms)
    if moved is not None or not relaid:
        return moved
    two_sided = any(piece.back is not None for piece in pieces)
    kinds = {block_kind(piece) for piece in pieces}
    fitting = [index for index, sheet in enumerate(sheets)
               if sheet.rooms and not (two_sided and not sheet.duplex) and id(sheet) in rooms  # (a sheet packed anew
               and any(block_kind(pl.piece) in kinds for pl in sheet.placements)]             # is not packed again)
    fitting = sorted(fitting, key=lambda i: (_covered(sheets[i]), i))[:RELAY_TRIES]  # the roomiest few: a big deck's
    for index in sorted(fitting):                                                   # thousand full sheets never help
        sheet = sheets[index]
        together = [pl.piece for pl in sheet.placements] + list(pieces)
        tried = set()
        for strategy in strategies_for(together):
            laid = [_emptied(sheet)]
            one_sided = [piece for piece in together if piece.back is None]
            pack([piece for piece in together if piece.back is not None], _overflow, gutter, sheets=laid,
                 strategy=strategy, fillers=one_sided)
            pack(one_sided, _overflow, gutter, sheets=laid, strategy=strategy, turn=True)
            over = [pl.piece for spare in laid[1:] for pl in spare.placements]
            if tuple(map(id, over)) in tried:
                continue
            tried.add(tuple(map(id, over)))
            trial = [*sheets[:index], laid[0], *sheets[index + 1:]]
            done = _placed(over, trial, gutter, rooms, relaid - 1) if over else trial
            if done is not None:
                return done
    return None


def _emptied(sheet: OpenSheet) -> OpenSheet:
    """A copy of `sheet` with nothing packed on it yet (a tile's page keeps its tile)."""
    return replace(sheet, free=list(sheet.rooms), placements=[], marks=[], taken=[], cells=set(), exact=False)


def _overflow(piece: Piece) -> OpenSheet:
    """Where a sheet packed anew puts what it cannot hold: a sheet without bounds, never printed; its pieces are
    then placed in the others' room."""
    return OpenSheet(UNBOUNDED, UNBOUNDED, [(0.0, 0.0, UNBOUNDED, UNBOUNDED)], (0.0, 0.0, UNBOUNDED, UNBOUNDED),
                     (0.0, 0.0, UNBOUNDED, UNBOUNDED))


def _no_new_sheet(piece: Piece) -> OpenSheet:
    raise _NoRoom(piece.component_id)


def _exact(sheet: OpenSheet, free: list | None) -> OpenSheet:
    """A copy of `sheet` to pack into, its free rectangles the maximal ones left (`pack.room_left`)."""
    copy = replace(sheet, placements=list(sheet.placements), marks=list(sheet.marks), taken=list(sheet.taken),
                   cells=set(), exact=True)
    copy.free = list(free) if free is not None else room_left(copy)
    return copy
