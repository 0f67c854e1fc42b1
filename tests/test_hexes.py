"""Hex tiles (kind `hex`): cut along a true-size regular hexagon, one tile per card, layered faces, clear errors."""

from __future__ import annotations

import math
import subprocess
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ManifestError
from generator.geometry.hexgrid import HexLayout
from generator.kinds.hexes import HexShape
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.pipeline import BuildOptions, build
from generator.render import render_faces
from generator.units import mm, to_mm
from tests.conftest import CUT_GREY

KIT = """\
    kit:
      name: Hex tiles
      palette: {sand: "#e8d8a8"}
    components:
      - id: flat
        kind: hex
        bleed: 1mm
        hex:
          across_flats: 40mm
          terrain: {sand: sand}
          layers:
            - {type: terrain}
            - {type: text, field: label, at: [0, -8], size: [30, 6]}
            - {type: value, field: influence, at: [0, 8], size: 8}
        cards:
          - {count: 2, label: Alpha, terrain: sand, influence: 3}
          - {count: 1, label: Beta}
      - id: pointy
        kind: hex
        count: 3
        hex:
          orientation: pointy
          across_corners: 50mm
          layers: [{type: terrain}, {type: text, field: label, size: [30, 6]}]
          back_layers: [{type: terrain, colour: "#333333"}, {type: text, field: label, size: [30, 6], colour: "#ffffff"}]
        fields: {label: Gamma}
        sides: {back: {fields: {label: Back}}}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hexkit") / "hexkit"
    folder.mkdir()
    (folder / "kit.yaml").write_text(textwrap.dedent(KIT), encoding="utf-8")
    result = build(folder, BuildOptions(out=folder.parent / "out", reference=False))
    return folder, result


def hexagons(pdf_path) -> list[list[tuple[float, float]]]:
    """The grey cut outlines with six corners on every page, as corner lists in mm."""
    import pdfplumber

    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for curve in page.curves:
                if curve.get("stroking_color") != CUT_GREY:
                    continue
                points = list(dict.fromkeys((round(to_mm(x), 3), round(to_mm(y), 3)) for x, y in curve["pts"]))
                if len(points) == 6:
                    found.append(points)
    return found


def words(pdf_path, page: int | None = None) -> list[str]:
    args = ["pdftotext", "-layout"] + (["-f", str(page), "-l", str(page)] if page else []) + [str(pdf_path), "-"]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout.split()


def test_cut_outlines_are_true_size_regular_hexagons(built):
    _, result = built
    shapes = hexagons(result.pdf)
    assert len(shapes) == 6  # 3 flat tiles + 3 pointy tiles; backs carry no cut lines
    sizes = sorted((round(max(x for x, _ in s) - min(x for x, _ in s), 1), round(max(y for _, y in s) - min(y for _, y in s), 1))
                   for s in shapes)
    flat = (round(40 * 2 / math.sqrt(3), 1), 40.0)     # width across corners, height across flats
    pointy = (round(50 * math.sqrt(3) / 2, 1), 50.0)  # width across flats, height across corners
    assert sizes == sorted([flat] * 3 + [pointy] * 3)
    for corners in shapes:
        sides = [math.dist(a, b) for a, b in zip(corners, corners[1:] + corners[:1])]
        assert max(sides) - min(sides) < 0.05, sides


def test_each_card_is_its_own_tile_and_backs_are_drawn(built):
    _, result = built
    text = words(result.pdf)
    assert text.count("Alpha") == 2
    assert text.count("Beta") == 1
    assert text.count("Gamma") == 3
    assert text.count("Back") == 3


def test_backs_land_behind_their_fronts(built):
    """On the back page each back's label sits at the mirror image (long-edge flip) of its front's."""
    import pdfplumber

    _, result = built
    with pdfplumber.open(result.pdf) as pdf:
        pages = [(p, [w for w in p.extract_words() if w["text"] in {"Gamma", "Back"}]) for p in pdf.pages]
    front = next((p, ws) for p, ws in pages if any(w["text"] == "Gamma" for w in ws))
    back = next((p, ws) for p, ws in pages if any(w["text"] == "Back" for w in ws))
    width = front[0].width
    front_centres = sorted((round((w["x0"] + w["x1"]) / 2, 1), round(w["top"], 1)) for w in front[1])
    back_centres = sorted((round(width - (w["x0"] + w["x1"]) / 2, 1), round(w["top"], 1)) for w in back[1])
    assert len(front_centres) == len(back_centres) == 3
    for (fx, fy), (bx, by) in zip(front_centres, back_centres):
        assert abs(fx - bx) < 0.5 and abs(fy - by) < 0.5


def test_missing_value_draws_a_write_in_blank(built):
    folder, _ = built
    kit = build_kit(load_manifest(folder), 1)
    faces = render_faces(kit)
    by_label = {p.front.fields.get("label"): faces[p.front.key].svg for p in kit.pieces if p.component_id == "flat"}
    assert "stroke-dasharray" in by_label["Beta"]       # no influence: dashed blank
    assert "stroke-dasharray" not in by_label["Alpha"]  # influence 3: a filled value
    assert ">3<" in by_label["Alpha"]


def test_terrain_legend_colours_the_tile(built):
    folder, _ = built
    kit = build_kit(load_manifest(folder), 1)
    faces = render_faces(kit)
    alpha = next(p for p in kit.pieces if p.front.fields.get("label") == "Alpha")
    assert 'fill="#e8d8a8"' in faces[alpha.front.key].svg


@pytest.mark.parametrize(("hex_block", "key", "message"), [
    ("{across_flats: 40mm, orientation: sideways}", "hex.orientation", "flat, pointy"),
    ("{orientation: flat}", "hex", "across_flats"),
    ("{across_flats: 40mm, across_corners: 46mm}", "hex.across_corners", "not both"),
    ("{across_flats: 40mm, layers: [{type: text}]}", "hex.layers[0]", "needs text"),
    ("{across_flats: 40mm, layers: [{type: spaces, count: 2, spin: 3}]}", "hex.layers[0]", "spin"),
    ("{across_flats: 4cm x 3cm}", "hex.across_flats", "not a length"),
])
def test_bad_hex_options_are_located(write_kit, hex_block, key, message):
    folder = write_kit(f"""\
        kit: {{name: Bad}}
        components:
          - id: tile
            kind: hex
            hex: {hex_block}
        """)
    with pytest.raises(ManifestError) as caught:
        load_manifest(folder)
    problems = caught.value.problems
    assert any(p.line == 5 and key in p.key and message in str(p) for p in problems), [str(p) for p in problems]


@settings(max_examples=60, deadline=None)
@given(across=st.floats(min_value=10, max_value=150), orientation=st.sampled_from(["flat", "pointy"]))
def test_outline_fills_its_box_and_measures_across_flats(across, orientation):
    layout = HexLayout.from_across_flats(mm(across), orientation)
    shape = HexShape(HexLayout(orientation, layout.radius, (layout.width / 2, layout.height / 2)))
    points = shape.outline().points
    assert len(points) == 6
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert min(xs) == pytest.approx(0, abs=1e-6) and max(xs) == pytest.approx(shape.width, rel=1e-9)
    assert min(ys) == pytest.approx(0, abs=1e-6) and max(ys) == pytest.approx(shape.height, rel=1e-9)
    flats = shape.height if orientation == "flat" else shape.width
    assert to_mm(flats) == pytest.approx(across, rel=1e-9)


SHIRES = Path(__file__).resolve().parents[1] / "components" / "shires"
SETUP_TABLE = {"shire_hamlet": (15, 19, 21), "shire_blank": (4, 5, 6), "shire_trade": (3, 4, 5)}  # 3, 4, 5 players


def test_shire_hexes_follow_the_setup_table():
    """32 hexes; those marked 4+ or 5 are the ones removed for fewer players, which leaves the table's counts."""
    spec = load_manifest(SHIRES)
    total = 0
    for component_id, expected in SETUP_TABLE.items():
        component = spec.component(component_id)
        assert component.kind == "hex"
        marks = [str(card.front.get("players", "")) for card in component.cards for _ in range(card.count)]
        total += len(marks)
        used = tuple(sum(1 for m in marks if m == "" or (m == "4+" and n >= 4) or (m == "5" and n == 5)) for n in (3, 4, 5))
        assert used == expected, component_id
        links = {(r.quote, r.role, r.players) for r in component.rules}
        assert ("32 Shire Hexes", "total", None) in links
        assert {r.players for r in component.rules if r.role == "setup"} == {3, 4, 5}
    assert total == 32


def test_shire_hexes_print_six_to_a_sheet():
    """83 mm flat hexes: six per A4 sheet (and backs behind them)."""
    spec = load_manifest(SHIRES)
    kit = build_kit(spec, 5)
    from generator.impose import SheetOptions, impose_sheets
    from generator.pipeline import load_paper

    hexes = [p for p in kit.pieces if p.component_id in SETUP_TABLE]
    assert len(hexes) == 32 and all(p.back is not None for p in hexes)
    pages = impose_sheets(hexes, SheetOptions(load_paper("a4", "portrait", mm(5)), mm(1))).pages
    fronts = [p for p in pages if p.kind == "front"]
    assert [len(p.placements) for p in fronts] == [6, 6, 6, 6, 6, 2]


def test_the_hex_drawer_gets_a_frozen_drawing_in_points(write_kit):
    """The builder hands drawer '@hex' a HexTileDrawing (FaceSpec.drawing, points), not millimetre JSON in the
    fields: the hexagon's corner radius and each layer's lengths are points."""
    from generator.kinds.hexes import HexTileDrawing
    from generator.kinds.layers import TerrainColours, TextLayer, ValueLayer

    folder = write_kit(textwrap.dedent(KIT))
    piece = next(p for p in build_kit(load_manifest(folder), 1).pieces if p.component_id == "flat")
    drawing = piece.front.drawing
    again = next(p for p in build_kit(load_manifest(folder), 1).pieces if p.component_id == "flat").front.drawing
    assert isinstance(drawing, HexTileDrawing) and again is not drawing and again == drawing and hash(again) == hash(drawing)
    assert not {"_hex", "_layers", "_legend"} & set(piece.front.fields)
    assert drawing.orientation == "flat" and drawing.radius == pytest.approx(mm(40) / math.sqrt(3))
    assert drawing.legend == TerrainColours((("sand", "#e8d8a8"),))
    terrain, text, value = drawing.layers
    assert isinstance(text, TextLayer) and text.size == pytest.approx((mm(30), mm(6)))
    assert text.at == pytest.approx((0.0, mm(-8)))
    assert isinstance(value, ValueLayer) and value.size == pytest.approx(mm(8))
