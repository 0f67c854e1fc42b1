"""Decks read from spreadsheets (.xlsx, .ods), deck columns checked against the templates, a card's own
`template`/`art` columns, and a component's `template` drawing both sides.

The workbooks are written here with zipfile (a minimal .xlsx / .ods holds a few XML files), so the tests need
no spreadsheet writer; pnpgen reads them with python-calamine like any workbook.
"""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app

HEAD = """\
kit:
  name: Sheets
components:
"""
DECK = HEAD + """\
  - id: events
    kind: card
    size: poker
    cards: {cards}
    sides: {{back: {{fields: {{label: Event}}}}}}
"""


# -- minimal workbooks ------------------------------------------------------------------------------
def _letter(index: int) -> str:
    letters, index = "", index + 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> Path:
    """An .xlsx workbook: {sheet name: rows}, a row a list of text, numbers, booleans or None (an empty cell)."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    package = "http://schemas.openxmlformats.org/package/2006/relationships"
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    names = list(sheets)
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             '<Default Extension="xml" ContentType="application/xml"/>'
             f'<Override PartName="/xl/workbook.xml" ContentType="{kind}.sheet.main+xml"/>'
             + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{kind}.worksheet+xml"/>'
                       for i in range(1, len(names) + 1)) + "</Types>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("[Content_Types].xml", types)
        book.writestr("_rels/.rels", f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{package}">'
                      f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        book.writestr("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
                      + "".join(f'<sheet name="{escape(n)}" sheetId="{i}" r:id="rId{i}"/>' for i, n in enumerate(names, 1))
                      + "</sheets></workbook>")
        book.writestr("xl/_rels/workbook.xml.rels", f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{package}">'
                      + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                                for i in range(1, len(names) + 1)) + "</Relationships>")
        for i, name in enumerate(names, 1):
            rows = []
            for r, row in enumerate(sheets[name], 1):
                cells = []
                for c, value in enumerate(row):
                    ref = f"{_letter(c)}{r}"
                    if value is None:
                        cells.append(f'<c r="{ref}"/>')  # a formatted empty cell, as spreadsheets leave them
                    elif isinstance(value, bool):
                        cells.append(f'<c r="{ref}" t="b"><v>{int(value)}</v></c>')
                    elif isinstance(value, (int, float)):
                        cells.append(f'<c r="{ref}"><v>{value}</v></c>')
                    else:
                        cells.append(f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(value)}</t></is></c>')
                rows.append(f'<row r="{r}">{"".join(cells)}</row>')
            book.writestr(f"xl/worksheets/sheet{i}.xml", f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{main}">'
                          f'<sheetData>{"".join(rows)}</sheetData></worksheet>')
    return path


def write_ods(path: Path, sheets: dict[str, list[list]]) -> Path:
    """An .ods workbook, like write_xlsx."""
    tables = []
    for name, rows in sheets.items():
        body = []
        for row in rows:
            cells = []
            for value in row:
                if value is None:
                    cells.append("<table:table-cell/>")
                elif isinstance(value, bool):
                    cells.append(f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}">'
                                 f"<text:p>{str(value).upper()}</text:p></table:table-cell>")
                elif isinstance(value, (int, float)):
                    cells.append(f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>')
                else:
                    cells.append(f'<table:table-cell office:value-type="string"><text:p>{escape(value)}</text:p></table:table-cell>')
            body.append(f"<table:table-row>{''.join(cells)}</table:table-row>")
        tables.append(f'<table:table table:name="{escape(name)}">{"".join(body)}</table:table>')
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f'<office:body><office:spreadsheet>{"".join(tables)}</office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    with zipfile.ZipFile(path, "w") as book:
        book.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet", compress_type=zipfile.ZIP_STORED)
        book.writestr("META-INF/manifest.xml", manifest, compress_type=zipfile.ZIP_DEFLATED)
        book.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
    return path


WRITERS = {"xlsx": write_xlsx, "ods": write_ods}


# -- helpers ---------------------------------------------------------------------------------------
def build(kit: Path, out: Path):
    return CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-reference", "--no-cover"])


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def fails_cleanly(kit: Path, tmp_path: Path) -> str:
    """Build `kit`, insist on exit 2 with nothing written, and return the message."""
    out = tmp_path / "output"
    out.mkdir()
    (out / "keep.txt").write_text("untouched")
    result = build(kit, out)
    message = result.stderr if hasattr(result, "stderr") else result.output
    assert result.exit_code == 2, result.output
    assert "Traceback" not in message
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]
    return message


def built_pdf(kit: Path, tmp_path: Path) -> Path:
    result = build(kit, tmp_path / "o")
    assert result.exit_code == 0, result.output
    return tmp_path / "o" / kit.name / f"{kit.name}.pdf"



# -- spreadsheets ----------------------------------------------------------------------------------
@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_spreadsheet_deck_prints_its_cards(write_kit, tmp_path, suffix):
    kit = write_kit(DECK.format(cards=f"cards.{suffix}"))
    WRITERS[suffix](kit / f"cards.{suffix}", {"Sheet1": [
        ["title", "text", "count", "cost"],
        ["Harvest Moon", "Gain two grain.", 2, 3],   # whole numbers are stored as 2.0 and 3.0
        ["  Drought ", "Lose one grain.", 1, None],
        [None, None, None, None],                    # empty trailing rows, as spreadsheets keep them
        [None, "", None, None],
    ]})
    text = pdf_text(built_pdf(kit, tmp_path))
    assert text.count("Harvest Moon") == 2 and text.count("Drought") == 1, text
    assert "Gain two grain." in text and "3.0" not in text and "3" in text


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_named_sheet_is_read_not_the_first(write_kit, tmp_path, suffix):
    kit = write_kit(DECK.format(cards=f"{{file: cards.{suffix}, sheet: Events}}"))
    WRITERS[suffix](kit / f"cards.{suffix}", {
        "Notes": [["title", "count"], ["Scratch Card", 1]],
        "Events": [["title", "count"], ["Flood", 1], ["Feast", 2]],
    })
    text = pdf_text(built_pdf(kit, tmp_path))
    assert text.count("Feast") == 2 and "Flood" in text, text
    assert "Scratch Card" not in text


def test_first_sheet_is_read_by_default(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.xlsx"))
    write_xlsx(kit / "cards.xlsx", {"Deck": [["title", "count"], ["Flood", 1]], "Spare": [["title", "count"], ["Other", 1]]})
    text = pdf_text(built_pdf(kit, tmp_path))
    assert "Flood" in text and "Other" not in text


def test_missing_sheet_lists_the_sheets(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="{file: cards.xlsx, sheet: Evnets}"))
    write_xlsx(kit / "cards.xlsx", {"Notes": [["title", "count"]], "Events": [["title", "count"], ["Flood", 1]]})
    message = fails_cleanly(kit, tmp_path)
    assert "kit.yaml:7:" in message, message
    assert "cards.xlsx has no sheet 'Evnets'; its sheets are 'Notes', 'Events'" in message


def test_sheet_of_a_csv_is_an_error(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="{file: cards.csv, sheet: Events}"), {"cards.csv": "title,count\nFlood,1\n"})
    assert "is a CSV file, which has no sheets" in fails_cleanly(kit, tmp_path)


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_bad_count_is_located_at_its_cell(write_kit, tmp_path, suffix):
    kit = write_kit(DECK.format(cards=f"cards.{suffix}"))
    rows = [["title", "text", "count"]] + [[f"Card {n}", "x", n] for n in range(2, 7)] + [["Half", "x", 2.5]]
    WRITERS[suffix](kit / f"cards.{suffix}", {"Sheet1": rows})
    message = fails_cleanly(kit, tmp_path)
    assert f"cards.{suffix}:Sheet1!C7: " in message, message
    assert "count must be a whole number ≥ 0, got 2.5" in message


def test_text_count_and_empty_count_in_a_sheet(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.xlsx"))
    write_xlsx(kit / "cards.xlsx", {"My Deck": [["count", "title"], ["lots", "A"], [None, "B"]]})
    message = fails_cleanly(kit, tmp_path)
    assert "cards.xlsx:'My Deck'!A2: " in message and "got 'lots'" in message, message
    assert "cards.xlsx:'My Deck'!A3: " in message and "the cell is empty" in message, message


def test_not_a_workbook(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.xlsx"), {"cards.xlsx": "title,count\nA,1\n"})
    assert "cannot read the spreadsheet" in fails_cleanly(kit, tmp_path)


# -- columns no template reads ---------------------------------------------------------------------
def test_misspelt_csv_column_is_an_error_with_a_hint(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.csv"), {"cards.csv": "titel,count\nHarvest Moon,1\n"})
    message = fails_cleanly(kit, tmp_path)
    assert "cards.csv:1: " in message, message
    assert "column 'titel' is not a field of this deck (did you mean 'title'?)" in message


def test_misspelt_sheet_column_is_located_at_its_header_cell(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.xlsx"))
    write_xlsx(kit / "cards.xlsx", {"Sheet1": [["count", "titel"], [1, "Harvest Moon"]]})
    message = fails_cleanly(kit, tmp_path)
    assert "cards.xlsx:Sheet1!B1: " in message, message
    assert "column 'titel' is not a field of this deck (did you mean 'title'?)" in message


def test_misspelt_back_column(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.csv"), {"cards.csv": "title,back_lable,count\nA,B,1\n"})
    assert "column 'back_lable' is not a field of this deck's back (did you mean 'back_label'?)" in fails_cleanly(kit, tmp_path)


def test_back_column_without_a_back(write_kit, tmp_path):
    manifest = HEAD + "  - id: events\n    kind: card\n    size: poker\n    cards: cards.csv\n"
    kit = write_kit(manifest, {"cards.csv": "title,back_label,count\nA,B,1\n"})
    assert "column 'back_label' is for the back, but this deck has no back" in fails_cleanly(kit, tmp_path)


def test_columns_of_the_kits_templates_and_known_columns_are_accepted(write_kit, tmp_path):
    template = ('{% extends "_base.svg.j2" %}{% block body %}'
                '{{ text(f.get("heading", "") ~ " / " ~ f["motto"], 0, 0, w, h/2) }}'
                '{% if "flag" in f %}{{ text("FLAGGED", 0, h/2, w, h/2) }}{% endif %}{% endblock %}')
    manifest = HEAD + ("  - id: events\n    kind: card\n    size: poker\n    template: plain\n    cards: cards.csv\n"
                       "    sides: {back: {template: back}}\n")
    kit = write_kit(manifest, {"templates/plain.svg.j2": template,
                               "cards.csv": "heading,motto,flag,back_label,rule,notes,count\nTop,Onward,y,Rear,"
                                            "one per player,check spelling,1\n"})
    text = pdf_text(built_pdf(kit, tmp_path))
    assert "Top / Onward" in text and "FLAGGED" in text and "Rear" in text, text


def test_any_column_goes_when_a_template_walks_its_fields(write_kit, tmp_path):
    template = ('{% extends "_base.svg.j2" %}{% block body %}'
                '{% for key, value in f|dictsort %}{% if key == "zz_label" %}{{ text(value, 0, 0, w, h) }}{% endif %}'
                '{% endfor %}{% endblock %}')
    manifest = HEAD + "  - id: events\n    kind: card\n    size: poker\n    template: walk\n    cards: cards.csv\n"
    kit = write_kit(manifest, {"templates/walk.svg.j2": template, "cards.csv": "zz_label,count\nWalked,1\n"})
    assert "Walked" in pdf_text(built_pdf(kit, tmp_path))


def test_reference_table_columns_are_accepted(write_kit, tmp_path):
    manifest = DECK.format(cards="cards.csv") + ("reference:\n  blocks:\n    - table:\n        from: cards\n"
                                                 "        component: events\n        columns: [title, season]\n")
    kit = write_kit(manifest, {"cards.csv": "title,season,count\nFlood,Spring,1\n"})
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    reference = tmp_path / "o" / kit.name / f"{kit.name}-reference.pdf"
    assert "Spring" in pdf_text(reference)


# -- a card's own template and art -----------------------------------------------------------------
SPECIAL = ('{% extends "_base.svg.j2" %}{% block body %}{{ text("Special " ~ f.title, 0, 0, w, h) }}{% endblock %}')
FLIP = ('{% extends "_base.svg.j2" %}{% block body %}{{ text("Flip " ~ f.get("label", "side"), 0, 0, w, h) }}{% endblock %}')


def square_art(colour: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="{colour}"/></svg>'


def colours_on(pdf: Path, page: int, tmp_path: Path) -> set[tuple[int, int, int]]:
    prefix = tmp_path / f"page{page}"
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", str(page), "-l", str(page), str(pdf), str(prefix)], check=True)
    image = Image.open(next(tmp_path.glob(f"page{page}*.png"))).convert("RGB")
    return {colour for _, colour in image.getcolors(1 << 20)}


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_card_template_and_art_columns(write_kit, tmp_path, suffix):
    manifest = HEAD + ("  - id: events\n    kind: card\n    size: poker\n    art: art/green.svg\n    cards: cards." + suffix
                       + "\n    sides: {back: {fields: {label: Event}}}\n")
    kit = write_kit(manifest, {"templates/special.svg.j2": SPECIAL, "templates/flip.svg.j2": FLIP,
                               "art/red.svg": square_art("#ff0000"), "art/blue.svg": square_art("#0000ff"),
                               "art/green.svg": square_art("#00ff00")})
    rows = [["title", "template", "art", "back_template", "back_label", "count"],
            ["Plain Card", None, "art/red.svg", None, None, 1],
            ["Odd Card", "special", None, "flip", "Rear", 1],
            ["Blue Card", None, "art/blue.svg", None, None, 1]]
    if suffix == "csv":
        (kit / "cards.csv").write_text("\n".join(",".join("" if v is None else str(v) for v in row) for row in rows) + "\n")
    else:
        write_xlsx(kit / "cards.xlsx", {"Sheet1": rows})
    pdf = built_pdf(kit, tmp_path)
    pages = pdf_text(pdf).split("\f")
    assert "Special Odd Card" in pages[0] and "Plain Card" in pages[0], pages[0]
    assert "Flip Rear" in pages[1] and pages[1].count("Event") == 2, pages[1]
    colours = colours_on(pdf, 1, tmp_path)
    assert (255, 0, 0) in colours and (0, 0, 255) in colours, "each card shows its own art"


@pytest.mark.parametrize("cell,text", [
    ("nope", "no template 'nope'"),
    ("@hex", "is a built-in drawer"),
    ("../x", "without folders above it"),
])
def test_bad_template_column_is_located_at_its_row(write_kit, tmp_path, cell, text):
    kit = write_kit(DECK.format(cards="cards.csv"), {"cards.csv": f"title,template,count\nA,,1\nB,{cell},1\n"})
    message = fails_cleanly(kit, tmp_path)
    assert "cards.csv:3: components[0].cards[1].template: " in message and text in message, message


def test_bad_art_column_is_located_at_its_cell(write_kit, tmp_path):
    kit = write_kit(DECK.format(cards="cards.xlsx"))
    write_xlsx(kit / "cards.xlsx", {"Sheet1": [["title", "count", "art"], ["A", 1, "art/none.svg"]]})
    message = fails_cleanly(kit, tmp_path)
    assert "cards.xlsx:Sheet1!C2: components[0].cards[0].art: file 'art/none.svg' does not exist" in message, message


def test_back_template_column_needs_a_back(write_kit, tmp_path):
    manifest = HEAD + "  - id: events\n    kind: card\n    size: poker\n    cards: cards.csv\n"
    kit = write_kit(manifest, {"cards.csv": "title,back_template,count\nA,back,1\n"})
    assert "this deck has no back (sides.back) for a back_template" in fails_cleanly(kit, tmp_path)


def test_listed_cards_name_their_template(write_kit, tmp_path):
    manifest = HEAD + ("  - id: events\n    kind: card\n    size: poker\n    cards:\n"
                       "      - {title: Odd Card, template: special}\n      - {title: Plain Card}\n")
    kit = write_kit(manifest, {"templates/special.svg.j2": SPECIAL})
    text = pdf_text(built_pdf(kit, tmp_path))
    assert "Special Odd Card" in text and "Special Plain Card" not in text and "Plain Card" in text


# -- a component's template draws both sides -------------------------------------------------------
def test_component_template_draws_the_back_too(write_kit, tmp_path):
    manifest = HEAD + ("  - id: events\n    kind: card\n    size: poker\n    template: flip\n"
                       "    sides: {front: {fields: {label: Face}}, back: {fields: {label: Reverse}}}\n")
    kit = write_kit(manifest, {"templates/flip.svg.j2": FLIP})
    pages = pdf_text(built_pdf(kit, tmp_path)).split("\f")
    assert "Flip Face" in pages[0], pages[0]
    assert "Flip Reverse" in pages[1], pages[1]


def test_back_template_of_the_side_still_wins(write_kit, tmp_path):
    manifest = HEAD + ("  - id: events\n    kind: card\n    size: poker\n    template: flip\n"
                       "    sides: {front: {fields: {label: Face}}, back: {template: special, fields: {title: Reverse}}}\n")
    kit = write_kit(manifest, {"templates/flip.svg.j2": FLIP, "templates/special.svg.j2": SPECIAL})
    pages = pdf_text(built_pdf(kit, tmp_path)).split("\f")
    assert "Flip Face" in pages[0] and "Special Reverse" in pages[1], pages


def test_kit_back_template_is_for_components_without_a_template(write_kit, tmp_path):
    manifest = ("kit:\n  name: Sheets\n  defaults: {back_template: flip}\ncomponents:\n"
                "  - id: a\n    kind: card\n    size: poker\n    sides: {front: {fields: {title: Front A}}, back: {fields: {label: Back A}}}\n"
                "  - id: b\n    kind: card\n    size: poker\n    template: special\n"
                "    sides: {front: {fields: {title: Front B}}, back: {fields: {title: Back B}}}\n")
    kit = write_kit(manifest, {"templates/flip.svg.j2": FLIP, "templates/special.svg.j2": SPECIAL})
    text = pdf_text(built_pdf(kit, tmp_path))
    assert "Flip Back A" in text and "Special Back B" in text, text


def test_cards_without_back_values_share_one_back_and_a_card_with_them_has_its_own(write_kit):
    """A deck's back is made once for all the cards that give it nothing of their own (10 000 cards, one back);
    a card's `back_*` value or `back_template` still gives that card a back of its own, showing it."""
    from generator.manifest import load_manifest
    from generator.model import build_kit

    cards = "title,count,back_label,back_template\nFlood,1,,\nStorm,2,Omen,\nDrought,1,,\nHail,1,,flip\nFrost,1,,\n"
    kit = write_kit(DECK.format(cards="cards.csv"), {"cards.csv": cards, "templates/flip.svg.j2": FLIP})
    spec = load_manifest(kit)
    backs = {piece.front.fields["title"]: piece.back for piece in build_kit(spec, spec.players_max).pieces}
    assert backs["Flood"] is backs["Drought"] is backs["Frost"]
    assert backs["Flood"].fields["label"] == "Event" and backs["Flood"].template == "back"
    assert backs["Storm"].fields["label"] == "Omen" and backs["Storm"] != backs["Flood"]
    assert backs["Hail"].template == "flip" and backs["Hail"].fields == backs["Flood"].fields


def test_what_a_template_reads_is_kept_by_its_text_and_read_again_when_edited(tmp_path, monkeypatch):
    """The fields a template reads are found from its parse once per text (kept in the user's cache folder):
    the same text elsewhere, or in a later build, is not parsed again; an edited template is, and so is one whose
    fields cannot be known (kept as such)."""
    import jinja2

    from generator.manifest import fields

    parsed = []
    real_parse = jinja2.Environment.parse
    monkeypatch.setattr(jinja2.Environment, "parse", lambda self, source, *rest: parsed.append(source)
                        or real_parse(self, source, *rest))

    def reads(folder: str, text: str):
        template = tmp_path / folder / "templates" / "t.svg.j2"
        template.parent.mkdir(parents=True, exist_ok=True)
        template.write_text(text, encoding="utf-8")
        fields._template_reads.cache_clear()  # as in a new process
        return fields.template_fields((tmp_path / folder,), "t")

    first = '<svg>{{ f.title }} {{ f.get("cost") }}</svg>'
    assert reads("a", first) == {"title", "cost"} and len(parsed) == 1
    assert reads("b", first) == {"title", "cost"} and len(parsed) == 1  # the same text: kept
    assert reads("b", first.replace("cost", "price")) == {"title", "price"} and len(parsed) == 2
    walked = "<svg>{% for k in f %}{{ k }}{% endfor %}</svg>"
    assert reads("c", walked) is None and reads("d", walked) is None and len(parsed) == 3
