"""Reference stage, the platypus flowables typeset.py builds with: paragraphs that refuse to overflow their box,
blocks kept together unless much room is left, and tables whose footnote travels with their last rows."""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table
from reportlab.platypus.doctemplate import ActionFlowable

from generator.errors import LayoutError
from generator.units import to_mm

TOLERANCE = 0.01  # pt: rounding in reportlab's line widths


class FittedParagraph(Paragraph):
    """A Paragraph that refuses to draw a line wider than its box (reportlab would let it run over)."""

    where = "reference"
    source = ""  # the text as the author wrote it, for messages

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        for part in parts:
            part.where, part.source = self.where, self.source
        return parts

    def draw(self):
        self.check_fits()
        super().draw()

    def check_fits(self) -> None:
        """LayoutError when a wrapped line is wider than the width the paragraph was wrapped to."""
        for line in self.blPara.lines:
            extra = line[0] if isinstance(line, tuple) else line.extraSpace
            if extra < -TOLERANCE:
                raise LayoutError(f"{self.where}: text runs {-extra:.1f} pt past its {to_mm(self.width):.1f} mm wide box "
                                  f"(a word or icons that cannot be broken): {self.source[:60]!r}")


class BlockKeeper(KeepTogether):
    """Keeps a block whole, moving it to the next column, page or card, unless more than `room` points
    are left where it stands (None: always move it when it fits there).

    Its parts always go back to the document's list (never straight into the frame), so a heading
    still pulls its first line along with it after a split.
    """

    def __init__(self, flowables: list[Flowable], room: float | None):
        super().__init__(flowables)
        self.room = room

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        if self.room is not None and self._H > aH > self.room:
            parts = list(self._content)
        else:
            parts = super().split(aW, aH)
        if not isinstance(parts[0], ActionFlowable):
            parts.insert(0, self.NullActionFlowable())
        return parts


class NotedTable(Flowable):
    """A table with its footnote under it. When it splits, the footnote goes with the last rows, so it
    never sits alone at the top of a column or card."""

    def __init__(self, table: Table, note: Paragraph, gap: float):
        super().__init__()
        self.table, self.note, self.gap = table, note, gap

    def wrap(self, availWidth, availHeight):
        _, table_height = self.table.wrap(availWidth, availHeight)
        _, note_height = self.note.wrap(availWidth, availHeight)
        self.width, self.height = availWidth, table_height + self.gap + note_height
        return self.width, self.height

    def draw(self):
        note_height = self.note.wrap(self.width, self.height)[1]
        self.note.drawOn(self.canv, 0, 0)
        self.table.drawOn(self.canv, 0, note_height + self.gap)

    def split(self, availWidth, availHeight):
        _, table_height = self.table.wrap(availWidth, availHeight)
        if table_height <= availHeight:  # the rows fit but the note does not: send the last row along
            availHeight = table_height - self.table._rowHeights[-1] - TOLERANCE
        parts = self.table.split(availWidth, availHeight)
        if len(parts) != 2:
            return []
        rest = NotedTable(parts[1], self.note, self.gap)
        rest.pnp_where = getattr(self, "pnp_where", "reference")
        return [parts[0], rest]
