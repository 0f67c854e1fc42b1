"""The invented fragments of ../shared/rulebook-phrasings.md (copied here: they are invented, not third-party
text), each with its exact expected reading. A floor for the reader, not its target (see tests/corpus)."""

from __future__ import annotations

import pytest

from generator.rules.scan import read_rulebook_document


def reading(text: str):
    return read_rulebook_document(text)


def counts(text: str) -> list[tuple[int | None, str]]:
    return [(s.count, s.component.lower()) for s in reading(text).statements if not s.restates]


def find(text: str, count, noun: str):
    hits = [s for s in reading(text).statements if s.count == count and noun.lower() in s.component.lower()]
    assert hits, f"no statement of {count} {noun!r}: {[(s.count, s.component) for s in reading(text).statements]}"
    return hits[0]


def assert_not_read(text: str, *numbers: int) -> None:
    read = {s.count for s in reading(text).statements}
    assert not read & set(numbers), f"read as counts: {read & set(numbers)}"


F1 = """Lantern Harbour is a game of night fishing for 2–5 captains.

88  harbour cards
    5   lighthouse cards
    1   scoring pad
"""


def test_01_list_with_no_heading_ragged_spacing():
    assert counts(F1) == [(88, "harbour cards"), (5, "lighthouse cards"), (1, "scoring pad")]
    assert_not_read(F1, 2)


F2 = """88  harbour cards
How many of each catch:
30 Herring
 25 Mackerel

  19 Squid
 14 Eel
"""


def test_02_breakdown_after_a_total_is_parts():
    total = find(F2, 88, "harbour cards")
    parts = [s for s in reading(F2).statements if s.parent == total.id]
    assert [(p.count, p.component) for p in parts] == [(30, "Herring"), (25, "Mackerel"), (19, "Squid"), (14, "Eel")]
    assert all(p.role == "part" for p in parts) and not reading(F2).findings


F3 = """COMP ONEN TS
22 ............ Rune stones
 8 ............ Oracle cards
 1 ............ Altar board
"""


def test_03_letter_spaced_heading_and_dotted_leaders():
    assert counts(F3) == [(22, "rune stones"), (8, "oracle cards"), (1, "altar board")]


F4 = """Box contents
Oracle cards ……… 8
Altar board _____ 1
Wind dials: 3
Sand timer x1
"""


def test_04_count_after_the_noun():
    assert counts(F4) == [(8, "oracle cards"), (1, "altar board"), (3, "wind dials"), (1, "sand timer")]


F5 = """▪ 48 voyage cards:
   ◦ 20 calm seas
   ◦ 28 storms
▪ 2 wind dials
➤ 1 tide track
"""


def test_05_unknown_bullets_with_nesting():
    stmts = reading(F5).statements
    total = find(F5, 48, "voyage cards")
    assert [(s.count, s.parent) for s in stmts if s.role == "part"] == [(20, total.id), (28, total.id)]
    assert sum(s.count for s in stmts if s.role == "total") == 51


F6 = """Components
This booklet
30 orchard tiles
12 ladder tokens
"""


def test_06_a_bare_title_case_item_does_not_close_the_section():
    assert counts(F6) == [(1, "booklet"), (30, "orchard tiles"), (12, "ladder tokens")]


F7 = """26 ........ Omen cards
(9 Harbour, 10 Market, 7 Temple)
"""


def test_07_parenthesised_breakdown_on_the_next_line():
    total = find(F7, 26, "omen cards")
    parts = [(s.count, s.component) for s in reading(F7).statements if s.parent == total.id]
    assert parts == [(9, "Harbour Omen cards"), (10, "Market Omen cards"), (7, "Temple Omen cards")]
    assert not reading(F7).findings


def test_08_per_colour_inside_parentheses():
    text = "• 45 glass beads (9 in each of 5 colours)"
    total = find(text, 45, "glass beads")
    part = find(text, 9, "glass beads")
    assert part.per == "colour" and part.per_count == 5 and part.parent == total.id
    assert not reading(text).findings and total.total == 45


def test_09_per_player_colour():
    text = "For 2–3 players.\n\n3 player boards\n\n• 18 banners (6 per player colour)"
    find(text, 18, "banners")
    assert find(text, 6, "banners").per == "colour"


def test_10_per_category_product_stated_elsewhere():
    text = "The Almanac has five houses. For every house there is a Herald and a Keep."
    doc = reading(text)
    assert doc.categories.get("house") == 5
    assert sorted((s.count, s.component) for s in doc.statements) == [(5, "Herald"), (5, "Keep")]


def test_11_a_range_gives_the_category_count():
    text = "Between them are Scholar cards numbered 3 through 7, two of each number."
    assert counts(text) == [(10, "scholar cards")]


def test_12_containment_and_the_remaining():
    text = ("A complete Lumen set consists of 120 crystals. Two-thirds of these (80) are clear; "
            "the remaining 40 are tinted.")
    total = find(text, 120, "crystals")
    assert [(s.count, s.parent) for s in reading(text).statements if s.role == "part"] == [(80, total.id), (40, total.id)]
    assert not reading(text).findings


def test_13_copula_number_words_optional():
    text = ("The Eclipse cards are seven extra cards that can be shuffled in for a longer game. "
            "The Comets are three cards, each with two colours.")
    assert find(text, 7, "eclipse").optional
    assert not find(text, 3, "comets").optional
    assert_not_read(text, 2)


def test_14_hyphenated_count_modifier():
    text = "The heart of the game is the 40-card voyage deck; a 12-page almanac explains the variants."
    find(text, 40, "card")
    assert_not_read(text, 12)


F15 = """Contents
These instructions
A felt playmat
The Ferryman (a wooden figure)
"""


def test_15_implicit_ones():
    assert counts(F15) == [(1, "instructions"), (1, "felt playmat"), (1, "ferryman (wooden figure)")]


def test_16_die_types_next_to_the_count():
    text = "You also need three 8-sided dice and two d12."
    assert counts(text) == [(3, "8-sided dice"), (2, "d12")]
    assert_not_read(text, 8, 12)


def test_17_dimensions_inside_the_phrase():
    text = "It also includes a vinyl 7×7 mat and 30 discs (18 mm). The board can be any size from 4x4 to 9x9."
    find(text, 30, "discs")
    assert_not_read(text, 7, 49, 18, 16, 81, 4, 9)


def test_18_ordinal_inside_the_name():
    text = "    6   2nd-harvest cards\n    3   fifth-season tokens\n"
    assert counts(text) == [(6, "2nd-harvest cards"), (3, "fifth-season tokens")]


def test_19_html_and_verbless_requirement_lines():
    text = ("<p><b>WHAT YOU NEED</b><br />\n- 3-6 players and 2 ten-sided dice.<br />\n"
            "- 5 kinds of seed token; you need 3 * number-of-players of each kind (9 for\n3 players, 12 for 4 players).<br />\n")
    find(text, 2, "ten-sided dice")
    assert_not_read(text, 3, 6)


def test_20_table_flattened_to_one_line():
    text = "Each side uses: Map size: Small Medium Large Towers: 6 9 12 Walls: 10 14 ? Gates: 0 1 2"
    got = [(s.component, s.count, s.condition) for s in reading(text).statements]
    assert ("Towers", 6, "Map size: Small") in got and ("Towers", 12, "Map size: Large") in got
    assert ("Walls", None, "Map size: Large") in got and ("Gates", 0, "Map size: Small") in got
    assert all(s.per == "side" for s in reading(text).statements)


F21 = """• 36 crystals (9 of each of 4 kinds)
The supply depends on the number of players:
2 players: 5 of each kind
3 players: 7 of each kind
4 players: 9 of each kind (the whole supply)
"""


def test_21_setup_by_player_count_per_kind():
    total = find(F21, 36, "crystals")
    assert total.role == "total"
    setup = [(s.count, s.condition, s.per) for s in reading(F21).statements if s.role == "setup"]
    assert setup == [(5, "2 players", "kind"), (7, "3 players", "kind"), (9, "4 players", "kind")]


def test_22_at_least_and_roles_that_are_not_components():
    text = ("Give each Navigator a brass and a silver compass. Each player chooses a faction to play. "
            "Keep at least 40 spare sand markers nearby.")
    markers = find(text, 40, "sand markers")
    assert markers.qualifier == "at_least"
    assert not any("faction" in s.component for s in reading(text).statements)


F23 = """- XX gold pieces (amount to be decided)
- glory tokens of assorted values
- ? relic cards
"""


def test_23_placeholders_are_unspecified_not_zero():
    assert counts(F23) == [(None, "gold pieces"), (None, "glory tokens"), (None, "relic cards")]


def test_24_inconsistencies_are_reported():
    kinds = lambda text: sorted(f.kind for f in reading(text).findings)
    assert kinds("• 70 spirit cubes (12 of each colour)") == ["not-a-multiple"]
    assert kinds("A Dusk set has 96 shards. Half of these (44) are pale; the remaining 48 are dark.") == [
        "fraction", "parts-total"]
    assert kinds("Five banner colours: red, teal, amber, teal and grey.") == ["enumeration-length"]


F25 = """2–4 players • 30–45 minutes • Ages 10+ • v2.3
Equipment: one Harbour Crate, one storm die.
A Harbour Crate holds 24 ships: a large, a medium and a small ship in each of eight colours.
Also needed (not included):
  • Five standard dice
  • Ten small counters (beads work well, about 10 mm)
The three Tempest cards are an optional expansion.
Play 6 rounds. Selling 3 fish earns 2 coins; 5 or more earns 4 coins.
Each player starts with two planting rows in front of them.
"""


def test_25_supplied_optional_and_non_counts():
    assert find(F25, 1, "harbour crate").supplied_by is None
    find(F25, 1, "storm die")
    find(F25, 24, "ships")
    assert find(F25, 5, "standard dice").supplied_by == "player"
    assert find(F25, 10, "small counters").supplied_by == "player"
    tempest = find(F25, 3, "tempest")
    assert tempest.optional and tempest.supplied_by is None
    assert_not_read(F25, 2, 4, 30, 45, 6)
    assert not reading(F25).findings
    assert reading(F25).players == (2, 4)


@pytest.mark.parametrize("text", [F1, F2, F3, F4, F5, F6, F7, F15, F21, F23, F25])
def test_quotes_are_verbatim(text):
    lines = text.split("\n")
    for stmt in reading(text).statements:
        assert stmt.quote and stmt.quote in lines[stmt.line - 1], stmt
