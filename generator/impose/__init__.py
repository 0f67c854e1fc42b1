"""Impose stage: `impose_sheets(pieces, options)` packs pieces onto pages (pure geometry, points).

Equal pieces are laid in blocks of rows, so every straight cut runs the length of its block and its crop
marks line up; blocks fill the free room of sheets across components (sheet.py: the vocabulary; grid.py: how
a block lies, discs and hexagons nested, one-sided pieces maybe turned; pack.py: the packer; refill.py: the least
covered sheet emptied into the room the others leave, room.py: that room measured exactly). Two-sided
pieces get a back page right after their front, mirrored for the flip; anything larger than the printable
area is split into overlapping tiles with an assembly plan (tiles.py).

Layouts (`SheetOptions.layout`, layouts.py): `home` is the above; `gutter-fold` prints each two-sided piece's
front and back on one side of the sheet, mirrored across a fold line (no duplex printer needed);
`print-and-cut` keeps every piece, with its whole bleed, inside the registration area of a cutting machine
(`cutter`), whose marks the page carries (`Page.registration`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from generator.impose.layouts import fold_halves, gutter_fold, home, print_and_cut, registration
from generator.impose.sheet import (BLOCK_GAP, CUTTERS, FOOTER, INSET_HEADER, LAYOUTS, MARK_LANE, MARK_LENGTH,
                                    TILE_BACK_BLEED, TILE_OVERLAP, CropMark, Imposition, Page, Paper, Placement, Registration,
                                    SheetOptions, Tile, fits)
from generator.impose.tiles import flips_across, mirror_page, tile_piece
from generator.model import Piece
from generator.vocabulary import FRONT


def impose_sheets(pieces: Sequence[Piece], options: SheetOptions) -> Imposition:
    """Pack `pieces` onto pages: two-sided sheets (front, back) first, then one-sided ones; pieces too big for
    the sheet follow their group, each on its own pages. `options.layout` picks the layout (see the module)."""
    paper = options.paper
    if options.layout == "gutter-fold":
        pages = gutter_fold(pieces, options)
    elif options.layout == "print-and-cut":
        pages = print_and_cut(pieces, options)
    else:
        pages = home(pieces, options)
    pages = _number_sheets(pages)
    packed = [p for p in pages if p.kind in {"front", "single", "fold"}]
    x0, y0, x1, y1 = paper.area()
    used = sum(pl.piece.width * pl.piece.height for page in packed for pl in page.placements if pl.side == FRONT)
    utilisation = used / ((x1 - x0) * (y1 - y0) * len(packed)) if packed else 0.0
    return Imposition(tuple(pages), utilisation, pages[-1].sheet if pages else 0)


def _number_sheets(pages: Sequence[Page]) -> list[Page]:
    """Number the sheets of paper in print order: every page starts a new sheet except a back."""
    numbered, sheet = [], 0
    for page in pages:
        sheet += page.kind != "back"
        numbered.append(replace(page, sheet=sheet))
    return numbered


__all__ = ["BLOCK_GAP", "CUTTERS", "FOOTER", "INSET_HEADER", "LAYOUTS", "MARK_LANE", "MARK_LENGTH", "TILE_BACK_BLEED",
           "TILE_OVERLAP", "CropMark", "Imposition", "Page", "Paper", "Placement", "Registration", "SheetOptions", "Tile", "fits",
           "flips_across", "fold_halves", "impose_sheets", "mirror_page", "registration", "tile_piece"]
