"""Read a rulebook file of any usual kind (.txt, .md, .html/.htm, .pdf) into one text whose lines the reader
numbers, plus where each line came from (`rules.pdf:p4:12`, `rules.html:57`). Entry point: read_rulebook.

Quotes are substrings of this text. For text and Markdown it is the file itself (a text laid out in columns has
its columns one after the other, each line a piece of a line of the file); for HTML, the page's text with one line
per block (tags removed, entities decoded), except that Markdown with HTML in it (a table, `<br>` breaks), named
.md or .html, keeps every line of the file with its tags removed; for PDF, the page's text lines in reading order,
columns put back one after the other (pdfium gives every text run with its box)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from .columns import split_columns
from .layout import BULLET_GLYPHS

MAX_RULEBOOK_BYTES = 20 * 2**20  # text rulebooks are under 1 MB; a 100-page PDF with pictures can be 15
MAX_PDF_PAGES = 400


@dataclass(frozen=True)
class RulebookSource:
    """A rulebook's text and, per line (0-based index), where that line is in the file the user has."""

    text: str
    label: str
    line_origins: tuple[str, ...] = ()  # empty: line N of the text is line N of the file
    pieces_of_file_lines: bool = False  # every line of the text is a piece of the file's line its origin names

    def where(self, line: int) -> str:
        """'rules.pdf:p4:12' for 1-based line `line` of the text."""
        if self.line_origins and 1 <= line <= len(self.line_origins):
            return f"{self.label}:{self.line_origins[line - 1]}"
        return f"{self.label}:{line}"

    def where_in_file(self, file_line: int) -> str:
        """Like `where`, for a line number `file_reading` gave (already the file's own for a text in columns)."""
        return f"{self.label}:{self.place(file_line)}"

    def place(self, file_line: int) -> str:
        """`where_in_file` without the file's name: '57', 'p4:12'."""
        if not self.pieces_of_file_lines and self.line_origins and 1 <= file_line <= len(self.line_origins):
            return self.line_origins[file_line - 1]
        return str(file_line)

    def line_in_file(self, line: int) -> int:
        """The file's line that line `line` of the text is (a piece of); for PDF and HTML, the text's own line."""
        if self.pieces_of_file_lines and 1 <= line <= len(self.line_origins):
            return int(self.line_origins[line - 1])
        return line


def read_rulebook(path: Path) -> RulebookSource:
    """The rulebook at `path` as text; RulebookError for what cannot be a rulebook (a folder, binary data…)."""
    from generator.errors import RulebookError
    from generator.paths import shown

    label = shown(path)
    if path.is_dir():
        raise RulebookError(f"the rulebook {label} is a folder; name the rulebook's file (.txt, .md, .html or .pdf)")
    if path.exists() and not path.is_file():
        raise RulebookError(f"the rulebook {label} is not a regular file")
    try:
        if path.stat().st_size > MAX_RULEBOOK_BYTES:
            raise RulebookError(f"the rulebook {label} is larger than {MAX_RULEBOOK_BYTES // 2**20} MiB")
        data = path.read_bytes()
    except OSError as error:
        raise RulebookError(f"cannot read the rulebook {label}: {error.strerror or error}") from None
    if data.startswith(b"%PDF-"):
        return _pdf_source(data, label)
    if path.suffix.lower() == ".pdf":
        raise RulebookError(f"the rulebook {label} is named .pdf but is not a PDF (it does not start with %PDF-)")
    return source_of_text(_decode(data, label), label, path.suffix)


def source_of_text(text: str, label: str, suffix: str = ".txt") -> RulebookSource:
    """A rulebook given as a string: HTML (by its suffix or its first tag) becomes its text, its lines ended by LF
    (line_ends: a CR with a blank beside it among LF lines is a gap between words, kept in the quotes)."""
    text = line_ends(text)
    suffix = suffix.lower()
    markdown = suffix in {".md", ".markdown"}
    if re.match(r"\s*(<!doctype html|<html)", text[:200], re.I):
        return _html_source(text, label)
    if suffix in {".html", ".htm", ".xhtml"}:
        return _html_source(text, label, keep_lines=_marked_down(text))
    if markdown and _HTML_BLOCK.search(_CODE.sub("", text)):  # Markdown with HTML in it (a table, line breaks): the tags go
        return _html_source(_AUTOLINK.sub(r"\1", text), label, keep_lines=True)
    columns = None if markdown or suffix == ".rst" else split_columns(text)
    if columns is not None:  # a page laid out in columns (pdftotext -layout): one column after the other
        return RulebookSource(columns[0], label, tuple(str(number) for number in columns[1]), pieces_of_file_lines=True)
    return RulebookSource(text, label)


_CR_ENDING_A_LINE = re.compile(r"(?<![ \t\xa0])\r(?![ \t\xa0\n])")


def line_ends(text: str) -> str:
    """The text with its lines ended by LF: CRLF and a lone CR end a line, but not a CR with a blank beside it in a
    text that has LF lines ('30\t\r Customer\t\r Cards': some PDF exports put one between words)."""
    text = text.replace("\r\n", "\n")
    return _CR_ENDING_A_LINE.sub("\n", text) if "\n" in text else text.replace("\r", "\n")


def read_rulebook_text(path: Path) -> str:
    """Only the text of `read_rulebook`."""
    return read_rulebook(path).text


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _decode(data: bytes, label: str) -> str:
    from generator.errors import RulebookError

    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    nuls = data.count(b"\x00")
    if nuls and (b"\x00" in data[:1024] or nuls * 200 > len(data) or not _is_utf8(data)):  # (a few NULs a PDF's text kept in
        # UTF-8 are text still; text followed by compressed data is not)
        raise RulebookError(f"the rulebook {label} is not a text file (it holds binary data); give the rulebook "
                            "as .txt, .md, .html or .pdf")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # older web pages and Windows exports


# --- HTML -------------------------------------------------------------------------------------------------

_BLOCK_TAGS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "section",
               "article", "header", "footer", "dd", "dt", "dl", "blockquote", "pre", "hr", "caption", "figcaption",
               "main", "nav", "aside", "thead", "tbody", "title", "center"}
_SKIPPED_TAGS = {"script", "style", "noscript", "template", "svg", "head"}


class _TextOfHtml(HTMLParser):
    """Collects a page's text, one line per block, remembering each line's first source line."""

    def __init__(self, keep_lines: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = [""]
        self.origins: list[int] = [1]
        self.skipping = 0
        self.in_pre = 0
        self.keep_lines = keep_lines
        self.depth = 0  # nesting of lists: a nested item is indented, as a text list would be
        self.term_ended = False  # a definition list's term just closed: its description joins it ('Villages: 16')

    def _newline(self) -> None:
        if self.lines[-1].strip():
            self.lines.append("")
            self.origins.append(self.getpos()[0])

    def handle_starttag(self, tag, attrs):
        joined, self.term_ended = tag == "dd" and self.term_ended and self.lines[-1].strip(), False
        if joined:
            self.lines[-1] = self.lines[-1].rstrip().rstrip(":") + ": "
        elif tag in _SKIPPED_TAGS and tag != "head":
            self.skipping += 1
        elif tag in _BLOCK_TAGS:
            self._newline()
            self.depth += tag in {"ul", "ol"}
            if tag == "li":
                self.lines[-1] = "    " * max(0, self.depth - 1) + "• "
                self.origins[-1] = self.getpos()[0]
            self.in_pre += tag == "pre"
        elif tag in {"td", "th"} and self.lines[-1].strip():
            self.lines[-1] += "\t"

    def handle_startendtag(self, tag, attrs):
        if tag in {"br", "hr"}:
            self._newline()

    def handle_endtag(self, tag):
        if tag == "dt":
            self.term_ended = True
        elif tag in _SKIPPED_TAGS and tag != "head":
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCK_TAGS:
            self.in_pre -= tag == "pre" and self.in_pre > 0
            self.depth -= tag in {"ul", "ol"} and self.depth > 0
            self._newline()

    def handle_data(self, data):
        if self.skipping:
            return
        if data.strip():
            self.term_ended = False
        if self.keep_lines:  # every line break kept, blank lines too (they part paragraphs)
            for i, part in enumerate(data.split("\n")):
                if i:
                    self.lines.append("")
                    self.origins.append(self.getpos()[0] + i)
                self.lines[-1] += part
            return
        if self.in_pre:
            parts = data.split("\n")
            for i, part in enumerate(parts):
                if i:
                    self._newline() if self.lines[-1].strip() else None
                    self.origins[-1] = self.getpos()[0] + i
                self.lines[-1] += part
            return
        if not self.lines[-1].strip():
            self.origins[-1] = self.getpos()[0] + data[: len(data) - len(data.lstrip())].count("\n")
        self.lines[-1] += re.sub(r"\s+", " ", data) if self.lines[-1].strip() else re.sub(r"\s+", " ", data).lstrip()


_CODE = re.compile(r"```.*?```|~~~.*?~~~|`[^`\n]*`", re.S)  # code, whose tags are text
_AUTOLINK = re.compile(r"<((?:https?|mailto|ftp):[^\s<>]+)>")  # '<https://…>': a link in Markdown, not a tag
_HTML_BLOCK = re.compile(r"</?(?:table|thead|tbody|tr|td|th|caption|br|hr|p|div|ul|ol|li|dl|dt|dd|h[1-6]|figure|figcaption|img"
                         r"|section|article|header|footer|aside|blockquote|details|summary|center)\b[^>]*>", re.I)
# (a figure's caption is as common in Markdown as a table; an inline tag alone, '<b>20</b>', leaves it Markdown, whose
# '<Faction>' placeholders an HTML parser would swallow)
_PAGE_TAGS = re.compile(r"<(?:html|body|head|p|div|li|h[1-6])\b", re.I)
_MARKDOWN_LINE = re.compile(r"^ {0,3}(?:#{1,6}\s|[-*+]\s|\d{1,2}[.)]\s)", re.M)


def _marked_down(text: str) -> bool:
    """An .html file that is Markdown with a few tags in it (a table, an image), as a site's page source often is:
    no page structure of its own, headings and list items marked at line starts. Its lines are its structure."""
    return _PAGE_TAGS.search(text) is None and len(_MARKDOWN_LINE.findall(text)) >= 2


def _html_source(text: str, label: str, keep_lines: bool = False) -> RulebookSource:
    """The page's text, a line per block; with `keep_lines` (Markdown holding HTML) every line of the file is a
    line too, as in <pre>, and the tags only add breaks and cells."""
    parser = _TextOfHtml(keep_lines)
    # server-side directives ('<%@ page … %>', '<?php … ?>') are the page's machinery, not its text
    text = re.sub(r"<%.*?%>|<\?(?!xml).*?\?>", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    parser.feed(text)
    parser.close()
    lines = [html.unescape(line).rstrip() for line in parser.lines]
    kept = [(line, origin) for line, origin in zip(lines, parser.origins)]
    return RulebookSource("\n".join(line for line, _ in kept), label, tuple(str(origin) for _, origin in kept))


# --- PDF --------------------------------------------------------------------------------------------------

def _pdf_source(data: bytes, label: str) -> RulebookSource:
    from generator.errors import RulebookError

    try:
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument(data)
    except Exception as error:  # pdfium raises its own PdfiumError for every malformed file
        raise RulebookError(f"cannot read the rulebook {label} as a PDF: {error}") from None
    lines: list[str] = []
    origins: list[str] = []
    try:
        if len(document) > MAX_PDF_PAGES:
            raise RulebookError(f"the rulebook {label} has {len(document)} pages; pnpgen reads at most {MAX_PDF_PAGES}")
        for number in range(len(document)):
            page = document[number]
            textpage = page.get_textpage()
            page_lines = _page_lines(textpage, page.get_width())
            at = 0  # the line's number on its page, as a reader counts them: lines of text only
            for line in page_lines:
                at += bool(line.strip())
                lines.append(line)
                origins.append(f"p{number + 1}:{max(at, 1)}")
            lines.append("")  # a page break ends a paragraph
            origins.append(f"p{number + 1}:{at + 1}")
            textpage.close()
            page.close()
    finally:
        document.close()
    if not any(line.strip() for line in lines):
        raise RulebookError(f"the rulebook {label} has no text layer (a scan?); give its text as .txt")
    return RulebookSource("\n".join(lines), label, tuple(origins))


def _page_lines(textpage, width: float) -> list[str]:
    """A page's text lines in reading order: pdfium's order, except that a page set in two columns whose text
    runs across them (row by row) is put back one column after the other. A wide gap between two words on a
    line (a table's next column, a leader's place) becomes a tab."""
    count = textpage.count_chars()
    text = textpage.get_text_range(0, count) if count else ""
    text = text.replace("\x02", "-").replace("\ufffe", "-").replace("\x00", "")
    measured = len(text) == count
    charbox = _charboxes(textpage)
    rows = []  # (text, (left, right, top) or None, the gap across the page's middle or None)
    cells: dict[int, list[tuple[int, float, float, bool]]] = {}  # a row's gaps too narrow for a tab on their own
    sizes: list[tuple[float, int]] = []  # each row's type size (its first letter's) and length
    offset = 0
    middle = width / 2
    for line, newline in zip(*[iter(_LINE_BREAK.split(text) + [""])] * 2):
        box, gutter, raw_length = None, None, len(line)
        if measured and line.strip():
            first = offset + len(line) - len(line.lstrip())
            last = offset + len(line.rstrip()) - 1
            left, bottom, _, top = charbox(first)
            _, _, right, _ = charbox(last)
            box = (left, right, top, bottom, charbox.baseline(first), charbox.baseline(last))  # (the last letter's
            # baseline: a line pdfium ran on from the one above ends lower than it starts)
            sizes.append((charbox.size(first), len(line.strip())))
            if " " in line:
                line, gaps, narrow = _columns(charbox, line, offset)
                if len(gaps) == 1 and gaps[0][1] < middle < gaps[0][2]:
                    gutter = gaps[0]  # prose of two columns on one baseline (a table row has more gaps)
                if narrow:
                    cells[len(rows)] = narrow
            if line.rstrip() != line:
                cells.pop(len(rows), None)
        rows.append((line.rstrip(), box, gutter))
        offset += raw_length + len(newline)
    rows = _headings_marked(rows, sizes)
    if cells:
        rows = _table_cells(rows, cells)
    rows = _markers_on_their_lines(rows)
    two_columns = sum(1 for _, _, gutter in rows if gutter) >= 4
    lines: list[tuple[str, tuple[float, float, float] | None]] = []
    for line, box, gutter in rows:
        if two_columns and gutter is not None:
            at, gap_left, gap_right = gutter
            lines.append((line[:at].rstrip(), (box[0], gap_left, box[2])))
            lines.append((line[at:].strip(), (gap_right, box[1], box[2])))
        else:
            lines.append((line, box))
    lines = _indented(lines, width)
    return _reading_order(lines, width) if two_columns else _paragraphs_apart(lines)


def _paragraphs_apart(lines: list[tuple[str, tuple | None]]) -> list[str]:
    """The lines, with an empty line where the text leaves more room above a line than between the lines of a
    paragraph (a third of a line more than the page's step between lines): the breaks a typeset page shows by space
    alone.
    (Not where the text goes back up the page: a paragraph runs on into the next column.)"""
    baselines = [box[4] for _, box in lines if box is not None and len(box) > 4]
    steps = sorted(a - b for a, b in zip(baselines, baselines[1:]) if 0 < a - b < 40)
    step = steps[len(steps) // 4] if steps else None  # (the lower quartile: a page of short paragraphs has as many
    # steps between paragraphs as within them)
    result: list[str] = []
    above = None
    for text, box in lines:
        if box is not None and len(box) > 4 and above is not None and step is not None and result and result[-1].strip():
            if above - box[4] > step * 1.35:
                result.append("")
        result.append(text)
        if box is not None and len(box) > 4:
            above = box[5]
    return result


_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")
_SPACES = re.compile(r"(?<=\S) +(?=\S)")  # spaces between two words: each may stand for a wide gap


_MARKER = re.compile(r"[" + re.escape(BULLET_GLYPHS) + r"]|\d{1,2}[.)]|[a-zA-Z][.)]")  # a list item's bullet or number


def _markers_on_their_lines(rows: list) -> list:
    """The page's rows with each list marker drawn apart from its item's text (a bullet or '3.' that the PDF's
    maker wrote after the page's text, as browsers and HTML typesetters do) put back in front of its item: the
    row on the same baseline that starts just right of it."""
    if any(gutter and _MARKER.fullmatch(text[:gutter[0]].strip()) for text, _, gutter in rows):
        rows = [piece for row in rows for piece in _marker_apart(row)]
    markers = [i for i, (text, box, _) in enumerate(rows) if box is not None and _MARKER.fullmatch(text.strip())]
    if not markers:
        return rows
    taken: dict[int, int] = {}  # item row -> marker row
    for i in markers:
        _, right, top, bottom = rows[i][1][:4]
        middle = (top + bottom) / 2
        best = None
        for j, (text, box, _) in enumerate(rows):
            if box is None or j == i or j in taken or j in markers or not text.strip():
                continue
            if box[3] - 1 <= middle <= box[2] + 1 and 0 <= box[0] - right <= 3 * (top - bottom + 2):
                if best is None or box[0] < rows[best][1][0]:
                    best = j
        if best is not None:
            taken[best] = i
    if not taken:
        return rows
    result = []
    for j, (text, box, gutter) in enumerate(rows):
        if j in taken.values():
            continue
        if j in taken:
            marker_text, marker_box, _ = rows[taken[j]]
            lead = f"{marker_text.strip()} "
            shift = len(lead) - (len(text) - len(text.lstrip()))
            text = lead + text.lstrip()
            box = (marker_box[0], *box[1:])
            gutter = (gutter[0] + shift, *gutter[1:]) if gutter else None  # (the gap between columns, where it now is)
        result.append((text, box, gutter))
    return result


def _headings_marked(rows: list, sizes: list[tuple[float, int]]) -> list:
    """The rows with each line set larger than the page's body text (a sixth larger or more) and short (a title, not
    a paragraph) marked as a heading the way Markdown marks one ('## Game Materials'): the sections a typeset
    rulebook shows by type size alone."""
    if not sizes:
        return rows
    weight: dict[float, int] = {}
    for size, length in sizes:
        weight[round(size, 1)] = weight.get(round(size, 1), 0) + length
    body = max(weight, key=weight.get)
    sized = iter(sizes)
    result = []
    for text, box, gutter in rows:
        size = next(sized)[0] if box is not None else 0.0
        if box is not None and size >= body * 1.16 and len(text.split()) <= 10 and re.search(r"[^\W\d_]", text) \
                and not gutter and not text.rstrip().endswith((".", ",", ";")):
            text = "## " + text.lstrip()
            gutter = None
        result.append((text, box, gutter))
    return result


def _marker_apart(row: tuple) -> list[tuple]:
    """A row that pdfium ran together from a marker and the text across the gap after it ('•' + another column's
    line on the same baseline) as two rows: the marker, and the text with its own left edge."""
    text, box, gutter = row
    if not gutter or not _MARKER.fullmatch(text[:gutter[0]].strip()):
        return [row]
    at, gap_left, gap_right = gutter
    return [(text[:at].strip(), (box[0], gap_left, *box[2:5], box[4]), None), (text[at:].strip(), (gap_right, *box[1:]), None)]


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


def _indented(lines: list[tuple[str, tuple | None]], width: float) -> list[tuple[str, tuple | None]]:
    """Each line indented by as many spaces as it stands right of its column's left edge (a third of the line
    spacing a space): a nested list item or an item's description keeps its place under its parent."""
    lefts = [box[0] for _, box in lines if box is not None]
    if not lefts:
        return lines
    edges = _column_edges(lefts, width)
    tops = [box[2] for _, box in lines if box is not None]
    steps = [a - b for a, b in zip(tops, tops[1:]) if 0 < a - b < 40]
    space = (sorted(steps)[len(steps) // 2] if steps else 12.0) * 0.3  # about one narrow letter of the body text
    result = []
    for line, box in lines:
        if box is None or not line.strip():
            result.append((line, box))
            continue
        edge = max((x for x in edges if x <= box[0] + 1.5), default=min(lefts))
        depth = round((box[0] - edge) / space)
        result.append((" " * depth + line.lstrip() if depth >= 2 else line.lstrip(), box))
    return result


def _reading_order(lines: list[tuple[str, tuple[float, float, float] | None]], width: float) -> list[str]:
    """Two columns read across (left, right, left, …) become the left column, then the right, band by band;
    a line across the gutter (a heading over both) ends a band."""
    middle = width / 2
    sides = ["left" if box and box[1] < middle else "right" if box and box[0] > middle else "across" if box else "blank"
             for _, box in lines]
    switches = sum(1 for a, b in zip(sides, sides[1:]) if {a, b} == {"left", "right"})
    if switches < 4:  # one column, or columns already one after the other
        return [text for text, _ in lines]
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
            band.append((text, side, box[2]))
    flush()
    return ordered


def _charboxes(textpage):
    """A character's box (left, bottom, right, top) by its index, with the means of asking for it (`.raw`, for
    `_columns`). pdfium's FPDFText_GetCharBox is called through a pointer to it declared without argument types,
    given the page's handle and four out-values made once for the page: pypdfium2's get_charbox makes four new
    ones a call, and even its own declaration of the function has ctypes check and convert every argument of
    every call (a page of prose asks for some 1200 boxes: a third of reading a PDF's text went to the calls)."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    values = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()  # left, bottom, right, top
    left, bottom, right, top = values
    get = _unchecked(pdfium_c.FPDFText_GetCharBox)
    page = ctypes.c_void_p(ctypes.cast(textpage.raw, ctypes.c_void_p).value)
    out_left, out_right, out_bottom, out_top = (ctypes.byref(value) for value in (left, right, bottom, top))

    def charbox(index: int) -> tuple[float, float, float, float]:
        if not get(page, index, out_left, out_right, out_bottom, out_top):  # (pdfium's order: left, right, bottom, top)
            _no_charbox()
        return left.value, bottom.value, right.value, top.value

    get_origin = _unchecked(pdfium_c.FPDFText_GetCharOrigin)
    out_x, out_y = ctypes.byref(left), ctypes.byref(bottom)

    def baseline(index: int) -> float:
        """The y of the character's origin: its line's baseline, whatever the letter's height ('.' or 'T')."""
        if not get_origin(page, index, out_x, out_y):
            _no_charbox()
        return bottom.value
    charbox.raw = (get, page, (out_left, out_right, out_bottom, out_top), values)
    charbox.baseline = baseline
    charbox.size = lambda index: pdfium_c.FPDFText_GetFontSize(textpage.raw, index)
    return charbox


def _no_charbox():
    from pypdfium2 import PdfiumError

    raise PdfiumError("Failed to get charbox.")  # as pypdfium2's own get_charbox does


_UNCHECKED: dict = {}


def _unchecked(function):
    """The C function `function` (a ctypes function of pypdfium2's) as a pointer of its own with no argument
    types: ctypes passes the arguments as they are (a c_void_p, an int, byref out-values), and returns its int."""
    import ctypes

    made = _UNCHECKED.get(function.__name__)
    if made is None:
        made = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.cast(function, ctypes.c_void_p).value)
        made.argtypes = None
        _UNCHECKED[function.__name__] = made
    return made


def _columns(charbox, line: str, offset: int) -> tuple[str, list[tuple[int, float, float]], list[tuple]]:
    """The line with every space that stands for a wide gap (more than about two letters) turned into a tab,
    and those gaps as (index in the line, x where the gap starts, x where it ends); and the gaps wider than a
    word's space but not that wide (index, start, end, whether a number follows), which are a table's cells
    where the rows around agree (_table_cells). The boxes on both sides of every space are asked of pdfium here
    directly (charbox's own calls, without a tuple made for each)."""
    get, page, (out_left, out_right, out_bottom, out_top), (left, bottom, right, top) = charbox.raw
    gaps, narrow = [], []
    for space in _SPACES.finditer(line):
        start, end = space.span()
        if not get(page, offset + start - 1, out_left, out_right, out_bottom, out_top):
            _no_charbox()
        gap_start, height = right.value, top.value - bottom.value
        if not get(page, offset + end, out_left, out_right, out_bottom, out_top):
            _no_charbox()
        gap_end = left.value
        letter = max(height, top.value - bottom.value, 1.0)
        if gap_end - gap_start > letter * 1.8:
            gaps.append((start, gap_start, gap_end))
        elif gap_end - gap_start > letter * 0.9:
            narrow.append((start, gap_start, gap_end, line[end:end + 1].isdigit() or line[end:end + 1] in "+-$£€"))
    if gaps:
        out = list(line)
        for start, _, _ in gaps:
            out[start] = "\t"
        line = "".join(out)
    if narrow or gaps:
        narrow += [(start, gap_start, gap_end, line[start + 1:start + 2].isdigit()) for start, gap_start, gap_end in gaps]
    return line, gaps, narrow


def _table_cells(rows: list, cells: dict[int, list[tuple]]) -> list:
    """The rows with each narrow gap (see _columns) made a tab where at least two rows near it (three above or below)
    have a gap at the same place: where the next cell starts (a column set flush left), or overlapping it with a
    number after both (a column of figures set flush right), or overlapping it below a row of words over rows of
    figures (a table's head, its titles centred over the columns). A justified line's wide spaces fall anywhere: a
    row most of whose gaps line up with nothing keeps them all."""
    result = list(rows)
    for i, gaps in cells.items():
        tabs = []
        head = not re.search(r"\d", rows[i][0]) and all(j in cells and re.search(r"\d", rows[j][0]) for j in (i + 1, i + 2))
        for start, gap_start, gap_end, numeric in gaps:
            if rows[i][0][start] == "\t":
                continue
            agreeing, anchored = 0, False
            for j in range(i - 3, i + 4):
                if j == i or j not in cells:
                    continue
                same = [other for other, other_start, other_end, other_numeric in cells[j]
                        if abs(gap_end - other_end) <= 1.5 or ((numeric and other_numeric) or (head and j > i))
                        and min(gap_end, other_end) - max(gap_start, other_start) >= 1.0]
                agreeing += bool(same)
                anchored = anchored or any(rows[j][0][other] == "\t" for other in same)
            figures = numeric and rows[i][0][start - 1:start].isdigit()  # ('6 5 4 3 3' under '2 3 4 5 6': figures
            # between figures, where two rows are enough)
            if (agreeing >= 2 and anchored) or (figures and agreeing):  # (one of them a clear gap: a table, not words that
                tabs.append(start)  # happen to line up)
        if tabs and len(tabs) * 2 < sum(rows[i][0][start] != "\t" for start, *_ in gaps):
            continue  # most of the row's wide spaces line up with nothing: a justified line a column's edge happens to meet
        if tabs:
            text, box, gutter = rows[i]
            out = list(text)
            for start in tabs:
                out[start] = "\t"
            result[i] = ("".join(out), box, gutter)
    return result
