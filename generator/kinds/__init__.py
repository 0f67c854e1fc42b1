"""Kind dispatch (model stage): each component kind turns its spec into pieces. Simple kinds share one
builder; boards, maps, tracks, mats, fold-ups and dice register their own in BUILDERS (and a VALIDATORS
entry for their option block). The helpers below are shared by those kind modules.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Iterator

from generator.colours import normalise_colour
from generator.errors import ManifestError, Problem
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.model import FaceSpec, Outline, Piece, colour_sets, simple_pieces
from generator.units import mm, parse_length, parse_size, to_mm

PieceBuilder = Callable[[KitSpec, ComponentSpec, int], Iterator[Piece]]
BUILDERS: dict[str, PieceBuilder] = {}
KeyProblems = Iterator[tuple[tuple[Any, ...], str]]


def pieces_for(spec: KitSpec, component: ComponentSpec, players: int) -> Iterator[Piece]:
    """The pieces of one component, from its kind's builder (tokens and cards by default)."""
    return BUILDERS.get(component.kind, simple_pieces)(spec, component, players)


# -- option values that need the whole kit ---------------------------------------------------------
class Resolver:
    """Resolves option values that need the whole kit (palette colours, other components' sizes).

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

    def length(self, key: str, value: Any, fallback: float) -> float:
        """A length option in mm."""
        if value is None:
            return fallback
        try:
            return to_mm(parse_length(value))
        except ValueError as exc:
            self.problem(key, str(exc))
            return fallback

    def token_box(self, key: str, size: Any, token: Any, margin: float, fallback: tuple[float, float, str]
                  ) -> tuple[float, float, str]:
        """(width, height, shape) in mm of a space holding `token` (a component id) or of `size`."""
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
            return to_mm(found.width) + 2 * margin, to_mm(found.height) + 2 * margin, shape
        if size is not None:
            try:
                width, height = parse_size(size)
            except ValueError as exc:
                self.problem(key, str(exc))
                return fallback
            return to_mm(width), to_mm(height), fallback[2]
        return fallback


# -- validation shared by the kinds' VALIDATORS -----------------------------------------------------
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
    if isinstance(sides, dict) and "back" in sides:
        yield ("sides", "back"), f"kind {raw.get('kind')} prints one side only; remove sides.back"


# -- pieces drawn by a built-in drawer --------------------------------------------------------------
def drawn_piece(component: ComponentSpec, template: str, fields: dict[str, Any], width_mm: float, height_mm: float,
                seat: int | None = None) -> Piece:
    """A rectangular piece whose one face is drawn by a built-in drawer from `fields`."""
    width, height = mm(width_mm), mm(height_mm)
    front = FaceSpec(template=template, fields_json=json.dumps(fields, sort_keys=True), width=width, height=height,
                     bleed=component.bleed, shape="rect")
    return Piece(component.id, width, height, component.bleed, Outline("rect", width, height), front, player=seat)


def drawn_copies(spec: KitSpec, component: ComponentSpec, players: int, template: str, width_mm: float,
                 height_mm: float, fields_for: Callable[[str | None, str | None], dict[str, Any]]) -> Iterator[Piece]:
    """`count` copies of a drawn piece for each colour set; fields_for(colour_name, colour) gives its fields."""
    for seat, colour_name, colour in colour_sets(spec, component, players):
        piece = drawn_piece(component, template, fields_for(colour_name, colour), width_mm, height_mm, seat)
        for _ in range(component.count):
            yield piece


from generator.kinds import boards, dice, mats, tracks  # noqa: E402,F401  register their builders
from generator.kinds import foldup, hexes, hexmap  # noqa: E402,F401  register builders, validators and drawers
