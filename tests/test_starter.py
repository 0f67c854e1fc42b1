"""`pnpgen new`, through typer's CliRunner: the starter kit is written, builds and checks clean under --strict,
prints its cards, never overwrites a folder holding files, and ships inside the package."""

from __future__ import annotations

import fnmatch

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.starter import STARTER_DIR, starter_files
from tests.conftest import ROOT

STARTER_TEXTS = ("Gather Firewood", "Raise a Castle", "Needs Workers on: Forest and Mine.", "The Dragon", "Worker",
                 "Forest", "Market", "Score")


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def pdf_text(path) -> str:
    """The PDF's text with every run of whitespace (a wrapped line too) as one space."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


@pytest.mark.slow
def test_new_kit_builds_and_checks_clean_under_strict(tmp_path):
    kit = tmp_path / "owls"
    result = invoke("new", str(kit), "--name", "Night Owls")
    assert result.exit_code == 0, result.output
    for name in ("kit.yaml", "rules.txt", "README.md", "cards/quests.csv", "art/dragon.svg",
                 "templates/art_card.svg.j2"):
        assert (kit / name).is_file(), name
    assert "pnpgen build" in result.output

    built = invoke("build", str(kit), "--strict", "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    checked = invoke("check", str(kit), "--strict")
    assert checked.exit_code == 0, checked.output
    assert "all consistent" in checked.output and "warning" not in checked.output

    text = pdf_text(tmp_path / "out" / "owls" / "owls.pdf")
    for expected in STARTER_TEXTS + ("Night Owls",):  # the game's name: on the card backs and the board
        assert expected in text, expected


@pytest.mark.slow
def test_the_starter_kit_holds_what_a_kit_usually_needs(tmp_path):
    from generator.manifest import load_manifest

    assert invoke("new", str(tmp_path / "k")).exit_code == 0
    spec = load_manifest(tmp_path / "k")
    by_id = {c.id: c for c in spec.components}
    assert by_id["quest"].cards and by_id["quest"].back is not None           # a CSV deck with a shared back
    assert by_id["worker"].per_player                                          # tokens for each player
    assert by_id["board"].kind == "board"                                      # a board
    dragon = by_id["dragon"]                                                   # a card with art and a kit template
    assert dragon.front.template == "art_card" and dragon.front.art.name == "dragon.svg"
    template = (tmp_path / "k" / "templates" / "art_card.svg.j2").read_text(encoding="utf-8")
    assert '{% extends "card.svg.j2" %}' in template
    assert all(c.rules for c in spec.components)                               # every count linked to rules.txt
    assert spec.rulebook == (tmp_path / "k" / "rules.txt").resolve()


def test_new_refuses_a_folder_that_holds_files(tmp_path):
    kit = tmp_path / "mine"
    kit.mkdir()
    (kit / "kit.yaml").write_text("precious work\n", encoding="utf-8")
    result = invoke("new", str(kit))
    assert result.exit_code == 2
    assert "not empty" in result.output and "overwritten" in result.output
    assert (kit / "kit.yaml").read_text(encoding="utf-8") == "precious work\n"
    assert sorted(p.name for p in kit.iterdir()) == ["kit.yaml"]


def test_new_refuses_a_folder_holding_only_a_hidden_file(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / ".git").mkdir()
    assert invoke("new", str(tmp_path / "mine")).exit_code == 2


def test_new_refuses_a_file(tmp_path):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    result = invoke("new", str(tmp_path / "notes.txt"))
    assert result.exit_code == 2 and "is a file" in result.output


def test_new_writes_into_an_empty_folder_and_new_parent_folders(tmp_path):
    (tmp_path / "empty").mkdir()
    assert invoke("new", str(tmp_path / "empty")).exit_code == 0
    assert (tmp_path / "empty" / "kit.yaml").is_file()
    assert invoke("new", str(tmp_path / "games" / "deep" / "kit2")).exit_code == 0
    assert (tmp_path / "games" / "deep" / "kit2" / "templates" / "art_card.svg.j2").is_file()


def test_the_name_comes_from_the_folder_unless_given(tmp_path):
    from generator.manifest import load_manifest

    assert invoke("new", str(tmp_path / "night_owls")).exit_code == 0
    spec = load_manifest(tmp_path / "night_owls")
    assert spec.name == "Night Owls" and spec.id == "night_owls"
    assert "# Night Owls" in (tmp_path / "night_owls" / "README.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_an_awkward_name_and_folder_still_build_and_check(tmp_path):
    """Quotes, a colon, a backslash, digits (which a rulebook scanner could take for a count) and a folder name
    that is not a valid kit id."""
    name = '7 "Wonders": Déjà vu \\ 12 cards'
    kit = tmp_path / "My Game!"
    assert invoke("new", str(kit), "--name", name).exit_code == 0
    from generator.manifest import load_manifest

    spec = load_manifest(kit)
    assert spec.name == name and spec.id == "my_game"
    built = invoke("build", str(kit), "--strict", "--out", str(tmp_path / "out"))
    assert built.exit_code == 0, built.output
    assert invoke("check", str(kit), "--strict").exit_code == 0
    assert "Wonders" in pdf_text(tmp_path / "out" / "my_game" / "my_game.pdf")
    assert "pnpgen build 'My Game!'" in (kit / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["", "   ", "two\nlines", "tab\there"])
def test_a_name_that_cannot_be_printed_is_a_usage_error(tmp_path, name):
    result = invoke("new", str(tmp_path / "k"), "--name", name)
    assert result.exit_code == 2 and "--name" in result.output
    assert not (tmp_path / "k").exists()


def test_help_lists_new():
    result = invoke("--help")
    assert result.exit_code == 0 and "new" in result.output


def test_the_starter_files_are_package_data():
    """The wheel must carry the starter kit: every file of it is in a listed data package (its folder, as
    generator.data.starter…) and matches one of that package's package-data patterns."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    files = [(STARTER_DIR / f).relative_to(ROOT) for f in starter_files()]
    assert len(files) >= 6
    missing = []
    for file in files:
        package = ".".join(file.parent.parts)
        patterns = config["package-data"].get(package, [])  # setuptools globs each pattern within the package's folder
        if package not in config["packages"] or not any(fnmatch.fnmatch(file.name, p) for p in patterns):
            missing.append(str(file))
    assert not missing, f"list their folders as packages, with package-data patterns, in pyproject.toml: {missing}"
