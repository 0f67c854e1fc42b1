"""Helpers the kind modules share (model stage): option values resolved against the whole kit, option
checks, a board's or mat's two sides drawn from their own blocks, and pieces drawn by a built-in drawer.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Iterator, Mapping, TypeVar

from generator.colours import normalise_colour
from generator.errors import ManifestError, Problem, shown_value
from generator.pieces import FaceSpec, Outline, Piece, colour_sets, face, face_fields, located_error
from generator.units import parse_length, parse_size, to_mm
from generator.vocabulary import BACK, FRONT, SIDES, Side

if TYPE_CHECKING:
    from generator.manifest.spec import ComponentSpec, KitSpec

KeyProblems = Iterator[tuple[tuple[Any, ...], str]]
T = TypeVar("T")


# -- option values that need the whole kit ---------------------------------------------------------
class Resolver:
    """Resolves what a kind's options keep as written because it needs the whole kit: palette colours and the
    sizes of other components (a space or slot `for` a token).

    Problems are collected, then raised together as one ManifestError located at the component.
    """

    def __init__(self, spec: KitSpec, component: ComponentSpec):
        self.spec, self.component = spec, component
        self.problems: list[Problem] = []

    def problem(self, key: str, message: str) -> None:
        where = self.component.location
        self.problems.append(Problem(where.path, where.line, where.column, key, message))

    def raise_if_any(self) -> None:
        if self.problems:
            raise ManifestError(self.problems)

    def colour(self, key: str, value: Any, fallback: str) -> str:
        if value is None:
            return fallback
        try:
            return normalise_colour(value, self.spec.palette)
        except ValueError as exc:
            self.problem(key, str(exc))
            return fallback

    def space_box(self, key: str, size: tuple[float, float] | None, token: str | None, margin: float,
                  fallback: tuple[float, float, str]) -> tuple[float, float, str]:
        """(width, height, shape) in points of a space holding `token` (a component id, with `margin` round it), or
        of `size`, or `fallback`."""
        if token is not None:
            found = next((c for c in self.spec.components if c.id == token), None)
            if found is None:
                known = ", ".join(c.id for c in self.spec.components)
                self.problem(key, f"unknown component {token!r} (components: {known})")
                return fallback
            if found.width <= 0:
                self.problem(key, f"component {token!r} has no size to size a space from")
                return fallback
            shape = "disc" if found.shape == "disc" else "square"
            return found.width + 2 * margin, found.height + 2 * margin, shape
        if size is not None:
            return size[0], size[1], fallback[2]
        return fallback


# -- validation shared by the kinds' checks -----------------------------------------------------------
def block_form_problems(block: Any, key: str, missing: str, holds: str = "") -> KeyProblems:
    """A kind's `key:` block that is not there (`missing` says what to write) or is not a mapping (`holds`: the
    keys it takes, to name in the message)."""
    if block is None:
        yield (), missing
    elif not isinstance(block, dict):
        yield (key,), f"{key}: is a mapping of options{f' ({holds})' if holds else ''}, not {shown_value(block)}"


def option_problems(checks: Iterable[tuple[tuple[Any, ...], Any, str]]) -> KeyProblems:
    """(key path, problem) for each (path, value, 'length'|'size') whose value does not parse."""
    for path, value, what in checks:
        if value is None:
            continue
        try:
            (parse_length if what == "length" else parse_size)(value)
        except ValueError as exc:
            yield path, str(exc)


def one_sided_problems(raw: dict[str, Any]) -> KeyProblems:
    """Kinds drawn by a built-in drawer print one side: a `sides.back` would silently not be printed."""
    sides = raw.get("sides")
    if isinstance(sides, dict) and BACK in sides:
        yield ("sides", BACK), f"kind {raw.get('kind')} prints one side only; remove sides.back"


# -- boards, mats and tracks: two sides, each drawn from its own block ----------------------------------------
SIDE_NAMES: tuple[Side, ...] = SIDES


def merge_block(base: Any, over: Any) -> Any:
    """`over` laid on `base`, as for kit variants: mappings merge key by key, anything else is replaced."""
    if isinstance(base, dict) and isinstance(over, dict):
        return {**base, **{key: merge_block(base[key], value) if key in base else value for key, value in over.items()}}
    return over


def side_blocks(base: Any, sides: Any, key: str) -> list[tuple[Side, Any, Any]]:
    """(side, block, written) for the front, and for a back that has its own `key:` block: the component's
    block with the side's laid over it. `written` is the side's own block (None when it wrote none); a
    back without one is drawn from a template like any piece's back."""
    sides = sides if isinstance(sides, dict) else {}
    out = []
    for name in SIDE_NAMES:
        side = sides.get(name) if isinstance(sides.get(name), dict) else {}
        written = side.get(key)
        if name == BACK and written is None:
            continue
        block = base if written is None else written if base is None else merge_block(base, written)
        out.append((name, block, written))
    return out


def read_sides(raw: Mapping[str, Any], key: str, read: Callable[[dict[str, Any]], T]) -> tuple[T, T | None]:
    """A board's, mat's or track's front and back (None: the back is drawn from a template, or there is none), each
    read by `read` from its block (`side_blocks`: the component's, with the side's own laid over it; checked)."""
    read_blocks = {name: read(block) for name, block, _ in side_blocks(raw.get(key), raw.get("sides"), key)}
    return read_blocks[FRONT], read_blocks.get(BACK)


def _holds(value: Any, path: tuple[Any, ...]) -> bool:
    for part in path:
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            value = value[part]
        else:
            return False
    return True


def side_problems(raw: dict[str, Any], key: str, block_problems: Callable[[dict[str, Any]], KeyProblems],
                  missing: str) -> KeyProblems:
    """Problems of each side's block (`block_problems` gives paths starting with `key`), located where the
    value was written: in the side's own block, or in the component's. `missing`: the message when the
    front has no block at all."""
    sides = raw.get("sides") if isinstance(raw.get("sides"), dict) else {}
    for name in SIDE_NAMES:
        side = sides.get(name)
        if not isinstance(side, dict):
            continue
        kept = sorted(k for k in ("template", "art", "fields") if k in side)
        if kept and (name == FRONT or key in side):
            drawn = (f"the front of a {raw.get('kind')} is drawn from its {key}: block" if name == FRONT else
                     f"a back with its own {key}: block is drawn from it")
            yield ("sides", name, kept[0]), f"{drawn}, so {' and '.join(kept)} would be ignored; remove {kept[0]}"
    for name, block, written in side_blocks(raw.get(key), sides, key):
        if block is None:
            yield (key,), missing
            continue
        for path, message in block_problems(block):
            mine = written is not None and _holds(written, tuple(path[1:]))
            yield (("sides", name) + tuple(path) if mine else tuple(path)), message


def piece_size(component: ComponentSpec, what: str, contents: Iterable[tuple[float, float]]) -> tuple[float, float]:
    """The trim size in points of a board, mat or track: its `size` when given, else that of its content (the
    larger side's, when front and back differ). A size too small for the content is refused: slots and
    spaces are sized for real tokens and cannot shrink."""
    contents = list(contents)
    need_w, need_h = max(w for w, _ in contents), max(h for _, h in contents)
    if component.width <= 0 or component.height <= 0:
        return need_w, need_h
    width, height = to_mm(component.width), to_mm(component.height)
    need_w, need_h = to_mm(need_w), to_mm(need_h)  # millimetres for the message
    if width + 1e-6 < need_w or height + 1e-6 < need_h:
        written = component.written.get("size")
        text = written.text if written else f"{width:g}mm x {height:g}mm"
        least = f"{math.ceil(need_w - 1e-6):g}mm x {math.ceil(need_h - 1e-6):g}mm"
        shown = text if text.replace(" ", "") == f"{width:g}mmx{height:g}mm" else f"{text} ({width:g} × {height:g} mm)"
        raise located_error(component, "size", f"size {shown} is smaller than the {what}'s "
                            f"content, {need_w:.1f} × {need_h:.1f} mm (its slots and spaces are sized for the pieces "
                            f"they hold); give at least size: {least}, or leave size out to fit the {what} to its content")
    return component.width, component.height


# -- pieces drawn by a built-in drawer --------------------------------------------------------------
FaceFor = Callable[[str | None, str | None], tuple[dict[str, Any], Hashable]]


def drawn_face(template: str, face_for: FaceFor, colour_name: str | None, colour: str | None, width: float,
               height: float, bleed: float) -> FaceSpec:
    """A rectangular face drawn by a built-in drawer: face_for(colour_name, colour) gives its fields (what names
    the piece) and its drawing (what the drawer draws: a frozen dataclass, in points)."""
    fields, drawing = face_for(colour_name, colour)
    return FaceSpec(template=template, fields_json=json.dumps(fields, sort_keys=True), width=width, height=height,
                    bleed=bleed, shape="rect", drawing=drawing)


def drawn_copies(spec: KitSpec, component: ComponentSpec, players: int, template: str, width: float,
                 height: float, face_for: FaceFor, back_face_for: FaceFor | None = None) -> Iterator[Piece]:
    """`count` copies of a drawn piece (its size in points) for each colour set; face_for(colour_name, colour) gives
    its front's fields and drawing.

    The back, when the component has one, is drawn by the same drawer from back_face_for(…), or, for a
    back that names no block of its own, from its template like any piece's back.
    """
    for seat, colour_name, colour in colour_sets(spec, component, players):
        back = None
        if back_face_for is not None:
            back = drawn_face(template, back_face_for, colour_name, colour, width, height, component.bleed)
        elif component.back is not None:
            fields = face_fields(spec, component, component.back, colour, colour_name, {}, seat)
            back = face(component.back, fields, width, height, component.bleed, "rect")
        front = drawn_face(template, face_for, colour_name, colour, width, height, component.bleed)
        piece = Piece(component.id, width, height, component.bleed, Outline("rect", width, height), front, back,
                      player=seat)
        for _ in range(component.count):
            yield piece
