"""Words shaped by HarfBuzz kept between processes (generator/render/shapestore.py): a word read back is the shape
HarfBuzz makes of it, one-to-one clusters included; another font, direction or shaping keeps its own words; a damaged
file is never trusted."""

from __future__ import annotations

import pytest

from generator.render import shapestore
from generator.render.shaping import PLAIN, Shape, _shape
from generator.typeface import BUNDLED, Shaping


@pytest.fixture
def folder(tmp_path, monkeypatch):
    kept = tmp_path / "words"
    monkeypatch.setattr(shapestore, "word_folder", lambda: kept)
    monkeypatch.setattr(shapestore, "_SETS", {})
    return kept


WORDS = ("Gain", " 2", " gold.", " Café", " ﬁnal", " office")


def _kept(font=BUNDLED.regular, rtl=False, shaping=PLAIN) -> dict:
    return shapestore.kept_words(font, rtl, shaping, Shape.from_fields)


def test_words_read_back_are_the_shapes_harfbuzz_makes(folder):
    words = _kept()
    assert words == {}
    for word in WORDS:
        words[word] = _shape(BUNDLED.regular, word, False, PLAIN)
    shapestore.keep_words()
    assert len(list(folder.glob("*.words"))) == 1
    again = _kept()
    assert again == {word: _shape(BUNDLED.regular, word, False, PLAIN) for word in WORDS}
    assert again["Gain"].one_to_one and not again[" Café"].one_to_one  # ASCII, and not
    assert again["Gain"].clusters is words["Gain"].clusters  # the shared tuple one_to_one is told by


def test_each_font_direction_and_shaping_keeps_its_own_words(folder):
    for font, rtl, shaping in ((BUNDLED.regular, False, PLAIN), (BUNDLED.bold, False, PLAIN),
                               (BUNDLED.regular, True, PLAIN._replace(rtl=True)),
                               (BUNDLED.regular, False, Shaping((("liga", False),)))):
        _kept(font, rtl, shaping)["Gain"] = _shape(font, "Gain", rtl, shaping)
    shapestore.keep_words()
    assert len(list(folder.glob("*.words"))) == 4
    assert _kept(BUNDLED.bold)["Gain"] == _shape(BUNDLED.bold, "Gain", False, PLAIN)


def test_a_set_that_did_not_grow_is_not_written_again(folder):
    _kept()["Gain"] = _shape(BUNDLED.regular, "Gain", False, PLAIN)
    shapestore.keep_words()
    (kept,) = folder.glob("*.words")
    before = kept.stat().st_ino  # a file written again is a new file renamed into place
    assert "Gain" in _kept()
    shapestore.keep_words()
    assert kept.stat().st_ino == before


@pytest.mark.parametrize("damage", ["flip", "truncate", "not words"])
def test_a_damaged_file_is_never_trusted(folder, damage):
    _kept()["Gain"] = _shape(BUNDLED.regular, "Gain", False, PLAIN)
    shapestore.keep_words()
    (kept,) = folder.glob("*.words")
    raw = kept.read_bytes()
    if damage == "flip":
        raw = raw[:-5] + bytes([raw[-5] ^ 1]) + raw[-4:]
        kept.write_bytes(raw)
    elif damage == "truncate":
        kept.write_bytes(raw[:len(raw) // 2])
    else:  # whole and checksummed, but not a set of words
        files = shapestore.KeptFiles(folder, shapestore.FORMAT, shapestore.SUFFIX)
        files.write(kept.name.removesuffix(shapestore.SUFFIX), b"\x00not marshal")
    assert _kept() == {}
