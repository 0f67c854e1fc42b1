"""Cut files: `export_cut` writes, for each sheet of `pnpgen build --layout print-and-cut`, every piece's cut
outline where the PDF prints it, as SVG (svgwrite) and DXF (ezdxf), in millimetres from the page's top-left.

Discs are circles, hexes and fold-up nets polygons, rounded cards rectangles with arcs at their corners;
fold lines are on their own layer (`fold`, dashed) beside the outlines (`cut`). For a Cricut, each sheet also
gets `sheet-NN-print.png`: the print-then-cut area as Design Space takes an image, the faces cut out along
their outlines on a transparent ground. Pieces printed outside a registration area (too big for it, so tiled or
printed whole) are listed as not cut.
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path
from typing import Mapping

from generator.export import ExportOptions
from generator.export.common import FaceImages, save_png, to_pillow
from generator.impose import Imposition, Page, Placement
from generator.model import Kit
from generator.render import RenderedFace
from generator.units import to_mm

CUT_COLOUR = "#ff0000"
FOLD_COLOUR = "#0000ff"
HAIRLINE = 0.1  # mm
QUARTER_BULGE = math.tan(math.pi / 8)  # a DXF bulge for a 90° arc, counter-clockwise


def outline(placement: Placement) -> tuple:
    """The piece's cut outline on the page, in mm (y down): ("circle", cx, cy, r), ("rect", x, y, w, h, r) or
    ("polygon", ((x, y), ...))."""
    piece, x, y = placement.piece, placement.x, placement.y
    shape = piece.outline
    if shape.shape == "disc":
        return "circle", to_mm(x + piece.width / 2), to_mm(y + piece.height / 2), to_mm(piece.width / 2)
    if shape.shape == "polygon" and shape.points:
        return "polygon", tuple((to_mm(x + px), to_mm(y + py)) for px, py in shape.points)
    radius = min(shape.radius, piece.width / 2, piece.height / 2) if shape.shape == "rounded" else 0.0
    return "rect", to_mm(x), to_mm(y), to_mm(piece.width), to_mm(piece.height), to_mm(radius)


def folds(placement: Placement) -> list[tuple[float, float, float, float]]:
    """The piece's fold lines on the page, in mm (y down)."""
    x, y = placement.x, placement.y
    return [(to_mm(x + ax), to_mm(y + ay), to_mm(x + bx), to_mm(y + by)) for (ax, ay), (bx, by) in placement.piece.folds]


def export_cut(kit: Kit, faces: Mapping[str, RenderedFace], imposition: Imposition, folder: Path,
               options: ExportOptions) -> dict:
    """Write sheet-NN.svg and sheet-NN.dxf (and sheet-NN-print.png for a Cricut) per print-and-cut sheet."""
    drawer = FaceImages(kit, faces) if options.cutter == "cricut" else None
    sheets, not_cut = [], []
    for number, page in enumerate(imposition.pages, start=1):
        if page.registration is None:
            if page.kind in ("single", "front", "tile"):
                not_cut.append({"page": number, "components": sorted({pl.piece.component_id for pl in page.placements})})
            continue
        name = f"sheet-{page.sheet:02d}"
        shapes = [outline(pl) for pl in page.placements]
        lines = [line for pl in page.placements for line in folds(pl)]
        size = (to_mm(page.width), to_mm(page.height))
        _write_svg(folder / f"{name}.svg", size, shapes, lines)
        _write_dxf(folder / f"{name}.dxf", size, shapes, lines)
        entry = {"sheet": page.sheet, "page": number, "svg": f"{name}.svg", "dxf": f"{name}.dxf",
                 "page_mm": [round(size[0], 3), round(size[1], 3)], "pieces": len(shapes), "folds": len(lines),
                 "area_mm": [round(to_mm(v), 3) for v in page.registration.area]}
        if drawer is not None:
            entry["print_image"] = _write_print_image(drawer, page, folder / f"{name}-print.png", options.dpi)
        sheets.append(entry)
    return {"cutter": options.cutter, "sheets": sheets, "not_cut": not_cut}


def _n(value: float) -> float:
    return round(value, 4)


def _write_svg(path: Path, size: tuple[float, float], shapes: list[tuple], lines: list[tuple]) -> None:
    import svgwrite

    width, height = size
    drawing = svgwrite.Drawing(str(path), size=(f"{_n(width)}mm", f"{_n(height)}mm"),
                               viewBox=f"0 0 {_n(width)} {_n(height)}", profile="full", debug=False)
    drawing.attribs["xmlns:inkscape"] = "http://www.inkscape.org/namespaces/inkscape"
    cut = drawing.g(id="cut", fill="none", stroke=CUT_COLOUR, stroke_width=HAIRLINE)
    cut.attribs.update({"inkscape:groupmode": "layer", "inkscape:label": "cut"})
    for shape in shapes:
        if shape[0] == "circle":
            cut.add(drawing.circle(center=(_n(shape[1]), _n(shape[2])), r=_n(shape[3])))
        elif shape[0] == "polygon":
            cut.add(drawing.polygon([(_n(x), _n(y)) for x, y in shape[1]]))
        else:
            _, x, y, w, h, r = shape
            extra = {"rx": _n(r), "ry": _n(r)} if r else {}
            cut.add(drawing.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h)), **extra))
    drawing.add(cut)
    fold = drawing.g(id="fold", fill="none", stroke=FOLD_COLOUR, stroke_width=HAIRLINE, stroke_dasharray="1.5 1")
    fold.attribs.update({"inkscape:groupmode": "layer", "inkscape:label": "fold"})
    for x1, y1, x2, y2 in lines:
        fold.add(drawing.line(start=(_n(x1), _n(y1)), end=(_n(x2), _n(y2))))
    drawing.add(fold)
    drawing.save(pretty=True)


@contextlib.contextmanager
def _fixed_dxf_metadata():
    """ezdxf writes the time and fresh GUIDs into a file; a file must not change when its input does not."""
    import ezdxf

    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before


def _write_dxf(path: Path, size: tuple[float, float], shapes: list[tuple], lines: list[tuple]) -> None:
    """R2000 DXF in millimetres, y up from the page's bottom-left: layer CUT (red), layer FOLD (blue, dashed)."""
    import ezdxf

    height = size[1]
    with _fixed_dxf_metadata():
        document = ezdxf.new("R2000", setup=["linetypes"], units=4)  # 4: millimetres
        document.header["$MEASUREMENT"] = 1
        document.header["$EXTMIN"] = (0, 0, 0)
        document.header["$EXTMAX"] = (_n(size[0]), _n(height), 0)
        document.layers.add("CUT", color=1)
        document.layers.add("FOLD", color=5, linetype="DASHED")
        space = document.modelspace()
        for shape in shapes:
            if shape[0] == "circle":
                space.add_circle((_n(shape[1]), _n(height - shape[2])), _n(shape[3]), dxfattribs={"layer": "CUT"})
            elif shape[0] == "polygon":
                space.add_lwpolyline([(_n(x), _n(height - y)) for x, y in shape[1]], close=True,
                                     dxfattribs={"layer": "CUT"})
            else:
                _, x, y, w, h, r = shape
                space.add_lwpolyline(_rounded_rect(x, height - y - h, w, h, r), format="xyb", close=True,
                                     dxfattribs={"layer": "CUT"})
        for x1, y1, x2, y2 in lines:
            space.add_line((_n(x1), _n(height - y1)), (_n(x2), _n(height - y2)), dxfattribs={"layer": "FOLD"})
        document.saveas(path)


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[tuple[float, float, float]]:
    """(x, y, bulge) vertices of a rectangle (lower-left x, y; y up) with corners of radius r, counter-clockwise."""
    if r <= 0:
        return [(_n(x), _n(y), 0), (_n(x + w), _n(y), 0), (_n(x + w), _n(y + h), 0), (_n(x), _n(y + h), 0)]
    b = QUARTER_BULGE
    points = [(x + r, y, 0), (x + w - r, y, b), (x + w, y + r, 0), (x + w, y + h - r, b),
              (x + w - r, y + h, 0), (x + r, y + h, b), (x, y + h - r, 0), (x, y + r, b)]
    return [(_n(px), _n(py), bulge) for px, py, bulge in points]


def _write_print_image(drawer: FaceImages, page: Page, path: Path, dpi: int) -> str:
    """The registration area as one image: each face cut out along its outline, transparent between pieces."""
    from generator.write.glyphs import cairo, font_options

    x0, y0, x1, y1 = page.registration.area
    width, height = round((x1 - x0) * dpi / 72), round((y1 - y0) * dpi / 72)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    context = cairo.Context(surface)
    context.scale(width / (x1 - x0), height / (y1 - y0))
    context.translate(-x0, -y0)
    context.set_font_options(font_options())
    for placement in page.placements:
        drawer.draw(context, placement.piece, placement.piece.front, placement.x, placement.y, "outline")
    surface.flush()
    save_png(to_pillow(surface), path, dpi)
    return path.name
