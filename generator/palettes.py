"""Built-in player colours and symbols: players told apart without colour vision.

`PLAYER_PALETTE` is the Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2002), its yellow a shade
lighter: every pair of its colours stays at least 12 CIEDE2000 apart after a full deuteranopia or protanopia
simulation and 10 after tritanopia (tests/test_colours.py checks each built-in palette and every kit's own
player colours). `player_palette(n)` is the palette for n players (2-8): its first n colours, in an order
that keeps the first few the furthest apart. A kit without `player_colours` gets it.

Each seat also has a symbol (`SEAT_SYMBOLS`), drawn on every player-owned piece beside its colour
(templates/_base.svg.j2, field `player_symbol`).
"""

from __future__ import annotations

PLAYER_PALETTE: tuple[tuple[str, str], ...] = (
    ("blue", "#0072b2"),
    ("orange", "#e69f00"),
    ("green", "#009e73"),
    ("purple", "#cc79a7"),
    ("yellow", "#f3ea5c"),
    ("sky blue", "#56b4e9"),
    ("vermilion", "#d55e00"),
    ("black", "#000000"),
)
SEAT_SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "cross", "hexagon", "ring")
MAX_PLAYERS = len(PLAYER_PALETTE)


def player_palette(players: int) -> tuple[tuple[str, str], ...]:
    """(name, '#rrggbb') for each seat of a game for `players` players (at most 8)."""
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"built-in player colours go up to {MAX_PLAYERS} players; name the kit's own player_colours")
    return PLAYER_PALETTE[:players]


def seat_symbol(seat: int) -> str:
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]
