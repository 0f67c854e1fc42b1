"""`pnpgen export`, read back from the files written: cut files against the printed sheet's outlines, print-on-
demand page boxes and sizes, the Tabletop Simulator saved object and its deck sheets, card images; every
export byte-identical on a second run."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from tests.conftest import ROOT
from tests.test_layouts import CUT_GREY, KIT, MARK_BACK, MM, TOLERANCE, _cut_boxes, _mm

SVG = "{http://www.w3.org/2000/svg}"


def _kit(write_kit, manifest: str = KIT, name: str = "kit") -> Path:
    return write_kit(manifest, {"templates/markback.svg.j2": MARK_BACK}, name=name)


def _run(*args: str):
    return CliRunner().invoke(app, [str(a) for a in args])


def _export(kit: Path, out: Path, *args: str) -> tuple[Path, dict]:
    result = _run("export", kit, "--out", out, *args)
    assert result.exit_code == 0, result.output
    folder = Path(result.output.strip().rsplit("-> ", 1)[1])
    return folder, json.loads((folder / "export.json").read_text())


def _svg_shapes(path: Path) -> tuple[list[tuple], list[tuple]]:
    """(cut outline boxes, fold lines) of a cut SVG, in mm."""
    root = ET.parse(path).getroot()
    layers = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    boxes = []
    for shape in layers["cut"]:
        tag = shape.tag.removeprefix(SVG)
        if tag == "rect":
            x, y, w, h = (float(shape.get(k)) for k in ("x", "y", "width", "height"))
            boxes.append((x, y, x + w, y + h))
        elif tag == "circle":
            cx, cy, r = (float(shape.get(k)) for k in ("cx", "cy", "r"))
            boxes.append((cx - r, cy - r, cx + r, cy + r))
        else:
            points = [tuple(map(float, p.split(","))) for p in shape.get("points").split()]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    folds = [tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2")) for line in layers["fold"]]
    return boxes, folds


def _dxf_shapes(path: Path, page_height: float) -> tuple[list[tuple], list[tuple], dict]:
    """(cut outline boxes, fold lines, entities per layer) of a cut DXF, in mm with y down like the SVG."""
    import ezdxf
    from ezdxf import bbox

    document = ezdxf.readfile(path)
    assert document.header["$INSUNITS"] == 4  # millimetres
    boxes, folds, layers = [], [], {}
    for entity in document.modelspace():
        layers.setdefault(entity.dxf.layer, set()).add(entity.dxftype())
        if entity.dxf.layer == "CUT":
            (x0, y0, _), (x1, y1, _) = bbox.extents([entity]).extmin, bbox.extents([entity]).extmax
            boxes.append((x0, page_height - y1, x1, page_height - y0))
        else:
            start, end = entity.dxf.start, entity.dxf.end
            folds.append((start.x, page_height - start.y, end.x, page_height - end.y))
    return boxes, folds, layers


def _same(found: list[tuple], expected: list[tuple]) -> None:
    """Every box of `expected` has one in `found` within 0.1 mm, and the counts agree."""
    assert len(found) == len(expected)
    left = list(found)
    for box in expected:
        match = next((f for f in left if all(abs(a - b) <= TOLERANCE for a, b in zip(f, box))), None)
        assert match is not None, f"no cut outline at {box}"
        left.remove(match)


def _image(path: Path):
    """The image at `path`, read whole (its file closed)."""
    with Image.open(path) as image:
        image.load()
        return image


def _pdf_folds(page) -> list[tuple]:
    return [_mm(s) for s in page.lines if s.get("stroking_color") == CUT_GREY]


def _as_box(line: tuple) -> tuple:
    x1, y1, x2, y2 = line
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
def test_cut_files_match_the_printed_outlines(write_kit, tmp_path, cutter):
    kit = _kit(write_kit)
    out = tmp_path / "out"
    build = _run("build", kit, "--out", out, "--layout", "print-and-cut", "--cutter", cutter, "--no-reference", "-q")
    assert build.exit_code == 0, build.output
    folder, report = _export(kit, out, "--to", "cut", "--cutter", cutter)
    assert folder.name == f"kit-cut-{cutter}" and report["cutter"] == cutter
    kinds = set()
    cover = json.loads((out / "kit" / "build.json").read_text()).get("cover_pages", 0)  # pages before the sheets
    with pdfplumber.open(out / "kit" / "kit.pdf") as pdf:
        for sheet in report["sheets"]:
            page = pdf.pages[cover + sheet["page"] - 1]
            printed, printed_folds = _cut_boxes(page), [_as_box(f) for f in _pdf_folds(page)]
            boxes, folds = _svg_shapes(folder / sheet["svg"])
            _same(boxes, printed)
            _same([_as_box(f) for f in folds], printed_folds)
            dxf_boxes, dxf_folds, layers = _dxf_shapes(folder / sheet["dxf"], page.height / MM)
            _same(dxf_boxes, printed)
            _same([_as_box(f) for f in dxf_folds], printed_folds)
            assert set(layers) <= {"CUT", "FOLD"} and layers.get("FOLD", {"LINE"}) == {"LINE"}
            kinds.update(child.tag.removeprefix(SVG) for child in ET.parse(folder / sheet["svg"]).getroot().iter()
                         if child.tag.removeprefix(SVG) in {"rect", "circle", "polygon"})
            if sheet["folds"]:
                assert printed_folds  # the fold-ups: fold lines on their own layer
            if cutter == "cricut":
                image = _image(folder / sheet["print_image"])
                x0, y0, x1, y1 = sheet["area_mm"]
                assert image.size == (round((x1 - x0) / 25.4 * 300), round((y1 - y0) / 25.4 * 300))
                assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0  # transparent between pieces
    assert kinds == {"rect", "circle", "polygon"}  # cards (some rounded), discs, hexes and fold-up nets
    assert any(sheet["folds"] for sheet in report["sheets"])
    rounded = [r for sheet in report["sheets"] for r in ET.parse(folder / sheet["svg"]).getroot().iter(f"{SVG}rect")
               if r.get("rx")]
    assert len(rounded) == 2 and all(float(r.get("rx")) == 4 for r in rounded)  # the rounded cards' corners


def test_pod_pdfs_have_trim_and_bleed_boxes(write_kit, tmp_path):
    kit = _kit(write_kit)
    folder, report = _export(kit, tmp_path, "--to", "pod", "--service", "drivethrucards", "--only", "deck")
    assert [c["component"] for c in report["components"]] == ["deck"]
    with pikepdf.open(folder / "deck.pdf") as pdf:
        assert len(pdf.pages) == 2 * 4  # four cards (one printed twice), each front followed by its back
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            assert media == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72], abs=0.01)  # poker card plus 1/8 in all round
            assert [float(v) for v in page.BleedBox] == pytest.approx(media, abs=0.01)
            assert [float(v) for v in page.TrimBox] == pytest.approx([9, 9, 189, 261], abs=0.01)
    with pdfplumber.open(folder / "deck.pdf") as pdf:
        backs = [p for i, p in enumerate(pdf.pages) if i % 2]
        assert all(any(r.get("non_stroking_color") == (1, 0, 1) for r in p.rects) for p in backs)


def test_pod_generic_takes_every_piece_at_its_own_bleed(write_kit, tmp_path):
    kit = _kit(write_kit)
    folder, report = _export(kit, tmp_path, "--to", "pod")
    assert sorted(c["component"] for c in report["components"]) == ["coin", "deck", "land", "plan", "tent"]
    with pikepdf.open(folder / "coin.pdf") as pdf:
        assert len(pdf.pages) == 10
        trim = [float(v) for v in pdf.pages[0].TrimBox]
        assert trim[2] - trim[0] == pytest.approx(20 * MM, abs=0.01)
        assert trim[0] == pytest.approx(1 * MM, abs=0.01)  # discs' default bleed: 1 mm


def test_pod_pngs_for_an_image_service(write_kit, tmp_path):
    kit = _kit(write_kit)
    folder, report = _export(kit, tmp_path, "--to", "pod", "--service", "thegamecrafter", "--only", "deck")
    images = report["components"][0]["images"]
    assert [i["copies"] for i in images] == [2, 1, 1]
    for entry in images:
        for side in ("front", "back"):
            assert _image(folder / entry[side]).size == (825, 1125)  # 2.75 x 3.75 in at 300 dpi


def test_a_piece_with_no_matching_product_is_a_clear_error(write_kit, tmp_path):
    result = _run("export", _kit(write_kit), "--out", tmp_path, "--to", "pod", "--service", "drivethrucards")
    assert result.exit_code == 2
    assert "coin: disc pieces of 20.0 x 20.0 mm match no DriveThruCards product" in result.output
    assert "land: hex pieces" in result.output and "deck:" not in result.output
    assert "--only" in result.output and not (tmp_path / "kit-pod-drivethrucards").exists()


def test_tts_saved_object_names_every_deck_with_its_cards(write_kit, tmp_path):
    cards = "\n".join(f"      - {{title: Card {n}}}" for n in range(75))
    manifest = KIT.replace("""      - {title: One, count: 2}
      - {title: Two}
      - {title: Three}
    sides: {back: {template: markback}}""", cards + "\n      - {title: Extra, count: 3}\n    sides: {back: {template: markback}}")
    kit = _kit(write_kit, manifest)
    folder, report = _export(kit, tmp_path, "--to", "tts", "--dpi", "40")
    saved = json.loads((folder / "kit.json").read_text())
    states = {state["Nickname"]: state for state in saved["ObjectStates"]}
    deck = states["Deck"]
    assert deck["Name"] == "DeckCustom"
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == 78
    assert states["Plan"]["Name"] == "DeckCustom" and len(states["Plan"]["DeckIDs"]) == 2
    sheets = report["decks"][0]["sheets"]
    assert [s["faces"] for s in sheets] == [69, 7]  # 76 distinct cards: a full sheet, then the rest
    for number, (key, entry) in enumerate(deck["CustomDeck"].items()):
        sheet = sheets[number]
        assert entry["NumWidth"] == sheet["columns"] <= 10 and entry["NumHeight"] == sheet["rows"] <= 7
        assert sheet["faces"] <= entry["NumWidth"] * entry["NumHeight"] - 1  # the last cell: the hidden card
        image = _image(folder / sheet["file"])
        assert image.size == tuple(sheet["pixels"]) == (sheet["columns"] * sheet["cell_px"][0],
                                                         sheet["rows"] * sheet["cell_px"][1])
        assert sheet["cell_px"] == [100, 140]  # a poker card (2.5 x 3.5 in) at 40 dpi
        assert entry["FaceURL"] == (folder / sheet["file"]).resolve().as_uri()
        assert entry["BackURL"] == (folder / "deck-back.png").resolve().as_uri()
    ids = [card["CardID"] for card in deck["ContainedObjects"]]
    assert ids == deck["DeckIDs"] and all(id % 100 < 69 for id in ids)
    coins = states["Coin"]
    assert coins["Name"] == "Bag" and len(coins["ContainedObjects"]) == 5
    tile = coins["ContainedObjects"][0]
    assert tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"]["Type"] == 2  # a circle
    assert tile["CustomImage"]["ImageURL"].startswith("file://")


def test_tts_hosted_urls(write_kit, tmp_path):
    folder, _ = _export(_kit(write_kit), tmp_path, "--to", "tts", "--dpi", "36", "--base-url", "https://example.org/game/")
    text = (folder / "kit.json").read_text()
    assert "file://" not in text and "https://example.org/game/deck-sheet-1.png" in text


def test_png_images_one_per_distinct_face(write_kit, tmp_path):
    kit = _kit(write_kit)
    folder, report = _export(kit, tmp_path, "--to", "png", "--dpi", "100")
    names = sorted(entry["file"] for entry in report["images"])
    assert "deck-01-front.png" in names and "deck-back.png" in names and "coin-back.png" in names
    assert len([n for n in names if n.startswith("deck-")]) == 4  # three rows and their shared back
    assert _image(folder / "deck-01-front.png").size == (250, 350)
    coin = _image(folder / "coin-front.png")
    assert coin.size == (79, 79) and coin.getpixel((0, 0))[3] == 0  # a disc: transparent outside it
    folder, _ = _export(kit, tmp_path, "--to", "png", "--dpi", "100", "--bleed")
    assert _image(folder / "deck-01-front.png").size == (274, 374)  # 3 mm bleed all round


@pytest.mark.parametrize("args", [["--to", "tts", "--dpi", "36"], ["--to", "cut"], ["--to", "pod"],
                                  ["--to", "png", "--dpi", "50"]])
def test_exports_are_deterministic(write_kit, tmp_path, args):
    kit = _kit(write_kit)
    folder, _ = _export(kit, tmp_path, *args)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    folder, _ = _export(kit, tmp_path, *args)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_export_of_the_smallest_kit(tmp_path):
    """end_of_resources (cards, fold-ups, hexes, a tiled map) to Tabletop Simulator: one deck, the rest tiles."""
    folder, report = _export(ROOT / "components" / "end_of_resources", tmp_path, "--to", "tts", "--dpi", "36")
    saved = json.loads((folder / "end_of_resources.json").read_text())
    decks = [s for s in saved["ObjectStates"] if s["Name"] == "DeckCustom"]
    assert [(d["Nickname"], len(d["DeckIDs"])) for d in decks] == [("Species card", 8)]
    assert report["decks"][0]["unique_backs"] is True
    board = next(s for s in saved["ObjectStates"] if s["Nickname"] == "Hexagonal map")
    assert board["Name"] == "Custom_Tile"


def test_export_help_lists_the_targets():
    text = CliRunner().invoke(app, ["export", "--help"]).output
    assert "cut|pod|tts|png" in text and "generic|drivethrucards|thegamecrafter" in text
    assert "export" in CliRunner().invoke(app, ["--help"]).output
