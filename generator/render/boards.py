"""Drawer `@board` (render stage): a board's title, its table (labels, cell text, token slots) and tracks, from its
`DrawnBoard` (points); lengths become millimetres only where SVG is written.

`draw_table` is shared with the player-mat drawer, whose cost aids are tables too.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from generator.kinds.boards import BORDER, TITLE_HEIGHT, DrawnBoard, board_layout
from generator.kinds.tables import DrawnTable, TableLayout
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.templating import TextHelper
from generator.render.tracks import LINE, box_mm, draw_track, face_document, label_size, line, rect, space_shape
from generator.units import to_mm
from generator.kinds.inks import HEAD_COLOUR


def draw_table(table: DrawnTable, layout: TableLayout, x: float, y: float, text: TextHelper) -> str:
    """Header row, row labels, body cells with their text and slots, then the grid over everything; the table's
    top-left at (x, y), points."""
    out = []
    x, y = to_mm(x), to_mm(y)
    head_h = to_mm(table.header_height)
    label_w = to_mm(table.label_width)
    width, height = to_mm(layout.width), to_mm(layout.height)
    out.append(rect(x, y, label_w, head_h, HEAD_COLOUR, None))
    if table.corner:
        out.append(text(table.corner, x + 1.2, y + 1.2, label_w - 2.4, head_h - 2.4, size=8, min_size=5,
                        bold=True, fill=LINE, max_lines=3))
    for j, column in enumerate(table.columns):
        cx, cw = x + to_mm(layout.column_x[j + 1]), to_mm(layout.column_w[j + 1])
        out.append(rect(cx, y, cw, head_h, column.colour, None))
        out.append(text(column.label, cx + 1.0, y + 0.8, cw - 2.0, head_h - 1.6, size=min(12.0, label_size(head_h - 1.6)),
                        min_size=5, bold=True, fill=column.ink, max_lines=3))
    for i, row in enumerate(table.rows):
        ry, rh = y + to_mm(layout.row_y[i]), to_mm(layout.row_h[i])
        out.append(rect(x, ry, label_w, rh, row.colour, None))
        label_h = rh - 2.4 if not row.note else (rh - 2.4) * 0.5
        if row.label:
            out.append(text(row.label, x + 1.2, ry + 1.2, label_w - 2.4, label_h, size=10, min_size=5, bold=True,
                            fill=row.ink, max_lines=2))
        if row.note:
            out.append(text(row.note, x + 1.2, ry + 1.2 + label_h, label_w - 2.4, rh - 2.4 - label_h, size=7,
                            min_size=5, fill=row.ink, max_lines=3))
    for cell in layout.cells:
        data = table.rows[cell.row].cells[cell.column]
        column = table.columns[cell.column]
        cx, cy, cw, ch = x + to_mm(cell.x), y + to_mm(cell.y), to_mm(cell.w), to_mm(cell.h)
        out.append(rect(cx, cy, cw, ch, table.cell_colour, None))
        if data.write_in and not data.text:
            blank = rect(cx + 1.2, cy + 1.2, cw - 2.4, ch - 2.4, "#ffffff", "#9a9a9a", 0.3, rx=0.8, dash="1.2 0.8")
            field = " / ".join(str(v) for v in (table.rows[cell.row].label, column.label) if v)
            out.append(blank.replace("<rect ", f'<rect data-blank="{escape(field or "cell")}" ', 1))  # pnpgen blanks
        for slot in cell.slots:
            out.append(space_shape(box_mm(slot), x, y, column.slot_shape, table.slot_colour, "#6b5d4a", 0.35))
        if data.text:
            tx, ty, tw, th = (to_mm(v) for v in cell.text_box)
            figure = len(data.text) <= 4  # a price or a count: big and bold, like the printed originals
            size = label_size(min(th, 9.0)) if figure else 9
            out.append(text(data.text, x + tx, y + ty, tw, th, size=size, min_size=5, bold=figure,
                            fill=LINE, max_lines=1 if figure else 4))
    for xs in layout.column_x[1:]:
        out.append(line(x + to_mm(xs), y, x + to_mm(xs), y + height, LINE, 0.3))
    for i, ys in enumerate(layout.row_y):
        out.append(line(x, y + to_mm(ys), x + width, y + to_mm(ys), LINE, 0.6 if i == 0 else 0.3))
    out.append(line(x + label_w, y, x + label_w, y + height, LINE, 0.6))
    out.append(rect(x, y, width, height, "none", LINE, 0.7))
    return "".join(out)


def draw_board_face(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@board': paper ground into the bleed, a frame, the title, table, tracks and note, from the face's
    DrawnBoard."""
    board: DrawnBoard = face.drawing
    w, h, b = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    layout = board_layout(board, (face.width, face.height))  # the content centred in the board's size
    text = TextHelper.for_kit(spec)
    border, title_h = to_mm(BORDER), to_mm(TITLE_HEIGHT)
    out = [rect(-b, -b, w + 2 * b, h + 2 * b, board.ground, None),
           rect(border / 2, border / 2, w - border, h - border, "none", LINE, 0.6, rx=2.0)]
    if board.title:
        out.append(text(board.title, border, border, w - 2 * border, title_h - 2.0, size=18, min_size=6,
                        bold=True, fill=LINE, max_lines=1, align=board.title_align))
    if layout.table is not None:
        out.append(draw_table(board.table, layout.table, *layout.table_at, text))
    for track, (_, (tx, ty)) in zip(board.tracks, layout.tracks):
        out.append(draw_track(track, tx, ty, text))
    if layout.note_at is not None:
        nx, ny, nw, nh = (to_mm(v) for v in layout.note_at)
        out.append(text(board.note, nx, ny, nw, nh, size=10, min_size=5, align="start", valign="top",
                        fill=LINE))
    return face_document(face, out)
