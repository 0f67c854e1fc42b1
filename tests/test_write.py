"""The PDF writer: page boxes on single-piece pages, resources intact, previews match the PDF's pages."""

from __future__ import annotations

import subprocess

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

KIT = """\
kit: {name: Boxes}
components:
  - id: board
    kind: card
    size: 270mm x 180mm    # fills a landscape A4 sheet: nothing else is packed beside it
    sides: {front: {fields: {title: Board, text: A board too wide for a portrait A4 sheet.}}}
  - id: coin
    kind: chip
    size: 20mm
    count: 60
    sides: {front: {fields: {value: 5, label: Gold}}}
"""


@pytest.fixture
def built(write_kit, tmp_path):
    result = CliRunner().invoke(app, ["build", str(write_kit(KIT)), "--out", str(tmp_path), "--preview", "--no-cover"])
    assert result.exit_code == 0, result.output
    return tmp_path / "kit"


def test_single_piece_page_has_trim_and_bleed_boxes(built):
    reader = PdfReader(built / "kit.pdf")
    boxed = [p for p in reader.pages if "/TrimBox" in p]
    assert len(boxed) == 1
    page = boxed[0]
    trim = [float(v) for v in page["/TrimBox"]]
    bleed = [float(v) for v in page["/BleedBox"]]
    assert ((trim[2] - trim[0]) / 72 * 25.4, (trim[3] - trim[1]) / 72 * 25.4) == pytest.approx((270, 180), abs=0.1)
    assert trim[0] - bleed[0] == pytest.approx(3 / 25.4 * 72, abs=0.01)


def test_pages_keep_their_fonts_and_forms(built):
    """Regression: rewriting cairo's output with qpdf dropped the resources of pages with repeated faces."""
    reader = PdfReader(built / "kit.pdf")
    for page in reader.pages:
        resources = page["/Resources"]
        assert "/Font" in resources and "/XObject" in resources
    text = subprocess.run(["pdftotext", str(built / "kit.pdf"), "-"], capture_output=True, text=True).stdout
    assert text.count("Gold") == 60 and "Board" in text


def test_one_preview_per_page(built):
    pages = len(PdfReader(built / "kit.pdf").pages)
    assert len(list((built / "preview").glob("page-*.png"))) == pages
