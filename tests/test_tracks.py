"""Tracks (generator.kinds.tracks, generator.render.tracks): labels and space sizes read from the written PDF,
path properties of line, grid, serpentine and loop layouts, and manifest errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ManifestError
from generator.kinds.tracks import DrawnSpace, DrawnTrack, grid_cells, track_layout
from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build
from generator.units import mm
from tests.test_boards import number_rows, stroked_circles

FIXTURE = """
kit:
  name: Track fixture
components:
  - id: marker
    kind: marker
    shape: disc
    size: 20mm
    count: 1
    print: false
  - id: turns
    kind: track
    track:
      title: Turns remaining
      spaces: [8, 7, 6, 5, 4, 3, 2, 1, VOTE]
      start: 8
      space_for: marker
"""


@pytest.fixture(scope="module")
def track_pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("track")
    (folder / "kit.yaml").write_text(FIXTURE, encoding="utf-8")
    return build(folder, BuildOptions(out=folder / "out", reference=False)).pdf


def test_spaces_are_printed_in_order_along_the_line(track_pdf):
    import pdfplumber

    assert number_rows(track_pdf)[0] == [8, 7, 6, 5, 4, 3, 2, 1]
    with pdfplumber.open(track_pdf) as doc:
        words = doc.pages[0].extract_words()
    one = next(w for w in words if w["text"] == "1")
    vote = next(w for w in words if w["text"] == "VOTE")
    assert vote["x0"] > one["x1"] and abs((vote["top"] + vote["bottom"]) / 2 - (one["top"] + one["bottom"]) / 2) < 1.0


def test_spaces_fit_the_marker_with_margins(track_pdf):
    assert stroked_circles(track_pdf) == {24.0: 9}  # 20 mm marker + 2 mm each side, one per space


def _track(count: int, layout: str, columns: int, serpentine: bool = False) -> DrawnTrack:
    return DrawnTrack(tuple(DrawnSpace(str(i), None, "#ffffff", "#000000") for i in range(count)), layout, columns,
                      serpentine, True, mm(20.0), mm(15.0), "square", mm(1.5), title="t")


@st.composite
def paths(draw):
    layout = draw(st.sampled_from(["grid", "loop"]))
    if layout == "loop":
        count = 2 * draw(st.integers(2, 15))
        columns = draw(st.integers(2, count // 2))
        return count, layout, columns, False
    count = draw(st.integers(1, 40))
    return count, layout, draw(st.integers(1, 12)), True


@settings(max_examples=80, deadline=None)
@given(paths())
def test_each_space_is_next_to_the_one_before(path):
    count, layout, columns, serpentine = path
    cells = grid_cells(count, layout, columns, serpentine)
    assert len(set(cells)) == count
    steps = list(zip(cells, cells[1:])) + ([(cells[-1], cells[0])] if layout == "loop" else [])
    for (c1, r1), (c2, r2) in steps:
        assert abs(c1 - c2) + abs(r1 - r2) == 1


@settings(max_examples=60, deadline=None)
@given(paths())
def test_spaces_stay_inside_the_track_and_apart(path):
    count, layout, columns, serpentine = path
    track = _track(count, layout, columns, serpentine)
    shape = track_layout(track)
    for i, a in enumerate(shape.spaces):
        assert 0 <= a.x and a.x + a.w <= shape.width + 1e-6 and shape.top <= a.y and a.y + a.h <= shape.height + 1e-6
        for b in shape.spaces[i + 1:]:
            assert a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6


def test_a_loop_needs_an_even_number_of_spaces(write_kit):
    kit = write_kit(FIXTURE.replace("      start: 8\n", "      layout: loop\n"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert re.search(r"kit\.yaml:\d+:\d+: components\[1\]\.track\.spaces: a loop .* even number of spaces ≥ 4 \(got 9\)",
                     str(error.value)), str(error.value)


def test_a_start_that_is_no_space_is_reported(write_kit):
    kit = write_kit(FIXTURE.replace("start: 8", "start: 9"))
    with pytest.raises(ManifestError) as error:
        load_manifest(kit)
    assert "track.start: start 9 is not the label of any space" in str(error.value)


def test_a_track_size_is_honoured_with_its_spaces_centred_and_a_back_of_its_own(tmp_path):
    import pdfplumber

    from tests.conftest import cut_outlines
    from tests.test_boards import PT_MM, turned_over

    sized = FIXTURE.replace("    kind: track\n", "    kind: track\n    size: 380mm x 60mm\n") + \
        "    sides: {back: {track: {title: Turns (long game), spaces: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, VOTE], start: 12}}}\n"
    (tmp_path / "kit.yaml").write_text(sized, encoding="utf-8")
    result = build(tmp_path, BuildOptions(out=tmp_path / "out", paper="a3", reference=False))
    assert cut_outlines(result.pdf) == {(380.0, 60.0): 1}
    # the space labels (the footer's "50 mm" bar caption is a line of its own, at the top of a back page)
    rows = [[r for r in number_rows(result.pdf, i) if len(r) > 1] for i in (0, 1)]
    assert rows[0][0] == [8, 7, 6, 5, 4, 3, 2, 1] and rows[1][0] == list(range(12, 0, -1))
    with pdfplumber.open(result.pdf) as doc:
        boxes = []
        for page in doc.pages:
            cut = [s for s in page.rects if s.get("stroking_color") == (0.45, 0.45, 0.45)]
            spaces = [s for s in page.curves if abs((s["x1"] - s["x0"]) * PT_MM - 24.0) < 0.05]  # 20 mm marker + margins
            boxes.append((cut, spaces, (float(page.width) * PT_MM, float(page.height) * PT_MM),
                          [(s["x0"] * PT_MM, s["top"] * PT_MM, s["x1"] * PT_MM, s["bottom"] * PT_MM) for s in page.rects
                           if s.get("fill") and not s.get("stroke")]))
    (cut, spaces, _, grounds), (_, back_spaces, back_size, back_grounds) = boxes
    # the front's nine spaces at true size, centred along the track
    assert len(spaces) == 9 and len(back_spaces) == 13
    left, right = min(s["x0"] for s in spaces), max(s["x1"] for s in spaces)
    assert (left + right) / 2 == pytest.approx((cut[0]["x0"] + cut[0]["x1"]) / 2, abs=0.1)
    # the back (13 spaces, drawn from its own track: block) lies behind the front
    assert turned_over(back_grounds[0], back_size, "long-edge") == pytest.approx(grounds[0], abs=0.05)


def test_the_track_drawer_gets_points_and_writes_millimetres(write_kit):
    """Drawer '@track' is handed its track in points (TrackFace on FaceSpec.drawing) and writes the face document in
    millimetres: a 20 pt square space is drawn 20 / (72 / 25.4) mm wide."""
    from generator.kinds.tracks import TrackFace
    from generator.pieces import FaceSpec
    from generator.render.tracks import draw_track_face

    track = DrawnTrack((DrawnSpace("1", None, "#ffffff", "#000000"), DrawnSpace("2", None, "#ffffff", "#000000")),
                       "line", 2, False, False, 20.0, 20.0, "square", mm(1.5))
    shape = track_layout(track)
    face = FaceSpec("@track", "{}", shape.width, shape.height, 0.0, "rect", drawing=TrackFace(track, "#5b4a32"))
    svg = draw_track_face(face, load_manifest(write_kit(FIXTURE)))
    side = f"{20 * 25.4 / 72:.3f}"  # 7.056 mm
    assert svg.count(f'width="{side}" height="{side}"') == 2
    assert f'width="{shape.width * 25.4 / 72:.3f}"' in svg  # the track's frame, its layout's width in mm


def test_the_builder_hands_a_track_face_in_points(write_kit):
    from generator.kinds.tracks import TrackFace
    from generator.model import build_kit

    spec = load_manifest(write_kit(FIXTURE))
    piece = next(p for p in build_kit(spec, 1).pieces if p.component_id == "turns")
    drawing = piece.front.drawing
    assert isinstance(drawing, TrackFace) and "track" not in piece.front.fields
    assert drawing.track.space_w == pytest.approx(mm(24.0)) and drawing.track.gap == pytest.approx(mm(1.5))
    assert [s.star for s in drawing.track.spaces] == [True] + [False] * 8
    layout = track_layout(drawing.track)
    assert (piece.width, piece.height) == pytest.approx((layout.width, layout.height))
