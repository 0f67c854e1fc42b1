"""Draws declared layers (the frozen `Layer`s of generator/kinds/layers.py, in points) as SVG fragments in millimetres.

Shared by the hex tile and fold-up drawers: each gives a `Frame` (the face's reference centre and how to fill or
outline its shape, in the face document's millimetres) and gets SVG elements back, bottom layer first. A layer's
lengths become millimetres here, where the SVG is written (`layer_mm`). `num` and `svg_document` are the number
format and document wrapper every built-in drawer uses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from markupsafe import escape

from generator.colours import text_on
from generator.errors import LayoutError, TemplateError
from generator.kinds.layers import (SYMBOLS, AreaLayer, ArtLayer, BorderLayer, Layer, SpacesLayer, SymbolLayer,
                                     TerrainColours, TerrainLayer, TextLayer, ValueLayer)
from generator.render.templating import TextHelper
from generator.units import to_mm

MISSING_FILL = "#ffffff"
MISSING_STROKE = "#8a8a8a"
SVG_HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'width="{W}mm" height="{H}mm" viewBox="{x} {x} {W} {H}">')


def num(value: float) -> str:
    """Compact, machine-independent number text (at most 3 decimals)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def svg_document(width: float, height: float, bleed: float, body: str) -> str:
    """A face document in mm whose (0, 0) is the trim box's top-left; it covers the bleed too."""
    head = SVG_HEAD.format(W=num(width + 2 * bleed), H=num(height + 2 * bleed), x=num(-bleed))
    return f"{head}\n{body}\n</svg>"


def points_attr(points) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def regular_polygon(cx: float, cy: float, radius: float, sides: int, start_deg: float) -> list[tuple[float, float]]:
    """Corners of a regular polygon, clockwise on a y-down page from angle `start_deg`."""
    return [(cx + radius * math.cos(math.radians(start_deg + 360.0 / sides * i)),
             cy + radius * math.sin(math.radians(start_deg + 360.0 / sides * i))) for i in range(sides)]


@dataclass(frozen=True)
class Frame:
    """Where layers are drawn: the reference centre (mm) and the face's own shape.

    `fill(colour)` paints the face's shape out to the bleed; `outline(inset, stroke, width)` strokes it
    `inset` mm inside the trim.
    """

    cx: float
    cy: float
    fill: Callable[[str], str]
    outline: Callable[[float, str, float], str]
    legend: TerrainColours = TerrainColours()


def layer_mm(points: float) -> float:
    """A layer's length in the face document's millimetres.

    The manifest writes layer lengths as decimal millimetres; rounding to nine decimals of a millimetre gives back exactly the number
    written (points / PT_PER_MM may miss it by the last bit), so the SVG prints the digits it always printed.
    """
    return round(to_mm(points), 9)


def draw_layers(layers: tuple[Layer, ...], fields: Mapping[str, Any], frame: Frame, text: TextHelper) -> str:
    """SVG for every layer whose `when`/`unless` condition holds, in declared order."""
    out = []
    for layer in layers:
        if layer.when is not None and not _present(fields.get(layer.when)):
            continue
        if layer.unless is not None and _present(fields.get(layer.unless)):
            continue
        out.append(_DRAW[type(layer)](layer, fields, frame, text))
    return "\n".join(part for part in out if part)


def _present(value: Any) -> bool:
    return value is not None and value is not False and value != "" and value != 0


def _colour(value: str | None, fields: Mapping[str, Any], default: str) -> str:
    if value in (None, ""):
        return default
    if value == "ink":
        return fields.get("ink") or "#000000"
    if value == "colour":
        return fields.get("colour") or "#ffffff"
    return str(value)


def _at(layer: Layer, frame: Frame) -> tuple[float, float]:
    dx, dy = layer.at
    return frame.cx + layer_mm(dx), frame.cy + layer_mm(dy)


def _extent(size: tuple[float, float]) -> tuple[float, float]:
    return layer_mm(size[0]), layer_mm(size[1])


def terrain_colour(layer: TerrainLayer, fields: Mapping[str, Any], legend: TerrainColours) -> str:
    """The fill of a terrain layer: a fixed colour, else the legend's colour for the field, else the face colour."""
    if layer.colour:
        return _colour(layer.colour, fields, "#ffffff")
    return legend.colour_of(fields.get(layer.field)) or fields.get("colour") or "#ffffff"


def _terrain(layer: TerrainLayer, fields, frame: Frame, text) -> str:
    return frame.fill(terrain_colour(layer, fields, frame.legend))


def _border(layer: BorderLayer, fields, frame: Frame, text) -> str:
    return frame.outline(layer_mm(layer.inset), _colour(layer.colour, fields, fields.get("ink", "#000000")),
                         layer_mm(layer.width))


def _art(layer: ArtLayer, fields, frame: Frame, text) -> str:
    href = fields.get(layer.field)
    if not href:
        return ""
    if not Path(str(href)).is_absolute():  # the loader resolves (and checks) art named in `art` or `*_art` fields only
        raise TemplateError(f"an art layer shows field {layer.field!r}, which holds {href!r}: name art "
                            "files in a field called art or ending in _art")
    x, y = _at(layer, frame)
    w, h = _extent(layer.size)
    return (f'<image x="{num(x - w / 2)}" y="{num(y - h / 2)}" width="{num(w)}" height="{num(h)}" '
            f'preserveAspectRatio="xMidYMid meet" href="{escape(Path(str(href)).as_uri())}"/>')


def _text(layer: TextLayer, fields, frame: Frame, text: TextHelper) -> str:
    value = layer.text if layer.text is not None else fields.get(layer.field)
    if value in (None, ""):
        return ""
    value = f"{layer.prefix}{value}"
    x, y = _at(layer, frame)
    w, h = _extent(layer.size)
    return str(text(value, x - w / 2, y - h / 2, w, h, size=layer.font, min_size=layer.min_font, bold=layer.bold,
                    align=layer.align, fill=_colour(layer.colour, fields, fields.get("ink", "#000000")),
                    max_lines=layer.lines))


def _symbol(layer: SymbolLayer, fields, frame: Frame, text) -> str:
    name = layer.symbol
    if layer.field is not None and fields.get(layer.field):
        name = fields[layer.field]
    by_colour = dict(layer.symbols)
    if by_colour and fields.get("colour_name") in by_colour:
        name = by_colour[fields["colour_name"]]
    if not name or name == "none":
        return ""
    if name not in SYMBOLS:  # a card's field chose it, after the manifest was checked
        raise TemplateError(f"a symbol layer shows {name!r}, which is not one of: {', '.join(SYMBOLS)}")
    x, y = _at(layer, frame)
    fill = _colour(layer.colour, fields, fields.get("ink", "#000000"))
    stroke = _colour(layer.stroke, fields, "none")
    return symbol_svg(str(name), x, y, layer_mm(layer.size), fill, stroke)


def symbol_svg(name: str, x: float, y: float, size: float, fill: str, stroke: str = "none") -> str:
    """A simple symbol `size` mm across centred on (x, y): tells pieces apart without relying on colour."""
    r = size / 2
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{num(size * 0.06)}"'
    if name == "circle":
        return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" {paint}/>'
    if name == "ring":
        return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.8)}" fill="none" stroke="{fill}" '
                f'stroke-width="{num(r * 0.4)}"/>')
    if name == "square":
        s = r * 0.86
        return f'<rect x="{num(x - s)}" y="{num(y - s)}" width="{num(2 * s)}" height="{num(2 * s)}" {paint}/>'
    polygons = {
        "triangle": regular_polygon(x, y + r * 0.18, r * 1.05, 3, -90),
        "diamond": regular_polygon(x, y, r, 4, -90),
        "hexagon": regular_polygon(x, y, r, 6, 0),
        "star": _star(x, y, r),
        "cross": _cross(x, y, r, 45),
        "plus": _cross(x, y, r, 0),
        "flag": [(x - r * 0.7, y - r), (x + r * 0.8, y - r * 0.55), (x - r * 0.45, y - r * 0.1),
                 (x - r * 0.45, y + r), (x - r * 0.7, y + r)],
    }
    if name == "skull":
        return (f'<circle cx="{num(x)}" cy="{num(y - r * 0.15)}" r="{num(r * 0.75)}" {paint}/>'
                f'<rect x="{num(x - r * 0.4)}" y="{num(y + r * 0.3)}" width="{num(r * 0.8)}" height="{num(r * 0.6)}" {paint}/>'
                f'<circle cx="{num(x - r * 0.3)}" cy="{num(y - r * 0.2)}" r="{num(r * 0.2)}" fill="#ffffff"/>'
                f'<circle cx="{num(x + r * 0.3)}" cy="{num(y - r * 0.2)}" r="{num(r * 0.2)}" fill="#ffffff"/>')
    return f'<polygon points="{points_attr(polygons[name])}" {paint}/>'


def _star(x: float, y: float, r: float) -> list[tuple[float, float]]:
    outer = regular_polygon(x, y + r * 0.08, r * 1.05, 5, -90)
    inner = regular_polygon(x, y + r * 0.08, r * 0.45, 5, -54)
    return [p for pair in zip(outer, inner) for p in pair]


def _cross(x: float, y: float, r: float, turn: float) -> list[tuple[float, float]]:
    arm = r * 0.32
    base = [(arm, -r), (arm, -arm), (r, -arm), (r, arm), (arm, arm), (arm, r), (-arm, r), (-arm, arm), (-r, arm),
            (-r, -arm), (-arm, -arm), (-arm, -r)]
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return [(x + px * c - py * s, y + px * s + py * c) for px, py in base]


def _space_count(layer: SpacesLayer, fields: Mapping[str, Any]) -> int:
    """How many slots a spaces layer draws: its count, or the number in its field (none when empty)."""
    if layer.field is None:
        return int(layer.count or 0)
    value = fields.get(layer.field)
    if value in (None, "", False):
        return 0
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise LayoutError(f"a spaces layer counts its slots from field {layer.field!r}, which holds {value!r}, "
                      "not a whole number")


def _spaces(layer: SpacesLayer, fields, frame: Frame, text: TextHelper) -> str:
    count = _space_count(layer, fields)
    if count <= 0:
        return ""
    x, y = _at(layer, frame)
    side = layer_mm(layer.space)
    gap = layer_mm(layer.gap)
    total = count * side + (count - 1) * gap
    fill = _colour(layer.fill, fields, "#ffffff")
    stroke = _colour(layer.stroke, fields, fields.get("ink", "#000000"))
    dash = ' stroke-dasharray="1 0.7"' if layer.dashed else ""
    out = []
    if layer.label:
        out.append(str(text(layer.label, x - max(total, 14) / 2, y - side / 2 - 3.4, max(total, 14), 3.2, size=6.5,
                            min_size=5, fill=fields.get("ink", "#000000"), max_lines=1)))
    for i in range(count):
        left = x - total / 2 + i * (side + gap)
        if layer.round:
            out.append(f'<circle cx="{num(left + side / 2)}" cy="{num(y)}" r="{num(side / 2)}" fill="{fill}" '
                       f'stroke="{stroke}" stroke-width="0.35"{dash}/>')
        else:
            out.append(f'<rect x="{num(left)}" y="{num(y - side / 2)}" width="{num(side)}" height="{num(side)}" rx="0.6" '
                       f'fill="{fill}" stroke="{stroke}" stroke-width="0.35"{dash}/>')
        if layer.numbered:
            out.append(str(text(str(layer.start + i), left, y - side / 2, side, side, size=min(9, side * 1.6),
                                min_size=5, bold=True, fill=_ink_on(fill), max_lines=1)))
    return "\n".join(out)


def _value(layer: ValueLayer, fields, frame: Frame, text: TextHelper) -> str:
    value = layer.value if layer.value is not None else fields.get(layer.field)
    blank_name = str(layer.label or layer.field or "value")
    filled = (fields.get("filled_blanks") or {}).get(blank_name) if value in (None, "") else None
    if filled:  # the group's value from the kit's blanks.csv (generator/blanks.py)
        value = filled
    x, y = _at(layer, frame)
    size = layer_mm(layer.size)
    r = size / 2
    missing = value in (None, "")
    fill = MISSING_FILL if missing else _colour(layer.fill, fields, "#ffffff")
    stroke = MISSING_STROKE if missing else fields.get("ink", "#000000")
    dash = ' stroke-dasharray="1 0.7"' if missing else ""
    if missing:  # a blank to fill in: `pnpgen blanks` lists it by its field
        dash += f' data-blank="{escape(blank_name)}"'
    if layer.round:
        shape = f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="{stroke}" stroke-width="0.35"{dash}/>'
    else:
        shape = (f'<rect x="{num(x - r)}" y="{num(y - r)}" width="{num(size)}" height="{num(size)}" rx="0.8" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="0.35"{dash}/>')
    out = [shape]
    if filled:
        out.append(f'<g data-filled="{escape(blank_name)}"/>')
    if not missing:
        ink = _colour(layer.colour, fields, _ink_on(fill))
        font = layer.font if layer.font is not None else min(12, size * 1.5)
        out.append(str(text(str(value), x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6, size=font,
                            min_size=5, bold=True, fill=ink, max_lines=1)))
    if layer.label:
        out.append(str(text(layer.label, x - size, y + r + 0.4, size * 2, 3, size=6, min_size=5,
                            fill=fields.get("ink", "#000000"), max_lines=1)))
    return "\n".join(out)


def _area(layer: AreaLayer, fields, frame: Frame, text: TextHelper) -> str:
    x, y = _at(layer, frame)
    w, h = _extent(layer.size)
    fill = _colour(layer.fill, fields, "none")
    stroke = _colour(layer.stroke, fields, fields.get("ink", "#000000"))
    dash = ' stroke-dasharray="1.2 0.8"' if layer.dashed else ""
    if layer.round:
        shape = (f'<ellipse cx="{num(x)}" cy="{num(y)}" rx="{num(w / 2)}" ry="{num(h / 2)}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="0.35"{dash}/>')
    else:
        shape = (f'<rect x="{num(x - w / 2)}" y="{num(y - h / 2)}" width="{num(w)}" height="{num(h)}" rx="1" '
                 f'fill="{fill}" stroke="{stroke}" stroke-width="0.35"{dash}/>')
    words = str(text(layer.label, x - w / 2 + 0.8, y - h / 2 + 0.8, w - 1.6, h - 1.6, size=6, min_size=5,
                     fill=stroke, max_lines=2)) if layer.label else ""
    return shape + words


def _ink_on(fill: str) -> str:
    return text_on(fill) if fill.startswith("#") and len(fill) == 7 else "#000000"


_DRAW: dict[type, Callable[..., str]] = {
    TerrainLayer: _terrain, BorderLayer: _border, ArtLayer: _art, TextLayer: _text, SymbolLayer: _symbol,
    SpacesLayer: _spaces, ValueLayer: _value, AreaLayer: _area,
}
