"""Reference stage, part 2: blocks to platypus flowables in the kit's theme (shared by sheets and cards).

One body size drives every style (styles.py) and nothing is set below 7 pt. Paragraphs check, as they are
drawn, that no line runs wider than its box (flowables.py), so overflowing text is an error instead of a
silent overlap.
"""

from __future__ import annotations

import re
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle
from reportlab.platypus.flowables import HRFlowable

from generator.errors import LayoutError
from generator.manifest.loader import ICON_NAME
from generator.reference.content import (
    Block, DefinitionsBlock, IconsBlock, ListBlock, NoteBlock, Reference, TableBlock, tint,
)
from generator.reference.fallback import bullet_fonts, font_runs
from generator.reference.flowables import BlockKeeper, FittedParagraph, NotedTable
from generator.reference.icons import IconLibrary
from generator.reference.styles import header_fill, make_styles, register_fonts, replace_style
from generator.units import to_mm

BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
ALIGNMENTS = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


class Typesetter:
    """Turns reference text and blocks into flowables at one body size (sheets and cards differ only in size)."""

    def __init__(self, reference: Reference, icons: IconLibrary, size: float, frame_height: float, compact: bool = False):
        self.font, self.font_bold = register_fonts(reference.typeface)
        self.reference = reference
        self.icons = icons
        self.size = size
        self.frame_height = frame_height
        self.compact = compact
        self.styles = make_styles(reference, size, compact)
        self.theme = reference.theme

    # -- text -------------------------------------------------------------------------------------
    def markup(self, text: str, size: float) -> str:
        """Reference text as paragraph markup: XML-escaped, **bold**, {icon} images, line breaks."""
        out = BOLD.sub(r"<b>\1</b>", escape(text))
        # The zero-width space glues each icon to a text glyph: reportlab never breaks a line between
        # icons that are separated only by spaces, and would push a row of them past the margin.
        out = ICON_NAME.sub(lambda m: "\u200b" + self.icons.markup(m.group(1), size), out)
        return font_runs(out, self.reference.typeface).replace("\n", "<br/>")  # fallback fonts per character

    def paragraph(self, text: str, style: ParagraphStyle, where: str, bullet: str | None = None) -> FittedParagraph:
        para = FittedParagraph(self.markup(text, style.fontSize), style, bulletText=bullet)
        para.where, para.source = where, text
        return para

    def text_width(self, text: str, size: float, bold: bool = False) -> tuple[float, float]:
        """(widest line, widest word) of `text` set on one line per paragraph, icons included."""
        font = self.font_bold if bold else self.font
        plain = text.replace("**", "")
        widest_line = widest_word = 0.0
        for line in plain.split("\n"):
            line_width = 0.0
            for word in line.split(" "):
                width = 0.0
                for i, part in enumerate(ICON_NAME.split(word)):
                    width += self.icons.get(part).box(size)[0] if i % 2 else pdfmetrics.stringWidth(part, font, size)
                widest_word = max(widest_word, width)
                line_width += width + pdfmetrics.stringWidth(" ", font, size)
            widest_line = max(widest_line, line_width)
        return widest_line, widest_word

    # -- the title --------------------------------------------------------------------------------
    def title(self) -> list[Flowable]:
        ref = self.reference
        flowables: list[Flowable] = [self.paragraph(ref.title, self.styles.title, "reference.title")]
        if ref.subtitle:
            flowables.append(self.paragraph(ref.subtitle, self.styles.subtitle, "reference.subtitle"))
        flowables.append(HRFlowable(width="100%", thickness=1.6, color=HexColor(self.theme.accent),
                                    spaceBefore=self.size * 0.3, spaceAfter=self.size * 0.2))
        return flowables

    # -- blocks -----------------------------------------------------------------------------------
    def block(self, block: Block, width: float) -> list[Flowable]:
        """The flowables of one block: heading, rule, body; kept together when asked and possible."""
        where = str(block.location)
        builder: Callable[[Block, float, str], list[Flowable]] = {
            TableBlock: self._table, ListBlock: self._list, DefinitionsBlock: self._definitions,
            NoteBlock: self._note, IconsBlock: self._icons,
        }[type(block)]
        body = builder(block, width, where)
        flowables: list[Flowable] = []
        if block.title:
            flowables.append(self.paragraph(block.title, self.styles.heading, where))
            rule = HRFlowable(width="100%", thickness=0.6, color=HexColor(self.theme.accent), spaceBefore=1,
                              spaceAfter=self.size * 0.35)
            rule.keepWithNext = 1
            flowables.append(rule)
        else:
            flowables.append(Spacer(1, self.size * 0.6))
        flowables.extend(body)
        for flowable in flowables:
            flowable.pnp_where = where
        grouped = flowables if block.keep_together is False else [BlockKeeper(flowables, self._keep_limit(block))]
        if block.new_page:
            grouped.insert(0, PageBreak())
        for flowable in grouped:
            flowable.pnp_where = where
        return grouped

    def _keep_limit(self, block: Block) -> float | None:
        """The room above which a block that does not fit splits where it stands instead of moving on.

        Unless the author insists, a block moves on whole only when less than a third of the
        column or card is left, so short blocks stay whole without leaving half-empty pages.
        """
        return None if block.keep_together else self.frame_height / 3

    def _table(self, block: TableBlock, width: float, where: str) -> list[Flowable]:
        styles = self.styles
        cell_styles = {a: replace_style(styles.cell, f"cell-{a}", alignment=ALIGNMENTS[a]) for a in ALIGNMENTS}
        head_styles = {a: replace_style(styles.head, f"head-{a}", alignment=ALIGNMENTS[a]) for a in ALIGNMENTS}
        rows = []
        if block.header:
            rows.append([self.paragraph(c.text, head_styles[block.align[i]], where) for i, c in enumerate(block.header)])
        for row in block.rows:
            rows.append([self.paragraph(c.text, cell_styles[block.align[i]], where) for i, c in enumerate(row)])
        pad_x, pad_y = (2.2, 1.4) if self.compact else (3.5, 2.0)
        widths = self._column_widths(block, width, 2 * pad_x)
        if min(widths) - 2 * pad_x < 1:  # no room for text: reportlab would fail on a negative width inside the cell
            raise LayoutError(f"{where}: the table's {len(widths)} columns do not fit in {to_mm(width):.0f} mm; "
                              "use fewer columns or split the table")
        header_rows = 1 if block.header else 0
        accent = HexColor(self.theme.accent)
        commands = [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), pad_x), ("RIGHTPADDING", (0, 0), (-1, -1), pad_x),
            ("TOPPADDING", (0, 0), (-1, -1), pad_y), ("BOTTOMPADDING", (0, 0), (-1, -1), pad_y + 0.6),
            ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [HexColor("#ffffff"), HexColor(self.theme.shade)]),
            ("LINEBELOW", (0, -1), (-1, -1), 0.8, accent),
        ]
        if header_rows:
            commands += [("BACKGROUND", (0, 0), (-1, 0), HexColor(header_fill(self.theme.accent))),
                         ("LINEBELOW", (0, 0), (-1, 0), 0.8, accent)]
        table = self._grid(rows, widths, commands, repeatRows=header_rows)
        if block.note:
            return [NotedTable(table, self.paragraph(block.note, styles.small, where), gap=self.size * 0.3)]
        return [table]

    def _column_widths(self, block: TableBlock, width: float, padding: float) -> list[float]:
        """Given relative widths, or sized like a browser's auto layout: every column gets at least its
        longest word, the rest of the width goes to columns in proportion to their one-line width."""
        if block.widths:
            total = sum(block.widths)
            return [width * w / total for w in block.widths]
        size = self.styles.cell.fontSize
        natural = [0.0] * block.column_count
        minimum = [0.0] * block.column_count
        for r, row in enumerate(((block.header,) if block.header else ()) + block.rows):
            for c, cell in enumerate(row):
                line, word = self.text_width(cell.text, size, bold=bool(block.header) and r == 0)
                natural[c] = max(natural[c], line + padding + 0.5)
                minimum[c] = max(minimum[c], word + padding + 0.5)
        if sum(natural) <= width:
            # spare width goes to the text columns, so numbers stay next to what they count
            growing = [n if a != "right" else 0.0 for n, a in zip(natural, block.align)]
            if not any(growing):
                growing = natural
            spare = width - sum(natural)
            return [n + spare * g / sum(growing) for n, g in zip(natural, growing)]
        if sum(minimum) >= width:
            return [width * m / sum(minimum) for m in minimum]
        stretch = [n - m for n, m in zip(natural, minimum)]
        spare = width - sum(minimum)
        return [m + spare * s / sum(stretch) for m, s in zip(minimum, stretch)]

    def _list(self, block: ListBlock, width: float, where: str) -> list[Flowable]:
        accent = self.theme.accent
        size = self.styles.body.fontSize
        labels = [f"{block.start + i}." if block.ordered else "•" for i in range(len(block.items))]
        bullet_font, sub_font = bullet_fonts(self.reference.typeface, "".join(labels), self.font_bold, self.font)
        indent = max(pdfmetrics.stringWidth(label, bullet_font, size) for label in labels) + size * 0.55
        style = replace_style(self.styles.body, "item", leftIndent=indent, bulletIndent=0, bulletFontName=bullet_font,
                              bulletFontSize=size,
                              bulletColor=HexColor(accent), spaceAfter=size * 0.25)
        sub_indent = pdfmetrics.stringWidth("m)", bullet_font, size) + size * 0.5
        sub_style = replace_style(style, "subitem", leftIndent=indent + sub_indent, bulletIndent=indent,
                                  bulletFontName=sub_font, spaceAfter=size * 0.15)
        flowables: list[Flowable] = []
        for label, item in zip(labels, block.items):
            flowables.append(self.paragraph(item.text, style, where, bullet=label))
            for j, sub in enumerate(item.items):
                sub_label = f"{chr(ord('a') + j % 26)})" if block.ordered else "–"
                flowables.append(self.paragraph(sub, sub_style, where, bullet=sub_label))
        return flowables

    def _definitions(self, block: DefinitionsBlock, width: float, where: str) -> list[Flowable]:
        size = self.styles.body.fontSize
        style = replace_style(self.styles.body, "definition", leftIndent=size, firstLineIndent=-size,
                              spaceAfter=size * 0.3)
        flowables: list[Flowable] = []
        for item in block.items:
            term = f'<font color="{self.theme.accent}"><b>{self.markup(item.term, size)}</b></font>'
            gap = font_runs("\u2002", self.reference.typeface)  # an en space, from a font that has one
            para = FittedParagraph(f"{term}{gap}{self.markup(item.text, size)}", style)
            para.where, para.source = where, f"{item.term} {item.text}"
            flowables.append(para)
        return flowables

    def _note(self, block: NoteBlock, width: float, where: str) -> list[Flowable]:
        pad = 3.0 if self.compact else 5.0
        table = self._grid([[self.paragraph(block.text, self.styles.body, where)]], [width], [
            ("BACKGROUND", (0, 0), (-1, -1), HexColor(tint(self.theme.shade, 0.35))),
            ("LINEBEFORE", (0, 0), (0, -1), 2.4, HexColor(self.theme.accent)),
            ("LEFTPADDING", (0, 0), (-1, -1), pad + 1), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ])
        return [table]

    def _icons(self, block: IconsBlock, width: float, where: str) -> list[Flowable]:
        size = self.styles.body.fontSize
        big = size * 2.0
        icon_style = replace_style(self.styles.body, "icon", fontSize=big, leading=big * 1.05, alignment=TA_CENTER)
        icon_width = max(self.icons.get(item.icon).box(big)[0] for item in block.items) + 3.5  # + cell padding
        rows = []
        for item in block.items:
            label = f"**{item.label}**" + (f"  {item.text}" if item.text else "")
            rows.append([self.paragraph(f"{{{item.icon}}}", icon_style, where), self.paragraph(label, self.styles.body, where)])
        table = self._grid(rows, [icon_width, width - icon_width], [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 1), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
            ("LINEBELOW", (0, 0), (-1, -2), 0.3, HexColor(self.theme.shade)),
        ])
        return [table]

    def _grid(self, rows: list, widths: list[float], commands: list, **options) -> Table:
        """A left-aligned table of paragraphs. Its cell font is the kit's too: reportlab declares a cell's
        font on the page even when a paragraph draws the text, and its default is the unembedded Helvetica."""
        table = Table(rows, colWidths=widths, hAlign="LEFT", **options)
        table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font), *commands]))
        return table
