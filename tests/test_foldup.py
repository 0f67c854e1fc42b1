"""Fold-up pieces and standees (kinds `foldup`, `standee`): the net's panels, folds and cut outline."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ManifestError
from generator.kinds.foldup import foldup_net
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.render import render_faces
from generator.units import mm, to_mm


def test_foldup_is_tab_base_back_front_with_a_tapered_tab():
    net = foldup_net("foldup", {"panel": "14mm x 18mm", "base": "11mm", "tab": "4.5mm"})
    assert [(p.role, round(to_mm(p.height), 3), p.turned) for p in net.panels] == [
        ("tab", 4.5, False), ("base", 11.0, False), ("back", 18.0, True), ("front", 18.0, False)]
    assert [round(to_mm(a[1]), 3) for a, _ in net.folds] == [4.5, 15.5, 33.5]
    outline = net.outline()
    assert outline.shape == "polygon" and len(outline.points) == 6
    top = sorted(x for x, y in outline.points if y == 0)
    assert top[0] > 0 and top[1] < net.width  # the tab's corners are cut in


def test_standee_is_base_back_front_base_with_a_straight_outline():
    net = foldup_net("standee", {"panel": "20mm x 30mm", "base": "12mm"})
    assert [(p.role, p.turned) for p in net.panels] == [("base", True), ("back", True), ("front", False), ("base", False)]
    assert round(to_mm(net.height), 3) == 84.0
    assert net.outline().shape == "rect"
    assert len(net.folds) == 3


@settings(max_examples=80, deadline=None)
@given(kind=st.sampled_from(["foldup", "standee"]), width=st.floats(5, 60), height=st.floats(5, 80),
       base=st.floats(3, 40), tab=st.floats(2, 10))
def test_folds_run_across_the_net_strictly_inside_it(kind, width, height, base, tab):
    options = {"panel": f"{width:.3f}mm x {height:.3f}mm", "base": f"{base:.3f}mm"}
    if kind == "foldup":
        options["tab"] = f"{tab:.3f}mm"
    net = foldup_net(kind, options)
    assert net.height == pytest.approx(sum(p.height for p in net.panels))
    previous = 0.0
    for (x1, y1), (x2, y2) in net.folds:
        assert x1 == 0 and x2 == pytest.approx(net.width) and y1 == y2
        assert previous < y1 < net.height
        previous = y1
    for x, y in net.outline().points:
        assert -1e-9 <= x <= net.width + 1e-9 and -1e-9 <= y <= net.height + 1e-9


@pytest.mark.parametrize(("block", "kind", "message"), [
    ("{base: 10mm}", "foldup", "panel' is required"),
    ("{panel: 14mm x 18mm, tab: 5mm}", "standee", "no glue tab"),
    ("{panel: 14mm x 18mm, front: [{type: symbol}]}", "foldup", "needs symbol"),
    ("{panel: 14mm x 18mm, depth: 3mm}", "foldup", "depth"),
])
def test_bad_foldup_options_are_located(write_kit, block, kind, message):
    folder = write_kit(f"""\
        kit: {{name: Bad}}
        components:
          - id: piece
            kind: {kind}
            foldup: {block}
        """)
    with pytest.raises(ManifestError) as caught:
        load_manifest(folder)
    assert any(p.line == 5 and message in str(p) for p in caught.value.problems), [str(p) for p in caught.value.problems]


def test_back_panels_are_drawn_upside_down_in_each_colour(write_kit):
    folder = write_kit("""\
        kit: {name: Pawns}
        components:
          - id: pawn
            kind: standee
            per_colour: [red, blue]
            count: 2
            fields: {label: Envoy}
            foldup: {panel: 18mm x 25mm}
        """)
    kit = build_kit(load_manifest(folder), 1)
    assert len(kit.pieces) == 4
    faces = render_faces(kit)
    assert len(faces) == 2  # one face per colour, drawn once however often it is used
    for face in faces.values():
        assert face.svg.count("rotate(180") == 2  # the back and the far base
        assert face.svg.count(">Envoy<") == 2     # front and back
    assert {p.front.fields["colour"] for p in kit.pieces} == {"#ff0000", "#0000ff"}


FOLDUP_KIT = """\
kit: {name: Tents}
components:
  - id: tent
    kind: foldup
    fields: {label: Camp}
    foldup:
      panel: 16.5mm x 21.5mm
      base: 12.5mm
      tab: 4.5mm
      front:
        - {type: terrain, colour: "#ffffff"}
        - {type: area, size: [12.5, 7.5], dashed: false, stroke: "#123456"}
"""


def test_the_foldup_drawer_gets_a_frozen_drawing_in_points(write_kit):
    """The builder hands drawer '@foldup' a FoldupOptions (FaceSpec.drawing, points): the net itself and each
    panel's layers, nothing in millimetres among the fields."""
    from generator.kinds.foldup import FoldupOptions
    from generator.kinds.layers import AreaLayer

    kit = build_kit(load_manifest(write_kit(FOLDUP_KIT)), 1)
    face = kit.pieces[0].front
    drawing = face.drawing
    again = build_kit(load_manifest(write_kit(FOLDUP_KIT)), 1).pieces[0].front.drawing
    assert isinstance(drawing, FoldupOptions) and "_net" not in face.fields
    assert again is not drawing and again == drawing and hash(again) == hash(drawing)  # hashable all the way down
    assert drawing.net.width == pytest.approx(mm(16.5)) and drawing.net.height == pytest.approx(mm(4.5 + 12.5 + 43))
    area = drawing.layers_of("front")[1]
    assert isinstance(area, AreaLayer) and area.size == pytest.approx((mm(12.5), mm(7.5)))
    assert drawing.layers_of("back") == drawing.front and drawing.layers_of("tab") == ()


def test_a_foldup_prints_at_its_manifest_size(write_kit, tmp_path):
    """Read back from the PDF: the net's cut outline is the panel's width by the panels' sum (4.5 + 12.5 + 2 × 21.5
    mm), and a front layer's area is the size the manifest gives it (twice: front and the back, which shows the
    front's layers). The net may lie turned on the sheet, so sizes are compared short side first."""
    import pdfplumber

    from generator.pipeline import BuildOptions, build
    from tests.conftest import CUT_GREY

    pdf = build(write_kit(FOLDUP_KIT), BuildOptions(out=tmp_path / "out", reference=False, cover=False)).pdf

    def size(shape) -> tuple[float, float]:
        width, height = to_mm(shape["x1"] - shape["x0"]), to_mm(shape["bottom"] - shape["top"])
        return tuple(sorted((round(width, 2), round(height, 2))))

    with pdfplumber.open(pdf) as doc:
        shapes = doc.pages[0].rects + doc.pages[0].curves
        cut = [size(s) for s in shapes if s.get("stroke") and s.get("stroking_color") == CUT_GREY]
        stroked = [size(s) for s in shapes if s.get("stroke") and s.get("stroking_color") != CUT_GREY]
    assert cut == [(16.5, 60.0)]
    assert stroked.count((7.5, 12.5)) == 2
