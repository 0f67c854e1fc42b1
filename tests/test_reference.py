"""Reference sheets and player-aid cards, read back from the written PDFs: every table number printed,
no text outside its column, card or cell, icons standing on the baseline, identical bytes on rebuild."""

from __future__ import annotations

import collections
import re
import subprocess
import textwrap
from pathlib import Path

import pytest

from generator.errors import LayoutError, ManifestError
from generator.manifest import load_manifest
from generator.reference import parse_reference, write_reference
from generator.reference.content import TableBlock
from tests.conftest import ROOT, cut_outlines

KITS = sorted(p.parent.name for p in (ROOT / "components").glob("*/reference.yaml"))
GOLDEN = ROOT / "tests" / "golden"
MM = 72 / 25.4
NUMBER = re.compile(r"\d+(?:\.\d+)?")
BLUE_SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><rect width="24" height="24" fill="#00a0ff"/></svg>'
COIN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
        '<circle cx="12" cy="12" r="11" fill="#f2c230" stroke="#9c7412" stroke-width="2"/></svg>')
WIDE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 12" width="240" height="12"><rect width="240" height="12" fill="#c0392b"/></svg>'


# -- helpers: facts from the written PDF ------------------------------------------------------------
def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def pdf_words(pdf: Path) -> list[tuple[float, float, list[tuple[float, float, float, float, str]]]]:
    """Per page: (width, height, words as (x0, top, x1, bottom, text)) in points, from pdftotext -bbox."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', html, re.S):
        words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in
                 re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', page[3])
                 if w.strip("\u200b")]  # the zero-width space that holds an icon in its line draws nothing
        pages.append((float(page[1]), float(page[2]), words))
    return pages


def overlapping_words(words) -> list[tuple[str, str]]:
    """Pairs of words whose boxes (shrunk by 0.4 pt for rounding) intersect: what overflowing text causes."""
    boxes = sorted((x0 + 0.4, y0 + 0.4, x1 - 0.4, y1 - 0.4, text) for x0, y0, x1, y1, text in words)
    clashes = []
    for i, (ax0, ay0, ax1, ay1, a) in enumerate(boxes):
        for bx0, by0, bx1, by1, b in boxes[i + 1:]:
            if bx0 >= ax1:
                break
            if by0 < ay1 and ay0 < by1:
                clashes.append((a, b))
    return clashes


def table_numbers(kit_dir: Path) -> collections.Counter:
    """Every number in the kit's reference tables (header and cells, from component data too)."""
    reference = parse_reference(load_manifest(kit_dir))
    found: collections.Counter = collections.Counter()
    for block in reference.blocks:
        if isinstance(block, TableBlock):
            for row in (block.header, *block.rows):
                for cell in row:
                    found.update(NUMBER.findall(re.sub(r"\{[a-z0-9_-]+\}", " ", cell.text)))
    return found


def face_placements(pdf: Path) -> list[list[tuple[float, float, float, float]]]:
    """Per page, the card faces placed on it as (x, y, width, height) of their bleed box, PDF points."""
    import pikepdf

    pages = []
    with pikepdf.open(pdf) as opened:
        for page in opened.pages:
            xobjects = page.Resources.get("/XObject", {})
            placed, matrix = [], None
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    matrix = [float(v) for v in operands]
                elif str(operator) == "Do" and str(operands[0]).startswith("/Face"):
                    x0, y0, x1, y1 = (float(v) for v in xobjects[str(operands[0])].BBox)
                    placed.append((matrix[4], matrix[5], x1 - x0, y1 - y0))
            pages.append(placed)
    return pages


def text_sizes(pdf: Path) -> list[float]:
    """Font sizes of every Tf of the typeset text (not in the icons): a sheet's page streams, a card sheet's
    card-face forms (its page stream holds the sheet writer's footer, the kit sheets' own, read in
    test_player_aid_footer_is_the_kit_sheets_footer)."""
    import pikepdf

    sizes = []
    with pikepdf.open(pdf) as opened:
        streams = []
        for page in opened.pages:
            faces = [x for name, x in page.Resources.get("/XObject", {}).items() if name.startswith("/Face")]
            streams += faces or [page]
        for stream in streams:
            sizes += [float(operands[1]) for operands, operator in pikepdf.parse_content_stream(stream)
                      if str(operator) == "Tf"]
    return sizes


def compare_golden(actual, name: str, update: bool, tmp_path: Path, tolerance: float = 4.0) -> None:
    """RMS difference with tests/golden/<name>; writes the diff image next to the test output on failure."""
    from PIL import Image, ImageChops, ImageStat

    golden = GOLDEN / name
    if update:
        GOLDEN.mkdir(exist_ok=True)
        actual.save(golden)
        return
    if not golden.exists():  # a missing golden is a failure, never a silent pass: write it on purpose
        actual.save(tmp_path / f"actual-{name}")
        pytest.fail(f"no golden image tests/golden/{name}; look at {tmp_path / f'actual-{name}'} and, if it is right, "
                    "run pytest --update-golden")
    expected = Image.open(golden).convert("RGB")
    assert actual.size == expected.size, (actual.size, expected.size)
    diff = ImageChops.difference(actual.convert("RGB"), expected)
    rms = sum(v ** 2 for v in ImageStat.Stat(diff).rms) ** 0.5
    if rms > tolerance:
        diff.point(lambda v: min(255, v * 4)).save(tmp_path / f"diff-{name}")
        actual.save(tmp_path / f"actual-{name}")
    assert rms <= tolerance, f"RMS {rms:.2f} > {tolerance}; diff written to {tmp_path / ('diff-' + name)}"


def make_kit(folder: Path, reference: str, icons: dict[str, str] | None = None, extra: str = "") -> Path:
    """A small kit with `reference` (YAML text, indented under `reference:`) and SVG icons."""
    folder.mkdir(parents=True, exist_ok=True)
    icons = icons or {}
    for name, svg in icons.items():
        (folder / "icons").mkdir(exist_ok=True)
        (folder / "icons" / f"{name}.svg").write_text(svg)
    icon_lines = "".join(f"\n    {name}: icons/{name}.svg" for name in icons)
    (folder / "kit.yaml").write_text(textwrap.dedent("""\
        kit:
          name: Fixture
          players: {min: 2, max: 4}
          player_colours: [red, blue, green, yellow]
          icons: {}
        components:
          - id: coin
            name: Gold coin
            kind: token
            size: 25mm
            count: 40
            fields: {cost: 3}
          - id: worker
            name: Worker
            kind: marker
            size: 20mm
            count: 6
            per_player: true
            fields: {cost: 2}
        """).replace("  icons: {}", "  icons:" + icon_lines if icons else "  icons: {}") + extra
        + "reference:\n" + textwrap.indent(textwrap.dedent(reference), "  "))
    return folder


# -- the bundled kits ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, dict[str, Path]]:
    """Every bundled kit's reference, as sheets and as cards, written once for the module."""
    out = tmp_path_factory.mktemp("references")
    written = {}
    for kit in KITS:
        spec = load_manifest(ROOT / "components" / kit)
        written[kit] = {fmt: write_reference(spec, out / kit, format=fmt) for fmt in ("sheets", "cards")}
    return written


def test_every_kit_has_a_reference():
    assert len(KITS) == 5, KITS
    assert all(load_manifest(ROOT / "components" / kit).reference for kit in KITS), "include reference.yaml in kit.yaml"


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("fmt", ["sheets", "cards"])
def test_every_table_number_is_printed(built, kit, fmt):
    """Each number of each reference table (prices, costs, votes, scores) appears in the PDF's text,
    as often as the tables hold it."""
    wanted = table_numbers(ROOT / "components" / kit)
    assert sum(wanted.values()) >= 2
    printed = collections.Counter(NUMBER.findall(pdf_text(built[kit][fmt])))
    missing = {n: c - printed[n] for n, c in wanted.items() if printed[n] < c}
    assert not missing, f"numbers missing from {built[kit][fmt].name}: {missing}"


@pytest.mark.parametrize("kit", KITS)
def test_sheet_text_stays_in_its_column_and_never_overlaps(built, kit):
    from generator.reference.sheets import COLUMN_GAP, MIN_MARGIN

    spec = load_manifest(ROOT / "components" / kit)
    pages = pdf_words(built[kit]["sheets"])
    for width, height, words in pages:
        margin = max(spec.defaults.margin, MIN_MARGIN)
        columns = parse_reference(spec).columns
        column = (width - 2 * margin - (columns - 1) * COLUMN_GAP) / columns
        lanes = [(margin + i * (column + COLUMN_GAP), margin + i * (column + COLUMN_GAP) + column) for i in range(columns)]
        for x0, top, x1, bottom, text in words:
            assert margin - 0.5 <= top and bottom <= height - margin + 0.5, (text, top, bottom)
            full_width = x0 >= margin - 0.5 and x1 <= width - margin + 0.5
            in_lane = any(a - 0.5 <= x0 and x1 <= b + 0.5 for a, b in lanes)
            # only the title block, the footer and the text in a column may be there
            assert in_lane or (full_width and (top < height / 4 or bottom > height - margin - 10 * MM)), (text, x0, x1)
        assert not overlapping_words(words), overlapping_words(words)[:5]


@pytest.mark.parametrize("kit", KITS)
def test_card_text_stays_inside_the_cards_safe_area(built, kit):
    """Every word on a card sheet is inside a placed card's safe area (3 mm in from the trim) or in the
    page footer; cards are 63 x 88 mm, two-sided, and backs sit behind their fronts."""
    pdf = built[kit]["cards"]
    placements = face_placements(pdf)
    outlines = cut_outlines(pdf)
    cards = sum(1 for page in placements[::2] for _ in page)
    assert outlines == collections.Counter({(63.0, 88.0): cards}), outlines
    for (width, height, words), faces in zip(pdf_words(pdf), placements):
        assert faces, "every page holds card faces"
        safe = []
        for x, y, w, h in faces:
            bleed = (w - 63 * MM) / 2
            assert abs(h - 2 * bleed - 88 * MM) < 0.01
            left, bottom = x + bleed, y + bleed
            safe.append((left + 3 * MM, height - bottom - 88 * MM + 3 * MM, left + 60 * MM, height - bottom - 3 * MM))
        for x0, top, x1, bottom_, text in words:
            inside = any(a - 0.3 <= x0 and x1 <= c + 0.3 and b - 0.3 <= top and bottom_ <= d + 0.3 for a, b, c, d in safe)
            assert inside or top > height - 12 * MM, (text, x0, top)
        assert not overlapping_words(words), overlapping_words(words)[:5]
    for front, back in zip(placements[::2], placements[1::2]):  # long-edge flip: mirrored left-right
        page_width = pdf_words(pdf)[0][0]
        assert sorted((round(page_width - x - w, 2), round(y, 2)) for x, y, w, h in front) == \
               sorted((round(x, 2), round(y, 2)) for x, y, w, h in back)


@pytest.mark.parametrize("kit", KITS)
def test_no_text_below_seven_points(built, kit):
    for fmt in ("sheets", "cards"):
        sizes = text_sizes(built[kit][fmt])
        assert sizes and min(sizes) >= 7 - 1e-6, (fmt, min(sizes))


def test_identical_input_gives_identical_bytes(tmp_path):
    spec = load_manifest(ROOT / "components" / "shires")
    for fmt in ("sheets", "cards"):
        first = write_reference(spec, tmp_path / "a", format=fmt).read_bytes()
        second = write_reference(spec, tmp_path / "b", format=fmt).read_bytes()
        assert first == second, fmt


def test_icons_are_vectors_not_pictures(built):
    """Shires' inline icons end up as Form XObjects (vector); no raster stand-in image is left."""
    import pikepdf

    with pikepdf.open(built["shires"]["sheets"]) as pdf:
        kinds = collections.Counter(str(x.Subtype) for page in pdf.pages for x in page.Resources.XObject.values())
    assert kinds["/Form"] >= 6 and kinds["/Image"] == 0, kinds


# -- over-long content: it flows, it splits, or it fails loudly -----------------------------------------
def long_kit(folder: Path) -> Path:
    """Ninety table rows, a word longer than its column, a long list and a very long definition."""
    lines = ["title: Over-long fixture", "columns: 2", "blocks:",
             "  - table:", "      title: Long table", "      header: [Round, Gold, Words]", "      rows:"]
    lines += [f"        - [{i}, {i * 7}, \"{'word ' * (i % 9)}\"]" for i in range(1, 91)]
    lines += ["  - table:", "      title: Narrow columns", "      widths: [1, 1, 1]", "      header: [Name, Value, Note]",
              "      rows:",
              "        - [Pneumonoultramicroscopicsilicovolcanoconiosis, 1234567890123456789012345678901234567890, "
              "\"{coin} {coin} {coin} {coin} {coin} {coin} {coin}\"]",
              "  - list:", "      title: A long list", "      items:"]
    lines += [f"        - \"Item {i}: {'pay 2 {coin} and wait ' * (i % 6 + 1)}\"" for i in range(30)]
    lines += ["  - definitions:", "      items:",
              f"        - {{term: Supercalifragilisticexpialidocious-and-then-some, text: \"{'spend {coin} ' * 120}\"}}"]
    return make_kit(folder, "\n".join(lines) + "\n", icons={"coin": COIN})


@pytest.mark.parametrize("fmt", ["sheets", "cards"])
def test_over_long_content_flows_and_never_overflows(tmp_path, fmt):
    kit = long_kit(tmp_path / "long")
    pdf = write_reference(load_manifest(kit), tmp_path / "out", format=fmt)
    pages = pdf_words(pdf)
    assert len(pages) >= 2
    text = pdf_text(pdf)
    assert text.count("Round") >= (2 if fmt == "sheets" else 6), "the long table's header repeats where it continues"
    printed = collections.Counter(NUMBER.findall(text))
    for n in range(1, 91):
        assert printed[str(n * 7)] >= 1, n * 7
    for width, height, words in pages:
        assert not overlapping_words(words), overlapping_words(words)[:5]
        for x0, top, x1, bottom, word in words:
            assert 0 <= x0 and x1 <= width and 0 <= top and bottom <= height, word


def test_long_words_are_broken_inside_their_column(tmp_path):
    """A word longer than its column is broken between letters; every piece stays in its column
    (the narrow table has three equal columns: the long name in the first, the long number in the second)."""
    from generator.reference.sheets import COLUMN_GAP, MIN_MARGIN

    long_name, long_number = "Pneumonoultramicroscopicsilicovolcanoconiosis", "1234567890" * 4
    kit = long_kit(tmp_path / "long")
    pdf = write_reference(load_manifest(kit), tmp_path / "out", format="sheets")
    pieces = {0: [], 1: []}
    for width, height, words in pdf_words(pdf):
        column = (width - 2 * MIN_MARGIN - COLUMN_GAP) / 2
        for x0, top, x1, bottom, word in words:
            if len(word) >= 4 and (word in long_name or (word.isdigit() and len(word) >= 6 and word in long_number)):
                which = 0 if word.isalpha() else 1
                lane = 0 if x0 < MIN_MARGIN + column else 1
                left = MIN_MARGIN + lane * (column + COLUMN_GAP) + which * column / 3
                assert left - 0.5 <= x0 and x1 <= left + column / 3 + 0.5, (word, x0, x1, left)
                pieces[which].append(word)
    assert "".join(pieces[0]) == long_name and "".join(pieces[1]) == long_number, pieces
    assert len(pieces[0]) >= 2 and len(pieces[1]) >= 2, pieces


def test_text_that_cannot_fit_is_an_error_naming_its_line(tmp_path):
    """An icon wider than its table column cannot be broken: LayoutError with the block's file:line."""
    kit = make_kit(tmp_path / "wide", """\
        blocks:
          - table:
              widths: [12, 1]
              rows:
                - [Banner, "{wide}"]
        """, icons={"wide": WIDE})
    with pytest.raises(LayoutError, match=r"kit\.yaml:\d+.*past its"):
        write_reference(load_manifest(kit), tmp_path / "out")


def test_a_table_row_taller_than_a_card_is_an_error(tmp_path):
    kit = make_kit(tmp_path / "tall", f"""\
        blocks:
          - table:
              header: [Step, Text]
              rows:
                - [1, "{'a very long rule text that never ends ' * 90}"]
        """)
    with pytest.raises(LayoutError, match=r"kit\.yaml:\d+.*card face"):
        write_reference(load_manifest(kit), tmp_path / "out", format="cards")


# -- component data ----------------------------------------------------------------------------------
def test_tables_built_from_components_follow_the_components(tmp_path):
    kit = make_kit(tmp_path / "data", """\
        blocks:
          - table:
              from: components
              columns: [name, count, size, fields.cost]
        """)
    text = pdf_text(write_reference(load_manifest(kit), tmp_path / "out"))
    assert re.search(r"Gold coin\s+40\s+25 mm disc\s+3", text), text
    assert re.search(r"Worker\s+6 per player\s+20 × 20 mm\s+2", text), text
    assert re.search(r"Name\s+Count\s+Size\s+Cost", text), text


# -- manifest errors with file:line ------------------------------------------------------------------
@pytest.mark.parametrize("blocks, line, message", [
    ("- list: {items: [\"Pay 2 {glod}\"]}", 3, r"unknown icon \{glod\} \(did you mean \{gold\}\?\)"),
    ("- table: {from: components, ids: [coins], columns: [name]}", 3, r"no component 'coins' \(did you mean 'coin'\?\)"),
    ("- table: {from: components, columns: [name, fields.price]}", 3, r"no listed component has a fields field 'price'"),
    ("- table: {header: [A, B], rows: [[1, 2], [3]]}", 3, r"this row has 1 cells but the header has 2"),
    ("- {note: {text: hi}, list: {items: [a]}}", 3, r"exactly one of"),
    ("- icons: {items: [{icon: silver}]}", 3, r"unknown icon \{silver\}"),
])
def test_reference_mistakes_are_manifest_errors_with_their_line(tmp_path, blocks, line, message):
    kit = make_kit(tmp_path / "bad", f"blocks:\n  {blocks}\n", icons={"gold": COIN})
    spec = load_manifest(kit)
    with pytest.raises(ManifestError) as caught:
        write_reference(spec, tmp_path / "out")
    assert len(caught.value.problems) == 1, caught.value.problems
    problem = caught.value.problems[0]
    first_line = (kit / "kit.yaml").read_text().splitlines().index("reference:") + 1
    assert problem.path.endswith("kit.yaml") and problem.line == first_line + line - 1, (problem, first_line)
    assert re.search(message, str(problem)), str(problem)


def test_schema_catches_unknown_keys_in_blocks(tmp_path):
    kit = make_kit(tmp_path / "typo", "blocks:\n  - table: {header: [a], rowz: [[1]]}\n")
    with pytest.raises(ManifestError, match=r"unknown key 'rowz' \(did you mean 'rows'\?\)"):
        load_manifest(kit)


# -- icons on the baseline ---------------------------------------------------------------------------
ICON_LINE_REFERENCE = """\
    columns: 1
    theme: {font_size: 14, accent: "#333333"}
    blocks:
      - list:
          items:
            - "Pay 2 {square} and 1 {coin} to build"
            - "**Bold {square} icons** sit on the line too"
"""


def _icon_boxes_and_baselines(pdf: Path):
    """(icon squares as (x0, bottom, height), {baseline top-down: font size}) on page one, via pdfplumber."""
    import pdfplumber

    with pdfplumber.open(pdf) as opened:
        page = opened.pages[0]
        squares = [(r["x0"], r["bottom"], r["height"]) for r in page.rects
                   if r.get("non_stroking_color") and tuple(round(c, 2) for c in r["non_stroking_color"]) == (0.0, 0.63, 1.0)]
        baselines = {round(page.height - c["matrix"][5], 2): c["size"] for c in page.chars}
    return squares, baselines


@pytest.mark.parametrize("fmt", ["sheets", "cards"])
def test_inline_icons_stand_on_the_text_baseline(tmp_path, fmt):
    kit = make_kit(tmp_path / "icons", ICON_LINE_REFERENCE, icons={"square": BLUE_SQUARE, "coin": COIN})
    pdf = write_reference(load_manifest(kit), tmp_path / "out", format=fmt)
    squares, baselines = _icon_boxes_and_baselines(pdf)
    assert len(squares) == 2, squares
    for x0, bottom, height in squares:
        line = min(baselines, key=lambda y: abs(y - bottom))
        assert abs(line - bottom) < 0.05, (bottom, line)
        assert abs(height - 0.8 * baselines[line]) < 0.05, (height, baselines[line])


def test_sheet_icons_match_golden_image(tmp_path, update_golden):
    from PIL import Image

    kit = make_kit(tmp_path / "icons", ICON_LINE_REFERENCE, icons={"square": BLUE_SQUARE, "coin": COIN})
    pdf = write_reference(load_manifest(kit), tmp_path / "out")
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-singlefile", "-x", "0", "-y", "0", "-W", "827", "-H", "260",
                    str(pdf), str(tmp_path / "page")], check=True)
    compare_golden(Image.open(tmp_path / "page.png").convert("RGB"), "reference_sheet_icons.png", update_golden, tmp_path)


CARD_TEMPLATE = """\
{% extends "_base.svg.j2" %}
{% block body %}
<rect x="{{ (-bleed)|num }}" y="{{ (-bleed)|num }}" width="{{ (w + 2*bleed)|num }}" height="{{ (h + 2*bleed)|num }}" fill="#ffffff"/>
{{ text(f.text, 3, 3, w - 6, h - 6, size=16, min_size=16, align="start", valign="top") }}
{% endblock %}
"""


def _icon_card_kit(tmp_path: Path) -> Path:
    kit = tmp_path / "card"
    (kit / "templates").mkdir(parents=True)
    (kit / "templates" / "icon_card.svg.j2").write_text(CARD_TEMPLATE)
    (kit / "icons").mkdir()
    (kit / "icons" / "square.svg").write_text(BLUE_SQUARE)
    (kit / "icons" / "coin.svg").write_text(COIN)
    (kit / "kit.yaml").write_text(textwrap.dedent("""\
        kit:
          name: Card icons
          icons: {square: icons/square.svg, coin: icons/coin.svg}
        components:
          - id: aid
            kind: card
            size: 63mm x 30mm
            template: icon_card
            fields: {text: "Pay 2 {square} and 1 {coin} to build"}
        """))
    return kit


def test_card_text_icons_stand_on_the_baseline(tmp_path):
    """In the SVG card path, each inline icon's bottom edge is its text line's baseline (read from the SVG)."""
    from generator.model import build_kit
    from generator.render import render_faces

    face = next(iter(render_faces(build_kit(load_manifest(_icon_card_kit(tmp_path)), 1)).values()))
    baselines = [float(y) for line in re.findall(r'<text class="pnp-line"(.*?)</text>', face.svg, re.S)
                 for y in re.findall(r' y="([\d.]+)"', line)]
    icons = [(float(y), float(h)) for y, h in re.findall(r'<image class="pnp-icon"[^>]* y="([\d.]+)"[^>]* height="([\d.]+)"', face.svg)]
    sizes = {float(s) for s in re.findall(r'font-size="([\d.]+)"', face.svg)}
    assert len(icons) == 2 and baselines, face.svg
    for y, h in icons:
        assert min(abs(y + h - b) for b in baselines) < 0.002, (y + h, baselines)
        assert abs(h - 0.8 * max(sizes)) < 0.002


def test_card_text_icons_match_golden_image(tmp_path, update_golden):
    """The card as the kit PDF's preview draws it (150 dpi, the sheet's top-left corner)."""
    from PIL import Image

    from generator.pipeline import BuildOptions, build

    result = build(_icon_card_kit(tmp_path), BuildOptions(out=tmp_path / "out", previews=True, preview_dpi=150,
                                                          reference=False))
    page = Image.open(result.previews[0]).convert("RGB")
    corner = page.crop((0, 0, round(90 / 25.4 * 150), round(50 / 25.4 * 150)))
    compare_golden(corner, "card_text_icons.png", update_golden, tmp_path)
