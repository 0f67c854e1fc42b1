"""Write stage, kit sheets: draws imposed pages with cairo — the faces placed on them (recorded once when
reused), a tiled piece's assembly plan, then the sheet writer's cut lines, marks and footer (write/sheet.py).

The same page drawer feeds the PDF and the PNG previews, so what a preview shows is what prints.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Callable, Mapping

from generator.impose import Imposition, Page, Placement
from generator.render import RenderedFace
from generator.paths import make_public
from generator.typeface import BUNDLED, Typeface
from generator.write.assembly import draw_assembly
from generator.write.dedupe import dedupe_resources
from generator.write.draw import outline_path
from generator.write.faces import DrawingMemory, FaceRecorder
from generator.write.glyphs import cairo, font_options
from generator.write.fontfiles import use_typeface
from generator.write.sheet import FIXED_DATE, CutLines, PageFooter, clip_to, draw_footer, draw_sheet, quarter_turn
from generator.vocabulary import BACK


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


def _write_pages(imposition: Imposition, recorder: FaceRecorder, cuts: CutLines, footer: PageFooter,
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
        draw_footer(context, Page("cover", cover.width, cover.height), index + 1, total, footer)
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
                   if (face := face_of(placement)) is not None)
    return {key for key, count in uses.items() if count > 1}


def face_of(placement: Placement):
    """The face a placement shows: its piece's back on a back, else its front."""
    return placement.piece.back if placement.side == BACK else placement.piece.front


def draw_page(context, page: Page, recorder: FaceRecorder, cuts: CutLines, number: int, total: int,
              footer: PageFooter) -> None:
    """Everything on one page, in layers: faces, then the sheet's cut and fold lines, marks and footer."""
    if page.tiles:  # an assembly page, or its back for a two-sided piece
        draw_assembly(context, page, recorder)
    for index, placement in enumerate(page.placements):  # a tile page: its tile first, then any packed pieces
        _paint_face(context, placement, recorder, tiled=page.tile is not None and index == 0)
    draw_sheet(context, page, cuts, number, total, footer)


def _paint_face(context, placement: Placement, recorder: FaceRecorder, tiled: bool = False) -> None:
    piece = placement.piece
    face = face_of(placement)
    if face is None:
        return
    b = piece.bleed

    def outline(ctx, x: float, y: float) -> None:  # (x, y) is the bleed box's top-left
        outline_path(ctx, piece, x + b, y + b, grow=b)

    context.save()
    clip_to(context, placement)
    if placement.turned:  # upside down about the piece's centre (a gutter-fold back across a horizontal fold)
        context.translate(placement.x + piece.width / 2, placement.y + piece.height / 2)
        context.rotate(math.pi)
        context.translate(-placement.x - piece.width / 2, -placement.y - piece.height / 2)
    if placement.rotated:  # a quarter turn clockwise: the piece's top edge runs down its trim box's right side
        quarter_turn(context, placement)
        recorder.paint(context, face.key, piece, -b, -b, outline, tiled)
    else:
        recorder.paint(context, face.key, piece, placement.x - b, placement.y - b, outline, tiled)
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
            trim = [placement.x, page.height - placement.y - placement.height, placement.x + placement.width,
                    page.height - placement.y]
            bleed = [trim[0] - piece.bleed, trim[1] - piece.bleed, trim[2] + piece.bleed, trim[3] + piece.bleed]
            boxes[index] = (tuple(round(v, 3) for v in trim), tuple(round(v, 3) for v in bleed))
    return boxes
