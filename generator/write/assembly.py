"""Write stage, a tiled piece's assembly plan: the whole piece in miniature (its face, replayed small) with its
tiles marked and labelled over it, on a page of its own or as an inset beside a tile."""

from __future__ import annotations

from generator.impose import INSET_HEADER, Page
from generator.units import mm
from generator.write.draw import label, outline_path, rounded_rect, text_width
from generator.write.faces import FaceRecorder


def draw_assembly(context, page: Page, recorder: FaceRecorder) -> None:
    """The whole piece in miniature with its tiles marked over it, to scale: how the pages go together."""
    tiles, piece = page.tiles, page.tiled
    width = max(t.piece_x + t.width for t in tiles)
    height = max(t.piece_y + t.height for t in tiles)
    back = page.kind == "back"  # the back of a two-sided piece's assembly sheet
    title = "Assembly: the back" if back else "Assembly"
    if page.inset is not None:  # the plan as an inset in the room a tile leaves on its page (impose/tiles.py)
        bx0, by0, bx1, by1 = page.inset
        label(context, title, bx0, by0 + mm(5), 12, bold=True)
        for line, text in enumerate(page.caption.split(": ", 1)):
            label(context, text, bx0, by0 + mm(9.5 + 3 * line), 7)
        by0 += INSET_HEADER
    else:
        bx0, by0, bx1, by1 = mm(20), mm(40), page.width - mm(20), page.height - mm(40)
        label(context, title, mm(20), mm(20), 16, bold=True)
        label(context, page.caption, mm(20), mm(28), 9)
    scale = min((bx1 - bx0) / width, (by1 - by0) / height)
    ox = (bx0 + bx1 - width * scale) / 2 if page.inset is None else bx0
    oy = by0
    face = piece and (piece.back if back else piece.front)
    if face is not None:
        b = piece.bleed

        def outline(ctx, x: float, y: float) -> None:
            outline_path(ctx, piece, x + b, y + b)  # the trim only: the miniature shows the finished piece

        recorder.paint_miniature(context, face.key, ox - b * scale, oy - b * scale, scale, outline)
    context.save()
    context.set_line_width(0.8)
    context.set_source_rgb(0.1, 0.25, 0.65)
    for tile in tiles:
        context.rectangle(ox + tile.piece_x * scale, oy + tile.piece_y * scale, tile.width * scale, tile.height * scale)
        context.stroke()
    context.restore()
    for tile in tiles:
        cx = ox + (tile.piece_x + tile.width / 2) * scale
        cy = oy + (tile.piece_y + tile.height / 2) * scale
        _tag(context, tile.label, cx, cy, 14 if page.inset is None else 8)


def _tag(context, text: str, cx: float, cy: float, size: float = 14) -> None:
    """A bold label on a white rounded plate centred at (cx, cy): readable over any picture."""
    width = text_width(context, text, size, bold=True)
    w, h, r = width + mm(4), size + mm(2), mm(1.5)
    context.save()
    rounded_rect(context, cx - w / 2, cy - h / 2, w, h, r)
    context.set_source_rgba(1, 1, 1, 0.9)
    context.fill_preserve()
    context.set_source_rgb(0.1, 0.25, 0.65)
    context.set_line_width(0.8)
    context.stroke()
    context.restore()
    label(context, text, cx - width / 2, cy + size * 0.36, size, bold=True)

