"""Model stage: `build_kit(spec, players)` expands a KitSpec into the pieces to print and their faces, each
component by its kind's builder (generator/kinds/registry.py). What it hands on (`Kit`, `Piece`, `FaceSpec`)
is defined in generator/pieces.py and re-exported here.
"""

from __future__ import annotations

from generator.kinds.registry import kind_named
from generator.manifest.spec import KitSpec
from generator.pieces import (MAX_PIECE_SIDE, MAX_PIECES, FaceSpec, Kit, Outline, Piece, colour_sets, face,
                              face_fields, located_error, outline_for, printed_count)
from generator.units import to_mm

__all__ = ["build_kit", "Kit", "Piece", "FaceSpec", "Outline", "printed_count", "located_error", "colour_sets",
           "face", "face_fields", "outline_for", "MAX_PIECES", "MAX_PIECE_SIDE"]


def build_kit(spec: KitSpec, players: int) -> Kit:
    """Expand every printed component of `spec` into pieces for `players` players."""
    pieces: list[Piece] = []
    for component in spec.components:
        if not component.printed:
            continue
        if len(pieces) + printed_count(component, players) > MAX_PIECES:
            raise located_error(component, "count", f"the kit would print more than {MAX_PIECES} pieces; check the counts")
        for piece in kind_named(component.kind).build(spec, component, players):
            if max(piece.width, piece.height) > MAX_PIECE_SIDE:
                raise located_error(component, "size", f"a piece of {to_mm(piece.width):.0f} × {to_mm(piece.height):.0f} mm "
                                    f"is larger than {to_mm(MAX_PIECE_SIDE):.0f} mm; check the sizes")
            pieces.append(piece)
    return Kit(spec=spec, players=players, pieces=tuple(pieces))
