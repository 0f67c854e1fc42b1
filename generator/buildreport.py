"""build.json: what a build printed, at which size, on how many pages and sheets (the pipeline's last word)."""

from __future__ import annotations

from typing import Protocol

from generator.impose import Imposition
from generator.model import Kit, printed_count
from generator.papers import load_paper
from generator.units import to_mm
from generator.vocabulary import FRONT


class ReportedOptions(Protocol):
    """What build.json says of the build's options (pipeline.BuildOptions; named here, not imported: the
    pipeline imports this module)."""

    paper: str | None
    orientation: str | None
    duplex: str
    layout: str
    cutter: str


def build_report(kit: Kit, imposition: Imposition, options: ReportedOptions, cover_pages: int = 0) -> dict:
    """build.json: what was printed, at which size, on how many pages. Page numbers are the PDF's: a cover's
    `cover_pages` lead it (they are printed double-sided, and are no sheet of `sheets`)."""
    spec = kit.spec
    pages = imposition.pages
    components = []
    for component in spec.components:
        pieces = [p for p in kit.pieces if p.component_id == component.id]
        size = (pieces[0].width, pieces[0].height) if pieces else (component.width, component.height)
        entry = {
            "id": component.id, "name": component.name, "kind": component.kind,
            # components, not pieces: a die printed as six stickers is one die
            "count": sum(p.unit for p in pieces) if component.printed else printed_count(component, kit.players),
            "size_mm": [round(to_mm(size[0]), 2), round(to_mm(size[1]), 2)],
            "sides": component.sides, "print": component.printed,
        }
        if not component.printed and component.buy:
            entry["buy"] = component.buy
        if component.content == "missing":
            entry["content"] = "missing"
        if component.kind == "hexmap":
            from generator.kinds.hexmap import cell_count

            entry["cells"] = cell_count(component)
        components.append(entry)
    duplex_sheets = {p.sheet for p in pages if p.kind == "back"}  # a two-sided tile or assembly sheet too
    return {
        "kit": spec.id, "name": spec.name, "players": kit.players, "paper": options.paper or spec.defaults.paper,
        "duplex": options.duplex, "layout": options.layout,
        **({"cutter": options.cutter} if options.layout == "print-and-cut" else {}),
        "pages": len(pages) + cover_pages, "sheets": imposition.sheets, "cover_pages": cover_pages,
        "duplex_pages": list(range(1, cover_pages + 1))
                        + [i + 1 + cover_pages for i, p in enumerate(pages) if p.sheet in duplex_sheets],
        "utilisation": round(imposition.utilisation, 4), "sheet_utilisation": sheet_utilisation(imposition, load_paper(
            options.paper or spec.defaults.paper, options.orientation or spec.defaults.orientation, spec.defaults.margin)),
        "components": components,
    }


def sheet_utilisation(imposition: Imposition, paper) -> list[dict]:
    """Each sheet's share of the printable area (`paper.area()`) its pieces' trim covers, for fronts,
    one-sided pages and tiles (the tile's share of its board, and what is packed in the room it leaves); an
    assembly sheet reports only its kind."""
    x0, y0, x1, y1 = paper.area()
    area = (x1 - x0) * (y1 - y0)
    sheets: dict[int, dict] = {}
    for page in imposition.pages:
        if page.kind == "back":
            continue
        entry = sheets.setdefault(page.sheet, {"sheet": page.sheet, "kind": page.kind})
        if page.kind in ("front", "single", "fold"):
            used = sum(pl.piece.width * pl.piece.height for pl in page.placements if pl.side == FRONT)
            entry["utilisation"] = round(used / area, 4)
        elif page.kind == "tile" and page.tile is not None:
            tile, *packed = page.placements
            used = page.tile.width * page.tile.height + sum(pl.piece.width * pl.piece.height for pl in packed)
            entry["utilisation"] = round(used / area, 4)
    return list(sheets.values())
