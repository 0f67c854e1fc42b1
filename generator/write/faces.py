"""SVG faces drawn with cairo: a face used more than once is recorded once (one PDF Form XObject), a face
used once is drawn straight onto the sheet and forgotten, so memory does not grow with the kit.

Each face is drawn by write/svgdraw.py, or by write/cairosvgdraw.py (the one module that patches cairosvg) when
it is not pnpgen's own: the text blocks the render stage hands over (RenderedFace.text_blocks) are shaped again
with the layout's own shaping (render/shaping.py, cached: the same glyphs that were measured) and drawn with one
show_text_glyphs call per font run, its clusters tying glyphs to characters so the PDF's text extracts in
logical order, instead of cairosvg's letter-by-letter path, where nearly all rendering time went. A face of nothing but plain shapes and text blocks is read without
an XML parser (write/ownsvg.py) and drawn without cairosvg.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Mapping, Set

from generator.art import check_art, check_embedded
from generator.errors import TemplateError, UnsafeResourceError
from generator.render import RenderedFace
from generator.render.limits import FaceTimeout, face_guard, face_seconds, timeout_text
from generator.write.directcalls import DirectCalls
from generator.write.svgdraw import cairo, draw_svg


class SafeFetcher:
    """Loads images only from inside the allowed folders (the kit, pnpgen's templates) or data: URLs."""

    def __init__(self, roots: tuple[Path, ...]):
        self.roots = tuple(r.resolve() for r in roots)

    def __call__(self, url: str, resource_type: str) -> bytes:
        from urllib.parse import unquote, urlparse

        if resource_type == "text/css":  # a CSS @import: pnpgen reads no external stylesheets (art.py warns)
            return b""
        if url.startswith("data:"):
            from cairosvg.url import fetch

            return check_embedded(fetch(url, resource_type))
        parsed = urlparse(url)
        if parsed.scheme not in {"", "file"}:
            raise UnsafeResourceError(f"art refers to {url!r}: pnpgen never fetches from the network")
        path = Path(unquote(parsed.path)).resolve()
        if not any(path == r or r in path.parents for r in self.roots):
            raise UnsafeResourceError(f"art refers to {path}, which is outside the kit folder")
        if not path.is_file():
            raise UnsafeResourceError(f"art refers to {path}, which does not exist")
        check_art(path, self.roots)  # size, type, entities, <use> bombs, and every file it refers to
        return path.read_bytes()


class DrawingMemory:
    """What one process keeps between builds (`pnpgen build --watch`): each face's drawing calls and
    recordings, keyed by its SVG document and outline, so a rebuild redraws only the faces that changed.
    Replaying the calls makes exactly the cairo calls drawing would, so the PDF bytes do not change."""

    def __init__(self) -> None:
        self.calls: dict[bytes, list] = {}
        self.compiled: dict[bytes, list] = {}  # the same calls bound to cairo's C functions, for replay
        self.recordings: dict[bytes, cairo.RecordingSurface] = {}
        self.segments: dict[tuple, tuple] = {}  # a large document's segments by what they show (write/segments.py)
        self.layouts: dict[str, dict] = {}  # each kit's last imposition, reused when only faces changed (relayout.py)
        # each kit's template faces as rendered, by key, under their fingerprint (render_faces' `kept`)
        self.faces: dict[str, tuple[str, dict]] = {}
        self.merged: dict[bytes, object] = {}  # each segment as the last merge wrote it (write/merge.py)
        self.covers: dict[str, tuple] = {}  # each kit's last cover segment, with what it shows (write/segments.py)

    def replay(self, document: bytes, context) -> None:
        """Make the calls recorded for `document` again on `context` (a translated, clipped page)."""
        compiled = self.compiled.get(document)
        if compiled is None:
            compiled = self.compiled[document] = _compile(self.calls[document])
        pointer = context._pointer
        for function, args, bound in compiled:
            if function is None:
                getattr(context, bound)(*args)
            else:
                function(pointer, *args)
        context._check_status()  # cairo's errors are sticky: one check after the batch sees them all


# Context methods whose C function takes exactly the method's arguments: replayed without cairocffi's
# per-call wrapper and status check, which were most of a watched rebuild's time.
_DIRECT = frozenset({
    "move_to", "line_to", "rel_move_to", "rel_line_to", "curve_to", "rel_curve_to", "save", "restore",
    "translate", "scale", "rotate", "set_line_width", "set_miter_limit", "fill", "fill_preserve", "stroke",
    "stroke_preserve", "clip", "clip_preserve", "new_path", "new_sub_path", "close_path", "rectangle", "arc",
    "arc_negative", "set_font_size", "set_line_cap", "set_line_join", "set_fill_rule", "paint",
    "paint_with_alpha", "set_source_rgb",
})


def _compile(calls: list) -> list:
    """(C function or None, arguments, method name) per recorded call. A run of glyphs becomes its C array once
    (cairocffi makes it anew at every call), kept alive in the arguments for every replay."""
    library, ffi = cairo.cairo, cairo.ffi
    compiled = []
    for name, args in calls:
        if name in _DIRECT:
            compiled.append((getattr(library, f"cairo_{name}"), tuple(args), name))
        elif name == "set_source_rgba":
            compiled.append((library.cairo_set_source_rgba, (*args, 1.0)[:4], name))
        elif name == "show_glyphs":
            glyphs = ffi.new("cairo_glyph_t[]", args[0])
            compiled.append((library.cairo_show_glyphs, (glyphs, len(glyphs)), name))
        elif name == "show_text_glyphs":
            text, glyphs, clusters, *flags = args
            glyphs, clusters = ffi.new("cairo_glyph_t[]", glyphs), ffi.new("cairo_text_cluster_t[]", clusters)
            compiled.append((library.cairo_show_text_glyphs,
                             (ffi.new("char[]", text if isinstance(text, bytes) else text.encode("utf-8")), -1, glyphs, len(glyphs), clusters,
                              len(clusters), *(flags or (0,))), name))
        else:
            compiled.append((None, tuple(args), name))
    return compiled


class FaceRecorder:
    """Draws faces where the pages need them: `paint(context, key, piece, x, y, outline)`.

    A face used more than once is recorded once, clipped to its piece's outline inside the recording,
    so each further use is a single Form XObject reference. A face used once is drawn straight onto
    the page and nothing of it is kept; when its SVG document comes back under another key (a shared
    back whose fields differ only in values it does not show), the document is recorded then and shared.

    A tiled board is never a shared recording, as cairo 1.16 mishandles recordings painted on several
    pages under different clips: a bounded one keeps only what its first use showed (later tiles come
    out blank), an unbounded one can get a whole later page rasterised. Its drawing calls are kept
    instead and replayed on each tile page.
    """

    def __init__(self, faces: Mapping[str, RenderedFace], roots: tuple[Path, ...], reused: Set[str],
                 memory: DrawingMemory | None = None):
        self.faces = faces
        self.reused = reused  # keys of the faces placed more than once
        self.fetcher = SafeFetcher(roots)
        self.memory = memory
        # digest of SVG and outline -> recording made or reused in this build; `kept` holds those of earlier builds
        # in this process (the memory's): a rebuild reuses them, but decides what to record exactly as a fresh
        # build does, so a watched rebuild writes the bytes a fresh build writes
        self.recordings: dict[bytes, cairo.RecordingSurface] = {}
        self.kept: dict[bytes, cairo.RecordingSurface] = memory.recordings if memory else {}
        self.recorded: dict[tuple, cairo.RecordingSurface] = {}    # (face key, outline, size) -> the same
        self.drawn: set[bytes] = set()  # documents drawn once straight onto a page
        self.replays: dict[str, list] = {}  # face key -> drawing calls, for tiled boards
        self.direct: tuple | None = None  # (context, its DirectCalls): the page's, made once for its faces

    def paint(self, context, key: str, piece, x: float, y: float, outline, tiled: bool = False) -> None:
        """Draw face `key` with its bleed box's top-left at (x, y), clipped by `outline(context, x, y)`.

        `outline` adds the piece's outline grown by its bleed, for a bleed box whose top-left is (x, y);
        `tiled` says the placement is one tile of a board split across pages.
        """
        if tiled:
            self._paint_tile(context, key, x, y, outline)
            return
        shape = (piece.outline, piece.width, piece.height, piece.bleed)
        surface = self.recorded.get((key, *shape))
        if surface is None:
            face = self.faces[key]
            document = hashlib.sha1(f"{face.svg}{shape!r}".encode("utf-8")).digest()  # the SVG, on this outline
            surface = self.recordings.get(document)
            if surface is None and key not in self.reused and document not in self.drawn:
                self.drawn.add(document)
                context.save()
                outline(context, x, y)
                context.clip()
                self._draw_or_replay(face, document, context, x, y)
                context.restore()
                context.new_path()  # cairosvg leaves a current point; the path is not part of the saved state
                return
            if surface is None:
                surface = self.kept.get(document) or self._record(face, outline)
                self.recordings[document] = self.kept[document] = surface
            self.recorded[(key, *shape)] = surface
        context.set_source_surface(surface, x, y)
        context.paint()

    def _draw_or_replay(self, face: RenderedFace, document: bytes, context, x: float, y: float) -> None:
        """Draw a single-use face, or replay the calls an earlier build in this process made for it."""
        if self.memory is None:
            self._draw(face, context, x, y)
            return
        if document not in self.memory.calls:
            self.memory.calls[document] = self._draw(face, context, x, y, keep_calls=True)
            return
        context.translate(x, y)
        self.memory.replay(document, context)

    def paint_miniature(self, context, key: str, x: float, y: float, scale: float, outline) -> None:
        """Face `key` drawn `scale` times its size with its bleed box's top-left at (x, y): an assembly page's
        picture of a tiled board. The calls kept for its tiles are replayed at that scale (the same calls a
        fresh drawing makes: they are made in the face's own units); a face no tile drew yet is drawn and its
        calls kept."""
        context.save()
        context.translate(x, y)
        context.scale(scale, scale)
        outline(context, 0.0, 0.0)
        context.clip()
        self._draw_kept(key, context)
        context.restore()
        context.new_path()

    def _draw_kept(self, key: str, context) -> None:
        """Draw face `key` at the origin, replaying its kept drawing calls when there are some, else keeping them."""
        calls = self.replays.get(key)
        if calls is None:
            self.replays[key] = self._draw(self.faces[key], context, 0.0, 0.0, keep_calls=True)
            return
        for name, args in calls:
            getattr(context, name)(*args)

    def _paint_tile(self, context, key: str, x: float, y: float, outline) -> None:
        context.save()
        outline(context, x, y)
        context.clip()
        context.translate(x, y)
        self._draw_kept(key, context)
        context.restore()
        context.new_path()

    def _record(self, face: RenderedFace, outline) -> cairo.RecordingSurface:
        surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
        context = cairo.Context(surface)
        outline(context, 0.0, 0.0)
        context.clip()
        self._draw(face, context, 0.0, 0.0)
        return surface

    def _draw(self, face: RenderedFace, context, x: float, y: float, keep_calls: bool = False) -> list | None:
        """Draw `face` through `context`; with keep_calls, return the drawing calls made (to replay them)."""
        if self.direct is None or self.direct[0] is not context:
            self.direct = (context, DirectCalls(context))
        direct = self.direct[1]
        try:
            with face_guard("drawing"):  # the kit's time limit per face, as for its template
                text_blocks = face.text_blocks  # None: blocks the render stage could not hand over
                if text_blocks is None:
                    calls = draw_svg(face.svg, None, direct, x, y, self.fetcher, keep_calls)
                else:
                    calls = draw_svg(text_blocks.placeholder_svg, text_blocks.lines, direct, x, y, self.fetcher,
                                     keep_calls)
                direct.check()  # cairo's first error, if a call made one (write/directcalls.py)
                return calls
        except UnsafeResourceError as exc:
            raise UnsafeResourceError(f"{face.origin or face.key}: {exc}") from None
        except FaceTimeout as exc:
            raise TemplateError(f"{face.origin or face.key}: {exc.what or timeout_text('drawing', face_seconds())}") from None
        except MemoryError as exc:
            if "CAIRO_STATUS_NO_MEMORY" in str(exc):  # also what cairo says of an image it cannot read
                raise TemplateError(f"{face.origin or face.key}: cannot draw the face: cairo could not read an image "
                                    "in it, or ran out of memory") from None
            raise TemplateError(f"{face.origin or face.key}: drawing the face ran out of memory") from None
        except Exception as exc:  # cairosvg raises many kinds for malformed SVG; name the face instead
            raise TemplateError(f"{face.origin or face.key}: cannot draw the face: {type(exc).__name__}: {exc}") from exc
