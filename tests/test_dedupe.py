"""Repairing cairo 1.16's repeated resource entries (generator/write/dedupe.py), checked on real cairo output."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf

from generator.write.dedupe import dedupe_resources
from generator.write.faces import cairo

ENTRY = re.compile(rb"/x\d+ \d+ 0 R")


def token_sheet(path: Path, paints: int) -> Path:
    """A page painting one recorded disc `paints` times: cairo lists the disc once per paint."""
    disc = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    brush = cairo.Context(disc)
    brush.arc(10, 10, 10, 0, 6.283185307179586)
    brush.fill()
    surface = cairo.PDFSurface(str(path), 300, 300)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
    context = cairo.Context(surface)
    for i in range(paints):
        context.set_source_surface(disc, 22 * (i % 12), 22 * (i // 12))
        context.paint()
    context.show_page()
    surface.finish()
    return path


def test_repeated_entries_are_dropped_and_the_page_still_draws(tmp_path):
    path = token_sheet(tmp_path / "sheet.pdf", 40)
    assert len(ENTRY.findall(path.read_bytes())) == 40
    assert dedupe_resources(path)
    assert len(ENTRY.findall(path.read_bytes())) == 1
    with pikepdf.open(path) as pdf:  # qpdf rejected the whole dictionary while keys repeated
        assert len(pdf.pages[0].Resources.XObject) == 1
        assert pdf.pages[0].Contents.read_bytes().count(b" Do") == 40
    drawn = subprocess.run(["pdftoppm", "-r", "20", "-png", str(path), str(tmp_path / "p")], capture_output=True, text=True)
    assert drawn.returncode == 0 and "Error" not in drawn.stderr


def test_a_file_with_nothing_to_repair_is_left_alone(tmp_path):
    path = token_sheet(tmp_path / "one.pdf", 1)
    before = path.read_bytes()
    assert not dedupe_resources(path)
    assert path.read_bytes() == before


def test_a_layout_it_does_not_know_is_left_alone(tmp_path):
    """A cross-reference stream (not what cairo writes) is never rewritten."""
    source = token_sheet(tmp_path / "cairo.pdf", 1)
    path = tmp_path / "streams.pdf"
    with pikepdf.open(source) as pdf:
        pdf.save(path, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    before = path.read_bytes()
    assert not dedupe_resources(path)
    assert path.read_bytes() == before
