"""Large documents written in segments of pages, on every core: `write_segmented(...)`.

A kit of more than SINGLE_PAGES sheet pages is drawn as segments of consecutive pages, each its own cairo PDF,
joined by write/merge.py. Where the segments fall depends on the page count alone, and each segment is drawn
from scratch by the same code, so the PDF has the same bytes whether one process draws every segment or
worker processes draw them side by side (`jobs`). Workers are forked after the kit is imposed: each renders
the faces of its pages, draws them, leaves the PDF in the staging folder for the merge (SegmentFile) and hands
back the blanks its faces print (for the cover, drawn last but placed first). A watched rebuild keeps the
segments whose pages, faces and numbers did not change (DrawingMemory.segments) and draws only the others; a
build in a new process reads back those an earlier process drew from the same input, kept in the user's cache
folder (write/segmentstore.py).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Callable, Mapping, Sequence

from generator.blanks import BLANK
from generator.errors import PnpError
from generator.impose import Imposition
from generator.paths import make_public
from generator.typeface import Typeface
from generator.write.dedupe import dedupe_resources
from generator.write.faces import DrawingMemory, FaceRecorder, cairo
from generator.write.fontfiles import use_typeface
from generator.write.merge import merge_segments
from generator.write.pdf import face_of, draw_page, page_boxes, reused_faces
from generator.write.segmentstore import Entry, KeptSegments
from generator.write.sheet import FIXED_DATE, CutLines, PageFooter, draw_footer

SINGLE_PAGES = 64      # sheet pages a document may have and still be one cairo document (every kit in components/)
SEGMENT_PAGES = 16     # the least pages in a segment: a watched rebuild redraws one of them for a one-card edit
MOST_SEGMENTS = 32     # a larger document gets larger segments (each carries its own font subsets)
NO_MARKS = ()          # the blanks of a face that prints none (most): one object for them all
WORKERS_FROM = 4       # segments a document needs before worker processes pay for their start


def segment_ranges(pages: int) -> list[range] | None:
    """The sheet pages (indices) of each segment, or None for a document written in one piece."""
    if pages <= SINGLE_PAGES:
        return None
    size = max(SEGMENT_PAGES, -(-pages // MOST_SEGMENTS))
    return [range(start, min(start + size, pages)) for start in range(0, pages, size)]


def auto_jobs(pages: int) -> int:
    """How many processes draw a document of `pages` sheet pages when the user does not say (--jobs)."""
    ranges = segment_ranges(pages)
    return 1 if ranges is None else _jobs(None, len(ranges))


@dataclass(frozen=True)
class Document:
    """What every segment of one PDF is drawn from."""

    imposition: Imposition
    roots: tuple[Path, ...]
    footer: PageFooter
    typeface: Typeface
    reused: frozenset[str]
    lead: int  # cover pages before the sheets
    folder: Path  # where segment files are written before they are merged (the build's staging folder)

    @property
    def total(self) -> int:
        return len(self.imposition.pages) + self.lead


class MarkedFaces(Mapping):
    """The faces a segment draws, each looked up once, and the blanks (`data-blank`) each prints."""

    def __init__(self, faces: Mapping):
        self.faces = faces
        self.kept: dict[str, object] = {}
        self.marks: dict[str, list[str]] = {}

    def __getitem__(self, key: str):
        face = self.kept.get(key)
        if face is None:
            face = self.kept[key] = self.faces[key]
            self.marks[key] = BLANK.findall(face.svg) or NO_MARKS
        return face

    def __iter__(self):
        return iter(self.faces)

    def __len__(self) -> int:
        return len(self.faces)


class BlankMarks(Mapping):
    """Faces as blanks.find_blanks reads them (their `data-blank` marks), from what the segments gathered;
    a face no segment drew is looked up in `faces`."""

    class _Marks:
        def __init__(self, svg: str):
            self.svg = svg

    def __init__(self, marks: Mapping[str, list[str]], faces: Mapping):
        self.marks, self.faces = marks, faces

    def __getitem__(self, key: str):
        if key in self.marks:
            return self._Marks(" ".join(f'data-blank="{name}"' for name in self.marks[key]))
        return self.faces[key]

    def __iter__(self):
        return iter(self.faces)

    def __len__(self) -> int:
        return len(self.faces)


@dataclass(frozen=True)
class SegmentFile:
    """A segment a worker drew, left in the staging folder for the parent to read when it merges (or keeps) it:
    the parent never holds every segment's bytes at once (S10000: 7 MB, most of what it grew by while the workers
    drew, and as much again while it merged)."""

    path: Path


def _segment_bytes(data: bytes | SegmentFile) -> bytes:
    """A segment's PDF bytes; a worker's file is removed once read."""
    if isinstance(data, bytes):
        return data
    try:
        return data.path.read_bytes()
    finally:
        data.path.unlink(missing_ok=True)


def _remove_files(drawn: Sequence[tuple[bytes | SegmentFile, dict]]) -> None:
    """Remove the files of workers' segments that were not merged (a build that failed, or drew them again)."""
    for data, _ in drawn:
        if isinstance(data, SegmentFile):
            data.path.unlink(missing_ok=True)


def write_segmented(imposition: Imposition, faces: Mapping, path: Path, kit_name: str, roots: tuple[Path, ...],
                    duplex: str, memory: DrawingMemory | None, typeface: Typeface, on_page: Callable | None,
                    make_cover: Callable[[Mapping], object] | None, jobs: int | None, render: Callable[[], Mapping],
                    kept: KeptSegments | None = None) -> int:
    """Write `imposition` (more than SINGLE_PAGES pages) to `path` in segments, with `jobs` processes.

    `make_cover(faces)` makes the cover from the faces' blanks (None: no cover); `render()` gives a worker
    its own faces (a forked worker must not share the build's face cache). `on_page(done, total)` hears of
    the pages drawn. With `kept` (and no `memory`), segments an earlier process drew from the same input are
    read back instead of drawn, and those drawn are kept (write/segmentstore.py). Returns how many cover pages
    lead the PDF.
    """
    ranges = segment_ranges(len(imposition.pages))
    use_typeface(typeface)
    jobs = None if jobs is None else max(1, min(jobs, len(ranges)))
    if memory is not None:
        jobs, kept = 1, None  # a watch keeps what it drew in this process
    lead = 2 if make_cover is not None else 0  # the cover's usual length; drawn again below if it is not
    document = Document(imposition, roots, PageFooter(kit_name, duplex), typeface,
                        frozenset(reused_faces(imposition)), lead, path.parent)
    used: set = set()  # the segments this build drew or reused (a watch keeps only those)
    drawn = _draw_or_reuse(document, faces, ranges, jobs, memory, render, on_page, used, kept)
    try:
        cover_segment = []
        if make_cover is not None:
            cover = make_cover(BlankMarks({key: names for _, found in drawn for key, names in found.items()}, faces))
            drawn = [(data, None) for data, _ in drawn]  # the blanks are read: not held through the merge
            if len(cover.pages) != lead:  # a long cover: the sheets' page numbers move
                _remove_files(drawn)
                document = Document(imposition, roots, document.footer, typeface, document.reused,
                                    len(cover.pages), path.parent)
                drawn = _draw_or_reuse(document, faces, ranges, jobs, memory, render, on_page, used, kept)
            cover_segment = [_cover_segment(document, cover, memory)]
        if kept is not None and kept.store.added:
            kept.store.evict()
        if memory is not None:  # keep only the segments this build used
            for key in [k for k in memory.segments if k not in used]:
                del memory.segments[key]
        boxes = {index + document.lead: box for index, box in page_boxes(imposition).items()}
        temp = path.with_name(f".{path.name}.merging")
        try:
            merge_segments(chain(cover_segment, (_segment_bytes(data) for data, _ in drawn)), temp, boxes,
                           kept=memory.merged if memory is not None else None)
            make_public(temp)
            os.replace(temp, path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
    finally:
        _remove_files(drawn)
    return document.lead


def _draw_or_reuse(document: Document, faces: Mapping, ranges: Sequence[range], jobs: int | None,
                   memory: DrawingMemory | None, render: Callable[[], Mapping], on_page: Callable | None,
                   used: set, kept: KeptSegments | None) -> list[tuple[bytes | SegmentFile, dict]]:
    """Each segment's (PDF bytes or a worker's SegmentFile, blanks by face), in order: read back from `kept` where
    an earlier build drew the same, drawn (by `jobs` processes; None: as many as pay for the segments left to draw)
    where not."""
    if kept is None:
        return _draw_segments(document, faces, ranges, _jobs(jobs, len(ranges)), memory, render, on_page, used)
    digests = [kept.digest(document, pages, faces) for pages in ranges]
    found = [kept.store.get(digest) if digest is not None else None for digest in digests]
    missing = [pages for pages, entry in zip(ranges, found) if entry is None]
    fresh = iter(_draw_segments(document, faces, missing, _jobs(jobs, len(missing)), memory, render, on_page, used))
    results = []
    for digest, entry in zip(digests, found):
        if entry is None:
            result = next(fresh)
            if digest is not None:
                data, marks = result
                pdf = data.path.read_bytes() if isinstance(data, SegmentFile) else data
                kept.store.put(digest, Entry(pdf, marks))
        else:
            result = (entry.data, entry.marks)
        results.append(result)
    if on_page is not None:
        on_page(document.total, document.total)
    return results


def _jobs(jobs: int | None, segments: int) -> int:
    """The processes drawing `segments` segments: as the user said, or as many as pay for them."""
    if jobs is not None:
        return max(1, min(jobs, segments))
    if segments < WORKERS_FROM:
        return 1
    return max(1, min(segments, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


def _draw_segments(document: Document, faces: Mapping, ranges: Sequence[range], jobs: int,
                   memory: DrawingMemory | None, render: Callable[[], Mapping],
                   on_page: Callable | None, used: set) -> list[tuple[bytes | SegmentFile, dict]]:
    done = 0
    results = []
    for result, pages in zip(_segments(document, faces, ranges, jobs, memory, render, used), ranges):
        results.append(result)
        done += len(pages)
        if on_page is not None:
            on_page(done + document.lead, document.total)
    return results


def _segments(document: Document, faces: Mapping, ranges: Sequence[range], jobs: int,
              memory: DrawingMemory | None, render: Callable[[], Mapping], used: set):
    """Each segment's (PDF bytes, blanks by face), in order: drawn here, or by `jobs` forked workers (which leave
    their PDFs in the staging folder: a SegmentFile for the bytes)."""
    if jobs <= 1:
        for pages in ranges:
            yield write_segment(document, faces, pages, memory, used)
        return
    import gc
    import multiprocessing

    global _WORK
    _warm_up(document, faces)
    _WORK = (document, render)
    gc.freeze()  # the objects the workers inherit stay out of their collector: fewer copied memory pages
    try:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_start) as pool:
            for outcome in pool.imap(_worker_segment, ranges):
                if isinstance(outcome, PnpError):
                    raise outcome
                yield outcome
    finally:
        _WORK = None
        gc.unfreeze()


def _warm_up(document: Document, faces: Mapping) -> None:
    """Render and draw the first face here, once, so that every worker inherits what that loads (the template
    environment, font metrics and shapes, cairo's fonts) instead of loading it again."""
    placement = next((pl for page in document.imposition.pages for pl in page.placements
                      if face_of(pl) is not None), None)
    if placement is None:
        return
    key = face_of(placement).key
    recorder = FaceRecorder({key: faces[key]}, document.roots, frozenset(), None)
    context = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None))
    recorder.paint(context, key, placement.piece, 0.0, 0.0,
                   lambda ctx, x, y: ctx.rectangle(x, y, placement.piece.width, placement.piece.height))


_WORK: tuple | None = None  # what forked workers draw from (set before the pool forks them)
_WORKER_FACES: Mapping | None = None  # a worker's own faces, made for its first segment and kept for the others


def _worker_start() -> None:
    """A worker ends with the build: on Linux it is killed when its parent dies (a build killed mid-way
    leaves nothing running; its staging folder is removed by the next build)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker_segment(pages: range):
    import gc

    global _WORKER_FACES
    document, render = _WORK
    try:
        if _WORKER_FACES is None:  # as one process keeps one set of faces for all its segments
            _WORKER_FACES = render()
            gc.freeze()  # (kept to the end: no collection below need walk them again)
        drawn = _segment_file(document, _WORKER_FACES, pages)
        # Each face's template leaves reference cycles (Jinja's context and the macros imported with it, holding
        # the face's fields): collected once a segment, they do not pile up in the old generation until the
        # collector's rare full pass (S10000: a worker ~7 MB smaller, for ~35 ms a segment)
        gc.collect()
        return drawn
    except PnpError as error:  # sent back whole when it pickles, else as its message
        import pickle

        try:
            return pickle.loads(pickle.dumps(error))
        except Exception:  # noqa: BLE001  (any pickling failure: the message still goes back)
            return PnpError(str(error))


def write_segment(document: Document, faces: Mapping, pages: range, memory: DrawingMemory | None,
                  used: set | None = None) -> tuple[bytes, dict[str, list[str]]]:
    """Sheet pages `pages` as one cairo PDF (resources de-duplicated), and the blanks their faces print.
    With `memory`, a segment an earlier build drew from the same input is reused (its key added to `used`)."""
    marked = MarkedFaces(faces)
    key = None
    if memory is not None:
        key = _segment_key(document, pages, marked)
        if key is not None:
            used.add(key)
            kept = memory.segments.get(key)
            if kept is not None:
                return kept
    temp = _segment_path(document, pages)
    try:
        _draw_segment(document, marked, pages, memory, temp)
        data = temp.read_bytes()
    finally:
        temp.unlink(missing_ok=True)
    if key is not None:
        memory.segments[key] = (data, marked.marks)
    return data, marked.marks


def _segment_file(document: Document, faces: Mapping, pages: range) -> tuple[SegmentFile, dict[str, list[str]]]:
    """`write_segment` in a worker: the PDF is left in the staging folder for the parent (SegmentFile)."""
    marked = MarkedFaces(faces)
    temp = _segment_path(document, pages)
    try:
        _draw_segment(document, marked, pages, None, temp)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return SegmentFile(temp), marked.marks


def _segment_path(document: Document, pages: range) -> Path:
    return document.folder / f".segment-{pages.start:06d}-{os.getpid()}.pdf"


def _draw_segment(document: Document, faces: MarkedFaces, pages: range, memory: DrawingMemory | None,
                  temp: Path) -> None:
    """Draw sheet pages `pages` into the PDF file `temp`, its resources de-duplicated."""
    imposition = document.imposition
    recorder = FaceRecorder(faces, document.roots, document.reused, memory)
    cuts = CutLines()
    first = imposition.pages[pages.start]
    surface = _surface(temp, first.width, first.height, document.footer.kit_name)
    context = cairo.Context(surface)
    for index in pages:
        page = imposition.pages[index]
        surface.set_size(page.width, page.height)
        draw_page(context, page, recorder, cuts, index + 1 + document.lead, document.total, document.footer)
        context.show_page()
    surface.finish()
    dedupe_resources(temp)


def _cover_segment(document: Document, cover, memory: DrawingMemory | None = None) -> bytes:
    """The cover's pages as one cairo PDF. A watch keeps the last one drawn for each kit: a cover saying the same
    (its content, laid out on the same paper in the same typeface) with the same footer is not drawn again."""
    key = (cover.content, cover.width, cover.height, cover.duplex, len(cover.pages), document.total,
           document.footer, document.typeface)
    if memory is not None:
        kept = memory.covers.get(document.footer.kit_name)
        if kept is not None and kept[0] == key:
            return kept[1]
    data = _draw_cover(document, cover)
    if memory is not None:
        memory.covers[document.footer.kit_name] = (key, data)
    return data


def _draw_cover(document: Document, cover) -> bytes:
    from generator.impose import Page

    temp = document.folder / f".segment-cover-{os.getpid()}.pdf"
    try:
        surface = _surface(temp, cover.width, cover.height, document.footer.kit_name)
        context = cairo.Context(surface)
        for index in range(len(cover.pages)):
            surface.set_size(cover.width, cover.height)
            cover.draw(context, index)
            draw_footer(context, Page("cover", cover.width, cover.height), index + 1, document.total, document.footer)
            context.show_page()
        surface.finish()
        dedupe_resources(temp)
        return temp.read_bytes()
    finally:
        temp.unlink(missing_ok=True)


def _surface(path: Path, width: float, height: float, title: str):
    surface = cairo.PDFSurface(str(path), width, height)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
    surface.set_metadata(cairo.PDF_METADATA_CREATOR, "pnpgen")
    return surface


def _segment_key(document: Document, pages: range, faces: MarkedFaces) -> _Key | None:
    """Everything a segment's bytes depend on, as a dictionary key (compared whole, not only hashed): its
    pages (pieces, places, marks, and so each face's spec), their numbers, the footer, the typeface, which of
    its faces the kit places more than once, and the SVG of faces drawn by built-in drawers, which see the
    whole kit and not only their spec. Template faces need no look-up: within a watch their SVG follows from
    their spec (a change to templates, art or fonts starts the watch's memory afresh). None when a page
    holds something that cannot be a key (nothing is then kept)."""
    sheets = document.imposition.pages[pages.start:pages.stop]
    keys, drawn = set(), []
    for page in sheets:
        for face in [face_of(p) for p in page.placements] + ([page.tiled.front, page.tiled.back] if page.tiled else []):
            if face is not None and face.key not in keys:
                keys.add(face.key)
                if face.template.startswith("@"):
                    drawn.append((face.key, hashlib.sha1(faces[face.key].svg.encode()).digest()))
    try:
        return _Key((pages.start, document.lead, document.total, document.footer, document.typeface, document.roots,
                     frozenset(keys & document.reused), tuple(drawn), sheets))
    except TypeError:
        return None


class _Key:
    """A segment's key: hashed once (hashing its pages walks every piece), compared whole on a match."""

    __slots__ = ("value", "hash")

    def __init__(self, value: tuple):
        self.value, self.hash = value, hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other) -> bool:
        return isinstance(other, _Key) and self.hash == other.hash and self.value == other.value
