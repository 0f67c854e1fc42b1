"""pnpgen's own words on a face (the field name on the blank of `content: missing` cards, a card's fallback title, the kit
name on a default back, 'glue' on tabs) always fit: shorter wording on small pieces, left out when nothing fits.
The player's own text that does not fit stays an error. Read back from the written PDF."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.pipeline import BuildOptions, build
from tests.conftest import CUT_GREY

PT_MM = 25.4 / 72
CARDS = """
kit:
  name: The Extraordinary and Unlikely Adventures of Baron Munchausen
components:
  - {id: c25, kind: card, size: 25mm, content: missing}
  - {id: c40, kind: card, size: 40mm, content: missing}
  - {id: mini, kind: card, size: mini-us, content: missing}
  - {id: c12, kind: card, size: 12mm, content: missing}
  - {id: t10, kind: token, size: 10mm, sides: {back: {}}}
"""


def _cards_and_words(pdf):
    """(cut outline boxes, words with their boxes) on every page, in mm; each box starts with its page index."""
    import pdfplumber

    cuts, words = [], []
    with pdfplumber.open(pdf) as doc:
        for i, page in enumerate(doc.pages):
            cuts += [(i, s["x0"] * PT_MM, s["top"] * PT_MM, s["x1"] * PT_MM, s["bottom"] * PT_MM) for s in page.rects
                     if s.get("stroke") and s.get("stroking_color") == CUT_GREY]
            words += [(i, w["x0"] * PT_MM, w["top"] * PT_MM, w["x1"] * PT_MM, w["bottom"] * PT_MM, w["text"])
                      for w in page.extract_words()]
    return cuts, words


def _inside(words, box):
    page, x0, y0, x1, y1 = box
    return [w for w in words if w[0] == page and x0 <= w[1] and w[3] <= x1 and y0 <= w[2] and w[4] <= y1]


def test_the_fill_in_prompt_fits_25mm_40mm_and_mini_cards(tmp_path):
    (tmp_path / "kit.yaml").write_text(CARDS, encoding="utf-8")
    result = build(tmp_path, BuildOptions(out=tmp_path / "out", reference=False))
    cuts, words = _cards_and_words(result.pdf)
    for width, height in [(25, 25), (40, 40), (41, 63)]:
        [card] = [c for c in cuts if abs(c[3] - c[1] - width) < 0.1 and abs(c[4] - c[2] - height) < 0.1]
        inside = _inside(words, card)
        text = " ".join(w[5] for w in inside)
        # a clean blank: at most its field's name ("Text"), never words to the designer, always inside the card
        assert "write" not in text.lower() and "rules" not in text.lower(), (width, text)
        assert all(w[1] >= card[1] + 3 and w[3] <= card[3] - 3 for w in inside), (width, inside)
    [tiny] = [c for c in cuts if abs(c[3] - c[1] - 12) < 0.1]
    assert not _inside(words, tiny)  # no room for a title or a prompt: the 12 mm card is left blank


def test_the_players_own_text_that_does_not_fit_is_still_an_error(write_kit, tmp_path):
    kit = write_kit(CARDS.replace("content: missing}", "fields: {text: " + "Gain three gold and lose a worker. " * 6 + "}}", 1))
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "does not fit" in result.output and "Gain three gold" in result.output, result.output


@pytest.mark.parametrize("label,fits", [(None, True), ("Munchausen's marvellous moon voyage", False)])
def test_a_back_shows_the_kit_name_only_where_it_fits_but_a_label_must(write_kit, tmp_path, label, fits):
    manifest = CARDS if label is None else CARDS.replace("sides: {back: {}}", f"sides: {{back: {{fields: {{label: \"{label}\"}}}}}}")
    result = CliRunner().invoke(app, ["build", str(write_kit(manifest)), "--out", str(tmp_path / "o"), "--no-reference"])
    assert (result.exit_code == 0) == fits, result.output
    if not fits:
        assert "does not fit" in result.output and "Munchausen's" in result.output
