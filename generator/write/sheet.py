"""Write stage, the sheet writer: everything a printed sheet carries besides what is placed on it, written once
for every sheet pnpgen prints (kit sheets and their cover, write/pdf.py; the reference's player aids,
reference/cards.py): cut lines, crop marks, a tiled board's marks, a gutter fold's fold line, a cutter's
registration marks, and the footer with its 50 mm scale bar.

Duplex mirroring and the printer's back offset come from the impose stage (`impose.mirror_page`): a back page
arrives mirrored for the flip `--duplex` names, moved against `--back-offset`, and with its footer at the top
when the flip turns it top to bottom; this writer draws it as it comes.
"""

from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator.impose import Imposition, Page, Placement
from generator.paths import make_public
from generator.units import mm
from generator.write.dedupe import dedupe_resources
from generator.write.draw import label, outline_path, text_width
from generator.write.faces import cairo
from generator.write.tilemarks import draw_tile_marks
from generator.vocabulary import BACK

CUT_GREY = (0.45, 0.45, 0.45)
MARK_WIDTH = 0.5      # pt: crop marks must survive a cheap printer
CUT_WIDTH = 0.3       # pt
FIXED_DATE = "2000-01-01T00:00:00Z"  # byte-identical output for identical input


@dataclass(frozen=True)
class PageFooter:
    """What every page's footer says besides its number: whose sheets these are and how the printer flips them."""

    kit_name: str
    duplex: str


def draw_sheet(context, page: Page, cuts: "CutLines", number: int, total: int, footer: PageFooter) -> None:
    """Everything on the sheet over what is placed on it, in layers: cut and fold lines, then marks, then the
    footer. A back page has no cut lines (they are on the front), nor does a gutter fold's back half."""
    if page.kind != "back":
        for placement in page.placements:
            if placement.side != BACK:  # a gutter fold's backs: cut through both layers along the fronts' lines
                draw_cut(context, placement, cuts)
    draw_crop_marks(context, page)
    if page.kind == "tile":
        draw_tile_marks(context, page)
    if page.fold is not None:
        _draw_fold(context, page)
    if page.registration is not None:
        _draw_registration(context, page.registration)
    draw_footer(context, page, number, total, footer)


def write_sheets(imposition: Imposition, path: Path, footer: PageFooter, title: str) -> None:
    """Write the imposition's sheets with nothing placed on them (cut lines, marks and footers only) to `path`,
    atomically; a writer that typesets its faces elsewhere (the player aids) lays them under these."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=".pnpgen-", suffix=".pdf", dir=path.parent)
    os.close(handle)
    try:
        first = imposition.pages[0]
        surface = cairo.PDFSurface(temp_name, first.width, first.height)
        surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
        surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
        surface.set_metadata(cairo.PDF_METADATA_CREATOR, "pnpgen")
        context = cairo.Context(surface)
        cuts = CutLines()
        total = len(imposition.pages)
        for number, page in enumerate(imposition.pages, start=1):
            surface.set_size(page.width, page.height)
            draw_sheet(context, page, cuts, number, total, footer)
            context.show_page()
        surface.finish()
        dedupe_resources(Path(temp_name))  # cairo's repeated resource keys: pikepdf would drop the page's resources
        make_public(Path(temp_name))
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def clip_to(context, placement: Placement) -> None:
    """Clip to the placement's page-space clip (butted bleeds, tiles), if it has one."""
    if placement.clip is not None:
        x0, y0, x1, y1 = placement.clip
        context.rectangle(x0, y0, x1 - x0, y1 - y0)
        context.clip()


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
            outline_path(context, piece, 0.0, 0.0)
            context.stroke()
            if piece.folds:
                context.set_dash([mm(1.5), mm(1)])
                for (ax, ay), (bx, by) in piece.folds:
                    context.move_to(ax, ay)
                    context.line_to(bx, by)
                context.stroke()
        return surface


def draw_cut(context, placement: Placement, cuts: CutLines) -> None:
    """Cut line on the trim outline (solid), fold lines dashed."""
    context.save()
    clip_to(context, placement)
    if placement.rotated:
        quarter_turn(context, placement)
        context.set_source_surface(cuts.surface(placement.piece), 0.0, 0.0)
    else:
        context.set_source_surface(cuts.surface(placement.piece), placement.x, placement.y)
    context.paint()
    context.restore()


def quarter_turn(context, placement: Placement) -> None:
    """Make the piece's own coordinates (its trim top-left at the origin) those of a placement laid a quarter
    turn clockwise: the piece's top edge runs down the right side of the placement's trim box."""
    context.translate(placement.x + placement.width, placement.y)
    context.rotate(math.pi / 2)


def draw_crop_marks(context, page: Page) -> None:
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



def side_note(page: Page, footer: PageFooter) -> str:
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


def draw_footer(context, page: Page, number: int, total: int, footer: PageFooter) -> None:
    """Kit name, page n/N, the side, 'print at 100%', and a 50 mm bar to check the scale; at the top of a back
    page mirrored top to bottom, so it lies behind the front's footer and clear of the backs."""
    margin = mm(8)
    base = mm(10.3) if page.footer_top else page.height - mm(6.5)
    x = page.registration.footer_left if page.registration is not None else margin  # clear of a cutter's marks
    x += label(context, footer.kit_name[:40], x, base, 8, bold=True) + mm(3)
    x += label(context, f"page {number}/{total}", x, base, 8) + mm(3)
    label(context, side_note(page, footer), x, base, 7, grey=0.25)
    bar_right = page.width - margin
    bar_left = bar_right - mm(50)
    caption = "Print at 100% (actual size): this bar measures 50 mm"
    label(context, caption, bar_right - text_width(context, caption, 6.5), base - mm(2.2), 6.5)
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

