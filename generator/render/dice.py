"""Drawers `@die_net` and `@die_face` (render stage): die faces with pips, text and simple drawn symbols
(flag, frown, skull, hit, flee, fire, plague, bandit, monster, sun, moon, star, heart, shield)."""

from __future__ import annotations

import math
from typing import Callable

from generator.kinds.dice import DIE_SYMBOLS, NET_BLEED, NET_CELLS, NET_WALK, DieFace, DieNet, DieSticker, net_outline
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.templating import TextHelper
from generator.render.layers import num
from generator.render.tracks import circle, face_document, line, polygon, rect, star
from generator.units import to_mm

OUTLINE = "#222222"
TAB_FILL = "#e4e4e4"
SEAM = 0.15  # mm a face overlaps its neighbour, so no hairline gap shows along a fold
PIP_SPOTS = {
    1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}


def _path(d: str, fill: str, stroke: str | None = OUTLINE, width: float = 0.3) -> str:
    stroke_attr = f' stroke="{stroke}" stroke-width="{num(width)}" stroke-linejoin="round"' if stroke else ""
    return f'<path d="{d}" fill="{fill}"{stroke_attr}/>'


class Glyph:
    """Draws one symbol into the square (x, y, s) in colour `ink`; coordinates below are fractions of s."""

    def __init__(self, x: float, y: float, s: float, ink: str, hole: str = "#ffffff"):
        self.x, self.y, self.s, self.ink, self.hole = x, y, s, ink, hole  # hole: eyes, teeth … (the ground)
        self.w = max(0.15, s * 0.025)  # outline width

    def p(self, u: float, v: float) -> tuple[float, float]:
        return self.x + u * self.s, self.y + v * self.s

    def pts(self, *uv: tuple[float, float]) -> list[tuple[float, float]]:
        return [self.p(u, v) for u, v in uv]

    def d(self, spec: str) -> str:
        """A path from 'M u v L u v Q u v u v …' in fractions (letters kept, number pairs mapped)."""
        out, numbers = [], []
        for token in spec.split():
            if token.isalpha():
                out.append(token)
            else:
                numbers.append(float(token))
                if len(numbers) == 2:
                    px, py = self.p(*numbers)
                    out.append(f"{num(px)} {num(py)}")
                    numbers = []
        return " ".join(out)

    def pips(self, count: int) -> str:
        return "".join(circle(*self.p(u, v), self.s * 0.09, self.ink, None) for u, v in PIP_SPOTS[count])

    def flag(self) -> str:
        pole = line(*self.p(0.28, 0.12), *self.p(0.28, 0.9), OUTLINE, self.s * 0.06)
        cloth = _path(self.d("M 0.3 0.14 Q 0.5 0.06 0.62 0.16 Q 0.74 0.26 0.86 0.2 L 0.86 0.5 Q 0.74 0.56 0.62 0.46 "
                             "Q 0.5 0.36 0.3 0.44 Z"), self.ink, OUTLINE, self.w)
        return pole + cloth

    def frown(self) -> str:
        face = circle(*self.p(0.5, 0.5), self.s * 0.4, self.ink, OUTLINE, self.w * 1.4)
        eyes = circle(*self.p(0.37, 0.4), self.s * 0.05, OUTLINE, None) + circle(*self.p(0.63, 0.4), self.s * 0.05, OUTLINE, None)
        mouth = _path(self.d("M 0.32 0.72 Q 0.5 0.52 0.68 0.72"), "none", OUTLINE, self.s * 0.05)
        return face + eyes + mouth

    def skull(self) -> str:
        head = _path(self.d("M 0.2 0.45 Q 0.2 0.12 0.5 0.12 Q 0.8 0.12 0.8 0.45 Q 0.8 0.6 0.68 0.66 L 0.68 0.84 "
                            "L 0.32 0.84 L 0.32 0.66 Q 0.2 0.6 0.2 0.45 Z"), self.ink, OUTLINE, self.w)
        eyes = circle(*self.p(0.37, 0.46), self.s * 0.085, self.hole, None) + circle(*self.p(0.63, 0.46), self.s * 0.085, self.hole, None)
        nose = polygon(self.pts((0.5, 0.56), (0.45, 0.65), (0.55, 0.65)), self.hole)
        teeth = "".join(line(*self.p(u, 0.72), *self.p(u, 0.84), self.hole, self.s * 0.025) for u in (0.42, 0.5, 0.58))
        return head + eyes + nose + teeth

    def hit(self) -> str:
        points = [(0.5 + (0.42 if i % 2 == 0 else 0.2) * math.sin(i * math.pi / 8),
                   0.5 - (0.42 if i % 2 == 0 else 0.2) * math.cos(i * math.pi / 8)) for i in range(16)]
        return polygon(self.pts(*points), self.ink, OUTLINE, self.w)

    def flee(self) -> str:
        arrow = polygon(self.pts((0.3, 0.4), (0.58, 0.4), (0.58, 0.26), (0.88, 0.5), (0.58, 0.74), (0.58, 0.6), (0.3, 0.6)),
                        self.ink, OUTLINE, self.w)
        streaks = "".join(line(*self.p(0.1, v), *self.p(0.24, v), OUTLINE, self.s * 0.04) for v in (0.38, 0.5, 0.62))
        return arrow + streaks

    def fire(self) -> str:
        outer = _path(self.d("M 0.5 0.1 Q 0.62 0.3 0.74 0.42 Q 0.86 0.56 0.8 0.7 Q 0.72 0.9 0.5 0.9 Q 0.28 0.9 0.2 0.7 "
                             "Q 0.14 0.54 0.3 0.4 Q 0.34 0.52 0.42 0.54 Q 0.36 0.3 0.5 0.1 Z"), self.ink, OUTLINE, self.w)
        inner = _path(self.d("M 0.5 0.48 Q 0.64 0.62 0.62 0.74 Q 0.58 0.84 0.5 0.84 Q 0.4 0.84 0.38 0.74 Q 0.38 0.62 0.5 0.48 Z"),
                      "#ffd54a", None)
        return outer + inner

    def plague(self) -> str:
        drop = _path(self.d("M 0.5 0.1 Q 0.82 0.5 0.8 0.64 Q 0.76 0.88 0.5 0.88 Q 0.24 0.88 0.2 0.64 Q 0.18 0.5 0.5 0.1 Z"),
                     self.ink, OUTLINE, self.w)
        spots = "".join(circle(*self.p(u, v), self.s * r, self.hole, None) for u, v, r in
                        ((0.42, 0.6, 0.06), (0.6, 0.68, 0.05), (0.5, 0.78, 0.04)))
        return drop + spots

    def bandit(self) -> str:
        mask = _path(self.d("M 0.12 0.4 Q 0.5 0.28 0.88 0.4 L 0.84 0.62 Q 0.5 0.7 0.16 0.62 Z"), self.ink, OUTLINE, self.w)
        eyes = "".join(_path(self.d(f"M {u - 0.1} 0.5 Q {u} 0.42 {u + 0.1} 0.5 Q {u} 0.56 {u - 0.1} 0.5 Z"), self.hole, None)
                       for u in (0.34, 0.66))
        return mask + eyes

    def monster(self) -> str:
        horns = polygon(self.pts((0.22, 0.4), (0.12, 0.08), (0.38, 0.3)), self.ink, OUTLINE, self.w) + \
            polygon(self.pts((0.78, 0.4), (0.88, 0.08), (0.62, 0.3)), self.ink, OUTLINE, self.w)
        head = circle(*self.p(0.5, 0.56), self.s * 0.32, self.ink, OUTLINE, self.w)
        eyes = polygon(self.pts((0.32, 0.46), (0.46, 0.52), (0.34, 0.56)), self.hole) + \
            polygon(self.pts((0.68, 0.46), (0.54, 0.52), (0.66, 0.56)), self.hole)
        teeth = polygon(self.pts((0.36, 0.7), (0.64, 0.7), (0.6, 0.78), (0.55, 0.72), (0.5, 0.8), (0.45, 0.72), (0.4, 0.78)),
                        self.hole)
        return horns + head + eyes + teeth

    def sun(self) -> str:
        rays = "".join(line(*self.p(0.5 + 0.3 * math.cos(a), 0.5 + 0.3 * math.sin(a)),
                            *self.p(0.5 + 0.44 * math.cos(a), 0.5 + 0.44 * math.sin(a)), self.ink, self.s * 0.06)
                       for a in (i * math.pi / 4 for i in range(8)))
        return rays + circle(*self.p(0.5, 0.5), self.s * 0.22, self.ink, OUTLINE, self.w)

    def moon(self) -> str:
        return _path(self.d("M 0.6 0.12 Q 0.16 0.2 0.2 0.56 Q 0.28 0.9 0.7 0.86 Q 0.38 0.7 0.4 0.46 Q 0.42 0.22 0.6 0.12 Z"),
                     self.ink, OUTLINE, self.w)

    def star(self) -> str:
        return star(*self.p(0.5, 0.54), self.s * 0.42, self.ink, OUTLINE)

    def heart(self) -> str:
        return _path(self.d("M 0.5 0.86 Q 0.12 0.56 0.14 0.36 Q 0.18 0.14 0.38 0.16 Q 0.48 0.18 0.5 0.3 Q 0.52 0.18 0.62 0.16 "
                            "Q 0.82 0.14 0.86 0.36 Q 0.88 0.56 0.5 0.86 Z"), self.ink, OUTLINE, self.w)

    def shield(self) -> str:
        return _path(self.d("M 0.5 0.1 L 0.84 0.22 Q 0.84 0.66 0.5 0.9 Q 0.16 0.66 0.16 0.22 Z"), self.ink, OUTLINE, self.w)

    def blank(self) -> str:
        return ""


SYMBOLS: dict[str, Callable[[Glyph], str]] = {name: getattr(Glyph, name) for name in DIE_SYMBOLS}


def draw_face_content(face: DieFace, x: float, y: float, s: float, text: TextHelper) -> str:
    """Symbol, pips and text of one painted face inside the square (x, y, s, mm), keeping a margin for the die's edge."""
    pad = s * 0.1
    inner = s - 2 * pad
    ix, iy = x + pad, y + pad
    symbol, pips, label, ink, ground = face.symbol, face.pips, face.text, face.ink, face.colour
    out = []
    if symbol and label:
        out.append(SYMBOLS[symbol](Glyph(ix + inner * 0.18, iy, inner * 0.64, ink, ground)))
        out.append(text(label, ix, iy + inner * 0.66, inner, inner * 0.34, size=max(5.0, inner * 0.9), min_size=5,
                        bold=True, fill=ink, max_lines=1))
    elif symbol:
        out.append(SYMBOLS[symbol](Glyph(ix, iy, inner, ink, ground)))
    elif label and pips:
        out.append(Glyph(ix, iy, inner * 0.5, ink).pips(pips))
        out.append(text(label, ix + inner * 0.3, iy + inner * 0.45, inner * 0.7, inner * 0.55, size=max(5.0, inner * 1.6),
                        min_size=5, bold=True, fill=ink, max_lines=1))
    elif label:
        out.append(text(label, ix, iy, inner, inner, size=max(5.0, inner * 2.2), min_size=5, bold=True, fill=ink,
                        max_lines=2))
    if pips and not label:
        if symbol:  # a small pip count in the corner, so the face still reads as a number
            out.append(rect(x + s * 0.04, y + s * 0.04, s * 0.3, s * 0.3, ground, ink, s * 0.012, rx=s * 0.04))
            out.append(Glyph(x + s * 0.04, y + s * 0.04, s * 0.3, ink).pips(pips))
        else:
            out.append(Glyph(ix, iy, inner, ink).pips(pips))
    return "".join(out)


def _grown_square(column: int, row: int, edge: float, grow: float) -> tuple[float, float, float, float]:
    """A face's square, grown by `grow` on the net's outer edges and by a hair over its neighbours."""
    cells = set(NET_CELLS.values())
    left, right, top, bottom = (grow if neighbour not in cells else SEAM for neighbour in
                                ((column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1)))
    return column * edge - left, row * edge - top, edge + left + right, edge + top + bottom


def draw_net_face(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@die_net': grey glue tabs, then six faces painted a little past the cut line."""
    drawing: DieNet = face.drawing
    edge, tab = to_mm(drawing.edge), to_mm(drawing.tab)
    text = TextHelper.for_kit(spec)
    out = []
    if tab:
        points = net_outline(edge, tab)
        out.append(polygon(points, TAB_FILL))
        for i, (_, tabbed) in enumerate(NET_WALK):
            if tabbed:
                out.append(_glue_label(i, edge, tab, text))
    for number, (column, row) in NET_CELLS.items():
        data = drawing.faces[number - 1]
        out.append(rect(*_grown_square(column, row, edge, NET_BLEED * 0.8), data.colour, None))
        out.append(draw_face_content(data, column * edge, row * edge, edge, text))
    return face_document(face, out)


def _glue_label(index: int, edge: float, tab: float, text: TextHelper) -> str:
    """'glue' written along a tab (horizontal tabs only: vertical ones are too narrow to read anyway)."""
    (x, y), _ = NET_WALK[index]
    (nx, ny), _ = NET_WALK[(index + 1) % len(NET_WALK)]
    if y != ny or tab < 3.5:
        return ""
    outward = -1.0 if nx > x else 1.0
    top = y * edge + (outward * tab if outward < 0 else 0.0)
    left = min(x, nx) * edge + tab
    return text("glue", left, top + tab * 0.15, edge - 2 * tab, tab * 0.7, size=6, min_size=5, fill="#888888", max_lines=1,
                optional=True)  # pnpgen's own word: left out on a tab too small for it


def draw_sticker_face(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@die_face': one sticker, its ground extended into the bleed."""
    drawing: DieSticker = face.drawing
    data = drawing.face
    s, b = to_mm(face.width), to_mm(face.bleed)
    out = [rect(-b, -b, s + 2 * b, s + 2 * b, data.colour, None),
           draw_face_content(data, 0.0, 0.0, s, TextHelper.for_kit(spec))]
    return face_document(face, out)
