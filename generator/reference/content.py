"""Reference stage, part 1: `parse_reference(spec)` checks the kit's `reference:` section and returns
frozen blocks (tables, lists, definitions, notes, symbol guides) ready to typeset.

The schema has already checked the structure; this module checks meaning (icon names, component ids,
row lengths) and reports every problem with file:line, and turns component data into table rows.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Mapping, Union

from generator.colours import normalise_colour
from generator.errors import ManifestError, Problem
from generator.manifest.loader import ICON_NAME
from generator.manifest.spec import KitSpec, Location
from generator.manifest.yamlfile import format_path
from generator.paths import shown
from generator.typeface import BUNDLED, Typeface
from generator.reference.kitdata import KitRows, cell_text, is_number

BLOCK_TYPES = ("table", "list", "definitions", "note", "icons")
DEFAULT_ACCENT = "#2f4f6f"
DEFAULT_INK = "#1f1f1f"
KeyPath = tuple[Any, ...]


@dataclass(frozen=True)
class Theme:
    accent: str = DEFAULT_ACCENT
    ink: str = DEFAULT_INK
    shade: str = "#e6eaee"
    font_size: float = 9.0
    card_font_size: float = 7.5


@dataclass(frozen=True)
class Cell:
    """One table cell: its text and whether it reads as a number (numbers are right-aligned)."""

    text: str
    numeric: bool = False


@dataclass(frozen=True)
class TableBlock:
    title: str | None
    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    align: tuple[str, ...]
    widths: tuple[float, ...] | None
    note: str | None
    location: Location
    new_page: bool = False
    keep_together: bool | None = None  # None: whole unless that wastes a third of a column

    @property
    def column_count(self) -> int:
        return len(self.align)


@dataclass(frozen=True)
class ListItem:
    text: str
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class ListBlock:
    title: str | None
    items: tuple[ListItem, ...]
    ordered: bool
    start: int
    location: Location
    new_page: bool = False
    keep_together: bool | None = None  # None: whole unless that wastes a third of a column


@dataclass(frozen=True)
class Definition:
    term: str
    text: str


@dataclass(frozen=True)
class DefinitionsBlock:
    title: str | None
    items: tuple[Definition, ...]
    location: Location
    new_page: bool = False
    keep_together: bool | None = None  # None: whole unless that wastes a third of a column


@dataclass(frozen=True)
class NoteBlock:
    title: str | None
    text: str
    location: Location
    new_page: bool = False
    keep_together: bool | None = None  # None: whole unless that wastes a third of a column


@dataclass(frozen=True)
class IconEntry:
    icon: str
    label: str
    text: str


@dataclass(frozen=True)
class IconsBlock:
    title: str | None
    items: tuple[IconEntry, ...]
    location: Location
    new_page: bool = False
    keep_together: bool | None = None  # None: whole unless that wastes a third of a column


Block = Union[TableBlock, ListBlock, DefinitionsBlock, NoteBlock, IconsBlock]


@dataclass(frozen=True)
class Reference:
    """A kit's reference content, checked: what the sheet and card typesetters draw."""

    kit_name: str
    title: str
    subtitle: str
    columns: int
    theme: Theme
    blocks: tuple[Block, ...]
    typeface: Typeface = BUNDLED  # the kit's, for body text; headers and footers stay in pnpgen's own


def parse_reference(spec: KitSpec) -> Reference:
    """Check `spec.reference` and return it typed; ManifestError lists every problem with file:line."""
    return _Parser(spec).parse()


class _Parser:
    def __init__(self, spec: KitSpec):
        self.spec = spec
        self.raw: Mapping[str, Any] = spec.reference or {}
        self.problems: list[Problem] = []

    # -- locating and reporting ---------------------------------------------------------------
    def locate(self, path: KeyPath) -> Location:
        """Where `path` (inside the reference mapping) was written: the nearest marked key at or above it."""
        marks = self.spec.reference_marks
        for end in range(len(path), 0, -1):
            if path[:end] in marks:
                return marks[path[:end]]
        return self.spec.reference_location or Location(shown(self.spec.manifest))

    def problem(self, path: KeyPath, message: str) -> None:
        where = self.locate(path)
        self.problems.append(Problem(where.path, where.line, where.column, format_path(("reference",) + path), message))

    def text(self, path: KeyPath, value: Any) -> str:
        """A text value as a string, each {icon} in it checked against the kit's icons."""
        text = cell_text(value)
        for name in ICON_NAME.findall(text):
            if name not in self.spec.icons:
                self.problem(path, _unknown_icon(name, self.spec.icons))
        return text

    # -- the whole section ----------------------------------------------------------------------
    def parse(self) -> Reference:
        raw = self.raw
        title = self.text(("title",), raw.get("title") or f"{self.spec.name} reference")
        subtitle = self.text(("subtitle",), raw.get("subtitle") or "")
        theme = self.theme(raw.get("theme") or {})
        blocks = tuple(b for i, item in enumerate(raw.get("blocks") or []) if (b := self.block(i, item)) is not None)
        if not raw.get("blocks"):
            self.problem(("blocks",), "the reference has no blocks: add tables, lists, definitions, notes or icons")
        if self.problems:
            raise ManifestError(sorted(set(self.problems), key=lambda p: (p.path, p.line or 0, p.column or 0, p.key)))
        return Reference(self.spec.name, title, subtitle, int(raw.get("columns", 2)), theme, blocks,
                         self.spec.defaults.font)

    def theme(self, raw: Mapping[str, Any]) -> Theme:
        colours = {}
        for key in ("accent", "ink", "shade"):
            if key in raw:
                try:
                    colours[key] = normalise_colour(raw[key], self.spec.palette)
                except ValueError as exc:
                    self.problem(("theme", key), str(exc))
        accent = colours.get("accent", DEFAULT_ACCENT)
        return Theme(
            accent=accent, ink=colours.get("ink", DEFAULT_INK), shade=colours.get("shade", tint(accent, 0.88)),
            font_size=float(raw.get("font_size", Theme.font_size)),
            card_font_size=float(raw.get("card_font_size", Theme.card_font_size)),
        )

    def block(self, index: int, raw: Mapping[str, Any]) -> Block | None:
        path: KeyPath = ("blocks", index)
        kinds = [key for key in BLOCK_TYPES if key in raw]
        if len(kinds) != 1:
            found = ", ".join(kinds) if kinds else "none"
            self.problem(path, f"a block holds exactly one of {', '.join(BLOCK_TYPES)} (found: {found})")
            return None
        kind = kinds[0]
        body = raw[kind]
        path += (kind,)
        before = len(self.problems)
        common = {
            "title": self.text(path + ("title",), body["title"]) if body.get("title") else None,
            "location": self.locate(path),
            "new_page": bool(body.get("new_page", False)),
            "keep_together": body.get("keep_together"),
        }
        block = getattr(self, f"_{kind}")(path, body, common)
        return block if len(self.problems) == before else None

    # -- block types ------------------------------------------------------------------------------
    def _table(self, path: KeyPath, body: Mapping[str, Any], common: dict) -> TableBlock | None:
        if ("rows" in body) == ("from" in body):
            self.problem(path, "a table has either rows (written out) or from (components or cards), not both and not neither")
            return None
        if "from" in body:
            built = KitRows(self).rows(path, body)
            if built is None:
                return None
            header, rows = built
        else:
            header = tuple(self.text(path + ("header", i), v) for i, v in enumerate(body.get("header") or []))
            rows = [[(self.text(path + ("rows", r, c), v), is_number(v)) for c, v in enumerate(row)]
                    for r, row in enumerate(body["rows"])]
            for key in ("ids", "component", "columns"):
                if key in body:
                    self.problem(path + (key,), f"{key} only applies with from: components or from: cards")
        width = len(header) if header else len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                what = "the header" if header else "the first row"
                self.problem(path + ("rows", r), f"this row has {len(row)} cells but {what} has {width}")
        align = list(body.get("align") or [])
        if align and len(align) != width:
            self.problem(path + ("align",), f"give one alignment per column ({width}), got {len(align)}")
        widths = body.get("widths")
        if widths and len(widths) != width:
            self.problem(path + ("widths",), f"give one width per column ({width}), got {len(widths)}")
        if not align or len(align) != width:
            align = [_column_alignment([row[c] for row in rows if c < len(row)]) for c in range(width)]
        note = self.text(path + ("note",), body["note"]) if body.get("note") else None
        return TableBlock(
            header=tuple(Cell(text, False) for text in header),
            rows=tuple(tuple(Cell(text, numeric) for text, numeric in row) for row in rows),
            align=tuple(align), widths=tuple(float(w) for w in widths) if widths else None, note=note, **common,
        )

    def _list(self, path: KeyPath, body: Mapping[str, Any], common: dict) -> ListBlock:
        items = []
        for i, raw in enumerate(body["items"]):
            if isinstance(raw, Mapping):
                subs = tuple(self.text(path + ("items", i, "items", j), s) for j, s in enumerate(raw.get("items") or []))
                items.append(ListItem(self.text(path + ("items", i, "text"), raw["text"]), subs))
            else:
                items.append(ListItem(self.text(path + ("items", i), raw)))
        return ListBlock(items=tuple(items), ordered=bool(body.get("ordered", True)), start=int(body.get("start", 1)), **common)

    def _definitions(self, path: KeyPath, body: Mapping[str, Any], common: dict) -> DefinitionsBlock:
        items = tuple(
            Definition(self.text(path + ("items", i, "term"), raw["term"]), self.text(path + ("items", i, "text"), raw["text"]))
            for i, raw in enumerate(body["items"])
        )
        return DefinitionsBlock(items=items, **common)

    def _note(self, path: KeyPath, body: Mapping[str, Any], common: dict) -> NoteBlock:
        return NoteBlock(text=self.text(path + ("text",), body["text"]), **common)

    def _icons(self, path: KeyPath, body: Mapping[str, Any], common: dict) -> IconsBlock:
        entries = []
        for i, raw in enumerate(body["items"]):
            name = raw["icon"]
            if name not in self.spec.icons:
                self.problem(path + ("items", i, "icon"), _unknown_icon(name, self.spec.icons))
            label = self.text(path + ("items", i, "label"), raw.get("label") or name.replace("_", " ").capitalize())
            entries.append(IconEntry(name, label, self.text(path + ("items", i, "text"), raw.get("text") or "")))
        return IconsBlock(items=tuple(entries), **common)


# -- values --------------------------------------------------------------------------------------------
def _column_alignment(cells: list[tuple[str, bool]]) -> str:
    """Right for a column of numbers (blank cells and dashes allowed), left otherwise."""
    filled = [numeric for text, numeric in cells if text not in {"", "-", "–", "—"}]
    return "right" if filled and all(filled) else "left"


def tint(colour: str, white: float) -> str:
    """`colour` mixed with `white` (0–1) parts of white: light backgrounds from the accent."""
    channels = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in channels)


def _unknown_icon(name: str, icons: Mapping[str, Any]) -> str:
    hint = difflib.get_close_matches(name, list(icons), n=1)
    if hint:
        return f"unknown icon {{{name}}} (did you mean {{{hint[0]}}}?)"
    return f"unknown icon {{{name}}} (kit icons: {', '.join(sorted(icons)) or 'none; declare them in kit.icons'})"
