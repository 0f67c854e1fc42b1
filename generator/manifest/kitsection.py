"""Manifest stage: `read_kit_section` reads everything kit-wide into a KitSection: palette, players, player colours,
defaults (with the `font` typeface), icons and rulebook from the top `kit:` block, plus the waivers and the merged
`reference:` blocks of every document, with each reference key's position so later stages can report file:line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

from generator import units
from generator.colours import normalise_colour
from generator.manifest.fonts import read_font, read_typography
from generator.manifest.kitfiles import KitFiles
from generator.manifest.problems import Document, ProblemList
from generator.manifest.spec import Defaults, Location, Waiver
from generator.manifest.values import MAX_LENGTHS, read_length
from generator.manifest.yamlfile import KeyPath
from generator.typeface import BUNDLED, missing_characters

MIN_MARGIN = units.mm(5)


@dataclass(frozen=True)
class KitSection:
    """Everything about a kit except its components, as KitSpec holds it."""

    players_min: int
    players_max: int
    palette: dict[str, str]
    player_colours: tuple[tuple[str, str], ...]
    defaults: Defaults
    icons: dict[str, Path]
    waivers: tuple[Waiver, ...]
    reference: dict[str, Any]
    reference_location: Location | None
    reference_marks: dict[KeyPath, Location]
    rulebook: Path | None


def read_kit_section(docs: list[Document], files: KitFiles, problems: ProblemList) -> KitSection:
    """The kit-wide sections of `docs` (the first is the top kit.yaml), adding their problems to `problems`."""
    top = docs[0]
    kit = top.data["kit"]
    palette = _palette(top, kit, problems)
    players = kit.get("players", {"min": 1, "max": 1})
    if players["min"] > players["max"]:
        problems.add(top, ("kit", "players"), f"min ({players['min']}) is more than max ({players['max']})")
    player_colours = _player_colours(top, kit, palette, problems)
    if "player_colours" not in kit and 2 <= players["max"] <= 8:  # the built-in palette (generator/palettes.py)
        from generator.palettes import player_palette

        player_colours = player_palette(players["max"])
    defaults = _defaults(top, kit, files, problems)
    for char in missing_characters(BUNDLED, str(kit.get("name", ""))):  # footers are set in pnpgen's own font
        problems.add(top, ("kit", "name"), f"{char!r} (U+{ord(char):04X}) is not in pnpgen's page font (page footers and "
                                           "the cover are set in DejaVu Sans Condensed): write the name in a script it covers")
    icons = _icons(top, kit, files, problems)
    waivers = tuple(_waivers(docs))
    reference, reference_location, reference_marks = _reference(docs, problems)
    rulebook = kit.get("rulebook")
    return KitSection(
        players_min=players["min"], players_max=players["max"], palette=palette, player_colours=player_colours,
        defaults=defaults, icons=icons, waivers=waivers, reference=reference, reference_location=reference_location,
        reference_marks=reference_marks,
        rulebook=(top.folder(("kit", "rulebook")) / rulebook).resolve() if rulebook else None,
    )


def _palette(top: Document, kit: dict, problems: ProblemList) -> dict[str, str]:
    palette: dict[str, str] = {}
    for name, value in kit.get("palette", {}).items():
        try:
            palette[name] = normalise_colour(value)
        except ValueError as exc:
            problems.add(top, ("kit", "palette", name), str(exc))
    return palette


def _player_colours(top: Document, kit: dict, palette: dict[str, str], problems: ProblemList) -> tuple[tuple[str, str], ...]:
    colours = []
    for i, value in enumerate(kit.get("player_colours", [])):
        try:
            colours.append((str(value), normalise_colour(value, palette)))
        except ValueError as exc:
            problems.add(top, ("kit", "player_colours", i), str(exc))
    return tuple(colours)


def _defaults(top: Document, kit: dict, files: KitFiles, problems: ProblemList) -> Defaults:
    raw = kit.get("defaults", {})
    values: dict[str, Any] = {}
    for key in ("bleed", "disc_bleed", "gutter", "margin"):  # built-in values live in spec.Defaults
        if key in raw:
            values[key] = read_length(problems, top, ("kit", "defaults", key), raw[key], MAX_LENGTHS[key])
    if values.get("margin") is not None and values["margin"] < MIN_MARGIN - 1e-9:
        problems.add(top, ("kit", "defaults", "margin"), "must be at least 5mm: most printers cannot print closer to the edge")
    for key in ("paper", "orientation", "back_template"):
        if key in raw:
            values[key] = raw[key]
    if "back_template" in raw:
        files.template(top, ("kit", "defaults", "back_template"), raw["back_template"])
    if "font" in raw:
        values["font"] = read_font(top, raw["font"], files, problems)
    if "typography" in raw and values.get("font", BUNDLED) is not None:
        typography = read_typography(top, raw["typography"] or {}, problems)
        values["font"] = replace(values.get("font", BUNDLED), typography=typography)
    seconds = raw.get("template_time")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 < seconds <= 600:  # else: the schema's error
        values["template_time"] = float(seconds)
    return Defaults(**{k: v for k, v in values.items() if v is not None})


def _icons(top: Document, kit: dict, files: KitFiles, problems: ProblemList) -> dict[str, Path]:
    icons = {}
    for name, file in kit.get("icons", {}).items():
        path = files.art(top, ("kit", "icons", name), file)
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
            problems.add(top, ("kit", "icons", name), "icon names are lowercase letters, digits, _ and -")
        if path:
            icons[name] = path
    return icons


def _waivers(docs: list[Document]) -> Iterator[Waiver]:
    for doc in docs:
        for i, item in enumerate(doc.data.get("waivers") or []):
            if item is not None:
                yield Waiver(item["quote"], item["reason"], doc.locate(("waivers", i)))


def _reference(docs: list[Document], problems: ProblemList) -> tuple[dict[str, Any], Location | None, dict[KeyPath, Location]]:
    """The reference sections of every file merged (lists such as blocks concatenated), with the
    position of each key so the reference stage can report its own problems with file:line."""
    merged: dict[str, Any] = {}
    marks: dict[KeyPath, Location] = {}
    location = None
    for doc in docs:
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
                problems.add(doc, ("reference", key), f"reference.{key} is already set in another file")
                continue
            else:
                merged[key] = value
            marks.update(_reference_marks(doc, key, offset))
    return merged, location, marks


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
