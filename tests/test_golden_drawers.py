"""Every built-in drawer against its golden: the SVG it writes (canonicalised, so geometry and text are compared
exactly to 0.01 mm) and the face as the PDF writer draws it, at 50 dpi (compared with an RMS tolerance, for what
the numbers do not show: fills, clipping, draw order). Text comes from the bundled fonts only.

The built-in templates (token, card, back) are compared the same way. Refresh after an intended change with
`pytest tests/test_golden_drawers.py --update-golden`, then look at the changed PNGs in tests/golden/drawers/
and tests/golden/templates/ before committing them.
"""

from __future__ import annotations

import pytest

from generator.manifest import load_manifest
from generator.model import build_kit
from generator.render import render_faces

DPI = 50
# Rasterising is the only step that may differ between machines (cairo's antialiasing); geometry is pinned by
# the SVG golden, so the PNG check only has to catch what looks different.
PNG_TOLERANCE = 6.0

KIT = """\
kit:
  name: Drawer goldens
  players: {min: 2, max: 2}
  player_colours: ["#c62828", "#1565c0"]
  palette: {sand: "#e8d8a8", grass: "#8bc34a"}
components:
  - id: coin
    kind: chip
    size: 16mm
    print: false
  - id: tile
    kind: hex
    bleed: 1mm
    hex:
      across_flats: 30mm
      terrain: {sand: sand}
      layers:
        - {type: terrain}
        - {type: text, field: label, at: [0, -6], size: [22, 5]}
        - {type: value, field: influence, at: [0, 6], size: 7}
      back_layers: [{type: terrain, colour: "#333333"}, {type: text, field: label, size: [22, 6], colour: "#ffffff"}]
    cards:
      - {count: 1, label: Oasis, terrain: sand, influence: 3}
    sides: {back: {fields: {label: Back}}}
  - id: map
    kind: hexmap
    map:
      side: 2
      orientation: pointy
      across_flats: 14mm
      margin: 4mm
      title: Small map
      coordinates: rows
      terrain:
        sand: {colour: sand, label: Sand}
        grass: {colour: grass, label: Grass}
      picture:
        - "sand grass"
        - "grass sand grass"
        - "sand grass"
  - id: tent
    kind: foldup
    fields: {label: Camp}
    foldup: {panel: 16mm x 14mm}
  - id: envoy
    kind: standee
    fields: {label: Envoy}
    foldup: {panel: 14mm x 20mm}
  - id: market
    kind: board
    board:
      title: Market
      table:
        corner: Price
        slot_for: coin
        slots: [1, 0]
        columns: [Grain, Stone]
        rows:
          - {label: High, cells: [12, 58]}
          - {label: Low, cells: [7, 33]}
  - id: realm
    kind: mat
    per_player: true
    mat:
      title: Realm
      sections:
        - type: supply
          title: Supply
          max: 3
          resources: [{name: Grain, colour: "#e67e22"}, {name: Ore, colour: "#7e4fa3", start: 2}]
        - type: slots
          title: Armies
          groups: [Lord]
          slots: 2
          slot_size: 14mm x 10mm
  - id: turns
    kind: track
    track:
      title: Turns
      spaces: [3, 2, 1, END]
      start: 3
      space_for: coin
  - id: d6
    kind: die
    colour: "#f0e6cc"
    die:
      edge: 12mm
      faces: [{text: 1}, {text: 2}, {text: 3}, 4, 5, {symbol: skull}]
  - id: sticker
    kind: die
    die:
      mode: stickers
      edge: 12mm
      faces: [{symbol: sun}, 2, 3, 4, 5, 6]
  - id: gold
    kind: chip
    size: 22mm
    colour: "#d4a017"
    sides: {front: {fields: {value: 5, label: money}}}
  - id: wheat
    kind: card
    size: 50mm x 70mm
    colour: "#2a6f3a"
    sides:
      front: {fields: {title: Wheat, type: Bounty, text: "Gives 4 crops at harvest.", footer: "Bounty 1/59"}}
      back: {fields: {label: Bounty}}
  - id: actions
    kind: rondel
    per_player: true
    rondel:
      diameter: 80mm
      hub: 26mm
      title: Actions
      spaces: [Build, Trade, {label: Harvest, colour: grass}, Muster, Sail, Pray]
"""

# (golden name, component id, which face, its drawer): every drawer, and each drawing a drawer makes differently
FACES = [
    ("hex-front", "tile", "front", "hex"),
    ("hex-back", "tile", "back", "hex"),
    ("hexmap", "map", "front", "hexmap"),
    ("foldup", "tent", "front", "foldup"),
    ("standee", "envoy", "front", "foldup"),
    ("board", "market", "front", "board"),
    ("mat", "realm", "front", "mat"),
    ("track", "turns", "front", "track"),
    ("die-net", "d6", "front", "die_net"),
    ("die-sticker", "sticker", "front", "die_face"),
    ("rondel", "actions", "front", "rondel"),
]
# the built-in templates (templates/*.svg.j2), drawn the same way: (golden name, component id, which face)
TEMPLATE_FACES = [("token", "gold", "front"), ("card", "wheat", "front"), ("back", "wheat", "back")]
IDS = [entry[0] for entry in FACES]


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The goldens kit's faces: {(component id, side): (piece, its face)}, the first piece of each component."""
    folder = tmp_path_factory.mktemp("drawers")
    (folder / "kit.yaml").write_text(KIT, encoding="utf-8")
    kit = build_kit(load_manifest(folder), 2)
    faces = render_faces(kit)
    found = {}
    for piece in kit.pieces:
        for side, face in (("front", piece.front), ("back", piece.back)):
            if face is not None:
                found.setdefault((piece.component_id, side), (piece, face))
    return kit, faces, found


def svg_of(drawn, component: str, side: str) -> str:
    _, faces, found = drawn
    return faces[found[component, side][1].key].svg


def rasterise(drawn, component: str, side: str):
    """The face at DPI on white paper, drawn by the PDF writer's own face drawer (bundled fonts only)."""
    from generator.export.common import FaceImages, to_pillow

    kit, faces, found = drawn
    piece, face = found[component, side]
    surface, _ = FaceImages(kit, faces).image(piece, face, DPI, "bleed", background=(1.0, 1.0, 1.0))
    return to_pillow(surface).convert("RGB")


def test_every_drawer_has_a_golden(drawn):
    from generator.kinds.registry import DRAWERS

    assert sorted(DRAWERS) == sorted({drawer for *_, drawer in FACES})
    for name, component, side, drawer in FACES:
        assert drawn[2][component, side][1].template == f"@{drawer}", name


@pytest.mark.parametrize("name, component, side, drawer", FACES, ids=IDS)
def test_drawer_svg_matches_golden(drawn, golden, name, component, side, drawer):
    golden.svg(f"drawers/{name}.svg", svg_of(drawn, component, side))


@pytest.mark.parametrize("name, component, side, drawer", FACES, ids=IDS)
def test_drawer_png_matches_golden(drawn, golden, name, component, side, drawer):
    golden.png(f"drawers/{name}.png", rasterise(drawn, component, side), PNG_TOLERANCE)


@pytest.mark.parametrize("name, component, side", TEMPLATE_FACES, ids=[f[0] for f in TEMPLATE_FACES])
def test_template_faces_match_golden(drawn, golden, name, component, side):
    assert drawn[2][component, side][1].template == name
    golden.svg(f"templates/{name}.svg", svg_of(drawn, component, side))
    golden.png(f"templates/{name}.png", rasterise(drawn, component, side), PNG_TOLERANCE)
