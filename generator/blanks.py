"""The blanks of a kit: every box a piece prints for a value the rulebook does not give.

Templates draw such a box with `m.fill_in` (and the board, mat and hex drawers with their write-in cells and
empty value discs); each carries `data-blank="<field>"`. `find_blanks` reads them from the rendered faces,
so the list is exactly what prints. It feeds the cover page's "before the first game" list and
`pnpgen blanks KIT`, which writes them as a fill-in sheet (CSV: component, piece, field, where, copies).
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Mapping

BLANK = re.compile(r'data-blank="([^"]*)"')
NAMING_FIELDS = ("title", "label", "unit", "kind_name", "subtitle", "name")


@dataclass(frozen=True)
class Blank:
    """One field left blank on one distinct face (printed `copies` times)."""

    component: str  # the component's id
    component_name: str
    piece: str  # which piece: its title or label, the card's row, the player's colour
    side: str  # front | back
    field: str  # the blank's field name ("Effect", "Cost"; "blank" when the template names none)
    copies: int  # how many printed pieces carry this face
    where: str = ""  # the sheets it is printed on


def _piece_name(fields: Mapping, card: int | None, player: int | None) -> str:
    """A piece as a player would name it: its title, its deck row, its player's colour."""
    parts = []
    for key in NAMING_FIELDS:
        value = fields.get(key)
        if value not in (None, "") and isinstance(value, (str, int, float)):
            parts.append(str(value).replace("\n", " "))
            break
    if card is not None:
        parts.append(f"row {card + 1}")
    if player is not None and fields.get("colour_name"):
        parts.append(str(fields["colour_name"]))
    return ", ".join(parts) or "every piece"


def find_blanks(kit, faces, imposition=None) -> list[Blank]:
    """Every blank of the kit's printed faces, in print order; `imposition` adds the sheets they are on."""
    sheets: dict[tuple[str, str], set[int]] = {}
    if imposition is not None:
        for page in imposition.pages:
            for placement in page.placements:
                face = placement.piece.back if placement.side == "back" else placement.piece.front
                if face is not None:
                    sheets.setdefault((face.key, placement.side), set()).add(page.sheet)
    names = {c.id: c.name for c in kit.spec.components}
    copies: Counter = Counter()
    first: dict[tuple[str, str], object] = {}
    for piece in kit.pieces:
        for side, face in (("front", piece.front), ("back", piece.back)):
            if face is None:
                continue
            copies[(face.key, side)] += piece.unit if side == "front" else 1
            first.setdefault((face.key, side), piece)
    found: list[Blank] = []
    seen: dict[str, list[str]] = {}
    for (key, side), piece in first.items():
        if key not in seen:
            seen[key] = [unescape(name) for name in BLANK.findall(faces[key].svg)]
        if not seen[key]:
            continue
        face = piece.front if side == "front" else piece.back
        fields = face.fields
        label = _piece_name(fields, piece.card, piece.player)
        where = sheet_list(sorted(sheets.get((key, side), ())))
        for field_name, count in Counter(seen[key]).items():
            name = field_name if count == 1 else f"{field_name} (×{count})"
            found.append(Blank(piece.component_id, names.get(piece.component_id, piece.component_id), label, side,
                               name, copies[(key, side)], where))
    return found


def sheet_list(numbers: list[int]) -> str:
    """'sheets 1-3, 5', 'sheet 4' or ''."""
    if not numbers:
        return ""
    runs, start = [], numbers[0]
    for previous, current in zip(numbers, numbers[1:] + [None]):
        if current != previous + 1 if current is not None else True:
            runs.append(f"{start}" if start == previous else f"{start}-{previous}")
            start = current
    return ("sheet " if len(numbers) == 1 else "sheets ") + ", ".join(runs)


def blank_rows(blanks: list[Blank]) -> list[list]:
    """The fill-in sheet's rows, its header first: one per blank, and an empty `value` column to fill in."""
    return [["component", "piece", "side", "field", "where", "copies", "value"]] + [
        [b.component, b.piece, b.side, b.field, b.where, b.copies, ""] for b in blanks]


def write_blanks_csv(blanks: list[Blank], path: Path) -> None:
    """The fill-in sheet as CSV (UTF-8)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(blank_rows(blanks))


def blanks_by_component(blanks: list[Blank]) -> list[tuple[str, int, int, list[str]]]:
    """(component name, distinct faces with blanks, printed pieces carrying them, field names) per component."""
    grouped: dict[str, list[Blank]] = {}
    for blank in blanks:
        grouped.setdefault(blank.component_name, []).append(blank)
    rows = []
    for name, items in grouped.items():
        faces = {(b.piece, b.side) for b in items}
        pieces = sum({(b.piece, b.side): b.copies for b in items}.values())
        fields = list(dict.fromkeys(re.sub(r" \(×\d+\)$", "", b.field) for b in items))
        rows.append((name, len(faces), pieces, fields))
    return rows
