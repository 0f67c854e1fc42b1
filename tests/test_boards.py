"""Boards drawn from tables (generator.kinds.boards, generator.render.boards): prices, slots and true sizes
read back from written PDFs, layout properties, and manifest errors with file:line."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ManifestError
from generator.impose import Paper, SheetOptions, impose_sheets
from generator.kinds.tables import DrawnColumn, DrawnRow, DrawnTable, TableCell, table_layout
from generator.manifest import load_manifest
from generator.model import Kit, build_kit
from generator.paths import TEMPLATES_DIR
from generator.pipeline import BuildOptions, build
from generator.render import render_faces
from generator.units import mm
from tests.conftest import ROOT, SEEDS, cut_outlines, needs_seed

PT_MM = 25.4 / 72
RESOURCE_HOG = ROOT / "components" / "resource_hog"
RULEBOOK = SEEDS / "000_132d53c3a753e285.txt"
BIG_PAPER = Paper("big", mm(600), mm(800), mm(5))


# -- helpers shared by the board, track, mat and die tests ------------------------------------------------
def pieces_pdf(kit_dir: Path, ids: set[str], target: Path, paper: Paper = BIG_PAPER) -> tuple[Path, list]:
    """Write only the pieces of components `ids` (all players' sets) to `target`; return it and the pages."""
    from generator.write import write_pdf

    spec = load_manifest(kit_dir)
    kit = build_kit(spec, spec.players_max)
    pieces = tuple(p for p in kit.pieces if p.component_id in ids)
    faces = render_faces(Kit(spec, kit.players, pieces))
    imposition = impose_sheets(pieces, SheetOptions(paper, mm(1)))
    write_pdf(imposition, faces, target, spec.name, (spec.root, TEMPLATES_DIR))
    return target, list(imposition.pages)


def stroked_circles(pdf: Path, page_index: int = 0) -> Counter:
    """Stroked round shapes on a page, as Counter{diameter in mm (0.1 mm steps): count}."""
    import pdfplumber

    found: Counter = Counter()
    with pdfplumber.open(pdf) as doc:
        for shape in doc.pages[page_index].curves:
            w, h = (shape["x1"] - shape["x0"]) * PT_MM, (shape["bottom"] - shape["top"]) * PT_MM
            curved = any(segment[0] == "c" for segment in shape.get("path", []))
            if shape.get("stroke") and curved and abs(w - h) < 0.05:
                found[round(w, 1)] += 1
    return found


def number_rows(pdf: Path, page_index: int = 0) -> list[list[int]]:
    """Whole numbers printed on a page, grouped into lines (same top, ±1 pt), each line read left to right."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        words = [w for w in doc.pages[page_index].extract_words() if re.fullmatch(r"\d+", w["text"])]
    lines: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (w["top"], w["x0"])):
        if lines and abs(lines[-1][0]["top"] - word["top"]) <= 1.0:
            lines[-1].append(word)
        else:
            lines.append([word])
    return [[int(w["text"]) for w in sorted(line, key=lambda w: w["x0"])] for line in lines]


def rulebook_trading_table(text: str) -> tuple[list[int], list[list[int]]]:
    """(spaces per column, price rows top to bottom) from the rulebook's 'Trading board' table."""
    block = text.split("\nTrading board\n", 1)[1].split("\nBuilding summary", 1)[0]
    spaces, rows = [], []
    for line in block.splitlines():
        numbers = [int(n) for n in re.findall(r"\b\d+\b", line)]
        if line.startswith("Spaces"):
            spaces = numbers
        elif numbers:
            rows.append(numbers)
    return spaces, rows


# -- a self-contained board: always runs ---------------------------------------------------------------------
FIXTURE_BOARD = """
kit:
  name: Board fixture
components:
  - id: coin
    kind: chip
    size: 25mm
    count: 1
    print: false
  - id: market
    kind: board
    board:
      title: Market
      table:
        corner: Price
        slot_for: coin
        slots: [2, 1]
        columns: [Grain, Stone]
        rows:
          - {label: Top, slots: 0, cells: [41, 97]}
          - {label: High, cells: [12, 58]}
          - {label: Low, cells: [7, 33]}
"""


@pytest.fixture(scope="module")
def fixture_board(tmp_path_factory):
    folder = tmp_path_factory.mktemp("board_fixture")
    (folder / "kit.yaml").write_text(FIXTURE_BOARD, encoding="utf-8")
    result = build(folder, BuildOptions(out=folder / "out", reference=False, cover=False))
    return result.pdf


def test_fixture_board_prints_every_price_in_its_row_and_column(fixture_board):
    assert number_rows(fixture_board)[:3] == [[41, 97], [12, 58], [7, 33]]


def test_fixture_board_slots_are_the_token_size_plus_margins(fixture_board):
    # 25 mm coins + 2 mm on each side; 2 + 1 slots in the two rows that take goods
    assert stroked_circles(fixture_board) == {29.0: 6}


def test_fixture_board_trim_box_is_the_board(fixture_board):
    from pypdf import PdfReader

    page = PdfReader(fixture_board).pages[0]
    spec = load_manifest(fixture_board.parents[2] / "kit.yaml")
    piece = next(p for p in build_kit(spec, 1).pieces if p.component_id == "market")
    width, height = float(page.trimbox.width) * PT_MM, float(page.trimbox.height) * PT_MM
    assert width == pytest.approx(piece.width * PT_MM, abs=0.05)
    assert height == pytest.approx(piece.height * PT_MM, abs=0.05)
    # the table: label column 26 + Grain (2 slots of 29 mm beside an 11 mm price) + Stone (1 slot) + borders
    assert width == pytest.approx(5 + 26 + (1.5 + 11 + 1.5 + 29 + 1.5 + 29 + 1.5) + (1.5 + 11 + 1.5 + 29 + 1.5) + 5, abs=0.05)


def test_oversize_board_is_tiled_with_an_assembly_page(tmp_path):
    big = FIXTURE_BOARD.replace("slots: [2, 1]", "slots: [6, 5]")
    (tmp_path / "kit.yaml").write_text(big, encoding="utf-8")
    _, pages = pieces_pdf(tmp_path, {"market"}, tmp_path / "big.pdf", Paper("a4", mm(210), mm(297), mm(5)))
    kinds = Counter(page.kind for page in pages)
    plans = [page for page in pages if page.tiles]  # a plan page, or the plan as an inset on a tile page
    assert len(plans) == 1 and kinds["tile"] >= 2 and kinds["assembly"] == (plans[0].inset is None)


# -- Resource Hog's trading board against its rulebook ------------------------------------------------------
needs_seeds = needs_seed(RULEBOOK)


@pytest.fixture(scope="module")
def trading_board(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trading_board")
    pdf, _ = pieces_pdf(RESOURCE_HOG, {"trading_board"}, folder / "board.pdf")
    return pdf


@needs_seeds
def test_trading_board_prices_match_the_rulebook_table(trading_board):
    _, rows = rulebook_trading_table(RULEBOOK.read_text(encoding="utf-8"))
    assert len(rows) == 12
    printed = number_rows(trading_board)
    assert printed[:len(rows)] == rows


@needs_seeds
def test_trading_board_has_the_rulebook_spaces_at_true_size(trading_board):
    spaces, rows = rulebook_trading_table(RULEBOOK.read_text(encoding="utf-8"))
    assert spaces == [2, 2, 2, 1, 1]
    priced_rows = len(rows) - 2  # nothing is placed on the Over MAX and LOW rows
    circles = stroked_circles(trading_board)
    # food, salt and arms take the 22 mm chips, slaves and mercenaries the 25 mm discs (+1 mm margins)
    assert circles[23.0] == sum(spaces[:3]) * priced_rows
    assert circles[26.0] == sum(spaces[3:]) * priced_rows
    assert set(circles) == {23.0, 26.0}


def test_the_slave_and_mercenary_stacks_beside_the_board_hold_six_discs_each(tmp_path):
    pdf, pages = pieces_pdf(RESOURCE_HOG, {"stacks"}, tmp_path / "stacks.pdf")
    assert stroked_circles(pdf) == {29.0: 12}  # 25 mm discs, 2 mm round each
    assert number_rows(pdf)[:2] == [[6, 5, 4], [3, 2, 1]]


def test_trading_board_prints_on_four_a4_tiles_with_its_plan_inset(tmp_path):
    _, pages = pieces_pdf(RESOURCE_HOG, {"trading_board"}, tmp_path / "a4.pdf", Paper("a4", mm(210), mm(297), mm(5)))
    kinds = Counter(page.kind for page in pages)
    assert kinds == {"tile": 4} and pages[0].tiles and pages[0].inset is not None


# -- layout properties ----------------------------------------------------------------------------------------
def _table(columns: list[tuple[int, float]], rows: list[list[tuple[str, int]]]) -> DrawnTable:
    return DrawnTable(
        tuple(DrawnColumn(f"c{j}", "#ffffff", "#000000", n, mm(size), mm(size), "disc") for j, (n, size) in enumerate(columns)),
        tuple(DrawnRow(f"r{i}", "#ffffff", "#000000", None, tuple(TableCell(text, n) for text, n in row))
              for i, row in enumerate(rows)),
        "", mm(26.0), mm(22.0), mm(10.0), mm(12.0), "#ffffff", "#ffffff")


@st.composite
def tables(draw):
    n_columns = draw(st.integers(1, 5))
    sizes = [draw(st.floats(5, 40)) for _ in range(n_columns)]
    n_rows = draw(st.integers(1, 6))
    rows = [[(draw(st.sampled_from(["", "7", "45"])), draw(st.integers(0, 3))) for _ in range(n_columns)]
            for _ in range(n_rows)]
    return _table([(0, s) for s in sizes], rows)


@settings(max_examples=60, deadline=None)
@given(tables())
def test_slots_lie_inside_their_cells_and_never_overlap(table):
    layout = table_layout(table)
    boxes = []
    for cell in layout.cells:
        for slot in cell.slots:
            assert cell.x - 1e-6 <= slot.x and slot.x + slot.w <= cell.x + cell.w + 1e-6
            assert cell.y - 1e-6 <= slot.y and slot.y + slot.h <= cell.y + cell.h + 1e-6
            boxes.append(slot)
        tx, ty, tw, th = cell.text_box
        assert tw >= 0 and th >= 0 and cell.x - 1e-6 <= tx and tx + tw <= cell.x + cell.w + 1e-6
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6
    assert layout.width == pytest.approx(sum(layout.column_w))
    assert layout.height == pytest.approx(table.header_height + sum(layout.row_h))


# -- manifest errors ---------------------------------------------------------------------------------------------
def test_a_row_with_the_wrong_number_of_cells_is_reported_with_its_line(write_kit):
    kit = write_kit(FIXTURE_BOARD.replace("cells: [12, 58]", "cells: [12]"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    message = str(error.value)
    assert re.search(r"kit\.yaml:2[0-9]:\d+: components\[1\]\.board\.table\.rows\[1\]\.cells: this row has 1 cells for 2 columns",
                     message), message


def test_an_unknown_slot_token_names_the_known_components(write_kit):
    kit = write_kit(FIXTURE_BOARD.replace("slot_for: coin", "slot_for: coins"))
    with pytest.raises(ManifestError) as error:
        build_kit(load_manifest(kit), 1)
    assert "unknown component 'coins'" in str(error.value) and "coin" in str(error.value)
    assert re.search(r"kit\.yaml:\d+", str(error.value))


def test_a_columns_own_slot_size_is_read_at_load_and_reported_where_written(write_kit):
    stone = "{label: Stone, slot_size: huge}"
    kit = write_kit(FIXTURE_BOARD.replace("columns: [Grain, Stone]", f"columns: [Grain, {stone}]"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert re.search(r"kit\.yaml:18:41: components\[1\]\.board\.table\.columns\[1\]\.slot_size: 'huge' is not a size",
                     str(error.value)), str(error.value)


def test_unknown_board_keys_are_refused_with_a_hint(write_kit):
    kit = write_kit(FIXTURE_BOARD.replace("corner: Price", "coner: Price"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert "unknown key 'coner' (did you mean 'corner'?)" in str(error.value)


# -- two-sided boards, and a board's own size ---------------------------------------------------------------------
TWO_SIDED = """
kit:
  name: Two-sided board
components:
  - id: score
    kind: board
    board:
      title: Side A
      tracks:
        - {title: Two or three players, spaces: FRONT_SPACES}
    sides:
      back:
        board:
          title: Side B
          tracks:
            - {title: Four or five players, spaces: 14, space_size: BACK_SPACE}
"""
GROUND = (0.956863, 0.92549, 0.847059)  # the board's paper ground, drawn over trim and bleed


def two_sided_kit(folder: Path, front_spaces: int = 12, back_space: str = "22mm", extra: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = TWO_SIDED.replace("FRONT_SPACES", str(front_spaces)).replace("BACK_SPACE", back_space)
    (folder / "kit.yaml").write_text(text + extra, encoding="utf-8")
    return folder


def page_boxes(pdf: Path) -> list[dict]:
    """Per page: its size, words and the ground boxes (filled with the board's ground) in mm, read from the PDF."""
    import pdfplumber

    pages = []
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            grounds = [(s["x0"] * PT_MM, s["top"] * PT_MM, s["x1"] * PT_MM, s["bottom"] * PT_MM) for s in page.rects
                       if s.get("fill") and tuple(s.get("non_stroking_color") or ()) == GROUND]
            pages.append({"size": (float(page.width) * PT_MM, float(page.height) * PT_MM), "grounds": grounds,
                          "words": [w["text"] for w in page.extract_words()]})
    return pages


def turned_over(box: tuple[float, ...], page_size: tuple[float, float], duplex: str) -> tuple[float, ...]:
    """Where a box on a back page lies, seen from the front, once the printer has turned the sheet over.

    The sheet turns about its long or its short edge. A portrait page's long edges are its sides (the back
    is mirrored left to right); a landscape page's long edges are its top and bottom (mirrored top to bottom).
    """
    width, height = page_size
    portrait = width <= height
    left_right = portrait == (duplex == "long-edge")
    x0, y0, x1, y1 = box
    return (width - x1, y0, width - x0, y1) if left_right else (x0, height - y1, x1, height - y0)


@pytest.mark.parametrize("paper,front_spaces,back_space,duplex", [
    ("a3", 12, "22mm", "long-edge"),   # 342.5 mm wide: fits A3 only turned to landscape
    ("a3", 12, "22mm", "short-edge"),
    ("a4", 5, "8mm", "long-edge"),     # 136.5 mm wide: packed on a portrait A4 sheet like any two-sided piece
    ("a4", 5, "8mm", "short-edge"),
])
def test_a_two_sided_board_prints_its_back_behind_its_front(tmp_path, paper, front_spaces, back_space, duplex):
    import json

    kit = two_sided_kit(tmp_path / "kit", front_spaces, back_space)
    result = build(kit, BuildOptions(out=tmp_path / "out", paper=paper, duplex=duplex, reference=False, cover=False))
    pages = page_boxes(result.pdf)
    assert len(pages) == 2
    front, back = pages
    assert "A" in front["words"] and "B" not in front["words"]  # titles "Side A" / "Side B"
    assert "B" in back["words"] and "A" not in back["words"]
    # one board each side, as large as the larger side needs, each side's content centred on it
    assert len(front["grounds"]) == len(back["grounds"]) == 1
    seen = turned_over(back["grounds"][0], back["size"], duplex)
    assert seen == pytest.approx(front["grounds"][0], abs=0.05)
    [(size, count)] = cut_outlines(result.pdf).items()
    space = float(back_space[:-2])
    # spaces and gaps, track padding, board borders; title band, track title band, track padding, borders
    front_size = (front_spaces * 21.5 - 1.5 + 5 + 10, 20 + 5 + 7 + 12 + 10)
    back_size = (14 * (space + 1.5) - 1.5 + 5 + 10, space + 5 + 7 + 12 + 10)
    assert size == pytest.approx((max(front_size[0], back_size[0]), max(front_size[1], back_size[1])), abs=0.05)
    assert count == 1
    assert json.loads(result.report.read_text())["duplex_pages"] == [1, 2]


def _ground_pixels(png: Path) -> tuple[float, float, float, float]:
    """Bounding box (mm, 50 dpi) of the pixels in the board's ground colour on a rendered page."""
    from PIL import Image

    image = Image.open(png).convert("RGB")
    target = tuple(round(c * 255) for c in GROUND)
    xs, ys = [], []
    pixels = image.load()
    for y in range(image.height):
        for x in range(image.width):
            if all(abs(a - b) <= 3 for a, b in zip(pixels[x, y], target)):
                xs.append(x)
                ys.append(y)
    px = 25.4 / 50
    return min(xs) * px, min(ys) * px, (max(xs) + 1) * px, (max(ys) + 1) * px


def test_a_two_sided_board_too_big_for_the_paper_is_tiled_on_both_sides(tmp_path):
    import json
    import subprocess

    kit = two_sided_kit(tmp_path / "kit")
    result = build(kit, BuildOptions(out=tmp_path / "out", paper="a4", reference=False, cover=False))
    pages = page_boxes(result.pdf)
    report = json.loads(result.report.read_text())
    # each tile with its back, every page printed double-sided; the assembly plan is an inset beside tile A1
    # (front: the board's front and its tiles; back: the back and where each tile lies once turned over)
    assert len(pages) == 4 and report["duplex_pages"] == [1, 2, 3, 4] and report["sheets"] == 2
    assert "Assembly" in pages[0]["words"] and "Assembly:" in pages[1]["words"] and "back" in pages[1]["words"]
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(result.pdf), str(tmp_path / "page")], check=True)
    for index in (0, 2):  # tile A1 and its back, tile A2 and its back
        front, back = pages[index], pages[index + 1]
        assert "A" in front["words"] and "B" in back["words"]
        # the whole back face is placed behind the whole front face (each page shows its tile's share) ...
        seen = turned_over(back["grounds"][-1], back["size"], "long-edge")
        assert seen == pytest.approx(front["grounds"][-1], abs=0.05)
        if not index:  # tile A1's page also holds the plan's miniature, in the same ground colour
            continue
        # ... and what the back page prints covers what the tile prints, with at most 2 mm to spare for drift
        printed = _ground_pixels(tmp_path / f"page-{index + 1}.png")
        behind = turned_over(_ground_pixels(tmp_path / f"page-{index + 2}.png"), back["size"], "long-edge")
        assert behind[0] <= printed[0] + 0.6 and behind[1] <= printed[1] + 0.6
        assert behind[2] >= printed[2] - 0.6 and behind[3] >= printed[3] - 0.6
        assert all(abs(a - b) <= 2 + 1.1 for a, b in zip(behind, printed))  # 2 mm, plus cut line and pixels
    assert cut_outlines(result.pdf) == {(342.5, 56.0): 2}  # one board, cut on each tile


def test_a_back_without_its_own_board_block_is_drawn_from_the_back_template(tmp_path):
    extra = "  - id: market\n    kind: board\n    board: {tracks: [{spaces: 4}]}\n    sides: {back: {fields: {label: Market back}}}\n"
    kit = two_sided_kit(tmp_path / "kit", 5, "8mm", extra)
    result = build(kit, BuildOptions(out=tmp_path / "out", reference=False, cover=False))
    words = [page["words"] for page in page_boxes(result.pdf)]
    assert len(words) == 2 and "Market" in words[1] and "back" in words[1]


SIZED_BOARD = """
kit:
  name: Sized board
components:
  - id: score
    kind: board
    size: SIZE
    board:
      title: Score
      tracks:
        - {title: Points, spaces: 10}
"""


def test_a_board_size_is_honoured_with_its_content_centred(tmp_path):
    import pdfplumber

    (tmp_path / "kit.yaml").write_text(SIZED_BOARD.replace("SIZE", "380mm x 260mm"), encoding="utf-8")
    result = build(tmp_path, BuildOptions(out=tmp_path / "out", paper="a3", reference=False, cover=False))
    assert cut_outlines(result.pdf) == {(380.0, 260.0): 1}
    with pdfplumber.open(result.pdf) as doc:
        page = doc.pages[0]
        assert float(page.trimbox[2] - page.trimbox[0]) * PT_MM == pytest.approx(380.0, abs=0.05)
        cut = next(s for s in page.rects if s.get("stroking_color") == (0.45, 0.45, 0.45))
        track = next(s for s in page.curves if tuple(s.get("non_stroking_color") or ()) == (1.0, 0.980392, 0.941176))
    # the track (10 spaces of 20 mm) at true size, centred across the board and in the room under the title
    assert (track["x1"] - track["x0"]) * PT_MM == pytest.approx(10 * 21.5 - 1.5 + 5, abs=0.05)
    assert (track["x0"] + track["x1"]) / 2 == pytest.approx((cut["x0"] + cut["x1"]) / 2, abs=0.1)
    title_band = 5 + 12  # border and title
    middle = (cut["top"] * PT_MM + title_band + cut["bottom"] * PT_MM - 5) / 2
    assert (track["top"] + track["bottom"]) / 2 * PT_MM == pytest.approx(middle, abs=0.05)


def test_a_board_bigger_than_the_paper_is_tiled_at_its_size(tmp_path):
    (tmp_path / "kit.yaml").write_text(SIZED_BOARD.replace("SIZE", "400mm x 300mm"), encoding="utf-8")
    pdf, pages = pieces_pdf(tmp_path, {"score"}, tmp_path / "big.pdf", Paper("a4", mm(210), mm(297), mm(5)))
    assert Counter(page.kind for page in pages) == {"tile": 4} and pages[0].inset is not None  # the plan inset
    assert cut_outlines(pdf) == {(400.0, 300.0): 4}


def test_a_board_size_smaller_than_its_content_is_refused_where_it_is_written(write_kit, tmp_path):
    from typer.testing import CliRunner

    from generator.cli import app

    kit = write_kit(SIZED_BOARD.replace("SIZE", "150mm x 40mm"))
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o"), "--no-cover"])
    assert result.exit_code == 2, result.output
    assert re.search(r"kit\.yaml:7:5: components\[0\]\.size: size 150mm x 40mm is smaller than the board's content, "
                     r"228\.5 × 54\.0 mm .*give at least size: 229mm x 54mm", result.output), result.output
    assert not (tmp_path / "o" / "kit").exists()


@pytest.mark.parametrize("sides,where,text", [
    ("{front: {template: card}}", "components[0].sides.front.template",
     "the front of a board is drawn from its board: block, so template would be ignored"),
    ("{back: {art: art/x.svg, board: {title: B}}}", "components[0].sides.back.art",
     "a back with its own board: block is drawn from it, so art would be ignored; remove art"),
    ("{back: {mat: {title: B}}}", "components[0].sides.back.mat", "a mat: block is for kind mat, not kind board"),
    ("{back: {board: {tracks: [{spaces: 3, start: 9}]}}}", "components[0].sides.back.board.tracks[0].start",
     "start 9 is not the label of any space"),
    ("{back: {board: {table: {columns: [a, {label: b, slot_size: huge}], rows: [{label: x, cells: [1, 2]}]}}}}",
     "components[0].sides.back.board.table.columns[1].slot_size", "'huge' is not a size"),
])
def test_problems_of_a_board_side_are_reported_where_written(write_kit, sides, where, text):
    kit = write_kit(SIZED_BOARD.replace("    size: SIZE\n", f"    sides: {sides}\n"), {"art/x.svg": "<svg/>"})
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert f"{where}: {text}" in str(error.value)


# -- what the drawer gets: a frozen drawing in points ------------------------------------------------------------
TRACKED_BOARD = """
kit:
  name: Tracked board
components:
  - id: coin
    kind: chip
    size: 16.4mm
    count: 1
    print: false
  - id: score
    kind: board
    board:
      title: Score
      table:
        slot_for: coin
        columns: [Grain]
        rows: [{label: Price, cells: [3]}]
      tracks:
        - {title: Rounds, spaces: 5, space_for: coin, margin: 1.3mm}
        - {title: Points, spaces: 6, space_size: 13.7mm x 9.1mm}
"""


def _stroked_boxes(pdf: Path, width_mm: float, height_mm: float) -> int:
    """Stroked shapes (rectangles, rounded or not) of the given size on the first page."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        shapes = doc.pages[0].rects + doc.pages[0].curves
        return sum(1 for s in shapes if s.get("stroke") and abs((s["x1"] - s["x0"]) * PT_MM - width_mm) < 0.05
                   and abs((s["bottom"] - s["top"]) * PT_MM - height_mm) < 0.05)


def test_a_boards_tracks_and_slots_print_at_their_manifest_size(tmp_path):
    """The sizes written in the manifest survive points → layout → millimetres at the SVG → the PDF."""
    (tmp_path / "kit.yaml").write_text(TRACKED_BOARD, encoding="utf-8")
    pdf = build(tmp_path, BuildOptions(out=tmp_path / "out", reference=False, cover=False)).pdf
    # the table's slot: 16.4 mm coin + 2 mm round it; the Rounds spaces: the coin + 1.3 mm round it
    assert stroked_circles(pdf) == {20.4: 1, 19.0: 5}
    assert _stroked_boxes(pdf, 13.7, 9.1) == 6  # the Points spaces, at their space_size


def test_the_board_drawer_gets_a_frozen_drawing_in_points(tmp_path):
    """The builder hands drawer '@board' a DrawnBoard (FaceSpec.drawing, points), not millimetres in the fields:
    slot and space sizes, and the board's own size, are the same lengths in the same unit."""
    from generator.kinds.boards import DrawnBoard, board_layout

    (tmp_path / "kit.yaml").write_text(TRACKED_BOARD, encoding="utf-8")
    spec = load_manifest(tmp_path)
    piece = next(p for p in build_kit(spec, 1).pieces if p.component_id == "score")
    board = piece.front.drawing
    assert isinstance(board, DrawnBoard) and set(piece.front.fields) == {"name", "colour_name"}
    again = next(p for p in build_kit(spec, 1).pieces if p.component_id == "score").front.drawing
    assert again is not board and again == board and hash(again) == hash(board)  # frozen all the way down: faces are keyed by it
    assert board.table.columns[0].slot_w == pytest.approx(mm(20.4))
    rounds, points = board.tracks
    assert (rounds.space_w, rounds.space_h) == pytest.approx((mm(19.0), mm(19.0))) and rounds.shape == "disc"
    assert (points.space_w, points.space_h) == pytest.approx((mm(13.7), mm(9.1)))
    layout = board_layout(board)
    assert (piece.width, piece.height) == pytest.approx((layout.width, layout.height))
