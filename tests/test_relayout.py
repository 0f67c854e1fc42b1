"""A watched rebuild reuses the last imposition when only what the faces show changed (generator/relayout.py):
the result is the imposition of the new pieces, exactly, and any change of geometry imposes afresh."""

from __future__ import annotations

from generator.impose import SheetOptions, impose_sheets
from generator.manifest import load_manifest
from generator.model import build_kit
from generator.papers import load_paper
from generator.relayout import impose_again

KIT = """\
kit: {name: Relayout}
components:
  - id: deck
    kind: card
    size: poker
    sides: {back: {fields: {label: Deck}}}
    cards: cards.csv
  - id: coin
    kind: token
    shape: disc
    size: 25mm
    count: 30
    fields: {label: Coin}
"""


def pieces_and_options(kit_dir):
    spec = load_manifest(kit_dir)
    paper = load_paper(spec.defaults.paper, spec.defaults.orientation, spec.defaults.margin)
    return build_kit(spec, spec.players_max).pieces, SheetOptions(paper, spec.defaults.gutter)


def test_a_text_edit_keeps_the_layout_with_the_new_pieces(write_kit):
    cards = "count,title,text\n" + "".join(f"1,Card {i},Gain {i} gold.\n" for i in range(20))
    kit = write_kit(KIT, {"cards.csv": cards})
    kept, calls = {}, []

    def imposing(pieces, options):
        calls.append(1)
        return impose_sheets(pieces, options)

    impose_again(*pieces_and_options(kit), imposing, kept)
    kept_pages = _pages_of(kept)
    (kit / "cards.csv").write_text(cards.replace("Gain 7 gold.", "Gain seven gold then draw."))
    pieces, options = pieces_and_options(kit)
    again = impose_again(pieces, options, imposing, kept)
    assert len(calls) == 1  # imposed once, reused after the edit
    assert again == impose_sheets(pieces, options)
    placed = [pl.piece for page in again.pages for pl in page.placements]
    assert all(piece in pieces for piece in placed)  # each place holds its new piece, or an old one equal to it
    edited = next(piece for piece in pieces if "seven" in piece.front.fields_json)
    assert any(piece is edited for piece in placed)  # the edited card's place holds the new piece itself
    unchanged = [page for page in again.pages if all("seven" not in pl.piece.front.fields_json for pl in page.placements)]
    assert unchanged and all(any(page is old for old in kept_pages) for page in unchanged)  # the pages it is not on
    # stay the very objects they were, so a watch's drawn segments of them are reused


def _pages_of(kept: dict) -> list:
    return list(kept["last"][2].pages)


def test_a_change_of_size_or_count_imposes_afresh(write_kit):
    cards = "count,title,text\n" + "".join(f"1,Card {i},Gain {i} gold.\n" for i in range(20))
    kit = write_kit(KIT, {"cards.csv": cards})
    kept, calls = {}, []

    def imposing(pieces, options):
        calls.append(1)
        return impose_sheets(pieces, options)

    impose_again(*pieces_and_options(kit), imposing, kept)
    (kit / "kit.yaml").write_text(KIT.replace("size: 25mm", "size: 30mm"))
    pieces, options = pieces_and_options(kit)
    assert impose_again(pieces, options, imposing, kept) == impose_sheets(pieces, options)
    (kit / "cards.csv").write_text(cards + "1,Card 20,One more.\n")
    pieces, options = pieces_and_options(kit)
    assert impose_again(pieces, options, imposing, kept) == impose_sheets(pieces, options)
    assert len(calls) == 3


def test_edit_after_edit_rebuilds_only_the_pages_of_the_edited_cards(write_kit, monkeypatch):
    from generator import relayout

    cards = "count,title,text\n" + "".join(f"1,Card {i},Gain {i} gold.\n" for i in range(40))
    kit = write_kit(KIT, {"cards.csv": cards})
    kept = {}
    impose_again(*pieces_and_options(kit), impose_sheets, kept)
    walked = []
    original = relayout._held_pieces
    monkeypatch.setattr(relayout, "_held_pieces", lambda page, kind: walked.append(page) or original(page, kind))
    for round, (before, after) in enumerate([("Gain 7 gold.", "Gain seven."), ("Gain seven.", "Gain 7 gold twice."),
                                             ("Gain 33 gold.", "Gain thirty-three.")]):
        cards = cards.replace(before, after)
        (kit / "cards.csv").write_text(cards)
        walked.clear()
        pieces, options = pieces_and_options(kit)
        again = impose_again(pieces, options, impose_sheets, kept)
        assert again == impose_sheets(pieces, options)
        assert all(pl.piece in pieces for page in again.pages for pl in page.placements)
        if round:  # the first rebuild walks every page once; later ones only the pages of the edited card, twice
            assert 0 < len(walked) <= 4 < len(again.pages)
