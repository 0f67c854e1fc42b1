"""Art files (SVG, PNG, JPEG) checked before anything draws them: `check_art(path, roots)` raises UnsafeResourceError
saying what is wrong, so hostile or broken art fails clearly instead of hanging, exhausting memory or reading
outside the kit. Used by the manifest loader (located errors) and the writer's fetcher (files SVGs refer to)."""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlparse

from generator.errors import UnsafeResourceError

MAX_ART_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 50_000_000      # a 600 dpi A3 scan is 70 MB decoded; beyond that cairo runs out of memory
MAX_SVG_DEPTH = 100          # cairosvg recurses per level; Inkscape drawings nest a few dozen at most
MAX_SVG_ELEMENTS = 50_000    # elements drawn once every <use> is expanded
SVG_NS = "{http://www.w3.org/2000/svg}"
HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


def check_art(path: Path, roots: tuple[Path, ...]) -> None:
    """Raise UnsafeResourceError unless `path` is art pnpgen can draw safely; files it refers to are checked too."""
    stat = path.stat()
    _check_file(path.resolve(), tuple(r.resolve() for r in roots), stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=256)
def _check_file(path: Path, roots: tuple[Path, ...], size: int, mtime: int) -> None:
    """Cached by size and modification time: a face drawn a thousand times checks its art once."""
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
        for target in _check_svg(path.name, data):
            referred = _referred_file(path, target, roots)
            if referred is not None:
                check_art(referred, roots)
    else:
        raise UnsafeResourceError(f"{path.name}: art is .svg, .png or .jpg")


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


def _check_svg(name: str, data: bytes) -> list[str]:
    """Parse without entities or DTDs; refuse deep nesting and <use> chains that multiply; return the hrefs."""
    import defusedxml.ElementTree as SafeTree
    from defusedxml import DefusedXmlException
    from xml.etree.ElementTree import ParseError

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
    elements, hrefs = _elements(name, root)
    _check_expansion(name, root, elements)
    return hrefs


def _elements(name: str, root) -> tuple[dict[str, object], list[str]]:
    """Elements by id and every external href, walking without recursion (the depth is what is checked)."""
    by_id: dict[str, object] = {}
    hrefs: list[str] = []
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_SVG_DEPTH:
            raise UnsafeResourceError(f"{name} nests elements more than {MAX_SVG_DEPTH} levels deep")
        if "id" in element.attrib:
            by_id[element.attrib["id"]] = element
        for attribute in HREFS:
            href = element.attrib.get(attribute, "").strip()
            if href and not href.startswith(("#", "data:")):
                hrefs.append(href)
        stack.extend((child, depth + 1) for child in element)
    return by_id, hrefs


def _check_expansion(name: str, root, by_id: dict[str, object]) -> None:
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
        target = by_id.get(_local_href(element)) if element.tag in {f"{SVG_NS}use", "use"} else None
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


def _local_href(element) -> str | None:
    for attribute in HREFS:
        href = element.attrib.get(attribute, "").strip()
        if href.startswith("#"):
            return href[1:]
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
