"""Declared drawing layers for hex tiles and fold-up panels: which layer types exist, their keys, their checks.

A face is drawn as a list of layers, bottom first (terrain, border, art, text, symbols, spaces, values,
areas). The manifest writes positions in millimetres from the face's reference centre (the hex centre, the panel
centre), y down, and font sizes in points. `check_layers` reports problems for the manifest; `read_layers` turns
checked layers into frozen `Layer`s in points, colours '#rrggbb' through the kit palette, which
generator/render/layers.py draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Union

from generator.colours import normalise_colour
from generator.errors import shown_value
from generator.units import mm

KeyPath = tuple[Any, ...]

COMMON_KEYS = {"type", "when", "unless", "at"}
LAYER_KEYS: dict[str, set[str]] = {
    "terrain": {"field", "colour"},
    "border": {"colour", "width", "inset"},
    "art": {"field", "size"},
    "text": {"text", "field", "size", "font", "min_font", "bold", "colour", "lines", "align", "prefix"},
    "symbol": {"symbol", "field", "symbols", "size", "colour", "stroke"},
    "spaces": {"count", "field", "space", "gap", "shape", "numbered", "fill", "stroke", "label", "dashed", "start"},
    "value": {"value", "field", "label", "size", "shape", "fill", "colour", "font"},
    "area": {"size", "shape", "label", "fill", "stroke", "dashed"},
}
SYMBOLS = ("circle", "ring", "triangle", "square", "diamond", "star", "cross", "hexagon", "plus", "flag", "skull", "none")
SPACE_SHAPES = ("square", "circle")
ALIGNS = ("start", "middle", "end")
COLOUR_KEYS = ("colour", "fill", "stroke")
# Colour words that mean "whatever the face's own fields say" rather than a fixed colour.
FIELD_COLOURS = ("ink", "colour")


def check_layers(layers: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    """Problems with a list of layers, each located by key path."""
    if not isinstance(layers, list):
        yield path, f"layers are a list of mappings, each with a type, not {shown_value(layers)}"
        return
    for i, layer in enumerate(layers):
        yield from _check_layer(layer, path + (i,))


def _check_layer(layer: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if not isinstance(layer, dict):
        hint = f"; write {{type: {layer}}}" if isinstance(layer, str) and layer in LAYER_KEYS else ""
        yield path, f"a layer is a mapping with a type and that type's keys, not {shown_value(layer)}{hint}"
        return
    kind = layer.get("type")
    if kind not in LAYER_KEYS:
        yield path + ("type",), f"layer type {kind!r} is not one of: {', '.join(LAYER_KEYS)}"
        return
    allowed = COMMON_KEYS | LAYER_KEYS[kind]
    for key in layer:
        if key not in allowed:
            yield path + (key,), f"unknown key {key!r} for a {kind} layer (known: {', '.join(sorted(allowed))})"
    if "at" in layer:
        yield from _check_pair(layer["at"], path + ("at",), positive=False)
    yield from _check_size(kind, layer, path)
    for key in ("when", "unless", "field", "text", "label", "prefix"):
        if key in layer and not isinstance(layer[key], (str, int, float)):
            yield path + (key,), f"{key} must be a text value"
    for key in ("width", "inset", "space", "gap", "font", "min_font"):
        if key in layer and not _positive_number(layer[key], allow_zero=key in {"inset", "gap"}):
            yield path + (key,), f"{key} must be a number ({'points' if 'font' in key else 'mm'}), got {layer[key]!r}"
    for key in ("bold", "numbered", "dashed"):
        if key in layer and not isinstance(layer[key], bool):
            yield path + (key,), f"{key} is true or false"
    for key in ("lines", "start"):
        if key in layer and not (isinstance(layer[key], int) and not isinstance(layer[key], bool) and layer[key] >= (1 if key == "lines" else 0)):
            yield path + (key,), f"{key} must be a whole number"
    if "count" in layer and not (isinstance(layer["count"], int) and not isinstance(layer["count"], bool) and 0 <= layer["count"] <= 40):
        yield path + ("count",), "count must be a whole number from 0 to 40"
    if kind == "spaces" and "count" not in layer and "field" not in layer:
        yield path, "a spaces layer needs count (a number) or field (the card field holding the number)"
    if kind == "text" and "text" not in layer and "field" not in layer:
        yield path, "a text layer needs text (fixed words) or field (the card field to print)"
    if kind == "value" and "value" not in layer and "field" not in layer:
        yield path, "a value layer needs value or field"
    if kind == "spaces" and layer.get("shape", "square") not in SPACE_SHAPES:
        yield path + ("shape",), f"shape is one of: {', '.join(SPACE_SHAPES)}"
    if kind in {"value", "area"} and layer.get("shape", "circle" if kind == "value" else "rect") not in ("circle", "square", "rect"):
        yield path + ("shape",), "shape is circle, square or rect"
    if "align" in layer and layer["align"] not in ALIGNS:
        yield path + ("align",), f"align is one of: {', '.join(ALIGNS)}"
    yield from _check_symbols(layer, path)
    for key in COLOUR_KEYS:
        if key in layer:
            yield from _check_colour(layer[key], path + (key,))


def _check_size(kind: str, layer: dict, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if "size" not in layer:
        if kind in {"art", "area"}:
            yield path, f"a {kind} layer needs size: [width, height] in mm"
        return
    if kind in {"symbol", "value"}:
        if not _positive_number(layer["size"]):
            yield path + ("size",), f"size is one number (mm), got {layer['size']!r}"
    else:
        yield from _check_pair(layer["size"], path + ("size",), positive=True)


def _check_symbols(layer: dict, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if layer.get("type") != "symbol":
        return
    if not any(key in layer for key in ("symbol", "field", "symbols")):
        yield path, "a symbol layer needs symbol, field or symbols (colour name -> symbol)"
    if "symbol" in layer and layer["symbol"] not in SYMBOLS:
        yield path + ("symbol",), f"symbol is one of: {', '.join(SYMBOLS)}"
    mapping = layer.get("symbols")
    if mapping is not None:
        if not isinstance(mapping, dict):
            yield path + ("symbols",), f"symbols maps colour names to symbols ({{colour: symbol, …}}), not {shown_value(mapping)}"
            return
        for name, symbol in mapping.items():
            if symbol not in SYMBOLS:
                yield path + ("symbols", name), f"symbol is one of: {', '.join(SYMBOLS)}"


def _check_colour(value: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    if not isinstance(value, str):
        yield path, f"expected a colour (#rrggbb, a CSS name or a palette name), got {value!r}"


def _check_pair(value: Any, path: KeyPath, positive: bool) -> Iterator[tuple[KeyPath, str]]:
    ok = isinstance(value, list) and len(value) == 2 and all(_number(v) for v in value)
    if ok and positive:
        ok = all(v > 0 for v in value)
    if not ok:
        what = "[width, height]" if positive else "[x, y]"
        hint = f"; for a square write [{value:g}, {value:g}]" if positive and _number(value) and value > 0 else ""
        yield path, f"expected {what} in millimetres, got {value!r}{hint}"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _positive_number(value: Any, allow_zero: bool = False) -> bool:
    return _number(value) and (value >= 0 if allow_zero else value > 0)


def resolve_legend(legend: Mapping[str, Any] | None, palette: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """A terrain legend {key: colour | {colour, label}} as {key: {'colour': '#rrggbb', 'label': text}}."""
    out: dict[str, dict[str, str]] = {}
    for key, entry in (legend or {}).items():
        item = entry if isinstance(entry, dict) else {"colour": entry}
        out[str(key)] = {"colour": normalise_colour(item["colour"], palette),
                         "label": str(item.get("label", str(key).replace("_", " ").title()))}
    return out


def check_legend(legend: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    """Problems with a terrain legend: each entry a colour or {colour, label}."""
    if not isinstance(legend, dict):
        yield path, f"terrain maps terrain names to colours ({{name: colour, …}}), not {shown_value(legend)}"
        return
    for key, entry in legend.items():
        if isinstance(entry, dict):
            for extra in set(entry) - {"colour", "label"}:
                yield path + (key, extra), f"unknown key {extra!r} (a terrain has colour and label)"
            if "colour" not in entry:
                yield path + (key,), "a terrain needs a colour"
            else:
                yield from _check_colour(entry["colour"], path + (key, "colour"))
        else:
            yield from _check_colour(entry, path + (key,))


# -- the layers as the builders hand them to the drawers: frozen, in points ------------------------------------
Offset = tuple[float, float]  # points from the face's reference centre, y down
Extent = tuple[float, float]  # width, height in points


@dataclass(frozen=True)
class LayerBase:
    """What every layer has: the fields that must hold (`when`) or be empty (`unless`) for it to be drawn, and
    where it sits. Colours are '#rrggbb', or 'ink'/'colour' for the face's own; None: the layer's default."""

    when: str | None
    unless: str | None
    at: Offset


@dataclass(frozen=True)
class TerrainLayer(LayerBase):
    """Paints the face's shape out to the bleed: a fixed colour, else the legend's colour for `field`'s value."""

    field: str
    colour: str | None


@dataclass(frozen=True)
class BorderLayer(LayerBase):
    """Strokes the face's shape `inset` inside the trim."""

    colour: str | None
    width: float
    inset: float


@dataclass(frozen=True)
class ArtLayer(LayerBase):
    """The picture named by `field`, fitted into `size`."""

    field: str
    size: Extent


@dataclass(frozen=True)
class TextLayer(LayerBase):
    """Fixed words (`text`) or a field's value, after `prefix`, typeset in a `size` box; fonts in points."""

    text: str | None
    field: str | None
    size: Extent
    font: float
    min_font: float
    bold: bool
    colour: str | None
    lines: int | None
    align: str
    prefix: str


@dataclass(frozen=True)
class SymbolLayer(LayerBase):
    """A symbol `size` across: the fixed one, a field's, or the one `symbols` gives the face's colour name."""

    symbol: str | None
    field: str | None
    symbols: tuple[tuple[str, str], ...]  # (colour name, symbol)
    size: float
    colour: str | None
    stroke: str | None


@dataclass(frozen=True)
class SpacesLayer(LayerBase):
    """A row of `count` (or a field's number of) spaces, each `space` across and `gap` apart."""

    count: int | None
    field: str | None
    space: float
    gap: float
    round: bool                     # circles, else squares
    numbered: bool
    start: int
    fill: str | None
    stroke: str | None
    label: str | None
    dashed: bool


@dataclass(frozen=True)
class ValueLayer(LayerBase):
    """A number in a circle or square `size` across: fixed, a field's, or a blank to fill in named by label/field."""

    value: str | int | float | None
    field: str | None
    label: str | None
    size: float
    round: bool                     # a circle, else a square
    fill: str | None
    colour: str | None
    font: float | None              # None: from the size


@dataclass(frozen=True)
class AreaLayer(LayerBase):
    """A place to put something: a rectangle (or ellipse) `size`, dashed unless told not to, with a label."""

    size: Extent
    round: bool                     # an ellipse, else a rounded rectangle
    label: str | None
    fill: str | None
    stroke: str | None
    dashed: bool


Layer = Union[TerrainLayer, BorderLayer, ArtLayer, TextLayer, SymbolLayer, SpacesLayer, ValueLayer, AreaLayer]


@dataclass(frozen=True)
class TerrainColours:
    """A terrain legend as the drawers use it: each terrain's key and its '#rrggbb' fill."""

    entries: tuple[tuple[str, str], ...] = ()

    def colour_of(self, key: Any) -> str | None:
        """The fill of terrain `key` (any value, compared as text), or None when the legend has no such terrain."""
        return dict(self.entries).get(str(key)) if key is not None else None


def terrain_colours(legend: Mapping[str, Mapping[str, str]]) -> TerrainColours:
    """A resolved legend ({key: {'colour', 'label'}}) as the drawers' TerrainColours."""
    return TerrainColours(tuple((key, entry["colour"]) for key, entry in legend.items()))


def read_layers(layers: list[dict], palette: Mapping[str, str]) -> tuple[Layer, ...]:
    """Checked layers as frozen Layers in points, colours '#rrggbb' (palette names allowed; 'ink'/'colour' stay
    symbolic).

    Raises ValueError naming the bad colour; callers turn it into a located manifest problem.
    """
    return tuple(_read_layer(layer, palette) for layer in layers)


def _read_layer(layer: dict, palette: Mapping[str, str]) -> Layer:
    def colour(key: str) -> str | None:
        value = layer.get(key)
        if value is None:
            return None
        return value if value in FIELD_COLOURS else normalise_colour(value, palette)

    def text(key: str, default: str | None = None) -> str | None:
        return str(layer[key]) if key in layer else default

    def words(key: str) -> str | None:  # a label: drawn when the manifest's value is truthy
        return str(layer[key]) if layer.get(key) else None

    def extent(default: Extent | None = None) -> Extent:
        width, height = layer["size"] if "size" in layer else default
        return mm(width), mm(height)

    dx, dy = layer.get("at", (0, 0))
    base = {"when": text("when"), "unless": text("unless"), "at": (mm(dx), mm(dy))}
    kind = layer["type"]
    if kind == "terrain":
        return TerrainLayer(**base, field=text("field", "terrain"), colour=colour("colour"))
    if kind == "border":
        return BorderLayer(**base, colour=colour("colour"), width=mm(float(layer.get("width", 0.5))),
                           inset=mm(float(layer.get("inset", 1.5))))
    if kind == "art":
        return ArtLayer(**base, field=text("field", "art"), size=extent())
    if kind == "text":
        return TextLayer(**base, text=text("text"), field=text("field"), size=extent((20, 6)),
                         font=layer.get("font", 9), min_font=layer.get("min_font", 5), bold=layer.get("bold", False),
                         colour=colour("colour"), lines=layer.get("lines"), align=layer.get("align", "middle"),
                         prefix=text("prefix", ""))
    if kind == "symbol":
        return SymbolLayer(**base, symbol=layer.get("symbol"), field=text("field"),
                           symbols=tuple((name, symbol) for name, symbol in (layer.get("symbols") or {}).items()),
                           size=mm(float(layer.get("size", 8))), colour=colour("colour"), stroke=colour("stroke"))
    if kind == "spaces":
        return SpacesLayer(**base, count=layer.get("count"), field=text("field"),
                           space=mm(float(layer.get("space", 6))), gap=mm(float(layer.get("gap", 1.2))),
                           round=layer.get("shape", "square") == "circle", numbered=layer.get("numbered", False),
                           start=layer.get("start", 1), fill=colour("fill"), stroke=colour("stroke"),
                           label=words("label"), dashed=layer.get("dashed", False))
    if kind == "value":
        return ValueLayer(**base, value=layer.get("value"), field=text("field"), label=words("label"),
                          size=mm(float(layer.get("size", 8))), round=layer.get("shape", "circle") == "circle",
                          fill=colour("fill"), colour=colour("colour"), font=layer.get("font"))
    if kind == "area":
        return AreaLayer(**base, size=extent(), round=layer.get("shape", "rect") == "circle", label=words("label"),
                         fill=colour("fill"), stroke=colour("stroke"), dashed=layer.get("dashed", True))
    raise ValueError(f"unknown layer type {kind!r}")  # the schema admits only the types above
