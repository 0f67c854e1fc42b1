"""Tests for generator.rules.scan: which statements count components, and which never do.
The five seed rulebooks (../shared/seeds) are checked statement by statement when present; a synthetic
rulebook and Hypothesis properties cover every recogniser everywhere, including CI clones without seeds."""

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.rules.numbers import parse_count
from generator.rules.scan import (
    CountStatement,
    format_statements_text,
    listed_items,
    scan_rulebook,
    statements_to_json,
)

SEEDS = (Path(__file__).parents[1] / ".." / "shared" / "seeds").resolve()
FIELDS = ["line", "quote", "count", "multiplier", "colours", "qualifier", "component", "is_total", "players"]


# ------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------

def seed_text(prefix: str) -> str:
    matches = sorted(SEEDS.glob(f"{prefix}_*.txt")) if SEEDS.is_dir() else []
    if not matches:
        pytest.skip(f"seed rulebook {prefix} not available in {SEEDS}")
    return matches[0].read_text(encoding="utf-8")


def line_of(text: str, fragment: str) -> int:
    """1-based number of the first line containing fragment (keeps fixture expectations edit-proof)."""
    for number, line in enumerate(text.split("\n"), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"fragment not in text: {fragment!r}")


def assert_quotes_verbatim(text: str, stmts) -> None:
    lines = text.split("\n")
    for stmt in stmts:
        assert 1 <= stmt.line <= len(lines), stmt
        assert stmt.quote and stmt.quote in lines[stmt.line - 1], stmt


def matches(stmt: CountStatement, expected: tuple) -> bool:
    line, count, component, multiplier, qualifier, players, is_total = expected
    return (stmt.line == line and stmt.count == count and component.lower() in stmt.component.lower()
            and stmt.multiplier == multiplier and stmt.qualifier == qualifier
            and stmt.players == players and stmt.is_total == is_total)


def assert_exactly(stmts, expected: list[tuple]) -> None:
    """Every expected statement is found, and nothing else is emitted."""
    unused = list(stmts)
    missing = []
    for wanted in expected:
        hit = next((stmt for stmt in unused if matches(stmt, wanted)), None)
        if hit is None:
            missing.append(wanted)
        else:
            unused.remove(hit)
    assert not missing, f"not found: {missing}"
    assert not unused, "unexpected statements: " + "; ".join(
        f"{s.line}:{s.count} {s.component!r} ({s.quote!r})" for s in unused)


def assert_not_emitted(stmts, spurious: list[tuple[int, int, str]]) -> None:
    emitted = {(stmt.line, stmt.count) for stmt in stmts}
    fooled = [(line, count, why) for line, count, why in spurious if (line, count) in emitted]
    assert not fooled, f"spurious statements emitted: {fooled}"


# Expected statement: (line, count, component substring, multiplier, qualifier, players, is_total)
PP, PC = "per_player", "per_colour"
EX, AL, AM = "exact", "at_least", "at_most"


# ------------------------------------------------------------------------------------------------
# Synthetic rulebook (written for these tests; runs everywhere)
# ------------------------------------------------------------------------------------------------

FIXTURE = """SKYWARD HARBOUR

Ages 10+   2-4 players   Play time 45-60 minutes

Components

- 60 Cargo cards (63x88 mm)
- twelve Ship tiles
- A dozen wooden dice
- 5xN Crew meeples
- 8 Flag markers of each of the 4 player colours
- At least 30 Storm tokens
- Up to 6 Harbour boards
Score pad: 1
- 16-page rulebook

The Event Deck (40 cards) mixes calm and squall cards.

Setup

Place the 30mmx30mm board in a 3x4 grid. Use 63x88 mm sleeves.
Place 10 crates and 4 barrels next to the board.
For a 2-player game, remove 6 Ship tiles.
If there are 3 players, set aside 2 Harbour boards.
Give each player five coins.
Each player takes 3 Crew meeples and a screen.
Use the 4 Season cards:
Spring, Summer, Autumn, Winter

Each player receives:
- 2 Worker pawns
- 1 Boat

Tiles used\t# of Players
\t2\t3\t4
Ship tiles\t8\t10\t12
Storm tokens\t10\t15\t20

# Squall cards (15)

Scouts

Each player begins with 1 and gains up to 3

There are 2 decks: the Event Deck and the Market Deck.
There are 3 types of cards.

Turn
Each round has 4 phases. After 8 turns the game ends.
In Phase 4, roll 2d6 and move 1d6 spaces. See page 8.
10 a) Buy goods: a crate costs 2 coins, 5 money buys a barrel.
Each player scores 5 points for each flag.
Each player draws 2 cards each turn.
Copyright 2021. Ratio 1:3. A 25% chance.
Print and cut 20 (or more) Wind tokens.
"""


def fixture_expected() -> list[tuple]:
    at = lambda fragment: line_of(FIXTURE, fragment)  # noqa: E731 - a short local alias reads best here
    return [
        # component list: digits, number words, "a dozen", xN, per colour, qualifiers, trailing count
        (at("60 Cargo"), 60, "Cargo cards", None, EX, None, False),
        (at("twelve Ship"), 12, "Ship tiles", None, EX, None, False),
        (at("A dozen"), 12, "wooden dice", None, EX, None, False),
        (at("5xN"), 5, "Crew meeples", PP, EX, None, False),
        (at("8 Flag"), 8, "Flag markers", PC, EX, None, False),
        (at("At least 30"), 30, "Storm tokens", None, AL, None, False),
        (at("Up to 6"), 6, "Harbour boards", None, AM, None, False),
        (at("Score pad"), 1, "Score pad", None, EX, None, False),
        # totals
        (at("Event Deck (40"), 40, "Event Deck", None, EX, None, True),
        (at("There are 2 decks"), 2, "decks", None, EX, None, True),
        (at("# Squall"), 15, "Squall cards", None, EX, None, False),
        # setup prose: imperatives, player-count conditions, each player, shared head noun
        (at("Place 10 crates"), 10, "crates", None, EX, None, False),
        (at("Place 10 crates"), 4, "barrels", None, EX, None, False),
        (at("2-player game"), 6, "Ship tiles", None, EX, 2, False),
        (at("If there are 3"), 2, "Harbour boards", None, EX, 3, False),
        (at("Give each player"), 5, "coins", PP, EX, None, False),
        (at("takes 3 Crew"), 3, "Crew meeples", PP, EX, None, False),
        (at("takes 3 Crew"), 1, "screen", PP, EX, None, False),
        (at("Use the 4 Season"), 4, "Season cards", None, EX, None, False),
        # setup list after "Each player receives:"
        (at("2 Worker"), 2, "Worker pawns", PP, EX, None, False),
        (at("1 Boat"), 1, "Boat", PP, EX, None, False),
        # per-player-count table: one statement per cell
        (at("Ship tiles\t8"), 8, "Ship tiles", None, EX, 2, False),
        (at("Ship tiles\t8"), 10, "Ship tiles", None, EX, 3, False),
        (at("Ship tiles\t8"), 12, "Ship tiles", None, EX, 4, False),
        (at("Storm tokens\t10"), 10, "Storm tokens", None, EX, 2, False),
        (at("Storm tokens\t10"), 15, "Storm tokens", None, EX, 3, False),
        (at("Storm tokens\t10"), 20, "Storm tokens", None, EX, 4, False),
        # no noun: the heading names the component; "up to" is a maximum
        (at("begins with 1"), 1, "Scouts", PP, EX, None, False),
        (at("begins with 1"), 3, "Scouts", PP, AM, None, False),
        # making components, "(or more)"
        (at("Print and cut"), 20, "Wind tokens", None, AL, None, False),
    ]


def test_fixture_finds_every_statement_and_nothing_else():
    stmts = scan_rulebook(FIXTURE)
    assert_exactly(stmts, fixture_expected())
    assert_quotes_verbatim(FIXTURE, stmts)


def test_fixture_per_colour_counts_its_colours():
    flags = [s for s in scan_rulebook(FIXTURE) if s.component == "Flag markers"]
    assert [(s.count, s.multiplier, s.colours) for s in flags] == [(8, "per_colour", 4)]


def test_fixture_is_not_fooled():
    stmts = scan_rulebook(FIXTURE)
    at = lambda fragment: line_of(FIXTURE, fragment)  # noqa: E731
    assert_not_emitted(stmts, [
        (at("Ages 10+"), 10, "age"), (at("Ages 10+"), 2, "player range"), (at("Ages 10+"), 45, "play time"),
        (at("63x88 mm)"), 63, "card size"), (at("16-page"), 16, "page count of the rulebook"),
        (at("30mmx30mm board"), 30, "size"), (at("30mmx30mm board"), 3, "grid"),
        (at("30mmx30mm board"), 63, "sleeve size"), (at("3 types"), 3, "types are not components"),
        (at("4 phases"), 4, "phases"), (at("4 phases"), 8, "turns"), (at("roll 2d6"), 4, "phase number"),
        (at("roll 2d6"), 2, "dice roll"), (at("roll 2d6"), 1, "die roll"), (at("roll 2d6"), 8, "page"),
        (at("10 a)"), 10, "rule numbering"), (at("10 a)"), 2, "price"), (at("10 a)"), 5, "money"),
        (at("5 points"), 5, "victory points"), (at("each turn"), 2, "per-turn draw, not a component count"),
        (at("Copyright"), 2021, "year"), (at("Copyright"), 1, "ratio"), (at("Copyright"), 25, "percentage"),
    ])


def test_listed_items_returns_the_names_after_a_colon():
    stmts = scan_rulebook(FIXTURE)
    seasons = next(s for s in stmts if s.component == "Season cards")
    assert listed_items(FIXTURE, seasons) == ("Spring", "Summer", "Autumn", "Winter")
    boats = next(s for s in stmts if s.component == "Boat")
    assert listed_items(FIXTURE, boats) == ()  # sibling bullets are not a list of this item's names


def test_lists_and_tables_across_formats():
    text = "\n".join([
        "What's in the box",
        "* 24 Gem cubes (6 of each colour)",
        "* three Score boards",
        "Wooden cubes x30",
        "",
        "| Component | 2 players | 3 players |",
        "|---|---|---|",
        "| Gem cubes | 12 | 18 |",
    ])
    stmts = scan_rulebook(text)
    assert_exactly(stmts, [
        (2, 24, "Gem cubes", None, EX, None, False),
        (3, 3, "Score boards", None, EX, None, False),
        (4, 30, "Wooden cubes", None, EX, None, False),
        (8, 12, "Gem cubes", None, EX, 2, False),
        (8, 18, "Gem cubes", None, EX, 3, False),
    ])
    assert_quotes_verbatim(text, stmts)


def test_each_player_sentences_need_a_component_verb():
    text = "\n".join([
        "Each player has at most 4 cards in hand.",
        "Each player gets a number of actions equal to their workers.",
        "Each player starts their turn with one action.",
        "Each player starts with 7 coins, then takes two dice.",
    ])
    assert_exactly(scan_rulebook(text), [
        (4, 7, "coins", PP, EX, None, False),
        (4, 2, "dice", PP, EX, None, False),
    ])


def test_rule_prose_outside_setup_is_not_a_count():
    text = "Actions\n\nTake two game markers from the forest and place 3 gold tokens on the mine.\n"
    assert scan_rulebook(text) == ()
    assert [s.count for s in scan_rulebook(text.replace("Actions", "Setup"))] == [2, 3]


# ------------------------------------------------------------------------------------------------
# Public API shape
# ------------------------------------------------------------------------------------------------

def test_count_statement_is_frozen_with_the_contract_fields():
    assert [field.name for field in dataclasses.fields(CountStatement)] == FIELDS
    stmt = scan_rulebook(FIXTURE)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        stmt.count = 99  # type: ignore[misc]


def test_statements_to_json_keys_and_values():
    stmts = scan_rulebook(FIXTURE)
    rows = statements_to_json(stmts)
    assert len(rows) == len(stmts)
    assert all(list(row) == FIELDS for row in rows)
    assert json.loads(json.dumps(rows)) == rows
    flags = next(row for row in rows if row["component"] == "Flag markers")
    assert (flags["count"], flags["multiplier"], flags["colours"]) == (8, "per_colour", 4)


def test_format_statements_text_is_an_aligned_table():
    stmts = scan_rulebook(FIXTURE)
    rendered = format_statements_text(stmts).splitlines()
    assert rendered[0].split() == ["line", "count", "multiplier", "qualifier", "players", "component"]
    assert len(rendered) == len(stmts) + 1
    component_column = rendered[0].index("component")
    assert all(row[component_column - 2:component_column] == "  " for row in rendered[1:])
    assert any("per_colour(4)" in row and "Flag markers" in row for row in rendered)
    assert any("Event Deck (total)" in row for row in rendered)
    assert format_statements_text([]).split() == ["line", "count", "multiplier", "qualifier", "players",
                                                  "component"]


def test_a_2500_line_rulebook_scans_to_fifty_copies_of_its_statements():
    """Scale without timing (speed is measured by `make bench`): the scan is linear in its input."""
    body = FIXTURE * 50
    assert body.count("\n") >= 2500
    assert len(scan_rulebook(body)) == 50 * len(scan_rulebook(FIXTURE))


# ------------------------------------------------------------------------------------------------
# Number words
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("token, value", [
    ("one", 1), ("Twelve", 12), ("twenty", 20), ("twenty-five", 25), ("thirty one", 31),
    ("ninety-nine", 99), ("a hundred", 100), ("one hundred and ten", 110), ("a dozen", 12),
    ("two dozen", 24), ("nonsense", None), ("twenty-ten", None), ("", None),
])
def test_parse_count_words(token, value):
    assert parse_count(token) == value


@given(st.integers(min_value=0, max_value=10_000))
def test_parse_count_digits(number):
    assert parse_count(str(number)) == number


# ------------------------------------------------------------------------------------------------
# Properties
# ------------------------------------------------------------------------------------------------

SIZE_FORMATS = ["{a}mmx{b}mm", "{a}x{b}", "{a} x {b}", "{a}×{b} mm", "{a}mm", "{a} mm", "{a}cm",
                '{a}"', "{a}+", "{a}-{b}", "{a}d{b}", "{a}:{b}", "{a}%"]
SIZE_TEMPLATES = [
    "Setup\n\nPlace the {s} board in the middle of the table.",
    "Setup\n\nUse {s} sleeves for the cards.",
    "Setup\n\nTake {s} of the map.",
    "Each player takes a {s} board.",
    "Each player takes {s} boards.",
    "Components\n\n- {s} board\n- {s} tiles",
    "Game components:\n{s} Road markers",
    "There are {s} cards.",
    "Cut and colour {s} markers.",
]


@settings(max_examples=300, deadline=None)
@given(template=st.sampled_from(SIZE_TEMPLATES), size=st.sampled_from(SIZE_FORMATS),
       a=st.integers(min_value=1, max_value=999), b=st.integers(min_value=1, max_value=999))
def test_sizes_ranges_dice_and_ratios_never_count(template, size, a, b):
    text = template.format(s=size.format(a=a, b=b))
    assert scan_rulebook(text) == ()


@settings(max_examples=200, deadline=None)
@given(size=st.sampled_from(SIZE_FORMATS), n=st.integers(min_value=1, max_value=99),
       a=st.integers(min_value=1, max_value=999), b=st.integers(min_value=1, max_value=999))
def test_a_size_next_to_a_real_count_leaves_only_the_count(size, n, a, b):
    text = f"Each player takes {n} cards and a {size.format(a=a, b=b)} board."
    stmts = scan_rulebook(text)
    assert [(s.count, s.component, s.multiplier) for s in stmts] == [(n, "cards", "per_player")]


FRAGMENTS = [
    "Setup", "Components", "Markers", "Turn order", "", "- 12 Road markers 15mmx15mm",
    "Place {n} wooden cubes and {m} discs next to the board.", "Each player gets {n} gold",
    "For three person game, only fill {n} fish in the sea.", "Each Player gets:", "- {n} Envoy pawns",
    "{n}xN Peasant markers Own colour", "If there are {m} players, select {n} cards.",
    "Roll {n}d6 after {m} turns on page {n}.", "The Play Deck ({n} cards) and the Land Deck ({m} tiles)",
    "# **BOUNTY CARDS** ({n})", "Players\t2\t3\t4", "Cubes\t{n}\t{m}\t{n}", "There are {n} types of cards.",
    "Cut and colour {n} (or more) cards, which", "of each colour.", "\tplus {m} tabs\t",
    "Each player begins with {n} and gains a maximum of {m}", "line with \r carriage return {n} x",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(FRAGMENTS), st.integers(0, 120), st.integers(0, 120)),
                max_size=25))
def test_quotes_are_verbatim_substrings_of_their_line(parts):
    text = "\n".join(fragment.format(n=n, m=m) for fragment, n, m in parts)
    stmts = scan_rulebook(text)
    assert_quotes_verbatim(text, stmts)
    for stmt in stmts:
        assert (stmt.count >= 1 or stmt.players is not None) and stmt.component  # 0 only in a table cell
        assert stmt.qualifier in {"exact", "at_least", "at_most"}
        assert stmt.multiplier in {None, "per_player", "per_colour"}
        assert stmt.colours is None or stmt.multiplier == "per_colour"
    assert [s.line for s in stmts] == sorted(s.line for s in stmts)


# ------------------------------------------------------------------------------------------------
# The five seed rulebooks
# ------------------------------------------------------------------------------------------------

RESOURCE_HOG = [  # 000
    (6, 50, "Peasant/Noble markers", PP, EX, None, False),
    (7, 50, "Slave / Mercenary markers", None, EX, None, False),
    (8, 12, "Manor markers", None, EX, None, False),
    (9, 10, "Motte&Bailey/Castle markers", None, EX, None, False),
    (10, 6, "Harbour markers", None, EX, None, False),
    (11, 12, "Mine markers", None, EX, None, False),
    (12, 12, "Road markers", None, EX, None, False),
    (13, 45, "Field markers", None, EX, None, False),
    (14, 100, "Gold tokens", None, EX, None, False),
    (15, 50, "Silver tokens", None, EX, None, False),
    (16, 120, "Salt tokens", None, EX, None, False),
    (17, 100, "Preserved food tokens", None, EX, None, False),
    (18, 50, "Grain tokens", None, EX, None, False),
    (19, 80, "Game tokens", None, EX, None, False),
    (20, 100, "Fish tokens", None, EX, None, False),
    (21, 60, "Arms and Armour tokens", None, EX, None, False),
    (22, 3, "Action tokens/cards", PP, EX, None, False),
    (102, 6, "slave", None, EX, None, False),
    (102, 6, "mercenary", None, EX, None, False),
    (102, 30, "fish", None, EX, 3, False),
    (104, 1, "Manor", PP, EX, None, False),
    (105, 1, "Noble", PP, EX, None, False),
    (106, 4, "Peasants", PP, EX, None, False),
    (107, 4, "Preserved foods", PP, EX, None, False),
    (108, 2, "Salt", PP, EX, None, False),
    (109, 1, "Weapon", PP, EX, None, False),
    (110, 1, "Harbour", PP, EX, None, False),
    (111, 1, "Mine", PP, EX, None, False),
    (112, 5, "Money", PP, EX, None, False),
]
RESOURCE_HOG_SPURIOUS = [
    (6, 25, "25mm discs"), (8, 30, "30mmx30mm"), (12, 15, "15mmx15mm"), (14, 5, "value is 5 money"),
    (15, 1, "value is 1 money"), (52, 2, "rule action: take two game markers"),
    (54, 2, "rule action: take 2 gold tokens"), (54, 3, "rule action: 3 gold tokens"),
    (56, 10, "ransom 10 money"), (56, 1, "1-3 rolled"), (62, 1, "requires 1 arms token"),
    (68, 5, "at least five tokens (population rule)"), (70, 1, "roll 1d6"), (70, 2, "two slots"),
    (75, 2, "trading board spaces"), (77, 6, "trading board price"), (81, 10, "trading board MID"),
    (94, 2, "building workers"), (94, 5, "building cost money"), (97, 30, "castle cost"),
    (102, 1, "allocates one area"),
]

END_OF_RESOURCES = [  # 001
    (35, 1, "hexagonal map", None, EX, None, False),
    (38, 8, "specie cards", None, EX, None, False),
    (40, 12, '"SPECIE" pieces', PC, EX, None, False),
    (44, 70, '"WASTED AREA" pieces', None, AL, None, False),
    (60, 4, "species cards", None, EX, 3, False),
    (62, 1, "specie card", PP, EX, None, False),
    (73, 2, '"SPECIE" pieces', PC, EX, None, False),
    (158, 8, "colour cards", None, AL, None, False),
    (159, 1, "card", PC, EX, None, False),
]
END_OF_RESOURCES_SPURIOUS = [
    (11, 10, "default point limit (10)"), (12, 10, "10-30 minutes"), (14, 2, "2-6 players"),
    (14, 6, "more than 6 players"), (57, 2, "more than 2 players"), (59, 3, "if there are 3 players"),
    (69, 10, "10 point limit"), (75, 1, "gives one piece during play"), (84, 2, "all 2 pieces played"),
    (92, 10, "rule 10."), (111, 10, "rules of 10."), (135, 10, "limit of points"),
    (148, 7, "7 hexagonals in each side: a size"), (148, 2, "appendix 2."),
]

SHIRES = [  # 002
    (37, 50, "card Stands", None, EX, None, False),
    (38, 13, "Battle/Diplomacy Dice", None, EX, None, False),
    (39, 15, "Envoy Pawns", None, EX, None, False),
    (40, 32, "Shire Hexes", None, EX, None, False),
    (41, 30, "Resource Tokens/Cubes", None, EX, None, False),
    (42, 33, "Rectangular Shire Chits", None, EX, None, False),
    (43, 206, "Building, Field, Control and Favor Chits", None, EX, None, False),
    (44, 6, "Player mats", None, EX, None, False),
    (45, 48, "Proclamation Mini Cards", None, EX, None, False),
    (46, 14, "Rule Book", None, EX, None, False),
    (47, 80, "Unit Shards", None, EX, None, False),
    (190, 3, "Envoy pawns", PP, EX, None, False),
    (192, 5, "Resource Tokens", PP, EX, None, False),
    *[(line, count, label, None, EX, players, False)
      for line, label, cells in [
          (210, "Hamlet/Village Hexes", (15, 19, 21)), (211, "Blank Hexes", (4, 5, 6)),
          (212, "Castles", (3, 4, 5)), (213, "Cities", (5, 6, 7)), (214, "Trade Hexes", (3, 4, 5)),
          (215, "Timber Camp", (5, 7, 7)), (216, "Quarry", (5, 6, 7)), (217, "Iron Mine", (5, 6, 7)),
          (218, "Castles", (3, 4, 5)), (219, "Cities", (5, 6, 7)),
      ]
      for count, players in zip(cells, (3, 4, 5))],
    (225, 1, "player board", PP, EX, None, False),
    (225, 5, "resource tokens", PP, EX, None, False),
    (305, 1, "Envoy Pawns", PP, EX, None, False),
    (305, 3, "Envoy Pawns", PP, AM, None, False),
    (391, 1, "Envoy", PP, EX, None, False),
]
SHIRES_SPURIOUS = [
    (19, 8, "after 8 turns"), (19, 3, "3-5 players"), (19, 4, "4x game"), (26, 2, "2-3 hr"),
    (28, 13, "13+"), (49, 2015, "copyright year"), (82, 6, "six types of Shires"),
    (130, 4, "standing army slots table"), (176, 1, "building production"), (196, 8, "8 Turns Remaining"),
    (197, 4, "Phase 4"), (227, 8, "the 8 spot"), (239, 1, "1 building per hamlet"),
    (251, 2, "first 2 hexes placed"), (257, 8, "8 rounds / 8 phases"), (281, 1, "small fields cost 1"),
    (281, 2, "large fields cost 2"), (375, 2, "gain 2 favor"), (397, 8, "page 8"), (405, 1, "ratio 1:3"),
    (411, 2, "2 types of cards"), (413, 4, "4 Favor each: price"), (415, 2, "2 Favor each: price"),
    (417, 4, "hand limit"), (445, 3, "harvest example"), (445, 13, "harvest example"),
    (453, 2, "drew 2 rat tokens in an example"), (459, 4, "hand limit"), (460, 2, "cards in play limit"),
    (477, 4, "upgrade cost"), (513, 8, "'- 8 Envoys' extraction debris"), (521, 3, "3 Gold per resource"),
    (545, 6, "ransom 6 Gold"), (557, 4, "four humble peasants (flavour)"), (599, 3, "3 classes"),
    (607, 4, "4 types"), (754, 4, "up to 4 rounds"), (803, 3, "battle example"), (809, 1, "d6 roll"),
    (865, 1, "muster 1 militia"), (877, 2, "if 2 are drawn"), (885, 4, "votes table"),
]

MEDIEVAL_MANOR = [  # 003
    (41, 2, "common decks", None, EX, None, True),
    (43, 17, "Land Deck", None, EX, None, True),
    (43, 101, "Play Deck", None, EX, None, True),
    (51, 12, "Basic lands", None, EX, None, False),
    (88, 2, "Peasants", PP, EX, None, False),
    (88, 4, "Crops", PP, EX, None, False),
    (89, 3, "cards", PP, EX, None, False),
    (161, 10, "HARDSHIP CARDS", None, EX, None, False),
    (167, 59, "BOUNTY CARDS", None, EX, None, False),
    (204, 32, "UPGRADE CARDS", None, EX, None, False),
]
MEDIEVAL_MANOR_SPURIOUS = [
    (27, 2, "2-4+ players"), (33, 25, "25 VP"), (51, 3, "3x4 grid"), (57, 4, "4+ players / 4x4 grid"),
    (69, 3, "3 types of cards"), (79, 6, "6 types of counter"), (94, 7, "7 phases"),
    (103, 3, "pay 3 goods to draw 3"), (104, 2, "discard 2 cards"), (124, 2, "discard 2 cards"),
    (140, 1, "example gain"), (152, 5, "discard 5 food counters"), (156, 3, "max hand size"),
    (163, 3, "paying 3 goods"), (179, 4, "example: wheat gives 4 crops"), (206, 3, "3+X money"),
]

UNTITLED = [  # 004
    (12, 10, "gold", PP, EX, None, False),
    (13, 1, "warrior", PP, EX, None, False),
    (13, 1, "peasant", PP, EX, None, False),
    (14, 1, "starting building", PP, EX, None, False),
    (45, 2, "orders", PP, EX, None, False),
]
UNTITLED_SPURIOUS = [
    (2, 5, "unit limit per tile"), (6, 3, "hand limit"), (15, 2, "monster invasion (2)"),
    (19, 6, "roll (6)"), (21, 1, "draw 1 more"), (25, 3, "land value"), (29, 1, "destroy 1 gold"),
    (31, 1, "happiness loss"), (37, 1, "monster invasion (1)"), (53, 5, "5 types of actions"),
    (57, 1, "1 building per tile"), (61, 2, "2 types of units"), (63, 1, "costs 1$"),
    (68, 1, "costs 1 movement action"), (77, 5, "5 points"), (78, 1, "artifact set scores"),
]

SEED_CASES = {
    "000": (RESOURCE_HOG, RESOURCE_HOG_SPURIOUS),
    "001": (END_OF_RESOURCES, END_OF_RESOURCES_SPURIOUS),
    "002": (SHIRES, SHIRES_SPURIOUS),
    "003": (MEDIEVAL_MANOR, MEDIEVAL_MANOR_SPURIOUS),
    "004": (UNTITLED, UNTITLED_SPURIOUS),
}


@pytest.mark.parametrize("prefix", sorted(SEED_CASES))
def test_seed_statements_are_all_found_and_nothing_else(prefix):
    text = seed_text(prefix)
    expected, _ = SEED_CASES[prefix]
    stmts = scan_rulebook(text)
    assert_exactly(stmts, expected)
    assert_quotes_verbatim(text, stmts)


@pytest.mark.parametrize("prefix", sorted(SEED_CASES))
def test_seed_spurious_candidates_are_not_emitted(prefix):
    text = seed_text(prefix)
    _, spurious = SEED_CASES[prefix]
    assert_not_emitted(scan_rulebook(text), spurious)


def test_seed_colours_of_per_colour_statements():
    stmts = scan_rulebook(seed_text("001"))
    colours = {(s.line, s.count): s.colours for s in stmts if s.multiplier == "per_colour"}
    assert colours == {(40, 12): 8, (73, 2): None, (159, 1): None}


def test_seed_table_quotes_are_the_row_and_duplicate_rows_both_count():
    stmts = scan_rulebook(seed_text("002"))
    castles = [s for s in stmts if s.component == "Castles"]
    assert sorted({s.line for s in castles}) == [212, 218]
    assert all(s.quote.startswith("Castles") and s.quote.endswith("5") for s in castles)


def test_listed_items_on_medieval_manor():
    text = seed_text("003")
    stmts = {(s.line, s.count): s for s in scan_rulebook(text)}
    basic = stmts[(51, 12)]
    names = listed_items(text, basic)
    assert len(names) == basic.count
    assert names[0] == "River" and names[-1] == "Castle" and "Fertile Fields" in names
    decks = stmts[(41, 2)]
    assert listed_items(text, decks) == ("Land Deck", "Play Deck")
    assert listed_items(text, stmts[(43, 17)]) == ()
    assert listed_items(text, stmts[(88, 2)]) == ()


def test_a_count_without_noun_takes_only_a_close_caption():
    close = "Scouts\n\nEach player begins with 2"
    far = "Scouts\n\n" + "Some rules.\n" * 6 + "Each player begins with 2"
    section = "Setup\n\nEach player begins with 2"
    assert [(s.count, s.component) for s in scan_rulebook(close)] == [(2, "Scouts")]
    assert scan_rulebook(far) == ()
    assert scan_rulebook(section) == ()
