"""Text never leaves its box, in any script, read back from what is printed: the PDF's characters and the ink of
the PNG preview (`pnpgen build --preview`, drawn by the same code). Each card of a small kit holds one text box,
framed in red by its template; the text, in blue, is long enough to wrap and shrink. Punctuation is never hung
outside the box: a line ending in a full stop or a closing quote ends inside it, at any alignment."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import numpy as np
import pdfplumber
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parent.parent
JA_FONT = ROOT / "components" / "medieval_manor_ja" / "fonts" / "NotoSansJP-MedievalManor.ttf"
MM = 72 / 25.4
DPI = 200
GAP = 0.6     # mm between the text box and the middle of its red frame
STROKE = 0.3  # mm, the frame's line
SIZE = 14     # pt asked for: every text here must shrink below it
# cairo writes a line's glyph positions in whole thousandths of an em, each rounded: a right-to-left line, written
# from its right end, may start up to a tenth of a point left of where it was placed (0.04 mm).
ROUNDING = 0.15  # pt
# Layout fits advances; a few glyphs' ink reaches past their advance (the tail of a final ر, the hook of f), by
# 0.16 mm at most in this kit: the preview allows a quarter of a millimetre beyond the box, anti-aliasing included.
INK = 0.25  # mm
NEAR = 12  # pt: a character this near a box is its box's (the boxes lie on cards apart, 30 mm and more)

LATIN = ("Wave the AVATAR banner: each player draws two cards, discards one and passes the rest to the left. "
         "Whoever holds the Lantern of Counterrevolutionaries takes the first turn.")
ARABIC = ("يضع كل لاعب بطاقتين على الطاولة، ثم يأخذ بطاقة من المجموعة. "
          "اللاعب الذي يملك أكبر عدد من النقاط يبدأ الجولة التالية.")
JAPANESE = "地図の端に置かなければならない。ここに置いたカードが作物を得るとき、さらに1つ多く得る（+1C）。" * 2
CHINESE = "新城主在川地得多果物，村元初教森行。現在最多作物，少牧草，多森。城市主教在川地多作果物。" * 2
MIXED = "Gold مرحبا بالعالم 12 — pay the ferry, then يضع كل لاعب بطاقتين. " * 3
PUNCTUATED = "He said: “Stop.” She said, “Go!” They said “Wait,” and waited. (Quiet.) “Fine.”"

# (text, align, box width mm, box height mm): every script, every alignment, and narrow boxes whose lines end in
# punctuation. The template puts each box at BOX_X, BOX_Y on a 63 × 88 mm card and draws its frame over the
# text, so that text running over the frame leaves it whole and shows beside it.
CARDS = (
    (LATIN, "start", 40, 24), (LATIN, "middle", 50, 20), (LATIN, "end", 30, 40),
    (ARABIC, "start", 40, 24), (ARABIC, "end", 28, 40),
    (JAPANESE, "start", 44, 26), (JAPANESE, "middle", 30, 40),
    (CHINESE, "start", 44, 26), (CHINESE, "end", 30, 40),
    (MIXED, "start", 50, 30),
    (PUNCTUATED, "end", 22, 40), (PUNCTUATED, "start", 22, 40), (PUNCTUATED, "middle", 24, 40),
)
BOX_X, BOX_Y = 6.0, 8.0

TEMPLATE = f"""\
<svg xmlns="http://www.w3.org/2000/svg" width="{{{{ (w + 2*bleed)|num }}}}mm" height="{{{{ (h + 2*bleed)|num }}}}mm" viewBox="{{{{ (-bleed)|num }}}} {{{{ (-bleed)|num }}}} {{{{ (w + 2*bleed)|num }}}} {{{{ (h + 2*bleed)|num }}}}">
<rect x="{{{{ (-bleed)|num }}}}" y="{{{{ (-bleed)|num }}}}" width="{{{{ (w + 2*bleed)|num }}}}" height="{{{{ (h + 2*bleed)|num }}}}" fill="#ffffff"/>
{{% set bw = f.bw|float %}}{{% set bh = f.bh|float %}}
{{{{ text(f.text, {BOX_X}, {BOX_Y}, bw, bh, size={SIZE}, min_size=4, fill="#0000ff", align=f.align) }}}}
<rect x="{BOX_X - GAP}" y="{BOX_Y - GAP}" width="{{{{ (bw + {2 * GAP})|num }}}}" height="{{{{ (bh + {2 * GAP})|num }}}}" fill="none" stroke="#ff0000" stroke-width="{STROKE}"/>
</svg>
"""

KIT = """\
kit:
  name: Boxes
  defaults:
    font: [fonts/ja.ttf]
    bleed: 0mm
components:
  - id: card
    kind: card
    size: 63mm x 88mm
    cards: cards.csv
    sides: {front: {template: boxed}}
"""


def write_kit(folder: Path) -> Path:
    kit = folder / "boxes"
    (kit / "fonts").mkdir(parents=True)
    (kit / "templates").mkdir()
    shutil.copy(JA_FONT, kit / "fonts" / "ja.ttf")
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "templates" / "boxed.svg.j2").write_text(TEMPLATE, encoding="utf-8")
    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\n")
    writer.writerow(["count", "text", "align", "bw", "bh"])
    writer.writerows([1, *card] for card in CARDS)
    (kit / "cards.csv").write_text(rows.getvalue(), encoding="utf-8")
    return kit


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The kit's output folder: its PDF and the PNG preview of each page."""
    folder = tmp_path_factory.mktemp("boxes")
    kit = write_kit(folder)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(folder / "out"), "--preview-dpi", str(DPI),
                                      "--no-reference", "--no-cover"])
    assert result.exit_code == 0, result.output
    return folder / "out" / "boxes"


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(first, last) index of each run of True."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], flags.astype(np.int8), [0]))))
    return [(int(a), int(b) - 1) for a, b in zip(edges[::2], edges[1::2])]


def frames_in(red: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Pixel boxes (left, top, right, bottom) of the red frames: bands of rows holding red, then within each
    band the runs of columns holding red (cards lie in a grid, apart by their gutter)."""
    boxes = []
    for top, bottom in _runs(red.any(axis=1)):
        band = red[top:bottom + 1]
        for left, right in _runs(band.any(axis=0)):
            rows = np.flatnonzero(band[:, left:right + 1].any(axis=1))
            boxes.append((left, top + int(rows[0]), right, top + int(rows[-1])))
    return boxes


def test_preview_ink_stays_inside_every_text_box(built):
    """From the pixels alone: the text box is the red frame's outer edge less the frame's reach (GAP + half the
    stroke); no blue ink lies further than INK outside its card's box."""
    pages = sorted((built / "preview").glob("page-*.png"))
    assert pages, "no preview written"
    reach = (GAP + STROKE / 2) / 25.4 * DPI
    slack = INK / 25.4 * DPI
    frames_seen = 0
    for page in pages:
        rgb = np.asarray(Image.open(page).convert("RGB")).astype(int)
        r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
        red = (r - b > 80) & (r - g > 80)
        ink = (b - r > 40) & (b - g > 40)  # the text's blue, anti-aliased edges included
        frames = frames_in(red)
        frames_seen += len(frames)
        inside = np.zeros_like(ink)
        for left, top, right, bottom in frames:
            box = (left + reach - slack, top + reach - slack, right - reach + slack, bottom - reach + slack)
            x0, y0, x1, y1 = (int(np.floor(box[0])), int(np.floor(box[1])), int(np.ceil(box[2])), int(np.ceil(box[3])))
            assert ink[y0:y1 + 1, x0:x1 + 1].sum() > 50, f"{page.name}: no text in the box at {box}"
            inside[y0:y1 + 1, x0:x1 + 1] = True
        stray = np.argwhere(ink & ~inside)
        assert not len(stray), f"{page.name}: {len(stray)} pixels of text ink outside their box, e.g. (y, x) {stray[:5].tolist()}"
    assert frames_seen == len(CARDS)


def _boxes(page) -> list[tuple[float, float, float, float]]:
    """The text boxes of a PDF page (x0, top, x1, bottom in points) from the red frames the template drew (a
    rectangle's path, the middle of its stroke, GAP outside the box)."""
    frames = [rect for rect in page.rects if tuple(rect.get("stroking_color") or ()) == (1, 0, 0)]
    return [(f["x0"] + GAP * MM, f["top"] + GAP * MM, f["x1"] - GAP * MM, f["bottom"] - GAP * MM) for f in frames]


def _blue(char) -> bool:
    return tuple(char.get("non_stroking_color") or ()) == (0, 0, 1)


def test_pdf_characters_stay_inside_every_text_box_and_shrank(built):
    """Every blue character's box (its advance across, the font's ascent and descent up and down) lies inside
    the text box whose frame surrounds it; and each text did wrap and shrink."""
    boxes_seen, scripts = 0, set()
    with pdfplumber.open(built / "boxes.pdf") as pdf:
        for page in pdf.pages:
            boxes = _boxes(page)
            boxes_seen += len(boxes)
            chars = [c for c in page.chars if _blue(c) and c["text"].strip()]
            for x0, top, x1, bottom in boxes:
                held = [c for c in chars if x0 - NEAR <= (c["x0"] + c["x1"]) / 2 <= x1 + NEAR
                        and top - NEAR <= (c["top"] + c["bottom"]) / 2 <= bottom + NEAR]
                assert held, f"no text in the box at {(x0, top)}"
                for c in held:
                    assert c["x0"] >= x0 - ROUNDING and c["x1"] <= x1 + ROUNDING, (c["text"], c["x0"], c["x1"], x0, x1)
                    baseline = c["matrix"][5]  # y up from the page's foot
                    assert page.height - baseline <= bottom + ROUNDING, (c["text"], baseline, bottom)
                    assert page.height - baseline - 0.7 * c["size"] >= top - ROUNDING, (c["text"], baseline, top)
                assert max(c["size"] for c in held) < SIZE - 0.2  # shrunk to fit
                assert len({round(c["matrix"][5]) for c in held}) >= 3  # wrapped
                scripts |= {_script(c["text"]) for c in held}
            leftover = [c for c in chars if not any(x0 - NEAR <= c["x0"] and c["x1"] <= x1 + NEAR for x0, _t, x1, _b in boxes)]
            assert not leftover, [c["text"] for c in leftover[:20]]
    assert boxes_seen == len(CARDS)
    assert {"latin", "arabic", "cjk"} <= scripts


def _script(char: str) -> str:
    code = ord(char)
    if 0x0600 <= code <= 0x06FF or 0xFB50 <= code <= 0xFEFF:
        return "arabic"
    if 0x3000 <= code <= 0x9FFF or 0xFF00 <= code <= 0xFFEF:
        return "cjk"
    return "latin" if char.isascii() else "other"


def test_punctuation_is_never_hung_outside_the_box(built):
    """Hanging punctuation is off: in the narrow boxes set flush right, flush left and centred, the full stops,
    commas and quotes that end (or begin) a line sit inside the box, the right-set lines' last character
    ending at its right edge."""
    ends = []
    with pdfplumber.open(built / "boxes.pdf") as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if _blue(c)]
            for x0, top, x1, bottom in _boxes(page):
                if x1 - x0 > 24.5 * MM:
                    continue  # the punctuated boxes are the narrow ones
                held = [c for c in chars if x0 - NEAR <= (c["x0"] + c["x1"]) / 2 <= x1 + NEAR
                        and top - NEAR <= (c["top"] + c["bottom"]) / 2 <= bottom + NEAR]
                lines: dict[int, list] = {}
                for c in held:
                    lines.setdefault(round(c["matrix"][5]), []).append(c)
                for line in lines.values():
                    first = min(line, key=lambda c: c["x0"])
                    last = max((c for c in line if c["text"].strip()), key=lambda c: c["x1"])
                    ends.append((last["text"], last["x1"] - x1, first["text"], first["x0"] - x0))
                    assert first["x0"] >= x0 - ROUNDING and last["x1"] <= x1 + ROUNDING, (first["text"], last["text"])
    punctuated_ends = [e for e in ends if e[0] in ".,!”)"]
    assert len(punctuated_ends) >= 4, ends  # the case is really exercised
    flush = [e for e in punctuated_ends if abs(e[1]) < ROUNDING]
    assert flush, ends  # some right-set line ends exactly at the edge with its punctuation, not beyond
    assert any(e[2] in "“(" for e in ends), ends  # and some line starts with an opening quote or parenthesis
