"""A PDF page's text as lines a reader would see on it, from pdfium's text and the boxes of its characters. Entry
point: page_lines. Lengths are PDF points (1/72 inch), as pdfium gives them, or a share of the type's height.

pdfium gives the text in the order the page was written. Typesetters write in orders a reader never sees: two
columns across, row by row; a list's bullets after all the text; a table's cells one by one. The steps below put
back what the page shows: columns one after the other, bullets on their items, each line indented from its own
column's edge, a table's cells apart by where its rows agree, headings by type size, paragraphs by the space
between them."""

from __future__ import annotations

import re
from math import hypot
from typing import NamedTuple

from .layout import BULLET_GLYPHS


class Box(NamedTuple):
    """Where a line of a PDF page stands."""

    left: float
    right: float
    top: float  # of its first letter
    bottom: float  # of its first letter
    first_baseline: float
    last_baseline: float  # (below the first where pdfium ran a line on from the one above)
    size: float  # the type size of its text (of its last letter)


class Row(NamedTuple):
    text: str
    box: Box | None  # None: an empty line
    gutter: tuple[int, float, float] | None  # the one wide gap across the page's middle: (index, from x, to x)
    at: int = -1  # where the row's text starts in the page's text (its characters' indexes for pdfium)


_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")
_SPACES = re.compile(r"(?<=\S) +(?=\S)")  # spaces between two words: each may stand for a wide gap
_MARKER = re.compile(r"[" + re.escape(BULLET_GLYPHS) + r"]|\d{1,2}[.)]|[a-zA-Z][.)]")  # a list item's bullet or number
_WIDE_GAP = 1.8  # a gap wider than this many letters' heights is a tab: a table's next column, a leader's place
_CELL_GAP = 0.9  # a gap this wide may be a table cell's edge, where the rows around agree (_table_cells)
_HEADING_SIZE = 1.16  # a heading is set this much larger than the page's body text, or more
_PARAGRAPH_STEP = 1.35  # the space above a paragraph, against the page's step between lines


def page_lines(textpage, width: float) -> list[str]:
    """A page's text lines in reading order (see the module's docstring); a wide gap on a line is a tab."""
    count = textpage.count_chars()
    text = textpage.get_text_range(0, count) if count else ""
    text = text.replace("\x02", "\u00ad").replace("\ufffe", "\u00ad").replace("\x00", "")  # (pdfium marks a word it
    # joined across a line break by its hyphen so: a soft hyphen, which the layout removes, keeps every index)
    measured = len(text) == count
    chars = _Characters(textpage)
    rows: list[Row] = []
    cells: dict[int, list[tuple[int, float, float, bool]]] = {}  # each row's gaps wider than a word's space
    offset = 0
    for line, newline in zip(*[iter(_LINE_BREAK.split(text) + [""])] * 2):
        box, gutter, raw_length = None, None, len(line)
        if measured and line.strip():
            first = offset + len(line) - len(line.lstrip())
            last = offset + len(line.rstrip()) - 1
            left, bottom, _, top = chars.box(first)
            right = chars.box(last)[2]
            box = Box(left, right, top, bottom, chars.baseline(first), chars.baseline(last), chars.size(last))  # (the
            # size of its last letter: a bullet set larger than its item's text is never last)
            if " " in line:
                line, gaps = _columns(chars, line, offset)
                wide = [gap for gap in gaps if line[gap[0]] == "\t"]
                if len(wide) == 1 and wide[0][1] < width / 2 < wide[0][2]:
                    gutter = wide[0][:3]  # prose of two columns on one baseline (a table row has more gaps)
                if gaps:
                    cells[len(rows)] = gaps
        rows.append(Row(line.rstrip(), box, gutter, offset))
        offset += raw_length + len(newline)
    if cells:
        rows = _table_cells(rows, cells)
        rows = _table_heads(rows, cells, chars)
    rows = _markers_on_their_lines(rows)
    rows = _headings_marked(rows)
    two_columns = sum(1 for row in rows if row.gutter) >= 4
    lines: list[tuple[str, Box | None]] = []
    for row in rows:
        if two_columns and row.gutter is not None:
            at, gap_left, gap_right = row.gutter
            lines.append((row.text[:at].rstrip(), row.box._replace(right=gap_left)))
            lines.append((row.text[at:].strip(), row.box._replace(left=gap_right)))
        else:
            lines.append((row.text, row.box))
    lines = _indented(lines, width)
    return _reading_order(lines, width) if two_columns else _paragraphs_apart(lines)


def _columns(chars: _Characters, line: str, offset: int) -> tuple[str, list[tuple[int, float, float, bool]]]:
    """The line with every space that stands for a wide gap turned into a tab, and every gap wider than a word's
    space (index in the line, x where it starts, x where it ends, whether figures stand on both sides): a narrower
    one may still be a table cell's edge (_table_cells)."""
    gaps = []
    out = None
    get, page, box_out, (left, bottom, right, top) = chars.raw  # (asked directly: no tuple made for each space)
    for space in _SPACES.finditer(line):
        start, end = space.span()
        if not get(page, offset + start - 1, *box_out):
            _no_charbox()
        gap_start, height = right.value, top.value - bottom.value
        if not get(page, offset + end, *box_out):
            _no_charbox()
        gap_end = left.value
        letter = max(height, top.value - bottom.value, 1.0)
        if gap_end - gap_start > letter * _CELL_GAP:
            figures = line[start - 1].isdigit() and (line[end].isdigit() or line[end] in "+-$£€")
            gaps.append((start, gap_start, gap_end, figures))
            if gap_end - gap_start > letter * _WIDE_GAP:
                out = out or list(line)
                out[start] = "\t"
    return ("".join(out) if out else line), gaps


def _table_cells(rows: list[Row], cells: dict[int, list[tuple]]) -> list[Row]:
    """The rows with each gap that is not yet a tab (see _columns) made one where rows near it (three above or below)
    have a gap at the same place — where the next cell starts (a column set flush left), or overlapping it with
    figures on both sides (figures set flush right, where one such row is enough), or overlapping it below a row of
    words over rows of figures (a table's head, its titles centred over the columns) — one of them a clear tab. A
    justified line's wide spaces fall anywhere: a row most of whose gaps line up with nothing keeps them all."""
    result = list(rows)
    for i, gaps in cells.items():
        text = rows[i].text
        head = not re.search(r"\d", text) and all(j in cells and re.search(r"\d", rows[j].text) for j in (i + 1, i + 2))
        open_gaps = [gap for gap in gaps if text[gap[0]] != "\t"]
        tabs = []
        for start, gap_start, gap_end, figures in open_gaps:
            agreeing, anchored = 0, False
            for j in range(i - 3, i + 4):
                if j == i or j not in cells:
                    continue
                same = [other for other, other_start, other_end, other_figures in cells[j]
                        if abs(gap_end - other_end) <= 1.5 or ((figures and other_figures) or (head and j > i))
                        and min(gap_end, other_end) - max(gap_start, other_start) >= 1.0]
                agreeing += bool(same)
                anchored = anchored or any(rows[j].text[other] == "\t" for other in same)
            if (agreeing >= 2 and anchored) or (figures and agreeing):
                tabs.append(start)
        if not tabs or len(tabs) * 2 < len(open_gaps) or sum(1 for word in text.split() if _WORD.match(word)) > 6:
            continue  # (a line of prose under a table: one of its spaces may meet a column's edge)
        out = list(text)
        for start in tabs:
            out[start] = "\t"
        result[i] = rows[i]._replace(text="".join(out))
    return result


_WORD = re.compile(r"[^\W\d_]{2}")  # a word of prose (not '36x', '+2')
_FIGURE_ROW = re.compile(r"[^\t\d]*\d[^\t]*(?:\t[^\t]+){2,}")  # a table's row: three cells or more, figures among them


def _table_heads(rows: list[Row], cells: dict[int, list[tuple]], chars: _Characters) -> list[Row]:
    """The rows with a table's head that the typesetter wrote cell by cell, its titles wrapped over several lines
    ('Num-' / 'ber of' / 'players' … 'Wood,' / 'stone' …), made one row of cells above the table: each word of the
    lines right above its rows goes to the column whose gap bounds it (the gaps of the table's row with most cells),
    a column's words read top to bottom."""
    figures = [row.text.count("\t") >= 2 and _FIGURE_ROW.fullmatch(row.text.strip()) is not None for row in rows]
    if sum(figures) < 2:
        return rows
    result = list(rows)
    dropped: set[int] = set()
    i = 0
    while i < len(rows):
        if not (figures[i] and i + 1 < len(rows) and figures[i + 1]):
            i += 1
            continue
        end = i
        while end + 1 < len(rows) and figures[end + 1]:
            end += 1
        widest = max(range(i, end + 1), key=lambda j: rows[j].text.count("\t"))
        bounds = sorted(gap_end - (gap_end - gap_start) / 4 for start, gap_start, gap_end, _ in cells.get(widest, ())
                        if rows[widest].text[start] == "\t")  # (nearer the next column's start: a title set flush
        # right or justified in its cell stays in it)
        left = min(rows[j].box.left for j in range(i, end + 1))
        right = max(rows[j].box.right for j in range(i, end + 1))
        head = []
        j = i - 1
        while j >= 0 and len(head) < 12 and rows[j].box is not None and rows[j].text.strip() and not re.search(r"\d", rows[j].text) \
                and rows[j].box.left >= left - 10 and rows[j].box.right <= right + (right - left) / 2 \
                and not rows[j].text.rstrip().endswith((":", ".", ";")) and rows[j].box.last_baseline - rows[i].box.first_baseline < 48:
            # (within the table's width, a last title overhanging it; a sentence's end is the text above the table)
            head.append(j)
            j -= 1
        if len(head) >= 2 and bounds:
            words: list[tuple[int, float, float, str]] = []  # (column, baseline, x, word)
            for j in head:
                row = rows[j]
                for word in re.finditer(r"\S+", row.text):
                    first, last = chars.box(row.at + word.start()), chars.box(row.at + word.end() - 1)
                    middle = (first[0] + last[2]) / 2
                    words.append((sum(1 for bound in bounds if bound < middle), chars.baseline(row.at + word.start()), first[0], word.group()))
            titles = []
            for column in range(len(bounds) + 1):
                title = ""
                for _, _, _, word in sorted((w for w in words if w[0] == column), key=lambda w: (-round(w[1]), w[2])):
                    title = title[:-1] + word if re.search(r"[^\W\d_][-‐]$", title) and word[:1].islower() else f"{title} {word}".strip()
                titles.append(title)
            if sum(1 for title in titles if title) >= 2:
                top = max(head, key=lambda j: rows[j].box.first_baseline)
                box = rows[top].box._replace(left=left, right=right, last_baseline=min(rows[j].box.last_baseline for j in head))
                result[min(head)] = Row("\t".join(titles), box, None)
                dropped |= set(head) - {min(head)}
        i = end + 1
    return [row for at, row in enumerate(result) if at not in dropped]


def _markers_on_their_lines(rows: list[Row]) -> list[Row]:
    """The page's rows with each list marker drawn apart from its item's text (a bullet or '3.' that the PDF's
    maker wrote after the page's text, as browsers and HTML typesetters do) put back in front of its item: the
    row on the same baseline that starts just right of it."""
    rows = [piece for row in rows for piece in _markers_apart(row)]
    markers = {i for i, row in enumerate(rows) if row.box is not None and _MARKER.fullmatch(row.text.strip())}
    if not markers:
        return rows
    by_baseline: dict[int, list[int]] = {}  # the rows that may take a marker, by their baseline to the point
    for j, row in enumerate(rows):
        if row.box is not None and j not in markers and row.text.strip():
            by_baseline.setdefault(round(row.box.first_baseline), []).append(j)
    taken: dict[int, int] = {}  # item row -> marker row
    for i in sorted(markers):
        marker = rows[i].box
        middle = (marker.top + marker.bottom) / 2
        reach = 3 * (marker.top - marker.bottom + 2)  # how far right of the marker its item's text may start
        near = (j for line in range(round(marker.first_baseline) - 3, round(marker.first_baseline) + 4)
                for j in by_baseline.get(line, ()))
        fits = [j for j in near if j not in taken and rows[j].box.bottom - 1 <= middle <= rows[j].box.top + 1
                and 0 <= rows[j].box.left - marker.right <= reach]
        if fits:
            taken[min(fits, key=lambda j: rows[j].box.left)] = i
    if not taken:
        return rows
    used = set(taken.values())
    result = []
    for j, row in enumerate(rows):
        if j in used:
            continue
        if j in taken:
            marker = rows[taken[j]]
            lead = f"{marker.text.strip()} "
            shift = len(lead) - (len(row.text) - len(row.text.lstrip()))
            gutter = (row.gutter[0] + shift, *row.gutter[1:]) if row.gutter else None  # (the gap between columns, moved)
            row = Row(lead + row.text.lstrip(), row.box._replace(left=marker.box.left), gutter)
        result.append(row)
    return result


def _markers_apart(row: Row) -> list[Row]:
    """A row that pdfium ran together from a marker and the text across the gap after it ('•' + another column's
    line on the same baseline) as two rows: the marker, and the text with its own left edge. Other rows as they are.
    (Three columns' markers run together, '•\t•\t•', stay as they are: where each stands is not known here.)"""
    text, box, gutter = row.text, row.box, row.gutter
    if box is None or gutter is None or not _MARKER.fullmatch(text[:gutter[0]].strip()):
        return [row]
    at, gap_left, gap_right = gutter
    return [Row(text[:at].strip(), box._replace(right=gap_left), None), Row(text[at:].strip(), box._replace(left=gap_right), None)]


def _headings_marked(rows: list[Row]) -> list[Row]:
    """The rows with each line set a sixth larger than the page's body text (or more) marked as a heading the way
    Markdown marks one ('## Game Materials'): the sections a typeset rulebook shows by type size alone. Not a
    list's item, a table's row, a sentence, nor a run of three lines or more at that size (a lead paragraph)."""
    if not any(row.box is not None for row in rows):
        return rows
    body = _body_size([row.box for row in rows if row.box is not None], [row.text for row in rows if row.box is not None])
    large = [row.box is not None and row.box.size >= body * _HEADING_SIZE for row in rows]
    result = []
    for i, row in enumerate(rows):
        text = row.text
        run = 1 + sum(1 for _ in _same_size(rows, large, i, -1)) + sum(1 for _ in _same_size(rows, large, i, 1))
        if large[i] and run <= 2 and len(text.split()) <= 10 and re.search(r"[^\W\d_]", text) and "\t" not in text \
                and not _MARKER.match(text.strip().split(" ")[0] + " ") and not text.rstrip().endswith((".", ",", ";")):
            row = Row("## " + text.lstrip(), row.box, None)
        result.append(row)
    return result


def _body_size(boxes: list[Box], texts: list[str] | None = None) -> float:
    """The type size most of the page's text is set in (by letters where the lines' texts are given, else by lines)."""
    weight: dict[float, int] = {}
    for at, box in enumerate(boxes):
        size = round(box.size, 1)
        weight[size] = weight.get(size, 0) + (len(texts[at].strip()) if texts else 1)
    return max(weight, key=weight.get) if weight else 10.0


def _same_size(rows: list[Row], large: list[bool], i: int, step: int):
    """The large rows next to row `i` (going `step`), set at its size, one after the other."""
    j = i + step
    while 0 <= j < len(rows) and large[j] and abs(rows[j].box.size - rows[i].box.size) < 0.3:
        yield j
        j += step


def _column_edges(lefts: list[float], width: float) -> list[float]:
    """The left edges of a page's columns: where at least two lines start, each far (a fifth of the page) right of
    the edge before it; a line nearer than that to an edge is indented within that edge's column."""
    groups: list[list[float]] = []
    for x in sorted(lefts):
        if groups and x - groups[-1][-1] <= 1.5:
            groups[-1].append(x)
        else:
            groups.append([x])
    edges: list[float] = []
    for group in groups:
        if len(group) >= 2 and (not edges or group[0] - edges[-1] >= width / 5):
            edges.append(group[0])
    return edges or [min(lefts)]


def _indented(lines: list[tuple[str, Box | None]], width: float) -> list[tuple[str, Box | None]]:
    """Each line indented by as many spaces as it stands right of its column's left edge (a third of the line
    spacing a space): a nested list item or an item's description keeps its place under its parent."""
    lefts = [box.left for _, box in lines if box is not None]
    if not lefts:
        return lines
    edges = _column_edges(lefts, width)
    tops = [box.top for _, box in lines if box is not None]
    steps = [a - b for a, b in zip(tops, tops[1:]) if 0 < a - b < 40]
    space = (sorted(steps)[len(steps) // 2] if steps else 12.0) * 0.3  # about one narrow letter of the body text
    result = []
    for line, box in lines:
        if box is None or not line.strip():
            result.append((line, box))
            continue
        edge = max((x for x in edges if x <= box.left + 1.5), default=min(lefts))
        depth = round((box.left - edge) / space)
        result.append((" " * depth + line.lstrip() if depth >= 2 else line.lstrip(), box))
    return result


def _paragraphs_apart(lines: list[tuple[str, Box | None]]) -> list[str]:
    """The lines, with an empty line where the text leaves more room above a line than between the lines of a
    paragraph (over a third of a line more than the page's step between lines, measured from baseline to
    baseline): the breaks a typeset page shows by space alone. Not where the text goes back up the page: a
    paragraph runs on into the next column."""
    boxes = [box for _, box in lines if box is not None]
    steps = sorted(a.first_baseline - b.first_baseline for a, b in zip(boxes, boxes[1:]) if 0 < a.first_baseline - b.first_baseline < 40)
    step = steps[len(steps) // 4] if steps else None  # (the lower quartile: a page of short paragraphs has as many
    # steps between paragraphs as within them)
    body = _body_size(boxes)
    result: list[str] = []
    above = None
    for text, box in lines:
        if box is not None and above is not None and step is not None and result and result[-1].strip() \
                and above - box.first_baseline > step * _PARAGRAPH_STEP * max(1.0, box.size / body):  # (a line set
            result.append("")  # larger than the body text has its own, wider step)
        result.append(text)
        if box is not None:
            above = box.last_baseline
    return result


def _reading_order(lines: list[tuple[str, Box | None]], width: float) -> list[str]:
    """Two columns read across (left, right, left, …) become the left column, then the right, band by band;
    a line across the gutter (a heading over both) ends a band."""
    middle = width / 2
    sides = ["left" if box and box.right < middle else "right" if box and box.left > middle else "across" if box else "blank"
             for _, box in lines]
    switches = sum(1 for a, b in zip(sides, sides[1:]) if {a, b} == {"left", "right"})
    if switches < 4:  # one column, or columns already one after the other
        return _paragraphs_apart(lines)
    ordered, band = [], []

    def flush() -> None:
        band.sort(key=lambda item: (item[1] == "right", -item[2]))
        ordered.extend(text for text, _, _ in band)
        band.clear()

    for (text, box), side in zip(lines, sides):
        if side == "across":
            flush()
            ordered.append(text)
        elif side != "blank":
            band.append((text, side, box.top))
    flush()
    return ordered


class _Characters:
    """A page's characters, asked of pdfium by index: box, baseline, type size. Each C function is called through a
    pointer to it declared without argument types, given the page's handle and out-values made once for the page:
    pypdfium2's own wrappers make new out-values a call and have ctypes check and convert every argument of every
    call (a page of prose asks for some 1200 boxes: a third of reading a PDF's text went to the calls)."""

    def __init__(self, textpage) -> None:
        import ctypes

        import pypdfium2.raw as pdfium_c

        self._page = ctypes.c_void_p(ctypes.cast(textpage.raw, ctypes.c_void_p).value)
        self._values = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()  # left, bottom, right, top
        left, bottom, right, top = self._values
        self._box_out = tuple(ctypes.byref(value) for value in (left, right, bottom, top))  # (pdfium's order)
        self._origin_out = (ctypes.byref(left), ctypes.byref(bottom))
        self._matrix = pdfium_c.FS_MATRIX()
        self._get_box = _unchecked(pdfium_c.FPDFText_GetCharBox)
        self._get_origin = _unchecked(pdfium_c.FPDFText_GetCharOrigin)
        self._get_size = _unchecked(pdfium_c.FPDFText_GetFontSize, ctypes.c_double)
        self._get_matrix = _unchecked(pdfium_c.FPDFText_GetMatrix)
        self._matrix_out = ctypes.byref(self._matrix)

    @property
    def raw(self):
        """What `box` asks pdfium with, for a loop over many characters: the function, the page, the out-values to
        pass and the values they fill (left, bottom, right, top)."""
        return self._get_box, self._page, self._box_out, self._values

    def box(self, index: int) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the character's glyph."""
        if not self._get_box(self._page, index, *self._box_out):
            _no_charbox()
        left, bottom, right, top = self._values
        return left.value, bottom.value, right.value, top.value

    def baseline(self, index: int) -> float:
        """The y of the character's origin: its line's baseline, whatever the letter's height ('.' or 'T')."""
        if not self._get_origin(self._page, index, *self._origin_out):
            _no_charbox()
        return self._values[1].value

    def size(self, index: int) -> float:
        """The character's type size as it shows on the page: the font's size times the text matrix's vertical scale
        (a PDF may set every font at 1 point and scale it by its matrix)."""
        size = self._get_size(self._page, index)
        if self._get_matrix(self._page, index, self._matrix_out):
            size *= hypot(self._matrix.c, self._matrix.d) or 1.0
        return size



def _no_charbox():
    from pypdfium2 import PdfiumError

    raise PdfiumError("Failed to get charbox.")  # as pypdfium2's own get_charbox does


_UNCHECKED: dict = {}


def _unchecked(function, returns=None):
    """The C function `function` (a ctypes function of pypdfium2's) as a pointer of its own with no argument
    types: ctypes passes the arguments as they are (a c_void_p, an int, byref out-values), and returns its int (or
    the `returns` ctypes type)."""
    import ctypes

    key = (function.__name__, returns)
    made = _UNCHECKED.get(key)
    if made is None:
        made = ctypes.CFUNCTYPE(returns or ctypes.c_int)(ctypes.cast(function, ctypes.c_void_p).value)
        made.argtypes = None
        _UNCHECKED[key] = made
    return made
