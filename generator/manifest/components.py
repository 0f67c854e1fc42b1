"""Manifest stage: `read_components` reads every document's `components:` into ComponentSpecs with their sides,
cards and rule links, filling in defaults (shape, template, bleed) and checking sizes, colours, per-player seats,
kind option blocks and named files; a component with any problem is reported and left out of the result.
"""

from __future__ import annotations

from typing import Any, Iterator

from generator.manifest import options as kind_options
from generator.manifest.cards import DeckSides, read_cards
from generator.manifest.fields import FieldReader
from generator.manifest.kitfiles import KitFiles
from generator.manifest.kitsection import KitSection
from generator.manifest.problems import Document, ProblemList
from generator.manifest.rulelinks import read_rule_links
from generator.manifest.spec import ComponentSpec, Location, RuleLink, SideSpec, Written
from generator.manifest.values import MAX_LENGTHS, count_problem, read_colour, read_length, read_size
from generator.units import to_mm
from generator.vocabulary import BACK, FRONT, PER_COLOUR_KEY, PER_PLAYER_KEY
from generator.manifest.yamlfile import KeyPath, format_path

OPTION_KINDS = kind_options.OPTION_BLOCKS  # block key -> the kinds that take it (the kind table's)


def read_components(docs: list[Document], section: KitSection, files: KitFiles, problems: ProblemList) -> Iterator[ComponentSpec]:
    """The components of every document in order, skipping duplicate ids and components with problems."""
    reader = _ComponentReader(docs[0].data["kit"], section, FieldReader(problems, files, section.palette, section.icons,
                                                                                       section.defaults.font))
    seen: dict[str, Location] = {}
    for doc in docs:
        for i, raw in enumerate(doc.data.get("components") or []):
            if raw is None:
                continue
            path: KeyPath = ("components", i)
            where = doc.locate(path)
            if raw["id"] in seen:
                problems.add(doc, path + ("id",), f"duplicate id {raw['id']!r} (first used at {seen[raw['id']]})")
                continue
            seen[raw["id"]] = where
            component = reader.component(doc, path, raw)
            if component is not None:
                yield component


def _unequal_sides(shape: str, text: str, width: float, height: float) -> str:
    """Why `size: 40mm x 60mm` does not suit a disc or a square, in the user's own numbers."""
    w, h = (f"{to_mm(v):g}mm" for v in (width, height))
    shown = text if text.replace(" ", "") == f"{w}x{h}" else f"{text} ({w} x {h})"
    what = "a disc has one size, its diameter" if shape == "disc" else "a square has equal sides"
    return f"{what}, not size {shown}; write size: {w} or size: {h} for a {shape}, or shape: rect for {text}"


class _ComponentReader:
    """Reads one component at a time against the kit's `kit:` block and its already-read sections."""

    def __init__(self, kit: dict, section: KitSection, fields: FieldReader):
        self.kit, self.section, self.fields = kit, section, fields
        self.problems, self.files, self.palette = fields.problems, fields.files, section.palette

    def component(self, doc: Document, path: KeyPath, raw: dict) -> ComponentSpec | None:
        defaults, player_colours = self.section.defaults, self.section.player_colours
        kind = raw.get("kind", "token")
        shape = raw.get("shape", kind_options.default_shape(kind))
        printed = raw.get("print", True)
        before = len(self.problems.items)
        width = height = 0.0
        if "size" in raw:
            size = read_size(self.problems, doc, path + ("size",), raw["size"])
            if size:
                width, height = size
                if shape in ("disc", "square") and abs(width - height) > 1e-6:
                    self.problems.add(doc, path + ("size",), _unequal_sides(shape, raw["size"], width, height))
        elif printed and not kind_options.drawn(kind):
            self.problems.add(doc, path, f"component {raw['id']!r} needs a size (e.g. size: 25mm or size: poker)")
        if raw.get(PER_PLAYER_KEY) and not self.kit.get("_unsound"):
            if not self.kit.get("players"):
                self.problems.add(doc, path + (PER_PLAYER_KEY,), f"{PER_PLAYER_KEY} needs kit.players (min and max)")
            elif len(player_colours) < self.kit["players"]["max"]:
                self.problems.add(doc, path + (PER_PLAYER_KEY,),
                                  f"{PER_PLAYER_KEY} needs kit.player_colours with at least {self.kit['players']['max']} colours "
                                  f"(one per seat), found {len(player_colours)}")
        per_colour = []
        for j, value in enumerate(raw.get(PER_COLOUR_KEY, [])):
            colour = read_colour(self.problems, doc, path + (PER_COLOUR_KEY, j), value, self.palette)
            if colour is not None:
                per_colour.append((str(value), colour))
        colour = read_colour(self.problems, doc, path + ("colour",), raw["colour"], self.palette) if "colour" in raw else None
        disc = shape == "disc"
        default_bleed = defaults.disc_bleed if disc else defaults.bleed
        bleed = default_bleed
        if "bleed" in raw:
            bleed = read_length(self.problems, doc, path + ("bleed",), raw["bleed"], MAX_LENGTHS["bleed"])
        radius = 0.0
        if shape == "rounded":
            radius = read_length(self.problems, doc, path + ("corner_radius",), raw.get("corner_radius", "3mm"))
        if radius and width and 2 * radius > min(width, height) + 1e-6:
            self.problems.add(doc, path + ("corner_radius",), "the corner radius is more than half the piece's shorter side")
        template = raw.get("template", kind_options.default_template(kind))
        base_fields = self.fields.fields(doc, path + ("fields",), raw.get("fields", {}))
        sides = raw.get("sides", {})
        front = self._side(doc, path + ("sides", FRONT), sides.get(FRONT, {}), template, base_fields, raw.get("art"),
                           check_template=printed and not kind_options.drawn(kind) or "template" in raw)
        back = None
        if BACK in sides:
            # the component's template draws both sides, unless the back names its own
            back = self._side(doc, path + ("sides", BACK), sides[BACK],
                              sides[BACK].get("template", raw.get("template", defaults.back_template)),
                              base_fields, None, check_template=printed)
        cards = ()
        if "cards" in raw:
            deck = DeckSides(kind, front.template, back.template if back is not None else None,
                             templated=not kind_options.drawn(kind), named=self._reference_columns(raw["id"]))
            cards = read_cards(doc, path + ("cards",), raw["cards"], self.fields, deck)
        if cards and "count" in raw:
            self.problems.add(doc, path + ("count",), "a deck counts its cards; drop count or the cards' count values")
        elif "count" in raw and count_problem(raw["count"], zero_allowed=False):
            self.problems.add(doc, path + ("count",), count_problem(raw["count"], zero_allowed=False))
        rules = tuple(self._rules(doc, path + ("rule",), raw.get("rule")))
        if rules and "unlisted" in raw:
            self.problems.add(doc, path + ("unlisted",), "a component with rule links is not unlisted; drop one of the two")
        options = {key: raw[key] for key in kind_options.OPTION_KEYS if key in raw}
        for key in options:
            if kind not in OPTION_KINDS[key]:
                self.problems.add(doc, path + (key,), f"a {key}: block is for kind {' or '.join(sorted(OPTION_KINDS[key]))}, "
                                                      f"not kind {kind}; it would be ignored")
        # boards, mats and tracks: a side may hold its own board:/mat:/track: block, laid over the component's
        # (the kind's parse reads both sides into its options)
        side_options = {name: {key: side[key] for key in kind_options.OPTION_KEYS if key in side}
                        for name, side in sides.items() if isinstance(side, dict)}
        for name, blocks in side_options.items():
            for key in blocks:
                if kind not in OPTION_KINDS[key]:
                    self.problems.add(doc, path + ("sides", name, key), f"a {key}: block is for kind "
                                      f"{' or '.join(sorted(OPTION_KINDS[key]))}, not kind {kind}; it would be ignored")
        options, option_problems = kind_options.read_options(kind, options, raw, self.palette)
        for key_path, message in option_problems:
            self.problems.add(doc, path + key_path, message)
        if len(self.problems.items) > before:
            return None
        return ComponentSpec(
            id=raw["id"], name=raw.get("name", raw["id"].replace("_", " ").title()), kind=kind, shape=shape,
            width=width, height=height, count=raw.get("count", 1), location=doc.locate(path),
            per_player=raw.get(PER_PLAYER_KEY, False), per_colour=tuple(per_colour), colour=colour, bleed=bleed or 0.0,
            corner_radius=radius or 0.0, front=front, back=back, cards=cards, printed=printed, buy=raw.get("buy"),
            rules=rules, unlisted=raw.get("unlisted"), content=raw.get("content", "complete"), notes=raw.get("notes", ""),
            options=options,
            written=self._written(doc, path, raw, ("size",)),
        )

    @staticmethod
    def _written(doc: Document, path: KeyPath, raw: dict, keys: tuple[str, ...]) -> dict[str, Written]:
        """Values the model stage checks (a board's size against its content), as written and where."""
        return {key: Written(str(raw[key]), doc.locate(path + (key,)), format_path(doc.key_path(path + (key,))))
                for key in keys if key in raw}

    def _side(self, doc: Document, path: KeyPath, raw: dict, template: str, base_fields: dict, art: str | None,
              check_template: bool) -> SideSpec:
        component = path[:-2]  # a template or art written on the component applies to its sides
        if check_template:
            where = path if "template" in raw else component
            self.files.template(doc, where + ("template",), raw.get("template", template))
        template = raw.get("template", template)
        fields = {**base_fields, **self.fields.fields(doc, path + ("fields",), raw.get("fields", {}))}
        art_name = raw.get("art", art)
        where = path if "art" in raw else component
        art_path = self.files.art(doc, where + ("art",), art_name) if art_name else None
        return SideSpec(template=template, fields=fields, art=art_path)

    def _reference_columns(self, component_id: str) -> frozenset[str]:
        """The deck columns reference tables show (`from: cards`, `columns: [cost, back.label]` names cost and
        back_label): fields no template may read, but used all the same."""
        named = set()
        for block in self.section.reference.get("blocks") or []:
            table = block.get("table") if isinstance(block, dict) else None
            if isinstance(table, dict) and table.get("from") == "cards" and table.get("component") == component_id:
                for column in table.get("columns") or []:
                    if isinstance(column, str):
                        named.add(f"back_{column[5:]}" if column.startswith("back.") else column)
        return frozenset(named)

    def _rules(self, doc: Document, path: KeyPath, raw: Any) -> Iterator[RuleLink]:
        yield from read_rule_links(raw, lambda rel: doc.locate(path + rel),
                                   lambda rel, message: self.problems.add(doc, path + rel, message))
