"""Reference stage: table rows read from the kit itself (`from: components`, `from: cards`), so a
reference table changes when the components it describes change.

Problems are reported through the reference parser, with the file:line of the table.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Mapping, Protocol

from generator.manifest.loader import ICON_NAME
from generator.manifest.spec import ComponentSpec, KitSpec
from generator.units import to_mm
from generator.vocabulary import BACK

NUMBER = re.compile(r"^[+\-−]?\d+(?:[.,]\d+)?$")
COMPONENT_COLUMNS = ("name", "id", "kind", "count", "size", "shape", "sides", "notes")
KeyPath = tuple[Any, ...]
Rows = list[list[tuple[str, bool]]]  # cells as (text, reads as a number)


class Reporter(Protocol):
    spec: KitSpec
    problems: list

    def problem(self, path: KeyPath, message: str) -> None: ...

    def text(self, path: KeyPath, value: Any) -> str: ...


class KitRows:
    """Builds the header and rows of a `from:` table, reporting mistakes to `parser`."""

    def __init__(self, parser: Reporter):
        self.parser = parser

    def rows(self, path: KeyPath, body: Mapping[str, Any]) -> tuple[tuple[str, ...], Rows] | None:
        """(header, rows) for `from: components` or `from: cards`, or None after reporting why not."""
        columns = body.get("columns")
        if not columns:
            self.parser.problem(path, f"from: {body['from']} needs columns: the values to show, e.g. [name, count, size]")
            return None
        labels = [self.parser.text(path + ("header", i), v) for i, v in enumerate(body.get("header") or [])]
        if labels and len(labels) != len(columns):
            self.parser.problem(path + ("header",), f"give one heading per column ({len(columns)}), got {len(labels)}")
            return None
        if body["from"] == "components":
            rows = self._components(path, body, columns)
        else:
            rows = self._cards(path, body, columns)
        if rows is None:
            return None
        if not rows:
            self.parser.problem(path, "this table has no rows: the components it lists are empty")
            return None
        return tuple(labels or (label(column) for column in columns)), rows

    def _components(self, path: KeyPath, body: Mapping[str, Any], columns: list[str]) -> Rows | None:
        if "component" in body:
            self.parser.problem(path + ("component",), "component only applies with from: cards; use ids to pick components")
        known = {c.id: c for c in self.parser.spec.components}
        selected: list[ComponentSpec] = []
        problems = len(self.parser.problems)
        for i, component_id in enumerate(body.get("ids") or list(known)):
            if component_id in known:
                selected.append(known[component_id])
            else:
                self.parser.problem(path + ("ids", i), f"no component {component_id!r}{did_you_mean(component_id, known)}")
        for c, column in enumerate(columns):
            side, _, field = column.partition(".")
            if field and side in {"fields", "back"}:
                if not any(field in _side_fields(component, side) for component in selected):
                    self.parser.problem(path + ("columns", c), f"no listed component has a {side} field {field!r}")
            elif column not in COMPONENT_COLUMNS:
                known_columns = ", ".join(COMPONENT_COLUMNS)
                self.parser.problem(path + ("columns", c),
                                    f"unknown column {column!r}: use one of {known_columns}, fields.<key> or back.<key>")
        if len(self.parser.problems) > problems:
            return None
        return [[_component_value(component, column) for column in columns] for component in selected]

    def _cards(self, path: KeyPath, body: Mapping[str, Any], columns: list[str]) -> Rows | None:
        if "ids" in body:
            self.parser.problem(path + ("ids",), "ids only applies with from: components; use component to name the deck")
        component_id = body.get("component")
        known = {c.id: c for c in self.parser.spec.components}
        if component_id is None:
            self.parser.problem(path, "from: cards needs component: the id of the deck to list")
            return None
        if component_id not in known:
            self.parser.problem(path + ("component",), f"no component {component_id!r}{did_you_mean(component_id, known)}")
            return None
        deck = known[component_id]
        if not deck.cards:
            self.parser.problem(path + ("component",), f"{component_id!r} has no cards: list it with from: components instead")
            return None
        problems = len(self.parser.problems)
        for c, column in enumerate(columns):
            side, _, field = column.rpartition(".")
            if column == "count":
                continue
            deck_side = deck.back if side == BACK else deck.front
            values = [card.back if side == BACK else card.front for card in deck.cards]
            values.append(deck_side.fields if deck_side is not None else {})
            if not any((field if side == BACK else column) in value for value in values):
                self.parser.problem(path + ("columns", c), f"no card of {component_id!r} has a field {column!r}")
        if len(self.parser.problems) > problems:
            return None
        rows = []
        for card in deck.cards:
            row = []
            for column in columns:
                if column == "count":
                    value: Any = card.count
                elif column.startswith("back."):
                    value = card.back.get(column[5:], deck.back.fields.get(column[5:]) if deck.back else None)
                else:
                    value = card.front.get(column, deck.front.fields.get(column) if deck.front else None)
                row.append((self.parser.text(path, value), is_number(value)))
            rows.append(row)
        return rows


def cell_text(value: Any) -> str:
    """How a YAML value reads in print: numbers without a trailing .0, booleans as yes/no, None empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def is_number(value: Any) -> bool:
    """A number, or text that reads as one once its icons are set aside ("2 {gold}")."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and bool(NUMBER.match(ICON_NAME.sub("", value).strip()))


def label(column: str) -> str:
    """Default heading of a `from:` column: fields.cost_wood -> 'Cost wood'."""
    name = column.rpartition(".")[2]
    return name.replace("_", " ").capitalize()


def _side_fields(component: ComponentSpec, side: str) -> Mapping[str, Any]:
    chosen = component.front if side == "fields" else component.back
    return chosen.fields if chosen is not None else {}


def _component_value(component: ComponentSpec, column: str) -> tuple[str, bool]:
    """(text, is number) of one column of a component row."""
    side, _, field = column.partition(".")
    if field and side in {"fields", "back"}:
        value = _side_fields(component, side).get(field)
        return cell_text(value), is_number(value)
    if column == "count":
        return _count_text(component), True
    if column == "size":
        return _size_text(component), False
    if column == "sides":
        return str(component.sides), True
    value = {"name": component.name, "id": component.id, "kind": component.kind, "shape": component.shape,
             "notes": " ".join(component.notes.split())}[column]
    return value, False


def _count_text(component: ComponentSpec) -> str:
    count = component.copies_per_set
    if component.per_player:
        return f"{count} per player"
    if component.per_colour:
        return f"{count} × {len(component.per_colour)} colours"
    return str(count)


def _size_text(component: ComponentSpec) -> str:
    if not component.width or not component.height:
        return "—"
    width, height = (f"{to_mm(v):.1f}".removesuffix(".0") for v in (component.width, component.height))
    if component.shape == "disc":
        return f"{width} mm disc"
    return f"{width} × {height} mm"


def did_you_mean(name: str, known: Mapping[str, Any]) -> str:
    hint = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {hint[0]!r}?)" if hint else ""
