"""The checker's map between the rulebook's text and its normalised copy (generator/check/rulebook.py's
_Positions): the same places as the list of every kept character's index it stands for."""

from __future__ import annotations

import bisect
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.check.rulebook import _index


def _every(text: str) -> tuple[str, list[int]]:
    lowered = text.translate(str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "×": "x"})).lower()
    places = [index for index, ch in enumerate(lowered) if not (ch.isspace() or ch == "*")]
    return "".join(lowered[i] for i in places), places


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab Z*\n\t\r\x0b\x1c\x85\u00a0\u2028\u3000–×’“"), max_size=60))
def test_positions_are_those_of_every_kept_character(text):
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    norm, positions = _index(text, line_starts)
    expected_norm, places = _every(text)
    assert norm == expected_norm and len(positions) == len(places)
    assert [positions[i] for i in range(len(places))] == places
    if places:
        assert positions[-1] == places[-1]
    for at in range(len(text) + 2):
        assert positions.before(at) == bisect.bisect_left(places, at)


def test_a_lowering_that_lengthens_the_text_keeps_every_place():
    text = "İki *Zar*\n 3 dice"
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    norm, positions = _index(text, line_starts)
    assert norm == "i̇kizar3dice" and positions[0] == positions[1] == 0 and positions.before(len(text)) == len(norm)
