"""Drawer `@foldup`: a fold-up or standee net, each panel drawn from its layers (mm, net coordinates).

Turned panels (the back, and a standee's far base) are drawn rotated 180° about their centre, so they
read upright once folded. The glue tab is pale with a 'glue' note; cut and fold lines are drawn by the
writer from the piece's outline and folds.
"""

from __future__ import annotations

from generator.manifest.spec import KitSpec
from generator.model import FaceSpec
from generator.render import DRAWERS
from generator.render.layers import Frame, draw_layers, num, points_attr, svg_document
from generator.render.templating import TextHelper
from generator.units import to_mm

TAB_FILL = "#eeeeee"
TAB_INK = "#777777"


def _panel_frame(x0: float, y0: float, w: float, h: float, grow_top: float, grow_bottom: float, bleed: float) -> Frame:
    """Layers of one panel: fills reach the bleed on the net's outer edges, not across folds."""

    def fill(colour: str) -> str:
        return (f'<rect x="{num(x0 - bleed)}" y="{num(y0 - grow_top)}" width="{num(w + 2 * bleed)}" '
                f'height="{num(h + grow_top + grow_bottom)}" fill="{colour}"/>')

    def outline(inset: float, stroke: str, width: float) -> str:
        return (f'<rect x="{num(x0 + inset)}" y="{num(y0 + inset)}" width="{num(w - 2 * inset)}" height="{num(h - 2 * inset)}" '
                f'rx="0.5" fill="none" stroke="{stroke}" stroke-width="{num(width)}"/>')

    return Frame(x0 + w / 2, y0 + h / 2, fill, outline)


def draw_foldup(face: FaceSpec, spec: KitSpec) -> str:
    fields = face.fields
    net = fields["_net"]
    w, h, bleed = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    text = TextHelper.for_kit(spec)
    out = []
    panels = net["panels"]
    for i, panel in enumerate(panels):
        y, ph = panel["y"], panel["height"]
        grow_top = bleed if i == 0 else 0.0
        grow_bottom = bleed if i == len(panels) - 1 else 0.0
        if panel["role"] == "tab":
            out.append(_tab(w, y, ph, net["taper"], bleed, net["tab_label"], text))
            continue
        if panel["turned"]:  # drawn upside down: its outer edge is at the other end before the turn
            grow_top, grow_bottom = grow_bottom, grow_top
        frame = _panel_frame(0.0, y, w, ph, grow_top, grow_bottom, bleed)
        body = draw_layers(net["layers"][panel["role"]], fields, frame, text)
        if panel["turned"]:
            body = f'<g transform="rotate(180 {num(frame.cx)} {num(frame.cy)})">{body}</g>'
        out.append(body)
    return svg_document(w, h, bleed, "\n".join(out))


def _tab(w: float, y: float, height: float, taper: float, bleed: float, label: str, text: TextHelper) -> str:
    """The glue tab: pale, its slanted sides grown by the bleed, with a small note."""
    points = [(taper - bleed, y - bleed), (w - taper + bleed, y - bleed), (w + bleed, y + height), (-bleed, y + height)]
    note = str(text(label, taper, y + 0.3, w - 2 * taper, height - 0.6, size=6, min_size=5, fill=TAB_INK, max_lines=1,
                    optional=True))  # pnpgen's own word: left out on a tab too small for it
    return f'<polygon points="{points_attr(points)}" fill="{TAB_FILL}"/>{note}'


DRAWERS["foldup"] = draw_foldup
