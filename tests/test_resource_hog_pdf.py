"""Resource Hog printed for real: counts and trim sizes read back from the written PDF."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from generator.cli import app
from tests.conftest import ROOT, cut_outlines

KIT = ROOT / "components" / "resource_hog"

# trim size (mm) -> pieces per player count; from the rulebook's markers table
def expected(players: int) -> dict[tuple[float, float], int]:
    return {
        (25.0, 25.0): 50 * players + 50 + 3 * players,  # peasant/noble discs, slaves+mercenaries, action tokens
        (30.0, 30.0): 12 + 10 + 6 + 12 + 45,            # manor, motte/castle, harbour, mine, field
        (15.0, 15.0): 12,                                # roads
        (22.0, 22.0): 100 + 50 + 120 + 100 + 50 + 80 + 100 + 60,  # gold, silver and the six resource chips
    }


@pytest.mark.parametrize("paper,players", [("a4", 2), ("a4", 6), ("letter", 2), ("letter", 6)])
def test_counts_and_sizes_from_the_pdf(tmp_path, paper, players):
    result = CliRunner().invoke(app, ["build", str(KIT), "--out", str(tmp_path), "--paper", paper,
                                      "--players", str(players), "--no-reference"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "resource_hog" / "resource_hog.pdf"
    outlines = cut_outlines(pdf)
    want = expected(players)
    for size, count in want.items():
        # pieces of this trim size, each measuring its trim size within 0.1 mm (outlines are rounded to 0.1)
        assert outlines[size] == count, (size, outlines)
    unexpected = {s: n for s, n in outlines.items() if s not in want and s[0] < 100}
    assert not unexpected, unexpected
    report = json.loads((tmp_path / "resource_hog" / "build.json").read_text())
    assert report["players"] == players and report["paper"] == paper
    by_id = {c["id"]: c for c in report["components"]}
    assert by_id["peasant"]["count"] == 50 * players and by_id["peasant"]["sides"] == 2
    assert by_id["manor"]["size_mm"] == [30.0, 30.0]
    from pypdf import PdfReader

    page = PdfReader(pdf).pages[0]
    width_mm, height_mm = float(page.mediabox.width) / 72 * 25.4, float(page.mediabox.height) / 72 * 25.4
    assert (width_mm, height_mm) == pytest.approx((210, 297) if paper == "a4" else (215.9, 279.4), abs=0.05)


def test_same_input_gives_the_same_bytes(tmp_path):
    outputs = []
    for name in ("one", "two"):
        result = CliRunner().invoke(app, ["build", str(KIT), "--out", str(tmp_path / name), "--players", "2",
                                          "--no-reference"])
        assert result.exit_code == 0, result.output
        outputs.append((tmp_path / name / "resource_hog" / "resource_hog.pdf").read_bytes())
    assert outputs[0] == outputs[1]


def test_repeated_faces_are_stored_once(tmp_path):
    """100 gold tokens share one face: the PDF holds far fewer form XObjects than placed pieces."""
    from pypdf import PdfReader

    CliRunner().invoke(app, ["build", str(KIT), "--out", str(tmp_path), "--players", "2", "--no-reference"])
    reader = PdfReader(tmp_path / "resource_hog" / "resource_hog.pdf")
    forms = set()
    for page in reader.pages:
        for name, ref in (page["/Resources"].get("/XObject") or {}).items():
            forms.add(ref.idnum)
    assert 0 < len(forms) < 120  # distinct faces, not the ~900 pieces placed


def test_fonts_are_embedded_subsets(tmp_path):
    import subprocess

    CliRunner().invoke(app, ["build", str(KIT), "--out", str(tmp_path), "--players", "2", "--no-reference"])
    fonts = subprocess.run(["pdffonts", str(tmp_path / "resource_hog" / "resource_hog.pdf")], capture_output=True,
                           text=True, check=True).stdout.splitlines()[2:]
    assert fonts and all(" yes yes " in line for line in fonts), fonts
