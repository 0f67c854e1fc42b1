"""Repairs cairo 1.16's PDF output in place: `dedupe_resources(path)` drops repeated resource entries.

cairo 1.16 adds a resource entry each time a Form XObject is painted, so a sheet of 63 tokens names
`/x6 6 0 R` 63 times in its resource dictionary. Repeated keys are invalid PDF (qpdf rejects the whole
dictionary) and were a third of a token sheet's bytes. The file is rewritten object by object, using
cairo's own cross-reference table, so memory stays flat however large the PDF is.
"""

from __future__ import annotations

import os
import re
from array import array
from pathlib import Path

_XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf]) ?\r?\n")
_INNER_DICT = re.compile(rb"<<([^<>]*)>>")
_REFERENCE = re.compile(rb"/[^\s/<>\[\]()]+ \d+ \d+ R")
_CHUNK = 1 << 20


def dedupe_resources(path: Path) -> bool:
    """Rewrite `path` without repeated `/name n 0 R` entries; False (file untouched) when none or unknown layout."""
    with path.open("rb") as source:
        table = _read_xref(source)
        if table is None:
            return False
        offsets, xref_at, trailer = table
        order = array("l", sorted(range(1, len(offsets)), key=offsets.__getitem__))  # objects in file order
        ends = array("q", [offsets[number] for number in order[1:]] + [xref_at])
        repaired = {number for number, end in zip(order, ends) if _repaired(source, offsets[number], end) is not None}
        if not repaired:
            return False
        temp = path.with_name(path.name + ".dedupe")
        with temp.open("wb") as target:
            _copy(source, target, 0, offsets[order[0]])
            moved = array("q", bytes(8 * len(offsets)))
            for number, end in zip(order, ends):
                moved[number] = target.tell()
                if number in repaired:
                    target.write(_repaired(source, offsets[number], end))
                else:
                    _copy(source, target, offsets[number], end)
            _write_xref(target, moved, trailer)
    os.replace(temp, path)
    return True


def _repaired(source, start: int, end: int) -> bytes | None:
    """The object at [start, end) without repeated entries, or None when it has none to drop."""
    if end - start > 65536:
        return None  # streams and big objects never hold resource dictionaries
    source.seek(start)
    body = source.read(end - start)
    if b"stream" in body:
        return None
    fixed = _INNER_DICT.sub(_unique_entries, body)
    return fixed if fixed != body else None


def _unique_entries(match: re.Match) -> bytes:
    seen: set[bytes] = set()

    def keep_first(entry: re.Match) -> bytes:
        if entry.group(0) in seen:
            return b""
        seen.add(entry.group(0))
        return entry.group(0)

    return b"<<" + _REFERENCE.sub(keep_first, match.group(1)) + b">>"


def _read_xref(source) -> tuple[array, int, bytes] | None:
    """cairo's classic cross-reference table: offsets by object number (0 = free), where it starts, the trailer."""
    source.seek(0, os.SEEK_END)
    size = source.tell()
    source.seek(max(0, size - 1024))
    tail = source.read()
    found = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", tail)
    if found is None:
        return None
    xref_at = int(found.group(1))
    source.seek(xref_at)
    header = source.readline()
    subsection = re.fullmatch(rb"0 (\d+)\s*", source.readline())
    if header.strip() != b"xref" or subsection is None:
        return None  # an xref stream or several sections: not cairo's layout, leave the file alone
    count = int(subsection.group(1))
    offsets = array("q", bytes(8 * count))
    used = 0
    for number, entry in enumerate(_XREF_ENTRY.finditer(source.read(20 * count))):
        if entry.group(3) == b"n":
            offsets[number] = int(entry.group(1))
            used += 1
    rest = source.read()
    trailer_at = rest.find(b"trailer")
    if used != count - 1 or offsets[0] != 0 or trailer_at < 0:
        return None
    return offsets, xref_at, rest[trailer_at:rest.rfind(b"startxref")]


def _write_xref(target, offsets: array, trailer: bytes) -> None:
    xref_at = target.tell()
    target.write(b"xref\n0 %d\n0000000000 65535 f \n" % len(offsets))
    for offset in offsets[1:]:
        target.write(b"%010d 00000 n \n" % offset)
    target.write(trailer + b"startxref\n%d\n%%%%EOF\n" % xref_at)


def _copy(source, target, start: int, end: int) -> None:
    source.seek(start)
    left = end - start
    while left > 0:
        chunk = source.read(min(_CHUNK, left))
        target.write(chunk)
        left -= len(chunk)
