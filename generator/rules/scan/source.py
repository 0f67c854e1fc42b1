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
from .pdf_page import page_lines

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
            try:
                page = document[number]
                textpage = page.get_textpage()
                lines_of_page = page_lines(textpage, page.get_width())
            except pdfium.PdfiumError as error:  # (a damaged page: its objects or its text cannot be read)
                raise RulebookError(f"cannot read page {number + 1} of the rulebook {label}: {error}") from None
            at = 0  # the line's number on its page, as a reader counts them: lines of text only
            for line in lines_of_page:
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
