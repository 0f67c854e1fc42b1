"""The sheet writer (write/sheet.py), read back from the written PDFs: a kit's sheets and its player aids carry
one footer and one 50 mm scale bar, and the aids' backs follow --duplex and --back-offset as a kit's cards do."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.impose import FOOTER
from generator.manifest import load_manifest
from generator.reference import write_reference
from generator.reference.cards import CARD_HEIGHT, CARD_WIDTH
from tests.conftest import ROOT

KIT = ROOT / "components" / "shires"
MM = 72 / 25.4
OFFSET_MM = (1.5, 2.0)  # a printer drift, as read on the calibration page: right and down, seen from the front
CAPTION = "Print at 100% (actual size): this bar measures 50 mm"
FACE_DO = re.compile(r"/Face(\d+)")


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> dict:
    """Shires' kit PDF (no cover), and its player aids for each flip, with and without a back offset."""
    out = tmp_path_factory.mktemp("sheet-writer")
    result = CliRunner().invoke(app, ["build", str(KIT), "--out", str(out / "kit"), "--no-reference", "--no-cover", "-q"])
    assert result.exit_code == 0, result.output
    spec = load_manifest(KIT)
    files = {"kit": out / "kit" / "shires" / "shires.pdf", "spec": spec}
    for duplex in ("long-edge", "short-edge"):
        for offset in ((0.0, 0.0), OFFSET_MM):
            folder = out / f"{duplex}-{offset[0]}-{offset[1]}"
            files[duplex, offset] = write_reference(spec, folder, format="cards", duplex=duplex,
                                                    back_offset=(offset[0] * MM, offset[1] * MM))
    return files


def face_boxes(pdf: Path) -> list[dict[int, tuple[float, float]]]:
    """Per page, each placed card face by its number: the bottom-left of its bleed box (PDF points, y up)."""
    pages = []
    with pikepdf.open(pdf) as opened:
        for page in opened.pages:
            placed, matrix = {}, None
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    matrix = [float(v) for v in operands]
                elif str(operator) == "Do" and (found := FACE_DO.fullmatch(str(operands[0]))):
                    placed[int(found[1])] = (matrix[4], matrix[5])
            pages.append(placed)
    return pages


@pytest.mark.parametrize("offset", [(0.0, 0.0), OFFSET_MM], ids=["no-offset", "offset"])
@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_player_aid_backs_lie_behind_their_fronts_after_the_flip(written, duplex, offset):
    """Seen from the front after the printer's flip and drift, each card's back lies exactly on its front:
    a portrait sheet's back is mirrored left to right for a long-edge flip, top to bottom for a short-edge one,
    and moved against the back offset."""
    pdf = written[duplex, offset]
    bleed = written["spec"].defaults.bleed
    width, height = CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed
    with pdfplumber.open(pdf) as opened:
        page_width, page_height = opened.pages[0].width, opened.pages[0].height
    assert page_width < page_height, "a portrait sheet"
    pages = face_boxes(pdf)
    assert len(pages) >= 2 and len(pages) % 2 == 0
    checked = 0
    for fronts, backs in zip(pages[::2], pages[1::2]):
        assert fronts and len(backs) == len(fronts)
        for number, (x, y) in fronts.items():
            bx, by = backs[number + 1]  # a card's back is the face after its front
            if duplex == "long-edge":
                seen = (page_width - bx - width, by)  # the sheet turns about its long (vertical) edges
            else:
                seen = (bx, page_height - by - height)  # about its short (horizontal) edges
            drift = (offset[0] * MM, -offset[1] * MM)  # right and down, in PDF points (y up)
            assert seen[0] + drift[0] == pytest.approx(x, abs=0.01)
            assert seen[1] + drift[1] == pytest.approx(y, abs=0.01)
            checked += 1
    assert checked >= 8


def test_short_edge_backs_differ_from_long_edge_ones(written):
    """The flip is honoured, not ignored: the two flips put the backs in other places."""
    long_edge = face_boxes(written["long-edge", (0.0, 0.0)])
    short_edge = face_boxes(written["short-edge", (0.0, 0.0)])
    assert long_edge[0] == short_edge[0]  # the fronts are where they were
    assert long_edge[1] != short_edge[1]


def footer(page) -> dict:
    """The footer of a page as drawn: its words (text, x, font, size), the caption's, and the scale bar's lines.
    A back mirrored top to bottom has its footer at the top of the page."""
    words = page.extract_words(extra_attrs=["fontname", "size"])
    band = FOOTER + 12  # the footer band and the margin under it
    bottom = [w for w in words if w["top"] > page.height - band]
    top = [w for w in words if w["bottom"] < band and w["fontname"].endswith(("DejaVuSansCondensed",
                                                                              "DejaVuSansCondensed-Bold"))]
    at_top = not bottom
    chosen = top if at_top else bottom
    in_band = (lambda c: c["bottom"] < band) if at_top else (lambda c: c["top"] > page.height - band)
    lines = [(round(c["x0"], 2), round(c["top"], 2), round(c["x1"], 2), round(c["bottom"], 2))
             for c in page.lines + page.curves if in_band(c)]
    return {
        "at_top": at_top,
        "words": [(w["text"], round(w["x0"], 2), round(w["top"], 2), w["fontname"].split("+")[-1], round(w["size"], 2))
                  for w in chosen],
        "bar": sorted(lines),
    }


def test_player_aid_footer_is_the_kit_sheets_footer(written):
    """The player aids' footer is the kit sheets' own, to the point: kit name, page count, side note and the
    'print at 100%' caption in the same font, size and place, and the same 50 mm bar with its ticks."""
    with pdfplumber.open(written["kit"]) as kit_pdf, pdfplumber.open(written["long-edge", (0.0, 0.0)]) as aids_pdf:
        kit_page, aid_page = kit_pdf.pages[0], aids_pdf.pages[0]
        assert (kit_page.width, kit_page.height) == (aid_page.width, aid_page.height)
        kit, aid = footer(kit_page), footer(aid_page)
    assert not kit["at_top"] and not aid["at_top"]
    assert kit["words"][0] == aid["words"][0] and kit["words"][0][0] == "Shires"  # the kit's name, in bold
    caption_words = CAPTION.split()

    def caption(found):
        return [w for w in found["words"] if w[0] in caption_words][-len(caption_words):]

    assert [w[0] for w in caption(aid)] == caption_words
    assert caption(kit) == caption(aid)
    side_note = "Sheet 1 front - print double-sided, flip on long edge".split()

    def note(found):
        return [(w[0], w[3], w[4]) for w in found["words"] if w[0] in side_note]

    assert note(kit) == note(aid) and [w[0] for w in note(aid)] == side_note
    assert len(aid["bar"]) == 7 and kit["bar"] == aid["bar"]  # the bar and its six ticks
    left, right = min(x0 for x0, _, _, _ in aid["bar"]), max(x1 for _, _, x1, _ in aid["bar"])
    assert right - left == pytest.approx(50 * MM, abs=0.05)


def test_short_edge_aid_back_has_its_footer_at_the_top(written):
    """A back mirrored top to bottom carries its footer at the top, behind the front's, as a kit's does."""
    with pdfplumber.open(written["short-edge", (0.0, 0.0)]) as pdf:
        front, back = footer(pdf.pages[0]), footer(pdf.pages[1])
    assert not front["at_top"] and back["at_top"]
    assert any(w[0] == "back" for w in back["words"])
    assert len(back["bar"]) == 7
