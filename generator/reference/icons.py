"""Reference stage, inline icons: `{gold}` in reference text becomes the kit's icon, one text-height
tall, resting on the baseline, and drawn as vectors.

reportlab's paragraphs place only raster images inline, so each SVG icon is laid out as a PNG
stand-in; once the PDF is written, `vectorise_icons` replaces every stand-in image by a Form XObject
holding the icon drawn by cairosvg (the renderer the card faces use). The stand-in and the form fill
the same box, so nothing moves and every icon stays sharp at any zoom.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping
from xml.sax.saxutils import quoteattr

from generator.errors import LayoutError, TemplateError

ICON_HEIGHT_EM = 0.8  # as the SVG text helper: about the height of capitals, standing on the baseline
ICON_SIDE_EM = 0.1    # clear space left and right of the icon
STANDIN_PX = 96


@dataclass(frozen=True)
class InlineIcon:
    """An icon ready for paragraphs: a padded image to place and, for SVG icons, the vector original."""

    name: str
    standin: Path          # PNG with transparent side margins; what reportlab lays out
    aspect: float          # width / height of the drawing itself
    vector: bytes | None   # one-page PDF of the SVG icon (None for PNG icons, which stay raster)

    def box(self, font_size: float) -> tuple[float, float]:
        """(width, height) in points of the icon's box, side margins included, at `font_size`."""
        height = ICON_HEIGHT_EM * font_size
        return height * self.aspect + 2 * ICON_SIDE_EM * font_size, height

    def markup(self, font_size: float) -> str:
        width, height = self.box(font_size)
        return f'<img src={quoteattr(str(self.standin))} width="{width:.3f}" height="{height:.3f}" valign="baseline"/>'

    @property
    def side_fraction(self) -> float:
        """Share of the box width taken by each side margin."""
        return ICON_SIDE_EM / (ICON_HEIGHT_EM * self.aspect + 2 * ICON_SIDE_EM)


class IconLibrary:
    """The kit's icons, prepared on first use into `folder` (a temporary folder the caller owns)."""

    def __init__(self, icons: Mapping[str, Path], folder: Path, roots: tuple[Path, ...]):
        self.files = dict(icons)
        self.folder = folder
        self.roots = roots
        self.prepared: dict[str, InlineIcon] = {}

    def get(self, name: str) -> InlineIcon:
        icon = self.prepared.get(name)
        if icon is None:
            source = self.files.get(name)
            if source is None:
                raise LayoutError(f"unknown icon {{{name}}}")
            icon = self.prepared[name] = self._prepare(name, Path(source))
        return icon

    def markup(self, name: str, font_size: float) -> str:
        return self.get(name).markup(font_size)

    def _prepare(self, name: str, source: Path) -> InlineIcon:
        from PIL import Image

        if source.suffix.lower() == ".svg":
            vector = _svg_to_pdf(source, self.roots)
            image = Image.open(io.BytesIO(_svg_to_png(source, self.roots))).convert("RGBA")
        else:
            vector = None
            with Image.open(source) as opened:
                image = opened.convert("RGBA")
        aspect = image.width / image.height
        margin = round(image.height * ICON_SIDE_EM / ICON_HEIGHT_EM)
        padded = Image.new("RGBA", (image.width + 2 * margin, image.height), (255, 255, 255, 0))
        padded.paste(image, (margin, 0))
        standin = self.folder / f"icon-{name}.png"
        padded.save(standin)
        return InlineIcon(name, standin, aspect, vector)

    def vectorise(self, pdf: Path) -> int:
        """Swap the stand-ins in the written `pdf` for the vector icons; returns how many were swapped."""
        vectors = [icon for icon in self.prepared.values() if icon.vector is not None]
        return vectorise_icons(pdf, vectors) if vectors else 0


def _fetcher(roots: tuple[Path, ...]):
    from generator.write.faces import SafeFetcher  # the card faces' rule: files inside the kit, no network

    return SafeFetcher(roots)


def _svg_to_pdf(source: Path, roots: tuple[Path, ...]) -> bytes:
    from generator.write.faces import cairo  # noqa: F401  cairocffi loaded pnpgen's way (no library search)
    import cairosvg.surface

    return _convert(cairosvg.surface.PDFSurface, source, roots)


def _svg_to_png(source: Path, roots: tuple[Path, ...]) -> bytes:
    from generator.write.faces import cairo  # noqa: F401  cairocffi loaded pnpgen's way (no library search)
    import cairosvg.surface

    return _convert(cairosvg.surface.PNGSurface, source, roots, output_height=STANDIN_PX)


def _convert(surface, source: Path, roots: tuple[Path, ...], **options) -> bytes:
    data = _fetcher(roots)(source.resolve().as_uri(), "image/svg+xml")
    try:
        return surface.convert(bytestring=data, url=source.resolve().as_uri(), unsafe=False,
                               url_fetcher=_fetcher(roots), **options)
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, SyntaxError) as exc:  # SyntaxError: bad XML
        raise TemplateError(f"cannot draw icon {source.name}: {type(exc).__name__}: {exc}") from exc


def _fingerprint(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def vectorise_icons(pdf_path: Path, icons: list[InlineIcon]) -> int:
    """Replace each stand-in image XObject (matched by its pixels) with a Form XObject of the vector icon.

    The image was painted into the unit square by its placement matrix; the form gets a /Matrix that
    maps the icon's page onto the same square, inside the same side margins.
    """
    import pikepdf
    from reportlab.lib.utils import ImageReader

    by_pixels = {_fingerprint(ImageReader(str(icon.standin)).getRGBData()): icon for icon in icons}
    swapped = 0
    with contextlib.ExitStack() as stack, pikepdf.open(pdf_path, allow_overwriting_input=True) as pdf:
        forms: dict[str, pikepdf.Object] = {}

        def form_for(icon: InlineIcon) -> pikepdf.Object:
            if icon.name not in forms:
                source = stack.enter_context(pikepdf.open(io.BytesIO(icon.vector)))  # open until saved
                form = pdf.copy_foreign(source.pages[0].as_form_xobject())
                x0, y0, x1, y1 = (float(v) for v in form.BBox)
                side = icon.side_fraction
                sx, sy = (1 - 2 * side) / (x1 - x0), 1 / (y1 - y0)
                form.Matrix = pikepdf.Array([sx, 0, 0, sy, side - x0 * sx, -y0 * sy])
                forms[icon.name] = form
            return forms[icon.name]

        seen: set[tuple[int, int]] = set()

        def visit(resources) -> None:
            nonlocal swapped
            xobjects = resources.get("/XObject") if resources is not None else None
            if xobjects is None:
                return
            for key in list(xobjects.keys()):
                xobject = xobjects[key]
                if xobject.objgen in seen:
                    continue
                subtype = xobject.get("/Subtype")
                if subtype == "/Image":
                    icon = by_pixels.get(_fingerprint(xobject.read_bytes()))
                    if icon is not None:
                        xobjects[key] = form_for(icon)
                        swapped += 1
                elif subtype == "/Form":
                    seen.add(xobject.objgen)
                    visit(xobject.get("/Resources"))

        for page in pdf.pages:
            visit(page.obj.get("/Resources"))
        pdf.save(pdf_path, deterministic_id=True)
    return swapped
