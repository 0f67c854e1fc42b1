"""Faces kept between builds (generator/render/cache.py): a rebuild reuses them and writes the same bytes;
a changed template or card is rendered again."""

from __future__ import annotations

import os
import subprocess

import pytest

import generator.render as render
from generator.pipeline import BuildOptions, build

KIT = """\
kit: {name: Cached}
components:
  - id: deck
    kind: card
    size: 63mm x 88mm
    template: plain
    cards:
      - {title: Harvest, text: Take two grain.}
      - {title: Market, text: Sell one cloth.}
"""
TEMPLATE = """\
{% extends "_base.svg.j2" %}
{% block body %}
{{ text(f.title ~ " MARK1", 3, 3, w - 6, 10, size=12) }}
{{ text(f.text, 3, 20, w - 6, 40, size=9) }}
{% endblock %}
"""


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture
def kit(write_kit):
    return write_kit(KIT, {"templates/plain.svg.j2": TEMPLATE})


def test_a_rebuild_reuses_the_faces_and_writes_the_same_pdf(kit, tmp_path, monkeypatch):
    out = tmp_path / "out"
    first = build(kit, BuildOptions(out=out)).pdf.read_bytes()

    def no_rendering(face, spec):
        raise AssertionError(f"rendered {face.key} again")

    monkeypatch.setattr(render, "render_face", no_rendering)
    assert build(kit, BuildOptions(out=out)).pdf.read_bytes() == first


def test_an_edited_card_and_an_edited_template_are_rendered_again(kit, tmp_path):
    out = tmp_path / "out"
    build(kit, BuildOptions(out=out))
    manifest = kit / "kit.yaml"
    manifest.write_text(manifest.read_text().replace("Sell one cloth.", "Sell three cloth."))
    assert "Sell three cloth." in pdf_text(build(kit, BuildOptions(out=out)).pdf)
    template = kit / "templates" / "plain.svg.j2"
    stat = template.stat()
    template.write_text(TEMPLATE.replace("MARK1", "MARK2"))
    os.utime(template, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # a new mtime even on coarse clocks
    text = pdf_text(build(kit, BuildOptions(out=out)).pdf)
    assert "MARK2" in text and "MARK1" not in text


def test_a_first_build_looks_nothing_up(kit, tmp_path, monkeypatch):
    """With no file kept by an earlier build every face is new: the cache is written, never asked (S10000 asked
    SQLite 10 000 times for nothing once its first batch of faces was written)."""
    from generator.render.cache import FaceCache

    asked = []
    original = FaceCache.get
    monkeypatch.setattr(FaceCache, "get", lambda self, key: asked.append(self.kept) or original(self, key))
    monkeypatch.setattr("generator.render.cache.BATCH", 1)  # the file exists after the first face
    out = tmp_path / "out"
    build(kit, BuildOptions(out=out))
    assert asked and not any(asked)
    assert list((out / ".cache").rglob("faces-*.sqlite"))
    asked.clear()
    build(kit, BuildOptions(out=out))
    assert asked and all(asked)
