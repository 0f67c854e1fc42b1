"""Large kits are written in segments of pages, by one process or several (`--jobs`), and joined into one PDF:
the same bytes either way, the same pages as a document written in one piece, rebuilt in a watch with only the
changed segment drawn again."""

from __future__ import annotations

import pdfplumber
import pikepdf
from typer.testing import CliRunner

from generator.cli import app
from generator.pipeline import BuildOptions, build
from generator.write import segments, segmentstore
from generator.write.faces import DrawingMemory
from generator.write.segments import auto_jobs, segment_ranges

# 66 cards two to a page, each with its back: 66 sheet pages, over SINGLE_PAGES, so written in 5 segments
KIT = """\
kit: {name: Big Deck}
components:
  - id: deck
    kind: card
    size: 180mm x 120mm
    sides: {back: {fields: {label: Big Deck}}}
    cards: cards.csv
"""
CARDS = "count,title,text\n" + "".join(f"11,Card {i},Gain {i} gold when you harvest a field.\n" for i in range(6))


def big_kit(write_kit):
    return write_kit(KIT, {"cards.csv": CARDS})


def test_segments_depend_on_the_page_count_alone():
    assert segment_ranges(segments.SINGLE_PAGES) is None
    ranges = segment_ranges(66)
    assert [len(r) for r in ranges] == [16, 16, 16, 16, 2]
    assert [i for r in ranges for i in r] == list(range(66))
    large = segment_ranges(2224)  # 10 000 cards and their backs: at most MOST_SEGMENTS segments
    assert len(large) <= segments.MOST_SEGMENTS and sum(map(len, large)) == 2224
    assert auto_jobs(20) == 1


def test_two_jobs_write_the_same_bytes_as_one(write_kit, tmp_path, monkeypatch):
    kit = big_kit(write_kit)
    runner = CliRunner()
    for jobs in ("1", "2"):  # each with no kept segments (write/segmentstore.py), so both draw every page
        monkeypatch.setattr(segmentstore, "segment_folder", lambda folder=tmp_path / f"kept{jobs}": folder)
        result = runner.invoke(app, ["build", str(kit), "--out", str(tmp_path / jobs), "--jobs", jobs, "--no-reference"])
        assert result.exit_code == 0, result.output
    one, two = ((tmp_path / jobs / "kit" / "kit.pdf").read_bytes() for jobs in ("1", "2"))
    assert one == two
    with pikepdf.open(tmp_path / "2" / "kit" / "kit.pdf") as pdf:  # qpdf reads the joined file as valid
        assert len(pdf.pages) == 2 + 66
        assert all(page.obj.Parent == pdf.Root.Pages for page in pdf.pages)


def test_segmented_pages_match_a_document_written_in_one_piece(write_kit, tmp_path, monkeypatch):
    kit = big_kit(write_kit)
    options = BuildOptions(out=tmp_path / "segmented", reference=False, cover=True, jobs=1)
    segmented = build(kit, options).pdf
    monkeypatch.setattr(segments, "SINGLE_PAGES", 10_000)
    whole = build(kit, BuildOptions(out=tmp_path / "whole", reference=False, cover=True)).pdf
    with pdfplumber.open(segmented) as a, pdfplumber.open(whole) as b:
        assert len(a.pages) == len(b.pages) == 68
        for number in (0, 1, 2, 17, 18, 19, 34, 50, 51, 66, 67):  # the cover, each side of each join, the last
            page_a, page_b = a.pages[number], b.pages[number]
            assert page_a.extract_text() == page_b.extract_text()
            assert (page_a.width, page_a.height) == (page_b.width, page_b.height)
            assert len(page_a.images) == len(page_b.images)
        assert "page 68/68" in a.pages[-1].extract_text()
        assert "Card 5" in a.pages[-2].extract_text()


def test_a_watched_rebuild_reuses_the_segments_that_did_not_change(write_kit, tmp_path, monkeypatch):
    kit = big_kit(write_kit)
    memory = DrawingMemory()
    options = BuildOptions(out=tmp_path / "watched", reference=False, cover=True)
    build(kit, options, memory)
    drawn = []
    original = segments.FaceRecorder
    monkeypatch.setattr(segments, "FaceRecorder", lambda *args: drawn.append(1) or original(*args))
    cards = kit / "cards.csv"
    cards.write_text(cards.read_text().replace("11,Card 5", "11,Card Five"))  # the last segments' cards
    rebuilt = build(kit, options, memory).pdf.read_bytes()
    assert 0 < len(drawn) < len(segment_ranges(66))
    fresh = build(kit, BuildOptions(out=tmp_path / "fresh", reference=False, cover=True)).pdf.read_bytes()
    assert rebuilt == fresh


def test_jobs_is_a_positive_number(write_kit, tmp_path):
    kit = big_kit(write_kit)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path), "--jobs", "0"])
    assert result.exit_code == 2 and "--jobs" in result.output
    result = CliRunner().invoke(app, ["build", "--help"])
    assert "--jobs" in result.output
