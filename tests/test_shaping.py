"""Shaped text, read back from the written PDF: kerning, right-to-left Arabic with joined forms in logical
order, CJK wrapped inside its box, fonts in fallback order, and a missing glyph failing the build."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.render.shaping import MissingGlyphError, Shaping, shape_line
from generator.render.text import Setting, fit_text, wrap
from generator.typeface import BUNDLED, TextStyle, Typography

ROOT = Path(__file__).resolve().parent.parent
JA_FONTS = ROOT / "components" / "medieval_manor_ja" / "fonts"
MM = 72 / 25.4
ARABIC = "مرحبا بالعالم"
JAPANESE = "地図の端に置かなければならない。ここに置いたカードが作物を得るとき、さらに1つ多く得る（+1C）。" * 2
BODY_WIDTH = (63 - 2 * 3.2 - 1) * MM  # the card template's body box (poker cards are 63 mm wide)

KIT = """\
kit:
  name: Scripts
  defaults:
    font: [fonts/ja.ttf]
    typography: {kerning: true}
components:
  - id: card
    kind: card
    size: poker
    cards: cards.csv
"""
CARDS = f"""\
count,title,text
1,AVATAR Wave,Plain words find
1,Arabic,{ARABIC}
1,Japanese,{JAPANESE}
"""


def build(tmp_path: Path, cards: str = CARDS) -> tuple[int, str, Path]:
    kit = tmp_path / "scripts"
    (kit / "fonts").mkdir(parents=True)
    shutil.copy(JA_FONTS / "NotoSansJP-MedievalManor.ttf", kit / "fonts" / "ja.ttf")
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "cards.csv").write_text(textwrap.dedent(cards), encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "out"), "--no-reference", "--no-cover"])
    return result.exit_code, result.output, tmp_path / "out" / kit.name / f"{kit.name}.pdf"


def card_chars(pdf: Path) -> list[dict]:
    """The characters of the card sheet, in the order the PDF's content stream gives them."""
    with pdfplumber.open(pdf) as document:
        for page in document.pages:
            if any(char["text"] == "ب" for char in page.chars):
                return [dict(char) for char in page.chars]
    raise AssertionError("no card sheet found")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    code, output, pdf = build(tmp_path_factory.mktemp("shaping"))
    assert code == 0, output
    return (card_chars(pdf),)


def run(chars: list[dict], text: str) -> list[dict]:
    """The characters spelling `text` in stream order (the first such run)."""
    letters = [c["text"] for c in chars]
    for i in range(len(letters) - len(text) + 1):
        if "".join(letters[i:i + len(text)]) == text:
            return chars[i:i + len(text)]
    raise AssertionError(f"{text!r} not found in {''.join(letters)[:300]!r}")


def test_kerned_pairs_are_narrower_than_their_unkerned_advances(pdfs):
    for pair in ("AV", "VA", "Wa"):
        first, second = run(pdfs[0], pair)
        # x1 - x0 is the first glyph's own (unkerned) advance, from the widths of the font embedded in the PDF
        assert second["x0"] - first["x0"] < (first["x1"] - first["x0"]) - 0.02 * first["size"], pair
    # "fi" is drawn as the font's ligature glyph, which extracts as U+FB01 (viewers' search folds it to "fi")
    assert run(pdfs[0], "\ufb01nd")
    assert run(pdfs[0], "wo")[1]["x0"] - run(pdfs[0], "wo")[0]["x0"] == pytest.approx(
        run(pdfs[0], "wo")[0]["x1"] - run(pdfs[0], "wo")[0]["x0"], abs=0.01)


def test_the_manifest_switches_kerning_off(tmp_path):
    from generator.manifest import load_manifest
    from generator.render.templating import TextHelper

    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "kit.yaml").write_text(textwrap.dedent("""\
        kit:
          name: Plain
          defaults: {typography: {kerning: false, ligatures: false, styles: {title: {small_caps: true, tracking: 0.05}}}}
        components:
          - {id: c, kind: card, size: poker, count: 1, fields: {title: AVATAR}}
        """), encoding="utf-8")
    typeface = load_manifest(kit).defaults.font
    assert typeface.chain(False) == BUNDLED.chain(False)
    svg = str(TextHelper({}, typeface)("AVATAR", 0, 0, 40, 10, style="title"))
    assert 'data-features="-clig -kern -liga +smcp"' in svg and 'data-tracking="0.05"' in svg
    kerned = str(TextHelper({})("AVATAR", 0, 0, 40, 10, align="start"))
    plain = str(TextHelper({}, typeface)("AVATAR", 0, 0, 40, 10, align="start"))
    assert "data-features" not in kerned and 'data-features="-clig -kern -liga"' in plain


def test_arabic_extracts_in_logical_order_drawn_right_to_left_in_joined_forms(pdfs):
    import uharfbuzz as hb

    chars = _arabic(pdfs[0])
    assert "".join(c["text"] for c in chars) == ARABIC.replace(" ", "")  # logical order in the content stream
    xs = [c["x0"] for c in chars]
    assert xs == sorted(xs, reverse=True)  # the first letter is the rightmost
    # the drawn advances are HarfBuzz's for the joined (contextual) forms, not those of isolated letters
    face = hb.Face(hb.Blob.from_file_path(str(BUNDLED.regular)))
    font = hb.Font(face)
    size = chars[0]["size"]
    start = 0
    for word in ARABIC.split():
        buffer = hb.Buffer()
        buffer.add_str(word)
        buffer.guess_segment_properties()
        hb.shape(font, buffer, {})
        assert buffer.direction == "rtl"
        joined = {info.cluster: pos.x_advance / face.upem for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions)}
        names = [font.glyph_to_string(info.codepoint) for info in buffer.glyph_infos]
        assert any(name.startswith("uniFE") for name in names)  # presentation (joined) forms
        drawn = chars[start:start + len(word)]
        start += len(word)
        for i, char in enumerate(drawn):
            assert (char["x1"] - char["x0"]) / size == pytest.approx(joined[i], abs=2e-3), (word, i)
        isolated = [shape_line(letter, BUNDLED.chain(False)).width for letter in word]
        assert any(abs(isolated[i] - joined[i]) > 0.05 for i in range(len(word)))


def _arabic(chars: list[dict]) -> list[dict]:
    return [c for c in chars if "\u0600" <= c["text"] <= "\u06ff"]


def test_cjk_card_wraps_inside_its_box_in_the_kits_font(pdfs):
    chars = [c for c in pdfs[0] if c["text"] in set(JAPANESE) - set("+1C")]
    assert all("NotoSansJP" in c["fontname"] for c in chars)
    latin = [c for c in pdfs[0] if c["text"] == "C" and abs(c["size"] - chars[0]["size"]) < 0.01]
    assert latin and all("DejaVu" in c["fontname"] for c in latin)  # not in the Japanese font: the fallback
    lines = sorted({round(c["top"], 1) for c in chars})
    assert len(lines) >= 4
    left, right = min(c["x0"] for c in chars), max(c["x1"] for c in chars)
    assert right - left <= BODY_WIDTH + 0.5
    assert right - left > 0.8 * BODY_WIDTH  # lines are filled, broken between characters
    starts = [min((c for c in chars if round(c["top"], 1) == y), key=lambda c: c["x0"])["text"] for y in lines]
    assert not set(starts) & set("、。）")  # never at the start of a line


def test_arabic_text_fits_its_box(pdfs):
    chars = _arabic(pdfs[0])
    assert max(c["x1"] for c in chars) - min(c["x0"] for c in chars) <= BODY_WIDTH + 0.5


def test_a_character_no_font_has_fails_the_build_with_its_code_point(tmp_path):
    code, output, pdf = build(tmp_path, cards="count,title,text\n1,Blessing,Peace \ufdfa be\n")
    assert code == 2
    assert "cards.csv:2:" in output and "'\ufdfa' (U+FDFA) is in none of the kit's fonts" in output
    assert not pdf.exists()


def test_ligatures_and_kerning_switch_off_and_styles_track():
    chain = BUNDLED.chain(False)
    assert len(shape_line("fi", chain).pieces[0].glyphs) == 1  # the standard ligature
    off = Typography(ligatures=False).shaping()
    assert len(shape_line("fi", chain, off).pieces[0].glyphs) == 2
    assert shape_line("AV", chain).width < shape_line("AV", chain, Typography(kerning=False).shaping()).width
    tracked = Typography(styles=(("title", TextStyle(tracking=0.1)),)).shaping("title")
    assert shape_line("Moose", chain, tracked).width == pytest.approx(shape_line("Moose", chain).width + 0.5)
    assert Typography(styles=(("x", TextStyle((("smcp", True),))),)).shaping("x").features == (("smcp", True),)


def test_missing_glyph_is_never_measured_as_a_box():
    with pytest.raises(MissingGlyphError, match=r"U\+4E00"):
        fit_text("one 一", 100, 50, 10)


def test_long_words_in_narrow_boxes_are_hyphenated_in_the_kits_language():
    import pyphen

    word = "Counterrevolutionaries"
    setting = Setting(BUNDLED.chain(False), Shaping(language="en-US"))
    lines = wrap(word, 5.0, setting)
    texts = ["".join(run.text for run in line.runs) for line in lines]
    assert len(texts) > 1 and all(text.endswith("-") for text in texts[:-1])
    assert "".join(t.rstrip("-") for t in texts) == word
    breaks = set(pyphen.Pyphen(lang="en_US").positions(word))
    assert len(texts[0]) - 1 in breaks  # at a syllable of the language, not between any two letters
    assert all(line.width <= 5.0 + 1e-9 for line in lines)


def test_the_writer_draws_the_glyph_ids_harfbuzz_measured():
    """cairo, asked for the face by name, uses the same file as HarfBuzz: glyph by glyph, the advances and
    ink boxes cairo reports for HarfBuzz's glyph ids are HarfBuzz's own."""
    import uharfbuzz as hb

    from generator.write.faces import cairo
    from generator.write.glyphs import font_options

    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    context = cairo.Context(surface)
    for bold in (False, True):
        path = BUNDLED.file(bold)
        context.select_font_face(BUNDLED.face(bold), cairo.FONT_SLANT_NORMAL,
                                 cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        context.set_font_size(1000)
        context.set_font_options(font_options())
        scaled = context.get_scaled_font()
        font = hb.Font(hb.Face(hb.Blob.from_file_path(str(path))))
        line = shape_line("AVATAR Wave fi " + ARABIC, (path,))
        for piece in line.pieces:
            for glyph, *_ in piece.glyphs:
                x_bearing, y_bearing, width, height, x_advance, _ = scaled.glyph_extents([(glyph, 0, 0)])
                extents = font.get_glyph_extents(glyph)
                upem = font.face.upem
                assert x_advance == pytest.approx(font.get_glyph_h_advance(glyph) * 1000 / upem, abs=0.01)
                assert width == pytest.approx(extents.width * 1000 / upem, abs=1.0)
                assert x_bearing == pytest.approx(extents.x_bearing * 1000 / upem, abs=1.0)


def test_a_kit_name_the_page_font_lacks_is_refused(write_kit):
    kit = write_kit("""\
        kit: {name: "荘園"}
        components:
          - {id: c, kind: card, size: poker, count: 1, fields: {title: Manor}}
        """)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(kit.parent / "out")])
    assert result.exit_code == 2
    assert "kit.name: '荘' (U+8358) is not in pnpgen's page font" in result.output


def test_a_mixed_line_reads_in_logical_order_and_shows_in_visual_order(tmp_path):
    """'Gold مرحبا 12' in a left-to-right paragraph: the Arabic word and the number after it form a right-to-left
    run (bidi W2: a number after an Arabic letter is an Arabic number), so the number shows left of the word; the
    PDF's text still reads as written."""
    mixed = "Gold مرحبا 12"
    code, output, pdf = build(tmp_path, f"count,title,text\n1,Mixed,{mixed}\n1,Arabic,{ARABIC}\n")
    assert code == 0, output
    chars = card_chars(pdf)
    letters = "".join(c["text"] for c in chars)
    assert mixed in letters  # logical order in the content stream
    at = letters.index(mixed)
    line = chars[at:at + len(mixed)]
    x = {c["text"]: c["x0"] for c in line}
    word = [c for c in line if "\u0600" <= c["text"] <= "\u06ff"]
    assert [c["x0"] for c in word] == sorted((c["x0"] for c in word), reverse=True)  # the word right to left
    assert x["d"] < x["1"] < x["2"] < min(c["x0"] for c in word)  # Gold, then 12, then the word, left to right


def test_a_sheet_label_takes_what_its_font_lacks_from_the_kits_typeface_and_marks_what_none_has():
    """Cover and footer lines: Japanese from the kit's typeface, a character no font has as '?' (never an empty box,
    never the whole line given up)."""
    from generator.typeface import read_typeface
    from generator.write.draw import cairo, text_width, use_sheet_fallback

    context = cairo.Context(cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None))
    use_sheet_fallback(read_typeface(JA_FONTS / "NotoSansJP-MedievalManor.ttf"))
    try:
        japanese = text_width(context, "Tile (その他)", 10)
        assert text_width(context, "Tile (その他) \U0001f3b2", 10) == pytest.approx(text_width(context, "Tile (その他) ?", 10))
        use_sheet_fallback(BUNDLED)
        assert text_width(context, "Tile (その他)", 10) == pytest.approx(text_width(context, "Tile (???)", 10), rel=0.02)
        assert japanese > text_width(context, "Tile (???)", 10)  # (three ems of Japanese against three question marks)
    finally:
        use_sheet_fallback(BUNDLED)
