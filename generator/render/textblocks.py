"""Render stage, the template helper's text blocks handed on as data: while a face renders, each block the helper
writes is recorded with its laid-out lines; `separate_text_blocks` then gives the face's SVG with each block left
as a numbered placeholder (the document the writer draws) and the blocks' lines, so nothing parses them back.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

# One positioned <tspan> of a block: its x and y as written in the SVG (mm), its text, and whether it runs
# right to left — what the writer's text drawer (write/glyphs.py) reads from a node's `lines`.
BlockLine = tuple[str, str, str, bool]

BLOCK_START = '<text class="pnp-line"'  # how every block the helper writes begins
BLOCK_END = "</text>"


@dataclass(frozen=True)
class TextBlocks:
    """One face's text blocks: `placeholder_svg` is its SVG with block n written as the empty element
    `<text class="pnp-line" data-block="n" …/>` (the block's own attributes kept), `lines[n]` that block's lines."""

    placeholder_svg: str
    lines: tuple[tuple[BlockLine, ...], ...]


# The blocks the helper wrote while the current face rendered: its markup -> (attributes, lines).
_recording: ContextVar[dict[str, tuple[str, tuple[BlockLine, ...]]] | None] = ContextVar("text_blocks", default=None)


@contextmanager
def recorded_text_blocks() -> Iterator[dict[str, tuple[str, tuple[BlockLine, ...]]]]:
    """Record, for the face rendered inside, every text block the template helper writes."""
    record: dict[str, tuple[str, tuple[BlockLine, ...]]] = {}
    token = _recording.set(record)
    try:
        yield record
    finally:
        _recording.reset(token)


def record_text_block(markup: str, attributes: str, lines: tuple[BlockLine, ...]) -> None:
    """The helper wrote `markup` (`BLOCK_START` + `attributes` + '>' + its tspans + `BLOCK_END`): keep its lines."""
    record = _recording.get()
    if record is not None:
        record[markup] = (attributes, lines)


def separate_text_blocks(svg: str, record: dict[str, tuple[str, tuple[BlockLine, ...]]]) -> TextBlocks | None:
    """`svg` with every text block, in document order, replaced by its numbered placeholder, and the blocks' lines.

    None when `svg` holds a block the helper did not write as it stands (a template that rewrote the helper's
    output, or wrote such an element itself): the writer then reads that face's blocks from its SVG.
    """
    lines: list[tuple[BlockLine, ...]] = []
    for start, end in _blocks(svg):
        found = record.get(svg[start:end]) if end >= 0 else None
        if found is None:
            return None
        lines.append(found[1])
    return with_placeholders(svg, tuple(lines))


def with_placeholders(svg: str, lines: tuple[tuple[BlockLine, ...], ...]) -> TextBlocks:
    """The blocks of `svg` (the helper's, as `separate_text_blocks` found them) given `lines`: its n-th block
    written as `<text class="pnp-line" data-block="n" …/>`, the block's own attributes kept. The face cache keeps
    the SVG and the lines only: the placeholder document follows from them."""
    parts: list[str] = []
    position = 0
    for number, (start, end) in enumerate(_blocks(svg)):
        attributes = svg[start + len(BLOCK_START):svg.find(">", start)]  # the helper escapes '>' in values
        parts += [svg[position:start], f'{BLOCK_START} data-block="{number}"{attributes}/>']
        position = end
    parts.append(svg[position:])
    return TextBlocks("".join(parts), lines)


def _blocks(svg: str) -> Iterator[tuple[int, int]]:
    """Where each text block of `svg` starts and ends (end -1 for one never closed, the last)."""
    position = 0
    while (start := svg.find(BLOCK_START, position)) >= 0:
        end = svg.find(BLOCK_END, start)
        if end < 0:
            yield start, -1
            return
        yield start, end + len(BLOCK_END)
        position = end + len(BLOCK_END)
