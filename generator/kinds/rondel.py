"""Kind `rondel`: a round action wheel, its ring cut into spaces (clockwise from the top) around a titled hub;
cut along the circle. The whole kind in one module, as every kind should be: its options read once at load
into `RondelOptions` (points), its builder, its drawer '@rondel' and its block's JSON Schema; one line in
generator/kinds/registry.py lists it.

    kind: rondel
    rondel: {diameter: 120mm, hub: 36mm, title: Actions, spaces: [Build, Trade, {label: Harvest, colour: gold}]}
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from generator.colours import normalise_colour, text_on
from generator.kinds.common import block_form_problems, one_sided_problems
from generator.kinds.parts import KindParts
from generator.pieces import FaceSpec, Outline, Piece, colour_sets
from generator.units import parse_length, to_mm

if TYPE_CHECKING:
    from generator.manifest.spec import ComponentSpec, KitSpec

BLOCK = "rondel"
MAX_SPACES = 24
FILLS = ("#f3e9d2", "#e2d3b0")  # spaces without a colour of their own alternate between these
LINE = "#4a3f2e"
PAPER = "#fbf8f0"
KeyPath = tuple[Any, ...]


@dataclass(frozen=True)
class RondelSpace:
    """One space of the ring: its label and its fill ('#rrggbb')."""

    label: str
    colour: str


@dataclass(frozen=True)
class RondelOptions:
    """A rondel's `rondel:` block, read once at load: sizes in points, colours as '#rrggbb'."""

    diameter: float
    hub: float                    # the hub's diameter
    spaces: tuple[RondelSpace, ...]
    title: str | None = None      # None: the component's name
    font: float = 10.0            # the largest label size, points


@dataclass(frozen=True)
class RondelDrawing:
    """What the drawer gets (FaceSpec.drawing): the options, the hub's title and colours."""

    options: RondelOptions
    title: str
    hub_colour: str
    ink: str


# -- options ------------------------------------------------------------------------------------------
SCHEMA: Mapping[str, Any] = {
    "description": "Rondel options (kind rondel): diameter, hub, title, spaces and their colours (docs/manifest.md, Rondels).",
    "type": "object", "additionalProperties": False, "required": ["diameter", "spaces"],
    "properties": {
        "diameter": {"description": "The rondel's diameter (its cut circle), e.g. 120mm.", "$ref": "#/$defs/length"},
        "hub": {"description": "The centre's diameter (default 30% of the diameter).", "$ref": "#/$defs/length"},
        "title": {"description": "Printed in the hub (default: the component's name; '' for none).", "type": "string"},
        "spaces": {"description": "The ring's spaces clockwise from the top: labels, or {label, colour}.",
                   "type": "array", "minItems": 2, "maxItems": MAX_SPACES,
                   "items": {"oneOf": [{"type": ["string", "integer"]},
                                       {"type": "object", "additionalProperties": False, "required": ["label"],
                                        "properties": {"label": {"description": "The space's text.",
                                                                 "type": ["string", "integer"]},
                                                       "colour": {"description": "The space's fill.",
                                                                  "$ref": "#/$defs/colour"}}}]}},
        "colours": {"description": "Fills taken in turn by spaces without their own colour (default two light tans).",
                    "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/colour"}},
        "font": {"description": "Largest label size in points (default 10); labels shrink to fit their space.",
                 "type": "number", "exclusiveMinimum": 0},
    },
}


def read_rondel(block: Any, raw: Mapping[str, Any], palette: Mapping[str, str]
                ) -> tuple[RondelOptions | None, list[tuple[KeyPath, str]]]:
    """The block as RondelOptions, or None and every problem as (key path, message) from the component."""
    problems = list(one_sided_problems(dict(raw)))
    if "size" in raw:
        problems.append((("size",), "a rondel is sized by rondel.diameter, not size"))
    if raw.get("shape", "disc") != "disc":
        problems.append((("shape",), "a rondel is cut round: leave shape out"))
    if "cards" in raw:
        problems.append((("cards",), "a rondel has no cards: write its spaces in rondel.spaces"))
    if not isinstance(block, dict):
        problems += block_form_problems(block, BLOCK, "kind rondel needs a rondel: block, e.g. rondel: "
                                                      "{diameter: 120mm, spaces: [Build, Trade]}")
        return None, problems

    def length(key: str, default: float | None) -> float | None:
        if key not in block:
            return default
        try:
            value = parse_length(block[key])
        except ValueError as exc:
            problems.append(((BLOCK, key), str(exc)))
            return None
        if value <= 0:
            problems.append(((BLOCK, key), f"{key} must be larger than zero"))
        return value

    def colour(path: KeyPath, value: Any) -> str:
        try:
            return normalise_colour(value, palette)
        except ValueError as exc:
            problems.append((path, str(exc)))
            return FILLS[0]

    diameter = length("diameter", None)
    hub = length("hub", 0.3 * diameter if diameter else None)
    if diameter and hub and hub > 0.8 * diameter:
        problems.append(((BLOCK, "hub"), f"the hub ({to_mm(hub):g}mm) leaves no ring: keep it under 80% of the diameter"))
    fills = tuple(colour((BLOCK, "colours", i), value) for i, value in enumerate(block.get("colours") or FILLS))
    spaces = []
    for i, space in enumerate(block.get("spaces") or ()):
        entry = space if isinstance(space, dict) else {"label": space}
        fill = colour((BLOCK, "spaces", i, "colour"), entry["colour"]) if "colour" in entry else fills[i % len(fills)]
        spaces.append(RondelSpace(str(entry.get("label", "")), fill))
    if problems or diameter is None or hub is None:
        return None, problems
    title = block.get("title")
    return RondelOptions(diameter, hub, tuple(spaces), title, float(block.get("font", 10.0))), problems


# -- builder ------------------------------------------------------------------------------------------
def rondel_pieces(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """`count` rondels for each colour set; the set's colour fills the hub."""
    options: RondelOptions = component.options[BLOCK]
    size = options.diameter
    outline = Outline("disc", size, size)
    title = component.name if options.title is None else options.title
    for seat, colour_name, colour in colour_sets(spec, component, players):
        hub = colour or PAPER
        drawing = RondelDrawing(options, title, hub, text_on(hub))
        fields = json.dumps({"name": component.name, "colour": hub, "colour_name": colour_name}, sort_keys=True)
        front = FaceSpec(template="@rondel", fields_json=fields, width=size, height=size, bleed=component.bleed,
                         shape="disc", drawing=drawing)
        piece = Piece(component.id, size, size, component.bleed, outline, front, player=seat)
        for _ in range(component.count):
            yield piece


# -- drawer (millimetres from here on: the SVG's unit) ------------------------------------------------------
# render's helpers are imported inside the drawing functions: the kinds load with the manifest, which draws nothing
def _wedge(cx: float, cy: float, inner: float, outer: float, start: float, end: float) -> str:
    """An annulus sector's path, angles in degrees clockwise from 3 o'clock (y down)."""
    from generator.render.layers import num

    a, b = math.radians(start), math.radians(end)
    large = 1 if end - start > 180 else 0
    p = [(cx + r * math.cos(t), cy + r * math.sin(t)) for r, t in ((outer, a), (outer, b), (inner, b), (inner, a))]
    return (f"M{num(p[0][0])} {num(p[0][1])} A{num(outer)} {num(outer)} 0 {large} 1 {num(p[1][0])} {num(p[1][1])} "
            f"L{num(p[2][0])} {num(p[2][1])} A{num(inner)} {num(inner)} 0 {large} 0 {num(p[3][0])} {num(p[3][1])} Z")


def draw_rondel(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@rondel': the spaces' fills into the bleed, their dividers and labels, then the hub and its title."""
    from generator.render.layers import num, svg_document
    from generator.render.templating import TextHelper

    drawing: RondelDrawing = face.drawing
    options, text = drawing.options, TextHelper.for_kit(spec)
    radius, hub, bleed = to_mm(options.diameter) / 2, to_mm(options.hub) / 2, to_mm(face.bleed)
    cx = cy = radius
    step = 360.0 / len(options.spaces)
    ring = radius - hub
    chord = 2 * (hub + ring / 2) * math.sin(math.radians(step / 2))
    box_w, box_h = 0.8 * min(chord, ring), 0.5 * min(chord, ring)
    out = [f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(radius + bleed)}" fill="{PAPER}"/>']
    for i, space in enumerate(options.spaces):
        start = -90.0 + i * step
        out.append(f'<path d="{_wedge(cx, cy, hub, radius + bleed, start, start + step)}" fill="{space.colour}"/>')
    for i in range(len(options.spaces)):
        t = math.radians(-90.0 + i * step)
        out.append(f'<line x1="{num(cx + hub * math.cos(t))}" y1="{num(cy + hub * math.sin(t))}" '
                   f'x2="{num(cx + radius * math.cos(t))}" y2="{num(cy + radius * math.sin(t))}" stroke="{LINE}" '
                   f'stroke-width="0.4"/>')
    for i, space in enumerate(options.spaces):
        t = math.radians(-90.0 + (i + 0.5) * step)
        x, y = cx + (hub + ring / 2) * math.cos(t), cy + (hub + ring / 2) * math.sin(t)
        out.append(str(text(space.label, x - box_w / 2, y - box_h / 2, box_w, box_h, size=options.font, min_size=5,
                            bold=True, fill=text_on(space.colour), max_lines=2)))
    out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(radius - 0.6)}" fill="none" stroke="{LINE}" '
               f'stroke-width="0.5"/>')
    out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(hub)}" fill="{drawing.hub_colour}" stroke="{LINE}" '
               f'stroke-width="0.5"/>')
    if drawing.title:
        side = hub * math.sqrt(2) * 0.9  # the square inside the hub
        out.append(str(text(drawing.title, cx - side / 2, cy - side / 2, side, side, size=12, min_size=5, bold=True,
                            fill=drawing.ink, max_lines=3)))
    return svg_document(2 * radius, 2 * radius, bleed, "\n".join(out))


# what its line in the kind table (generator/kinds/registry.py) loads when a kit first uses the kind
PARTS = KindParts(rondel_pieces, parse=read_rondel, options=RondelOptions, schema=SCHEMA)
