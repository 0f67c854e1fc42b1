"""Segments of a large PDF kept between processes in the user's cache folder (write/segmentstore.py): a rebuild
after a one-card edit draws only that card's segment and writes the bytes of a build with an empty cache; a
damaged or foreign entry is never trusted; the folder stays bounded."""

from __future__ import annotations

import os

import pytest

from generator.manifest import load_manifest
from generator.pipeline import BuildOptions, build
from generator.write import segments, segmentstore
from generator.write.segments import segment_ranges
from generator.write.segmentstore import Entry, SegmentStore, kept_segments

from test_segments import big_kit

OPTIONS = dict(reference=False, cover=True, jobs=1)


@pytest.fixture
def store_folder(tmp_path, monkeypatch):
    """Where this test's segments are kept; `use(folder)` moves it (an empty folder: a cold cache)."""
    def use(folder):
        monkeypatch.setattr(segmentstore, "segment_folder", lambda: folder)
        return folder

    use.folder = use(tmp_path / "kept")
    return use


@pytest.fixture
def drawn(monkeypatch):
    """The first page of each segment drawn (not read back) by the builds after it."""
    pages = []
    original = segments.write_segment

    def counting(document, faces, section, *args, **kwargs):
        pages.append(section.start)
        return original(document, faces, section, *args, **kwargs)

    monkeypatch.setattr(segments, "write_segment", counting)
    return pages


def test_a_rebuild_draws_only_the_edited_segment_and_writes_the_bytes_of_a_cold_build(
        write_kit, tmp_path, store_folder, drawn):
    kit = big_kit(write_kit)
    options = BuildOptions(out=tmp_path / "out", **OPTIONS)
    build(kit, options)
    assert len(drawn) == len(segment_ranges(66))
    assert len(list(store_folder.folder.glob("*.segment"))) == len(segment_ranges(66))
    cards = kit / "cards.csv"
    cards.write_text(cards.read_text().replace("11,Card 5", "11,Card Five"))  # the last segments' cards
    drawn.clear()
    rebuilt = build(kit, options).pdf.read_bytes()
    assert 0 < len(drawn) < len(segment_ranges(66))
    store_folder(tmp_path / "empty")
    drawn.clear()
    cold = build(kit, BuildOptions(out=tmp_path / "cold", **OPTIONS)).pdf.read_bytes()
    assert len(drawn) == len(segment_ranges(66))
    assert rebuilt == cold


def test_unchanged_kit_into_a_new_folder_reads_every_segment_back(write_kit, tmp_path, store_folder, drawn):
    kit = big_kit(write_kit)
    first = build(kit, BuildOptions(out=tmp_path / "a", **OPTIONS)).pdf.read_bytes()
    drawn.clear()
    again = build(kit, BuildOptions(out=tmp_path / "b", **{**OPTIONS, "jobs": None})).pdf.read_bytes()
    assert drawn == [] and again == first


@pytest.mark.parametrize("damage", ["flip", "truncate", "foreign", "other digest"])
def test_a_damaged_or_foreign_entry_is_ignored(write_kit, tmp_path, store_folder, drawn, damage):
    kit = big_kit(write_kit)
    first = build(kit, BuildOptions(out=tmp_path / "a", **OPTIONS)).pdf.read_bytes()
    entries = sorted(store_folder.folder.glob("*.segment"))
    victim = entries[1]
    raw = victim.read_bytes()
    if damage == "flip":  # one byte of the PDF changed: the checksum no longer matches
        raw = raw[:-100] + bytes([raw[-100] ^ 1]) + raw[-99:]
    elif damage == "truncate":
        raw = raw[:len(raw) // 2]
    elif damage == "foreign":
        raw = b"%PDF-1.5\nnot a kept segment\n"
    else:  # another entry's whole content under this entry's name
        raw = entries[0].read_bytes()
    victim.write_bytes(raw)
    drawn.clear()
    again = build(kit, BuildOptions(out=tmp_path / "b", **OPTIONS)).pdf.read_bytes()
    assert len(drawn) == 1  # the damaged segment drawn again, the others read back
    assert again == first
    assert victim.read_bytes() != raw  # replaced by a good entry


def test_the_folder_is_bounded_least_recently_used_first(tmp_path):
    store = SegmentStore(tmp_path)
    pdf = b"%PDF-1.5\n" + b"x" * 1000
    digests = [f"{n:064x}" for n in range(6)]
    for age, digest in enumerate(digests):
        store.put(digest, Entry(pdf, {"face": ["name"]}))
        os.utime(store._path(digest), (1_000_000 + age, 1_000_000 + age))
    assert store.get(digests[0]) == Entry(pdf, {"face": ["name"]})  # used now: the newest
    (tmp_path / ".tmp-left-by-a-killed-build.segment").write_bytes(b"x")
    os.utime(tmp_path / ".tmp-left-by-a-killed-build.segment", (1_000_000, 1_000_000))
    store.evict(max_bytes=10**9, max_entries=4)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(f"{d}.segment" for d in (digests[0], *digests[3:]))
    size = (tmp_path / f"{digests[0]}.segment").stat().st_size
    store.evict(max_bytes=2 * size, max_entries=100)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{d}.segment" for d in (digests[0], digests[5]))


def test_a_name_that_is_not_a_digest_is_never_read_or_written(tmp_path):
    store = SegmentStore(tmp_path)
    store.put("../escape", Entry(b"%PDF-1.5\n", {}))
    assert store.get("../escape") is None
    assert list(tmp_path.iterdir()) == [] and not (tmp_path.parent / "escape.segment").exists()


def test_art_and_templates_change_what_a_segment_depends_on(write_kit, tmp_path):
    kit = big_kit(write_kit)
    (kit / "art").mkdir()
    art = kit / "art" / "crest.svg"
    art.write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    before = kept_segments(load_manifest(kit), tmp_path / "out").environment
    (kit / "cards.csv").write_text((kit / "cards.csv").read_text() + "1,Extra,More\n")  # data: the pieces say it
    assert kept_segments(load_manifest(kit), tmp_path / "out").environment == before
    art.write_text("<svg xmlns='http://www.w3.org/2000/svg' width='2'/>")
    assert kept_segments(load_manifest(kit), tmp_path / "out").environment != before


def test_a_segment_digest_is_its_content():
    from dataclasses import replace

    from generator.impose import Placement
    from generator.pieces import FaceSpec, Outline, Piece
    from generator.write.segmentstore import content_digest

    def piece(text: str, drawing=None) -> Piece:
        face = FaceSpec("card.svg.j2", f'{{"text": "{text}"}}', 180.0, 252.0, 9.0, "rect", drawing=drawing)
        return Piece("deck", 180.0, 252.0, 9.0, Outline("rect", 180.0, 252.0), face)

    page = (Placement(piece("Gain 2 gold."), 36.0, 40.0),)
    same = (Placement(piece("Gain 2 gold."), 36.0, 40.0),)
    same[0].piece.front.key  # a key kept on one spec and not on the other changes nothing
    assert content_digest((), page) == content_digest((), same)
    assert content_digest((), page) != content_digest((), (Placement(piece("Gain 3 gold."), 36.0, 40.0),))
    assert content_digest((), page) != content_digest((), (replace(page[0], x=36.5),))
    # a field left out of repr (a drawer's data) still counts
    assert content_digest((), (Placement(piece("x", drawing=(1, 2)), 0.0, 0.0),)) != content_digest((),
        (Placement(piece("x", drawing=(1, 3)), 0.0, 0.0),))
    assert content_digest((), (page, lambda: None)) is None  # what cannot be written down whole keeps nothing
