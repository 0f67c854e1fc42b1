"""Players told apart without colour: every built-in palette and every kit's own player colours keep each pair
of players distinguishable under simulated colour-vision deficiency, and every player-owned piece carries its
player's symbol as well as its colour.

Simulation: colorspacious's Machado et al. (2009) model at full severity (100 = dichromacy: deuteranopia,
protanopia, tritanopia); distance: CIEDE2000 between the simulated colours in CIELab (D65).
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pytest

colorspacious = pytest.importorskip("colorspacious")

from generator.manifest import load_manifest  # noqa: E402
from generator.model import build_kit  # noqa: E402
from generator.palettes import MAX_PLAYERS, SEAT_SYMBOLS, player_palette  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
KITS = sorted(p.parent.name for p in (ROOT / "components").glob("*/kit.yaml"))
LEAST = {"deuteranomaly": 12.0, "protanomaly": 12.0, "tritanomaly": 10.0}


def ciede2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        dh -= 360 if dh > 180 else 0
        dh += 360 if dh < -180 else 0
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def test_ciede2000_matches_sharmas_published_pairs():
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, -1.3802, -84.2814), (50, 0, -82.7485)) == pytest.approx(1.0000, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def _closest_pairs(colours: list[str]) -> dict[str, tuple[float, str, str]]:
    """For each deficiency: the smallest simulated CIEDE2000 between two of `colours`, and that pair."""
    rgb = np.array([[int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)] for c in colours])
    closest = {}
    for kind in LEAST:
        seen = colorspacious.cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}, "sRGB1")
        lab = colorspacious.cspace_convert(np.clip(seen, 0, 1), "sRGB1", "CIELab")
        closest[kind] = min((ciede2000(lab[i], lab[j]), colours[i], colours[j])
                            for i, j in itertools.combinations(range(len(colours)), 2))
    return closest


def _assert_told_apart(colours: list[str], what: str) -> None:
    failures = [f"{kind}: {a} and {b} are {distance:.1f} apart (at least {LEAST[kind]:g})"
                for kind, (distance, a, b) in _closest_pairs(colours).items() if distance < LEAST[kind]]
    assert not failures, f"{what}: " + "; ".join(failures)


@pytest.mark.parametrize("players", range(2, MAX_PLAYERS + 1))
def test_built_in_palettes_are_told_apart_under_colour_blindness(players):
    colours = [value for _, value in player_palette(players)]
    assert len(set(colours)) == players
    _assert_told_apart(colours, f"the built-in palette for {players} players")


def test_red_and_green_alone_would_fail():
    """The check has teeth: the kits' old red and green are the same colour to a deuteranope."""
    assert _closest_pairs(["#c62828", "#2e7d32"])["deuteranomaly"][0] < LEAST["deuteranomaly"]


@pytest.mark.parametrize("kit", KITS)
def test_every_kits_player_colours_are_told_apart(kit):
    spec = load_manifest(ROOT / "components" / kit)
    colours = [value for _, value in spec.player_colours[:spec.players_max]]
    _assert_told_apart(colours, f"{kit}'s player colours")


@pytest.mark.parametrize("kit", KITS)
def test_every_player_piece_carries_its_players_symbol(kit):
    spec = load_manifest(ROOT / "components" / kit)
    built = build_kit(spec, spec.players_max)
    symbols: dict[str, dict[int, set[str]]] = {}
    for piece in built.pieces:
        if piece.player is None:
            continue
        for face in (piece.front, piece.back):
            if face is None or face.template.startswith("@"):
                continue
            fields = face.fields
            symbol = fields.get("player_symbol") or ("own" if "symbols" in fields else None)
            assert symbol, f"{kit}: {piece.component_id} for seat {piece.player} shows only its colour"
            symbols.setdefault(piece.component_id, {}).setdefault(piece.player, set()).add(symbol)
    for component, seats in symbols.items():
        assert all(len(s) == 1 for s in seats.values()), component
        drawn = [next(iter(s)) for s in seats.values()]
        assert len(set(drawn)) == len(drawn) or drawn == ["own"] * len(drawn), (component, drawn)
        assert set(drawn) <= set(SEAT_SYMBOLS) | {"own"}


def test_a_kit_without_player_colours_gets_the_built_in_palette(write_kit, tmp_path):
    from generator.pipeline import BuildOptions, build

    kit = write_kit("""
        kit: {name: Seats, players: {min: 2, max: 5}}
        components:
          - {id: pawn, kind: token, size: 20mm, count: 2, per_player: true, sides: {front: {fields: {label: Pawn}}}}
    """)
    spec = load_manifest(kit)
    assert spec.player_colours == player_palette(5)
    result = build(kit, BuildOptions(out=tmp_path / "out", cover=False, reference=False))
    faces = {p.front.key: p for p in result.kit.pieces}
    assert sorted(p.front.fields["player_symbol"] for p in faces.values()) == sorted(SEAT_SYMBOLS[:5])


def _text_boxes(svg: str):
    """Each text line of a face as (left, top, right, bottom) in mm, measured with the fonts it is set in."""
    import re

    from generator.render.text import text_setting
    from generator.typeface import BUNDLED

    for block in re.finditer(r'<text([^>]*)>(.*?)</text>', svg, re.S):
        attributes, body = block.groups()
        em = float(re.search(r'font-size="([\d.]+)"', attributes).group(1))
        setting = text_setting(BUNDLED, 'font-weight="bold"' in attributes)
        for x, y, words in re.findall(r'<tspan x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]*)</tspan>', body):
            width = setting.width(words.replace("&amp;", "&").replace("&#39;", "'")) * em
            yield float(x), float(y) - 0.8 * em, float(x) + width, float(y) + 0.2 * em


@pytest.mark.parametrize("kit", KITS)
def test_no_text_runs_under_a_players_symbol(kit):
    """The badge the base template draws on a player's piece keeps clear of the piece's text (solstice's capital tile
    once ran its last lines under it, its peasant discs their label)."""
    import re

    from generator.render import render_face

    spec = load_manifest(ROOT / "components" / kit)
    seen = set()
    for piece in build_kit(spec, spec.players_max).pieces:
        face = piece.front
        if piece.player is None or face is None or face.template.startswith("@") or face.key in seen:
            continue
        seen.add(face.key)
        svg = render_face(face, spec).svg
        badge = re.search(r'class="player-symbol"[^>]*>\s*<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"', svg)
        if badge is None:
            continue
        cx, cy, r = map(float, badge.groups())
        for left, top, right, bottom in _text_boxes(svg):
            assert right <= cx - r or left >= cx + r or bottom <= cy - r or top >= cy + r, (
                f"{kit}: {piece.component_id}: text at ({left:.1f}, {top:.1f})–({right:.1f}, {bottom:.1f}) mm "
                f"under the player's symbol at ({cx:.1f}, {cy:.1f}) r {r:.1f}")
