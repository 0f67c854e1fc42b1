"""Seams of tiled boards, read back from the written PDF: a board too big for the paper is cut between its words.

A tile laid over its neighbour shows its own cut edge as the seam of the finished board (its left edge in a
second column, its top edge in a second row). No title, region badge or legend entry may run across that edge:
the tiler moves the seam, within the paper's reach, so each is printed whole on the tile that shows it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hypothesis import given, settings, strategies as st

from generator.impose.tiles import _cut_counter, _spans
from generator.pipeline import BuildOptions, build
from generator.units import mm, to_mm

KITS = Path(__file__).resolve().parents[1] / "components"
CLIP = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re W n")
TILE = re.compile(r"^([A-Z])(\d+)$")
CELL_NAME = re.compile(r"^[A-Z]{1,2}\d{1,2}$")  # a cell's own small coordinate, not a word of the board's


def _tile_pages(pdf_path: Path) -> list[dict]:
    """Each tile page: its label, the tile's visible rectangle (mm, y down) and the words on the page."""
    import pdfplumber
    from pypdf import PdfReader

    reader = PdfReader(pdf_path)
    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for index, page in enumerate(pdf.pages):
            words = page.extract_words()
            label = next((b["text"] for a, b in zip(words, words[1:]) if a["text"] == "Tile" and TILE.match(b["text"])),
                         None)
            if label is None:
                continue
            content = reader.pages[index].get_contents().get_data()
            # the tile's clip: the largest on the page (the content stream runs y down, as the page is read)
            x, y, w, h = max((tuple(float(v) for v in m.groups()) for m in CLIP.finditer(content)),
                             key=lambda box: abs(box[2] * box[3]))
            clip = tuple(to_mm(v) for v in (x, y, x + w, y + h))
            boxes = [(word["text"], tuple(to_mm(v) for v in (word["x0"], word["top"], word["x1"], word["bottom"])))
                     for word in words]
            found.append({"label": label, "clip": clip, "words": boxes})
    return found


def _seam_crossings(pages: list[dict]) -> list[str]:
    """Words of the board cut by a seam seen on the finished board (the over-laid tile's cut edge)."""
    bad = []
    for page in pages:
        row, col = TILE.match(page["label"]).groups()
        x0, y0, x1, y1 = page["clip"]
        for text, (a, top, b, bottom) in page["words"]:
            if CELL_NAME.match(text) or b <= x0 or a >= x1 or bottom <= y0 or top >= y1:
                continue  # a cell's coordinate, or a word off the tile (the footer, the assembly plan)
            if int(col) > 1 and a < x0 - 0.05 < b:
                bad.append(f"tile {page['label']}: {text!r} crosses its left edge")
            if row > "A" and top < y0 - 0.05 < bottom:
                bad.append(f"tile {page['label']}: {text!r} crosses its top edge")
    return bad


def _whole_on_a_tile(pages: list[dict]) -> set[str]:
    whole = set()
    for page in pages:
        x0, y0, x1, y1 = page["clip"]
        whole |= {text for text, (a, top, b, bottom) in page["words"]
                  if x0 - 0.05 <= a and b <= x1 + 0.05 and y0 - 0.05 <= top and bottom <= y1 + 0.05}
    return whole


MAP = """\
kit:
  name: Seams
  players: {min: 2, max: 4}
components:
  - id: land
    name: Land
    kind: hexmap
    map:
      shape: rectangle
      rows: 4
      cols: 11
      orientation: pointy
      across_flats: 28mm
      title: Borderlands
      terrain:
        plain: {colour: "#e8dcb0", label: Plains}
        wood: {colour: "#9cc28a", label: Woods}
        lake: {colour: "#a9cfe8", label: Lakes}
        hill: {colour: "#d9b38c", label: Hills}
      picture:
        - plain plain wood wood lake lake hill hill plain plain wood
        - plain plain wood wood lake lake hill hill plain plain wood
        - plain plain wood wood lake lake hill hill plain plain wood
        - plain plain wood wood lake lake hill hill plain plain wood
      regions:
        - {label: Centre, cells: [[5, 0], [6, 0], [5, 1]]}
        - {label: North, cells: [[6, 0], [7, 0]]}
        - {label: East, cells: [[9, 0], [10, 0]]}
"""


def test_a_seam_keeps_clear_of_a_maps_title_badges_and_legend(write_kit, tmp_path):
    """A 342 mm map on two A4 tiles: every split the paper offers unmoved (equal halves or a full first tile, on
    either orientation) runs its seam through the centred title or a region's badge; the tiler moves it
    between them."""
    result = build(write_kit(MAP), BuildOptions(out=tmp_path / "out", reference=False, cover=False))
    pages = _tile_pages(result.pdf)
    assert sorted(p["label"] for p in pages) == ["A1", "A2"]
    assert _seam_crossings(pages) == []
    assert {"Borderlands", "Centre", "North", "East", "Plains", "Woods", "Lakes", "Hills"} <= _whole_on_a_tile(pages)


@pytest.mark.parametrize("kit", ["end_of_resources", "resource_hog"])
def test_no_seam_of_a_kits_maps_runs_through_a_word(kit, tmp_path):
    result = build(KITS / kit, BuildOptions(out=tmp_path / "out", reference=False, cover=False))
    pages = _tile_pages(result.pdf)
    maps = [p for p in pages if any(text == "players" or text == "Unclaimed" for text, _ in p["words"])]
    assert maps
    assert _seam_crossings(maps) == []


def test_spans_move_a_seam_off_a_word_as_little_as_they_can():
    length, available, overlap = mm(342), mm(199), mm(10)
    equal = _spans(length, 2, available, overlap, False)
    assert [round(to_mm(s), 3) for s in equal] == [176.0, 176.0]
    word = (mm(160), mm(175))  # the equal split's seam (the second tile's cut edge, 166 mm) runs through it
    moved = _spans(length, 2, available, overlap, False, (word,))
    seam = moved[0] - overlap
    assert not word[0] < seam < word[1]
    assert to_mm(seam) == pytest.approx(175.0, abs=0.01)  # the nearer side of the word
    assert sum(moved) - overlap == pytest.approx(length)
    assert max(moved) <= available + 1e-6
    # nowhere to go: a word longer than the seam's reach is cut, the tiles stay equal
    assert _spans(length, 2, available, overlap, False, ((mm(100), mm(250)),)) == equal


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), max_size=8), st.integers(-5, 70))
def test_a_cut_runs_through_the_stretches_strictly_around_it(stretches, at):
    """The bisecting counter against the definition: stretches with a + 1e-6 < x < b - 1e-6, shared ends,
    empty and reversed stretches included."""
    keep = tuple((float(a), float(b)) for a, b in stretches)
    for x in (at, at + 1e-7, at - 1e-7, at + 0.5):
        assert _cut_counter(keep)(x) == sum(1 for a, b in keep if a + 1e-6 < x < b - 1e-6)
