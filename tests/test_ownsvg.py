"""pnpgen's own SVG read without an XML parser (generator/write/ownsvg.py): the nodes are cairosvg's own, the
drawing calls are the same, and anything but plain shapes and text blocks is left to cairosvg's parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.manifest import load_manifest
from generator.model import build_kit
from generator.render import render_face
from generator.write.cairosvgdraw import FAST_TAG, SHAPES, DirectSurface, Tree, cairo, lift_text_blocks, retag_fast_text
from generator.write.ownsvg import own_tree

COMPONENTS = Path(__file__).resolve().parent.parent / "components"

KIT = """\
kit: {name: Own}
components:
  - id: gold
    kind: token
    shape: disc
    size: 20mm
    count: 3
    sides: {front: {fields: {label: Gold 5}}}
  - id: deck
    kind: card
    size: 63mm x 88mm
    colour: "#2e5c8a"
    sides:
      front: {template: card}
      back: {template: back, fields: {label: Deck}}
    cards:
      - {title: Tithe, text: 'Take 2 grain & sell it <now>, then draw. AV Wa To fi'}
      - {title: Ferry, cost: 3, type: Boat, text: 'Move up to "3" spaces.', footer: Harbour}
"""


def _faces(kit_dir: Path) -> list[str]:
    spec = load_manifest(kit_dir)
    keys, svgs = set(), []
    for piece in build_kit(spec, spec.players_max).pieces:
        for face in (piece.front, piece.back):
            if face is not None and face.key not in keys:
                keys.add(face.key)
                svgs.append(render_face(face, spec).svg)
    return svgs


def _parsed(svg: str):
    lifted, blocks = lift_text_blocks(svg)
    tree = Tree(bytestring=lifted.encode("utf-8"), unsafe=False)
    retag_fast_text(tree, blocks)
    return tree


def _read(svg: str):
    return own_tree(*lift_text_blocks(svg), FAST_TAG, SHAPES)


def _same_nodes(own, parsed) -> None:
    assert own.tag == parsed.tag and dict(own) == dict(parsed)
    assert getattr(own, "lines", None) == getattr(parsed, "lines", None)
    assert len(own.children) == len(parsed.children)
    for mine, theirs in zip(own.children, parsed.children):
        _same_nodes(mine, theirs)


def test_own_faces_are_read_as_cairosvg_parses_them(write_kit):
    read = 0
    for kit_dir in (write_kit(KIT), *sorted(p for p in COMPONENTS.iterdir() if (p / "kit.yaml").is_file())):
        for svg in _faces(kit_dir):
            own = _read(svg)
            if own is not None:
                _same_nodes(own, _parsed(svg))
                read += 1
    assert read >= 40  # the card fronts, backs and tokens of the kits, at least


def _calls(tree) -> list[tuple]:
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    drawn = DirectSurface(tree, cairo.Context(surface), 5.0, 7.0, keep_calls=True)
    return [(name, tuple(a if isinstance(a, (int, float, str, bytes, tuple, list)) else type(a).__name__ for a in args))
            for name, args in drawn.context.calls]


def test_own_faces_draw_with_the_same_cairo_calls(write_kit):
    svgs = [svg for svg in _faces(write_kit(KIT)) if _read(svg) is not None]
    assert any("pnp-line" in svg for svg in svgs) and any("<rect" in svg for svg in svgs)
    for svg in svgs:
        assert _calls(_read(svg)) == _calls(_parsed(svg))


ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" viewBox="0 0 20 20">'


@pytest.mark.parametrize("body", [
    '<image x="0" y="0" width="5" height="5" href="a.png"/>',
    '<g><rect x="0" y="0" width="5" height="5"/></g>',
    '<rect x="0" y="0" width="5" height="5" transform="rotate(3)"/>',
    '<rect x="0" y="0" width="5" height="5" style="fill:red"/>',
    '<rect x="0" y="0" width="5" height="5" fill="url(#g)"/>',
    '<rect x="0" y="0" width="5" height="5" fill="currentColor"/>',
    '<rect x="0" y="0" width="5" height="5" fill="&#35;fff"/>',
    '<!-- a note --><rect x="0" y="0" width="5" height="5"/>',
    '<rect x="0" y="0" width="5" height="5" x="1"/>',
    '<text x="1" y="2">plain text</text>',
])
def test_anything_else_is_left_to_cairosvg(body):
    assert own_tree(f"{ROOT}{body}</svg>", [], FAST_TAG, SHAPES) is None
    assert own_tree(f'{ROOT}<rect x="0" y="0" width="5" height="5"/></svg>', [], FAST_TAG, SHAPES) is not None
