"""Draws declared layers (see generator/kinds/layers.py) as SVG fragments, in millimetres.

Shared by the hex tile, hex map and fold-up drawers: each gives a `Frame` (the face's reference
centre and how to fill or outline its shape) and gets SVG elements back, bottom layer first.
`num` and `svg_document` are the number format and document wrapper every built-in drawer uses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from markupsafe import escape

from generator.colours import text_on
from generator.errors import LayoutError, TemplateError
from generator.kinds.layers import SYMBOLS
from generator.render.templating import TextHelper

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
    legend: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


def draw_layers(layers: list[dict], fields: Mapping[str, Any], frame: Frame, text: TextHelper) -> str:
    """SVG for every layer whose `when`/`unless` condition holds, in declared order."""
    out = []
    for layer in layers:
        if "when" in layer and not _present(fields.get(layer["when"])):
            continue
        if "unless" in layer and _present(fields.get(layer["unless"])):
            continue
        out.append(_DRAW[layer["type"]](layer, fields, frame, text))
    return "\n".join(part for part in out if part)


def _present(value: Any) -> bool:
    return value is not None and value is not False and value != "" and value != 0


def _colour(value: Any, fields: Mapping[str, Any], default: str) -> str:
    if value in (None, ""):
        return default
    if value == "ink":
        return fields.get("ink") or "#000000"
    if value == "colour":
        return fields.get("colour") or "#ffffff"
    return str(value)


def _at(layer: dict, frame: Frame) -> tuple[float, float]:
    dx, dy = layer.get("at", (0, 0))
    return frame.cx + dx, frame.cy + dy


def terrain_colour(layer: dict, fields: Mapping[str, Any], legend: Mapping[str, Mapping[str, str]]) -> str:
    """The fill of a terrain layer: a fixed colour, else the legend's colour for the field, else the face colour."""
    if layer.get("colour"):
        return _colour(layer["colour"], fields, "#ffffff")
    key = fields.get(layer.get("field", "terrain"))
    if key is not None and str(key) in legend:
        return legend[str(key)]["colour"]
    return fields.get("colour") or "#ffffff"


def _terrain(layer, fields, frame: Frame, text) -> str:
    return frame.fill(terrain_colour(layer, fields, frame.legend))


def _border(layer, fields, frame: Frame, text) -> str:
    return frame.outline(float(layer.get("inset", 1.5)), _colour(layer.get("colour"), fields, fields.get("ink", "#000000")),
                         float(layer.get("width", 0.5)))


def _art(layer, fields, frame: Frame, text) -> str:
    href = fields.get(layer.get("field", "art"))
    if not href:
        return ""
    if not Path(str(href)).is_absolute():  # the loader resolves (and checks) art named in `art` or `*_art` fields only
        raise TemplateError(f"an art layer shows field {layer.get('field', 'art')!r}, which holds {href!r}: name art "
                            "files in a field called art or ending in _art")
    x, y = _at(layer, frame)
    w, h = layer["size"]
    return (f'<image x="{num(x - w / 2)}" y="{num(y - h / 2)}" width="{num(w)}" height="{num(h)}" '
            f'preserveAspectRatio="xMidYMid meet" href="{escape(Path(str(href)).as_uri())}"/>')


def _text(layer, fields, frame: Frame, text: TextHelper) -> str:
    value = layer.get("text") if "text" in layer else fields.get(layer["field"])
    if value in (None, ""):
        return ""
    value = f"{layer.get('prefix', '')}{value}"
    x, y = _at(layer, frame)
    w, h = layer.get("size", (20, 6))
    return str(text(value, x - w / 2, y - h / 2, w, h, size=layer.get("font", 9), min_size=layer.get("min_font", 5),
                    bold=layer.get("bold", False), align=layer.get("align", "middle"),
                    fill=_colour(layer.get("colour"), fields, fields.get("ink", "#000000")), max_lines=layer.get("lines")))


def _symbol(layer, fields, frame: Frame, text) -> str:
    name = layer.get("symbol")
    if "field" in layer and fields.get(layer["field"]):
        name = fields[layer["field"]]
    if "symbols" in layer and fields.get("colour_name") in layer["symbols"]:
        name = layer["symbols"][fields["colour_name"]]
    if not name or name == "none":
        return ""
    if name not in SYMBOLS:  # a card's field chose it, after the manifest was checked
        raise TemplateError(f"a symbol layer shows {name!r}, which is not one of: {', '.join(SYMBOLS)}")
    x, y = _at(layer, frame)
    fill = _colour(layer.get("colour"), fields, fields.get("ink", "#000000"))
    stroke = _colour(layer.get("stroke"), fields, "none")
    return symbol_svg(str(name), x, y, float(layer.get("size", 8)), fill, stroke)


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


def _space_count(layer: dict, fields: Mapping[str, Any]) -> int:
    """How many slots a spaces layer draws: its count, or the number in its field (none when empty)."""
    if "field" not in layer:
        return int(layer.get("count") or 0)
    value = fields.get(layer["field"])
    if value in (None, "", False):
        return 0
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise LayoutError(f"a spaces layer counts its slots from field {layer['field']!r}, which holds {value!r}, "
                      "not a whole number")


def _spaces(layer, fields, frame: Frame, text: TextHelper) -> str:
    count = _space_count(layer, fields)
    if count <= 0:
        return ""
    x, y = _at(layer, frame)
    side = float(layer.get("space", 6))
    gap = float(layer.get("gap", 1.2))
    total = count * side + (count - 1) * gap
    fill = _colour(layer.get("fill"), fields, "#ffffff")
    stroke = _colour(layer.get("stroke"), fields, fields.get("ink", "#000000"))
    dash = ' stroke-dasharray="1 0.7"' if layer.get("dashed") else ""
    out = []
    label = layer.get("label")
    if label:
        out.append(str(text(label, x - max(total, 14) / 2, y - side / 2 - 3.4, max(total, 14), 3.2, size=6.5, min_size=5,
                            fill=fields.get("ink", "#000000"), max_lines=1)))
    for i in range(count):
        left = x - total / 2 + i * (side + gap)
        if layer.get("shape", "square") == "circle":
            out.append(f'<circle cx="{num(left + side / 2)}" cy="{num(y)}" r="{num(side / 2)}" fill="{fill}" '
                       f'stroke="{stroke}" stroke-width="0.35"{dash}/>')
        else:
            out.append(f'<rect x="{num(left)}" y="{num(y - side / 2)}" width="{num(side)}" height="{num(side)}" rx="0.6" '
                       f'fill="{fill}" stroke="{stroke}" stroke-width="0.35"{dash}/>')
        if layer.get("numbered"):
            out.append(str(text(str(layer.get("start", 1) + i), left, y - side / 2, side, side, size=min(9, side * 1.6),
                                min_size=5, bold=True, fill=_ink_on(fill), max_lines=1)))
    return "\n".join(out)


def _value(layer, fields, frame: Frame, text: TextHelper) -> str:
    value = layer.get("value") if "value" in layer else fields.get(layer["field"])
    blank_name = str(layer.get("label") or layer.get("field") or "value")
    filled = (fields.get("filled_blanks") or {}).get(blank_name) if value in (None, "") else None
    if filled:  # the group's value from the kit's blanks.csv (generator/blanks.py)
        value = filled
    x, y = _at(layer, frame)
    size = float(layer.get("size", 8))
    r = size / 2
    missing = value in (None, "")
    fill = MISSING_FILL if missing else _colour(layer.get("fill"), fields, "#ffffff")
    stroke = MISSING_STROKE if missing else fields.get("ink", "#000000")
    dash = ' stroke-dasharray="1 0.7"' if missing else ""
    if missing:  # a blank to fill in: `pnpgen blanks` lists it by its field
        dash += f' data-blank="{escape(blank_name)}"'
    if layer.get("shape", "circle") == "circle":
        shape = f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="{stroke}" stroke-width="0.35"{dash}/>'
    else:
        shape = (f'<rect x="{num(x - r)}" y="{num(y - r)}" width="{num(size)}" height="{num(size)}" rx="0.8" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="0.35"{dash}/>')
    out = [shape]
    if filled:
        out.append(f'<g data-filled="{escape(blank_name)}"/>')
    if not missing:
        ink = _colour(layer.get("colour"), fields, _ink_on(fill))
        out.append(str(text(str(value), x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6, size=layer.get("font", min(12, size * 1.5)),
                            min_size=5, bold=True, fill=ink, max_lines=1)))
    label = layer.get("label")
    if label:
        out.append(str(text(label, x - size, y + r + 0.4, size * 2, 3, size=6, min_size=5,
                            fill=fields.get("ink", "#000000"), max_lines=1)))
    return "\n".join(out)


def _area(layer, fields, frame: Frame, text: TextHelper) -> str:
    x, y = _at(layer, frame)
    w, h = layer["size"]
    fill = _colour(layer.get("fill"), fields, "none")
    stroke = _colour(layer.get("stroke"), fields, fields.get("ink", "#000000"))
    dash = ' stroke-dasharray="1.2 0.8"' if layer.get("dashed", True) else ""
    if layer.get("shape", "rect") == "circle":
        shape = (f'<ellipse cx="{num(x)}" cy="{num(y)}" rx="{num(w / 2)}" ry="{num(h / 2)}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="0.35"{dash}/>')
    else:
        shape = (f'<rect x="{num(x - w / 2)}" y="{num(y - h / 2)}" width="{num(w)}" height="{num(h)}" rx="1" '
                 f'fill="{fill}" stroke="{stroke}" stroke-width="0.35"{dash}/>')
    label = layer.get("label")
    words = str(text(label, x - w / 2 + 0.8, y - h / 2 + 0.8, w - 1.6, h - 1.6, size=6, min_size=5,
                     fill=stroke, max_lines=2)) if label else ""
    return shape + words


def _ink_on(fill: str) -> str:
    return text_on(fill) if fill.startswith("#") and len(fill) == 7 else "#000000"


_DRAW: dict[str, Callable[..., str]] = {
    "terrain": _terrain, "border": _border, "art": _art, "text": _text, "symbol": _symbol,
    "spaces": _spaces, "value": _value, "area": _area,
}
