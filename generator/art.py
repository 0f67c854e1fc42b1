"""Art files (SVG, PNG, JPEG) checked before anything draws them: `check_art(path, roots)` raises UnsafeResourceError
saying what is wrong, so hostile or broken art fails clearly instead of hanging, exhausting memory or reading
outside the kit. Used by the manifest loader (located errors) and the writer's fetcher (files SVGs refer to).

References are followed (`<image>`, `<use>`, `<tref>` naming other files, and SVGs embedded as data: URLs) with
cycle detection — a file that refers to itself, two that refer to each other, a loop through `<use>` — and at
most MAX_ART_DEPTH files deep. What pnpgen reads but does not draw is returned as notes for a warning (an error
under --strict): scripts and event attributes, `<foreignObject>`, and styles from elsewhere (CSS `@import`,
`url()` naming another file or address, `<?xml-stylesheet?>`) — none of them is ever read or run.
"""

from __future__ import annotations

import base64
import re
import struct
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, unquote_to_bytes, urlparse

from generator.errors import UnsafeResourceError

MAX_ART_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 50_000_000      # a 600 dpi A3 scan is 70 MB decoded; beyond that cairo runs out of memory
MAX_SVG_DEPTH = 100          # cairosvg recurses per level; Inkscape drawings nest a few dozen at most
MAX_SVG_ELEMENTS = 50_000    # elements drawn once every <use> is expanded
MAX_ART_DEPTH = 8            # art referring to art referring to art …: a logo in a frame in a card is 3
SVG_NS = "{http://www.w3.org/2000/svg}"
HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


def check_art(path: Path, roots: tuple[Path, ...]) -> tuple[str, ...]:
    """Raise UnsafeResourceError unless `path` is art pnpgen can draw safely; files it refers to are checked too.
    Return what of it pnpgen ignores (scripts, foreign objects, external styles), one note each."""
    notes: list[str] = []
    _walk(path.resolve(), tuple(r.resolve() for r in roots), (), notes)
    return tuple(dict.fromkeys(notes))


def _walk(path: Path, roots: tuple[Path, ...], chain: tuple[Path, ...], notes: list[str]) -> None:
    """Check `path` and, depth first, every file it refers to; `chain` is the files that led here."""
    if path in chain:
        loop = " -> ".join(p.name for p in (*chain[chain.index(path):], path))
        raise UnsafeResourceError(f"{chain[0].name}: art refers back to itself ({loop}); drawing it would never end")
    if len(chain) >= MAX_ART_DEPTH:
        raise UnsafeResourceError(f"{chain[0].name}: art refers to art more than {MAX_ART_DEPTH} files deep "
                                  f"({' -> '.join(p.name for p in (*chain, path))})")
    stat = path.stat()
    references, ignored = _check_file(path, stat.st_size, stat.st_mtime_ns)
    notes.extend(f"{path.name}: {note}" for note in ignored)
    for href in references:
        referred = _referred_file(path, href, roots)
        if referred is not None:
            _walk(referred, roots, (*chain, path), notes)


@lru_cache(maxsize=256)
def _check_file(path: Path, size: int, mtime: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One file's own checks, cached by size and modification time (a face drawn a thousand times checks its
    art once): (the files it refers to, what it holds that pnpgen ignores)."""
    if size > MAX_ART_BYTES:
        raise UnsafeResourceError(f"{path.name} is larger than {MAX_ART_BYTES // 2**20} MiB")
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        raise UnsafeResourceError(f"{path.name}: compressed SVG (.svgz) is not accepted; save it as plain .svg")
    suffix = path.suffix.lower()
    if suffix == ".png":
        _check_png(path.name, data)
    elif suffix in {".jpg", ".jpeg"}:
        _check_jpeg(path.name, data)
    elif suffix == ".svg":
        found = _check_svg(path.name, data, path)
        return tuple(found.references), tuple(found.ignored)
    else:
        raise UnsafeResourceError(f"{path.name}: art is .svg, .png or .jpg")
    return (), ()


def check_embedded(data: bytes) -> bytes:
    """Check art embedded in a data: URL (an SVG may nest another this way) and return it."""
    if len(data) > MAX_ART_BYTES:
        raise UnsafeResourceError(f"embedded art is larger than {MAX_ART_BYTES // 2**20} MiB")
    if data.startswith(b"\x89PNG"):
        _check_png("embedded PNG", data)
    elif data.startswith(b"\xff\xd8"):
        _check_jpeg("embedded JPEG", data)
    elif data[:2] == b"\x1f\x8b":
        raise UnsafeResourceError("embedded art is compressed (svgz), which is not accepted")
    else:
        _check_svg("embedded SVG", data)
    return data


def _check_png(name: str, data: bytes) -> None:
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or data[12:16] != b"IHDR":
        raise UnsafeResourceError(f"{name} is not a PNG image{_looks_like(data)}")
    if b"IEND" not in data[-32:]:
        raise UnsafeResourceError(f"{name} is cut short (the PNG has no end); export it again")
    width, height = struct.unpack(">II", data[16:24])
    _check_pixels(name, width, height)
    _check_png_data(name, data)


def _check_png_data(name: str, data: bytes) -> None:
    """Walk the chunks and inflate the image data (throwing it away as it comes): cairo reports a damaged PNG as
    'out of memory', long after the manifest was read."""
    import zlib

    position, inflate = 8, zlib.decompressobj()
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if len(body) < length or data[position + 8 + length:position + 12 + length] != struct.pack(
                ">I", zlib.crc32(kind + body)):
            raise UnsafeResourceError(f"{name} is damaged (its {kind.decode('latin-1')!r} chunk does not check); export it again")
        if kind == b"IDAT":
            try:
                while body and not inflate.eof:
                    inflate.decompress(body, 2**20)
                    body = inflate.unconsumed_tail
            except zlib.error:
                raise UnsafeResourceError(f"{name}: the PNG's image data is damaged; export it again") from None
        elif kind == b"IEND":
            break
        position += 12 + length
    if not inflate.eof:
        raise UnsafeResourceError(f"{name}: the PNG's image data is cut short; export it again")


def _check_jpeg(name: str, data: bytes) -> None:
    if not data.startswith(b"\xff\xd8\xff"):
        raise UnsafeResourceError(f"{name} is not a JPEG image{_looks_like(data)}")
    position = 2
    while position + 9 < len(data):  # walk the markers to the frame header, which holds the size
        if data[position] != 0xFF:
            raise UnsafeResourceError(f"{name}: the JPEG is damaged; export it again")
        marker = data[position + 1]
        length = struct.unpack(">H", data[position + 2:position + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in {0xC4, 0xC8, 0xCC}:
            height, width = struct.unpack(">HH", data[position + 5:position + 9])
            _check_pixels(name, width, height)
            return
        position += 2 + length
    raise UnsafeResourceError(f"{name}: the JPEG has no image size; export it again")


def _check_pixels(name: str, width: int, height: int) -> None:
    if width * height > MAX_PIXELS:
        raise UnsafeResourceError(f"{name} is {width} × {height} pixels, more than {MAX_PIXELS // 1_000_000} "
                                  "megapixels; scale it down")


def _looks_like(data: bytes) -> str:
    head = data[:256].lstrip()
    if head.startswith((b"<?xml", b"<svg", b"<!--")):
        return " (it holds SVG text: give it the .svg extension)"
    return ""


class _Svg:
    """What one SVG document (and any SVG embedded in it as a data: URL) refers to and holds."""

    def __init__(self) -> None:
        self.references: list[str] = []  # hrefs naming other files
        self.ignored: list[str] = []     # notes on what pnpgen ignores


def _check_svg(name: str, data: bytes, path: Path | None = None, found: _Svg | None = None, depth: int = 0) -> _Svg:
    """Parse without entities or DTDs; refuse deep nesting and <use> chains that multiply; collect the files it
    refers to and what it holds that is ignored. `path`: the file (its own name in an href is a local reference)."""
    import defusedxml.ElementTree as SafeTree
    from defusedxml import DefusedXmlException
    from xml.etree.ElementTree import ParseError

    found = found if found is not None else _Svg()
    try:
        root = SafeTree.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise UnsafeResourceError(f"{name} declares XML entities (<!ENTITY>), which pnpgen does not read") from None
    except ParseError as exc:
        line, column = exc.position
        raise UnsafeResourceError(f"{name} is not well-formed SVG: line {line}, column {column + 1}: "
                                  f"{str(exc).split(':')[0]}") from None
    if root.tag not in {f"{SVG_NS}svg", "svg"}:
        raise UnsafeResourceError(f"{name} is not an SVG drawing (its outer element is <{root.tag.split('}')[-1]}>)")
    if b"<?xml-stylesheet" in data:
        found.ignored.append("an <?xml-stylesheet?> is ignored (pnpgen reads no external stylesheets)")
    elements, hrefs = _elements(name, root, found)
    local = {}
    for href in hrefs:
        parsed = urlparse(href)
        if href.startswith("data:"):
            embedded = _data_url(href)
            if embedded is not None and (embedded.lstrip()[:5] in (b"<?xml", b"<svg ", b"<svg>", b"<!DOC")
                                         or b"<svg" in embedded[:1024]):
                if depth + 1 >= MAX_ART_DEPTH:
                    raise UnsafeResourceError(f"{name} embeds SVG in SVG more than {MAX_ART_DEPTH} levels deep")
                _check_svg(f"{name} (embedded SVG)", embedded, None, found, depth + 1)
            elif embedded is not None:
                check_embedded(embedded)
        elif path is not None and parsed.scheme in {"", "file"} and parsed.fragment and parsed.path \
                and (path.parent / unquote(parsed.path)).resolve() == path:
            local[href] = parsed.fragment  # 'this-file.svg#id' is '#id'
        else:
            found.references.append(href)
    _check_expansion(name, root, elements, local)
    return found


def _data_url(href: str) -> bytes | None:
    """The bytes a data: URL holds (None when it is malformed: cairosvg then draws nothing)."""
    head, comma, body = href.partition(",")
    if not comma:
        return None
    try:
        if head.endswith(";base64"):
            return base64.b64decode(unquote(body), validate=False)
        return unquote_to_bytes(body)
    except ValueError:
        return None


_CSS_IMPORT = re.compile(r"@import\s+(?:url\(\s*)?[\"']?([^\"')\s;]*)", re.IGNORECASE)
_CSS_URL = re.compile(r"url\(\s*[\"']?([^\"')]*)", re.IGNORECASE)
_LOCAL = ("#", "data:")


def _css_notes(css: str, found: _Svg) -> None:
    """External styles in CSS text: @import of a file or address, url() naming another file. None is read."""
    for target in _CSS_IMPORT.findall(css):
        found.ignored.append(f"CSS @import of {target[:80]!r} is ignored (pnpgen reads no external stylesheets; "
                             "put the rules in the SVG's own <style>)")
    for target in _CSS_URL.findall(_CSS_IMPORT.sub("", css)):
        target = target.strip()
        if target and not target.startswith(_LOCAL):
            found.ignored.append(f"CSS url({target[:80]!r}) is ignored (only url(#id) of the same file is drawn)")


def _elements(name: str, root, found: _Svg) -> tuple[dict[str, object], list[str]]:
    """Elements by id and every href other than '#id', walking without recursion (the depth is what is checked);
    what pnpgen ignores goes to `found.ignored`."""
    by_id: dict[str, object] = {}
    hrefs: list[str] = []
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_SVG_DEPTH:
            raise UnsafeResourceError(f"{name} nests elements more than {MAX_SVG_DEPTH} levels deep")
        tag = element.tag.split("}")[-1] if isinstance(element.tag, str) else ""
        if tag == "script":
            found.ignored.append("a <script> is ignored (pnpgen runs no scripts)")
        elif tag == "foreignObject":
            found.ignored.append("a <foreignObject> is ignored (HTML inside SVG is not drawn)")
            continue  # what it holds is not SVG: neither drawn nor followed
        elif tag == "style" and element.text:
            _css_notes(element.text, found)
        if "id" in element.attrib:
            by_id[element.attrib["id"]] = element
        for attribute, value in element.attrib.items():
            if attribute in HREFS:
                href = value.strip()
                if href and not href.startswith("#"):
                    hrefs.append(href)
            elif attribute.lower().startswith("on"):
                found.ignored.append(f"an {attribute}= attribute is ignored (pnpgen runs no scripts)")
            elif "url(" in value:
                _css_notes(value, found)
        stack.extend((child, depth + 1) for child in element)
    return by_id, hrefs


def _check_expansion(name: str, root, by_id: dict[str, object], local: dict[str, str] | None = None) -> None:
    """Count the elements drawn once <use> references are expanded (ten levels of ten uses is 10^10), and
    refuse a <use> that leads back to itself; cairosvg would otherwise run for minutes or recurse to death."""
    cost: dict[int, int] = {}
    active: set[int] = set()
    stack = [(root, False)]
    while stack:
        element, children_done = stack.pop()
        key = id(element)
        if key in cost:
            continue
        successors = list(element)
        target = by_id.get(_local_href(element, local)) if element.tag in {f"{SVG_NS}use", "use"} else None
        if target is not None:
            successors.append(target)
        if not children_done:
            if key in active:
                raise UnsafeResourceError(f"{name}: a <use> refers to an element that contains it")
            active.add(key)
            stack.append((element, True))
            for successor in successors:
                if id(successor) in active:
                    raise UnsafeResourceError(f"{name}: a <use> refers to an element that contains it")
                stack.append((successor, False))
            continue
        active.discard(key)
        cost[key] = min(1 + sum(cost[id(s)] for s in successors), MAX_SVG_ELEMENTS + 1)
    if cost[id(root)] > MAX_SVG_ELEMENTS:
        raise UnsafeResourceError(f"{name} would draw more than {MAX_SVG_ELEMENTS} elements once its nested <use> "
                                  "references are expanded")


def _local_href(element, local: dict[str, str] | None = None) -> str | None:
    for attribute in HREFS:
        href = element.attrib.get(attribute, "").strip()
        if href.startswith("#"):
            return href[1:]
        if local and href in local:
            return local[href]
    return None


def _referred_file(svg: Path, href: str, roots: tuple[Path, ...]) -> Path | None:
    """The file an SVG's href names, which must lie inside the kit; None for a fragment of that file."""
    parsed = urlparse(href)
    if parsed.scheme not in {"", "file"}:
        raise UnsafeResourceError(f"{svg.name} refers to {href!r}: pnpgen never fetches from the network")
    if not parsed.path:
        return None
    target = (svg.parent / unquote(parsed.path)).resolve()
    if not any(target == r or r in target.parents for r in roots):
        raise UnsafeResourceError(f"{svg.name} refers to {target}, which is outside the kit folder")
    if not target.is_file():
        raise UnsafeResourceError(f"{svg.name} refers to {href!r}, which does not exist")
    return target
