"""pnpgen's own SVG read without an XML parser (generator/write/ownsvg.py): the nodes are cairosvg's own, the
drawing calls are the same, and anything but plain shapes and text blocks is left to cairosvg's parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.manifest import load_manifest
from generator.model import build_kit
from generator.render import render_face
from generator.write.cairosvgdraw import DirectSurface, Tree, cairo, retag_fast_text
from generator.write.ownsvg import FAST_TAG, SHAPES, lift_text_blocks, own_tree
from generator.write.svgdraw import OwnSurface, drawable

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


def _calls(tree, surface_class=DirectSurface) -> list[tuple]:
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    drawn = surface_class(tree, cairo.Context(surface), 5.0, 7.0, keep_calls=True)
    return [(name, tuple(a if isinstance(a, (int, float, str, bytes, tuple, list)) else type(a).__name__ for a in args))
            for name, args in drawn.context.calls]


def test_own_faces_draw_with_the_same_cairo_calls(write_kit):
    svgs = [svg for svg in _faces(write_kit(KIT)) if _read(svg) is not None]
    assert any("pnp-line" in svg for svg in svgs) and any("<rect" in svg for svg in svgs)
    for svg in svgs:
        assert _calls(_read(svg)) == _calls(_parsed(svg))


def test_own_faces_are_drawn_without_cairosvg_making_its_calls(write_kit):
    """write/svgdraw.py draws what it reads with the very calls (names, order, numbers) cairosvg makes for it."""
    drawn = 0
    for kit_dir in (write_kit(KIT), *sorted(p for p in COMPONENTS.iterdir() if (p / "kit.yaml").is_file())):
        for svg in _faces(kit_dir):
            if _read(svg) is not None and drawable(_read(svg)):
                assert _calls(_read(svg), OwnSurface) == _calls(_read(svg))
                drawn += 1
    assert drawn >= 40
    shapes = ('<rect x="1" y="2" width="5" height="4" rx="1" fill="#abc" stroke="white" stroke-width="0.5" '
              'stroke-linejoin="round"/><ellipse cx="3" cy="4" rx="2" ry="1" fill="none" stroke="#000000"/>'
              '<polyline points="1,1 2-3 4.5.5 2e1 -1E-1" stroke="black" stroke-linecap="square" fill-opacity="0.5"/><polygon points="1 1 2" fill="#FFFFFF"/>'
              '<circle cx="10" cy="10" r="50%" stroke-opacity="0.3" stroke-miterlimit="9"/>'
              '<rect x="1mm" y="1pt" width="10%" height="1em"/><rect x="0" y="0" width="0" height="3"/>')
    tree = own_tree(f"{ROOT}{shapes}</svg>", [], FAST_TAG, SHAPES)
    assert drawable(tree) and _calls(tree, OwnSurface) == _calls(own_tree(f"{ROOT}{shapes}</svg>", [], FAST_TAG, SHAPES))


@pytest.mark.parametrize("body", [
    '<path d="M 0 0 L 5 5"/>',
    '<rect x="0" y="0" width="5" height="5" fill="red"/>',
    '<rect x="0" y="0" width="5" height="5" stroke="rgb(1,2,3)"/>',
    '<rect x="0" y="0" width="5" height="5" fill="#abcd"/>',
])
def test_other_shapes_and_colours_are_drawn_by_cairosvg(body):
    tree = own_tree(f"{ROOT}{body}</svg>", [], FAST_TAG, SHAPES)
    assert tree is not None and not drawable(tree)


def test_a_deck_of_cards_is_built_without_loading_cairosvg(tmp_path):
    """Faces of plain shapes and text (the built-in templates') need neither cairosvg nor what it loads (PIL,
    urllib, an XML parser): a sixth of a small build's start."""
    import subprocess
    import sys

    (tmp_path / "kit.yaml").write_text("kit: {name: Deck}\ncomponents:\n  - {id: c, kind: card, size: poker, count: 3}\n"
                                       "  - {id: t, kind: token, shape: disc, size: 20mm, count: 9}\n", encoding="utf-8")
    script = ("import sys; from generator.pipeline import BuildOptions, build; from pathlib import Path; "
              f"build(Path({str(tmp_path)!r}), BuildOptions(out=Path({str(tmp_path / 'out')!r}))); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('cairosvg', 'PIL', 'generator')"
              " and m.startswith(('cairosvg', 'PIL', 'generator.write.cairosvgdraw'))))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "out").is_dir()


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
