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
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Iterable, Mapping

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


@dataclass(frozen=True)
class MergedSegment:
    """One segment's objects as the merged PDF holds them: renumbered from `first`, its pages numbered from
    `first_page` with their boxes (`boxes`), one after the other in `chunk` (each at its `offsets` entry)."""

    first: int
    first_page: int
    boxes: tuple
    chunk: bytes
    offsets: tuple[int, ...]
    kids: tuple[int, ...]
    header: bytes  # the segment's own header (the merged PDF takes the first segment's)
    info: bytes  # its Info dictionary (the merged PDF takes the first segment's)


def merge_segments(segments: Iterable[bytes], path: Path, boxes: Mapping[int, tuple[Box, Box]] | None = None,
                   kept: dict | None = None) -> None:
    """Write the pages of `segments` (cairo PDFs, in order) as one PDF at `path`.

    `boxes` maps a page's index in the merged document to its (TrimBox, BleedBox), in PDF coordinates. `kept`
    (a watch's memory) holds each segment as the last merge wrote it, by its bytes: one that keeps its place
    (its first object and page numbers, its pages' boxes) is written again as it was, not parsed and renumbered.
    Each segment is written as soon as it is renumbered: `segments` may be read one at a time (a large document's
    are read from its staging folder), and no more than one of them is held at once.
    """
    boxes = boxes or {}
    located: list[int] = []  # where objects 2, 3, … start in the merged file (1 is the page tree)
    kids: list[int] = []
    used = set()
    first = None
    next_number, next_page = 2, 0
    with path.open("wb") as out:
        position = 0
        for data in segments:
            part = _merged(data, next_number, next_page, boxes, kept)
            if kept is not None:
                used.add(data)
            if first is None:
                first = part
                out.write(part.header)
                position = len(part.header)
            located += [position + offset for offset in part.offsets]
            out.write(part.chunk)
            position += len(part.chunk)
            kids += part.kids
            next_number += len(part.offsets)
            next_page += len(part.kids)
        info_number, catalog_number = next_number, next_number + 1
        offsets = [0, 0] + located + [0, 0]  # by object number
        tail = [
            (1, b"<< /Type /Pages\n   /Kids [ " + b" ".join(b"%d 0 R" % k for k in kids)
             + b" ]\n   /Count %d\n>>\nendobj\n" % len(kids)),
            (info_number, first.info),  # title, creator, date: cairo's, refers to nothing
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
    if kept is not None:  # keep only this merge's segments
        for data in [data for data in kept if data not in used]:
            del kept[data]


def _merged(data: bytes, first: int, first_page: int, boxes: Mapping[int, tuple[Box, Box]],
            kept: dict | None) -> MergedSegment:
    """Segment `data` renumbered from object `first`, its pages from `first_page`: as kept, when it was merged
    at the same place before (a bytes key hashes once and compares by identity: the watch keeps the objects)."""
    if kept is not None:
        part = kept.get(data)
        if (part is not None and part.first == first and part.first_page == first_page
                and part.boxes == tuple(boxes.get(first_page + i) for i in range(len(part.kids)))):
            return part
    segment = _Segment(data)
    mapping = {}
    number_now = first
    for number in segment.order:
        if number not in segment.skipped:
            mapping[number] = number_now
            number_now += 1
    mapping[segment.pages_node] = 1  # each page's /Parent: the one page tree
    renumber = _renumberer(mapping)
    pages = set(segment.pages)
    chunks, offsets, kids = [], [], []
    position = 0
    for number in segment.order:
        if number in segment.skipped:
            continue
        body = segment.body(number)
        head = _OBJECT_HEAD.match(body)
        split = body.find(b"stream", head.end())
        dictionary, rest = (body[head.end():split], body[split:]) if split >= 0 else (body[head.end():], b"")
        dictionary = _REF.sub(renumber, dictionary)
        if number in pages:
            index = first_page + len(kids)
            kids.append(mapping[number])
            dictionary = _page(dictionary, index, boxes.get(index))
        chunk = b"%d 0 obj\n" % mapping[number] + dictionary + rest
        offsets.append(position)
        chunks.append(chunk)
        position += len(chunk)
    part = MergedSegment(first, first_page, tuple(boxes.get(first_page + i) for i in range(len(kids))),
                         b"".join(chunks), tuple(offsets), tuple(kids), segment.header, _info(segment))
    if kept is not None:
        kept[data] = part
    return part


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
