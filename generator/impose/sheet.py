"""Impose stage, shared vocabulary: the paper, the options, and the frozen pages the packer hands the writer
(pure data, points, y growing downward)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.model import Piece
from generator.units import mm
from generator.vocabulary import FRONT, PageKind, Side

MARK_LANE = mm(0.5)       # keeps pieces off the printable edge; crop marks may run into outer bleed
BLOCK_GAP = mm(8)        # between blocks of different sizes: holds both blocks' crop marks
FOOTER = mm(9)           # band at the page bottom for kit name, page number and scale bar
MARK_LENGTH = mm(3.5)
TILE_OVERLAP = mm(10)
TILE_BACK_BLEED = mm(2)   # a two-sided tile's back is printed this far past the tile: duplex drift shows no paper
INSET_HEADER = mm(17)    # an assembly plan drawn as an inset: its title and two caption lines above the miniature
LAYOUTS = ("home", "gutter-fold", "print-and-cut")
CUTTERS = ("silhouette", "cricut")


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
    side: Side = FRONT  # which face to draw
    clip: tuple[float, float, float, float] | None = None  # page-space clip: butted bleeds, tiles
    turned: bool = False  # the face drawn upside down (gutter-fold backs across a horizontal fold)
    rotated: bool = False  # a one-sided piece laid a quarter turn clockwise: its trim box is height x width
    back_clip: tuple[float, float, float, float] | None = None  # its back's clip, where it differs (front coordinates)

    @property
    def width(self) -> float:
        """The trim box's width on the page."""
        return self.piece.height if self.rotated else self.piece.width

    @property
    def height(self) -> float:
        """The trim box's height on the page."""
        return self.piece.width if self.rotated else self.piece.height


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
    """One page: placements, crop marks and what kind of page it is.

    A tile page's first placement is its tile; pieces packed into the room the tile leaves follow it."""

    kind: PageKind  # front | back | single | tile | assembly | fold (a gutter-fold sheet: fronts and backs)
    width: float
    height: float
    placements: tuple[Placement, ...] = ()
    marks: tuple[CropMark, ...] = ()
    sheet: int = 0  # the sheet of paper it is printed on (a back shares its front's)
    tile: Tile | None = None  # a tile page, and the back of a two-sided tile: the tile it prints
    tiles: tuple[Tile, ...] = ()  # assembly plan (and its back, for a two-sided piece): every tile of its piece
    caption: str = ""
    tiled: Piece | None = None  # assembly plan: the piece its tiles make up
    footer_top: bool = False  # a back mirrored top to bottom: its footer goes behind the front's, at the top
    fold: tuple[float, float, float, float] | None = None  # gutter fold: the fold line x1, y1, x2, y2
    registration: Registration | None = None  # print-and-cut: the cutter's marks
    inset: tuple[float, float, float, float] | None = None  # a tile page carrying the plan: its box x0, y0, x1, y1


@dataclass(frozen=True)
class Imposition:
    """Every page in print order, how much of the packed sheets' printable area pieces cover, and how
    many sheets of paper the pages take (a front and its back are one sheet; each tile is one)."""

    pages: tuple[Page, ...]
    utilisation: float  # piece area / printable area over the front and single pages
    sheets: int


def fits(piece: Piece, paper: Paper) -> bool:
    """True when the piece with its bleed fits the paper's printable area as it is turned."""
    return fits_area(piece, paper.area())


def fits_area(piece: Piece, area: tuple[float, float, float, float]) -> bool:
    fw, fh = piece.footprint
    return fw <= area[2] - area[0] + 1e-6 and fh <= area[3] - area[1] + 1e-6
