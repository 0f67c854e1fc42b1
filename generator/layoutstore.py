"""Impositions kept between processes in the user's cache folder: `impose_kept(pieces, options, imposing)`.

Imposing is pure geometry over the pieces as relayout.layout_shape sees them (what the faces show never moves a
piece: the premise of a watched rebuild's relayout), and it tries every packing strategy, so in a new process it
was a tenth of a one-card rebuild of a deck. An imposition is kept (generator/keptfiles.py) under a digest of those
shapes, of which pieces are one object and which are equal (the packer groups and takes pieces out by both), of the
sheet options and of pnpgen's own files; the next build of the same pieces with other texts reads it back and puts
its own pieces in their places. The imposition is pickled with each piece written as its index in the kit's pieces,
so what is kept of a piece is only where it goes; an imposition holding a piece the imposer made itself, or a face
outside a piece, is not kept.
"""

from __future__ import annotations

import io
import pickle
from typing import Callable, Sequence

from generator.impose import Imposition
from generator.keptfiles import KeptFiles, OwnTypesUnpickler, package_state
from generator.paths import user_cache
from generator.pieces import FaceSpec, Piece
from generator.relayout import layout_shape
from generator.write.segmentstore import content_digest

FORMAT = b"pnpgen-layout 1\n"  # a kept file's first line; another format is ignored
SUFFIX = ".layout"
MAX_BYTES = 32 * 2**20
MAX_ENTRIES = 64
# Above this many pieces nothing is kept: the digest and the pickle cost a third of imposing (S10000: about 0.4 s
# of 1.3 s), paid by every fresh build; below it (every kit in components/, W2) they cost a few ms.
MOST_PIECES = 2000


def layout_folder():
    return user_cache() / "layouts"


def impose_kept(pieces: Sequence[Piece], options, imposing: Callable) -> Imposition:
    """`imposing(pieces, options)`, or the imposition an earlier process made for pieces of the same shapes with
    `pieces` put in their places; what is imposed afresh is kept for the next build."""
    digest = layout_digest(pieces, options) if len(pieces) <= MOST_PIECES else None
    if digest is None:
        return imposing(pieces, options)
    files = KeptFiles(layout_folder(), FORMAT, SUFFIX)
    imposition = files.load(digest, lambda file: _IndicesAsPieces(file, pieces))
    if type(imposition) is Imposition:
        return imposition
    if imposition is not None:
        files.forget(digest)  # whole, but not an imposition of these pieces: never trusted
    imposition = imposing(pieces, options)
    body = _dumped(imposition, pieces)
    if body is not None:
        files.write(digest, body)
        files.evict(MAX_BYTES, MAX_ENTRIES)
    return imposition


def layout_digest(pieces: Sequence[Piece], options) -> str | None:
    """A digest of all that imposing `pieces` with `options` depends on; None when it cannot be told."""
    shape = layout_shape(pieces, options)
    state = package_state()
    if shape is None or state is None:
        return None
    same: dict[int, int] = {}
    equal: dict[Piece, int] = {}
    for index, piece in enumerate(pieces):
        same.setdefault(id(piece), index)
        equal.setdefault(piece, index)
    identity = tuple(same[id(piece)] for piece in pieces)
    equality = tuple(equal[piece] for piece in pieces)
    return content_digest((FORMAT, state, shape, identity, equality))


class _NotKept(Exception):
    """The imposition holds something that is not one of the kit's pieces (made by the imposer itself)."""


class _PiecesAsIndices(pickle.Pickler):
    """Writes each of the kit's pieces as its index in them (their content is the next build's)."""

    def __init__(self, file, index: dict[int, int]):
        super().__init__(file, protocol=5)
        self.index = index

    def persistent_id(self, value):
        kind = type(value)
        if kind is Piece:
            found = self.index.get(id(value))
            if found is None:
                raise _NotKept
            return found
        if kind is FaceSpec:  # a face not inside one of the kit's pieces
            raise _NotKept
        return None


class _IndicesAsPieces(OwnTypesUnpickler):
    """Reads back an imposition of pnpgen's own types, each piece index given as the kit's piece."""

    def __init__(self, file, pieces: Sequence[Piece]):
        super().__init__(file)
        self.pieces = pieces

    def persistent_load(self, index):
        if type(index) is not int or not 0 <= index < len(self.pieces):
            raise pickle.UnpicklingError("not a piece of this kit")
        return self.pieces[index]


def _dumped(imposition: Imposition, pieces: Sequence[Piece]) -> bytes | None:
    index: dict[int, int] = {}
    for number, piece in enumerate(pieces):
        index.setdefault(id(piece), number)
    buffer = io.BytesIO()
    try:
        _PiecesAsIndices(buffer, index).dump(imposition)
    except (_NotKept, pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None
    return buffer.getvalue()
