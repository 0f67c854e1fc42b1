"""A rulebook line of thousands of characters (a web page flattened onto one line, or a hostile file) is read in
time that grows with its length, not its square: run-on sentences are read in pieces, a line's text index is found
by bisection, and a run of numbers is not tried from each of them. These tests check the guards themselves (the
time they save is measured by hand: a 20 000-character line of '20 (1 Gold), ' took 35 s before, 3 s after)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from generator.rules.scan import read_rulebook_document
from generator.rules.scan.forms import _NUMBER_LIST
from generator.rules.scan.layout import layout_lines
from generator.rules.scan.paragraphs import LONGEST_SENTENCE, sentences


def test_a_run_on_sentence_is_read_in_pieces_cut_at_its_commas():
    text = "20 (1 Gold), " * 2000 + "and 5 coins."
    pieces = sentences(text)
    assert len(pieces) > 1
    for offset, piece in pieces:
        assert len(piece) <= LONGEST_SENTENCE
        assert text[offset:offset + len(piece)] == piece
        assert piece.endswith(",") or piece is pieces[-1][1]  # cut after a comma, never inside an item
    assert "".join(piece for _, piece in pieces) == text  # every character once, in order


def test_a_sentence_of_ordinary_length_is_one_piece():
    text = "Each player takes 5 coins, 3 cards and a screen. Then the first player draws 2 cards."
    assert [piece.strip() for _, piece in sentences(text)] == ["Each player takes 5 coins, 3 cards and a screen.",
                                                              "Then the first player draws 2 cards."]


@given(st.text(alphabet="ab •\t\u00a0-–.", max_size=60), st.integers(min_value=0, max_value=80))
def test_index_of_is_the_first_text_index_at_or_after_a_column(raw, column):
    line = layout_lines(raw)[0] if raw.strip() else None
    if line is None or not line.cols:
        return
    expected = next((index for index, col in enumerate(line.cols) if col >= column), 0)
    assert line.index_of(column) == expected


def test_a_run_of_numbers_without_and_is_not_a_number_list():
    assert _NUMBER_LIST.search("1, " * 5000 + "1 tiles") is None
    assert _NUMBER_LIST.search("containing 12, 8, 10 and 12 tiles").group("list") == "12, 8, 10 and 12"
    twenty = ", ".join(str(n) for n in range(1, 20)) + " and 20 tiles"
    assert _NUMBER_LIST.search(twenty) is None  # too long to be counts sharing a noun: never read from its middle


def test_a_long_flattened_list_is_still_read():
    line = "  ".join(f"{n} tokens" for n in range(1, 400))
    reading = read_rulebook_document("Components\n" + line + "\n")
    assert len([s for s in reading.statements if s.component == "tokens"]) > 300
    assert all(re.search(rf"\b{s.count} tokens", s.quote) for s in reading.statements if s.component == "tokens")


def test_a_long_run_of_spaces_and_tabs_between_words_is_one_gap():
    """No pattern of the reader meets a long run of white space: tried from each of its characters, a pattern that opens
    with white space (the reader has dozens) takes time in the square of its length, or worse."""
    raw = "12 cards" + "\t \t" * 2000 + "4 dice" + "\t\t" + "2 tokens"
    line = layout_lines(raw)[0]
    assert line.text == "12 cards\t4 dice\t\t2 tokens"  # a table's few empty cells are kept
    assert raw[line.cols[line.text.index("4 dice")]:].startswith("4 dice")
    assert layout_lines("A felt mat" + "\u3000" * 500 + "and a pad")[0].text == "A felt mat\tand a pad"  # any space


def test_a_leader_or_a_table_bar_is_matched_only_from_the_start_of_the_white_space_before_it():
    from generator.rules.scan.layout import _LEADER_RE

    text = " " * 50 + "....... 22"
    assert _LEADER_RE.search(text).start() == 0
    assert _LEADER_RE.match(text, 10) is None  # not tried again from inside the run
    assert layout_lines("| 12 |  | cards |")[0].text == "12\t\tcards"


def test_a_breakdown_between_slashes_is_matched_without_trying_every_split_of_its_spaces():
    """'48 Bee tokens – 24 workers / 16 drones': the spaces around a slash belong to the separator, never to the
    part's name (a line of 2 000 such parts took more than 300 s when either could hold them; 0.4 s now)."""
    from generator.rules.scan.annotations import _DASHED

    line = "48 Bee tokens – " + " / ".join(["24 workers"] * 40)
    match = _DASHED.match(line, len("48 Bee tokens"))
    assert match is not None and match.group("items").count("/") == 39
    # a line that fails at its very end makes the pattern try every way it could have matched before giving up:
    # with the spaces claimable by both sides this does not end (2^40 ways), with them the separator's, at once
    assert _DASHED.match(line + ". and more", len("48 Bee tokens")) is None
    spaced = "48 Bee tokens – " + "  and  ".join(["24 workers"] * 40) + ". and more"  # a name never holds an 'and'
    assert _DASHED.match(spaced, len("48 Bee tokens")) is None


def test_a_contents_entry_meets_a_long_run_of_spaces_once():
    """The title of a contents entry ('Overview        2') is words a space or two apart, so a run of spaces is tried
    from one place, not from each of its characters (50 000 spaces took half a minute with a title that could end
    anywhere)."""
    from generator.rules.scan.debris import _GAPPED_ENTRY

    line = "Overview   12   a" + " " * 50_000 + "b"
    assert _GAPPED_ENTRY.match(line) is None
    assert _GAPPED_ENTRY.match("Overview          2        The Market          6").group("title") == "Overview"


def test_a_line_run_together_is_unglued_from_a_window_before_each_gap():
    """Finding the word before a gap looks back a few dozen characters, not to the line's start (a 50 KB line of
    'aBa' timed out), and a line far longer than a page's is not ungued at all."""
    from generator.rules.scan.layout import _GLUED_LINE_LIMIT

    lines = layout_lines("Components\n" + "aBa" * 1200 + "\n1 Game Board4 Player Boards60 Coins\n")
    assert lines[2].text == "1 Game Board • 4 Player Boards • 60 Coins"
    assert len(layout_lines("x" + "Cards" * (_GLUED_LINE_LIMIT // 5))[0].text.split("•")) == 1


def test_a_markdown_tables_rule_meets_a_long_run_of_spaces_once():
    """The spaces before a rule line's first bar belong to its indent only, never to both sides of an optional bar
    (50 000 spaces before '|x' took 36 s when they could)."""
    from generator.rules.scan.layout import _MARKDOWN_TABLE_RULE

    assert _MARKDOWN_TABLE_RULE.match(" " * 50_000 + "|x") is None
    assert _MARKDOWN_TABLE_RULE.match("|-----------|-----------:|------:|") is not None
    assert _MARKDOWN_TABLE_RULE.match("  ---|:---:") is not None


def test_a_run_of_brackets_is_no_link_scanned_from_each_bracket():
    """A wiki or Markdown link holds no '[' inside, so a run of brackets is met once (50 000 '[' took 37 s when every
    one of them was a possible link's start scanned to the line's end)."""
    assert layout_lines("[" * 50_000)[0].text == "[" * 50_000
    assert layout_lines("See [[Dice|the dice]] and [the rules](rules.md).")[0].text == "See the dice and the rules."


def test_the_names_after_each_of_are_parted_by_a_whole_word_and():
    """'and' inside a word parts no names: with it, '(12 each of aandaand…' doubled the time of each repeat."""
    from generator.rules.scan.annotations import _EACH_OF_NAMES

    assert _EACH_OF_NAMES.match(" (2 each of Redand Blueand Green)") is None
    assert _EACH_OF_NAMES.match(" (2 each of Red, Blue, and Green per player)").group("names") == "Red, Blue, and Green"


def test_a_purpose_is_cut_only_from_a_line_of_an_items_length():
    from generator.rules.scan.items import _uncounted

    assert _uncounted("A pen and paper to keep score", True, True).component == "pen and paper"
    long = "A pen" + " to keep" * 12500 + " (x"
    assert _uncounted(long, True, True) is None or len(_uncounted(long, True, True).component) > 300
