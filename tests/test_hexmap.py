"""Hex maps (kind `hexmap`): End of Resources' 127-cell map tiled on A4, read back from the written PDF.

The tiles are laid together the way a person would: by putting one tile's alignment crosses on its
neighbour's. Then neighbouring cell centres (found from the cells' printed coordinates) must be one hex
apart across every tile boundary, and every cell must be whole on some tile.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
from dataclasses import dataclass
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ManifestError
from generator.geometry.hexgrid import Axial, HexLayout, edge, hexagon_map, map_edge
from generator.geometry.hexgrid import chain_segments
from generator.kinds.hexmapshape import map_cells, visual_rows
from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build
from generator.units import mm, to_mm

KIT = Path(__file__).resolve().parents[1] / "components" / "end_of_resources"
HEX_MM = 28.0          # the kit's across-flats size: the distance between neighbouring centres
OVERLAP_MM = 10.0
MARK_RED = (0.85, 0, 0.3)
CROSS_ARM_MM = 5.0
CELL_NAME = re.compile(r"^[A-M]\d{1,2}$")
CLIP = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re W n")


@dataclass(frozen=True)
class TilePage:
    """What one tile page shows, in page millimetres (y down): its visible area, crosses and cells."""

    label: str
    clip: tuple[float, float, float, float]  # x0, y0, x1, y1
    crosses: tuple[tuple[float, float], ...]
    cells: dict[str, tuple[float, float]]   # cell name -> centre of its printed name, when wholly visible
    board: tuple[float, float, float, float]  # the board's cut rectangle (drawn whole, shown clipped)
    page_size: tuple[float, float]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("eor")
    result = build(KIT, BuildOptions(out=out, reference=False))
    return result, json.loads(result.report.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tiles(built) -> dict[str, TilePage]:
    import pdfplumber
    from pypdf import PdfReader

    result, _ = built
    reader = PdfReader(result.pdf)
    found = {}
    with pdfplumber.open(result.pdf) as pdf:
        for index, text in enumerate(_page_texts(result.pdf)):
            label = re.search(r"\bTile ([A-Z]\d+)\b", text)
            if label is not None:
                found[label[1]] = _read_tile(label[1], pdf.pages[index], reader.pages[index].get_contents().get_data())
    return found


def _page_texts(pdf_path) -> list[str]:
    return subprocess.run(["pdftotext", str(pdf_path), "-"], check=True, capture_output=True, text=True).stdout.split("\f")


def _read_tile(label: str, page, content: bytes) -> TilePage:
    # the tile's clip starts at the printable area's corner (the page may also hold the assembly plan's
    # miniature and packed pieces, each with clips of its own)
    x, y, w, h = next(box for box in (tuple(to_mm(float(v)) for v in m.groups()) for m in CLIP.finditer(content))
                      if abs(box[0] - 5.5) < 0.1 and abs(box[1] - 5.5) < 0.1 and box[2] > 50)
    clip = (x, y, x + w, y + h)
    crosses = _crosses(page)
    cells = {}
    for word in page.extract_words():
        box = tuple(to_mm(v) for v in (word["x0"], word["top"], word["x1"], word["bottom"]))
        if CELL_NAME.match(word["text"]) and clip[0] <= box[0] and box[2] <= clip[2] and clip[1] <= box[1] and box[3] <= clip[3]:
            cells[word["text"]] = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    rect = next(r for r in page.rects if r.get("stroking_color") == (0.45, 0.45, 0.45))
    board = tuple(to_mm(v) for v in (rect["x0"], rect["top"], rect["x1"], rect["bottom"]))
    return TilePage(label, clip, tuple(crosses), cells, board, (to_mm(page.width), to_mm(page.height)))


def _crosses(page) -> list[tuple[float, float]]:
    """Centres of the alignment crosses: a red horizontal and a red vertical arm of equal length crossing."""
    arms_h, arms_v = [], []
    for line in page.lines:
        if line.get("stroking_color") != MARK_RED:
            continue
        length = to_mm(max(line["x1"] - line["x0"], line["bottom"] - line["top"]))
        if abs(length - CROSS_ARM_MM) > 0.1:
            continue
        centre = (to_mm((line["x0"] + line["x1"]) / 2), to_mm((line["top"] + line["bottom"]) / 2))
        (arms_h if line["bottom"] - line["top"] < 0.01 else arms_v).append(centre)
    return [h for h in arms_h if any(math.dist(h, v) < 0.01 for v in arms_v)]


def _shift(a: TilePage, b: TilePage, across: bool) -> tuple[float, float]:
    """The translation that lays tile b onto tile a as the tile instructions say: b's cut edge on a's dashed
    line (the overlap inside a's edge), the outer edges flush. a's crosses lie in that overlap, under b."""
    if across:
        shift = (a.clip[2] - OVERLAP_MM - b.clip[0], a.clip[1] - b.clip[1])
        covered = [p for p in a.crosses if p[0] > a.clip[2] - OVERLAP_MM]
    else:
        shift = (a.clip[0] - b.clip[0], a.clip[3] - OVERLAP_MM - b.clip[1])
        covered = [p for p in a.crosses if p[1] > a.clip[3] - OVERLAP_MM]
    assert len(covered) == 3, (a.label, b.label, a.crosses)
    return shift


def _neighbours(labels) -> list[tuple[str, str, bool]]:
    """(tile, right or lower neighbour, across?) for every shared tile edge."""
    pairs = []
    for label in labels:
        row, col = label[0], int(label[1:])
        if f"{row}{col + 1}" in labels:
            pairs.append((label, f"{row}{col + 1}", True))
        below = f"{chr(ord(row) + 1)}{col}"
        if below in labels:
            pairs.append((label, below, False))
    return pairs


def test_build_json_records_the_map_and_its_cells(built):
    _, report = built
    board = next(c for c in report["components"] if c["id"] == "map")
    assert board["kind"] == "hexmap" and board["count"] == 1 and board["cells"] == 127
    assert report["paper"] == "a4"


def test_map_prints_on_a4_tiles_with_an_assembly_page(built, tiles):
    result, _ = built
    assert sorted(tiles) == ["A1", "A2", "B1", "B2"]
    for tile in tiles.values():
        assert sorted(round(v) for v in tile.page_size) == [210, 297]
        x0, y0, x1, y1 = tile.clip
        # crosses only in the strips glued under the right and lower neighbours: none shows once assembled
        assert all(x > x1 - OVERLAP_MM or y > y1 - OVERLAP_MM for x, y in tile.crosses), tile.label
        assert len(tile.crosses) == 3 * ((tile.label[1] == "1") + (tile.label[0] == "A")), tile.label
    assert any("Assembly" in text for text in _page_texts(result.pdf))


def test_neighbouring_cells_are_one_hex_apart_across_tile_boundaries(tiles):
    checked = 0
    for first, second, across in _neighbours(tiles):
        a, b = tiles[first], tiles[second]
        dx, dy = _shift(a, b, across)
        moved = {name: (x + dx, y + dy) for name, (x, y) in b.cells.items()}
        for name in a.cells.keys() & moved.keys():  # printed on both tiles: must land on itself
            assert math.dist(a.cells[name], moved[name]) < 0.2, (first, second, name)
        only_a = {n: p for n, p in a.cells.items() if n not in moved}
        only_b = {n: p for n, p in moved.items() if n not in a.cells}
        for (na, pa), (nb, pb) in product(only_a.items(), only_b.items()):
            gap = math.dist(pa, pb)
            if gap < 1.5 * HEX_MM:
                assert abs(gap - HEX_MM) < 0.2, (first, second, na, nb, gap)
                checked += 1
    assert checked >= 20  # there really are neighbours split between tiles


def test_tiles_overlap_and_cover_the_whole_board(tiles):
    """Laid together by their crosses, neighbouring tiles overlap by 10 mm and leave no gap on the board."""
    origin = {"A1": (0.0, 0.0)}
    for first, second, across in sorted(_neighbours(tiles), key=lambda p: (p[0], not p[2])):
        if second in origin:
            continue
        dx, dy = _shift(tiles[first], tiles[second], across)
        origin[second] = (origin[first][0] + dx, origin[first][1] + dy)
        a, b = tiles[first], tiles[second]
        if across:
            overlap = a.clip[2] - (b.clip[0] + dx)
        else:
            overlap = a.clip[3] - (b.clip[1] + dy)
        assert abs(overlap - OVERLAP_MM) < 0.2, (first, second, overlap)
    areas = [(t.clip[0] + origin[n][0], t.clip[1] + origin[n][1], t.clip[2] + origin[n][0], t.clip[3] + origin[n][1])
             for n, t in tiles.items()]
    x0, y0, x1, y1 = tiles["A1"].board
    steps = 120
    for i, j in product(range(steps + 1), repeat=2):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * j / steps
        assert any(a[0] - 0.01 <= x <= a[2] + 0.01 and a[1] - 0.01 <= y <= a[3] + 0.01 for a in areas), (x, y)


def test_every_cell_is_whole_on_some_tile(tiles):
    shown = set().union(*(t.cells for t in tiles.values()))
    rows = "ABCDEFGHIJKLM"
    expected = {f"{rows[r]}{i + 1}" for r in range(13) for i in range(13 - abs(6 - r))}
    assert len(expected) == 127
    assert shown == expected


def test_playing_areas_and_legend_are_printed(built):
    result, _ = built
    text = " ".join(_page_texts(result.pdf))
    for label in ("2 players", "3 players", "4 players", "5-6 players", "Meadow", "Tundra"):
        assert label in text


# -- the kind's own logic ------------------------------------------------------------------------------
def test_picture_lines_must_match_the_rows(write_kit):
    folder = write_kit("""\
        kit: {name: Bad map}
        components:
          - id: map
            kind: hexmap
            map:
              side: 2
              across_flats: 20mm
              orientation: pointy
              terrain: {a: "#aaaaaa"}
              picture:
                - "a a"
                - "a a a a"
                - "a a"
        """)
    with pytest.raises(ManifestError) as caught:
        load_manifest(folder)
    messages = [str(p) for p in caught.value.problems]
    assert any(":12:" in m and "picture[1]" in m and "has 4 cells" in m and "has 3" in m for m in messages), messages


def test_regions_off_the_map_are_reported(write_kit):
    folder = write_kit("""\
        kit: {name: Bad map}
        components:
          - id: map
            kind: hexmap
            map: {side: 3, across_flats: 20mm, regions: [{label: too big, within: 4}]}
        """)
    with pytest.raises(ManifestError) as caught:
        load_manifest(folder)
    assert any("off the map" in str(p) and p.line == 5 for p in caught.value.problems)


@settings(max_examples=40, deadline=None)
@given(side=st.integers(min_value=1, max_value=9), orientation=st.sampled_from(["flat", "pointy"]))
def test_rows_hold_every_cell_once(side, orientation):
    cells = map_cells({"side": side})
    assert len(cells) == 3 * side * (side - 1) + 1
    rows = visual_rows(HexLayout(orientation, 1.0), cells)
    flattened = [c for row in rows for c in row]
    assert sorted(flattened, key=lambda c: (c.q, c.r)) == sorted(cells, key=lambda c: (c.q, c.r))
    if orientation == "pointy":
        assert [len(r) for r in rows] == [side + i for i in range(side)] + [2 * side - 2 - i for i in range(side - 1)]


@settings(max_examples=60, deadline=None)
@given(cells=st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=25))
def test_outline_chains_use_every_edge_once_and_close(cells):
    members = [Axial(q, r) for q, r in sorted(cells)]
    layout = HexLayout("flat", mm(10))
    segments = [edge(layout, c, d) for c, d in map_edge(members)]
    chains = chain_segments(segments)
    assert sum(len(chain) - 1 for chain in chains) == len(segments)
    for chain in chains:  # every boundary of a set of hexes is a closed loop
        assert math.dist(chain[0], chain[-1]) < 1e-6


def test_hexagon_map_of_side_seven_has_127_cells():
    assert len(hexagon_map(7)) == 127
    assert len(map_cells({"side": 7})) == 127


def test_assembly_page_shows_the_whole_map_in_miniature(built, tiles):
    """The assembly plan (an inset beside a tile, or a page of its own) draws the board itself, scaled down,
    under the tile outlines: every cell name is on it, smaller than on the tiles, and the map's cells keep their
    relative positions."""
    import pdfplumber

    result, _ = built
    texts = _page_texts(result.pdf)
    index = next(i for i, text in enumerate(texts) if "Assembly" in text)
    tile = next((t for t in tiles.values() if re.search(rf"\bTile {t.label}\b", texts[index])), None)
    with pdfplumber.open(result.pdf) as pdf:
        words = pdf.pages[index].extract_words()
    if tile is not None:  # an inset: the plan's words lie outside the tile
        words = [w for w in words if to_mm(w["x0"]) > tile.clip[2] or to_mm(w["top"]) > tile.clip[3]]
    names = {w["text"]: w for w in words if CELL_NAME.match(w["text"])}
    tile_names = set().union(*(tile.cells for tile in tiles.values()))
    # an inset is small: a few of its 1-point cell names run into a neighbour's when the text is read back
    assert set(names) <= tile_names and len(tile_names) == 127 and len(names) >= 0.9 * 127
    a, b = names["G1"], names["G2"]  # neighbours in one row of the map: one hex apart, scaled
    gap_mm = to_mm(math.hypot(b["x0"] - a["x0"], b["top"] - a["top"]))
    assert 0.15 * HEX_MM < gap_mm < 0.9 * HEX_MM, gap_mm  # an inset is drawn at about a fifth of full size


def test_region_labels_stay_clear_of_every_tile_edge(built):
    """A region's label ('3 players') sits off the map's middle, where a tiled map is cut: on every tile page it is
    printed whole inside the tile or not at all, and each label is printed whole on some tile."""
    import pdfplumber
    from pypdf import PdfReader

    result, _ = built
    reader = PdfReader(result.pdf)
    whole = set()
    with pdfplumber.open(result.pdf) as pdf:
        for index, text in enumerate(_page_texts(result.pdf)):
            label = re.search(r"\bTile ([A-Z]\d+)\b", text)
            if label is None:
                continue
            page = pdf.pages[index]
            tile = _read_tile(label[1], page, reader.pages[index].get_contents().get_data())
            words = page.extract_words()
            for before, word in zip(words, words[1:]):
                if word["text"] != "players":
                    continue
                box = tuple(to_mm(v) for v in (before["x0"], word["top"], word["x1"], word["bottom"]))
                board = tile.board
                if not (board[0] <= box[0] and box[2] <= board[2] and board[1] <= box[1] and box[3] <= board[3]):
                    continue  # the legend under the map, not a label on it
                inside = tile.clip[0] <= box[0] and box[2] <= tile.clip[2] and tile.clip[1] <= box[1] and box[3] <= tile.clip[3]
                outside = box[2] <= tile.clip[0] or box[0] >= tile.clip[2] or box[3] <= tile.clip[1] or box[1] >= tile.clip[3]
                assert inside or outside, f"tile {tile.label}: '{before['text']} players' crosses the tile's edge"
                if inside:
                    whole.add(before["text"])
    assert {"2", "3", "4", "5-6"} <= whole


def test_the_drawer_gets_the_map_as_a_frozen_drawing_in_points():
    """The builder hands drawer '@hexmap' a MapDrawing (FaceSpec.drawing, points), not millimetres in the fields:
    the board's size, its cells' centres and the margin are the same lengths in the same unit."""
    from generator.kinds.hexmap import MapDrawing
    from generator.model import build_kit

    spec = load_manifest(KIT)
    piece = next(p for p in build_kit(spec, spec.players_max).pieces if p.front.template == "@hexmap")
    drawing = piece.front.drawing
    assert isinstance(drawing, MapDrawing) and "_map" not in piece.front.fields
    again = next(p for p in build_kit(spec, spec.players_max).pieces if p.front.template == "@hexmap").front.drawing
    assert again is not drawing and again == drawing and hash(again) == hash(drawing)  # frozen all the way down
    assert len(drawing.cells) == 127
    assert drawing.margin == pytest.approx(mm(10)) and drawing.radius == pytest.approx(mm(HEX_MM) / math.sqrt(3))
    left, top = drawing.margin, drawing.map_top
    assert all(left < x < piece.width - left and top < y < drawing.map_bottom for x, y in (c.centre for c in drawing.cells))
