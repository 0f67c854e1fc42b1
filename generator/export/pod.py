"""Print-on-demand files: `export_pod` writes each component as the service wants it, checked against the
sizes it prints (generator/data/pod_services.yaml, or the kit's own pod_services.yaml).

A service taking PDFs gets one PDF per component: every piece (each copy of a card) its own page at trim plus
bleed, the page's TrimBox and BleedBox set, fronts and backs in the service's order. A service taking images
gets one PNG per distinct face at its resolution, and export.json says how many of each to order.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from generator.errors import UsageError
from generator.export import ExportOptions
from generator.export.common import FaceImages, face_names, save_png, to_pillow
from generator.model import Kit, Piece
from generator.paths import DATA_DIR
from generator.render import RenderedFace
from generator.units import mm, parse_length, parse_size, to_mm
from generator.vocabulary import BACK, FRONT, SIDES

SERVICES_FILE = "pod_services.yaml"
SIZE_TOLERANCE = mm(0.5)   # a piece matches a product this close to its size
BLEED_TOLERANCE = mm(0.25)  # a piece's bleed may fall this short of the service's (the last sliver prints white)
FIXED_DATE = "2000-01-01T00:00:00Z"


@dataclass(frozen=True)
class Product:
    name: str
    width: float  # points, trim
    height: float
    shapes: tuple[str, ...]
    checked: bool


@dataclass(frozen=True)
class Service:
    id: str
    name: str
    files: str  # pdf | png
    dpi: int
    bleed: float | None  # points; None: each piece's own bleed
    order: str  # interleaved | fronts-then-backs
    products: tuple[Product, ...] | None  # None: any size


def load_services(kit_root: Path | None = None) -> dict[str, Service]:
    """pnpgen's services, each replaced by one of the same name in the kit's own pod_services.yaml."""
    import yaml

    raw = yaml.safe_load((DATA_DIR / SERVICES_FILE).read_text(encoding="utf-8")) or {}
    if kit_root is not None and (kit_root / SERVICES_FILE).is_file():
        raw.update(yaml.safe_load((kit_root / SERVICES_FILE).read_text(encoding="utf-8")) or {})
    services = {}
    for key, entry in raw.items():
        where = f"{SERVICES_FILE}: {key}"
        try:
            products = entry.get("products")
            services[key] = Service(
                key, str(entry.get("name", key)), str(entry.get("files", "pdf")), int(entry.get("dpi", 300)),
                parse_length(entry["bleed"]) if entry.get("bleed") is not None else None,
                str(entry.get("order", "interleaved")),
                None if products is None else tuple(_product(p) for p in products))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise UsageError(f"{where}: cannot read this service ({exc})") from None
        if services[key].files not in ("pdf", "png") or services[key].order not in ("interleaved", "fronts-then-backs"):
            raise UsageError(f"{where}: files is pdf or png, order interleaved or fronts-then-backs")
    return services


def _product(entry: dict) -> Product:
    width, height = parse_size(str(entry["size"]))
    shapes = tuple(entry.get("shapes", ("rect", "rounded")))
    return Product(str(entry["name"]), width, height, shapes, bool(entry.get("checked", False)))


def piece_shape(piece: Piece) -> str:
    """rect, rounded, disc, hex or other: the outline a service must cut."""
    shape = piece.outline.shape
    if shape == "polygon":
        return "hex" if piece.front.shape == "hex" else "other"
    return shape


def matching_product(piece: Piece, service: Service) -> Product | None:
    """The service's product of the piece's size (either way round) and outline; None when it has none."""
    if service.products is None:
        return Product("any size", piece.width, piece.height, (piece_shape(piece),), True)
    for product in service.products:
        if piece_shape(piece) not in product.shapes:
            continue
        for w, h in ((product.width, product.height), (product.height, product.width)):
            if abs(piece.width - w) <= SIZE_TOLERANCE and abs(piece.height - h) <= SIZE_TOLERANCE:
                return product
    return None


def _size(width: float, height: float) -> str:
    return f"{to_mm(width):.1f} x {to_mm(height):.1f} mm"


def export_pod(kit: Kit, faces: Mapping[str, RenderedFace], folder: Path, options: ExportOptions) -> dict:
    """Write the service's files for every component into `folder`; UsageError (every problem at once) when a
    component has no matching product or too little bleed for the service."""
    services = load_services(kit.spec.root)
    if options.service not in services:
        raise UsageError(f"unknown service {options.service!r}; choose one of {', '.join(services)}")
    service = services[options.service]
    components: dict[str, list[Piece]] = {}
    for piece in kit.pieces:
        components.setdefault(piece.component_id, []).append(piece)
    problems, products = [], {}
    for component, pieces in components.items():
        piece = pieces[0]
        product = matching_product(piece, service)
        if product is None:
            problems.append(f"{component}: {piece_shape(piece)} pieces of {_size(piece.width, piece.height)} "
                            f"match no {service.name} product")
            continue
        products[component] = product
        bleed = service.bleed if service.bleed is not None else piece.bleed
        if piece.bleed + BLEED_TOLERANCE < bleed:
            problems.append(f"{component}: its bleed is {to_mm(piece.bleed):g} mm; {service.name} wants "
                            f"{to_mm(bleed):.2f} mm: give the component bleed: {to_mm(bleed):.2f}mm")
    if problems:
        offered = "; ".join(f"{p.name} {_size(p.width, p.height)} ({'/'.join(p.shapes)})" for p in service.products or ())
        hint = (f"\n{service.name} prints: {offered}.\nLeave components out with --only, or add the product to "
                f"{SERVICES_FILE} (docs/exports.md)" if offered else "")
        raise UsageError(f"cannot export for {service.name}:\n  " + "\n  ".join(problems) + hint)
    drawer = FaceImages(kit, faces)
    written = []
    names = face_names(kit)
    for component, pieces in components.items():
        bleed = service.bleed if service.bleed is not None else pieces[0].bleed
        entry = {"component": component, "product": products[component].name, "copies": len(pieces),
                 "trim_mm": [round(to_mm(pieces[0].width), 2), round(to_mm(pieces[0].height), 2)],
                 "bleed_mm": round(to_mm(bleed), 3)}
        if service.files == "pdf":
            pages = _pages(pieces, service.order)
            path = folder / f"{component}.pdf"
            _write_pdf(drawer, pages, bleed, path, kit.spec.name)
            entry.update(file=path.name, pages=len(pages))
        else:
            entry["images"] = _write_images(drawer, pieces, bleed, service.dpi, folder, names)
        written.append(entry)
    return {"service": service.id, "service_name": service.name, "files_kind": service.files, "components": written}


def _pages(pieces: list[Piece], order: str) -> list[tuple[Piece, str]]:
    """(piece, side) per page: every copy, its back after it (interleaved) or all backs after all fronts."""
    if order == "fronts-then-backs":
        return [(p, FRONT) for p in pieces] + [(p, BACK) for p in pieces if p.back is not None]
    return [(p, side) for p in pieces for side in SIDES if side == FRONT or p.back is not None]


def _write_pdf(drawer: FaceImages, pages: list[tuple[Piece, str]], bleed: float, path: Path, title: str) -> None:
    """One page per (piece, side): the trim plus `bleed` all round, with TrimBox and BleedBox (set by pikepdf)."""
    import pikepdf

    from generator.write.dedupe import dedupe_resources
    from generator.write.faces import cairo

    handle, temp = tempfile.mkstemp(prefix=".pnpgen-", suffix=".pdf", dir=path.parent)
    os.close(handle)
    try:
        first = pages[0][0]
        surface = cairo.PDFSurface(temp, first.width + 2 * bleed, first.height + 2 * bleed)
        surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
        surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
        surface.set_metadata(cairo.PDF_METADATA_CREATOR, "pnpgen")
        context = cairo.Context(surface)
        for piece, side in pages:
            surface.set_size(piece.width + 2 * bleed, piece.height + 2 * bleed)
            drawer.draw(context, piece, piece.back if side == BACK else piece.front, bleed, bleed, "bleed")
            context.show_page()
        surface.finish()
        dedupe_resources(Path(temp))
        with pikepdf.open(temp) as pdf:
            for page, (piece, _) in zip(pdf.pages, pages):
                width, height = piece.width + 2 * bleed, piece.height + 2 * bleed
                page.TrimBox = pikepdf.Array([round(v, 3) for v in (bleed, bleed, width - bleed, height - bleed)])
                page.BleedBox = pikepdf.Array([0, 0, round(width, 3), round(height, 3)])
            pdf.save(path, deterministic_id=True)
    finally:
        Path(temp).unlink(missing_ok=True)


def _write_images(drawer: FaceImages, pieces: list[Piece], bleed: float, dpi: int, folder: Path,
                  names: dict[tuple[str, str], str]) -> list[dict]:
    """One opaque PNG per distinct face (trim plus `bleed` at `dpi`); how many of each front, and its back."""
    counts: dict[str, int] = {}
    first: dict[str, Piece] = {}
    for piece in pieces:
        counts[piece.front.key] = counts.get(piece.front.key, 0) + 1
        first.setdefault(piece.front.key, piece)
    done: set[str] = set()
    images = []
    for key, piece in first.items():
        entry = {"copies": counts[key]}
        for side, face in ((FRONT, piece.front), (BACK, piece.back)):
            if face is None:
                continue
            name = f"{names[(face.key, side)]}.png"
            if face.key + side not in done:
                done.add(face.key + side)
                surface, _ = drawer.image(piece, face, dpi, "bleed", margin=bleed, background=(1, 1, 1))
                save_png(to_pillow(surface).convert("RGB"), folder / name, dpi)
            entry[side] = name
        images.append(entry)
    return images
