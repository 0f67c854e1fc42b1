"""Reference stage, player-aid cards: the reference flowed across poker-size (63×88 mm) card faces,
front then back of each card, and imposed like any two-sided card.

The faces are typeset first as pages of their own (bleed included), so every platypus rule holds on
cards too: tables split with their header, headings stay with what follows. The imposition comes from
the impose stage (butted cards, crop marks, backs mirrored for `--duplex` and moved by `--back-offset`), the
sheets from the kit's sheet writer (write/sheet.py: cut lines, crop marks, footer and scale bar); each face
page is then placed under its sheet's marks as a Form XObject, clipped like the card faces of a kit.
"""

from __future__ import annotations

import json
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, PageTemplate

from generator.colours import text_on
from generator.impose import Imposition, Paper, SheetOptions, impose_sheets
from generator.model import FaceSpec, Outline, Piece
from generator.reference.content import Reference
from generator.reference.document import ReferenceDocument, counting_canvas
from generator.reference.icons import IconLibrary
from generator.reference.fallback import FONT, FONT_BOLD
from generator.reference.styles import MIN_TEXT_PT
from generator.reference.typeset import Typesetter
from generator.units import mm
from generator.write.sheet import PageFooter, write_sheets
from generator.vocabulary import BACK

CARD_WIDTH, CARD_HEIGHT = mm(63), mm(88)
SAFE = mm(3.5)        # text stays this far inside the trim
BAND = mm(8)          # coloured band at the top of each face: kit name and face number, inside the safe area
PIECE_ID = "reference-aid"


def write_cards(reference: Reference, icons: IconLibrary, target: Path, page_size: tuple[float, float],
                margin: float, bleed: float, work: Path, duplex: str = "long-edge",
                back_offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """Typeset `reference` onto card faces and impose them, two-sided, on sheets of `page_size`: backs mirrored
    for the `duplex` flip and moved against the printer's `back_offset` (points), as a kit's cards are."""
    faces = work / "faces.pdf"
    _write_faces(reference, icons, faces, bleed)
    face_count = _page_count(faces)
    pieces = _pieces(face_count, bleed)
    paper = Paper("reference", page_size[0], page_size[1], margin)
    imposition = impose_sheets(pieces, SheetOptions(paper, gutter=0.0, duplex=duplex, back_offset=back_offset))
    sheets = work / "sheets.pdf"
    write_sheets(imposition, sheets, PageFooter(reference.kit_name, duplex), title=f"{reference.title} (cards)")
    _place_faces(sheets, faces, imposition, target)


# -- faces ----------------------------------------------------------------------------------------
def _write_faces(reference: Reference, icons: IconLibrary, path: Path, bleed: float) -> None:
    width, height = CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed
    inner = CARD_WIDTH - 2 * SAFE
    frame_height = CARD_HEIGHT - 2 * SAFE - BAND + mm(1.5)
    frame = Frame(bleed + SAFE, bleed + SAFE, inner, frame_height, id="face",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    setter = Typesetter(reference, icons, reference.theme.card_font_size, frame_height, compact=True)
    doc = ReferenceDocument(str(path), "card face", pagesize=(width, height), title=reference.title,
                            author=reference.kit_name, leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0)
    doc.addPageTemplates([PageTemplate("face", [frame])])
    story = list(setter.title())
    for block in reference.blocks:
        story.extend(setter.block(block, inner))
    doc.build(story, canvasmaker=counting_canvas(_band(reference, bleed), _closing_back(reference, bleed)))


def _band(reference: Reference, bleed: float):
    """Draws each face's top band: kit name left, face number right (the band bleeds off the edge)."""
    accent = reference.theme.accent

    def decorate(canvas: Canvas, number: int, count: int) -> None:
        width, height = CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed
        canvas.saveState()
        canvas.setFillColor(HexColor(accent))
        canvas.rect(0, height - bleed - BAND, width, BAND + bleed, stroke=0, fill=1)
        canvas.setFillColor(HexColor(text_on(accent)))
        baseline = height - bleed - SAFE - MIN_TEXT_PT * 0.76  # the letters' tops on the safe line
        page_label = f"{number} / {count}"
        room = CARD_WIDTH - 2 * SAFE - canvas.stringWidth(page_label, FONT, MIN_TEXT_PT) - mm(2)
        canvas.setFont(FONT_BOLD, MIN_TEXT_PT)
        canvas.drawString(bleed + SAFE, baseline, _shortened(canvas, reference.kit_name, MIN_TEXT_PT, room))
        canvas.setFont(FONT, MIN_TEXT_PT)
        canvas.drawRightString(width - bleed - SAFE, baseline, page_label)
        canvas.restoreState()

    return decorate


def _closing_back(reference: Reference, bleed: float):
    """With an odd number of faces the last card's back would be blank: give it the kit's name instead."""
    accent = reference.theme.accent

    def finish(canvas: Canvas, count: int) -> bool:
        if count % 2 == 0:
            return False
        width, height = CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed
        canvas.setFillColor(HexColor(accent))
        canvas.rect(0, 0, width, height, stroke=0, fill=1)
        canvas.setFillColor(HexColor(text_on(accent)))
        name = reference.kit_name
        size = 14.0
        while size > MIN_TEXT_PT and canvas.stringWidth(name, FONT_BOLD, size) > CARD_WIDTH - 2 * SAFE:
            size -= 0.5
        name = _shortened(canvas, name, size, CARD_WIDTH - 2 * SAFE)
        canvas.setFont(FONT_BOLD, size)
        canvas.drawCentredString(width / 2, height / 2 + 4, name)
        canvas.setFont(FONT, 9)
        canvas.drawCentredString(width / 2, height / 2 - 10, "player aid")
        return True

    return finish


def _shortened(canvas: Canvas, text: str, size: float, room: float) -> str:
    """`text` in bold at `size`, cut with an ellipsis to fit `room` points."""
    while len(text) > 1 and canvas.stringWidth(text, FONT_BOLD, size) > room:
        text = text[:-2].rstrip() + "…"
    return text


def _page_count(pdf: Path) -> int:
    import pikepdf

    with pikepdf.open(pdf) as opened:
        return len(opened.pages)


def _pieces(face_count: int, bleed: float) -> list[Piece]:
    """One two-sided card per pair of faces, so the impose stage lays them out like any card."""
    outline = Outline("rect", CARD_WIDTH, CARD_HEIGHT)

    def face(number: int) -> FaceSpec:
        return FaceSpec("@reference-aid", json.dumps({"face": number}), CARD_WIDTH, CARD_HEIGHT, bleed, "rect")

    return [Piece(PIECE_ID, CARD_WIDTH, CARD_HEIGHT, bleed, outline, face(i), face(i + 1))
            for i in range(0, face_count, 2)]


# -- sheets ---------------------------------------------------------------------------------------
def _place_faces(sheets: Path, faces: Path, imposition: Imposition, target: Path) -> None:
    """Put each face page on its sheet as a Form XObject, clipped to the trim plus its outer bleed."""
    import pikepdf

    with pikepdf.open(faces) as face_pdf, pikepdf.open(sheets) as sheet_pdf:
        forms: dict[int, pikepdf.Object] = {}
        for index, page in enumerate(imposition.pages):
            out = sheet_pdf.pages[index]
            operators = []
            for placement in page.placements:
                piece = placement.piece
                face = piece.back if placement.side == BACK else piece.front
                number = json.loads(face.fields_json)["face"]
                if number not in forms:
                    forms[number] = sheet_pdf.copy_foreign(face_pdf.pages[number].as_form_xobject())
                name = out.add_resource(forms[number], pikepdf.Name.XObject, name=pikepdf.Name(f"/Face{number}"))
                x0, y0, x1, y1 = placement.clip or (placement.x - piece.bleed, placement.y - piece.bleed,
                                                    placement.x + piece.width + piece.bleed,
                                                    placement.y + piece.height + piece.bleed)
                left, bottom = placement.x - piece.bleed, page.height - placement.y - piece.height - piece.bleed
                operators.append(f"q {x0:.3f} {page.height - y1:.3f} {x1 - x0:.3f} {y1 - y0:.3f} re W n "
                                 f"1 0 0 1 {left:.3f} {bottom:.3f} cm {name} Do Q")
            out.contents_add(pikepdf.Stream(sheet_pdf, "\n".join(operators).encode("ascii")), prepend=True)
        sheet_pdf.save(target, deterministic_id=True)
