"""A kit font's working copy (renamed for fontconfig) must be the same bytes on every machine and every day:
its subset is embedded in the PDF, so a copy stamped with the day it was made changes the kit's PDF."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from generator.typeface import BUNDLED, face_name
from generator.write import fontfiles


def test_renamed_copy_keeps_the_files_own_date(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "first"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # what fontTools would stamp as 'now'
    first = fontfiles._renamed_copy(BUNDLED.regular, "0" * 40)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "second"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")  # a machine that made its copy three years later
    second = fontfiles._renamed_copy(BUNDLED.regular, "0" * 40)
    assert first != second and first.read_bytes() == second.read_bytes()
    with TTFont(BUNDLED.regular) as source, TTFont(first) as copy:
        assert copy["head"].modified == source["head"].modified
        assert copy["name"].getDebugName(1) == face_name("0" * 40)
