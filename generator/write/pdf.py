"""Draws imposed pages with cairo: faces (recorded once), cut lines, crop marks, tile marks, footers.

The same page drawer feeds the PDF and the PNG previews, so what a preview shows is what prints.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

from generator.impose import INSET_HEADER, Imposition, Page, Placement
from generator.render import RenderedFace
from generator.paths import make_public
from generator.typeface import BUNDLED, Typeface
from generator.units import mm
from generator.write.dedupe import dedupe_resources
from generator.write.faces import DrawingMemory, FaceRecorder, cairo, font_options
from generator.write.fontfiles import use_typeface

CUT_GREY = (0.45, 0.45, 0.45)
MARK_WIDTH = 0.5      # pt: crop marks must survive a cheap printer
CUT_WIDTH = 0.3       # pt
FIXED_DATE = "2000-01-01T00:00:00Z"  # byte-identical output for identical input


@dataclass(frozen=True)
class PageFooter:
    kit_name: str
    duplex: str


def write_pdf(imposition: Imposition, faces: Mapping[str, RenderedFace], path: Path, kit_name: str,
              roots: tuple[Path, ...], duplex: str = "long-edge", memory: DrawingMemory | None = None,
              typeface: Typeface = BUNDLED, on_page: Callable[[int, int], None] | None = None,
              cover=None) -> None:
    """Write every page to `path` atomically (a temporary file renamed into place).

    `cover` (a write.cover.Cover) leads the PDF with its pages; the sheets' page numbers count them.

    `memory` (from an earlier build in this process) lets unchanged faces be replayed, not redrawn;
    `typeface` is the one the faces' text was laid out in; `on_page(done, total)` hears of each page drawn.
    """
    use_typeface(typeface)
    recorder = FaceRecorder(faces, roots, reused_faces(imposition), memory)
    cuts = CutLines()
    footer = PageFooter(kit_name, duplex)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=".pnpgen-", suffix=".pdf", dir=path.parent)
    os.close(handle)
    try:
        _write_pages(imposition, recorder, cuts, footer, temp_name, kit_name, on_page, cover)
        dedupe_resources(Path(temp_name))
        _set_page_boxes(Path(temp_name), imposition, len(cover.pages) if cover is not None else 0)
        make_public(Path(temp_name))
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def _write_pages(imposition: Imposition, recorder: FaceRecorder, cuts: "CutLines", footer: PageFooter,
                 temp_name: str, kit_name: str, on_page: Callable[[int, int], None] | None = None,
                 cover=None) -> None:
    first = imposition.pages[0]
    lead = len(cover.pages) if cover is not None else 0
    surface = cairo.PDFSurface(temp_name, cover.width if lead else first.width, cover.height if lead else first.height)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_TITLE, kit_name)
    surface.set_metadata(cairo.PDF_METADATA_CREATOR, "pnpgen")
    context = cairo.Context(surface)
    total = len(imposition.pages) + lead
    for index in range(lead):  # the cover: what the kit holds, how to print and make it (write/cover.py)
        surface.set_size(cover.width, cover.height)
        cover.draw(context, index)
        _draw_footer(context, Page("cover", cover.width, cover.height), index + 1, total, footer)
        context.show_page()
    for number, page in enumerate(imposition.pages, start=1 + lead):
        surface.set_size(page.width, page.height)
        draw_page(context, page, recorder, cuts, number, total, footer)
        context.show_page()
        if on_page is not None:
            on_page(number, total)
    surface.finish()


def write_previews(imposition: Imposition, faces: Mapping[str, RenderedFace], folder: Path, kit_name: str,
                   roots: tuple[Path, ...], dpi: int = 100, duplex: str = "long-edge",
                   typeface: Typeface = BUNDLED, on_page: Callable[[int, int], None] | None = None) -> list[Path]:
    """One PNG per page at `dpi`, drawn by the same code as the PDF; `on_page(done, total)` hears of each."""
    use_typeface(typeface)
    recorder = FaceRecorder(faces, roots, reused_faces(imposition))
    cuts = CutLines()
    footer = PageFooter(kit_name, duplex)
    folder.mkdir(parents=True, exist_ok=True)
    scale = dpi / 72
    written = []
    total = len(imposition.pages)
    for number, page in enumerate(imposition.pages, start=1):
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, round(page.width * scale), round(page.height * scale))
        context = cairo.Context(surface)
        context.set_source_rgb(1, 1, 1)
        context.paint()
        context.scale(scale, scale)
        context.set_font_options(font_options())
        draw_page(context, page, recorder, cuts, number, total, footer)
        target = folder / f"page-{number:03d}.png"
        surface.write_to_png(str(target))
        written.append(target)
        if on_page is not None:
            on_page(number, total)
    return written


def reused_faces(imposition: Imposition) -> set[str]:
    """Keys of the faces placed more than once; the others are drawn straight onto their page."""
    uses = Counter(face.key for page in imposition.pages for placement in page.placements
                   if (face := _face_of(placement)) is not None)
    return {key for key, count in uses.items() if count > 1}


def _face_of(placement: Placement):
    return placement.piece.back if placement.side == "back" else placement.piece.front


def draw_page(context, page: Page, recorder: FaceRecorder, cuts: "CutLines", number: int, total: int,
              footer: PageFooter) -> None:
    """Everything on one page, in layers: faces, then cut and fold lines, then marks, then the footer."""
    if page.tiles:  # an assembly page, or its back for a two-sided piece
        _draw_assembly(context, page, recorder)
    for index, placement in enumerate(page.placements):  # a tile page: its tile first, then any packed pieces
        _paint_face(context, placement, recorder, tiled=page.tile is not None and index == 0)
    if page.kind != "back":
        for placement in page.placements:
            if placement.side != "back":  # a gutter fold's backs: cut through both layers along the fronts' lines
                _draw_cut(context, placement, cuts)
    _draw_crop_marks(context, page)
    if page.kind == "tile":
        _draw_tile_marks(context, page)
    if page.fold is not None:
        _draw_fold(context, page)
    if page.registration is not None:
        _draw_registration(context, page.registration)
    _draw_footer(context, page, number, total, footer)


FOLD_BLUE = (0.1, 0.3, 0.7)


def _draw_fold(context, page: Page) -> None:
    """A gutter fold's fold line: long blue dashes across the sheet, between the fronts and their backs."""
    x1, y1, x2, y2 = page.fold
    context.save()
    context.set_source_rgb(*FOLD_BLUE)
    context.set_line_width(0.6)
    context.set_dash([mm(4), mm(2)])
    context.move_to(x1, y1)
    context.line_to(x2, y2)
    context.stroke()
    context.restore()


def _draw_registration(context, marks) -> None:
    """A cutting machine's registration marks: solid black, as its software prints them."""
    context.save()
    context.set_source_rgb(0, 0, 0)
    for x, y, w, h in marks.squares:
        context.rectangle(x, y, w, h)
    context.fill()
    context.set_line_width(marks.line_width)
    context.set_line_cap(cairo.LINE_CAP_SQUARE if marks.cutter == "cricut" else cairo.LINE_CAP_BUTT)
    for x1, y1, x2, y2 in marks.lines:
        context.move_to(x1, y1)
        context.line_to(x2, y2)
    context.stroke()
    context.restore()


def _outline_path(context, piece, x: float, y: float, grow: float = 0.0) -> None:
    """The piece's outline (grown by `grow`, e.g. the bleed) as the current path, its trim top-left at (x, y)."""
    outline = piece.outline
    if outline.shape == "disc":
        context.arc(x + piece.width / 2, y + piece.height / 2, piece.width / 2 + grow, 0, 6.283185307179586)
    elif outline.shape == "polygon" and outline.points:
        if grow:
            context.rectangle(x - grow, y - grow, piece.width + 2 * grow, piece.height + 2 * grow)
            return
        px, py = outline.points[0]
        context.move_to(x + px, y + py)
        for px, py in outline.points[1:]:
            context.line_to(x + px, y + py)
        context.close_path()
    elif outline.shape == "rounded" and not grow:
        _rounded_rect(context, x, y, piece.width, piece.height, outline.radius)
    else:
        context.rectangle(x - grow, y - grow, piece.width + 2 * grow, piece.height + 2 * grow)


def _rounded_rect(context, x: float, y: float, w: float, h: float, radius: float) -> None:
    r = min(radius, w / 2, h / 2)
    context.new_sub_path()
    context.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    context.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    context.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    context.arc(x + r, y + r, r, math.pi, 1.5 * math.pi)
    context.close_path()


def _clip_to(context, placement: Placement) -> None:
    if placement.clip is not None:
        x0, y0, x1, y1 = placement.clip
        context.rectangle(x0, y0, x1 - x0, y1 - y0)
        context.clip()


def _paint_face(context, placement: Placement, recorder: FaceRecorder, tiled: bool = False) -> None:
    piece = placement.piece
    face = _face_of(placement)
    if face is None:
        return
    b = piece.bleed

    def outline(ctx, x: float, y: float) -> None:  # (x, y) is the bleed box's top-left
        _outline_path(ctx, piece, x + b, y + b, grow=b)

    context.save()
    _clip_to(context, placement)
    if placement.turned:  # upside down about the piece's centre (a gutter-fold back across a horizontal fold)
        context.translate(placement.x + piece.width / 2, placement.y + piece.height / 2)
        context.rotate(math.pi)
        context.translate(-placement.x - piece.width / 2, -placement.y - piece.height / 2)
    recorder.paint(context, face.key, piece, placement.x - b, placement.y - b, outline, tiled)
    context.restore()


class CutLines:
    """Each distinct cut outline (with its folds) recorded once, so a sheet of 63 discs holds 63 references."""

    def __init__(self):
        self.recordings: dict[tuple, cairo.RecordingSurface] = {}

    def surface(self, piece) -> cairo.RecordingSurface:
        """The piece's cut line (solid) and fold lines (dashed), its trim top-left at the origin."""
        key = (piece.outline, piece.width, piece.height, piece.folds)
        surface = self.recordings.get(key)
        if surface is None:
            surface = self.recordings[key] = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
            context = cairo.Context(surface)
            context.set_source_rgb(*CUT_GREY)
            context.set_line_width(CUT_WIDTH)
            _outline_path(context, piece, 0.0, 0.0)
            context.stroke()
            if piece.folds:
                context.set_dash([mm(1.5), mm(1)])
                for (ax, ay), (bx, by) in piece.folds:
                    context.move_to(ax, ay)
                    context.line_to(bx, by)
                context.stroke()
        return surface


def _draw_cut(context, placement: Placement, cuts: CutLines) -> None:
    """Cut line on the trim outline (solid), fold lines dashed."""
    context.save()
    _clip_to(context, placement)
    context.set_source_surface(cuts.surface(placement.piece), placement.x, placement.y)
    context.paint()
    context.restore()


def _draw_crop_marks(context, page: Page) -> None:
    if not page.marks:
        return
    context.save()
    # a white halo under each mark keeps it visible where it runs over dark outer bleed
    for colour, width in (((1, 1, 1), MARK_WIDTH * 3), ((0, 0, 0), MARK_WIDTH)):
        context.set_source_rgb(*colour)
        context.set_line_width(width)
        for mark in page.marks:
            context.move_to(mark.x1, mark.y1)
            context.line_to(mark.x2, mark.y2)
        context.stroke()
    context.restore()


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


def _draw_tile_marks(context, page: Page) -> None:
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
    advance = _label(context, f"Tile {tile.label}", x0, label_y, 8, bold=True)
    edges = [side for side, present in (("left", tile.piece_x > 1e-6), ("top", tile.piece_y > 1e-6)) if present]
    if two_sided:
        note = ("Printed on both sides: cut along all four solid edges; lay each tile over its left and upper "
                "neighbours, edge on the dashed line, outer edges flush; glue.")
    elif edges:
        note = (f"Cut along the solid {' and '.join(edges)} edge; lay it over its neighbour with the edge on the "
                "dashed line and the outer edges flush; glue.")
    else:
        note = "Glue the crossed strips under the neighbouring tiles: their edges go on the dashed lines."
    _label(context, note, x0 + advance + mm(3), label_y, 6.5)


def _draw_assembly(context, page: Page, recorder: FaceRecorder) -> None:
    """The whole piece in miniature with its tiles marked over it, to scale: how the pages go together."""
    tiles, piece = page.tiles, page.tiled
    width = max(t.piece_x + t.width for t in tiles)
    height = max(t.piece_y + t.height for t in tiles)
    back = page.kind == "back"  # the back of a two-sided piece's assembly sheet
    title = "Assembly: the back" if back else "Assembly"
    if page.inset is not None:  # the plan as an inset in the room a tile leaves on its page (impose/tiles.py)
        bx0, by0, bx1, by1 = page.inset
        _label(context, title, bx0, by0 + mm(5), 12, bold=True)
        for line, text in enumerate(page.caption.split(": ", 1)):
            _label(context, text, bx0, by0 + mm(9.5 + 3 * line), 7)
        by0 += INSET_HEADER
    else:
        bx0, by0, bx1, by1 = mm(20), mm(40), page.width - mm(20), page.height - mm(40)
        _label(context, title, mm(20), mm(20), 16, bold=True)
        _label(context, page.caption, mm(20), mm(28), 9)
    scale = min((bx1 - bx0) / width, (by1 - by0) / height)
    ox = (bx0 + bx1 - width * scale) / 2 if page.inset is None else bx0
    oy = by0
    face = piece and (piece.back if back else piece.front)
    if face is not None:
        b = piece.bleed

        def outline(ctx, x: float, y: float) -> None:
            _outline_path(ctx, piece, x + b, y + b)  # the trim only: the miniature shows the finished piece

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
    width = _text_width(context, text, size, bold=True)
    w, h, r = width + mm(4), size + mm(2), mm(1.5)
    context.save()
    _rounded_rect(context, cx - w / 2, cy - h / 2, w, h, r)
    context.set_source_rgba(1, 1, 1, 0.9)
    context.fill_preserve()
    context.set_source_rgb(0.1, 0.25, 0.65)
    context.set_line_width(0.8)
    context.stroke()
    context.restore()
    _label(context, text, cx - width / 2, cy + size * 0.36, size, bold=True)


def _label(context, text: str, x: float, y: float, size: float, bold: bool = False, grey: float = 0.0) -> float:
    """Draw one line of text with its baseline at y; return its advance width."""
    context.save()
    context.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    context.set_font_options(font_options())
    context.set_font_size(size)
    context.set_source_rgb(grey, grey, grey)
    context.move_to(x, y)
    context.show_text(text)
    advance = context.text_extents(text)[4]
    context.restore()
    return advance


def _text_width(context, text: str, size: float, bold: bool = False) -> float:
    context.save()
    context.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    context.set_font_options(font_options())
    context.set_font_size(size)
    advance = context.text_extents(text)[4]
    context.restore()
    return advance


def _side_note(page: Page, footer: PageFooter) -> str:
    flip = "flip on long edge" if footer.duplex == "long-edge" else "flip on short edge"
    if page.kind == "back" and (page.tile or page.tiles):
        return f"Sheet {page.sheet} back - " + (f"tile {page.tile.label} seen from the back" if page.tile else "assembly of the back")
    tiled = page.tiled or (page.placements[0].piece if page.tile else None)
    if page.kind in ("tile", "assembly") and tiled is not None and tiled.back is not None:
        what = f"tile {page.tile.label}" if page.tile else "assembly plan"
        return f"Sheet {page.sheet} {what} front - print double-sided, {flip}"
    if page.kind == "fold":
        return f"Sheet {page.sheet} gutter fold - print one-sided, fold on the dashed line, glue, then cut"
    if page.registration is not None and page.kind == "single":
        return f"Sheet {page.sheet} - one-sided, print and cut ({page.registration.cutter.capitalize()})"
    return {
        "front": f"Sheet {page.sheet} front - print double-sided, {flip}",
        "back": f"Sheet {page.sheet} back - crop marks are on the front",
        "single": f"Sheet {page.sheet} - one-sided",
        "tile": f"Sheet {page.sheet} tile {page.tile.label if page.tile else ''}",
        "assembly": f"Sheet {page.sheet} assembly plan",
        "cover": f"Cover - print double-sided, {flip}",
    }[page.kind]


def _draw_footer(context, page: Page, number: int, total: int, footer: PageFooter) -> None:
    """Kit name, page n/N, the side, 'print at 100%', and a 50 mm bar to check the scale; at the top of a back
    page mirrored top to bottom, so it lies behind the front's footer and clear of the backs."""
    margin = mm(8)
    base = mm(10.3) if page.footer_top else page.height - mm(6.5)
    x = page.registration.footer_left if page.registration is not None else margin  # clear of a cutter's marks
    x += _label(context, footer.kit_name[:40], x, base, 8, bold=True) + mm(3)
    x += _label(context, f"page {number}/{total}", x, base, 8) + mm(3)
    _label(context, _side_note(page, footer), x, base, 7, grey=0.25)
    bar_right = page.width - margin
    bar_left = bar_right - mm(50)
    caption = "Print at 100% (actual size): this bar measures 50 mm"
    _label(context, caption, bar_right - _text_width(context, caption, 6.5), base - mm(2.2), 6.5)
    context.save()
    context.set_source_rgb(0, 0, 0)
    context.set_line_width(0.6)
    context.move_to(bar_left, base)
    context.line_to(bar_right, base)
    for i in range(6):
        tick = bar_left + mm(10) * i
        context.move_to(tick, base - mm(1.8 if i in (0, 5) else 1.0))
        context.line_to(tick, base)
    context.stroke()
    context.restore()


def _set_page_boxes(path: Path, imposition: Imposition, lead: int = 0) -> None:
    """TrimBox and BleedBox on pages that hold one whole piece (cairo has no API for them).

    Written as an incremental update that appends new page dictionaries and leaves cairo's bytes
    untouched: cairo 1.16 repeats keys in resource dictionaries, which a full rewrite (qpdf/pikepdf)
    resolves by dropping the page's fonts and forms.
    """
    boxes = page_boxes(imposition)
    if not boxes:
        return
    import logging

    from pypdf import PdfWriter
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # the repeated keys above are expected, not news
    writer = PdfWriter(path, incremental=True)
    for index, (trim, bleed) in boxes.items():
        page = writer.pages[index + lead]  # after the cover's pages
        page[NameObject("/TrimBox")] = ArrayObject(FloatObject(v) for v in trim)
        page[NameObject("/BleedBox")] = ArrayObject(FloatObject(v) for v in bleed)
    with path.open("wb") as handle:
        writer.write(handle)


def page_boxes(imposition: Imposition) -> dict[int, tuple[tuple[float, ...], tuple[float, ...]]]:
    """(TrimBox, BleedBox) in PDF coordinates, rounded to 0.001 pt, by page index, for each page holding one
    whole piece."""
    boxes = {}
    for index, page in enumerate(imposition.pages):
        if page.kind in ("single", "front", "back") and len(page.placements) == 1 and page.tile is None:
            placement = page.placements[0]
            piece = placement.piece
            trim = [placement.x, page.height - placement.y - piece.height, placement.x + piece.width,
                    page.height - placement.y]
            bleed = [trim[0] - piece.bleed, trim[1] - piece.bleed, trim[2] + piece.bleed, trim[3] + piece.bleed]
            boxes[index] = (tuple(round(v, 3) for v in trim), tuple(round(v, 3) for v in bleed))
    return boxes
