"""pnpgen as installed, not as checked out: the wheel carries every file a build needs, and pyproject.toml
lists every package of generator/."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT

KIT = """\
kit:
  name: Installed
  players: {min: 2, max: 3}
  player_colours: [red, blue, green]
components:
  - id: coin
    kind: chip
    size: 20mm
    count: 6
    sides: {front: {fields: {value: 5}}}
  - id: order
    kind: card
    size: poker
    count: 3
    sides:
      front: {fields: {title: March, text: Move one unit.}}
      back: {fields: {label: Orders}}
"""


def _listed_packages() -> list[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^packages = \[(.*?)\]", text, re.S | re.M).group(1)
    return sorted(re.findall(r'"([\w.]+)"', block))


def test_every_package_of_generator_is_listed_in_pyproject():
    code = {p.parent for p in (ROOT / "generator").rglob("__init__.py")}
    data = {d for d in (ROOT / "generator").rglob("*") if d.is_dir() and d.name != "__pycache__" and d not in code
            and not any(d.glob("*.py")) and any(f.is_file() for f in d.iterdir())}  # data files only: data packages
    found = sorted(".".join(d.relative_to(ROOT).parts) for d in code | data)
    assert sorted(set(_listed_packages()) - {"generator.templates"}) == found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True)
    return next(out.glob("pnpgen-*.whl"))


@pytest.mark.slow
def test_wheel_carries_templates_fonts_data_and_schema(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for template in (ROOT / "templates").glob("*.svg.j2"):
        assert f"generator/templates/{template.name}" in names
    for required in ("generator/fonts/DejaVuSansCondensed.ttf", "generator/data/papers.yaml",
                     "generator/manifest/kit.schema.json"):
        assert required in names


@pytest.mark.slow
def test_installed_wheel_builds_a_kit_from_another_folder(wheel, tmp_path):
    """A fresh venv holding only the wheel (its dependencies come from this environment's site-packages, so
    the test needs no network), used from a folder that has nothing to do with the repository."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next((venv / "lib").glob("python3*/site-packages"))
    # Dependencies only: a .pth line adds the folder without running the editable install's own .pth hook.
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--quiet", str(wheel)],
                   check=True, capture_output=True, text=True)
    where = subprocess.run([python, "-c", "import generator; print(generator.__file__)"], capture_output=True,
                           text=True, check=True, cwd=tmp_path).stdout
    assert str(site) in where, where  # the installed copy, not the checkout

    work = tmp_path / "elsewhere"
    (work / "mykit").mkdir(parents=True)
    (work / "mykit" / "kit.yaml").write_text(textwrap.dedent(KIT), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": ""}
    result = subprocess.run([venv / "bin" / "pnpgen", "build", "mykit", "--out", "out"], cwd=work, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    pages = PdfReader(work / "out" / "mykit" / "mykit.pdf").pages
    text = "\n".join(page.extract_text() for page in pages)
    assert "March" in text and "Orders" in text  # front and the built-in back template both drawn

    # A starter kit from the installed package's own files, built and checked strictly.
    pnpgen = str(venv / "bin" / "pnpgen")
    for argv in ([pnpgen, "new", "starter", "--name", "Night Owls"], [pnpgen, "build", "starter", "--out", "out", "--strict"],
                 [pnpgen, "check", "starter", "--strict"]):
        result = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True)
        assert result.returncode == 0, " ".join(argv[1:]) + "\n" + result.stdout + result.stderr
    assert (work / "out" / "starter" / "starter.pdf").is_file()
