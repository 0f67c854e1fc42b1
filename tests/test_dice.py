"""Custom dice (generator.kinds.dice, generator.render.dice): the net's edge, fold lines and six faces measured
in the written PDF, stickers for blank dice, net geometry, and Shires' 13 dice."""

from __future__ import annotations

import json
import re

import pytest

from generator.errors import ManifestError
from generator.kinds.dice import NET_CELLS, net_folds, net_outline, net_size
from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build
from tests.conftest import ROOT, cut_outlines
from tests.test_boards import PT_MM, pieces_pdf

FIXTURE = """
kit:
  name: Die fixture
components:
  - id: d6
    kind: die
    count: 1
    colour: "#f0e6cc"
    die:
      edge: 20mm
      faces: [{text: 1}, {text: 2}, {text: 3}, {text: 4}, {text: 5}, {text: 6}]
  - id: stickers
    kind: die
    count: 2
    die:
      mode: stickers
      edge: 16mm
      faces: [1, 2, 3, 4, 5, {symbol: skull}]
"""


def _dashed_lines(pdf, page_index: int = 0) -> list[float]:
    """Lengths (mm) of the dashed lines on a page: the folds."""
    import pdfplumber

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[page_index]
        return [((s["x1"] - s["x0"]) ** 2 + (s["bottom"] - s["top"]) ** 2) ** 0.5 * PT_MM
                for s in page.lines + page.curves if s.get("dash") and s["dash"][0]]


@pytest.fixture(scope="module")
def dice_pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dice")
    (folder / "kit.yaml").write_text(FIXTURE, encoding="utf-8")
    return build(folder, BuildOptions(out=folder / "out", reference=False)).pdf


def test_net_folds_are_dashed_and_one_edge_long(dice_pdf):
    folds = _dashed_lines(dice_pdf)
    assert len(folds) == 5 + 7  # between the six faces, and at the foot of the seven glue tabs
    assert all(abs(length - 20.0) < 0.1 for length in folds), folds


def test_net_cut_outline_is_a_cross_of_20mm_faces_plus_the_bottom_tab(dice_pdf):
    outlines = cut_outlines(dice_pdf)
    assert outlines[(60.0, 86.0)] == 1  # three faces wide; four tall plus a 6 mm tab


def test_the_six_faces_sit_in_the_cross_with_opposites_adding_to_seven(dice_pdf):
    import pdfplumber

    with pdfplumber.open(dice_pdf) as doc:
        page = doc.pages[0]
        cut = next(s for s in page.curves + page.rects if s.get("stroke") and round((s["x1"] - s["x0"]) * PT_MM) == 60)
        words = [w for w in page.extract_words() if re.fullmatch(r"[1-6]", w["text"])
                 and cut["x0"] <= w["x0"] and w["x1"] <= cut["x1"] and cut["top"] <= w["top"] and w["bottom"] <= cut["bottom"]]
    edge = 20 / PT_MM
    cells = {int(w["text"]): (int(((w["x0"] + w["x1"]) / 2 - cut["x0"]) // edge), int(((w["top"] + w["bottom"]) / 2 - cut["top"]) // edge))
             for w in words}
    assert sorted(cells) == [1, 2, 3, 4, 5, 6]
    assert set(cells.values()) == {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)}
    where = {cell: face for face, cell in cells.items()}
    for a, b in (((1, 0), (1, 2)), ((1, 1), (1, 3)), ((0, 1), (2, 1))):  # opposite once folded
        assert where[a] + where[b] == 7


def test_stickers_are_six_squares_per_blank_die(dice_pdf):
    assert cut_outlines(dice_pdf)[(13.0, 13.0)] == 2 * 6  # 16 mm dice: 13 mm stickers, clear of the round edges


def test_net_geometry_for_any_edge():
    for edge, tab in ((16.0, 4.8), (20.0, 6.0), (25.0, 0.0)):
        points = net_outline(edge, tab)
        area = 0.5 * abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1])))
        tab_area = 7 * (edge - tab) * tab if tab else 0.0  # trapezoids with 45° sides
        assert area == pytest.approx(6 * edge * edge + tab_area)
        assert net_size(edge, tab) == pytest.approx((3 * edge, 4 * edge + tab))
        assert len(net_folds(edge)) == 12
    assert sorted(NET_CELLS) == [1, 2, 3, 4, 5, 6]


def test_shires_prints_thirteen_dice_as_nets_or_as_stickers(tmp_path):
    pdf, pages = pieces_pdf(ROOT / "components" / "shires", {"dice_net"}, tmp_path / "dice.pdf")
    assert len(pages) == 1
    assert len(_dashed_lines(pdf)) == 13 * 12
    outlines = cut_outlines(pdf)
    assert outlines[(60.0, 86.0)] == 13 and not outlines[(13.0, 13.0)]  # nets only: not the stickers too


def test_dice_option_prints_every_die_as_stickers(tmp_path):
    from generator.pipeline import BuildOptions, build

    result = build(ROOT / "components" / "shires", BuildOptions(out=tmp_path, dice="stickers", reference=False))
    outlines = cut_outlines(result.pdf)
    assert outlines[(13.0, 13.0)] == 13 * 6 and not outlines[(60.0, 86.0)]
    dice = next(c for c in json.loads(result.report.read_text())["components"] if c["id"] == "dice_net")
    assert dice["count"] == 13


def test_a_die_needs_six_faces(write_kit):
    kit = write_kit(FIXTURE.replace("{text: 5}, {text: 6}]", "{text: 5}]"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert re.search(r"kit\.yaml:\d+:\d+: components\[0\]\.die\.faces: .*too small", str(error.value)), str(error.value)


def test_a_bought_die_is_neither_checked_nor_drawn(write_kit):
    from generator.model import build_kit

    bought = FIXTURE.replace("    count: 1\n", "    count: 1\n    print: false\n").replace("edge: 20mm", "edge: banana")
    pieces = build_kit(load_manifest(write_kit(bought)), 1).pieces
    assert {piece.component_id for piece in pieces} == {"stickers"}


def test_face_colours_are_checked_against_the_palette(write_kit):
    from generator.model import build_kit

    kit = write_kit(FIXTURE.replace("faces: [1, 2, 3, 4, 5, {symbol: skull}]", "faces: [1, 2, 3, 4, 5, {symbol: skull, ink: reddish}]"))
    with pytest.raises(ManifestError) as error:
        build_kit(load_manifest(kit), 1)
    assert "die.faces[5].ink" in str(error.value) and "'reddish' is not a colour" in str(error.value)
    assert re.search(r"kit\.yaml:\d+:\d+: die\.faces\[5\]\.ink", str(error.value)), str(error.value)
