"""Manifest stage: `read_cards` reads a deck's `cards:` (a list in the manifest, a CSV file, or a sheet of an
.xlsx or .ods workbook) into CardSpecs; each row gives a count, optionally its own `template`/`back_template`,
and cells (`back_*` cells go to the back, the rest to the front), the cells are checked by `FieldReader.cell`,
and every problem is located at the row (a sheet's: the cell, as `cards.xlsx:Events!C7`) it came from. A file
deck's columns must be fields its templates read (`template_fields`) or known columns (KNOWN_COLUMNS).
"""

from __future__ import annotations

import csv
import datetime
import difflib
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterator

from generator.errors import ManifestError, UnsafeResourceError
from generator.manifest.fields import FieldReader, template_fields
from generator.manifest.problems import Document, ProblemList
from generator.manifest.rulelinks import read_rule_cell, read_rule_links
from generator.manifest.spec import CardSpec, Location, RuleLink
from generator.manifest.values import count_problem
from generator.manifest.yamlfile import KeyPath, format_path, read_text
from generator.paths import find_template, shown
from generator.vocabulary import KindName

DECK_FILES = {".csv", ".xlsx", ".ods"}
# Columns of a deck file that need no template to read them: the count, a card's own templates and art, and
# the designer's own notes (kept with the card, printed only by a template that reads them).
KNOWN_COLUMNS = ("count", "template", "back_template", "art", "back_art", "rule", "notes")
TEMPLATE_COLUMNS = ("template", "back_template")
NO_FIELDS = MappingProxyType({})  # a card without back_* values (most): one read-only mapping for them all

Row = tuple[dict, Location, Callable[[str], Location] | None]  # cells, the row's place, each cell's place


@dataclass(frozen=True)
class DeckSides:
    """What a deck's cards are read against: its kind, its sides' templates (back None: one-sided), whether
    templates draw it (not a kind's own drawer) and the columns reference tables name (`from: cards`)."""

    kind: KindName
    front: str
    back: str | None
    templated: bool = True
    named: frozenset[str] = frozenset()


def read_cards(doc: Document, path: KeyPath, raw: Any, reader: FieldReader,
               deck: DeckSides | None = None) -> tuple[CardSpec, ...]:
    """The cards of one deck; a row whose count is not a whole number ≥ 0 is reported and left out."""
    deck = deck or DeckSides("card", "card", None)
    problems = reader.problems
    header: list[tuple[str, Location]] | None = None
    if isinstance(raw, list):
        rows: list[Row] = [(dict(item), doc.locate(path + (i,)), None) for i, item in enumerate(raw)]
    else:
        table = _read_table(doc, path, raw, reader)
        if table is None:
            return ()
        header, rows = table
    cards = []
    folder, deck_path = doc.folder(path), format_path(path)  # the same for every cell of the deck
    for i, (row, where, cell_at) in enumerate(rows):
        at = cell_at or (lambda column, where=where: where)
        written = count = row.pop("count", 1)
        if isinstance(count, str):
            count = int(count) if count.strip().isdigit() else None
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            got = f"got {written!r}" if written is not None else "the cell is empty"
            problems.add_at(at("count"), f"{format_path(path)}[{i}].count", f"count must be a whole number ≥ 0, {got}")
            continue
        if getattr(count, "written", None):  # 0777 in YAML: 777 here, octal 511 to YAML 1.1 tools
            problems.add_at(at("count"), f"{format_path(path)}[{i}].count", count_problem(count, zero_allowed=True))
            continue
        templates: dict[str, str] = {}
        for column in TEMPLATE_COLUMNS:
            value = row.pop(column, None)
            if value is None or value == "":
                continue
            problem = _template_problem(reader, deck, column, value)
            if problem:
                problems.add_at(at(column), f"{format_path(path)}[{i}].{column}", problem)
            else:
                templates[column] = value
        rule = row.pop("rule", None)
        rules = _row_rules(doc, path, i, rule, at("rule"), problems, listed=header is None) if rule not in (None, "") else ()
        front, back = {}, {}
        for key, value in row.items():
            if value is None or value == "":
                continue
            target, name = (back, key[5:]) if key.startswith("back_") else (front, key)
            target[name] = reader.cell(folder, at(key), f"{deck_path}[{i}].{key}", name, value)
        cards.append(CardSpec(count, front, back or NO_FIELDS, where, templates.get("template"), templates.get("back_template"),
                              rules))
    if header is not None and deck.templated:
        _check_columns(path, header, cards, deck, reader)
    return tuple(cards)


def _row_rules(doc: Document, path: KeyPath, i: int, raw: Any, where: Location, problems: ProblemList,
               listed: bool) -> tuple[RuleLink, ...]:
    """A card's `rule`: the rulebook links counting this row's copies (a frequency line of the rulebook)."""
    if raw is None or raw == "":
        return ()
    if listed:  # a deck written in the manifest: located key by key
        rule_path = path + (i, "rule")
        return tuple(read_rule_links(raw, lambda rel: doc.locate(rule_path + rel),
                                     lambda rel, message: problems.add(doc, rule_path + rel, message)))
    return read_rule_cell(raw, where, lambda message: problems.add_at(where, f"{format_path(path)}[{i}].rule", message))


def _template_problem(reader: FieldReader, deck: DeckSides, column: str, value: Any) -> str | None:
    """What is wrong with a card's own `template`/`back_template` value, or None."""
    if not deck.templated:
        return f"kind {deck.kind} draws its faces itself; a card cannot name a template"
    if column == "back_template" and deck.back is None:
        return "this deck has no back (sides.back) for a back_template"
    if not isinstance(value, str):
        return f"a template is named by its file in templates/ (e.g. card), got {value!r}"
    if value.startswith("@"):
        return f"{value!r} is a built-in drawer; a card's template is a file in templates/"
    try:
        found = find_template(value, *reader.files.roots)
    except UnsafeResourceError as exc:
        return str(exc)
    if found is None:
        return f"no template {value!r}: looked for templates/{value}.svg.j2 in the kit and in pnpgen"
    return None


def _check_columns(path: KeyPath, header: list[tuple[str, Location]], cards: list[CardSpec], deck: DeckSides,
                   reader: FieldReader) -> None:
    """Report each column that no template of the deck reads (a misspelt `titel` would print nothing)."""
    roots = reader.files.roots
    front = _fields_of(roots, {deck.front, *(card.template for card in cards if card.template)})
    back = None
    if deck.back is not None:
        back = _fields_of(roots, {deck.back, *(card.back_template for card in cards if card.back_template)})
    for column, where in header:
        if column in KNOWN_COLUMNS or column in deck.named:
            continue
        if column.startswith("back_"):
            if deck.back is None:
                reader.problems.add_at(where, format_path(path), f"column {column!r} is for the back, but this "
                                                                 "deck has no back (sides.back)")
                continue
            fields, field, side = back, column[5:], "this deck's back"
        else:
            fields, field, side = front, column, "this deck"
        if fields is None or field in fields:
            continue  # the templates' fields cannot be known (a built-in drawer, `f` handed on): any column goes
        known = sorted(front or ()) + list(KNOWN_COLUMNS) + [f"back_{name}" for name in sorted(back or ())]
        hint = difflib.get_close_matches(column, known, n=1)
        reads = ", ".join(sorted(fields)) or "none"
        suggestion = f" (did you mean {hint[0]!r}?)" if hint else f" (its templates read: {reads})"
        reader.problems.add_at(where, format_path(path), f"column {column!r} is not a field of {side}{suggestion}")


def _fields_of(roots: tuple[Path, ...], templates: set[str]) -> frozenset[str] | None:
    """Every field the templates read, or None when one template's fields cannot be known."""
    found: set[str] = set()
    for name in templates:
        fields = template_fields(roots, name)
        if fields is None:
            return None
        found |= fields
    return frozenset(found)


def _read_table(doc: Document, path: KeyPath, raw: Any, reader: FieldReader
                ) -> tuple[list[tuple[str, Location]], list[Row]] | None:
    """(header columns with their places, rows) of a deck file: `name`, or `{file: name, sheet: …}`."""
    problems = reader.problems
    if isinstance(raw, dict):
        name, sheet, name_path = raw["file"], raw.get("sheet"), path + ("file",)
    else:
        name, sheet, name_path = raw, None, path
    file = reader.files.file(doc, name_path, name, DECK_FILES)
    if file is None:
        return None
    if file.suffix.lower() != ".csv":
        return _sheet_table(doc, path, name, file, sheet, problems)
    if sheet is not None:
        problems.add(doc, path + ("sheet",), f"{name} is a CSV file, which has no sheets; drop sheet")
        return None
    return _csv_table(doc, path, name, file, problems)


def _csv_table(doc: Document, path: KeyPath, name: str, file: Path, problems: ProblemList
               ) -> tuple[list[tuple[str, Location]], list[Row]] | None:
    shown_as = shown(file)  # once: resolving the path for every row was a fifth of a deck's load time
    try:
        text = read_text(file, shown_as)
    except ManifestError as exc:  # not UTF-8: located by line and column
        problems.items.extend(exc.problems)
        return None
    table = csv.DictReader(_lines(text))
    try:
        if table.fieldnames is None or "count" not in [n.strip() for n in table.fieldnames]:
            problems.add(doc, path, f"{name}: the CSV needs a header row with a count column")
            return None
        headers = [n.strip() for n in table.fieldnames]
        repeated = sorted({n for n in headers if n and headers.count(n) > 1})
        if repeated:
            problems.add_at(Location(shown_as, 1), "", f"the header names column {repeated[0]!r} twice")
            return None
    except csv.Error as exc:
        problems.add_at(Location(shown_as, table.line_num or 1), "", f"cannot read CSV: {exc}")
        return None
    header = [(n, Location(shown_as, 1)) for n in headers if n]
    return header, list(_csv_rows(table, shown_as, problems))


# A line with its ending, split as a file opened with newline="" splits it (the way csv reads): at \r\n, \r or \n.
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def _lines(text: str) -> Iterator[str]:
    """The lines of `text` as csv reads them from a file opened with newline="", taken from the text itself: a
    StringIO copies it at 4 bytes a character (S10000's deck: 17 MB, most of the build's memory at its peak)."""
    return (match.group() for match in _LINE.finditer(text))


def _csv_rows(table: csv.DictReader, shown_as: str, problems: ProblemList) -> Iterator[Row]:
    """The rows of a CSV deck with their file:line, stripped of surrounding spaces."""
    try:
        for row in table:
            where = Location(shown_as, table.line_num)
            if None in row:
                problems.add_at(where, "", "this row has more cells than the header")
                continue
            if (row.get("") or "").strip():
                problems.add_at(where, "", f"this row has a value ({row['']!r}) in a column the header does not name")
                continue
            yield {k.strip(): (v.strip() if isinstance(v, str) else v) for k, v in row.items() if k.strip()}, where, None
    except csv.Error as exc:
        problems.add_at(Location(shown_as, table.line_num or 1), "", f"cannot read CSV: {exc}")


def _sheet_table(doc: Document, path: KeyPath, name: str, file: Path, sheet: str | None, problems: ProblemList
                 ) -> tuple[list[tuple[str, Location]], list[Row]] | None:
    """The header and rows of one sheet of an .xlsx/.ods deck (the first sheet unless `sheet` names one).
    Cells keep their type (a number stays a number, 3.0 becomes 3); empty rows are left out."""
    shown_as = shown(file)
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:  # pragma: no cover - a dependency of pnpgen
        problems.add(doc, path, f"{name}: reading .xlsx and .ods decks needs python-calamine (pip install python-calamine)")
        return None
    try:
        book = CalamineWorkbook.from_path(str(file))
        names = list(book.sheet_names)
        metadata = getattr(book, "sheets_metadata", None)  # python-calamine ≥ 0.2.3: skip chart sheets
        cells = [m.name for m in metadata if str(m.typ).endswith("WorkSheet")] if metadata else names
        if sheet is None and not cells:
            problems.add(doc, path, f"{name} holds no sheet of cells")
            return None
        if sheet is not None and sheet not in names:
            listed = ", ".join(repr(n) for n in names)
            problems.add(doc, path + ("sheet",), f"{name} has no sheet {sheet!r}; its sheets are {listed}")
            return None
        chosen = sheet if sheet is not None else cells[0]
        data = book.get_sheet_by_name(chosen).to_python(skip_empty_area=False)  # from A1
    except Exception as exc:  # python_calamine.CalamineError and the like: not a workbook, broken, encrypted
        problems.add_at(Location(shown_as), "", f"cannot read the spreadsheet: {exc}")
        return None
    prefix = f"{shown_as}:{_sheet_ref(chosen)}!"
    values = [[_cell_value(v) for v in row] for row in data]
    filled = [r for r, row in enumerate(values) if any(v is not None for v in row)]
    top = filled[0] if filled else None
    headers = [] if top is None else [("" if v is None else str(v)) for v in values[top]]
    if "count" not in headers:
        problems.add(doc, path, f"{name}: sheet {chosen!r} needs a header row with a count column")
        return None
    letters = [_column_letter(c) for c in range(max(len(row) for row in values))]
    header = []
    for c, column in enumerate(headers):
        if not column:
            continue
        if column in (h for h, _ in header):
            problems.add_at(Location(f"{prefix}{letters[c]}{top + 1}"), "", f"the header names column {column!r} twice")
            return None
        header.append((column, Location(f"{prefix}{letters[c]}{top + 1}")))
    named = {column: c for c, column in enumerate(headers) if column}
    first = letters[min(named.values())]
    rows: list[Row] = []
    for r in filled[1:]:
        row = values[r]
        stray = next((c for c, v in enumerate(row) if v is not None and (c >= len(headers) or not headers[c])), None)
        if stray is not None:
            problems.add_at(Location(f"{prefix}{letters[stray]}{r + 1}"), "",
                            f"this row has a value ({row[stray]!r}) in a column the header does not name")
            continue
        cells = {column: (row[c] if c < len(row) else None) for column, c in named.items()}
        at = functools.partial(_sheet_cell, prefix, letters, named, r + 1)
        rows.append((cells, Location(f"{prefix}{first}{r + 1}"), at))
    return header, rows


def _sheet_cell(prefix: str, letters: list[str], named: dict[str, int], row: int, column: str) -> Location:
    """Where a sheet row's cell under header `column` is: `cards.xlsx:Events!C7`."""
    return Location(f"{prefix}{letters[named[column]]}{row}")


def _sheet_ref(name: str) -> str:
    """A sheet's name as a cell reference writes it: quoted when it holds anything but letters, digits and _."""
    return name if name.replace("_", "").isalnum() else "'" + name.replace("'", "''") + "'"


def _column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell_value(value: Any) -> Any:
    """A sheet cell as a card value: text stripped (empty: None), whole numbers as int (sheets store 3 as 3.0),
    other numbers and booleans as they are, dates and times as ISO text."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value
