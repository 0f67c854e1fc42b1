"""A player's piece carries its seat's badge at the bottom (templates/_base.svg.j2); a token's sublabel keeps clear
of it. Read back from Resource Hog's PDF: its 25 mm action tokens say which phase they start ("phase: move,
work") beside the badge in their bottom-right corner, not under it."""

from __future__ import annotations

from pathlib import Path

from generator.pipeline import BuildOptions, build
from generator.units import to_mm

KIT = Path(__file__).resolve().parents[1] / "components" / "resource_hog"
SIZE, BADGE_LEFT = 25.0, 25.0 - 25 * 0.05 - 3.75 * 1.24 - 0.6  # the badge's left edge on a 25 mm square token


def test_action_token_sublabels_stay_left_of_the_player_badge(tmp_path):
    import pdfplumber

    result = build(KIT, BuildOptions(out=tmp_path / "out", reference=False))
    checked = 0
    with pdfplumber.open(result.pdf) as pdf:
        for page in pdf.pages:
            words = [(w["text"], *(to_mm(v) for v in (w["x0"], w["top"], w["x1"], w["bottom"])))
                     for w in page.extract_words()]
            for text, x0, top, _, _ in words:
                if text != "phase:":
                    continue
                left = x0 - 2.7  # the token's trim edge: the sublabel starts 2.7 mm in
                line = [w for w in words if left < w[1] < left + SIZE and top - 0.5 < w[2] < top + 4.5]
                assert max(w[3] for w in line) <= left + BADGE_LEFT + 0.05, (text, line)
                checked += 1
    assert checked >= 18  # three tokens for each of six players
