"""Kinds `foldup` and `standee`: paper pieces printed as one net, cut on the solid line, folded on dashed ones.

`foldup` is a triangular tent: front, back (upside down in the net, so it reads upright from behind),
base, and a glue tab that goes behind the front. `standee` is a flat figure: base, back, front, base;
front and back are glued together and the two bases fold out opposite ways as a foot.
Options (`foldup:`, read once at load into `FoldupOptions`): panel size, base depth, tab length, and layers
for front, back and base. The builder hands drawer '@foldup' its `FoldupOptions` (the net and each panel's layers,
points) on FaceSpec.drawing; it draws each panel from its layers in the face document's millimetres (net
coordinates), turned panels rotated 180° so they read upright once folded; cut and fold lines are drawn by the
writer from the piece's outline and folds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Literal, Mapping

from generator.kinds.common import block_form_problems, one_sided_problems
from generator.kinds.layers import KeyPath, Layer, check_layers, read_layers
from generator.kinds.parts import KindParts
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.pieces import FaceSpec, Outline, Piece, colour_sets, face_fields
from generator.units import mm, parse_length, parse_size, to_mm

if TYPE_CHECKING:
    from generator.render.layers import Frame
    from generator.render.templating import TextHelper

DEFAULT_FRONT = [{"type": "terrain"}, {"type": "border", "inset": 1.0, "width": 0.3},
                 {"type": "text", "field": "label", "size": [12, 10], "font": 8, "bold": True}]
DEFAULT_BASE = [{"type": "terrain"}]
TAB_LABEL = "glue"


# What a panel of a fold-up's net shows: the figure's front or back, its base, or a glue tab.
PanelRole = Literal["front", "back", "base", "tab"]


@dataclass(frozen=True)
class Panel:
    """One rectangle of a net (points, net coordinates); `turned` panels are drawn upside down."""

    role: PanelRole
    y: float
    height: float
    turned: bool = False


@dataclass(frozen=True)
class Net:
    """A fold-up's flat pattern: panels stacked top to bottom, all as wide as the net."""

    width: float
    panels: tuple[Panel, ...]
    taper: float = 0.0  # how far the top tab's corners are cut in, so it slips inside

    @property
    def height(self) -> float:
        return sum(p.height for p in self.panels)

    @property
    def folds(self) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
        """Every border between two panels is a fold."""
        return tuple(((0.0, p.y), (self.width, p.y)) for p in self.panels[1:])

    def outline(self) -> Outline:
        if not self.taper:
            return Outline("rect", self.width, self.height)
        tab = self.panels[0].height
        points = ((self.taper, 0.0), (self.width - self.taper, 0.0), (self.width, tab), (self.width, self.height),
                  (0.0, self.height), (0.0, tab))
        return Outline("polygon", self.width, self.height, points=points)


def foldup_net(kind: str, options: Mapping[str, Any]) -> Net:
    """The net of a fold-up (`foldup`, a tent) or a standee (`standee`, a flat figure with a folded foot)."""
    width, height = parse_size(options["panel"])
    base = parse_length(options["base"]) if "base" in options else (0.6 * height if kind == "foldup" else mm(10))
    if kind == "foldup":
        tab = parse_length(options["tab"]) if "tab" in options else mm(5)
        roles = (("tab", tab, False), ("base", base, False), ("back", height, True), ("front", height, False))
        taper = min(0.8 * tab, 0.2 * width)
    else:
        roles = (("base", base, True), ("back", height, True), ("front", height, False), ("base", base, False))
        taper = 0.0
    panels, y = [], 0.0
    for role, size, turned in roles:
        panels.append(Panel(role, y, size, turned))
        y += size
    return Net(width, tuple(panels), taper)


def validate_foldup_options(options: dict[str, Any], raw: dict[str, Any]) -> Iterator[tuple[KeyPath, str]]:
    """Problems with a fold-up or standee's `foldup:` block (key paths relative to the component)."""
    block = options.get("foldup")
    yield from one_sided_problems(raw)
    if "size" in raw:
        size = str(raw["size"])
        try:
            parse_size(size)
            hint = f"; for a {size} panel write foldup: {{panel: {size}}}"
        except ValueError:
            hint = ""
        yield ("size",), f"fold-ups are sized by foldup.panel (the front panel), not size{hint}"
    if not isinstance(block, dict):
        yield from block_form_problems(block, "foldup", "this kind needs a foldup: block, e.g. foldup: "
                                                        "{panel: 14mm x 20mm}", "panel, base, tab …")
        return
    if "panel" not in block:
        yield ("foldup",), "foldup needs panel: the front panel's width x height, e.g. 14mm x 20mm"
    else:
        try:
            w, h = parse_size(block["panel"])
            if w <= 0 or h <= 0:
                yield ("foldup", "panel"), "the panel must be larger than zero"
        except ValueError as exc:
            yield ("foldup", "panel"), str(exc)
    for key in ("base", "tab"):
        if key in block:
            try:
                if parse_length(block[key]) <= 0:
                    yield ("foldup", key), f"{key} must be larger than zero"
            except ValueError as exc:
                yield ("foldup", key), str(exc)
    if "tab" in block and raw.get("kind") == "standee":
        yield ("foldup", "tab"), "a standee has no glue tab (its front and back are glued together)"
    for key in ("front", "back", "base_layers"):
        if key in block:
            yield from check_layers(block[key], ("foldup", key))


@dataclass(frozen=True)
class FoldupOptions:
    """A fold-up's or standee's `foldup:` block, read once at load: its net and each panel's layers (points),
    colours resolved through the kit palette. It is also what drawer '@foldup' gets (FaceSpec.drawing)."""

    net: Net
    front: tuple[Layer, ...]
    back: tuple[Layer, ...]
    base: tuple[Layer, ...]

    def layers_of(self, role: PanelRole) -> tuple[Layer, ...]:
        """The layers a panel of this role shows (a tab has none: the drawer draws it)."""
        return {"front": self.front, "back": self.back, "base": self.base}.get(role, ())


def read_foldup(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]
                ) -> tuple[FoldupOptions | None, list[tuple[KeyPath, str]]]:
    """The block as FoldupOptions, or None and every problem (key paths from the component)."""
    problems = list(validate_foldup_options({"foldup": block} if block is not None else {}, dict(raw)))
    if problems:
        return None, problems
    try:
        front = read_layers(block.get("front", DEFAULT_FRONT), palette)
        back = read_layers(block.get("back", block.get("front", DEFAULT_FRONT)), palette)
        base = read_layers(block.get("base_layers", DEFAULT_BASE), palette)
    except ValueError as exc:
        return None, [(("foldup",), str(exc))]
    return FoldupOptions(foldup_net(raw["kind"], block), front, back, base), []


def foldup_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """One net per piece: the distinct cards (or `count` copies) in each colour set."""
    options: FoldupOptions = component.options["foldup"]
    net = options.net
    outline = net.outline()
    cards = [(c.count, c.front) for c in component.cards] or [(component.count, {})]
    for seat, colour_name, colour in colour_sets(spec, component, players):
        for row, (copies, extra) in enumerate(cards):
            fields = face_fields(spec, component, component.front, colour, colour_name, extra, seat)
            face = FaceSpec(template="@foldup", fields_json=json.dumps(fields, sort_keys=True, default=str),
                            width=net.width, height=net.height, bleed=component.bleed, shape="foldup", drawing=options)
            piece = Piece(component.id, net.width, net.height, component.bleed, outline, face, folds=net.folds, player=seat,
                          card=row if component.cards else None)
            for _ in range(copies):
                yield piece


# -- the drawer ----------------------------------------------------------------------------------------
# render's helpers are imported inside the drawing functions: the kinds load with the manifest, which draws nothing
TAB_FILL = "#eeeeee"
TAB_INK = "#777777"


def _panel_frame(x0: float, y0: float, w: float, h: float, grow_top: float, grow_bottom: float, bleed: float) -> Frame:
    """Layers of one panel: fills reach the bleed on the net's outer edges, not across folds."""
    from generator.render.layers import Frame, num

    def fill(colour: str) -> str:
        return (f'<rect x="{num(x0 - bleed)}" y="{num(y0 - grow_top)}" width="{num(w + 2 * bleed)}" '
                f'height="{num(h + grow_top + grow_bottom)}" fill="{colour}"/>')

    def outline(inset: float, stroke: str, width: float) -> str:
        return (f'<rect x="{num(x0 + inset)}" y="{num(y0 + inset)}" width="{num(w - 2 * inset)}" height="{num(h - 2 * inset)}" '
                f'rx="0.5" fill="none" stroke="{stroke}" stroke-width="{num(width)}"/>')

    return Frame(x0 + w / 2, y0 + h / 2, fill, outline)


def draw_foldup(face: FaceSpec, spec: KitSpec) -> str:
    """A net from its FoldupOptions: each panel's layers, lengths in the face document's millimetres."""
    from generator.render.layers import draw_layers, num, svg_document
    from generator.render.templating import TextHelper

    fields = face.fields
    drawing: FoldupOptions = face.drawing
    w, h, bleed = to_mm(face.width), to_mm(face.height), to_mm(face.bleed)
    text = TextHelper.for_kit(spec)
    out = []
    panels = drawing.net.panels
    for i, panel in enumerate(panels):
        y, ph = to_mm(panel.y), to_mm(panel.height)
        grow_top = bleed if i == 0 else 0.0
        grow_bottom = bleed if i == len(panels) - 1 else 0.0
        if panel.role == "tab":
            out.append(_tab(w, y, ph, to_mm(drawing.net.taper), bleed, TAB_LABEL, text))
            continue
        if panel.turned:  # drawn upside down: its outer edge is at the other end before the turn
            grow_top, grow_bottom = grow_bottom, grow_top
        frame = _panel_frame(0.0, y, w, ph, grow_top, grow_bottom, bleed)
        body = draw_layers(drawing.layers_of(panel.role), fields, frame, text)
        if panel.turned:
            body = f'<g transform="rotate(180 {num(frame.cx)} {num(frame.cy)})">{body}</g>'
        out.append(body)
    return svg_document(w, h, bleed, "\n".join(out))


def _tab(w: float, y: float, height: float, taper: float, bleed: float, label: str, text: TextHelper) -> str:
    """The glue tab: pale, its slanted sides grown by the bleed, with a small note."""
    from generator.render.layers import points_attr

    points = [(taper - bleed, y - bleed), (w - taper + bleed, y - bleed), (w + bleed, y + height), (-bleed, y + height)]
    note = str(text(label, taper, y + 0.3, w - 2 * taper, height - 0.6, size=6, min_size=5, fill=TAB_INK, max_lines=1,
                    optional=True))  # pnpgen's own word: left out on a tab too small for it
    return f'<polygon points="{points_attr(points)}" fill="{TAB_FILL}"/>{note}'


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(foldup_pieces, parse=read_foldup, options=FoldupOptions)
