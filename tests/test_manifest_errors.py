"""Broken manifests: each gives one clear file:line message, exit code 2, and leaves output/ untouched."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from generator.cli import app

GOOD_HEAD = """\
kit:
  name: Broken
  players: {min: 2, max: 3}
  player_colours: [red, blue, green]
components:
"""

# (case id, components text appended to GOOD_HEAD or a whole manifest, extra files, expected line, expected text)
CASES = [
    ("unknown-key", "  - id: a\n    size: 25mm\n    widht: 3\n", {}, 8, "unknown key 'widht'"),
    ("did-you-mean", "  - id: a\n    size: 25mm\n    coutn: 3\n", {}, 8, "did you mean 'count'"),
    ("size-no-unit", "  - id: a\n    size: '25'\n", {}, 7, "is not a size"),
    ("size-number", "  - id: a\n    size: 25\n", {}, 7, "expected a text value"),
    ("bad-colour", "  - id: a\n    size: 25mm\n    colour: hsl(1,2,3)\n", {}, 8, "is not a colour"),
    ("rgb-space-colour", "  - id: a\n    size: 25mm\n    colour: rgb(40 160 60)\n", {}, 8, "is not a colour"),
    ("count-text", "  - id: a\n    size: 25mm\n    count: many\n", {}, 8, "expected a whole number"),
    ("negative-count", "  - id: a\n    size: 25mm\n    count: -1\n", {}, 8, "too small"),
    ("duplicate-id", "  - id: a\n    size: 25mm\n  - id: a\n    size: 25mm\n", {}, 8, "duplicate id 'a'"),
    ("missing-size", "  - id: a\n    count: 2\n", {}, 6, "needs a size"),
    ("disc-two-sizes", "  - id: a\n    shape: disc\n    size: 30mm x 15mm\n", {}, 8, "a disc has one size"),
    ("unknown-template", "  - id: a\n    size: 25mm\n    template: nope\n", {}, 8, "no template 'nope'"),
    ("art-outside-kit", "  - id: a\n    size: 25mm\n    art: ../../../etc/passwd\n", {}, 8, "outside the kit folder"),
    ("art-url", "  - id: a\n    size: 25mm\n    art: http://example.com/x.png\n", {}, 8, "never URLs"),
    ("art-missing", "  - id: a\n    size: 25mm\n    art: art/none.svg\n", {}, 8, "does not exist"),
    ("unknown-icon", "  - id: a\n    size: 25mm\n    fields: {label: 'Pay {gold}'}\n", {}, 8, "unknown icon {gold}"),
    ("bad-kind", "  - id: a\n    kind: spaceship\n    size: 25mm\n", {}, 7, "is not one of"),
    ("csv-bad-count", "  - id: a\n    kind: card\n    size: poker\n    cards: deck.csv\n",
     {"deck.csv": "title,count\nWheat,2\nMill,lots\n"}, 3, "count must be a whole number"),
    ("yaml-syntax", "  - id: a\n    size: [25mm\n", {}, 8, "YAML syntax error"),
    ("per-player-no-colours", None, {}, 7, "per_player needs kit.player_colours"),
    ("include-missing", None, {}, 3, "does not exist"),
    ("bad-length-default", None, {}, 4, "is not a length"),
]

WHOLE = {
    # 2-8 players get the built-in palette (generator/palettes.py); beyond it the kit must name its colours
    "per-player-no-colours": "kit:\n  name: X\n  players: {min: 2, max: 9}\ncomponents:\n  - id: a\n    size: 25mm\n    per_player: true\n",
    "include-missing": "kit:\n  name: X\ninclude: [more.yaml]\ncomponents: []\n",
    "bad-length-default": "kit:\n  name: X\n  defaults:\n    bleed: three\ncomponents: []\n",
}


@pytest.mark.parametrize("case,components,files,line,text", CASES, ids=[c[0] for c in CASES])
def test_broken_manifest(write_kit, tmp_path, case, components, files, line, text):
    manifest = WHOLE.get(case) or GOOD_HEAD + components
    kit = write_kit(manifest, files)
    out = tmp_path / "output"
    out.mkdir()
    (out / "keep.txt").write_text("untouched")
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out)])
    assert result.exit_code == 2, result.output
    message = result.stderr if hasattr(result, "stderr") else result.output
    assert text in message, message
    assert f":{line}:" in message, message
    assert "Traceback" not in message
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]


def test_all_problems_reported_at_once(write_kit, tmp_path):
    kit = write_kit(GOOD_HEAD + "  - id: a\n    size: 25\n  - id: b\n    size: 25mm\n    colour: nope\n")
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "components[0].size" in result.output and "components[1].colour" in result.output


def test_yaml_11_surprises_stay_strings(write_kit):
    from generator.manifest import load_manifest

    kit = write_kit(GOOD_HEAD + "  - id: a\n    kind: card\n    size: poker\n    cards:\n"
                    "      - {title: No, text: on, footer: 12:30, count: 1}\n")
    card = load_manifest(kit).components[0].cards[0]
    assert card.front == {"title": "No", "text": "on", "footer": "12:30"}


def test_hostile_art_cannot_read_outside_the_kit(write_kit, tmp_path):
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG\r\n\x1a\n")
    art = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="file://{secret}" width="10" height="10"/></svg>'
    kit = write_kit(GOOD_HEAD + "  - id: a\n    size: 25mm\n    art: art/evil.svg\n", {"art/evil.svg": art})
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "outside the kit folder" in result.output
    assert not (tmp_path / "o" / "kit").exists()


def test_network_art_is_refused(write_kit, tmp_path):
    art = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="http://127.0.0.1:9/x.png" width="10" height="10"/></svg>'
    kit = write_kit(GOOD_HEAD + "  - id: a\n    size: 25mm\n    art: art/net.svg\n", {"art/net.svg": art})
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "never fetches from the network" in result.output


# messages about a value the user wrote quote that value (and suggest it corrected), never a canned example
OWN_VALUES = [
    ("  - id: a\n    shape: square\n    size: 40mm x 60mm\n", 8,
     "components[0].size: a square has equal sides, not size 40mm x 60mm; write size: 40mm or size: 60mm for a "
     "square, or shape: rect for 40mm x 60mm"),
    ("  - id: a\n    shape: disc\n    size: 35mm x 20mm\n", 8, "not size 35mm x 20mm; write size: 35mm or size: 20mm"),
    ("  - id: a\n    size: 30 x 15\n", 7, "'30 x 15' is not a size; write 30mm x 15mm"),
    ("  - id: a\n    size: '22'\n", 7, "'22' is not a size; write 22mm"),
    ("  - id: a\n    size: 22\n", 7, "got int 22; lengths carry a unit: write 22mm"),
    ("  - id: a\n    size: pokr\n", 7, "'pokr' is not a size; did you mean poker (63.5mm x 88.9mm)?"),
    ("  - id: a\n    size: 25mm\n    bleed: 2,5 mm\n", 8, "'2,5 mm' is not a length; write 2.5mm"),
    ("  - id: a\n    kind: foldup\n    size: 15mm x 22mm\n    foldup: {panel: 15mm x 22mm}\n", 8,
     "for a 15mm x 22mm panel write foldup: {panel: 15mm x 22mm}"),
    ("  - id: a\n    kind: hex\n    size: 38mm\n    hex: {across_flats: 38mm}\n", 8,
     "for tiles 38mm across the flats write hex: {across_flats: 38mm}"),
]


@pytest.mark.parametrize("components,line,text", OWN_VALUES)
def test_messages_quote_the_users_own_values(write_kit, tmp_path, components, line, text):
    result = CliRunner().invoke(app, ["build", str(write_kit(GOOD_HEAD + components)), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    assert f":{line}:" in result.output and text in result.output, result.output
    for canned in ("30mm x 15mm", "e.g. 25mm", "14mm x 20mm", "40mm}"):
        assert canned not in result.output.replace(text, ""), result.output
