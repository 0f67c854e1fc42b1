"""Joins PDF segments written by cairo into one PDF: `merge_segments(segments, path, boxes)`.

A large document is written as segments of pages (write/segments.py), each one cairo PDF, so that worker
processes can write them side by side and a watched rebuild can keep the ones that did not change. Merging
renumbers every segment's objects after the previous segment's, points each page at one page tree, adds the
TrimBox and BleedBox of pages holding one piece, and writes one cross-reference table. Only cairo's own
layout is read (a classic xref table, objects in `n 0 obj … endobj`, no object streams); streams are copied
byte for byte. The same segments give the same bytes, whichever process wrote them.
"""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path
from typing import Mapping, Sequence

from generator.errors import PnpError
from generator.write.dedupe import _read_xref

_REF = re.compile(rb"(\d+) 0 R\b")
_ROOT = re.compile(rb"/Root (\d+) 0 R")
_INFO = re.compile(rb"/Info (\d+) 0 R")
_PAGES = re.compile(rb"/Pages (\d+) 0 R")
_KIDS = re.compile(rb"/Kids \[([^\]]*)\]")
_OBJECT_HEAD = re.compile(rb"\d+ 0 obj\r?\n")
_PARENT = re.compile(rb"/Parent \d+ 0 R")
_PAGE_COMMENT = re.compile(rb"/Type /Page % \d+")

Box = tuple[float, float, float, float]


class _Segment:
    """One cairo PDF: its objects by number (bytes from `n 0 obj` to `endobj`), its pages, its info."""

    def __init__(self, data: bytes):
        table = _read_xref(BytesIO(data))
        if table is None:
            raise PnpError("internal error: a PDF segment is not in cairo's layout")
        offsets, xref_at, trailer = table
        self.data, self.header = data, data[:min(o for o in offsets[1:])] if len(offsets) > 1 else b""
        order = sorted(range(1, len(offsets)), key=offsets.__getitem__)
        ends = [offsets[n] for n in order[1:]] + [xref_at]
        self.spans = {number: (offsets[number], end) for number, end in zip(order, ends)}
        self.order = order
        root = int(_ROOT.search(trailer).group(1))
        self.info = int(_INFO.search(trailer).group(1))
        self.pages_node = int(_PAGES.search(self.body(root)).group(1))
        kids = _KIDS.search(self.body(self.pages_node)).group(1)
        self.pages = [int(n) for n in _REF.findall(kids)]
        self.skipped = {root, self.info, self.pages_node}

    def body(self, number: int) -> bytes:
        start, end = self.spans[number]
        return self.data[start:end]


def merge_segments(segments: Sequence[bytes], path: Path, boxes: Mapping[int, tuple[Box, Box]] | None = None) -> None:
    """Write the pages of `segments` (cairo PDFs, in order) as one PDF at `path`.

    `boxes` maps a page's index in the merged document to its (TrimBox, BleedBox), in PDF coordinates.
    """
    parsed = [_Segment(data) for data in segments]
    boxes = boxes or {}
    numbers: list[dict[int, int]] = []
    next_number = 2  # 1 is the page tree
    for segment in parsed:
        mapping = {}
        for number in segment.order:
            if number not in segment.skipped:
                mapping[number] = next_number
                next_number += 1
        mapping[segment.pages_node] = 1  # each page's /Parent: the one page tree
        numbers.append(mapping)
    info_number, catalog_number = next_number, next_number + 1
    offsets = [0] * (catalog_number + 1)
    kids: list[int] = []
    with path.open("wb") as out:
        out.write(parsed[0].header)
        position = len(parsed[0].header)
        for segment, mapping in zip(parsed, numbers):
            renumber = _renumberer(mapping)
            pages = set(segment.pages)
            for number in segment.order:
                if number in segment.skipped:
                    continue
                body = segment.body(number)
                head = _OBJECT_HEAD.match(body)
                split = body.find(b"stream", head.end())
                dictionary, rest = (body[head.end():split], body[split:]) if split >= 0 else (body[head.end():], b"")
                dictionary = _REF.sub(renumber, dictionary)
                if number in pages:
                    index = len(kids)
                    kids.append(mapping[number])
                    dictionary = _page(dictionary, index, boxes.get(index))
                chunk = b"%d 0 obj\n" % mapping[number] + dictionary + rest
                offsets[mapping[number]] = position
                out.write(chunk)
                position += len(chunk)
        tail = [
            (1, b"<< /Type /Pages\n   /Kids [ " + b" ".join(b"%d 0 R" % k for k in kids)
             + b" ]\n   /Count %d\n>>\nendobj\n" % len(kids)),
            (info_number, _info(parsed[0])),  # title, creator, date: cairo's, refers to nothing
            (catalog_number, b"<< /Type /Catalog\n   /Pages 1 0 R\n>>\nendobj\n"),
        ]
        for number, body in tail:
            chunk = b"%d 0 obj\n" % number + body
            offsets[number] = position
            out.write(chunk)
            position += len(chunk)
        out.write(b"xref\n0 %d\n0000000000 65535 f \n" % len(offsets))
        out.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets[1:]))
        out.write(b"trailer\n<< /Size %d\n   /Root %d 0 R\n   /Info %d 0 R\n>>\nstartxref\n%d\n%%%%EOF\n"
                  % (len(offsets), catalog_number, info_number, position))


def _renumberer(mapping: Mapping[int, int]):
    def renumber(match: re.Match) -> bytes:
        return b"%d 0 R" % mapping[int(match.group(1))]
    return renumber


def _info(segment: _Segment) -> bytes:
    body = segment.body(segment.info)
    return body[_OBJECT_HEAD.match(body).end():]


def _page(dictionary: bytes, index: int, boxes: tuple[Box, Box] | None) -> bytes:
    """A page's dictionary in the merged tree: its parent, its number in the comment cairo writes, its boxes."""
    dictionary = _PARENT.sub(b"/Parent 1 0 R", dictionary, count=1)
    dictionary = _PAGE_COMMENT.sub(b"/Type /Page %% %d" % (index + 1), dictionary, count=1)
    if boxes is not None:
        trim, bleed = boxes
        extra = b"   /TrimBox [ %s ]\n   /BleedBox [ %s ]\n" % (_numbers(trim), _numbers(bleed))
        end = dictionary.rindex(b">>")
        dictionary = dictionary[:end] + extra + dictionary[end:]
    return dictionary


def _numbers(values: Box) -> bytes:
    return b" ".join(_number(v).encode() for v in values)


def _number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
