"""The blanks of a kit: every box a piece prints for a value the rulebook does not give.

Templates draw such a box with `m.fill_in` (and the board, mat and hex drawers with their write-in cells and
empty value discs); each carries `data-blank="<field>"`. `find_blanks` reads them from the rendered faces,
so the list is exactly what prints. It feeds the cover page's "before the first game" list and
`pnpgen blanks KIT`, which writes them as a fill-in sheet (CSV: component, piece, side, field, where, copies,
value). A group fills in the `value` column and keeps the sheet beside kit.yaml as `blanks.csv`: the next
build typesets each value in its box (`fill_blanks`: the face's fields carry them as `filled_blanks`, and the
box is drawn with the value, marked `data-filled`), and `pnpgen blanks` lists those rows with their values.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from html import unescape
from pathlib import Path
from typing import Mapping

from generator.errors import ManifestError, Problem
from generator.vocabulary import BACK, FRONT, Side

BLANK = re.compile(r'data-blank="([^"]*)"')
FILLED = re.compile(r'data-filled="([^"]*)"')
FILL_FIELD = "filled_blanks"  # a face's field: {blank name: value} from the kit's filled-in sheet
SHEET_NAME = "blanks.csv"     # the filled-in sheet, beside kit.yaml
HEADER = ["component", "piece", "side", "field", "where", "copies", "value"]
NAMING_FIELDS = ("title", "label", "unit", "kind_name", "subtitle", "name")


@dataclass(frozen=True)
class Blank:
    """One field left blank on one distinct face (printed `copies` times)."""

    component: str  # the component's id
    component_name: str
    piece: str  # which piece: its title or label, the card's row, the player's colour
    side: Side
    field: str  # the blank's field name ("Effect", "Cost"; "blank" when the template names none)
    copies: int  # how many printed pieces carry this face
    where: str = ""  # the sheets it is printed on
    value: str = ""  # what the group filled in (typeset on the piece)


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
    """Every blank of the kit's printed faces, in print order; `imposition` adds the sheets they are on.
    Copies and sheets are counted only for faces that have blanks (most have none: a 10 000-card deck's
    20 000 counts and sheet sets were the build's memory at its end)."""
    seen: dict[str, list[tuple[str, bool]]] = {}  # per face: (blank name, filled in)

    def blanks_of(key: str) -> list[tuple[str, bool]]:
        found = seen.get(key)
        if found is None:
            svg = faces[key].svg
            found = seen[key] = [(unescape(name), False) for name in BLANK.findall(svg)] + [
                (unescape(name), True) for name in FILLED.findall(svg)]
        return found

    names = {c.id: c.name for c in kit.spec.components}
    copies: Counter = Counter()
    first: dict[tuple[str, str], object] = {}
    for piece in kit.pieces:
        for side, face in ((FRONT, piece.front), (BACK, piece.back)):
            if face is None or not blanks_of(face.key):
                continue
            copies[(face.key, side)] += piece.unit if side == FRONT else 1
            first.setdefault((face.key, side), piece)
    sheets: dict[tuple[str, str], set[int]] = {}
    if imposition is not None and first:
        for page in imposition.pages:
            for placement in page.placements:
                face = placement.piece.back if placement.side == BACK else placement.piece.front
                if face is not None and (face.key, placement.side) in first:
                    sheets.setdefault((face.key, placement.side), set()).add(page.sheet)
    found: list[Blank] = []
    for (key, side), piece in first.items():
        face = piece.front if side == FRONT else piece.back
        fields = face.fields
        label = _piece_name(_unfilled(fields), piece.card, piece.player)
        where = sheet_list(sorted(sheets.get((key, side), ())))
        filled = fields.get(FILL_FIELD) or {}
        for (field_name, is_filled), count in Counter(seen[key]).items():
            name = field_name if count == 1 else f"{field_name} (×{count})"
            found.append(Blank(piece.component_id, names.get(piece.component_id, piece.component_id), label, side,
                               name, copies[(key, side)], where, filled.get(field_name, "") if is_filled else ""))
    return found


def _unfilled(fields: Mapping) -> Mapping:
    return {k: v for k, v in fields.items() if k != FILL_FIELD}


def read_filled(path: Path) -> dict[tuple[str, str, str, str], str]:
    """The values of a filled-in sheet: {(component, piece, side, field): value} for every row with a value."""
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            columns = reader.fieldnames or []
            missing = [name for name in ("component", "piece", "side", "field", "value") if name not in columns]
            if missing:
                raise ManifestError([Problem(str(path), 1, None, "", f"the fill-in sheet has no {', '.join(missing)} "
                                                                     f"column (write it with `pnpgen blanks`)")])
            return {(row["component"], row["piece"], row["side"], re.sub(r" \(×\d+\)$", "", row["field"])):
                    row["value"].strip() for row in reader if (row.get("value") or "").strip()}
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError([Problem(str(path), None, None, "", f"cannot read the fill-in sheet: {exc}")]) from None


def fill_blanks(kit, filled: Mapping[tuple[str, str, str, str], str]):
    """The kit with each filled-in value on the faces whose blank it names (a new Kit; nothing is mutated)."""
    if not filled:
        return kit
    wanted: dict[tuple[str, str, str], dict[str, str]] = {}
    for (component, piece, side, field), value in filled.items():
        wanted.setdefault((component, piece, side), {})[field] = value
    done: dict[tuple[str, str], object] = {}

    def filled_face(piece, side: str):
        face = piece.front if side == FRONT else piece.back
        if face is None:
            return None
        key = (face.key, side, piece.card, piece.player)
        if key not in done:
            fields = face.fields
            values = wanted.get((piece.component_id, _piece_name(fields, piece.card, piece.player), side))
            done[key] = replace(face, fields_json=json.dumps({**fields, FILL_FIELD: values}, sort_keys=True)) \
                if values else face
        return done[key]

    pieces = tuple(replace(p, front=filled_face(p, FRONT), back=filled_face(p, BACK)) if p.component_id in
                   {c for c, _, _ in wanted} else p for p in kit.pieces)
    return replace(kit, pieces=pieces)


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
    return [HEADER] + [[b.component, b.piece, b.side, b.field, b.where, b.copies, b.value] for b in blanks]


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


def with_filled_blanks(kit):
    """The kit with the values of its filled-in sheet (`blanks.csv` beside kit.yaml) typeset, if it has one."""
    sheet = kit.spec.root / SHEET_NAME
    return fill_blanks(kit, read_filled(sheet)) if sheet.is_file() else kit
