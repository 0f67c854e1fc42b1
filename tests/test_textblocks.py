"""The template helper's text blocks handed from render to write as data (generator/render/textblocks.py): every
face of the kits carries the blocks the writer once lifted out of its SVG, the writer draws them without reading
the SVG's text, and a template that rewrites the helper's output falls back to that reading, drawing the same."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import generator.render as render
import generator.write.svgdraw as svgdraw
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.pipeline import BuildOptions, build
from generator.render import render_face
from generator.render.cache import FaceCache
from generator.render.textblocks import TextBlocks, separate_text_blocks
from generator.write.ownsvg import lift_text_blocks

COMPONENTS = Path(__file__).resolve().parent.parent / "components"

KIT = """\
kit: {name: Blocks}
components:
  - id: deck
    kind: card
    size: 63mm x 88mm
    colour: "#2e5c8a"
    sides:
      front: {template: %s}
      back: {template: back, fields: {label: Deck}}
    cards:
      - {title: Tithe, text: 'Take 2 grain & sell it <now>, then draw. AV Wa To fi'}
      - {title: Ferry, text: 'Move up to "3" spaces.'}
"""
# The helper's blocks inside the template's own markup (a group with a transform): cairosvg parses this face.
WRAPPED = """\
{% extends "_base.svg.j2" %}
{% block body %}
<g transform="rotate(4 30 40)">{{ text(f.title, 3, 3, w - 6, 10, size=12) }}</g>
{{ text(f.text, 3, 20, w - 6, 40, size=9, fill="#aa0000") }}
{% endblock %}
"""
# The same face, its second block's colour written by rewriting the helper's output.
REWRITTEN = WRAPPED.replace('size=9, fill="#aa0000") }}', "size=9) | replace('#000000', '#aa0000') }}")


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def _rendered(kit_dir: Path) -> list:
    spec = load_manifest(kit_dir)
    keys, faces = set(), []
    for piece in build_kit(spec, spec.players_max).pieces:
        for face in (piece.front, piece.back):
            if face is not None and face.key not in keys:
                keys.add(face.key)
                faces.append((face.template, render_face(face, spec)))
    return faces


def test_every_face_carries_the_blocks_its_svg_holds():
    """What the writer lifted out of each face's SVG by regular expression is what the render stage hands over."""
    drawn_faces = blocks = 0
    for kit_dir in sorted(p for p in COMPONENTS.iterdir() if (p / "kit.yaml").is_file()):
        for template, face in _rendered(kit_dir):
            lifted_svg, lifted = lift_text_blocks(face.svg)
            assert face.text_blocks is not None, (kit_dir.name, face.key)
            assert face.text_blocks.placeholder_svg == lifted_svg
            assert face.text_blocks.lines == tuple(lifted)
            assert all(tuple(map(type, line)) == (str, str, str, bool) for block in lifted for line in block)
            blocks += len(lifted)
            drawn_faces += template.startswith("@") and bool(lifted)
    assert blocks >= 100 and drawn_faces >= 1  # template faces and built-in drawers' faces alike


def test_blocks_are_numbered_in_document_order_and_a_repeated_block_twice():
    attributes = ' font-family="F" font-size="3" font-weight="normal" fill="#000000" xml:space="preserve"'
    first = f'<text class="pnp-line"{attributes}><tspan x="1" y="2">A &amp; B</tspan></text>'
    second = f'<text class="pnp-line"{attributes}><tspan x="3" y="4" direction="rtl">C</tspan></text>'
    record = {first: (attributes, (("1", "2", "A & B", False),)), second: (attributes, (("3", "4", "C", True),))}
    svg = f"<svg>{second}<g>{first}</g>{second}</svg>"
    separated = separate_text_blocks(svg, record)
    lifted_svg, lifted = lift_text_blocks(svg)
    assert separated == TextBlocks(lifted_svg, tuple(lifted))
    assert [block[0][2] for block in separated.lines] == ["C", "A & B", "C"]
    assert separate_text_blocks(svg.replace("A &amp; B", "A &amp; b"), record) is None  # not the helper's block
    assert separate_text_blocks("<svg><rect/></svg>", {}) == TextBlocks("<svg><rect/></svg>", ())


def test_the_writer_draws_the_faces_without_reading_their_text(write_kit, tmp_path, monkeypatch):
    kit = write_kit(KIT % "card", {"templates/wrapped.svg.j2": WRAPPED})
    monkeypatch.setattr(svgdraw, "lift_text_blocks", lambda svg: pytest.fail("a face's text was read from its SVG"))
    for template in ("card", "wrapped"):
        (kit / "kit.yaml").write_text(KIT % template)
        text = pdf_text(build(kit, BuildOptions(out=tmp_path / template)).pdf)
        assert "Tithe" in text and "Move up to" in text


def test_the_blocks_handed_over_draw_what_the_svg_holds(write_kit, tmp_path, monkeypatch):
    """Built-in templates and a kit's template placing the helper's text in its own markup: the same bytes
    whether the writer is handed the blocks or reads them from the SVG."""
    kit = write_kit(KIT % "wrapped", {"templates/wrapped.svg.j2": WRAPPED})
    for template in ("card", "wrapped"):
        (kit / "kit.yaml").write_text(KIT % template)
        handed = build(kit, BuildOptions(out=tmp_path / "handed" / template, reference=False)).pdf.read_bytes()
        with monkeypatch.context() as patched:
            patched.setattr(render, "separate_text_blocks", lambda svg, record: None)
            read = build(kit, BuildOptions(out=tmp_path / "read" / template, reference=False)).pdf.read_bytes()
        assert handed == read


def test_a_template_rewriting_the_helpers_output_falls_back_to_reading_its_svg(write_kit, tmp_path):
    kit = write_kit(KIT % "rewritten", {"templates/rewritten.svg.j2": REWRITTEN, "templates/wrapped.svg.j2": WRAPPED})
    faces = dict(_rendered(kit))
    assert faces["rewritten"].text_blocks is None and 'fill="#aa0000"' in faces["rewritten"].svg
    rewritten = build(kit, BuildOptions(out=tmp_path / "rewritten", reference=False)).pdf.read_bytes()
    (kit / "kit.yaml").write_text(KIT % "wrapped")
    assert dict(_rendered(kit))["wrapped"].text_blocks is not None
    assert build(kit, BuildOptions(out=tmp_path / "wrapped", reference=False)).pdf.read_bytes() == rewritten


def test_a_cached_face_restores_its_blocks(write_kit, tmp_path, monkeypatch):
    kit = write_kit(KIT % "wrapped", {"templates/wrapped.svg.j2": WRAPPED, "templates/rewritten.svg.j2": REWRITTEN})
    spec = load_manifest(kit)
    kit_model = build_kit(spec, spec.players_max)
    fresh = render.render_faces(kit_model, tmp_path / "cache")
    rendered = {key: fresh[key] for key in fresh}
    fresh.close()
    assert any(face.text_blocks is not None and face.text_blocks.lines for face in rendered.values())
    monkeypatch.setattr(render, "render_face", lambda face, spec: pytest.fail(f"rendered {face.key} again"))
    cached = render.render_faces(kit_model, tmp_path / "cache")
    for key, face in rendered.items():
        if not face.key.startswith("@"):
            assert cached[key] == face

    (kit / "kit.yaml").write_text(KIT % "rewritten")  # a face without blocks is kept as such
    spec = load_manifest(kit)
    cache = FaceCache(tmp_path / "other", spec)
    cache.put("k", "<svg/>", None)
    svg = '<svg><text class="pnp-line" font-size="3"><tspan x="1" y="2" direction="rtl">é &amp; &lt;</tspan></text></svg>'
    placeholder = '<svg><text class="pnp-line" data-block="0" font-size="3"/></svg>'  # what the render stage hands on
    cache.put("b", svg, TextBlocks(placeholder, ((("1", "2", "é & <", True),),)))
    cache.close()
    reopened = FaceCache(tmp_path / "other", spec)
    assert reopened.get("k") == ("<svg/>", None)
    assert reopened.get("b") == (svg, TextBlocks(placeholder, ((("1", "2", "é & <", True),),)))
    reopened.close()


def test_a_new_cache_format_starts_afresh(write_kit, monkeypatch):
    import generator.render.cache as cache

    spec = load_manifest(write_kit(KIT % "card"))
    before = cache.fingerprint(spec)
    monkeypatch.setattr(cache, "FORMAT", cache.FORMAT + 1)
    assert cache.fingerprint(spec) != before
