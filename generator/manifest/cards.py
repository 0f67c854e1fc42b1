"""Manifest stage: `read_cards` reads a deck's `cards:` (a list in the manifest, or a CSV file) into CardSpecs;
each row gives a count and cells (`back_*` cells go to the back, the rest to the front), the cells are checked by
`FieldReader.cell`, and every problem is located at the row it came from.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterator

from generator.errors import ManifestError
from generator.manifest.fields import FieldReader
from generator.manifest.problems import Document
from generator.manifest.spec import CardSpec, Location
from generator.manifest.yamlfile import KeyPath, format_path, read_text
from generator.paths import shown


def read_cards(doc: Document, path: KeyPath, raw: Any, reader: FieldReader) -> tuple[CardSpec, ...]:
    """The cards of one deck; a row whose count is not a whole number ≥ 0 is reported and left out."""
    problems = reader.problems
    rows: list[tuple[dict, Location]] = []
    if isinstance(raw, str):
        rows = list(_csv_rows(doc, path, raw, reader))
    else:
        rows = [(dict(item), doc.locate(path + (i,))) for i, item in enumerate(raw)]
    cards = []
    for i, (row, where) in enumerate(rows):
        written = count = row.pop("count", 1)
        if isinstance(count, str):
            count = int(count) if count.strip().isdigit() else None
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            got = f"got {written!r}" if written is not None else "the cell is empty"
            problems.add_at(where, f"{format_path(path)}[{i}].count", f"count must be a whole number ≥ 0, {got}")
            continue
        front, back = {}, {}
        for key, value in row.items():
            if value is None or value == "":
                continue
            target, name = (back, key[5:]) if key.startswith("back_") else (front, key)
            target[name] = reader.cell(doc.folder(path), where, f"{format_path(path)}[{i}].{key}", name, value)
        cards.append(CardSpec(count, front, back, where))
    return tuple(cards)


def _csv_rows(doc: Document, path: KeyPath, name: str, reader: FieldReader) -> Iterator[tuple[dict, Location]]:
    """The rows of the CSV deck `name` with their file:line, stripped of surrounding spaces."""
    problems = reader.problems
    file = reader.files.file(doc, path, name, {".csv"})
    if file is None:
        return
    shown_as = shown(file)  # once: resolving the path for every row was a fifth of a deck's load time
    try:
        text = read_text(file, shown_as)
    except ManifestError as exc:  # not UTF-8: located by line and column
        problems.items.extend(exc.problems)
        return
    table = csv.DictReader(io.StringIO(text, newline=""))
    try:
        if table.fieldnames is None or "count" not in [n.strip() for n in table.fieldnames]:
            problems.add(doc, path, f"{name}: the CSV needs a header row with a count column")
            return
        headers = [n.strip() for n in table.fieldnames]
        repeated = sorted({n for n in headers if n and headers.count(n) > 1})
        if repeated:
            problems.add_at(Location(shown_as, 1), "", f"the header names column {repeated[0]!r} twice")
            return
        for row in table:
            where = Location(shown_as, table.line_num)
            if None in row:
                problems.add_at(where, "", "this row has more cells than the header")
                continue
            if (row.get("") or "").strip():
                problems.add_at(where, "", f"this row has a value ({row['']!r}) in a column the header does not name")
                continue
            yield {k.strip(): (v.strip() if isinstance(v, str) else v) for k, v in row.items() if k.strip()}, where
    except csv.Error as exc:
        problems.add_at(Location(shown_as, table.line_num or 1), "", f"cannot read CSV: {exc}")
