"""Impose stage: `impose_sheets(pieces, options)` packs pieces onto pages (pure geometry, points).

Pieces of one size are laid in rows, so every straight cut runs the length of its block and its crop
marks line up; two-sided pieces get a back page right after their front, mirrored for the flip;
anything larger than the printable area is split into overlapping tiles plus an assembly page (both
sides of a two-sided piece, each tile's back behind it).

Layouts (`SheetOptions.layout`): `home` is the above; `gutter-fold` prints each two-sided piece's front and
back on one side of the sheet, mirrored across a fold line (no duplex printer needed); `print-and-cut` keeps
every piece, with its whole bleed, inside the registration area of a cutting machine (`cutter`), whose marks
the page carries (`Page.registration`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Sequence

from generator.model import Piece
from generator.units import mm

MARK_LANE = mm(0.5)       # keeps pieces off the printable edge; crop marks may run into outer bleed
BLOCK_GAP = mm(8)        # between blocks of different sizes: holds both blocks' crop marks
FOOTER = mm(9)           # band at the page bottom for kit name, page number and scale bar
MARK_LENGTH = mm(3.5)
TILE_OVERLAP = mm(10)
TILE_BACK_BLEED = mm(2)   # a two-sided tile's back is printed this far past the tile: duplex drift shows no paper
LAYOUTS = ("home", "gutter-fold", "print-and-cut")
CUTTERS = ("silhouette", "cricut")
FOLD_CLEAR = mm(1)       # gutter fold: from the fold line to the nearest bleed box, on either side
# Silhouette Studio's print-and-cut marks (type 1, its defaults): a filled square top left, L-shaped corners
# top right and bottom left, all `SILHOUETTE_INSET` from the page edges.
SILHOUETTE_INSET = mm(10)
SILHOUETTE_LENGTH = mm(20)    # the L marks' arms
SILHOUETTE_THICKNESS = mm(0.5)
SILHOUETTE_SQUARE = mm(5)
# Cricut Design Space's Print Then Cut: the printed image may be at most 6.75 x 9.25 in, framed by its sensor marks
CRICUT_AREA = (6.75 * 72, 9.25 * 72)
CRICUT_FRAME_GAP = mm(3)      # from the image area to the frame line
CRICUT_FRAME_LINE = mm(1)
CRICUT_SQUARE = mm(5)
REGISTRATION_CLEAR = mm(2)    # between a mark and the nearest bleed box


@dataclass(frozen=True)
class Paper:
    """A sheet of paper and its unprintable margin."""

    name: str
    width: float
    height: float
    margin: float

    @property
    def landscape(self) -> "Paper":
        return Paper(self.name, max(self.width, self.height), min(self.width, self.height), self.margin)

    @property
    def portrait(self) -> "Paper":
        return Paper(self.name, min(self.width, self.height), max(self.width, self.height), self.margin)

    def area(self) -> tuple[float, float, float, float]:
        """Where pieces may go: (x0, y0, x1, y1) inside margin, mark lanes and footer."""
        inset = self.margin + MARK_LANE
        return inset, inset, self.width - inset, self.height - self.margin - FOOTER


@dataclass(frozen=True)
class SheetOptions:
    """How to impose: the paper, the gap between non-straight pieces, the duplex flip and the printer's
    back-side drift (points), and the overlap of tiles."""

    paper: Paper
    gutter: float
    duplex: str = "long-edge"  # or short-edge
    back_offset: tuple[float, float] = (0.0, 0.0)
    overlap: float = TILE_OVERLAP
    layout: str = "home"  # one of LAYOUTS
    cutter: str = "silhouette"  # print-and-cut only: one of CUTTERS


@dataclass(frozen=True, slots=True)  # slots: a 10 000-card deck holds 20 000 of these
class Placement:
    """A piece on a page: trim box top-left (x, y) in page points (y grows downward)."""

    piece: Piece
    x: float
    y: float
    side: str = "front"  # which face to draw
    clip: tuple[float, float, float, float] | None = None  # page-space clip: butted bleeds, tiles
    turned: bool = False  # the face drawn upside down (gutter-fold backs across a horizontal fold)


@dataclass(frozen=True, slots=True)
class CropMark:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Tile:
    """One page's share of an oversize piece."""

    label: str
    column: int
    row: int
    piece_x: float  # region of the piece shown on this tile, piece coordinates
    piece_y: float
    width: float
    height: float
    overlap: float


@dataclass(frozen=True)
class Registration:
    """A cutting machine's registration marks on a page (points, y down) and the area pieces must keep to."""

    cutter: str
    area: tuple[float, float, float, float]  # x0, y0, x1, y1: every piece's bleed box lies inside
    squares: tuple[tuple[float, float, float, float], ...]  # filled black: x, y, width, height
    lines: tuple[tuple[float, float, float, float], ...]  # stroked black: x1, y1, x2, y2
    line_width: float
    footer_left: float  # the page footer starts here, clear of the marks


@dataclass(frozen=True)
class Page:
    """One page: placements, crop marks and what kind of page it is."""

    kind: str  # front | back | single | tile | assembly | fold (a gutter-fold sheet: fronts and backs)
    width: float
    height: float
    placements: tuple[Placement, ...] = ()
    marks: tuple[CropMark, ...] = ()
    sheet: int = 0  # the sheet of paper it is printed on (a back shares its front's)
    tile: Tile | None = None  # a tile page, and the back of a two-sided tile: the tile it prints
    tiles: tuple[Tile, ...] = ()  # assembly page (and its back, for a two-sided piece): every tile of its piece
    caption: str = ""
    tiled: Piece | None = None  # assembly page: the piece its tiles make up
    footer_top: bool = False  # a back mirrored top to bottom: its footer goes behind the front's, at the top
    fold: tuple[float, float, float, float] | None = None  # gutter fold: the fold line x1, y1, x2, y2
    registration: Registration | None = None  # print-and-cut: the cutter's marks


@dataclass(frozen=True)
class Imposition:
    """Every page in print order, how much of the packed sheets' printable area pieces cover, and how
    many sheets of paper the pages take (a front and its back are one sheet; each tile is one)."""

    pages: tuple[Page, ...]
    utilisation: float  # piece area / printable area over the front and single pages
    sheets: int


def fits(piece: Piece, paper: Paper) -> bool:
    """True when the piece with its bleed fits the paper's printable area as it is turned."""
    x0, y0, x1, y1 = paper.area()
    fw, fh = piece.footprint
    return fw <= x1 - x0 + 1e-6 and fh <= y1 - y0 + 1e-6


def impose_sheets(pieces: Sequence[Piece], options: SheetOptions) -> Imposition:
    """Pack `pieces` onto pages: two-sided sheets (front, back) first, then one-sided ones; pieces too big for
    the sheet follow their group, each on its own pages. `options.layout` picks the layout (see the module)."""
    paper = options.paper
    if options.layout == "gutter-fold":
        pages = _gutter_fold(pieces, options)
    elif options.layout == "print-and-cut":
        pages = _print_and_cut(pieces, options)
    else:
        pages = _home(pieces, options)
    pages = _number_sheets(pages)
    packed = [p for p in pages if p.kind in {"front", "single", "fold"}]
    x0, y0, x1, y1 = paper.area()
    used = sum(pl.piece.width * pl.piece.height for page in packed for pl in page.placements if pl.side == "front")
    utilisation = used / ((x1 - x0) * (y1 - y0) * len(packed)) if packed else 0.0
    return Imposition(tuple(pages), utilisation, pages[-1].sheet if pages else 0)


def _home(pieces: Sequence[Piece], options: SheetOptions) -> list[Page]:
    """The home layout: two-sided pieces on front/back pairs for a duplex printer, then one-sided sheets."""
    paper = options.paper
    pages: list[Page] = []
    for duplex in (True, False):
        group = [p for p in pieces if (p.back is not None) == duplex]
        for placements, marks in _pack([p for p in group if fits(p, paper)], paper, options.gutter):
            pages.append(Page("front" if duplex else "single", paper.width, paper.height, placements, marks))
            if duplex:
                pages.append(mirror_page(pages[-1], options))
        for piece in (p for p in group if not fits(p, paper)):
            pages.extend(tile_piece(piece, options))
    return pages


def _fits_area(piece: Piece, area: tuple[float, float, float, float]) -> bool:
    fw, fh = piece.footprint
    return fw <= area[2] - area[0] + 1e-6 and fh <= area[3] - area[1] + 1e-6


def fold_halves(paper: Paper, vertical: bool) -> tuple[float, tuple[float, float, float, float]]:
    """Where a gutter fold runs (x for a vertical fold, y for a horizontal one) and the half holding the fronts:
    the right half, or the lower one, so the fronts are packed against the fold and their backs mirror them."""
    x0, y0, x1, y1 = paper.area()
    if vertical:
        at = (x0 + x1) / 2
        return at, (at + FOLD_CLEAR, y0, x1, y1)
    at = (y0 + y1) / 2
    return at, (x0, at + FOLD_CLEAR, x1, y1)


def _gutter_fold(pieces: Sequence[Piece], options: SheetOptions) -> list[Page]:
    """Two-sided pieces as gutter-fold sheets: fronts on one half, their backs mirrored across the fold on the
    other (turned upside down across a horizontal fold, so they read upright when the folded piece is turned
    over like a card). The paper's orientation and the fold's direction are chosen to need the fewest sheets
    (the paper as given and a vertical fold win ties). Two-sided pieces too big for half a sheet, and one-sided
    pieces, are laid out as at home."""
    two_sided = [p for p in pieces if p.back is not None]
    best = None
    if two_sided:
        given = options.paper
        turned = given.landscape if given.width <= given.height else given.portrait
        for rank, (paper, vertical) in enumerate(((given, True), (given, False), (turned, True), (turned, False))):
            at, half = fold_halves(paper, vertical)
            inside = [p for p in two_sided if _fits_area(p, half)]
            sheets = _pack(inside, paper, options.gutter, area=half)
            score = (len(two_sided) - len(inside), len(sheets), rank)
            if best is None or score < best[0]:
                best = (score, paper, vertical, at, inside, sheets)
    pages: list[Page] = []
    folded: set[int] = set()
    if best is not None:
        _, paper, vertical, at, inside, sheets = best
        folded = {id(p) for p in inside}
        x0, y0, x1, y1 = paper.area()
        line = (at, paper.margin, at, y1) if vertical else (paper.margin, at, paper.width - paper.margin, at)
        for placements, marks in sheets:
            backs = tuple(_folded_back(pl, at, vertical) for pl in placements)
            pages.append(Page("fold", paper.width, paper.height, placements + backs, marks, fold=line))
    return pages + _home([p for p in pieces if id(p) not in folded], options)


def _folded_back(front: Placement, at: float, vertical: bool) -> Placement:
    """The back of a gutter-fold front: mirrored across the fold line at `at`, upright across a vertical fold."""
    piece, clip = front.piece, front.clip
    if vertical:
        x, y = 2 * at - front.x - piece.width, front.y
        clip = clip and (2 * at - clip[2], clip[1], 2 * at - clip[0], clip[3])
    else:
        x, y = front.x, 2 * at - front.y - piece.height
        clip = clip and (clip[0], 2 * at - clip[3], clip[2], 2 * at - clip[1])
    return Placement(piece, x, y, side="back", clip=clip and _shared(clip), turned=not vertical)


def registration(paper: Paper, cutter: str) -> Registration:
    """The marks `cutter` reads on a sheet of `paper`, and the area inside them where pieces may go."""
    w, h = paper.width, paper.height
    clear = REGISTRATION_CLEAR
    if cutter == "silhouette":
        inset, length, thick, square = SILHOUETTE_INSET, SILHOUETTE_LENGTH, SILHOUETTE_THICKNESS, SILHOUETTE_SQUARE
        half = thick / 2
        lines = ((w - inset - length, inset + half, w - inset, inset + half),      # top right: across
                 (w - inset - half, inset, w - inset - half, inset + length),      # top right: down
                 (inset, h - inset - half, inset + length, h - inset - half),      # bottom left: across
                 (inset + half, h - inset - length, inset + half, h - inset))      # bottom left: up
        area = (inset + clear, inset + length + clear, w - inset - clear, h - inset - length - clear)
        return Registration(cutter, area, ((inset, inset, square, square),), lines, thick,
                            footer_left=inset + length + mm(4))
    if cutter == "cricut":
        aw, ah = CRICUT_AREA if w <= h else CRICUT_AREA[::-1]
        outside = CRICUT_FRAME_GAP + CRICUT_FRAME_LINE
        bottom = h - paper.margin - FOOTER
        total = CRICUT_SQUARE + 2 * outside + ah  # the square sits on the frame's top-left corner
        if aw + 2 * outside > w - 2 * paper.margin or total > bottom - paper.margin:
            from generator.errors import UsageError

            raise UsageError(f"Cricut's print-then-cut area ({aw / 72:g} x {ah / 72:g} in) does not fit on "
                             f"{paper.name}; choose larger paper")
        x0 = (w - aw) / 2
        y0 = paper.margin + (bottom - paper.margin - total) / 2 + CRICUT_SQUARE + outside
        fx0, fy0 = x0 - CRICUT_FRAME_GAP - CRICUT_FRAME_LINE / 2, y0 - CRICUT_FRAME_GAP - CRICUT_FRAME_LINE / 2
        fx1, fy1 = x0 + aw + CRICUT_FRAME_GAP + CRICUT_FRAME_LINE / 2, y0 + ah + CRICUT_FRAME_GAP + CRICUT_FRAME_LINE / 2
        lines = ((fx0, fy0, fx1, fy0), (fx1, fy0, fx1, fy1), (fx1, fy1, fx0, fy1), (fx0, fy1, fx0, fy0))
        corner = fx0 - CRICUT_FRAME_LINE / 2
        squares = ((corner, fy0 - CRICUT_FRAME_LINE / 2 - CRICUT_SQUARE, CRICUT_SQUARE, CRICUT_SQUARE),)
        return Registration(cutter, (x0, y0, x0 + aw, y0 + ah), squares, lines, CRICUT_FRAME_LINE,
                            footer_left=mm(8))
    raise ValueError(f"unknown cutter {cutter!r}")


def _print_and_cut(pieces: Sequence[Piece], options: SheetOptions) -> list[Page]:
    """Every piece inside the cutter's registration area, each with its whole bleed and a gutter round it (the
    machine cuts each outline, so nothing is butted); two-sided sheets are followed by their backs (no marks).
    A piece too big for the area is printed as at home (whole or tiled) and cut by hand."""
    paper = options.paper
    marks = registration(paper, options.cutter)
    pages: list[Page] = []
    for duplex in (True, False):
        group = [p for p in pieces if (p.back is not None) == duplex]
        inside = [p for p in group if _fits_area(p, marks.area)]
        for placements, _ in _pack(inside, paper, options.gutter, area=marks.area, butt=False):
            pages.append(Page("front" if duplex else "single", paper.width, paper.height, placements,
                              registration=marks))
            if duplex:
                pages.append(mirror_page(pages[-1], options))
        for piece in (p for p in group if not _fits_area(p, marks.area)):
            pages.extend(tile_piece(piece, options))
    return pages


def _number_sheets(pages: Sequence[Page]) -> list[Page]:
    """Number the sheets of paper in print order: every page starts a new sheet except a back."""
    numbered, sheet = [], 0
    for page in pages:
        sheet += page.kind != "back"
        numbered.append(replace(page, sheet=sheet))
    return numbered


def _groups(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """Pieces with the same footprint and outline kind, in first-appearance order."""
    groups: dict[tuple, list[Piece]] = {}
    for piece in pieces:
        key = (round(piece.width, 3), round(piece.height, 3), round(piece.bleed, 3), piece.outline.straight)
        groups.setdefault(key, []).append(piece)
    return list(groups.values())


@dataclass
class _OpenSheet:
    """A sheet being filled (local to packing; only the frozen pages leave this module)."""

    placements: list[Placement] = field(default_factory=list)
    marks: list[CropMark] = field(default_factory=list)
    cursor: float = 0.0  # top of the free space below the last block

    def start(self, top: float) -> float:
        """Where a new block would begin: blocks of different sizes keep a gap for their crop marks."""
        return self.cursor + BLOCK_GAP if self.placements else top


def _pack(pieces: Sequence[Piece], paper: Paper, gutter: float, area: tuple[float, float, float, float] | None = None,
          butt: bool = True) -> list[tuple[tuple[Placement, ...], tuple[CropMark, ...]]]:
    """(placements, crop marks) per sheet: blocks of equal pieces stacked top to bottom, first fit, inside
    `area` (default: the paper's printable area).

    Straight-edged pieces are butted edge to edge (one cut serves two pieces, nine poker cards fit
    an A4 sheet) with bleed kept only on the block's outside; other shapes, and every piece when `butt`
    is false, keep a gutter between their bleed boxes. Each block goes on the first sheet with room for it,
    so a small group fills the space a larger one left instead of starting a sheet of its own.
    """
    x0, y0, x1, y1 = area or paper.area()
    limits = (x0 - MARK_LANE, y0 - MARK_LANE, x1 + MARK_LANE, y1)  # how far crop marks may run
    sheets: list[_OpenSheet] = []
    for group in _groups(pieces):
        piece0 = group[0]
        straight = piece0.outline.straight and butt
        if straight:
            pitch_x, pitch_y, lead = piece0.width, piece0.height, piece0.bleed
            columns = max(1, int((x1 - x0 - 2 * lead + 1e-6) // pitch_x))
        else:
            fw, fh = piece0.footprint
            pitch_x, pitch_y, lead = fw + gutter, fh + gutter, piece0.bleed
            columns = max(1, int((x1 - x0 + gutter + 1e-6) // pitch_x))
        row_height = pitch_y if straight else piece0.footprint[1]
        tail = 2 * lead if straight else 0.0
        # discs are packed in staggered rows (every other row shifted half a place, rows closer by √3/2): the
        # same gap between neighbours, about 15% more to a sheet
        stagger = not straight and piece0.outline.shape == "disc"
        row_pitch = pitch_y * math.sqrt(3) / 2 if stagger else pitch_y
        shift = pitch_x / 2 if stagger else 0.0
        odd_columns = columns if x0 + shift + columns * pitch_x - gutter <= x1 + 1e-6 else max(1, columns - 1)
        start, index = 0, 0  # an index, not slicing: slicing a long group row by row is quadratic
        while start < len(group):
            index = _first_with_room(sheets, index, row_height + tail, y0, y1)
            sheet = sheets[index]
            cursor = sheet.start(y0)
            block: list[tuple[Placement, int, int]] = []
            row = 0
            bottom = cursor
            while start < len(group) and cursor + row_height + tail <= y1 + 1e-6:
                across = odd_columns if stagger and row % 2 else columns
                items, start = group[start:start + across], start + across
                offset = shift if row % 2 else 0.0
                for col, piece in enumerate(items):
                    x = x0 + lead + col * pitch_x if straight else x0 + offset + col * pitch_x + piece.bleed
                    block.append((Placement(piece, x, cursor + lead), row, col))
                bottom = cursor + row_height
                cursor += row_pitch
                row += 1
            done = _finish_block(block, straight)
            sheet.placements.extend(done)
            sheet.marks.extend(_block_marks(done, limits) if straight else ())
            sheet.cursor = cursor + tail if straight else bottom
    return [(tuple(sheet.placements), _shared(tuple(sheet.marks))) for sheet in sheets]


def _first_with_room(sheets: list[_OpenSheet], index: int, need: float, top: float, bottom: float) -> int:
    """Index of the first sheet from `index` on with `need` points free below its blocks (a new one if none)."""
    for i in range(index, len(sheets)):
        if sheets[i].start(top) + need <= bottom + 1e-6:
            return i
    sheets.append(_OpenSheet(cursor=top))
    return len(sheets) - 1


@lru_cache(maxsize=1024)
def _shared(value: tuple) -> tuple:
    """The first tuple equal to `value`: every full sheet repeats the same clip boxes and crop marks, and
    a 10 000-card deck would otherwise hold 20 000 copies of them."""
    return value


def _finish_block(block: Sequence[tuple[Placement, int, int]], straight: bool) -> list[Placement]:
    """For butted pieces, clip each face to its trim plus bleed on the sides facing out of the block."""
    if not straight:
        return [placement for placement, _, _ in block]
    occupied = {(row, col) for _, row, col in block}
    done = []
    for placement, row, col in block:
        piece, b = placement.piece, placement.piece.bleed
        left = b if (row, col - 1) not in occupied else 0.0
        # a short last row leaves an empty cell whose top already holds the bleed of the piece above
        right = b if (row, col + 1) not in occupied and (row - 1, col + 1) not in occupied else 0.0
        top = b if (row - 1, col) not in occupied else 0.0
        bottom = b if (row + 1, col) not in occupied else 0.0
        clip = (placement.x - left, placement.y - top, placement.x + piece.width + right, placement.y + piece.height + bottom)
        done.append(Placement(piece, placement.x, placement.y, clip=_shared(clip)))
    return done


def _block_marks(block: Sequence[Placement], limits: tuple[float, float, float, float]) -> list[CropMark]:
    """Crop marks for a block of butted straight-edged pieces, one per cut line on each side of the block,
    none running past `limits` (left, top, right, bottom)."""
    if not block:
        return []
    top = min(p.y for p in block)
    bottom = max(p.y + p.piece.height for p in block)
    left = min(p.x for p in block)
    right = max(p.x + p.piece.width for p in block)
    bleed = block[0].piece.bleed
    xs = sorted({round(x, 4) for p in block for x in (p.x, p.x + p.piece.width)})
    ys = sorted({round(y, 4) for p in block for y in (p.y, p.y + p.piece.height)})
    lo_y, hi_y = _mark_span(top, -1, bleed, limits[1]), _mark_span(bottom, 1, bleed, limits[3])
    lo_x, hi_x = _mark_span(left, -1, bleed, limits[0]), _mark_span(right, 1, bleed, limits[2])
    marks = [CropMark(x, a, x, b) for x in xs for a, b in (lo_y, hi_y)]
    marks += [CropMark(a, y, b, y) for y in ys for a, b in (lo_x, hi_x)]
    return marks


def _mark_span(edge: float, direction: int, bleed: float, limit: float) -> tuple[float, float]:
    """Where a crop mark runs beyond a block edge: outside the bleed when there is room, otherwise
    over the outer bleed (cut away anyway), never closer than 1 mm to the trim nor past `limit`."""
    near = edge + direction * (bleed + mm(0.5))
    far = near + direction * MARK_LENGTH
    if (far - limit) * direction > 0:  # no room outside the bleed: run from the limit to 1 mm off the trim
        near, far = edge + direction * mm(1), limit
    return near, far


def flips_across(page_width: float, page_height: float, duplex: str) -> bool:
    """True when the duplex flip mirrors a page left to right (about a vertical axis), False when top to bottom.

    The printer turns the sheet over its long or its short edge. A portrait page's long edges are its
    sides, so a long-edge flip mirrors it left to right; a landscape page's long edges are its top and
    bottom, so the same flip mirrors it top to bottom (the printer turns both sides of the sheet alike).
    """
    portrait = page_width <= page_height + 1e-6
    return portrait == (duplex != "short-edge")


def mirror_page(front: Page, options: SheetOptions) -> Page:
    """The back page of `front`: each back face lands behind its front after the flip.

    `back_offset` is the printer's drift as read on the calibration page: where the back lands,
    seen from the front (right and down positive). Backs are moved the opposite way; seen from the
    back page, the mirrored axis flips sign.
    """
    read_x, read_y = options.back_offset
    across = flips_across(front.width, front.height, options.duplex)
    dx, dy = (read_x, -read_y) if across else (-read_x, read_y)
    backs = []
    for pl in front.placements:
        if not across:
            x, y = pl.x, front.height - pl.y - pl.piece.height
            clip = pl.clip and (pl.clip[0], front.height - pl.clip[3], pl.clip[2], front.height - pl.clip[1])
        else:
            x, y = front.width - pl.x - pl.piece.width, pl.y
            clip = pl.clip and (front.width - pl.clip[2], pl.clip[1], front.width - pl.clip[0], pl.clip[3])
        if clip:
            clip = (clip[0] + dx, clip[1] + dy, clip[2] + dx, clip[3] + dy)
        backs.append(Placement(pl.piece, x + dx, y + dy, side="back", clip=clip and _shared(clip)))
    return Page("back", front.width, front.height, tuple(backs), (), sheet=front.sheet, footer_top=not across)


def tile_piece(piece: Piece, options: SheetOptions) -> list[Page]:
    """A piece too big for the sheet as imposed: whole on the other orientation if it fits there (with its
    back page), else split into overlapping tiles on the orientation needing fewer pages, plus an assembly page.

    A two-sided piece is tiled on both sides: each tile's back page follows it, mirrored like any back,
    so it lands behind its tile, and the assembly page gets a back showing the tiles as seen from the
    back. (Refusing would leave a board with a different track on each side unprintable on home paper;
    tiles cut on all four printed edges and overlapped line up on both faces, as the same stretch of
    board is printed on both tiles of an overlap.) Each back tile is printed `TILE_BACK_BLEED` past its
    tile's edges, so the printer's duplex drift leaves no white sliver along a cut.
    """
    two_sided = piece.back is not None
    grow = TILE_BACK_BLEED if two_sided else 0.0
    best = None
    for paper in (options.paper.portrait, options.paper.landscape):
        x0, y0, x1, y1 = paper.area()
        aw, ah = x1 - x0, y1 - y0
        if piece.width <= aw and piece.height <= ah:
            placement = Placement(piece, x0 + (aw - piece.width) / 2, y0 + (ah - piece.height) / 2)
            if not two_sided:
                return [Page("single", paper.width, paper.height, (placement,))]
            front = Page("front", paper.width, paper.height, (placement,))
            return [front, mirror_page(front, options)]
        cols = _tile_count(piece.width, aw - 2 * grow, options.overlap)
        rows = _tile_count(piece.height, ah - 2 * grow, options.overlap)
        if best is None or cols * rows < best[0]:
            best = (cols * rows, paper, cols, rows)
    _, paper, cols, rows = best
    x0, y0, x1, y1 = paper.area()
    x0, y0 = x0 + grow, y0 + grow  # room for the back tiles' extra print (two-sided pieces only)
    stride_x = (piece.width - options.overlap) / cols if cols > 1 else piece.width
    stride_y = (piece.height - options.overlap) / rows if rows > 1 else piece.height
    tile_w = stride_x + options.overlap if cols > 1 else piece.width
    tile_h = stride_y + options.overlap if rows > 1 else piece.height
    tiles = []
    pages = []
    for row in range(rows):
        for col in range(cols):
            tile = Tile(f"{chr(ord('A') + row)}{col + 1}", col, row, col * stride_x, row * stride_y, tile_w, tile_h,
                        options.overlap)
            tiles.append(tile)
            clip = (x0, y0, x0 + tile_w, y0 + tile_h)
            placement = Placement(piece, x0 - tile.piece_x, y0 - tile.piece_y, clip=clip)
            pages.append(Page("tile", paper.width, paper.height, (placement,), tile=tile))
            if two_sided:
                back = mirror_page(pages[-1], options)
                grown = tuple(replace(pl, clip=_grown(pl.clip, grow)) for pl in back.placements)
                pages.append(replace(back, placements=grown, tile=tile))
    caption = f"{piece.component_id}: {cols}×{rows} tiles, overlap {options.overlap / mm(1):g} mm"
    if not two_sided:
        return [Page("assembly", paper.width, paper.height, tiles=tuple(tiles), caption=caption, tiled=piece)] + pages
    # the back of the assembly sheet: the back face, with each tile where it lies when the board is turned over
    across = flips_across(paper.width, paper.height, options.duplex)
    behind = tuple(replace(t, piece_x=piece.width - t.piece_x - t.width) if across else
                   replace(t, piece_y=piece.height - t.piece_y - t.height) for t in tiles)
    return [Page("assembly", paper.width, paper.height, tiles=tuple(tiles), tiled=piece,
                 caption=f"{caption}, printed on both sides: print these pages double-sided"),
            Page("back", paper.width, paper.height, tiles=behind, tiled=piece, footer_top=not across,
                 caption=f"{piece.component_id}: the back, as it lies when the board is turned over")] + pages


def _grown(box: tuple[float, float, float, float] | None, by: float) -> tuple[float, float, float, float] | None:
    return box and (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _tile_count(length: float, available: float, overlap: float) -> int:
    if length <= available:
        return 1
    return max(2, math.ceil((length - overlap) / (available - overlap)))
