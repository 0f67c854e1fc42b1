"""The validated manifest: frozen dataclasses handed from the manifest stage to the model stage.

Lengths are points, colours are '#rrggbb', paths are absolute and known to lie inside the kit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from generator.errors import Problem
from generator.typeface import BUNDLED, Typeface
from generator.units import mm
from generator.vocabulary import PER_COLOUR, PER_PLAYER, Category, KindName, Per, Role, Shape


@dataclass(frozen=True, slots=True)  # slots: one a deck row (a 10 000-card deck holds 10 000)
class Location:
    """Where a value was written: shown as file:line:column in messages."""

    path: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        return ":".join(str(p) for p in (self.path, self.line, self.column) if p is not None)


@dataclass(frozen=True)
class Written:
    """A value as the user wrote it and where, for problems found after loading (e.g. a board's `size`)."""

    text: str
    location: Location
    key: str  # the key path as messages show it: components[3].size


@dataclass(frozen=True)
class SideSpec:
    """One printed side: a template, the values it shows, optional art. (A board's, mat's or track's side drawn
    from its own `board:`/`mat:`/`track:` block is in the kind's options: ComponentSpec.options.)"""

    template: str
    fields: Mapping[str, Any]
    art: Path | None = None


@dataclass(frozen=True)
class RuleLink:
    """A link from a component (or one row of a deck) to the rulebook statement that states its count.

    `role`: total (the statement counts all of it), part (a part of it) or setup (setup takes pieces from
    it). `count` is the designer's number (vouched when the reader reads none); `derivation` (`from:` in
    the manifest) says how a vouched count not written in the quote follows from it. `per`, `per_count`,
    `players` and `variant` say what the count is per and when it holds.
    """

    quote: str
    location: Location
    section: str | None = None
    role: Role = "total"
    count: int | None = None
    players: int | None = None
    per: Per | Category | None = None  # player | colour | side | a category word (kind, suit …)
    per_count: int | None = None  # how many colours / sides / kinds, when the rulebook does not say
    variant: str | None = None  # the condition (variant, map size …) the count holds for
    derivation: str | None = None  # `from:`
    qualifier: str | None = None  # at_least | at_most | about | exact: what the quote's words say of the count


@dataclass(frozen=True, slots=True)  # slots: a 10 000-card deck holds 10 000 of these
class CardSpec:
    """One distinct card of a deck: its own fields and how many copies are printed; `template` and
    `back_template` replace the deck's side templates for this card (None: the deck's)."""

    count: int
    front: Mapping[str, Any]
    back: Mapping[str, Any]
    location: Location
    template: str | None = None
    back_template: str | None = None
    rules: tuple[RuleLink, ...] = ()  # the row's `rule` cell: links counting this card's copies


@dataclass(frozen=True)
class ComponentSpec:
    """One kind of component as the designer described it."""

    id: str
    name: str
    kind: KindName
    shape: Shape
    width: float
    height: float
    count: int
    location: Location
    per_player: bool = False
    per_colour: tuple[tuple[str, str], ...] = ()
    colour: str | None = None
    bleed: float = 0.0
    corner_radius: float = 0.0
    front: SideSpec | None = None
    back: SideSpec | None = None
    cards: tuple[CardSpec, ...] = ()
    printed: bool = True
    buy: str | None = None
    rules: tuple[RuleLink, ...] = ()
    unlisted: str | None = None  # why no rule link is expected
    content: str = "complete"
    notes: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    written: Mapping[str, Written] = field(default_factory=dict)  # values checked after loading: key -> as written

    @property
    def sides(self) -> int:
        return 2 if self.back is not None else 1

    @property
    def per(self) -> Per | None:
        """What the component's sets are per: one set per seat ('player'), per `per_colour` colour ('colour'),
        or None for one set."""
        return PER_PLAYER if self.per_player else PER_COLOUR if self.per_colour else None

    @property
    def copies_per_set(self) -> int:
        """Pieces in one set: the deck's card total, or `count`."""
        return sum(card.count for card in self.cards) if self.cards else self.count


@dataclass(frozen=True)
class Waiver:
    """A rulebook count statement the kit deliberately does not print, and why."""

    quote: str
    reason: str
    location: Location


@dataclass(frozen=True)
class Defaults:
    """Kit-wide defaults (`kit.defaults`); the values here are the documented built-in ones."""

    paper: str = "a4"
    orientation: str = "portrait"
    bleed: float = mm(3)
    disc_bleed: float = mm(1)
    gutter: float = mm(1)
    margin: float = mm(5)
    back_template: str = "back"
    font: Typeface = BUNDLED
    template_time: float = 5.0  # seconds one face's template (and its drawing) may run: render/limits.py


@dataclass(frozen=True)
class KitSpec:
    """A whole kit: settings plus every component, in manifest order."""

    id: str
    name: str
    root: Path
    manifest: Path
    players_min: int
    players_max: int
    palette: Mapping[str, str]
    player_colours: tuple[tuple[str, str], ...]
    defaults: Defaults
    components: tuple[ComponentSpec, ...]
    icons: Mapping[str, Path] = field(default_factory=dict)
    waivers: tuple[Waiver, ...] = ()
    rulebook: Path | None = None
    reference: Mapping[str, Any] = field(default_factory=dict)
    reference_location: Location | None = None
    reference_marks: Mapping[tuple, Location] = field(default_factory=dict)  # key path in `reference` -> where written
    notes: str = ""
    parents: tuple[Path, ...] = ()  # folders of the kits this one extends, nearest first
    players_stated: bool = True  # False: kit.players is not written (players_min = players_max = 1)
    warnings: tuple[Problem, ...] = ()  # what the kit holds that pnpgen ignores (art scripts …): errors under --strict

    @property
    def roots(self) -> tuple[Path, ...]:
        """The kit's folder, then those of the kits it extends: where its files and templates may come from."""
        return (self.root, *self.parents)

    def component(self, component_id: str) -> ComponentSpec:
        """The component with this id; KeyError when the kit has none."""
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(f"{self.id} has no component {component_id!r}")
