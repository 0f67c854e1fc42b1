"""Drawn PDF segments kept between processes in the user's cache folder: `kept_segments(spec, out)`.

A large document is written in segments (write/segments.py), each drawn from scratch by the same code, so a
segment's bytes follow from what it shows. `KeptSegments.digest` names a segment by a digest of all of that (its
pages with their pieces and faces, page numbers, footer, typeface, the faces placed more than once, the SVG of
built-in drawers' faces) and of the environment its drawing reads (templates, pnpgen's code, fonts, the kit's
art, the cairo libraries); a new `pnpgen build` after a one-card edit then draws only the segment holding that
card. Each entry is one kept file (generator/keptfiles.py: written atomically, trusted only whole and under its
own digest, a damaged or foreign one ignored and removed); the folder is kept under MAX_BYTES and MAX_ENTRIES by
removing the least recently used entries. Any trouble with the folder just means nothing is kept.
"""

from __future__ import annotations

import copyreg
import hashlib
import importlib.util
import io
import json
import os
import pickle
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from generator.keptfiles import KeptFiles, package_state
from generator.paths import DATA_SUFFIXES, TEMPLATES_DIR, user_cache
from generator.pieces import FaceSpec, Piece

FORMAT = b"pnpgen-segment 2\n"  # an entry's first line; another format is ignored
SUFFIX = ".segment"
MAX_BYTES = 64 * 2**20  # the folder's size is brought back under this after each build that adds to it
MAX_ENTRIES = 512
MOST_ART_FILES = 5000  # a kit folder with more files than this is not walked: nothing is kept for it

Marks = dict[str, list[str]]


def segment_folder() -> Path:
    return user_cache() / "segments"


@dataclass(frozen=True)
class Entry:
    """One kept segment: the PDF bytes cairo wrote and the blanks (`data-blank`) each of its faces prints."""

    data: bytes
    marks: Marks


class SegmentStore(KeptFiles):
    """Files `<digest>.segment` in `folder` (generator/keptfiles.py) whose body is a line with the length of the
    marks, the marks as JSON, the PDF."""

    def __init__(self, folder: Path):
        super().__init__(folder, FORMAT, SUFFIX)

    def get(self, digest: str) -> Entry | None:
        body = self.read(digest)
        if body is None:
            return None
        entry = _entry(body)
        if entry is None:  # whole, but not a segment: never trusted
            self.forget(digest)
        return entry

    def put(self, digest: str, entry: Entry) -> None:
        marks = json.dumps(entry.marks, sort_keys=True, separators=(",", ":")).encode()
        self.write(digest, b"%d\n" % len(marks) + marks + entry.data)

    def evict(self, max_bytes: int = MAX_BYTES, max_entries: int = MAX_ENTRIES) -> None:
        super().evict(max_bytes, max_entries)


def _entry(body: bytes) -> Entry | None:
    """The segment in a kept file's `body`, or None when it holds none."""
    end = body.find(b"\n")
    if end < 0 or not body[:end].isdigit():
        return None
    size = int(body[:end])
    try:
        marks = json.loads(body[end + 1:end + 1 + size])
    except ValueError:
        return None
    if not isinstance(marks, dict) or not all(
            isinstance(key, str) and isinstance(names, list) and all(isinstance(n, str) for n in names)
            for key, names in marks.items()):
        return None
    data = body[end + 1 + size:]
    if not data.startswith(b"%PDF-"):
        return None
    return Entry(data, marks)


@dataclass(frozen=True)
class KeptSegments:
    """The store and the digest of what every segment of one build depends on beyond its own pages."""

    store: SegmentStore
    environment: str

    def digest(self, document, pages: range, faces: Mapping) -> str | None:
        """Everything segment `pages` of `document` (write/segments.Document) depends on, as a hex digest; None
        when something on its pages cannot be written down whole (nothing is then kept for it)."""
        from generator.write.pdf import face_of

        sheets = document.imposition.pages[pages.start:pages.stop]
        keys: list[str] = []
        seen: set[str] = set()
        drawn = []
        for page in sheets:
            tiled = [page.tiled.front, page.tiled.back] if page.tiled else []
            for face in [face_of(p) for p in page.placements] + tiled:
                if face is not None and face.key not in seen:
                    seen.add(face.key)
                    keys.append(face.key)  # the key covers what a face's repr leaves out (a drawer's data)
                    if face.template.startswith("@"):  # a built-in drawer sees the whole kit, not only its spec
                        drawn.append(hashlib.sha256(faces[face.key].svg.encode()).hexdigest())
        head = (self.environment, pages.start, document.lead, document.total, document.footer, document.typeface,
                tuple(str(root) for root in document.roots), sorted(seen & document.reused), keys, drawn)
        return content_digest(head, sheets)


class _ContentPickler(pickle.Pickler):
    """Writes a face as its FaceSpec.key (its whole spec, by which faces are cached already; what the spec has
    cached on itself does not count), and with `numbered`, each piece as its number in the list `numbered` fills,
    in order of first appearance (the pieces are then written on their own)."""

    def __init__(self, file, numbered: list | None = None):
        super().__init__(file, protocol=5)
        self.dispatch_table = {**copyreg.dispatch_table, FaceSpec: _face_key}
        if numbered is not None:
            numbers: dict[int, int] = {}

            def number(piece: Piece) -> tuple:
                found = numbers.get(id(piece))
                if found is None:
                    found = numbers[id(piece)] = len(numbered)
                    numbered.append(piece)
                return int, (found,)

            self.dispatch_table[Piece] = number


def _face_key(face: FaceSpec) -> tuple:
    return str, ("F" + face.key,)


def content_digest(head, pages=None) -> str | None:
    """A hex digest of `head` and `pages` (pages, placements …: every field of every dataclass in them, those left
    out of repr too), each pickled as content (_ContentPickler), the pages' pieces on their own. The pickle's memo
    writes which equal values are one object; written apart, neither the pieces nor `head` share a string with the
    pages (a piece's field name 'front' is the interned string a page's kind is in a fresh imposition, and not in
    one read back: layoutstore.py). None when something cannot be pickled (an open surface, a function made on the
    fly): nothing is then kept for it."""
    digest = hashlib.sha256()
    pieces: list = []
    try:
        parts = [_pickled(head), *((_pickled(pages, pieces), _pickled(pieces)) if pages is not None else ())]
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None
    for part in parts:
        digest.update(b"%d\n" % len(part))
        digest.update(part)
    return digest.hexdigest()


def _pickled(value, numbered: list | None = None) -> bytes:
    buffer = io.BytesIO()
    _ContentPickler(buffer, numbered).dump(value)
    return buffer.getvalue()


def kept_segments(spec, out: Path) -> KeptSegments | None:
    """The segment store for a build of `spec` into `out`, or None when the kit's art cannot be surveyed."""
    environment = _environment(spec, out)
    if environment is None:
        return None
    return KeptSegments(SegmentStore(segment_folder()), environment)


def _environment(spec, out: Path) -> str | None:
    """A digest of what drawing reads besides the pages: the face cache's fingerprint (templates, rendering code,
    fonts, icons, typography), pnpgen's drawing code, the libraries, and every file in the kit's folders that is
    not data (art an SVG may refer to); None when a folder holds too many files to survey."""
    from generator import __version__
    from generator.render.cache import fingerprint
    from generator.write.svgdraw import cairo

    digest = hashlib.sha256()
    digest.update(FORMAT)
    digest.update(f"{__version__} {sys.version} {cairo.cairo_version_string()} {cairo.version} "
                  f"{fingerprint(spec)}\n".encode())
    state = package_state()  # pnpgen's own files all count: its code, fonts, paper and colour tables
    if state is None:
        return None
    digest.update(f"{state}\n".encode())
    skip = {out.resolve(), segment_folder().resolve()}
    files = 0
    for folder in sorted({root.resolve() for root in (*spec.roots, TEMPLATES_DIR)}):
        for base, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                             and Path(base, d).resolve() not in skip)
            for name in sorted(names):
                path = Path(base, name)
                if path.suffix.lower() in DATA_SUFFIXES:
                    continue
                files += 1
                if files > MOST_ART_FILES or not _stated(digest, path):
                    return None
    for library in ("cairosvg", "cairocffi"):  # their files, not an import of cairosvg a build may not need
        found = importlib.util.find_spec(library)
        if found is None or found.origin is None or not _stated(digest, Path(found.origin)):
            return None
    return digest.hexdigest()


def _stated(digest, path: Path) -> bool:
    """Add `path`'s size and time of change to `digest`; False when it cannot be read."""
    try:
        stat = path.stat()
    except OSError:
        return False
    digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return True
