"""Shared test helpers: writing small kits, running the CLI, reading cut outlines from written PDFs."""

from __future__ import annotations

import collections
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
GOLDEN = ROOT / "tests" / "golden"
CUT_GREY = (0.45, 0.45, 0.45)
SEEDS_ABSENT = ("needs the rulebooks in ../shared/seeds, which are not part of the repository (absent on a fresh "
                "clone)")


def needs_seed(path: Path | None = None):
    """Marks a test that reads a seed rulebook (`path`, or any): it skips, saying why, when it is absent."""
    present = path.is_file() if path is not None else SEEDS.is_dir()
    return pytest.mark.skipif(not present, reason=f"{SEEDS_ABSENT}: {path.name if path else SEEDS}")


def pytest_configure(config):
    """Every run starts with an empty user cache, as on a fresh machine: cold paths (reading the font,
    parsing cairo's headers) are tested each time, and a developer's warm cache cannot hide a bug."""
    import os
    import tempfile

    config._pnpgen_cache = tempfile.mkdtemp(prefix="pnpgen-test-cache-")  # one per process (xdist workers too)
    os.environ["XDG_CACHE_HOME"] = config._pnpgen_cache


def pytest_unconfigure(config):
    import shutil

    cache = getattr(config, "_pnpgen_cache", None)
    if cache is not None:
        shutil.rmtree(cache, ignore_errors=True)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite golden images in tests/golden/ instead of comparing with them.")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture
def golden(request, tmp_path):
    """Compares output with tests/golden/: golden.svg(name, text) and golden.png(name, image). A missing golden
    fails; `pytest --update-golden` writes it. A mismatch leaves the actual output (and a diff image for PNGs)
    in the test's tmp_path and names it in the failure."""
    from tests.goldens import Golden

    return Golden(GOLDEN, tmp_path, update=request.config.getoption("--update-golden"))


@pytest.fixture
def write_kit(tmp_path):
    """write_kit(yaml_text, files={name: text}) -> kit folder."""

    def write(manifest: str, files: dict[str, str] | None = None, name: str = "kit") -> Path:
        folder = tmp_path / "kits" / name  # beside, not inside, the tests' output folders
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "kit.yaml").write_text(textwrap.dedent(manifest), encoding="utf-8")
        for relative, text in (files or {}).items():
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(textwrap.dedent(text), encoding="utf-8")
        return folder

    return write


def cut_outlines(pdf_path: Path) -> collections.Counter:
    """Cut outlines on every page of a written PDF, as Counter{(width_mm, height_mm): count}."""
    import pdfplumber

    found = collections.Counter()
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for shape in page.curves + page.rects:
                if shape.get("stroke") and shape.get("stroking_color") == CUT_GREY:
                    size = (round((shape["x1"] - shape["x0"]) / 72 * 25.4, 1),
                            round((shape["bottom"] - shape["top"]) / 72 * 25.4, 1))
                    found[size] += 1
    return found
