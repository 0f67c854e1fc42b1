"""Reads kit.yaml and its includes, validates them, and builds the frozen KitSpec.

Every problem in every file is collected before anything is raised, so the user fixes them in one pass.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any, Iterator

from generator import units
from generator.art import check_art
from generator.colours import is_colour_key, normalise_colour
from generator.errors import ManifestError, Problem, UnsafeResourceError
from generator.manifest import options as kind_options
from generator.manifest.problems import Document, ProblemList
from generator.manifest.schema import validate_document
from generator.manifest.spec import (
    CardSpec, ComponentSpec, Defaults, KitSpec, Location, RuleLink, SideSpec, Waiver,
)
from generator.manifest.yamlfile import KeyPath, read_text, read_yaml
from generator.paths import find_template, inside, shown
from generator.typeface import FONT_SUFFIXES, FontFileError, Typeface, read_typeface

ICON_NAME = re.compile(r"\{([a-z][a-z0-9_-]*)\}")
BUILTIN_ICONS = frozenset()  # kits declare their own icons; kept as a set for clear messages
DEFAULT_SHAPE = {"token": "disc", "chip": "disc", "hex": "hex", "card": "rect", "marker": "square"}
DEFAULT_TEMPLATE = {"card": "card", "token": "token", "chip": "token", "marker": "token", "counter": "token",
                    "tile": "token", "sticker": "token"}
SIZED_BY_DRAWER = {"hexmap", "board", "track", "mat", "foldup", "standee", "die", "hex"}
ART_SUFFIXES = {".svg", ".png", ".jpg", ".jpeg"}
MIN_MARGIN = units.mm(5)
# Beyond these a value is a typo, not a design: a 200mm margin leaves no paper, a 5000mm token tiles over hundreds of sheets.
MIN_SIZE, MAX_SIZE = units.mm(1), units.mm(1000)
MAX_LENGTHS = {"bleed": units.mm(10), "disc_bleed": units.mm(10), "gutter": units.mm(20), "margin": units.mm(50)}
OPTION_KINDS = {"hex": {"hex"}, "map": {"hexmap"}, "board": {"board"}, "track": {"track"}, "mat": {"mat"},
                "foldup": {"foldup", "standee"}, "die": {"die"}}


def load_manifest(kit_dir: Path | str) -> KitSpec:
    """Read and validate a kit; raise ManifestError listing every problem found."""
    kit_dir = Path(kit_dir)
    manifest = kit_dir if kit_dir.suffix in {".yaml", ".yml"} else kit_dir / "kit.yaml"
    if not manifest.is_file():
        raise ManifestError([Problem(shown(manifest), None, None, "", "no kit.yaml here (a kit is a folder holding kit.yaml)")])
    root = manifest.parent.resolve()
    try:
        inside(manifest, root)
    except UnsafeResourceError:
        raise ManifestError([Problem(str(manifest), None, None, "", "kit.yaml is a link to a file outside the kit folder")]) from None
    problems = ProblemList()
    docs = _read_documents(manifest, root, problems)
    if not docs:
        problems.raise_if_any()
    return _KitBuilder(root, manifest, docs, problems).build()


def _read_documents(manifest: Path, root: Path, problems: ProblemList) -> list[Document]:
    """The root document and every included one, depth first, refusing cycles and files outside the kit."""
    docs: list[Document] = []
    seen: set[Path] = set()

    def visit(file: Path, from_doc: Document | None, key: KeyPath) -> None:
        real = file.resolve()
        if real in seen:
            problems.add(from_doc, key, f"include cycle: {shown(file)} is already included")
            return
        seen.add(real)
        try:
            data, marks = read_yaml(file, shown(file))
        except ManifestError as exc:
            problems.items.extend(exc.problems)
            return
        doc = Document(file, shown(file), data, marks)
        unsound = validate_document(doc, problems, is_root=from_doc is None)
        if unsound is None:
            return
        docs.append(Document(file, doc.shown, _without(data, unsound), marks))
        if ("include",) in unsound:
            return
        for i, name in enumerate(doc.data.get("include") or []):
            target = file.parent / name
            try:
                inside(target, root)
            except UnsafeResourceError:
                problems.add(doc, ("include", i), f"{name!r} is outside the kit folder")
                continue
            if not target.is_file():
                problems.add(doc, ("include", i), f"included file {name!r} does not exist")
                continue
            visit(target, doc, ("include", i))

    visit(manifest, None, ())
    return docs


def _without(data: dict, unsound: set[KeyPath]) -> dict:
    """The document with structurally broken parts blanked (None), so semantic checks skip them."""
    clean = dict(data)
    for path in unsound:
        if len(path) == 1 and path[0] in clean:
            clean[path[0]] = None if path[0] != "kit" else {"name": "?", "_unsound": True}
        elif len(path) == 2 and isinstance(clean.get(path[0]), list):
            items = list(clean[path[0]])
            items[path[1]] = None
            clean[path[0]] = items
    return clean


class _KitBuilder:
    """Turns validated documents into a KitSpec, adding every semantic problem to `problems`."""

    def __init__(self, root: Path, manifest: Path, docs: list[Document], problems: ProblemList):
        self.root, self.manifest, self.docs, self.problems = root, manifest, docs, problems
        self.top = docs[0]
        self.kit = self.top.data["kit"]
        self.palette: dict[str, str] = {}
        self.icons: dict[str, Path] = {}

    # -- kit section ------------------------------------------------------------------------------
    def build(self) -> KitSpec:
        self.palette = self._palette()
        players_min, players_max = self._players()
        player_colours = self._player_colours(players_max)
        defaults = self._defaults()
        self.icons = self._icons()
        components = tuple(self._components(defaults, player_colours))
        waivers = tuple(self._waivers())
        reference, reference_location, reference_marks = self._reference()
        rulebook = self._rulebook()
        self.problems.raise_if_any()
        return KitSpec(
            id=self.kit.get("id") or self.root.name, name=self.kit["name"], root=self.root,
            manifest=self.manifest, players_min=players_min, players_max=players_max,
            palette=self.palette, player_colours=player_colours, defaults=defaults,
            components=components, icons=self.icons, waivers=waivers, rulebook=rulebook,
            reference=reference, reference_location=reference_location, reference_marks=reference_marks,
            notes=self.kit.get("notes", ""),
        )

    def _palette(self) -> dict[str, str]:
        palette: dict[str, str] = {}
        for name, value in self.kit.get("palette", {}).items():
            try:
                palette[name] = normalise_colour(value)
            except ValueError as exc:
                self.problems.add(self.top, ("kit", "palette", name), str(exc))
        return palette

    def _players(self) -> tuple[int, int]:
        players = self.kit.get("players", {"min": 1, "max": 1})
        if players["min"] > players["max"]:
            self.problems.add(self.top, ("kit", "players"), f"min ({players['min']}) is more than max ({players['max']})")
        return players["min"], players["max"]

    def _player_colours(self, players_max: int) -> tuple[tuple[str, str], ...]:
        colours = []
        for i, value in enumerate(self.kit.get("player_colours", [])):
            try:
                colours.append((str(value), normalise_colour(value, self.palette)))
            except ValueError as exc:
                self.problems.add(self.top, ("kit", "player_colours", i), str(exc))
        return tuple(colours)

    def _defaults(self) -> Defaults:
        raw = self.kit.get("defaults", {})
        values: dict[str, Any] = {}
        for key in ("bleed", "disc_bleed", "gutter", "margin"):  # built-in values live in spec.Defaults
            if key in raw:
                values[key] = self._length(self.top, ("kit", "defaults", key), raw[key], MAX_LENGTHS[key])
        if values.get("margin") is not None and values["margin"] < MIN_MARGIN - 1e-9:
            self.problems.add(self.top, ("kit", "defaults", "margin"), "must be at least 5mm: most printers cannot print closer to the edge")
        for key in ("paper", "orientation", "back_template"):
            if key in raw:
                values[key] = raw[key]
        if "back_template" in raw:
            self._template(self.top, ("kit", "defaults", "back_template"), raw["back_template"])
        if "font" in raw:
            values["font"] = self._typeface(raw["font"])
        return Defaults(**{k: v for k, v in values.items() if v is not None})

    def _typeface(self, raw: str | dict) -> Typeface | None:
        """`defaults.font`: one TrueType file, or {regular: file, bold: file}."""
        path = ("kit", "defaults", "font")
        files = {"regular": raw} if isinstance(raw, str) else raw
        found = {weight: self._kit_file(self.top, path if isinstance(raw, str) else path + (weight,), name, FONT_SUFFIXES)
                 for weight, name in files.items()}
        if None in found.values():
            return None
        try:
            return read_typeface(found["regular"], found.get("bold"))
        except FontFileError as exc:
            self.problems.add(self.top, path, str(exc))
            return None

    def _icons(self) -> dict[str, Path]:
        icons = {}
        for name, file in self.kit.get("icons", {}).items():
            path = self._art(self.top, ("kit", "icons", name), file)
            if not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
                self.problems.add(self.top, ("kit", "icons", name), "icon names are lowercase letters, digits, _ and -")
            if path:
                icons[name] = path
        return icons

    def _rulebook(self) -> Path | None:
        name = self.kit.get("rulebook")
        return (self.root / name).resolve() if name else None

    def _waivers(self) -> Iterator[Waiver]:
        for doc in self.docs:
            for i, item in enumerate(doc.data.get("waivers") or []):
                if item is not None:
                    yield Waiver(item["quote"], item["reason"], doc.locate(("waivers", i)))

    def _reference(self) -> tuple[dict[str, Any], Location | None, dict[KeyPath, Location]]:
        """The reference sections of every file merged (lists such as blocks concatenated), with the
        position of each key so the reference stage can report its own problems with file:line."""
        merged: dict[str, Any] = {}
        marks: dict[KeyPath, Location] = {}
        location = None
        for doc in self.docs:
            block = doc.data.get("reference")
            if not block:
                continue
            location = location or doc.locate(("reference",))
            for key, value in block.items():
                offset = 0
                if key in merged and isinstance(value, list) and isinstance(merged[key], list):
                    offset = len(merged[key])
                    merged[key] = merged[key] + value
                elif key in merged:
                    self.problems.add(doc, ("reference", key), f"reference.{key} is already set in another file")
                    continue
                else:
                    merged[key] = value
                marks.update(_reference_marks(doc, key, offset))
        return merged, location, marks

    # -- components -------------------------------------------------------------------------------
    def _components(self, defaults: Defaults, player_colours) -> Iterator[ComponentSpec]:
        seen: dict[str, Location] = {}
        for doc in self.docs:
            for i, raw in enumerate(doc.data.get("components") or []):
                if raw is None:
                    continue
                path: KeyPath = ("components", i)
                where = doc.locate(path)
                if raw["id"] in seen:
                    self.problems.add(doc, path + ("id",), f"duplicate id {raw['id']!r} (first used at {seen[raw['id']]})")
                    continue
                seen[raw["id"]] = where
                component = self._component(doc, path, raw, defaults, player_colours)
                if component is not None:
                    yield component

    def _component(self, doc: Document, path: KeyPath, raw: dict, defaults: Defaults, player_colours) -> ComponentSpec | None:
        kind = raw.get("kind", "token")
        shape = raw.get("shape", DEFAULT_SHAPE.get(kind, "rect"))
        printed = raw.get("print", True)
        before = len(self.problems.items)
        width = height = 0.0
        if "size" in raw:
            size = self._size(doc, path + ("size",), raw["size"])
            if size:
                width, height = size
                if shape == "disc" and abs(width - height) > 1e-6:
                    self.problems.add(doc, path + ("size",), "a disc has one size, its diameter (e.g. 25mm)")
                if shape == "square" and abs(width - height) > 1e-6:
                    self.problems.add(doc, path + ("size",), "a square has equal sides; use shape: rect for 30mm x 15mm")
        elif printed and kind not in SIZED_BY_DRAWER:
            self.problems.add(doc, path, f"component {raw['id']!r} needs a size (e.g. size: 25mm or size: poker)")
        if raw.get("per_player") and not self.kit.get("_unsound"):
            if not self.kit.get("players"):
                self.problems.add(doc, path + ("per_player",), "per_player needs kit.players (min and max)")
            elif len(player_colours) < self.kit["players"]["max"]:
                self.problems.add(doc, path + ("per_player",),
                                  f"per_player needs kit.player_colours with at least {self.kit['players']['max']} colours "
                                  f"(one per seat), found {len(player_colours)}")
        per_colour = []
        for j, value in enumerate(raw.get("per_colour", [])):
            try:
                per_colour.append((str(value), normalise_colour(value, self.palette)))
            except ValueError as exc:
                self.problems.add(doc, path + ("per_colour", j), str(exc))
        colour = self._colour(doc, path + ("colour",), raw["colour"]) if "colour" in raw else None
        disc = shape == "disc"
        default_bleed = defaults.disc_bleed if disc else defaults.bleed
        bleed = self._length(doc, path + ("bleed",), raw["bleed"], MAX_LENGTHS["bleed"]) if "bleed" in raw else default_bleed
        radius = self._length(doc, path + ("corner_radius",), raw.get("corner_radius", "3mm")) if shape == "rounded" else 0.0
        if radius and width and 2 * radius > min(width, height) + 1e-6:
            self.problems.add(doc, path + ("corner_radius",), "the corner radius is more than half the piece's shorter side")
        template = raw.get("template", DEFAULT_TEMPLATE.get(kind, "token"))
        base_fields = self._fields(doc, path + ("fields",), raw.get("fields", {}))
        sides = raw.get("sides", {})
        front = self._side(doc, path + ("sides", "front"), sides.get("front", {}), template, base_fields, raw.get("art"),
                           check_template=printed and kind not in SIZED_BY_DRAWER or "template" in raw)
        back = None
        if "back" in sides:
            back = self._side(doc, path + ("sides", "back"), sides["back"], sides["back"].get("template", defaults.back_template),
                              base_fields, None, check_template=printed)
        cards = self._cards(doc, path + ("cards",), raw["cards"]) if "cards" in raw else ()
        if cards and "count" in raw:
            self.problems.add(doc, path + ("count",), "a deck counts its cards; drop count or the cards' count values")
        rules = tuple(self._rules(doc, path + ("rule",), raw.get("rule")))
        if rules and "unlisted" in raw:
            self.problems.add(doc, path + ("unlisted",), "a component with rule links is not unlisted; drop one of the two")
        options = {key: raw[key] for key in kind_options.OPTION_KEYS if key in raw}
        for key in options:
            if kind not in OPTION_KINDS[key]:
                self.problems.add(doc, path + (key,), f"a {key}: block is for kind {' or '.join(sorted(OPTION_KINDS[key]))}, "
                                                      f"not kind {kind}; it would be ignored")
        for key_path, message in kind_options.validate(kind, options, raw):
            self.problems.add(doc, path + key_path, message)
        if len(self.problems.items) > before:
            return None
        return ComponentSpec(
            id=raw["id"], name=raw.get("name", raw["id"].replace("_", " ").title()), kind=kind, shape=shape,
            width=width, height=height, count=raw.get("count", 1), location=doc.locate(path),
            per_player=raw.get("per_player", False), per_colour=tuple(per_colour), colour=colour, bleed=bleed or 0.0,
            corner_radius=radius or 0.0, front=front, back=back, cards=cards, printed=printed, buy=raw.get("buy"),
            rules=rules, unlisted=raw.get("unlisted"), content=raw.get("content", "complete"), notes=raw.get("notes", ""), options=options,
        )

    def _side(self, doc, path, raw: dict, template: str, base_fields: dict, art: str | None, check_template: bool) -> SideSpec:
        component = path[:-2]  # a template or art written on the component applies to its sides
        if check_template:
            where = path if "template" in raw else component
            self._template(doc, where + ("template",), raw.get("template", template))
        template = raw.get("template", template)
        fields = {**base_fields, **self._fields(doc, path + ("fields",), raw.get("fields", {}))}
        art_name = raw.get("art", art)
        where = path if "art" in raw else component
        art_path = self._art(doc, where + ("art",), art_name) if art_name else None
        return SideSpec(template=template, fields=fields, art=art_path)

    def _fields(self, doc: Document, path: KeyPath, raw: dict) -> dict[str, Any]:
        fields = {}
        for key, value in raw.items():
            if is_colour_key(key) and value is not None:
                value = self._colour(doc, path + (key,), value)
            elif _is_art_key(key) and isinstance(value, str):
                art = self._art(doc, path + (key,), value)
                value = str(art) if art else value
            elif isinstance(value, str):
                self._check_icons(doc, path + (key,), value)
            elif _braced_text(value):
                self.problems.add(doc, path + (key,), _BRACED_HINT.format(value=_braced_text(value)))
            fields[key] = value
        return fields

    def _cards(self, doc: Document, path: KeyPath, raw: Any) -> tuple[CardSpec, ...]:
        rows: list[tuple[dict, Location]] = []
        if isinstance(raw, str):
            rows = list(self._csv_rows(doc, path, raw))
        else:
            rows = [(dict(item), doc.locate(path + (i,))) for i, item in enumerate(raw)]
        cards = []
        for i, (row, where) in enumerate(rows):
            written = count = row.pop("count", 1)
            if isinstance(count, str):
                count = int(count) if count.strip().isdigit() else None
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                got = f"got {written!r}" if written is not None else "the cell is empty"
                self.problems.add_at(where, f"{_fmt(path)}[{i}].count", f"count must be a whole number ≥ 0, {got}")
                continue
            front, back = {}, {}
            for key, value in row.items():
                if value is None or value == "":
                    continue
                target, name = (back, key[5:]) if key.startswith("back_") else (front, key)
                key_name = f"{_fmt(path)}[{i}].{key}"
                if is_colour_key(name):
                    try:
                        value = normalise_colour(value, self.palette)
                    except ValueError as exc:
                        self.problems.add_at(where, key_name, str(exc))
                elif _is_art_key(name) and isinstance(value, str):
                    art, problem = self._find_kit_file(doc.file.parent, value, ART_SUFFIXES)
                    if problem:
                        self.problems.add_at(where, key_name, problem)
                    value = str(art) if art else value
                elif isinstance(value, str):
                    if _CONTROL.search(value):
                        self.problems.add_at(where, key_name, "the text holds a control character, which cannot be printed")
                    for icon in ICON_NAME.findall(value):
                        if icon not in self.icons:
                            self.problems.add_at(where, key_name, self._unknown_icon(icon))
                elif _braced_text(value):
                    self.problems.add_at(where, key_name, _BRACED_HINT.format(value=_braced_text(value)))
                target[name] = value
            cards.append(CardSpec(count, front, back, where))
        return tuple(cards)

    def _csv_rows(self, doc: Document, path: KeyPath, name: str) -> Iterator[tuple[dict, Location]]:
        file = self._kit_file(doc, path, name, {".csv"})
        if file is None:
            return
        shown_as = shown(file)  # once: resolving the path for every row was a fifth of a deck's load time
        try:
            text = read_text(file, shown_as)
        except ManifestError as exc:  # not UTF-8: located by line and column
            self.problems.items.extend(exc.problems)
            return
        reader = csv.DictReader(io.StringIO(text, newline=""))
        try:
            if reader.fieldnames is None or "count" not in [n.strip() for n in reader.fieldnames]:
                self.problems.add(doc, path, f"{name}: the CSV needs a header row with a count column")
                return
            headers = [n.strip() for n in reader.fieldnames]
            repeated = sorted({n for n in headers if n and headers.count(n) > 1})
            if repeated:
                self.problems.add_at(Location(shown_as, 1), "", f"the header names column {repeated[0]!r} twice")
                return
            for row in reader:
                where = Location(shown_as, reader.line_num)
                if None in row:
                    self.problems.add_at(where, "", "this row has more cells than the header")
                    continue
                if (row.get("") or "").strip():
                    self.problems.add_at(where, "", f"this row has a value ({row['']!r}) in a column the header does not name")
                    continue
                yield {k.strip(): (v.strip() if isinstance(v, str) else v) for k, v in row.items() if k.strip()}, where
        except csv.Error as exc:
            self.problems.add_at(Location(shown_as, reader.line_num or 1), "", f"cannot read CSV: {exc}")

    def _rules(self, doc: Document, path: KeyPath, raw: Any) -> Iterator[RuleLink]:
        if raw is None:
            return
        items = raw if isinstance(raw, list) else [raw]
        for i, item in enumerate(items):
            item_path = path + (i,) if isinstance(raw, list) else path
            if isinstance(item, str):
                item = {"quote": item}
            if not item["quote"].strip():
                self.problems.add(doc, item_path, "the rule quote is empty")
                continue
            yield RuleLink(quote=item["quote"], location=doc.locate(item_path), section=item.get("section"),
                           role=item.get("role", "count"), count=item.get("count"), players=item.get("players"))

    # -- values -----------------------------------------------------------------------------------
    def _length(self, doc: Document, path: KeyPath, text: str, at_most: float | None = None) -> float | None:
        try:
            length = units.parse_length(text)
        except ValueError as exc:
            self.problems.add(doc, path, str(exc))
            return None
        if at_most is not None and length > at_most + 1e-9:
            self.problems.add(doc, path, f"{text} is more than {units.to_mm(at_most):g}mm; check the value")
            return None
        return length

    def _size(self, doc: Document, path: KeyPath, text: str) -> tuple[float, float] | None:
        presets = _card_sizes()
        try:
            width, height = units.parse_size(presets.get(text, text))
        except ValueError:
            known = ", ".join(sorted(presets))
            self.problems.add(doc, path, f"{text!r} is not a size; write 25mm, 30mm x 15mm, or a preset ({known})")
            return None
        if width <= 0 or height <= 0:
            self.problems.add(doc, path, "sizes must be larger than zero")
            return None
        if min(width, height) < MIN_SIZE - 1e-9 or max(width, height) > MAX_SIZE + 1e-9:
            self.problems.add(doc, path, f"{text!r} is outside 1mm to 1000mm; check the size")
            return None
        return width, height

    def _colour(self, doc: Document, path: KeyPath, value: Any) -> str | None:
        try:
            return normalise_colour(value, self.palette)
        except ValueError as exc:
            self.problems.add(doc, path, str(exc))
            return None

    def _template(self, doc: Document, path: KeyPath, name: str) -> None:
        if name.startswith("@"):
            return  # a built-in drawer, checked by the kind's own validation
        try:
            found = find_template(name, self.root)
        except UnsafeResourceError as exc:
            self.problems.add(doc, path, str(exc))
            return
        if found is None:
            self.problems.add(doc, path, f"no template {name!r}: looked for templates/{name}.svg.j2 in the kit and in pnpgen")

    def _art(self, doc: Document, path: KeyPath, name: str) -> Path | None:
        return self._kit_file(doc, path, name, ART_SUFFIXES)

    def _kit_file(self, doc: Document, path: KeyPath, name: str, suffixes: set[str]) -> Path | None:
        real, problem = self._find_kit_file(doc.file.parent, name, suffixes)
        if problem:
            self.problems.add(doc, path, problem)
        return real

    def _find_kit_file(self, folder: Path, name: str, suffixes: set[str]) -> tuple[Path | None, str | None]:
        """(the file, None) or (None, what is wrong): files come from inside the kit, and art must be drawable."""
        if re.match(r"^[a-z][a-z0-9+.-]*://", name) or name.startswith("data:"):
            return None, f"{name!r}: only files inside the kit can be used, never URLs"
        target = folder / name
        try:
            real = inside(target, self.root)
        except UnsafeResourceError:
            return None, f"{name!r} is outside the kit folder; art must live inside the kit"
        if not real.is_file():
            return None, f"file {name!r} does not exist (looked in {shown(target.parent)})"
        if real.suffix.lower() not in suffixes:
            return None, f"{name!r}: expected a {' or '.join(sorted(suffixes))} file"
        if suffixes is ART_SUFFIXES:
            try:
                check_art(real, (self.root,))
            except UnsafeResourceError as exc:
                return None, str(exc)
        return real, None

    def _check_icons(self, doc: Document, path: KeyPath, text: str) -> None:
        for icon in ICON_NAME.findall(text):
            if icon not in self.icons:
                self.problems.add(doc, path, self._unknown_icon(icon))

    def _unknown_icon(self, icon: str) -> str:
        import difflib

        hint = difflib.get_close_matches(icon, list(self.icons), n=1)
        suggestion = f" (did you mean {{{hint[0]}}}?)" if hint else f" (kit icons: {', '.join(sorted(self.icons)) or 'none'})"
        return f"unknown icon {{{icon}}}{suggestion}"


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_BRACED_HINT = "YAML read {value} as a mapping; quote text that starts with {{: \"{value} …\""


def _is_art_key(key: str) -> bool:
    """Field names whose values are art files, checked like a side's `art`."""
    return key == "art" or key.endswith("_art")


def _braced_text(value: Any) -> str | None:
    """'{gold}' when YAML turned unquoted `{gold}` text into the mapping {'gold': None}."""
    if isinstance(value, dict) and value and all(v is None for v in value.values()):
        return "{" + ", ".join(map(str, value)) + "}"
    return None


def _reference_marks(doc: Document, key: str, offset: int) -> dict[KeyPath, Location]:
    """Positions of `reference.<key>` in `doc`, keyed by path inside the merged reference (list items shifted by `offset`)."""
    found = {}
    for path, (line, column) in doc.marks.items():
        if path[:2] != ("reference", key):
            continue
        rest = path[2:]
        if rest and isinstance(rest[0], int):
            rest = (rest[0] + offset,) + rest[1:]
        found[(key,) + rest] = Location(doc.shown, line, column)
    return found


def _fmt(path: KeyPath) -> str:
    from generator.manifest.yamlfile import format_path

    return format_path(path)


_CARD_SIZES: dict[str, str] | None = None


def _card_sizes() -> dict[str, str]:
    global _CARD_SIZES
    if _CARD_SIZES is None:
        import yaml

        from generator.paths import DATA_DIR

        _CARD_SIZES = yaml.safe_load((DATA_DIR / "card_sizes.yaml").read_text())
    return _CARD_SIZES
