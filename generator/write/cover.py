"""The cover that leads a kit's PDF: what the kit holds and where, how to print it, what to buy, the order to
cut and assemble it in, and the blanks to fill before the first game.

`make_cover(kit, imposition, …)` gathers the content (`CoverContent`, plain data a test can read back) and
lays it out into pages of drawing steps; `Cover.draw(context, index, footer)` draws one page with cairo, on
the same surface and with the same footer, scale bar and typeface as every other sheet (write/sheet.py). The
cover always takes an even number of pages (front and back of one sheet, or more), so the kit's own
double-sided sheets keep their fronts on odd pages; its back carries a duplex check that lands behind the
front's mark when the printer flips the sheet as the kit needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from generator.impose import Imposition, flips_across
from generator.units import mm
from generator.write.covercontent import CoverContent, cover_content

INK = (0.1, 0.1, 0.1)
ACCENT = (0.16, 0.3, 0.55)
MARGIN = mm(15)
TOP = mm(16)
BOTTOM = mm(18)  # above the footer
BODY = 9.0
SMALL = 8.0
CHECK_AT = (mm(26), mm(22))  # the duplex check's centre from the top-right corner (x from the right edge)
CHECK_R = mm(6)
CONTINUED = mm(40)  # where text starts on the cover's later pages


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
    """The kit's cover, on the paper its sheets use, its text measured as it is drawn: in the sheets' font, with the
    kit's typeface for what that lacks (set here, whatever the process built before)."""
    from generator.write.fontfiles import use_typeface

    use_typeface(kit.spec.defaults.font)
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
        from generator.write.draw import text_width

        return text_width(self.measure, text, size, bold)

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
            from generator.write.draw import label

            label(context, text, x, y, size, bold, colour=colour)

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
    from generator.write.draw import label, text_width

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
    tw = text_width(context, caption, size)
    label(context, caption, min(cx - tw / 2, width - MARGIN / 2 - tw), cy + CHECK_R * 1.3 + 8, size, grey=0.3)
