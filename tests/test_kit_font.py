"""A kit's own typeface (`defaults.font`): text is laid out with its metrics, drawn and embedded in it, in the
pieces and in the reference sheets; bad font files are refused with a located message."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.typeface import BUNDLED

WIDEN = 1.5  # the test face is the bundled one with every advance 1.5 times as wide
FAMILY = "Pnp Test Wide"

KIT = """\
kit:
  name: Fonts
  defaults:
    font: FONT
components:
  - id: card
    kind: card
    size: poker
    count: 2
    fields: {title: Mighty Moose, text: "Body text that wraps over several lines of the card in the wide face."}
  - id: chip
    kind: chip
    size: 25mm
    count: 3
    fields: {value: 5, label: Gold}
reference:
  blocks:
    - list: {title: Turn order, items: ["**Draw** a card", Play a card]}
    - table: {header: [Card, Cost], rows: [[Moose, 3]]}
"""
BOTH = "{regular: fonts/wide.ttf, bold: fonts/wide-bold.ttf}"


def make_font(source: Path, target: Path, family: str, bold: bool, widen: float = WIDEN, fs_type: int = 0) -> Path:
    """The bundled face cut to ASCII, renamed to `family` and with every advance widened."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.name_IDs, options.layout_features, options.notdef_outline = [], [], True
    with TTFont(source) as font:
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=range(0x20, 0x7F))
        subsetter.subset(font)
        metrics = font["hmtx"].metrics
        for glyph, (advance, lsb) in list(metrics.items()):
            metrics[glyph] = (round(advance * widen), lsb)
        font["hhea"].advanceWidthMax = max(advance for advance, _ in metrics.values())
        style = "Bold" if bold else "Regular"
        font["name"].names = []
        for name_id, value in ((1, family), (2, style), (4, f"{family} {style}"), (6, f"{family.replace(' ', '')}-{style}")):
            font["name"].setName(value, name_id, 3, 1, 0x409)
        font["OS/2"].fsType = fs_type
        target.parent.mkdir(parents=True, exist_ok=True)
        font.save(target)
    return target


@pytest.fixture(scope="module")
def fonts(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fonts")
    make_font(BUNDLED.regular, folder / "wide.ttf", FAMILY, bold=False)
    make_font(BUNDLED.bold, folder / "wide-bold.ttf", FAMILY, bold=True)
    make_font(BUNDLED.bold, folder / "other-bold.ttf", "Another Family", bold=True)
    make_font(BUNDLED.regular, folder / "restricted.ttf", "Locked Face", bold=False, fs_type=0x0002)
    make_font(BUNDLED.regular, folder / "dejavu.ttf", "DejaVu Sans", bold=False)
    make_font(BUNDLED.regular, folder / "bitmap-only.ttf", "Bitmap Face", bold=False, fs_type=0x0200)
    return folder


def font_kit(tmp_path: Path, fonts: Path, font: str, files: tuple[str, ...] = ("wide.ttf", "wide-bold.ttf")) -> Path:
    kit = tmp_path / "kits" / "fonts"
    (kit / "fonts").mkdir(parents=True)
    for name in files:
        (kit / "fonts" / name).write_bytes((fonts / name).read_bytes())
    (kit / "kit.yaml").write_text(KIT.replace("FONT", font), encoding="utf-8")
    return kit


def build(kit: Path, out: Path, *extra: str):
    return CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-cover", *extra])


def embedded_fonts(pdf: Path) -> dict[str, bool]:
    """Base font name (subset tag removed) -> embedded, as pdffonts reads the file."""
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    found = {}
    for line in lines:
        name, *rest = line.split()
        found[name.split("+")[-1]] = rest[-5] == "yes"  # columns end: emb sub uni object-id generation
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory, fonts) -> Path:
    tmp_path = tmp_path_factory.mktemp("built")
    result = build(font_kit(tmp_path, fonts, BOTH), tmp_path / "out", "--preview")
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / "fonts"


def test_piece_text_is_drawn_and_embedded_in_the_kit_font(built):
    fonts = embedded_fonts(built / "fonts.pdf")
    assert fonts.get("PnpTestWide-Regular") and fonts.get("PnpTestWide-Bold"), fonts
    with pdfplumber.open(built / "fonts.pdf") as pdf:
        chars = pdf.pages[0].chars
    card_text = [c for c in chars if c["fontname"].endswith("PnpTestWide-Regular")]
    assert "".join(c["text"] for c in card_text).startswith("Body text that")
    # the footer is pnpgen's own and stays in the bundled font
    assert any(c["fontname"].endswith("DejaVuSansCondensed") for c in chars)


def body_lines(pdf_path: Path) -> list[str]:
    """The first card's body text, line by line, as printed (regular weight, above the footer)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if "Bold" not in c["fontname"] and c["top"] < page.height - 72
                 and c["x0"] < page.width / 3]
    lines: dict[int, str] = {}
    for char in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])):
        lines[round(char["top"])] = lines.get(round(char["top"]), "") + char["text"]
    return [text for _, text in sorted(lines.items()) if text.strip()]


def build_lines(tmp_path: Path, fonts: Path, font: str | None, files=("wide.ttf", "wide-bold.ttf")) -> list[str]:
    kit = font_kit(tmp_path, fonts, font or "x", files)
    if font is None:
        text = (kit / "kit.yaml").read_text().replace("  defaults:\n    font: x\n", "")
        (kit / "kit.yaml").write_text(text)
    assert build(kit, tmp_path / "out", "--no-reference").exit_code == 0
    return body_lines(tmp_path / "out" / "fonts" / "fonts.pdf")


def test_text_is_laid_out_with_the_kit_fonts_metrics(tmp_path, fonts):
    """The wide face wraps the body into more lines than the bundled one, and every line still fits the
    card: the kit font's metrics, not the bundled ones, laid it out."""
    bundled = build_lines(tmp_path / "a", fonts, None)
    wide = build_lines(tmp_path / "b", fonts, BOTH)
    assert len(wide) > len(bundled) >= 2, (bundled, wide)
    assert " ".join(wide).split() == " ".join(bundled).split()  # the same words, wrapped differently


def test_a_kit_font_named_like_the_bundled_one_is_still_its_own(tmp_path, fonts):
    bundled = build_lines(tmp_path / "a", fonts, None)
    lookalike = build_lines(tmp_path / "b", fonts, "fonts/dejavu.ttf", ("dejavu.ttf",))
    assert len(lookalike) > len(bundled)


def test_reference_body_uses_the_kit_font_and_embeds_every_font(built):
    fonts = embedded_fonts(built / "fonts-reference.pdf")
    assert fonts.get("PnpTestWide-Regular") and fonts.get("PnpTestWide-Bold"), fonts
    assert all(fonts.values()), f"a font is not embedded: {fonts}"


def test_a_kit_font_build_is_byte_identical(tmp_path, fonts, built):
    kit = font_kit(tmp_path, fonts, BOTH)
    assert build(kit, tmp_path / "again").exit_code == 0
    assert (tmp_path / "again" / "fonts" / "fonts.pdf").read_bytes() == (built / "fonts.pdf").read_bytes()


def test_one_file_serves_regular_and_bold(tmp_path, fonts):
    result = build(font_kit(tmp_path, fonts, "fonts/wide.ttf", ("wide.ttf",)), tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert set(embedded_fonts(tmp_path / "out" / "fonts" / "fonts.pdf")) >= {"PnpTestWide-Regular"}


BAD_FONTS = [
    ("missing file", "fonts/nope.ttf", (), "kit.yaml:4:5: kit.defaults.font: file 'fonts/nope.ttf' does not exist"),
    ("outside the kit", "../../../fonts/wide.ttf", (), "is outside the kit folder"),
    ("a URL", "https://example.com/f.ttf", (), "never URLs"),
    ("not a font suffix", "fonts/wide.woff", ("wide.woff",), "expected a .otf or .ttf file"),
    ("not a font", "fonts/text.ttf", ("text.ttf",), "text.ttf is not a font file pnpgen can read"),
    ("licence forbids embedding", "fonts/restricted.ttf", ("restricted.ttf",), "licence forbids embedding"),
    ("licence allows bitmaps only", "fonts/bitmap-only.ttf", ("bitmap-only.ttf",), "licence forbids embedding its outlines"),
    ("two families", "{regular: fonts/wide.ttf, bold: fonts/other-bold.ttf}", ("wide.ttf", "other-bold.ttf"),
     "the bold file is family 'Another Family' but the regular one is 'Pnp Test Wide'"),
    ("bold without regular", "{bold: fonts/wide-bold.ttf}", ("wide-bold.ttf",), "kit.defaults.font"),
    ("unknown weight", "{regular: fonts/wide.ttf, italic: fonts/wide.ttf}", ("wide.ttf",), "italic"),
]


@pytest.mark.parametrize("case,font,files,expected", BAD_FONTS, ids=[c[0] for c in BAD_FONTS])
def test_bad_font_is_refused_with_a_located_message(tmp_path, fonts, case, font, files, expected):
    (fonts / "wide.woff").write_bytes((fonts / "wide.ttf").read_bytes())
    (fonts / "text.ttf").write_text("this is not a font\n")
    kit = font_kit(tmp_path, fonts, font, files)
    out = tmp_path / "out"
    out.mkdir()
    result = build(kit, out)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert expected in result.output, result.output
    assert list(out.iterdir()) == []


def test_player_aid_cards_embed_every_font(tmp_path, fonts):
    kit = font_kit(tmp_path, fonts, BOTH)
    result = CliRunner().invoke(app, ["reference", str(kit), "--format", "cards", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    fonts_used = embedded_fonts(tmp_path / "out" / "fonts" / "fonts-aids.pdf")
    assert fonts_used.get("PnpTestWide-Regular") and all(fonts_used.values()), fonts_used


def test_the_bundled_fonts_have_every_printable_ascii_character():
    """typeface._has_printable_ascii takes this for granted, to spare HarfBuzz for ASCII text in them."""
    from generator.typeface import PRINTABLE_ASCII, _covered, missing_characters

    assert PRINTABLE_ASCII <= _covered(BUNDLED)
    assert missing_characters(BUNDLED, "Harvest cards: 12 (3 each) ~ {x}") == []
