"""Drawing faces (generator/write/faces.py), read back from the written PDF: a face placed many times is one
Form XObject, a face placed once is drawn on its page, a tiled board stays vector, and the fast paths for
text blocks and plain shapes, and pnpgen's own drawing of its faces, draw exactly what cairosvg's own drawing does."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf
import pytest

import generator.write.cairosvgdraw as cairosvgdraw
import generator.write.svgdraw as svgdraw
from generator.pipeline import BuildOptions, build

KIT = """\
kit: {name: Faces}
components:
  - id: gold
    kind: token
    shape: disc
    size: 20mm
    count: 30
    colour: "#d4a017"
    sides: {front: {fields: {label: Gold 5}}}
  - id: deck
    kind: card
    size: 63mm x 88mm
    colour: "#2e5c8a"
    sides:
      front: {template: card}
      back: {template: back, fields: {label: Deck}}
    cards:
%s
""" % "\n".join(f"      - {{title: Card {i}, text: 'Take {i} grain & sell it <now>, then draw.'}}" for i in range(12))

MAP = """\
kit: {name: Map}
components:
  - id: map
    kind: hexmap
    map:
      side: 5
      orientation: pointy
      across_flats: 30mm
      coordinates: axial
      terrain: {p: "#cfe3a1", w: "#7fb3d5", f: "#4f8f4a", h: "#c9a66b", m: "#8d8d8d"}
      default_terrain: p
"""


def forms(pdf: pikepdf.Pdf) -> list[pikepdf.Stream]:
    return [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]


def images(pdf: pikepdf.Pdf) -> list[pikepdf.Stream]:
    return [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]


@pytest.fixture
def built(write_kit, tmp_path) -> Path:
    return build(write_kit(KIT), BuildOptions(out=tmp_path / "out")).pdf


def test_faces_placed_many_times_are_one_form_each(built):
    """30 tokens and 12 backs: the token face, the back and the two cut outlines are the only forms."""
    with pikepdf.open(built) as pdf:
        assert len(forms(pdf)) == 4
        token_page = pdf.pages[-2]  # the tokens fill the room the last cards leave on the front of their sheet
        # the token and its cut circle, and the cards' cut outline, each listed once
        assert len(token_page.Resources.XObject) == 3
    text = subprocess.run(["pdftotext", str(built), "-"], capture_output=True, text=True, check=True).stdout
    assert text.count("Gold 5") == 30 and text.count("Deck") == 12


def test_a_face_placed_once_is_drawn_on_its_page(built):
    with pikepdf.open(built) as pdf:
        front = pdf.pages[0].Contents.read_bytes()
        assert front.count(b"Tj") + front.count(b"TJ") >= 12 * 2  # title and body of each card, on the page
        assert not any(b"Card" in form.read_bytes() for form in forms(pdf))


def test_a_tiled_board_stays_vector_on_every_tile(write_kit, tmp_path):
    """cairo 1.16 rasterised a later tile when one recording was painted on several pages."""
    result = build(write_kit(MAP), BuildOptions(out=tmp_path / "out"))
    with pikepdf.open(result.pdf) as pdf:
        assert not images(pdf)
        tiles = [i for i, page in enumerate(pdf.pages) if b"Tile" in page.Contents.read_bytes()]
    assert len(tiles) >= 2
    for index in tiles:
        text = subprocess.run(["pdftotext", "-f", str(index + 1), "-l", str(index + 1), str(result.pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        assert re.search(r"-?\d,-?\d", text), f"tile page {index + 1} shows no cell"  # the cells' coordinates


def test_fast_paths_draw_what_cairosvg_draws(write_kit, tmp_path, monkeypatch):
    kit = write_kit(KIT)
    fast = build(kit, BuildOptions(out=tmp_path / "fast", previews=True))
    monkeypatch.setattr(svgdraw, "drawable", lambda tree: False)  # every face drawn by cairosvg ...
    monkeypatch.setattr(cairosvgdraw.DirectSurface, "draw", cairosvgdraw.cairosvg.surface.Surface.draw)  # ... its own way
    slow = build(kit, BuildOptions(out=tmp_path / "slow", previews=True))
    assert fast.pdf.read_bytes() == slow.pdf.read_bytes()
    assert [p.read_bytes() for p in fast.previews] == [p.read_bytes() for p in slow.previews]


def test_replayed_calls_write_what_the_calls_wrote(tmp_path):
    """A watch replays a face's kept calls, runs of glyphs (with and without their text) as C arrays made once:
    the page written from the replay has the same bytes as the page the calls themselves wrote."""
    from generator.write.calllog import CallLog
    from generator.write.faces import DrawingMemory, cairo
    from generator.write.sheet import FIXED_DATE

    def page(path, draw):
        surface = cairo.PDFSurface(str(path), 200, 200)
        surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
        draw(cairo.Context(surface))
        surface.finish()
        return path.read_bytes()

    memory = DrawingMemory()

    def calls(context):
        log = CallLog(context)
        log.select_font_face("DejaVu Sans", 0, 1)
        log.set_font_size(12)
        log.set_source_rgba(0.2, 0.4, 0.6, 1.0)
        log.show_glyphs([(36, 10.0, 40.0), (37, 18.5, 40.0), (38, 27.25, 40.0)])
        log.show_text_glyphs("Go", [(42, 10.0, 80.0), (82, 19.0, 80.0)], [(1, 1), (1, 1)], 0)
        log.show_text_glyphs("é", [(72, 40.0, 80.0)], [(2, 1)])
        memory.calls[b"face"] = log.calls

    drawn = page(tmp_path / "drawn.pdf", calls)
    for name in ("replayed.pdf", "again.pdf"):  # the compiled calls are kept for later replays
        assert page(tmp_path / name, lambda context: memory.replay(b"face", context)) == drawn
