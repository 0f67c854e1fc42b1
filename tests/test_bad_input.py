"""Broken and hostile input through the real command line: exit code 2, a message naming the file, line and
key, no traceback, nothing written to --out, and nothing read from outside the kit or from the network."""

from __future__ import annotations

import base64
import gzip
import os
import struct
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

HEAD = """\
kit:
  name: Broken
  players: {min: 2, max: 3}
  player_colours: [red, blue, green]
components:
"""
TOKEN = HEAD + "  - id: a\n    size: 25mm\n"
SECRET = "pnpgen-test-secret-4711"


class Link(str):
    """A file written as a symbolic link to this target."""


def svg(inner: str, head: str = "") -> str:
    return (f'{head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'viewBox="0 0 10 10" width="10" height="10">{inner}</svg>')


def png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0\0\0\0")) + chunk(b"IEND", b"")


def with_art(name: str = "art/x.svg") -> str:
    return TOKEN + f"    art: {name}\n"


def with_template(body: str) -> dict:
    return {"kit.yaml": TOKEN + "    template: t\n    fields: {label: hi}\n",
            "templates/t.svg.j2": '{% extends "_base.svg.j2" %}{% block body %}' + body + "{% endblock %}"}


DECK = HEAD + "  - id: d\n    kind: card\n    size: poker\n    cards: d.csv\n"
HEX = HEAD + "  - id: h\n    kind: hex\n    hex: {across_flats: 30mm, layers: [LAYER]}\n    cards:\n      - CARD\n"
USE_BOMB = ('<defs><g id="l0"><rect width="1" height="1"/></g>'
            + "".join(f'<g id="l{i + 1}">' + f'<use href="#l{i}"/>' * 10 + "</g>" for i in range(8))
            + '</defs><use href="#l8"/>')
ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))

# (case, files (kit.yaml and others; {secret} is a file outside the kit), expected texts in the message)
BUILD_CASES = [
    # YAML itself
    ("yaml-syntax", {"kit.yaml": TOKEN.replace("25mm", "[25mm")}, ["kit.yaml:8:", "YAML syntax error"]),
    ("yaml-tab", {"kit.yaml": TOKEN.replace("    size", "\tsize")}, ["kit.yaml:7:", "tab"]),
    ("duplicate-key", {"kit.yaml": TOKEN + "    size: 30mm\n"}, ["kit.yaml:8:5", "duplicate key 'size'"]),
    ("alias-bomb", {"kit.yaml": ALIAS_BOMB + TOKEN}, ["kit.yaml:", "more than 100000 values"]),
    ("deep-nesting", {"kit.yaml": TOKEN + "    fields: {x: " + "[" * 100_000 + "]" * 100_000 + "}\n"},
     ["kit.yaml:8:", "nested more than 50 levels deep"]),
    ("merge-key", {"kit.yaml": HEAD + "  - &b {id: a, size: 25mm}\n  - <<: *b\n    id: c\n"},
     ["kit.yaml:7:5", "merge keys (<<) are not supported"]),
    ("not-utf8", {"kit.yaml": (TOKEN + "    name: Caf\xe9\n").encode("latin-1")}, ["kit.yaml:8:14", "not UTF-8"]),
    ("utf16", {"kit.yaml": TOKEN.encode("utf-16")}, ["kit.yaml:1", "UTF-16"]),
    ("nul-byte", {"kit.yaml": (TOKEN + "\0").encode()}, ["kit.yaml:8", "is not allowed in YAML"]),
    ("empty", {"kit.yaml": ""}, ["kit.yaml:1:1", "kit: section is missing"]),
    ("top-level-list", {"kit.yaml": "- a\n- b\n"}, ["kit.yaml:1:1", "must be a mapping"]),
    ("python-tag", {"kit.yaml": HEAD + "  - id: !!python/object/apply:os.system [echo]\n    size: 25mm\n"},
     ["kit.yaml:6:9", "YAML tags (!!python/object/apply:os.system) are not supported"]),
    ("explicit-str-count", {"kit.yaml": TOKEN + "    count: !!str 3\n"}, ["kit.yaml:8:5", "expected a whole number, got str '3'"]),
    ("control-character", {"kit.yaml": TOKEN + '    fields: {label: "a\\x01b"}\n'},
     ["kit.yaml:8:21", "fields.label", "control character"]),
    # includes
    ("kit-yaml-link-outside", {"kit.yaml": Link("{secret}")}, ["kit.yaml", "a link to a file outside the kit folder"]),
    ("include-cycle", {"kit.yaml": HEAD + "  []\ninclude: [a.yaml]\n".replace("  []\n", ""), "a.yaml": "include: [a.yaml]\n"},
     ["a.yaml:1:11", "include cycle"]),
    ("include-outside", {"kit.yaml": HEAD + "include: [../secret.yaml]\n"}, ["kit.yaml:6:11", "outside the kit folder"]),
    ("include-link-outside", {"kit.yaml": HEAD + "include: [x.yaml]\n", "x.yaml": Link("{secret}")},
     ["kit.yaml:6:11", "outside the kit folder"]),
    # CSV decks
    ("csv-latin1", {"kit.yaml": DECK, "d.csv": "title,count\nCaf\xe9,1\n".encode("latin-1")}, ["d.csv:2:4", "not UTF-8"]),
    ("csv-no-count", {"kit.yaml": DECK, "d.csv": "title\nA\n"}, ["kit.yaml:9:5", "needs a header row with a count column"]),
    ("csv-extra-cells", {"kit.yaml": DECK, "d.csv": "title,count\nA,1,zzz\n"}, ["d.csv:2", "more cells than the header"]),
    ("csv-repeated-column", {"kit.yaml": DECK, "d.csv": "title,title,count\nA,B,1\n"}, ["d.csv:1", "'title' twice"]),
    ("csv-unnamed-column", {"kit.yaml": DECK, "d.csv": "title,,count\nA,B,1\n"}, ["d.csv:2", "a column the header does not name"]),
    ("csv-bom-and-bad-count", {"kit.yaml": DECK, "d.csv": b"\xef\xbb\xbftitle,count\nA,-3\n"},
     ["d.csv:2", "cards[0].count", "got '-3'"]),
    ("csv-huge-count", {"kit.yaml": DECK, "d.csv": "title,count\nA,99999999999\n"}, ["kit.yaml:6:5", "more than 20000 pieces"]),
    ("csv-control-character", {"kit.yaml": DECK, "d.csv": b"title,count\nA\x00,1\n"}, ["d.csv:2", "control character"]),
    ("csv-art-outside", {"kit.yaml": DECK, "d.csv": "title,art,count\nA,{secret},1\n"},
     ["d.csv:2", "cards[0].art", "outside the kit folder"]),
    ("csv-link-outside", {"kit.yaml": DECK, "d.csv": Link("{secret}")}, ["kit.yaml:9:5", "outside the kit folder"]),
    # sizes, counts, lengths
    ("size-zero", {"kit.yaml": TOKEN.replace("25mm", "0mm")}, ["kit.yaml:7:5", "larger than zero"]),
    ("size-5000mm", {"kit.yaml": TOKEN.replace("25mm", "5000mm")}, ["kit.yaml:7:5", "outside 1mm to 1000mm"]),
    ("size-negative", {"kit.yaml": TOKEN.replace("25mm", "-5mm")}, ["kit.yaml:7:5", "is not a size"]),
    ("count-billion", {"kit.yaml": TOKEN + "    count: 1000000000\n"}, ["kit.yaml:6:5", "more than 20000 pieces"]),
    ("bleed-huge", {"kit.yaml": TOKEN + "    bleed: 500mm\n"}, ["kit.yaml:8:5", "more than 10mm"]),
    ("margin-huge", {"kit.yaml": HEAD.replace("components:", "  defaults: {margin: 200mm}\ncomponents:") + "  - id: a\n    size: 25mm\n"},
     ["kit.yaml:5:", "more than 50mm"]),
    ("corner-radius-huge", {"kit.yaml": TOKEN + "    shape: rounded\n    corner_radius: 100mm\n"},
     ["kit.yaml:9:5", "more than half"]),
    ("hex-huge", {"kit.yaml": HEAD + "  - id: h\n    kind: hex\n    hex: {across_flats: 5000mm}\n"},
     ["kit.yaml:6:5", "larger than 1000 mm"]),
    # 2-8 players get the built-in palette; beyond it the kit must name its colours
    ("per-player-without-colours", {"kit.yaml": "kit:\n  name: X\n  players: {min: 2, max: 9}\ncomponents:\n"
                                                "  - id: a\n    size: 25mm\n    per_player: true\n"},
     ["kit.yaml:7:5", "per_player needs kit.player_colours"]),
    # kinds and their option blocks
    ("unknown-shape", {"kit.yaml": TOKEN + "    shape: star\n"}, ["kit.yaml:8:5", "'star' is not one of"]),
    ("block-for-another-kind", {"kit.yaml": TOKEN + "    die: {faces: [1, 2, 3, 4, 5, 6]}\n"},
     ["kit.yaml:8:5", "a die: block is for kind die, not kind token"]),
    ("die-edge-zero", {"kit.yaml": HEAD + "  - id: d\n    kind: die\n    die: {faces: [1, 2, 3, 4, 5, 6], edge: 0mm}\n"},
     ["kit.yaml:8:", "die.edge", "larger than zero"]),
    ("die-sticker-too-big", {"kit.yaml": HEAD + "  - id: d\n    kind: die\n    die: {mode: stickers, faces: [1, 2, 3, 4, 5, 6], "
                                                "edge: 10mm, sticker: 30mm}\n"}, ["kit.yaml:8:", "die.sticker", "must fit"]),
    ("die-tab-too-deep", {"kit.yaml": HEAD + "  - id: d\n    kind: die\n    die: {faces: [1, 2, 3, 4, 5, 6], tab: 50mm}\n"},
     ["kit.yaml:8:", "die.tab", "shallower"]),
    ("die-pips-9", {"kit.yaml": HEAD + "  - id: d\n    kind: die\n    die: {faces: [1, 2, 3, 4, 5, 9]}\n"},
     ["kit.yaml:8:", "die.faces[5]", "greater than the maximum of 6"]),
    ("track-million-spaces", {"kit.yaml": HEAD + "  - id: t\n    kind: track\n    track: {spaces: 1000000}\n"},
     ["kit.yaml:8:13", "track.spaces", "greater than the maximum of 1000"]),
    ("mat-supply-huge", {"kit.yaml": HEAD + "  - id: m\n    kind: mat\n    mat: {sections: [{type: supply, resources: [a], max: 100000}]}\n"},
     ["kit.yaml:8:", "sections[0].max"]),
    ("hex-symbol-from-card", {"kit.yaml": HEX.replace("LAYER", "{type: symbol, field: s}").replace("CARD", "{s: banana, count: 1}")},
     ["kit.yaml:6:5", "'banana'", "not one of"]),
    ("hex-art-in-unchecked-field", {"kit.yaml": HEX.replace("LAYER", "{type: art, field: pic, size: [9, 9]}")
                                    .replace("CARD", "{pic: a.svg, count: 1}"), "a.svg": svg("")},
     ["kit.yaml:6:5", "field called art or ending in _art"]),
    # colours and icons
    ("colour-hsl", {"kit.yaml": TOKEN + "    colour: 'hsl(120, 50%, 50%)'\n"}, ["kit.yaml:8:5", "is not a colour"]),
    ("colour-rgb-spaces", {"kit.yaml": TOKEN + "    colour: rgb(10 20 30)\n"}, ["kit.yaml:8:5", "is not a colour"]),
    ("colour-8-digit-hex", {"kit.yaml": TOKEN + "    colour: '#11223344'\n"}, ["kit.yaml:8:5", "is not a colour"]),
    ("icon-unquoted", {"kit.yaml": TOKEN + "    fields: {label: {gold}}\n"}, ["kit.yaml:8:14", "YAML read {gold} as a mapping"]),
    ("icon-unknown-in-csv", {"kit.yaml": DECK, "d.csv": "title,count\nPay {gold},1\n"}, ["d.csv:2", "unknown icon {gold}"]),
    ("icon-broken-svg", {"kit.yaml": HEAD.replace("components:", "  icons: {gold: g.svg}\ncomponents:"), "g.svg": "<svg"},
     ["kit.yaml:5:", "kit.icons.gold", "not well-formed SVG"]),
    # hostile art
    ("art-xxe", {"kit.yaml": with_art(), "art/x.svg": svg('<text y="5">&xxe;</text>',
                                                          '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file://{secret}">]>')},
     ["kit.yaml:8:5", "declares XML entities"]),
    ("art-file-url", {"kit.yaml": with_art(), "art/x.svg": svg('<image href="file://{secret}" width="5" height="5"/>')},
     ["kit.yaml:8:5", "outside the kit folder"]),
    ("art-http", {"kit.yaml": with_art(), "art/x.svg": svg('<image xlink:href="http://127.0.0.1:9/x.png" width="5" height="5"/>')},
     ["kit.yaml:8:5", "never fetches from the network"]),
    ("art-relative-escape", {"kit.yaml": with_art(), "art/x.svg": svg('<use href="../../secret.svg#a"/>')},
     ["kit.yaml:8:5", "outside the kit folder"]),
    ("art-data-url-escape", {"kit.yaml": with_art(), "art/x.svg": svg(
        '<image width="5" height="5" href="data:image/svg+xml;base64,'
        + base64.b64encode(svg('<image href="file://{secret}" width="5" height="5"/>').encode()).decode() + '"/>')},
     ["kit.yaml:6:5", "outside the kit folder"]),
    ("art-svgz", {"kit.yaml": with_art(), "art/x.svg": gzip.compress(b"<svg" + b" " * 1_000_000 + b"/>")},
     ["kit.yaml:8:5", "compressed SVG"]),
    ("art-use-bomb", {"kit.yaml": with_art(), "art/x.svg": svg(USE_BOMB)}, ["kit.yaml:8:5", "more than 50000 elements"]),
    ("art-use-cycle", {"kit.yaml": with_art(), "art/x.svg": svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>')},
     ["kit.yaml:8:5", "refers to an element that contains it"]),
    ("art-deep", {"kit.yaml": with_art(), "art/x.svg": svg("<g>" * 5000 + "</g>" * 5000)}, ["kit.yaml:8:5", "more than 100 levels"]),
    ("art-malformed", {"kit.yaml": with_art(), "art/x.svg": "<svg><rect></svg"}, ["kit.yaml:8:5", "not well-formed SVG: line 1"]),
    ("art-empty", {"kit.yaml": with_art(), "art/x.svg": ""}, ["kit.yaml:8:5", "not well-formed SVG"]),
    ("art-html", {"kit.yaml": with_art(), "art/x.svg": "<html><body/></html>"}, ["kit.yaml:8:5", "not an SVG drawing"]),
    ("png-not-png", {"kit.yaml": with_art("x.png"), "x.png": b"not a png at all"}, ["kit.yaml:8:5", "is not a PNG image"]),
    ("png-holding-svg", {"kit.yaml": with_art("x.png"), "x.png": svg("")}, ["kit.yaml:8:5", "give it the .svg extension"]),
    ("png-huge", {"kit.yaml": with_art("x.png"), "x.png": png(100_000, 100_000)}, ["kit.yaml:8:5", "megapixels"]),
    ("jpeg-not-jpeg", {"kit.yaml": with_art("x.jpg"), "x.jpg": b"nope"}, ["kit.yaml:8:5", "is not a JPEG image"]),
    ("art-too-big", {"kit.yaml": with_art(), "art/x.svg": svg("<!--" + "x" * (21 * 2**20) + "-->")},
     ["kit.yaml:8:5", "larger than 20 MiB"]),
    ("art-link-outside", {"kit.yaml": with_art(), "art/x.svg": Link("{secret}")}, ["kit.yaml:8:5", "outside the kit folder"]),
    ("art-field-outside", {"kit.yaml": TOKEN + "    fields: {art: '{secret}'}\n"}, ["kit.yaml:8:14", "outside the kit folder"]),
    # kit templates
    ("template-syntax", with_template("{% if %}"), ["kit.yaml:6:5", "t.svg.j2:1", "Expected an expression"]),
    ("template-undefined", with_template("{{ nothing_here }}"), ["kit.yaml:6:5", "t.svg.j2:1", "'nothing_here' is undefined"]),
    ("template-include-passwd", with_template('{% include "/etc/passwd" %}'), ["kit.yaml:6:5", "'/etc/passwd'", "not found"]),
    ("template-import-parent", with_template('{% import "../../x" as x %}'), ["kit.yaml:6:5", "'../../x'", "not found"]),
    ("template-include-link", {**with_template('{% include "e.svg.j2" %}'), "templates/e.svg.j2": Link("{secret}")},
     ["kit.yaml:6:5", "is a link to", "outside the kit folder"]),
    ("templates-folder-link", {"kit.yaml": TOKEN + "    template: evil\n", "templates": Link("{outside}")},
     ["kit.yaml:8:5", "template 'evil' is a link to", "outside the kit folder"]),
    ("template-absolute-name", {"kit.yaml": TOKEN + "    template: '{outside}/evil'\n"},
     ["kit.yaml:8:5", "without folders above it"]),
    ("template-python-internals", with_template("{{ text.__call__.__globals__['__builtins__']['open']('{secret}').read() }}"),
     ["kit.yaml:6:5", "SecurityError"]),
    ("template-endless-recursion", with_template("{% macro r() %}{{ r() }}{% endmacro %}{{ r() }}"),
     ["kit.yaml:6:5", "calls itself without end"]),
    ("template-huge-loop", with_template("{% for i in range(100000000) %}<rect/>{% endfor %}"), ["kit.yaml:6:5", "Range too big"]),
    ("template-not-svg", {"kit.yaml": TOKEN + "    template: t\n", "templates/t.svg.j2": "hello"},
     ["kit.yaml:6:5", "cannot draw the face"]),
    # reference sheets
    ("reference-too-many-columns", {"kit.yaml": TOKEN + "reference:\n  blocks:\n    - table: {header: [" + ", ".join(["c"] * 80)
                                    + "], rows: [[" + ", ".join(["1"] * 80) + "]]}\n"}, ["kit.yaml:10:7", "80 columns do not fit"]),
    ("reference-columns-3", {"kit.yaml": TOKEN + "reference:\n  columns: 3\n  blocks:\n    - note: {text: a}\n"},
     ["kit.yaml:9:3", "reference.columns", "not one of: 1, 2"]),
    ("reference-icon-unquoted", {"kit.yaml": TOKEN + "reference:\n  blocks:\n    - note: {text: {gold}}\n"},
     ["kit.yaml:10:14", "reference.blocks[0].note.text"]),
]


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder next to the kit holding a secret file, an SVG and a template that must never be read."""
    folder = tmp_path / "outside"
    (folder / "templates").mkdir(parents=True)
    (folder / "secret.txt").write_text(SECRET)
    (folder / "templates" / "evil.svg.j2").write_text(svg(f"<text>{SECRET}</text>"))
    (tmp_path / "secret.yaml").write_text("components: []\n")
    (tmp_path / "secret.svg").write_text(svg('<rect id="a" width="1" height="1"/>'))
    return folder


def write_kit(root: Path, files: dict, outside: Path) -> Path:
    kit = root / "kit"
    kit.mkdir()
    names = {"{secret}": str(outside / "secret.txt"), "{outside}": str(outside / "templates")}
    for name, content in files.items():
        target = kit / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Link):
            target.symlink_to(names.get(content, content))
        elif isinstance(content, bytes):
            target.write_bytes(content)
        else:
            for placeholder, value in names.items():
                content = content.replace(placeholder, value)
            target.write_text(content, encoding="utf-8")
    return kit


def invoke(*args: str):
    return CliRunner().invoke(app, [str(a) for a in args])


def assert_refused(result, expected: list[str], code: int = 2) -> None:
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert SECRET not in result.output
    for text in expected:
        assert text in result.output, result.output


def output_untouched(out: Path) -> bool:
    return sorted(p.name for p in out.iterdir()) == ["keep.txt"]


@pytest.fixture
def out(tmp_path) -> Path:
    folder = tmp_path / "output"
    folder.mkdir()
    (folder / "keep.txt").write_text("untouched")
    return folder


@pytest.mark.parametrize("case,files,expected", BUILD_CASES, ids=[c[0] for c in BUILD_CASES])
def test_bad_kit_is_refused_with_a_located_message(tmp_path, outside, out, case, files, expected):
    kit = write_kit(tmp_path, files, outside)
    result = invoke("build", kit, "--out", out)
    assert_refused(result, expected)
    assert output_untouched(out)


def test_an_anchor_reused_once_is_fine_and_colour_names_ignore_case(tmp_path, outside, out):
    kit = write_kit(tmp_path, {"kit.yaml": HEAD + "  - id: a\n    size: &s 25mm\n    colour: DarkGreen\n"
                                              "  - id: b\n    size: *s\n    fields: {label: !!str 12}\n"}, outside)
    from generator.manifest import load_manifest

    spec = load_manifest(kit)
    assert spec.components[0].colour == "#006400"
    assert spec.components[1].front.fields["label"] == "12"


def test_art_may_refer_to_other_art_inside_the_kit(tmp_path, outside, out):
    kit = write_kit(tmp_path, {"kit.yaml": with_art(), "art/x.svg": svg('<image href="y.svg" width="5" height="5"/>'),
                               "art/y.svg": svg('<rect width="5" height="5" fill="#00ff00"/>')}, outside)
    from generator.manifest import load_manifest

    assert load_manifest(kit).components[0].front.art.name == "x.svg"


def test_a_reference_that_cannot_be_typeset_leaves_no_folder(tmp_path, outside, out):
    kit = write_kit(tmp_path, {"kit.yaml": TOKEN + "reference:\n  blocks:\n    - table: {header: [" + ", ".join(["c"] * 80)
                                              + "], rows: [[" + ", ".join(["1"] * 80) + "]]}\n"}, outside)
    result = invoke("reference", kit, "--out", out / "new" / "folder")
    assert_refused(result, ["kit.yaml:10:7", "80 columns do not fit"])
    assert output_untouched(out)


def test_a_bad_second_kit_leaves_the_first_unwritten(tmp_path, outside, out):
    good = write_kit(tmp_path, {"kit.yaml": TOKEN}, outside)
    result = invoke("build", good, tmp_path / "missing", "--out", out)
    assert_refused(result, ["missing", "no kit.yaml here"])
    assert output_untouched(out)


@pytest.mark.parametrize("option,expected", [
    (["--players", "0"], "outside that"), (["--players", "-1"], "outside that"), (["--players", "abc"], "--players"),
    (["--paper", "nonsense"], "unknown paper 'nonsense'"), (["--back-offset", "junk"], "X,Y in millimetres"),
    (["--back-offset", "nan,0"], "not a printer misalignment"), (["--back-offset", "1,2,3"], "X,Y in millimetres"),
    (["--duplex", "sideways"], "long-edge or short-edge"),
])
def test_bad_build_options(tmp_path, outside, out, option, expected):
    kit = write_kit(tmp_path, {"kit.yaml": TOKEN}, outside)
    assert_refused(invoke("build", kit, "--out", out, *option), [expected])
    assert output_untouched(out)


@pytest.mark.parametrize("command", [["build", "{kit}"], ["calibrate"], ["reference", "{kit}"]])
def test_out_that_is_a_file_or_cannot_be_made(tmp_path, outside, command):
    kit = write_kit(tmp_path, {"kit.yaml": TOKEN + "reference:\n  blocks:\n    - note: {text: a}\n"}, outside)
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    args = [str(kit) if a == "{kit}" else a for a in command]
    assert_refused(invoke(*args, "--out", a_file), ["is a file"])
    assert_refused(invoke(*args, "--out", a_file / "below"), ["below", "Not a directory"])
    assert a_file.read_text() == "x"


@pytest.mark.parametrize("rulebook,expected", [
    ("binary", "not a text file"), ("missing", "No such file"), ("folder", "is a folder"), ("fifo", "not a regular file"),
])
def test_bad_rulebooks_for_check_and_scan(tmp_path, outside, rulebook, expected):
    kit = write_kit(tmp_path, {"kit.yaml": TOKEN}, outside)
    path = tmp_path / rulebook
    if rulebook == "binary":
        path.write_bytes(bytes(range(256)) * 8)
    elif rulebook == "folder":
        path.mkdir()
    elif rulebook == "fifo":
        os.mkfifo(path)  # reading it would wait for a writer forever
    assert_refused(invoke("check", kit, "--rules", path), [expected])
    assert_refused(invoke("rules", "scan", path), [expected])


def test_check_and_scan_options(tmp_path, outside):
    kit = write_kit(tmp_path, {"kit.yaml": TOKEN}, outside)
    assert_refused(invoke("check", kit, "--players", "abc"), ["--players is a number or 'all'"])
    assert_refused(invoke("check", kit, "--players", "9"), ["9"])
    assert_refused(invoke("check", kit, "--format", "xml"), ["--format is text or json"])
    assert_refused(invoke("check", tmp_path / "nowhere"), ["no kit.yaml here"])


def test_a_utf16_rulebook_is_read_as_text(tmp_path):
    rulebook = tmp_path / "rules.txt"
    rulebook.write_bytes("Each player takes 5 wooden cubes.\n".encode("utf-16"))
    result = invoke("rules", "scan", rulebook)
    assert result.exit_code == 0, result.output
    assert "cube" in result.output
