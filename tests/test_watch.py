"""Rebuilds in one process (`pnpgen build --watch`): unchanged faces are replayed, the bytes stay the same."""

from __future__ import annotations

from generator.pipeline import BuildOptions, build, watch_kits

KIT = """\
kit: {name: Watch}
components:
  - id: deck
    kind: card
    size: poker
    sides: {back: {fields: {label: Deck}}}
    cards: cards.csv
"""
CARDS = "count,title,text\n" + "".join(f"1,Card {i},Gain {i} gold when you harvest a field.\n" for i in range(12))


def test_rebuild_with_memory_matches_a_fresh_build(write_kit, tmp_path):
    from generator.write.faces import DrawingMemory

    kit = write_kit(KIT, {"cards.csv": CARDS})
    memory = DrawingMemory()
    options = BuildOptions(out=tmp_path / "watched", reference=False)
    build(kit, options, memory)
    remembered = len(memory.calls)
    assert remembered >= 12  # every single-use front was kept for the next build
    (kit / "cards.csv").write_text(CARDS.replace("Card 3,Gain 3", "Card 3,Lose 3"))
    rebuilt = build(kit, options, memory).pdf.read_bytes()
    assert len(memory.calls) == remembered + 1  # only the edited card was drawn again
    fresh = build(kit, BuildOptions(out=tmp_path / "fresh", reference=False)).pdf.read_bytes()
    assert rebuilt == fresh


def test_watch_builds_and_reports(write_kit, tmp_path):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    said: list[str] = []
    watch_kits([kit], BuildOptions(out=tmp_path / "out", reference=False), said.append, rounds=1)
    assert any(line.startswith("built in ") for line in said)
    assert (tmp_path / "out" / "kit" / "kit.pdf").is_file()


def test_watch_reports_bad_input_and_goes_on(write_kit, tmp_path):
    kit = write_kit(KIT.replace("size: poker", "size: nonsense"), {"cards.csv": CARDS})
    said: list[str] = []
    watch_kits([kit], BuildOptions(out=tmp_path / "out", reference=False), said.append, rounds=1)
    assert any("is not a size" in line for line in said)
    assert not (tmp_path / "out" / "kit").exists()
