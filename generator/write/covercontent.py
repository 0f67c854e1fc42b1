"""Write stage, the cover's words: what the kit holds and on which sheets, how to print it, what to buy, the
order to cut and assemble it in, and the blanks to fill, as plain data (`CoverContent`) that write/cover.py
lays out and a test reads back from the PDF."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.impose import Imposition


@dataclass
class CoverContent:
    """What the cover says, as text: a test reads it back from the PDF."""

    title: str
    players: str
    contents: list[tuple[str, str, str]] = field(default_factory=list)  # (component, count, sheets)
    printing: list[str] = field(default_factory=list)
    buy: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    blanks: list[str] = field(default_factory=list)


def _ranges(numbers) -> str:
    numbers = sorted(set(numbers))
    if not numbers:
        return ""
    runs, start, previous = [], numbers[0], numbers[0]
    for number in numbers[1:] + [None]:
        if number is None or number != previous + 1:
            runs.append(str(start) if start == previous else f"{start}-{previous}")
            start = number
        previous = number
    return ", ".join(runs)


def _plural(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


CUTTING = {  # how a piece of each outline is cut, in the order they are best made
    "rect": "cut along the crop marks: pieces are butted, so one cut serves two",
    "rounded": "cut round the grey outline (a corner rounder helps)",
    "disc": "cut round the outer circle (a circle punch is quickest)",
    "polygon": "cut along the grey outline",
}


def cover_content(kit, imposition: Imposition, duplex: str, cover_pages: int, blanks=()) -> CoverContent:
    """The cover's words for `kit` as imposed (its PDF pages start after `cover_pages` cover pages)."""
    from generator.blanks import blanks_by_component
    from generator.model import printed_count

    spec = kit.spec
    if spec.players_stated:
        span = (f"{spec.players_min} player{'s' if spec.players_min != 1 else ''}" if spec.players_min == spec.players_max
                else f"{spec.players_min}-{spec.players_max} players")
        players = f"{span} · printed for {_plural(kit.players, 'player')}"
    else:
        players = ""
    content = CoverContent(spec.name, players)
    sheets_of: dict[str, set[int]] = {}
    for page in imposition.pages:
        for placement in page.placements:
            sheets_of.setdefault(placement.piece.component_id, set()).add(page.sheet)
        if page.tiled is not None:
            sheets_of.setdefault(page.tiled.component_id, set()).add(page.sheet)
    units: dict[str, int] = {}
    for piece in kit.pieces:
        units[piece.component_id] = units.get(piece.component_id, 0) + piece.unit
    for component in spec.components:
        if not component.printed:
            continue
        sheets = sheets_of.get(component.id, set())
        where = ("sheet " if len(sheets) == 1 else "sheets ") + _ranges(sheets) if sheets else ""
        content.contents.append((component.name, str(units.get(component.id, 0)), where))
    # printing
    flip = "long" if duplex == "long-edge" else "short"
    two_sided = [i + 1 + cover_pages for i, p in enumerate(imposition.pages)
                 if p.kind == "back" or (i + 1 < len(imposition.pages) and imposition.pages[i + 1].kind == "back")]
    one_sided = [i + 1 + cover_pages for i, p in enumerate(imposition.pages)
                 if i + 1 + cover_pages not in two_sided and p.kind != "fold"]
    paper = imposition.pages[0]
    content.printing.append(f"{_paper_name(paper.width, paper.height)}, at 100 % / actual size - never 'fit to page'. "
                            "Every sheet has a 50 mm bar: measure it on the first sheet printed.")
    folded = [i + 1 + cover_pages for i, p in enumerate(imposition.pages) if p.kind == "fold"]
    cut = next((p.registration.cutter for p in imposition.pages if p.registration is not None), None)
    if folded:
        content.printing.append(f"Gutter fold: PDF pages {_ranges(folded)} hold each piece's front and back side by "
                                "side; print them one-sided, fold each sheet on the dashed line, glue, then cut.")
    if cut:
        content.printing.append(f"Print-and-cut: the sheets carry {cut.title()} registration marks; print them "
                                f"one-sided and cut them with the files of `pnpgen export KIT --to cut`.")
    content.printing.append(f"Double-sided, flipping on the {flip} edge: PDF pages {_ranges(range(1, cover_pages + 1))} "
                            f"(this cover){', ' + _ranges(two_sided) if two_sided else ''}.")
    if one_sided:
        content.printing.append(f"One-sided: PDF pages {_ranges(one_sided)}.")
    content.printing.append("Check the duplex mark at the top right of this page: held against the light, the mark "
                            "printed on the back should lie on it. If it is off, measure your printer with "
                            "pnpgen calibrate and rebuild with --back-offset.")
    content.printing.append(f"{_plural(imposition.sheets, 'sheet')} of paper for the pieces; card stock of "
                            "160-250 g/m² (or paper glued onto thin card).")
    # buying
    for component in spec.components:
        if not component.printed:
            count = printed_count(component, kit.players)
            content.buy.append(component.buy or f"{count} × {component.name}")
    kinds = {c.kind for c in spec.components if c.printed}
    tiled = any(p.kind == "tile" for p in imposition.pages)
    tools = "A craft knife and a metal ruler, or scissors"
    if kinds & {"foldup", "standee", "die"} or tiled:
        tools += "; a glue stick"
    content.buy.append(tools + ".")
    content.steps = _steps(kit, imposition, sheets_of)
    rows = blanks_by_component(list(blanks))
    for name, faces, pieces, fields in rows:
        what = ", ".join(fields[:4]) + (" …" if len(fields) > 4 else "")
        content.blanks.append(f"{name}: {_plural(pieces, 'piece')} ({what})")
    return content


def _paper_name(width: float, height: float) -> str:
    from generator.papers import load_paper

    for name in ("a4", "letter", "a3", "tabloid", "legal"):
        try:
            paper = load_paper(name, "portrait", "5mm")
        except Exception:  # noqa: BLE001 - a paper table without this size
            continue
        if {round(paper.width), round(paper.height)} == {round(width), round(height)}:
            return {"a4": "A4", "a3": "A3"}.get(name, name.capitalize()) + (" landscape" if width > height else "")
    return f"{width / 72 * 25.4:.0f} × {height / 72 * 25.4:.0f} mm paper"


def _steps(kit, imposition: Imposition, sheets_of: dict[str, set[int]]) -> list[str]:
    """Cutting and assembly in order: big boards first (they need the table), then pieces by how they are cut."""
    spec = kit.spec
    steps = []
    by_shape: dict[str, list[str]] = {}
    folded, dice, tiled = [], [], []
    first_piece = {}
    for piece in kit.pieces:
        first_piece.setdefault(piece.component_id, piece)
    tiled_ids = {p.tiled.component_id for p in imposition.pages if p.tiled is not None}
    for component in spec.components:
        piece = first_piece.get(component.id)
        if piece is None:
            continue
        if component.id in tiled_ids:
            assembly = [p.sheet for p in imposition.pages if p.tiled is not None and p.tiled.component_id == component.id]
            tiled.append(f"{component.name} (sheets {_ranges(sheets_of.get(component.id, ()))}, plan on sheet "
                         f"{_ranges(assembly)})")
        elif piece.folds and component.kind == "die":
            dice.append(component.name)
        elif piece.folds:
            folded.append(component.name)
        else:
            by_shape.setdefault(piece.outline.shape, []).append(component.name)
    if tiled:
        steps.append("Boards printed in tiles: " + "; ".join(tiled) + ". Cut each tile along its solid edges, lay it "
                     "over its neighbour, its edge on the dashed line over the crosses, as the plan shows, and glue.")
    for shape in ("rect", "rounded", "disc", "polygon"):
        names = by_shape.get(shape)
        if names:
            steps.append(f"{_list(names)}: {CUTTING[shape]}.")
    if folded:
        steps.append(f"{_list(folded)}: cut the outline, fold every dashed line the same way, glue the tab.")
    if dice:
        steps.append(f"{_list(dice)}: cut the net, fold the dashed lines, glue the tabs inside (or stick the faces "
                     "on blank dice).")
    if any(p.player is not None for p in kit.pieces):
        steps.append("Sort the player pieces into sets: each player's pieces carry the player's colour and symbol.")
    return steps


def _list(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
