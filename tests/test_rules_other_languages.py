"""Rulebooks not written in English: a list of pieces is found by its shape in any script.

The reader's grammar of prose is English; what it reads in any language is the list: a line that is a count and
a noun. Invented fragments (nouns and numbers made up) in the scripts and languages met in the corpus.
"""

from __future__ import annotations

import pytest

from generator.rules.scan import read_rulebook_document, source_of_text


def readings(text: str) -> list[tuple[int, str, str]]:
    doc = read_rulebook_document(source_of_text(text, "rules").text)
    return [(s.count, s.component, s.role) for s in doc.statements]


@pytest.mark.parametrize("text, wanted", [
    ("СОСТАВ ИГРЫ\n• 1 поле острова\n• 3 кубика\n• 48 карточек гаваней\n• 12 фишек маяков\n",
     [(1, "поле острова", "total"), (3, "кубика", "total"), (48, "карточек гаваней", "total"),
      (12, "фишек маяков", "total")]),
    ("Spielmaterial\n• 1 Übersichtskarte\n• 24 Ölfässer\n• 6 Würfel\n",
     [(1, "Übersichtskarte", "total"), (24, "Ölfässer", "total"), (6, "Würfel", "total")]),
    ("Matériel\n- 1 plateau\n- 36 écus\n- 4 paravents\n",
     [(1, "plateau", "total"), (36, "écus", "total"), (4, "paravents", "total")]),
    ("구성물\n• 60 카드\n• 4 말\n",
     [(60, "카드", "total"), (4, "말", "total")]),
], ids=["cyrillic", "german umlaut first", "french accent first", "hangul"])
def test_a_list_of_pieces_in_another_script_is_read(text, wanted):
    assert readings(text) == wanted


def test_a_breakdown_joined_by_another_languages_and_is_its_parts():
    got = readings("СОСТАВ ИГРЫ\n• 1 поле острова\n• 90 карт (50 карт Моря и 40 карт Суши)\n• 3 кубика\n")
    assert [(count, role) for count, _, role in got] == [(1, "total"), (90, "total"), (50, "part"), (40, "part"),
                                                         (3, "total")]


@pytest.mark.parametrize("text", [
    "СОСТАВ ИГРЫ\n• 3 игрока: 5 карт\n• 2 очка за каждую гавань\n",
    "Spielmaterial\n• 2 Spieler\n• 3 Punkte\n",
    "Matériel\n- 2 joueurs\n- 4 points\n",
])
def test_players_and_points_in_another_language_are_not_pieces(text):
    assert readings(text) == []


def test_a_size_with_a_fraction_sign_is_no_count():
    assert readings("Contents\n16 pieces, each 2¼\" tall\n") == [(16, "pieces", "total")]
