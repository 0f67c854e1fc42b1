"""Write stage, the marks of a tiled board's pages: alignment crosses in the overlap strips, where each tile is
cut and laid over its neighbour, and the tile's label with how to join it (drawn by the sheet writer)."""

from __future__ import annotations

from generator.impose import Page
from generator.units import mm
from generator.write.draw import label


def tile_alignment_points(page: Page) -> list[tuple[float, float]]:
    """Page positions of the alignment crosses: piece points in the strips glued under a neighbour (a tile's
    right and bottom overlap), so no cross stays visible on the finished board, over a price slot, a unit box or
    a caption. The tile laid over them has its edge on the dashed line and covers them.
    """
    tile = page.tile
    placement = page.placements[0]
    piece = placement.piece
    half = tile.overlap / 2
    ys = [tile.piece_y + tile.height * f for f in (0.25, 0.5, 0.75)]
    xs = [tile.piece_x + tile.width * f for f in (0.25, 0.5, 0.75)]
    points: list[tuple[float, float]] = []
    if tile.piece_x + tile.width < piece.width - 1e-6:
        points += [(tile.piece_x + tile.width - half, y) for y in ys]
    if tile.piece_y + tile.height < piece.height - 1e-6:
        points += [(x, tile.piece_y + tile.height - half) for x in xs]
    return [(placement.x + px, placement.y + py) for px, py in points]


def draw_tile_marks(context, page: Page) -> None:
    """Alignment crosses in the overlap strips, how the tiles join, and the tile's label.

    Joining: a tile with a neighbour to its left (above) is cut along that printed edge (solid line)
    and laid over the neighbour, its edge on the neighbour's dashed line, covering the crosses.
    """
    tile = page.tile
    placement = page.placements[0]
    piece = placement.piece
    two_sided = piece.back is not None
    x0, y0, x1, y1 = placement.clip
    context.save()
    context.set_line_width(0.6)
    for x, y in tile_alignment_points(page):
        context.set_source_rgb(1, 1, 1)
        context.arc(x, y, mm(2.2), 0, 6.283185307179586)
        context.fill()
        context.set_source_rgb(0.85, 0, 0.3)
        context.arc(x, y, mm(1.6), 0, 6.283185307179586)
        context.move_to(x - mm(2.5), y)
        context.line_to(x + mm(2.5), y)
        context.move_to(x, y - mm(2.5))
        context.line_to(x, y + mm(2.5))
        context.stroke()
    has_right = tile.piece_x + tile.width < piece.width - 1e-6
    has_below = tile.piece_y + tile.height < piece.height - 1e-6
    context.set_source_rgb(0.85, 0, 0.3)
    context.set_line_width(0.8)
    if tile.piece_x > 1e-6 or two_sided:  # cut here, then overlap the tile to the left
        context.move_to(x0, y0)
        context.line_to(x0, y1)
    if tile.piece_y > 1e-6 or two_sided:
        context.move_to(x0, y0)
        context.line_to(x1, y0)
    if two_sided:  # the back shows along every edge: each tile is cut on all four
        context.move_to(x1, y0)
        context.line_to(x1, y1)
        context.move_to(x0, y1)
        context.line_to(x1, y1)
    context.stroke()
    context.set_dash([mm(2), mm(1.5)])
    if has_right:  # where the right-hand neighbour's cut edge goes
        context.move_to(x1 - tile.overlap, y0)
        context.line_to(x1 - tile.overlap, y1)
    if has_below:
        context.move_to(x0, y1 - tile.overlap)
        context.line_to(x1, y1 - tile.overlap)
    context.stroke()
    context.restore()
    label_y = y1 + mm(3.5)
    advance = label(context, f"Tile {tile.label}", x0, label_y, 8, bold=True)
    edges = [side for side, present in (("left", tile.piece_x > 1e-6), ("top", tile.piece_y > 1e-6)) if present]
    if two_sided:
        note = ("Printed on both sides: cut along all four solid edges; lay each tile over its left and upper "
                "neighbours, edge on the dashed line, outer edges flush; glue.")
    elif edges:
        note = (f"Cut along the solid {' and '.join(edges)} edge; lay it over its neighbour with the edge on the "
                "dashed line and the outer edges flush; glue.")
    else:
        note = "Glue the crossed strips under the neighbouring tiles: their edges go on the dashed lines."
    label(context, note, x0 + advance + mm(3), label_y, 6.5)

