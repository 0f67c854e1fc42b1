"""Rendering faces: text fits its box or fails clearly, values are escaped, output matches the golden image."""

from __future__ import annotations

import subprocess

from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import LayoutError
from generator.render.text import fit_text, font_metrics
from generator.typeface import BUNDLED


words = st.text(alphabet=st.characters(whitelist_categories=("Lu", "Ll", "Nd"), max_codepoint=0x17F), min_size=1, max_size=14)


@settings(max_examples=150, deadline=None)
@given(st.lists(words, min_size=1, max_size=80), st.floats(40, 250), st.floats(20, 250), st.floats(6, 16))
def test_fitted_text_never_leaves_its_box(word_list, width, height, size):
    text = " ".join(word_list)
    metrics = font_metrics(BUNDLED.regular)
    try:
        layout = fit_text(text, width, height, size)
    except LayoutError:
        return  # refusing is allowed; overflowing is not
    assert layout.size >= 5 - 1e-9
    assert layout.height(metrics) <= height + 1e-6
    for line in layout.lines:
        assert line.width * layout.size <= width + 1e-6


def test_whole_words_shrink_before_they_break():
    layout = fit_text("Mercenary", 60, 30, 12)
    assert [r.text for line in layout.lines for r in line.runs] == ["Mercenary"]


def test_impossible_text_is_a_clear_error(write_kit, tmp_path):
    kit = write_kit("""\
        kit: {name: Long}
        components:
          - id: c
            kind: card
            size: 30mm x 20mm
            sides: {front: {fields: {title: T, text: "%s"}}}
        """ % ("word " * 400))
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "does not fit" in result.output and "Traceback" not in result.output


def test_values_are_escaped_in_templates(write_kit, tmp_path):
    kit = write_kit("""\
        kit: {name: "Motte&Bailey <Co>"}
        components:
          - id: m
            kind: marker
            size: 30mm
            sides: {front: {fields: {label: "Motte&Bailey <b>"}}}
        """)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = subprocess.run(["pdftotext", str(tmp_path / "kit" / "kit.pdf"), "-"], capture_output=True, text=True).stdout
    assert "Motte&Bailey" in text and "<b>" in text


def test_token_and_card_match_golden_image(write_kit, tmp_path, golden):
    """A token and a card rendered at 100 dpi compared with tests/golden (RMS tolerance for rasterising)."""
    from PIL import Image

    kit = write_kit("""\
        kit: {name: Golden}
        components:
          - id: gold
            kind: chip
            size: 25mm
            colour: "#d4a017"
            sides: {front: {fields: {value: 5, label: money}}}
          - id: wheat
            kind: card
            size: poker
            colour: "#2a6f3a"
            sides: {front: {fields: {title: Wheat, type: Bounty, text: "Gives 4 crops at harvest. Keep it until the end of the season.", footer: "Bounty 1/59"}}}
        """)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path), "--preview"])
    assert result.exit_code == 0, result.output
    actual = Image.open(tmp_path / "kit" / "preview" / "page-001.png").convert("RGB")
    golden.png("token_card.png", actual, tolerance=4)
