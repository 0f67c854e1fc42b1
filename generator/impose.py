"""Impose stage: `impose_sheets(pieces, options)` packs pieces onto pages (pure geometry, points).

Pieces of one size are laid in rows, so every straight cut runs the length of its block and its crop
marks line up; two-sided pieces get a back page right after their front, mirrored for the flip;
anything larger than the printable area is split into overlapping tiles plus an assembly page (both
sides of a two-sided piece, each tile's back behind it).
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


@dataclass(frozen=True, slots=True)  # slots: a 10 000-card deck holds 20 000 of these
class Placement:
    """A piece on a page: trim box top-left (x, y) in page points (y grows downward)."""

    piece: Piece
    x: float
    y: float
    side: str = "front"  # which face to draw
    clip: tuple[float, float, float, float] | None = None  # page-space clip: butted bleeds, tiles


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
class Page:
    """One page: placements, crop marks and what kind of page it is."""

    kind: str  # front | back | single | tile | assembly
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
    the sheet follow their group, each on its own pages."""
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
    pages = _number_sheets(pages)
    packed = [p for p in pages if p.kind in {"front", "single"}]
    x0, y0, x1, y1 = paper.area()
    used = sum(pl.piece.width * pl.piece.height for page in packed for pl in page.placements)
    utilisation = used / ((x1 - x0) * (y1 - y0) * len(packed)) if packed else 0.0
    return Imposition(tuple(pages), utilisation, pages[-1].sheet if pages else 0)


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


def _pack(pieces: Sequence[Piece], paper: Paper, gutter: float) -> list[tuple[tuple[Placement, ...], tuple[CropMark, ...]]]:
    """(placements, crop marks) per sheet: blocks of equal pieces stacked top to bottom, first fit.

    Straight-edged pieces are butted edge to edge (one cut serves two pieces, nine poker cards fit
    an A4 sheet) with bleed kept only on the block's outside; other shapes keep a gutter between
    their bleed boxes. Each block goes on the first sheet with room for it, so a small group fills
    the space a larger one left instead of starting a sheet of its own.
    """
    x0, y0, x1, y1 = paper.area()
    sheets: list[_OpenSheet] = []
    for group in _groups(pieces):
        piece0 = group[0]
        straight = piece0.outline.straight
        if straight:
            pitch_x, pitch_y, lead = piece0.width, piece0.height, piece0.bleed
            columns = max(1, int((x1 - x0 - 2 * lead + 1e-6) // pitch_x))
        else:
            fw, fh = piece0.footprint
            pitch_x, pitch_y, lead = fw + gutter, fh + gutter, piece0.bleed
            columns = max(1, int((x1 - x0 + gutter + 1e-6) // pitch_x))
        row_height = pitch_y if straight else piece0.footprint[1]
        tail = 2 * lead if straight else 0.0
        start, index = 0, 0  # an index, not slicing: slicing a long group row by row is quadratic
        while start < len(group):
            index = _first_with_room(sheets, index, row_height + tail, y0, y1)
            sheet = sheets[index]
            cursor = sheet.start(y0)
            block: list[tuple[Placement, int, int]] = []
            row = 0
            while start < len(group) and cursor + row_height + tail <= y1 + 1e-6:
                items, start = group[start:start + columns], start + columns
                for col, piece in enumerate(items):
                    x = x0 + lead + col * pitch_x if straight else x0 + col * pitch_x + piece.bleed
                    block.append((Placement(piece, x, cursor + lead), row, col))
                cursor += pitch_y
                row += 1
            done = _finish_block(block, straight)
            sheet.placements.extend(done)
            sheet.marks.extend(_block_marks(done, paper) if straight else ())
            sheet.cursor = cursor + (tail if straight else -gutter)
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


def _block_marks(block: Sequence[Placement], paper: Paper) -> list[CropMark]:
    """Crop marks for a block of butted straight-edged pieces, one per cut line on each side of the block."""
    if not block:
        return []
    top = min(p.y for p in block)
    bottom = max(p.y + p.piece.height for p in block)
    left = min(p.x for p in block)
    right = max(p.x + p.piece.width for p in block)
    bleed = block[0].piece.bleed
    xs = sorted({round(x, 4) for p in block for x in (p.x, p.x + p.piece.width)})
    ys = sorted({round(y, 4) for p in block for y in (p.y, p.y + p.piece.height)})
    lo_y, hi_y = _mark_span(top, -1, bleed, paper.margin), _mark_span(bottom, 1, bleed, paper.height - paper.margin - FOOTER)
    lo_x, hi_x = _mark_span(left, -1, bleed, paper.margin), _mark_span(right, 1, bleed, paper.width - paper.margin)
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
