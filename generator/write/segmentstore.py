"""Drawn PDF segments kept between processes in the user's cache folder: `kept_segments(spec, out)`.

A large document is written in segments (write/segments.py), each drawn from scratch by the same code, so a
segment's bytes follow from what it shows. `KeptSegments.digest` names a segment by a digest of all of that (its
pages with their pieces and faces, page numbers, footer, typeface, the faces placed more than once, the SVG of
built-in drawers' faces) and of the environment its drawing reads (templates, pnpgen's code, fonts, the kit's
art, the cairo libraries); a new `pnpgen build` after a one-card edit then draws only the segment holding that
card. Each entry is one file written atomically (a temporary file renamed into place) and trusted only when its
header names the same digest and its checksum matches: a damaged, truncated or foreign file is ignored and
removed. The folder is kept under MAX_BYTES and MAX_ENTRIES by removing the least recently used entries. Any
trouble with the folder just means nothing is kept.
"""

from __future__ import annotations

import copyreg
import hashlib
import importlib.util
import io
import json
import os
import pickle
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from generator.paths import DATA_SUFFIXES, PACKAGE_DIR, TEMPLATES_DIR, user_cache
from generator.pieces import FaceSpec

FORMAT = b"pnpgen-segment 1\n"  # an entry's first line; another format is ignored
SUFFIX = ".segment"
MAX_BYTES = 64 * 2**20  # the folder's size is brought back under this after each build that adds to it
MAX_ENTRIES = 512
STALE_TEMP_SECONDS = 3600  # a temporary file this old was left by a build that was killed
MOST_ART_FILES = 5000  # a kit folder with more files than this is not walked: nothing is kept for it
_DIGEST = re.compile(r"[0-9a-f]{64}\Z")

Marks = dict[str, list[str]]


def segment_folder() -> Path:
    return user_cache() / "segments"


@dataclass(frozen=True)
class Entry:
    """One kept segment: the PDF bytes cairo wrote and the blanks (`data-blank`) each of its faces prints."""

    data: bytes
    marks: Marks


class SegmentStore:
    """Files `<digest>.segment` in `folder`: FORMAT, a line `<digest> <sha256 of the rest> <length of marks>`,
    the marks as JSON, the PDF."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.added = False

    def get(self, digest: str) -> Entry | None:
        path = self._path(digest)
        if path is None:
            return None
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        entry = _parse(raw, digest)
        if entry is None:  # damaged or not ours: never trusted, and removed so it is not read again
            _remove(path)
            return None
        try:
            os.utime(path)  # recently used: evicted last
        except OSError:
            pass
        return entry

    def put(self, digest: str, entry: Entry) -> None:
        path = self._path(digest)
        if path is None:
            return
        marks = json.dumps(entry.marks, sort_keys=True, separators=(",", ":")).encode()
        body = marks + entry.data
        head = FORMAT + b"%s %s %d\n" % (digest.encode(), hashlib.sha256(body).hexdigest().encode(), len(marks))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=SUFFIX)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(head)
                    out.write(body)
                os.replace(temp, path)
            except BaseException:
                _remove(Path(temp))
                raise
        except OSError:
            return
        self.added = True

    def evict(self, max_bytes: int = MAX_BYTES, max_entries: int = MAX_ENTRIES) -> None:
        """Remove the least recently used entries until the folder holds at most `max_bytes` and `max_entries`
        (and temporary files left by killed builds)."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        now = time.time()
        entries = []
        for name in names:
            path = self.folder / name
            try:
                stat = path.stat()
            except OSError:
                continue
            if name.startswith(".tmp-"):
                if now - stat.st_mtime > STALE_TEMP_SECONDS:
                    _remove(path)
            elif name.endswith(SUFFIX):
                entries.append((stat.st_mtime, stat.st_size, path))
        entries.sort(key=lambda e: (e[0], e[2].name))  # oldest first
        total = sum(size for _, size, _ in entries)
        while entries and (total > max_bytes or len(entries) > max_entries):
            _, size, path = entries.pop(0)
            _remove(path)
            total -= size

    def _path(self, digest: str) -> Path | None:
        return self.folder / f"{digest}{SUFFIX}" if _DIGEST.match(digest) else None


def _parse(raw: bytes, digest: str) -> Entry | None:
    """The entry in `raw` if it is whole, in this format and made for `digest`; else None."""
    if not raw.startswith(FORMAT):
        return None
    end = raw.find(b"\n", len(FORMAT))
    if end < 0:
        return None
    parts = raw[len(FORMAT):end].split(b" ")
    if len(parts) != 3 or parts[0] != digest.encode() or not parts[2].isdigit():
        return None
    body = raw[end + 1:]
    if hashlib.sha256(body).hexdigest().encode() != parts[1]:
        return None
    size = int(parts[2])
    try:
        marks = json.loads(body[:size])
    except ValueError:
        return None
    if not isinstance(marks, dict) or not all(
            isinstance(key, str) and isinstance(names, list) and all(isinstance(n, str) for n in names)
            for key, names in marks.items()):
        return None
    data = body[size:]
    if not data.startswith(b"%PDF-"):
        return None
    return Entry(data, marks)


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


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
        return content_digest((self.environment, pages.start, document.lead, document.total, document.footer,
                               document.typeface, tuple(str(root) for root in document.roots),
                               sorted(seen & document.reused), keys, drawn, sheets))


class _ContentPickler(pickle.Pickler):
    """Writes a face as its FaceSpec.key (its whole spec, by which faces are cached already; what the spec has
    cached on itself does not count). Which equal values are one object is written too (the pickle's memo), and
    follows from the same input through the same code, as the digest needs."""

    dispatch_table = {**copyreg.dispatch_table, FaceSpec: lambda face: (str, ("F" + face.key,))}


def content_digest(value) -> str | None:
    """A hex digest of `value` (pages, placements, pieces …: every field of every dataclass in it, those left out of
    repr too) made by pickling it as content (_ContentPickler); None when something in it cannot be pickled (an
    open surface, a function made on the fly): nothing is then kept for it."""
    buffer = io.BytesIO()
    try:
        _ContentPickler(buffer, protocol=5).dump(value)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None
    return hashlib.sha256(buffer.getbuffer()).hexdigest()


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
    skip = {out.resolve(), segment_folder().resolve()}
    files = 0
    for folder in (PACKAGE_DIR, *sorted({root.resolve() for root in (*spec.roots, TEMPLATES_DIR)})):
        for base, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                             and Path(base, d).resolve() not in skip)
            for name in sorted(names):
                path = Path(base, name)
                if folder != PACKAGE_DIR and path.suffix.lower() in DATA_SUFFIXES:
                    continue  # pnpgen's own files all count: its code, fonts, paper and colour tables
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
