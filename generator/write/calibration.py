"""The duplex calibration page: crosses and fine rulers on the front, matching crosses on the back.

Printed double-sided and held against the light, each back cross sits some distance from its front
cross; the rulers read that distance in millimetres, which is the --back-offset to pass to build.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.impose import Paper
from generator.paths import make_public
from generator.units import mm
from generator.write.glyphs import cairo, font_options
from generator.write.sheet import FIXED_DATE

RULER_HALF = 8  # mm either side of each target


def _targets(paper: Paper) -> list[tuple[float, float]]:
    """Five targets: centre and the four quarters, where duplex drift shows most."""
    w, h = paper.width, paper.height
    return [(w / 2, h / 2), (w * 0.25, h * 0.25), (w * 0.75, h * 0.25), (w * 0.25, h * 0.75), (w * 0.75, h * 0.75)]


def _text(context, text: str, x: float, y: float, size: float, bold: bool = False) -> None:
    context.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    context.set_font_options(font_options())
    context.set_font_size(size)
    context.move_to(x, y)
    context.show_text(text)


def _ruler(context, x: float, y: float) -> None:
    """Millimetre rulers through (x, y), horizontal and vertical, labelled every 2 mm."""
    context.set_line_width(0.3)
    for i in range(-RULER_HALF, RULER_HALF + 1):
        length = mm(2.5) if i % 5 == 0 else mm(1.2)
        context.move_to(x + mm(i), y - mm(3))
        context.line_to(x + mm(i), y - mm(3) - length)
        context.move_to(x + mm(3), y + mm(i))
        context.line_to(x + mm(3) + length, y + mm(i))
    context.stroke()
    for i in range(-RULER_HALF, RULER_HALF + 1, 2):
        _text(context, f"{i:+d}" if i else "0", x + mm(i) - 3, y - mm(7), 4.5)
        _text(context, f"{i:+d}" if i else "0", x + mm(6.5), y + mm(i) + 1.5, 4.5)


def _cross(context, x: float, y: float, colour: tuple[float, float, float]) -> None:
    context.set_source_rgb(*colour)
    context.set_line_width(0.4)
    context.move_to(x - mm(RULER_HALF), y)
    context.line_to(x + mm(RULER_HALF), y)
    context.move_to(x, y - mm(RULER_HALF))
    context.line_to(x, y + mm(RULER_HALF))
    context.stroke()


def write_calibration(paper: Paper, path: Path, duplex: str = "long-edge") -> None:
    """Two pages: front with crosses and rulers, back with crosses that land on them when aligned."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".pnpgen-", suffix=".pdf", dir=path.parent)
    os.close(handle)
    try:
        surface = cairo.PDFSurface(temp, paper.width, paper.height)
        surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
        context = cairo.Context(surface)
        context.set_source_rgb(0, 0, 0)
        _text(context, "pnpgen duplex calibration - front", mm(15), mm(15), 12, bold=True)
        steps = [
            "1. Print both pages double-sided at 100% (actual size), " + ("flip on long edge." if duplex == "long-edge" else "flip on short edge."),
            "2. Hold the sheet against a light. Each red cross (back) should sit on a black cross (front).",
            "3. Read on the rulers where the red cross's centre falls, seen from this side: right is +X, down is +Y (mm).",
            "4. Pass the reading as: pnpgen build KIT --back-offset X,Y   (use the centre target).",
        ]
        for i, step in enumerate(steps):
            _text(context, step, mm(15), mm(23) + i * 11, 8)
        for x, y in _targets(paper):
            _cross(context, x, y, (0, 0, 0))
            context.set_source_rgb(0, 0, 0)
            _ruler(context, x, y)
        context.show_page()
        context.set_source_rgb(0, 0, 0)
        _text(context, "pnpgen duplex calibration - back", mm(15), mm(15), 12, bold=True)
        for x, y in _targets(paper):
            bx, by = (paper.width - x, y) if duplex == "long-edge" else (x, paper.height - y)
            _cross(context, bx, by, (0.85, 0, 0))
        context.show_page()
        surface.finish()
        make_public(Path(temp))
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
