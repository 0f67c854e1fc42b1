"""The cover that leads a kit's PDF: what the kit holds and where, how to print it, what to buy, the order to
cut and assemble it in, and the blanks to fill before the first game.

`make_cover(kit, imposition, …)` gathers the content (`CoverContent`, plain data a test can read back) and
lays it out into pages of drawing steps; `Cover.draw(context, index, footer)` draws one page with cairo, on
the same surface and with the same footer, scale bar and typeface as every other sheet (write/pdf.py). The
cover always takes an even number of pages (front and back of one sheet, or more), so the kit's own
double-sided sheets keep their fronts on odd pages; its back carries a duplex check that lands behind the
front's mark when the printer flips the sheet as the kit needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from generator.impose import Imposition, flips_across
from generator.units import mm

INK = (0.1, 0.1, 0.1)
ACCENT = (0.16, 0.3, 0.55)
RULE = (0.75, 0.75, 0.75)
MARGIN = mm(15)
TOP = mm(16)
BOTTOM = mm(18)  # above the footer
BODY = 9.0
SMALL = 8.0
CHECK_AT = (mm(26), mm(22))  # the duplex check's centre from the top-right corner (x from the right edge)
CHECK_R = mm(6)
CONTINUED = mm(40)  # where text starts on the cover's later pages


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
    content.printing.append(f"Check the duplex mark at the top right of this page: held against the light, the mark "
                            f"printed on the back should lie on it. If it is off, measure your printer with "
                            f"pnpgen calibrate and rebuild with --back-offset.")
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


# -- layout ---------------------------------------------------------------------------------------------
Step = Callable[[object], None]  # draws onto a cairo context


@dataclass
class Cover:
    """The cover laid out: each page a list of drawing steps; `duplex` as built (for the check's place)."""

    content: CoverContent
    pages: list[list[Step]]
    width: float
    height: float
    duplex: str

    def draw(self, context, index: int) -> None:
        for step in self.pages[index]:
            step(context)
        if index in (0, 1):
            _duplex_check(context, self.width, self.height, self.duplex, back=index == 1)


def make_cover(kit, imposition: Imposition, duplex: str, blanks=()) -> Cover:
    """The kit's cover, on the paper its sheets use."""
    page = imposition.pages[0]
    width, height = (page.width, page.height)
    if width > height:  # a landscape kit still gets a portrait cover on the same paper
        width, height = height, width
    content = cover_content(kit, imposition, duplex, 2, blanks)
    pages = _layout(content, width, height)
    if len(pages) % 2:
        pages.append([])
    if len(pages) != 2:  # the page numbers in the text assume two cover pages
        content = cover_content(kit, imposition, duplex, len(pages), blanks)
        pages = _layout(content, width, height)
        pages += [[]] * (len(pages) % 2)
    return Cover(content, pages, width, height, duplex)


class _Flow:
    """Lays text blocks down the page, starting new pages as they fill."""

    def __init__(self, width: float, height: float):
        from generator.write.faces import cairo

        self.width, self.height = width, height
        self.measure = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None))
        self.pages: list[list[Step]] = [[]]
        self.y = TOP
        self.left, self.right = MARGIN, width - MARGIN

    def room(self, need: float) -> None:
        if self.y + need > self.height - BOTTOM:
            self.pages.append([])
            self.y = CONTINUED  # clear of the duplex check on the cover's back

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        from generator.write.pdf import _text_width

        return _text_width(self.measure, text, size, bold)

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and self.text_width(trial, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return lines + ([line] if line else [])

    def put(self, text: str, x: float, size: float, bold: bool = False, colour=INK) -> None:
        y = self.y

        def step(context, text=text, x=x, y=y) -> None:
            _text(context, text, x, y, size, bold, colour)

        self.pages[-1].append(step)

    def heading(self, text: str) -> None:
        self.room(BODY * 4)
        self.y += BODY * 0.9
        self.y += BODY * 1.3
        self.put(text, self.left, 11.5, bold=True, colour=ACCENT)
        self._rule(self.y + 3, ACCENT, width=0.6)
        self.y += 5

    def paragraph(self, text: str, size: float = BODY, bullet: str | None = None, indent: float = 0.0) -> None:
        x = self.left + indent + (mm(4) if bullet else 0)
        lines = self.wrap(text, size, self.right - x)
        for number, line in enumerate(lines):
            self.room(size * 1.35)
            self.y += size * 1.35
            if bullet and number == 0:
                self.put(bullet, self.left + indent, size, bold=True)
            self.put(line, x, size)
        self.y += size * 0.35

    def table(self, headings: tuple[str, ...], rows: list[tuple[str, ...]], widths: tuple[float, ...]) -> None:
        size = SMALL
        line = size * 1.3
        xs = [self.left]
        for fraction in widths[:-1]:
            xs.append(xs[-1] + (self.right - self.left) * fraction)
        spans = [((xs[i + 1] if i + 1 < len(xs) else self.right) - xs[i] - mm(2)) for i in range(len(xs))]

        def head() -> None:
            self.y += line
            for x, text in zip(xs, headings):
                self.put(text, x, size, bold=True)
            self._rule(self.y + 2.5, (0.3, 0.3, 0.3))
            self.y += 2.5

        self.room(line * 3)
        head()
        for number, row in enumerate(rows):
            cells = [self.wrap(text, size, span) or [""] for text, span in zip(row, spans)]
            need = line * max(len(c) for c in cells) + 2
            if self.y + need > self.height - BOTTOM:
                self.room(self.height)  # a new page, with the headings again
                head()
            top = self.y
            if number % 2:
                self._band(top + 1, need, (0.95, 0.95, 0.93))
            for x, lines in zip(xs, cells):
                self.y = top
                for text in lines:
                    self.y += line
                    self.put(text, x, size)
            self.y = top + need
        self.y += 4

    def _rule(self, y: float, colour, width: float = 0.4) -> None:
        left, right = self.left, self.right

        def rule(context) -> None:
            context.save()
            context.set_source_rgb(*colour)
            context.set_line_width(width)
            context.move_to(left, y)
            context.line_to(right, y)
            context.stroke()
            context.restore()

        self.pages[-1].append(rule)

    def _band(self, y: float, height: float, colour) -> None:
        left, right = self.left, self.right

        def band(context) -> None:
            context.save()
            context.set_source_rgb(*colour)
            context.rectangle(left, y, right - left, height)
            context.fill()
            context.restore()

        self.pages[-1].append(band)


def _text(context, text: str, x: float, y: float, size: float, bold: bool, colour) -> None:
    """One line with its baseline at y, in the sheets' own font (as write/pdf.py's labels)."""
    from generator.write.faces import cairo, font_options

    context.save()
    context.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    context.set_font_options(font_options())
    context.set_font_size(size)
    context.set_source_rgb(*colour)
    context.move_to(x, y)
    context.show_text(text)
    context.restore()


def _layout(content: CoverContent, width: float, height: float) -> list[list[Step]]:
    flow = _Flow(width, height)
    flow.y = TOP + 14
    flow.put(content.title, flow.left, 24, bold=True)
    flow.y += 8
    if content.players:
        flow.y += 14
        flow.put(content.players, flow.left, 12)
    flow.y += 12
    flow.put("Print-and-play kit: this sheet says what it holds, how to print it, and how to make it.",
             flow.left, BODY, colour=(0.35, 0.35, 0.35))
    flow.heading("Print")
    for text in content.printing:
        flow.paragraph(text, bullet="•")
    flow.heading("What to buy or find")
    for text in content.buy:
        flow.paragraph(text, bullet="•")
    flow.heading("Contents")
    flow.table(("Component", "Count", "Printed on"), content.contents, (0.62, 0.12, 0.26))
    flow.heading("Cutting and assembly, in this order")
    for number, text in enumerate(content.steps, start=1):
        flow.paragraph(text, bullet=f"{number}.")
    if content.blanks:
        flow.heading("Before the first game: blanks to fill")
        flow.paragraph("The rules give no value for these; the pieces print an empty box where it goes. Agree the "
                       "values as a group and write them in, or list them with pnpgen blanks, fill in the sheet, "
                       "save it beside kit.yaml as blanks.csv and rebuild: the values are then printed.", size=SMALL)
        for text in content.blanks:
            flow.paragraph(text, size=SMALL, bullet="•")
    return flow.pages


def duplex_check_centre(width: float, height: float, duplex: str, back: bool) -> tuple[float, float]:
    """Where the duplex check's mark is drawn on the cover's front, and where its back lands behind it."""
    x, y = width - CHECK_AT[0], CHECK_AT[1]
    if not back:
        return x, y
    if flips_across(width, height, duplex):
        return width - x, y
    return x, height - y


def _duplex_check(context, width: float, height: float, duplex: str, back: bool) -> None:
    """A target on the front, and on the back a cross that lies on it after the flip the kit needs."""
    from generator.write.pdf import _label, _text_width

    cx, cy = duplex_check_centre(width, height, duplex, back)
    context.save()
    context.new_path()
    context.set_line_width(0.6)
    context.set_source_rgb(*ACCENT)
    if back:
        context.move_to(cx - CHECK_R * 1.3, cy)
        context.line_to(cx + CHECK_R * 1.3, cy)
        context.move_to(cx, cy - CHECK_R * 1.3)
        context.line_to(cx, cy + CHECK_R * 1.3)
    else:
        context.arc(cx, cy, CHECK_R, 0, 6.283185307179586)
        context.new_sub_path()
        context.arc(cx, cy, CHECK_R / 2, 0, 6.283185307179586)
    context.stroke()
    context.restore()
    caption = "duplex check" if not back else "duplex check (lies on the front's target)"
    size = 6.5
    tw = _text_width(context, caption, size)
    _label(context, caption, min(cx - tw / 2, width - MARGIN / 2 - tw), cy + CHECK_R * 1.3 + 8, size, grey=0.3)
