"""Impositions kept between processes in the user's cache folder (generator/layoutstore.py): after a text edit a
build reads back the imposition of the build before, with its own pieces in their places, exactly the imposition it
would have made; a change of geometry imposes afresh; a damaged or foreign file is never trusted."""

from __future__ import annotations

import pickle

import pytest

from generator import layoutstore
from generator.impose import impose_sheets
from generator.layoutstore import impose_kept

from test_relayout import KIT, pieces_and_options

CARDS = "count,title,text\n" + "".join(f"1,Card {i},Gain {i} gold.\n" for i in range(20))


@pytest.fixture
def folder(tmp_path, monkeypatch):
    kept = tmp_path / "layouts"
    monkeypatch.setattr(layoutstore, "layout_folder", lambda: kept)
    return kept


@pytest.fixture
def imposing():
    def impose(pieces, options):
        impose.calls += 1
        return impose_sheets(pieces, options)

    impose.calls = 0
    return impose


def test_a_text_edit_reads_the_kept_imposition_back_with_the_new_pieces(write_kit, folder, imposing):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    impose_kept(*pieces_and_options(kit), imposing)
    assert imposing.calls == 1 and len(list(folder.glob("*.layout"))) == 1
    (kit / "cards.csv").write_text(CARDS.replace("Gain 7 gold.", "Gain seven gold then draw."))
    pieces, options = pieces_and_options(kit)
    again = impose_kept(pieces, options, imposing)
    assert imposing.calls == 1  # read back, not imposed
    assert again == impose_sheets(pieces, options)
    placed = [pl.piece for page in again.pages for pl in page.placements]
    edited = next(piece for piece in pieces if "seven" in piece.front.fields_json)
    assert any(piece is edited for piece in placed)  # the new piece itself, not a copy of the old
    assert all(any(piece is new for new in pieces) for piece in placed)
    coins = [piece for piece in placed if piece.component_id == "coin"]
    assert len(coins) == 30 and len({id(piece) for piece in coins}) == len({id(p) for p in pieces if p.component_id == "coin"})


@pytest.mark.parametrize("change", ["size", "count", "paper"])
def test_a_change_of_geometry_imposes_afresh(write_kit, folder, imposing, change):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    impose_kept(*pieces_and_options(kit), imposing)
    if change == "size":
        (kit / "kit.yaml").write_text(KIT.replace("size: 25mm", "size: 30mm"))
    elif change == "count":
        (kit / "cards.csv").write_text(CARDS + "1,Card 20,One more.\n")
    else:
        (kit / "kit.yaml").write_text(KIT.replace("kit: {name: Relayout}", "kit: {name: Relayout, defaults: {paper: letter}}"))
    pieces, options = pieces_and_options(kit)
    assert impose_kept(pieces, options, imposing) == impose_sheets(pieces, options)
    assert imposing.calls == 2


@pytest.mark.parametrize("damage", ["flip", "truncate", "foreign"])
def test_a_damaged_or_foreign_file_is_never_trusted(write_kit, folder, imposing, damage):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    pieces, options = pieces_and_options(kit)
    impose_kept(pieces, options, imposing)
    (kept,) = folder.glob("*.layout")
    raw = kept.read_bytes()
    if damage == "flip":
        raw = raw[:-50] + bytes([raw[-50] ^ 1]) + raw[-49:]
    elif damage == "truncate":
        raw = raw[:len(raw) // 2]
    else:  # whole and checksummed, but a pickle that would call something: refused before anything runs
        body = pickle.dumps(_Call())
        files = layoutstore.KeptFiles(folder, layoutstore.FORMAT, layoutstore.SUFFIX)
        files.write(kept.name.removesuffix(".layout"), body)
        raw = kept.read_bytes()
    kept.write_bytes(raw)
    assert impose_kept(pieces, options, imposing) == impose_sheets(pieces, options)
    assert imposing.calls == 2
    assert kept.read_bytes() != raw  # replaced by what was imposed


class _Call:
    def __reduce__(self):
        return (print, ("a kept file must never run this",))


def test_a_kit_of_more_pieces_than_pay_is_never_kept(write_kit, folder, imposing, monkeypatch):
    monkeypatch.setattr(layoutstore, "MOST_PIECES", 10)
    kit = write_kit(KIT, {"cards.csv": CARDS})
    pieces, options = pieces_and_options(kit)
    for _ in range(2):
        assert impose_kept(pieces, options, imposing) == impose_sheets(pieces, options)
    assert imposing.calls == 2 and not folder.exists()
