"""cairosvg as pnpgen draws with it (generator/write/cairosvgdraw.py): the one module that patches cairosvg, its
text tag registered, and a face drawn the same whether its text blocks are handed over or read from its SVG."""

from __future__ import annotations

import re
from pathlib import Path

import cairosvg.surface

import generator
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.render import render_face
from generator.render.templating import TextHelper
from generator.write.glyphs import fast_text
from generator.write.ownsvg import FAST_TAG, lift_text_blocks
from generator.write.svgdraw import cairo, draw_svg

PACKAGE = Path(generator.__file__).resolve().parent
COMPONENTS = PACKAGE.parent / "components"
# What patching cairosvg looks like: an entry put into its TAGS table, one of its classes subclassed or replaced.
PATCHING = re.compile(r"TAGS\[[^\]]*\]\s*=|class \w+\((?:cairosvg\.)?(?:surface\.)?\w*Surface\)|"
                      r"setattr\(cairosvg|cairosvg\.[\w.]+\s*=[^=]")


def test_cairosvg_is_patched_in_one_module():
    patching = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                      if PATCHING.search(path.read_text(encoding="utf-8")))
    assert patching == ["write/cairosvgdraw.py"]
    assert cairosvg.surface.TAGS[FAST_TAG] is fast_text


def test_text_block_lines_are_lifted_with_their_characters():
    block = TextHelper({})("Salt & <iron> \"5\" o'clock " * 3, 0, 0, 30, 30, size=9)
    svg, blocks = lift_text_blocks(f"<svg>{block}<text>other</text></svg>")
    assert svg.count('class="pnp-line" data-block="0"') == 1 and "<tspan" not in svg and "<text>other</text>" in svg
    lines = [text for _, _, text, _rtl in blocks[0]]
    assert len(lines) > 1 and " ".join(lines).split() == ("Salt & <iron> \"5\" o'clock " * 3).split()


def _calls(svg: str, blocks) -> list[tuple]:
    context = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None))
    calls = draw_svg(svg, blocks, context, 5.0, 7.0, None, keep_calls=True)
    return [(name, tuple(a if isinstance(a, (int, float, str, bytes, tuple, list)) else type(a).__name__ for a in args))
            for name, args in calls]


def test_handed_blocks_and_blocks_read_from_the_svg_draw_alike():
    spec = load_manifest(COMPONENTS / "medieval_manor")
    drawn = 0
    for piece in build_kit(spec, spec.players_max).pieces[:12]:
        face = render_face(piece.front, spec)
        if "<image" in face.svg or not face.text_blocks.lines:
            continue  # art is fetched from the kit folder; these faces are about text
        assert _calls(face.text_blocks.placeholder_svg, face.text_blocks.lines) == _calls(face.svg, None)
        drawn += 1
    assert drawn >= 1
