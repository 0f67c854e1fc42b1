"""Player mats (generator.kinds.mats, generator.render.mats): supply tracks, slots and upkeep brackets read
from the written PDF, one mat per colour, section layout properties, and Shires' six mats on A4."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ManifestError
from generator.impose import Paper
from generator.kinds.matlayout import DrawnMat, DrawnSection, DrawnText, mat_layout
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.pipeline import BuildOptions, build
from generator.units import mm
from tests.conftest import ROOT, cut_outlines
from tests.test_boards import PT_MM, number_rows, pieces_pdf

FIXTURE = """
kit:
  name: Mat fixture
  players: {min: 2, max: 2}
  player_colours: ["#c62828", "#1565c0"]
components:
  - id: mat
    kind: mat
    per_player: true
    mat:
      title: Realm
      sections:
        - type: supply
          title: Supply
          max: 5
          resources: [{name: Grain, colour: "#e67e22"}, {name: Ore, colour: "#7e4fa3", start: 2}]
        - type: slots
          title: Armies
          groups: [Lord, Lady]
          slots: 4
          slot_size: 20mm x 12mm
          every: 2
          upkeep: Upkeep 3
        - type: table
          place: beside
          table:
            corner: Costs
            columns: [Wood, Iron]
            rows: [{label: Hut, cells: [4, 2]}]
"""


def _white_boxes(pdf, width_mm: float, height_mm: float, pages: slice = slice(None)) -> int:
    """Stroked, white-filled boxes of the given size (slots) on the chosen pages."""
    import pdfplumber

    count = 0
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages[pages]:
            for shape in page.rects + page.curves:
                w, h = (shape["x1"] - shape["x0"]) * PT_MM, (shape["bottom"] - shape["top"]) * PT_MM
                white = tuple(shape.get("non_stroking_color") or ()) == (1, 1, 1)
                if shape.get("stroke") and white and abs(w - width_mm) < 0.1 and abs(h - height_mm) < 0.1:
                    count += 1
    return count


@pytest.fixture(scope="module")
def mat_pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mat")
    (folder / "kit.yaml").write_text(FIXTURE, encoding="utf-8")
    return build(folder, BuildOptions(out=folder / "out", reference=False)).pdf


def test_each_supply_track_runs_from_zero_to_max(mat_pdf):
    from pypdf import PdfReader

    pages = len(PdfReader(mat_pdf).pages)
    rows = [row for page in range(pages) for row in number_rows(mat_pdf, page)]
    assert rows.count([0, 1, 2, 3, 4, 5]) == 2 * 2  # two resources on each of the two players' mats


def test_slots_and_upkeep_brackets(mat_pdf):
    import subprocess

    assert _white_boxes(mat_pdf, 20.0, 12.0) == 2 * 2 * 4  # mats × groups × slots, at their true size
    text = subprocess.run(["pdftotext", str(mat_pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert text.count("Upkeep 3") == 2 * 2 * 2  # a bracket over every 2 of the 4 slots


def test_one_mat_in_each_player_colour(mat_pdf):
    import pdfplumber

    fills = Counter()
    with pdfplumber.open(mat_pdf) as doc:
        for page in doc.pages:
            for shape in page.rects:
                if shape.get("fill") and (shape["x1"] - shape["x0"]) * PT_MM > 100:
                    fills[tuple(round(c, 2) for c in shape["non_stroking_color"])] += 1
    assert fills[(0.78, 0.16, 0.16)] >= 1 and fills[(0.08, 0.4, 0.75)] >= 1


def _section(kind: str, place: str, w: float, h: float) -> DrawnSection:
    return DrawnSection("text", DrawnText(kind, mm(w), mm(h)), place=place)


@st.composite
def mats(draw):
    count = draw(st.integers(1, 7))
    places = ["row"] + [draw(st.sampled_from(["row", "beside", "under"])) for _ in range(count - 1)]
    return DrawnMat(tuple(_section("x", p, draw(st.floats(10, 120)), draw(st.floats(5, 80))) for p in places),
                    draw(st.sampled_from([None, "Mat"])))


@settings(max_examples=80, deadline=None)
@given(mats())
def test_sections_never_overlap_and_stay_on_the_mat(mat):
    layout = mat_layout(mat)
    boxes = layout.sections
    assert [b.index for b in boxes] == list(range(len(mat.sections)))
    for i, a in enumerate(boxes):
        assert a.x >= 0 and a.y >= 0 and a.x + a.w <= layout.width + 1e-6 and a.y + a.h <= layout.height + 1e-6
        for b in boxes[i + 1:]:
            assert a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6


def test_shires_prints_six_mats_each_on_one_a4_sheet(tmp_path):
    a4 = Paper("a4", mm(210), mm(297), mm(5))
    pdf, pages = pieces_pdf(ROOT / "components" / "shires", {"player_mat"}, tmp_path / "mats.pdf", a4)
    assert [p.kind for p in pages] == ["single"] * 6
    for page in pages:
        x0, y0, x1, y1 = Paper("a4", page.width, page.height, mm(5)).area()
        placement = page.placements[0]
        bleed = placement.piece.bleed
        assert placement.x - bleed >= x0 - 1e-6 and placement.x + placement.piece.width + bleed <= x1 + 1e-6
        assert placement.y - bleed >= y0 - 1e-6 and placement.y + placement.piece.height + bleed <= y1 + 1e-6
    # the six pages differ only in colour: read the first one
    assert _white_boxes(pdf, 22.0, 13.0, slice(0, 1)) == 3 * 6  # envoys × standing-army slots
    assert number_rows(pdf, 0).count(list(range(25))) == 6  # Food, Favor, Gold, Wood, Iron, Stone from 0 to 24
    # the starred starting spaces the setup puts the resource tokens on: one per track, on the first mat, in the
    # starting spaces of the rules' resource table (Food 4, Favor 2, Gold 2, Wood 2, Iron 4, Stone 0)
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        gold = (0xf5 / 255, 0xc5 / 255, 0x18 / 255)
        stars = [(round(s["top"]), round(s["x0"])) for s in page.curves if s.get("fill") and len(s.get("pts", [])) > 9
                 and len(s.get("non_stroking_color") or ()) == 3
                 and all(abs(a - b) < 0.002 for a, b in zip(s["non_stroking_color"], gold))]
        numbers = [w for w in page.extract_words() if w["text"].isdigit()]
    stars = sorted(set(stars))
    assert len(stars) == 6
    starred = []
    for top, x0 in stars:  # the number printed in the space the star sits in: the nearest to its left, same row
        row = [w for w in numbers if abs(w["top"] - top) < 12 and w["x0"] < x0]
        starred.append(int(max(row, key=lambda w: w["x0"])["text"]))
    assert starred == [4, 2, 2, 2, 4, 0]


def test_a_first_section_placed_beside_nothing_is_reported(write_kit):
    kit = write_kit(FIXTURE.replace("        - type: supply\n", "        - type: supply\n          place: beside\n"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert "mat.sections[0].place: the first section starts the first row" in str(error.value)


# -- two-sided mats and a mat's own size ---------------------------------------------------------------------------
BACK = """    sides:
      back:
        mat:
          title: "{colour} realm: winter"
          sections:
            - {type: text, title: Winter, text: Each hut needs 1 grain., width: 60mm, height: 20mm}
"""


def test_a_two_sided_mat_prints_each_players_back_behind_their_front(tmp_path):
    from tests.test_boards import turned_over

    (tmp_path / "kit.yaml").write_text(FIXTURE.replace("    mat:\n      title: Realm", BACK + "    mat:\n      title: Realm"),
                                       encoding="utf-8")
    result = build(tmp_path, BuildOptions(out=tmp_path / "out", paper="a3", reference=False))
    import pdfplumber

    with pdfplumber.open(result.pdf) as doc:
        pages = [(float(p.width) * PT_MM, float(p.height) * PT_MM, p.extract_text(),
                  [(s["x0"] * PT_MM, s["top"] * PT_MM, s["x1"] * PT_MM, s["bottom"] * PT_MM,
                    tuple(s.get("non_stroking_color") or ())) for s in p.rects if s.get("fill")]) for p in doc.pages]
    assert len(pages) == 2  # both players' mats on one sheet: its front, then its back
    front, back = pages
    assert "Supply" in front[2] and "Winter" not in front[2]
    assert "Winter" in back[2] and "Supply" not in back[2] and "realm: winter" in back[2]
    for colour in [(0.776471, 0.156863, 0.156863), (0.0823529, 0.396078, 0.752941)]:
        # each side framed in its player's colour out to the bleed; each player's back behind their front
        [front_frame] = [box[:4] for box in front[3] if box[4] == colour]
        [back_frame] = [box[:4] for box in back[3] if box[4] == colour]
        assert turned_over(back_frame, back[:2], "long-edge") == pytest.approx(front_frame, abs=0.05)


SIZED = FIXTURE.replace("    per_player: true\n", "    per_player: true\n    size: SIZE\n")


def test_a_mat_size_is_honoured_with_its_sections_stretched(tmp_path):
    import pdfplumber

    (tmp_path / "kit.yaml").write_text(SIZED.replace("SIZE", "280mm x 190mm"), encoding="utf-8")
    result = build(tmp_path, BuildOptions(out=tmp_path / "out", paper="a4", reference=False))
    assert cut_outlines(result.pdf) == {(280.0, 190.0): 2}
    with pdfplumber.open(result.pdf) as doc:
        page = doc.pages[0]
        cut = next(s for s in page.rects if s.get("stroking_color") == (0.45, 0.45, 0.45))
        frames = [s for s in page.curves if tuple(s.get("non_stroking_color") or ()) == (1.0, 0.980392, 0.941176)]
    # the sections' frames reach the mat's right edge and its bottom, 6 mm inside the trim
    assert max(f["x1"] for f in frames) * PT_MM == pytest.approx(cut["x1"] * PT_MM - 6, abs=0.05)
    assert max(f["bottom"] for f in frames) * PT_MM == pytest.approx(cut["bottom"] * PT_MM - 6, abs=0.05)


def test_a_mat_size_smaller_than_its_sections_is_refused_where_it_is_written(write_kit):
    kit = write_kit(SIZED.replace("SIZE", "100mm x 80mm"))
    with pytest.raises(ManifestError) as error:
        build_kit(load_manifest(kit), 2)
    assert re.search(r"kit\.yaml:10:5: components\[0\]\.size: size 100mm x 80mm is smaller than the mat's content, "
                     r"[\d.]+ × [\d.]+ mm", str(error.value)), str(error.value)


def test_the_mat_drawer_gets_a_frozen_drawing_in_points_per_player(tmp_path):
    """The builder hands drawer '@mat' a DrawnMat (FaceSpec.drawing, points): its sections' slot and space sizes in
    points, framed in each player's colour."""
    from generator.kinds.matlayout import DrawnSlots, DrawnSupply, mat_layout as layout_of
    from generator.kinds.tables import DrawnTable

    (tmp_path / "kit.yaml").write_text(FIXTURE, encoding="utf-8")
    spec = load_manifest(tmp_path)
    mats = [p for p in build_kit(spec, 2).pieces if p.component_id == "mat"]
    drawings = [p.front.drawing for p in mats]
    assert all(isinstance(d, DrawnMat) for d in drawings) and "mat" not in mats[0].front.fields
    assert [d.frame for d in drawings] == ["#c62828", "#1565c0"]
    supply, slots, table = (s.content for s in drawings[0].sections)
    assert isinstance(supply, DrawnSupply) and isinstance(slots, DrawnSlots) and isinstance(table, DrawnTable)
    assert (slots.slot_w, slots.slot_h) == pytest.approx((mm(20.0), mm(12.0)))
    assert (supply.space_w, supply.space_h) == pytest.approx((mm(10.0), mm(10.0)))
    layout = layout_of(drawings[0])
    assert (mats[0].width, mats[0].height) == pytest.approx((layout.width, layout.height))
