"""A watched rebuild's imposition: the previous build's pages, with the new pieces put in, when only what the
faces show changed (a card's text, a token's label). Imposing is pure geometry over the pieces' sizes and
outlines, and it tries every packing strategy, so it is most of a one-card rebuild; what the faces show
never moves a piece.

`impose_again(pieces, options, imposing, kept)` compares the pieces with their faces' content left out against
what `kept` (a dict the watch keeps, write.faces.DrawingMemory.layouts) holds from the last build, and on a
match rebuilds that imposition with each old piece replaced by the new one in its place. Anything it cannot
map (a piece the imposition made itself, one piece object whose places now hold different pieces) means
imposing afresh.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from generator.vocabulary import SIDES


def impose_again(pieces: Sequence, options, imposing: Callable, kept: dict):
    """`imposing(pieces, options)`, or the last build's result with `pieces` put in where it fits."""
    shape = layout_shape(pieces, options)
    last = kept.get("last")
    if last is not None and shape is not None and last[0] == shape:
        held: dict[int, tuple] = {}
        moved = _moved(last[2], last[1], pieces, kept.get("held") or {}, held)
        if moved is not None:
            imposition, placed = moved
            kept["last"], kept["held"] = (shape, placed, imposition), held
            return imposition
    imposition = imposing(pieces, options)
    kept["last"] = (shape, tuple(pieces), imposition) if shape is not None else None
    kept["held"] = None
    return imposition


def layout_shape(pieces: Sequence, options) -> tuple | None:
    """The pieces as imposing sees them: everything but a template face's fields and template (its size,
    bleed and shape stay); faces drawn by built-in drawers stay whole (their drawing may carry geometry)."""
    shapes = []
    for piece in pieces:  # its fields, the faces' as `_face_shape` has them
        shapes.append(tuple(_face_shape(getattr(piece, name)) if name in SIDES else getattr(piece, name)
                            for name in _field_names(type(piece))))
    key = (options, tuple(shapes))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _face_shape(face):
    if face is None or face.template.startswith("@"):
        return face
    return ("face", face.width, face.height, face.bleed, face.shape, face.corner_radius)


def _moved(imposition, old: Sequence, new: Sequence, known: dict[int, tuple], held: dict[int, tuple]):
    """`imposition` with old[i] replaced by new[i] wherever it appears, and the pieces it now holds in the order of
    `new` (an old piece equal to its new one stays, and with it what holds it); None when that cannot be done
    safely. Only the pages holding a replaced piece are walked and rebuilt: `known` has, by page, the ids of the
    pieces each page of `imposition` holds (filled by the rebuild before; a page missing is walked), `held` is
    filled the same for the imposition returned."""
    if len(old) != len(new):
        return None
    mapping: dict[int, Any] = {}
    replaced: set[int] = set()
    for piece, fresh in zip(old, new):  # one piece object may stand at several places (30 equal tokens)
        chosen = piece if fresh == piece else fresh  # an unchanged piece stays: its places, pages and segments too
        known_piece = mapping.setdefault(id(piece), chosen)
        if known_piece is not chosen and known_piece != chosen:
            return None
        if chosen is not piece:
            replaced.add(id(piece))
    piece_type = type(old[0]) if old else None
    try:
        if _fields(type(imposition)) != ("pages", "utilisation", "sheets"):  # not the Imposition this knows
            return _rebuilt(imposition, mapping, piece_type), tuple(mapping[id(piece)] for piece in old)
        pages = []
        for page in imposition.pages:
            entry = known.get(id(page))
            ids = entry[1] if entry is not None and entry[0] is page else _held_pieces(page, piece_type)
            if not ids <= mapping.keys():
                raise _Unmapped
            if ids & replaced:
                page = _rebuilt(page, mapping, piece_type)
                ids = _held_pieces(page, piece_type)
            pages.append(page)
            held[id(page)] = (page, ids)
        if all(a is b for a, b in zip(pages, imposition.pages)):
            return imposition, tuple(mapping[id(piece)] for piece in old)
        return dataclasses.replace(imposition, pages=tuple(pages)), tuple(mapping[id(piece)] for piece in old)
    except (_Unmapped, TypeError, ValueError):  # ValueError: a field dataclasses.replace cannot set
        return None


def _held_pieces(value: Any, piece_type: type) -> frozenset[int]:
    """The ids of the pieces `value` holds, found where _rebuilt would find them."""
    found: set[int] = set()
    _gather(value, piece_type, found)
    return frozenset(found)


def _gather(value: Any, piece_type: type, found: set[int]) -> None:
    kind = type(value)
    if kind in _PLAIN:
        return
    if kind is piece_type:
        found.add(id(value))
    elif isinstance(value, (tuple, list)):
        if isinstance(value, tuple) and all(type(item) in _PLAIN for item in value):
            return
        for item in value:
            _gather(item, piece_type, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and not _leaf(kind):
        for name in _field_names(kind):
            _gather(getattr(value, name), piece_type, found)


def _fields(kind: type) -> tuple[str, ...] | None:
    return _field_names(kind) if dataclasses.is_dataclass(kind) else None


class _Unmapped(Exception):
    """A piece in the imposition that is not one of the kit's pieces (made by the imposer itself)."""


_PLAIN = frozenset({float, int, str, bool, type(None)})
_PLAIN_NAMES = frozenset({"float", "int", "str", "bool"})
_LEAVES: dict[type, bool] = {}  # dataclass types whose fields are all plain values (a crop mark)
_FIELDS: dict[type, tuple[str, ...]] = {}  # each dataclass type's field names


def _leaf(kind: type) -> bool:
    known = _LEAVES.get(kind)
    if known is None:
        known = _LEAVES[kind] = all(str(f.type) in _PLAIN_NAMES for f in dataclasses.fields(kind))
    return known


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def _rebuilt(value: Any, mapping: dict, piece_type: type) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is piece_type:
        fresh = mapping.get(id(value))
        if fresh is None:
            raise _Unmapped
        return fresh
    if isinstance(value, tuple):
        if all(type(item) in _PLAIN for item in value):  # a box, a point: nothing inside to replace
            return value
        items = tuple(_rebuilt(item, mapping, piece_type) for item in value)
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(*items) if hasattr(value, "_fields") else items
    if isinstance(value, list):
        return [_rebuilt(item, mapping, piece_type) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if _leaf(kind):
            return value
        changes = {}
        for name in _field_names(kind):
            current = getattr(value, name)
            if type(current) in _PLAIN:
                continue
            fresh = _rebuilt(current, mapping, piece_type)
            if fresh is not current:
                changes[name] = fresh
        return dataclasses.replace(value, **changes) if changes else value
    return value
