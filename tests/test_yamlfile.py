"""What a YAML file reads as is kept by its text in the user's cache folder (generator/manifest/yamlfile.py): the
next reading of the same text gives the same values and marks without PyYAML, a changed text is read afresh, a file
with problems is never kept, and a damaged or foreign kept reading is never trusted."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import ManifestError
from generator.manifest import yamlfile
from generator.manifest.yamlfile import SpelledInt, read_yaml
from generator.paths import user_cache

ROOT = Path(__file__).resolve().parents[1]
TEXT = "kit: {name: Kept}\ncomponents:\n  - id: deck\n    title: No\n    count: 0o17\n    size: 12:30\n"


def _kept_files():
    return sorted((user_cache() / "yaml").glob(f"*{yamlfile.KEPT_SUFFIX}"))


@pytest.fixture
def manifest(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "kit.yaml"
    path.write_text(TEXT, encoding="utf-8")
    return path


def test_a_second_reading_is_the_first(manifest):
    first = read_yaml(manifest, "kit.yaml")
    assert len(_kept_files()) == 1
    again = read_yaml(manifest, "kit.yaml")
    assert again == first
    count = again[0]["components"][0]["count"]
    assert type(count) is SpelledInt and count == 15 and count.written == "0o17"
    assert again[0]["components"][0]["title"] == "No" and again[0]["components"][0]["size"] == "12:30"
    assert again[1][("components", 0, "count")] == first[1][("components", 0, "count")]


def test_a_kept_reading_needs_no_yaml_parser(manifest):
    read_yaml(manifest, "kit.yaml")
    code = ("import sys; from pathlib import Path; from generator.manifest.yamlfile import read_yaml; "
            f"read_yaml(Path({str(manifest)!r}), 'kit.yaml'); print('yaml' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_a_changed_text_is_read_afresh_and_problems_are_never_kept(manifest):
    read_yaml(manifest, "kit.yaml")
    manifest.write_text(TEXT.replace("Kept", "Changed"), encoding="utf-8")
    assert read_yaml(manifest, "kit.yaml")[0]["kit"]["name"] == "Changed"
    kept = len(_kept_files())
    manifest.write_text("kit: {name: Bad}\nkit: {name: Twice}\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(ManifestError, match="duplicate key"):
            read_yaml(manifest, "kit.yaml")
    assert len(_kept_files()) == kept


@pytest.mark.parametrize("damage", ["flip", "foreign"])
def test_a_damaged_or_foreign_reading_is_never_trusted(manifest, damage):
    first = read_yaml(manifest, "kit.yaml")
    (kept,) = _kept_files()
    digest = kept.name.removesuffix(yamlfile.KEPT_SUFFIX)
    if damage == "flip":
        raw = kept.read_bytes()
        kept.write_bytes(raw[:-3] + bytes([raw[-3] ^ 1]) + raw[-2:])
    else:  # whole and checksummed, but a pickle that would call something
        files = yamlfile.KeptFiles(kept.parent, yamlfile.KEPT_FORMAT, yamlfile.KEPT_SUFFIX)
        files.write(digest, pickle.dumps(_Call()))
    assert read_yaml(manifest, "kit.yaml") == first


class _Call:
    def __reduce__(self):
        return (print, ("a kept reading must never run this",))
