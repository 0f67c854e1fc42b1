"""Tabletop Simulator: `export_tts` writes a kit as a TTS saved object, `<kit>.json`, and the images it loads.

- A deck (kind `card`) becomes a DeckCustom: its distinct faces on deck sheets of at most 10 x 7 cells and 69
  faces (TTS keeps a sheet's last cell for the hidden card; pnpgen puts the back there), each cell the card's
  trim at the chosen dpi, lowered until the sheet is at most 4096 px a side; a back shared by every card is one
  image (`<deck>-back.png`), different backs a back sheet of the same grid (`UniqueBack`). A deck of one card
  is a CardCustom.
- Every other piece becomes a Custom_Tile (box, hex, circle or rounded, as cut), its front and back images
  transparent outside the outline; a component of several pieces is a Bag of them. Boards, maps, mats and
  tracks are one image each, at most 4096 px a side.
- Image URLs are file:// URLs of the files written, or `base_url` + file name for images you host yourself.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Mapping

from generator.export import ExportOptions
from generator.export.common import FaceImages, face_names, save_png, to_pillow
from generator.model import FaceSpec, Kit, Piece
from generator.render import RenderedFace
from generator.vocabulary import BACK, FRONT, SIDES

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_FACES = MAX_COLUMNS * MAX_ROWS - 1  # the last cell of a sheet is TTS's hidden card
MAX_SHEET_PX = 4096  # a deck sheet's or a board's longest side
TILE_TYPES = {"rect": 0, "hex": 1, "disc": 2, "rounded": 3}
POKER_WIDTH_IN = 2.5  # a TTS card at scale 1 is about a poker card
GREY = (0.713235259, 0.713235259, 0.713235259)


def grid(faces: int) -> tuple[int, int]:
    """(columns, rows) of the smallest sheet holding `faces` cells plus the hidden one: 2-10 by 2-7."""
    best = None
    for rows in range(2, MAX_ROWS + 1):
        columns = max(2, math.ceil((faces + 1) / rows))
        if columns <= MAX_COLUMNS:
            key = (columns * rows, abs(columns - rows), columns)
            best = min(best or (key, columns, rows), (key, columns, rows))
    return best[1], best[2]


def export_tts(kit: Kit, faces: Mapping[str, RenderedFace], folder: Path, target: Path, options: ExportOptions) -> dict:
    """Write the images and `<kit>.json` into `folder` (URLs point where `target` will be); return the report."""
    writer = _Writer(kit, faces, folder, target, options)
    components = {}
    for piece in kit.pieces:
        components.setdefault(piece.component_id, []).append(piece)
    kinds = {c.id: c for c in kit.spec.components}
    objects, decks, tiles = [], [], []
    cursor = 0.0  # objects side by side along x, a unit (about an inch) apart, so none spawns inside another
    for component_id, pieces in components.items():
        component = kinds[component_id]
        if component.kind == "card":
            width = max(pieces[0].width, pieces[0].height) / 72  # a deck: one card across
        elif len(pieces) > 1:
            width = 2.0  # a bag
        else:
            width = max(pieces[0].width, pieces[0].height) / 72  # one tile: its size, in inches
        x, cursor = cursor + width / 2, cursor + width + 1.0
        if component.kind == "card":
            state, report = writer.deck(component_id, component.name, pieces, x)
            decks.append(report)
        else:
            state, report = writer.tiles(component_id, component.name, component.kind, pieces, x)
            tiles.append(report)
        objects.append(state)
    saved = {"SaveName": kit.spec.name, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5,
             "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
             "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}
    saved_file = folder / f"{kit.spec.id}.json"
    saved_file.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    thumbnail = writer.thumbnail(folder / f"{kit.spec.id}.png")
    return {"saved_object": saved_file.name, "thumbnail": thumbnail, "image_urls": writer.url(""),
            "decks": decks, "tiles": tiles}


class _Writer:
    def __init__(self, kit: Kit, faces, folder: Path, target: Path, options: ExportOptions):
        self.kit, self.folder, self.target, self.options = kit, folder, target, options
        self.drawer = FaceImages(kit, faces)
        self.names = face_names(kit)
        self.sheet_ids = 0
        self.first_image: Path | None = None

    def url(self, name: str) -> str:
        if self.options.base_url:
            return f"{self.options.base_url.rstrip('/')}/{name}"
        return (self.target.resolve() / name).as_uri() if name else self.target.resolve().as_uri() + "/"

    def guid(self, *parts) -> str:
        return hashlib.sha1(":".join(str(p) for p in (self.kit.spec.id, *parts)).encode("utf-8")).hexdigest()[:6]

    def save(self, image, name: str, dpi: float | None = None) -> str:
        path = save_png(image, self.folder / name, dpi)
        self.first_image = self.first_image or path
        return name

    # -- decks -------------------------------------------------------------------------------------------
    def deck(self, component_id: str, title: str, pieces: list[Piece], x: float) -> tuple[dict, dict]:
        slots: dict[tuple[str, str | None], Piece] = {}  # distinct (front, back) pairs, in first-use order
        for piece in pieces:
            slots.setdefault((piece.front.key, piece.back.key if piece.back else None), piece)
        backs = {back for _, back in slots}
        unique_back = len(backs) > 1
        shared_back = None if unique_back else self._shared_back(component_id, pieces[0])
        order = list(slots)
        custom, sheets, where = {}, [], {}
        for start in range(0, len(order), MAX_FACES):
            chunk = order[start:start + MAX_FACES]
            self.sheet_ids += 1
            sheet_id = self.sheet_ids
            columns, rows = grid(len(chunk))
            number = len(sheets) + 1
            face_file, back_file, cell = self._sheet(component_id, number, [slots[k] for k in chunk], columns, rows,
                                                     unique_back, shared_back)
            custom[str(sheet_id)] = {"FaceURL": self.url(face_file), "BackURL": self.url(back_file or shared_back),
                                     "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
                                     "UniqueBack": unique_back, "Type": 0}
            for cell_index, key in enumerate(chunk):
                where[key] = (sheet_id, cell_index)
            sheets.append({"file": face_file, "back_file": back_file, "columns": columns, "rows": rows,
                           "faces": len(chunk), "cell_px": list(cell), "pixels": [columns * cell[0], rows * cell[1]]})
        scale = pieces[0].width / 72 / POKER_WIDTH_IN
        cards = []
        for number, piece in enumerate(pieces):
            sheet_id, cell_index = where[(piece.front.key, piece.back.key if piece.back else None)]
            cards.append({"Name": "Card", "Nickname": _card_name(piece.front, title), "Description": "",
                          "CardID": sheet_id * 100 + cell_index,
                          "CustomDeck": {str(sheet_id): custom[str(sheet_id)]},
                          "Transform": _transform(x, 1.0, scale, flipped=True), "GUID": self.guid(component_id, number)})
        report = {"component": component_id, "name": title, "cards": len(pieces), "sheets": sheets,
                  "back": shared_back, "unique_backs": unique_back}
        if len(cards) == 1:
            card = dict(cards[0], Name="CardCustom", Transform=_transform(x, 1.0, scale, flipped=True))
            return card, report
        deck = {"Name": "DeckCustom", "Nickname": title, "Description": "", "GUID": self.guid(component_id),
                "Transform": _transform(x, 1.0, scale, flipped=True), "ColorDiffuse": _colour(GREY),
                "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                "SidewaysCard": pieces[0].width > pieces[0].height, "HideWhenFaceDown": True,
                "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": custom, "ContainedObjects": cards}
        return deck, report

    def _shared_back(self, component_id: str, piece: Piece) -> str:
        """The one back of a deck, or a plain grey card for a one-sided deck (TTS needs a back)."""
        from PIL import Image

        if piece.back is None:
            dpi = min(self.options.dpi, MAX_SHEET_PX * 72 / max(piece.width, piece.height))
            size = (round(piece.width / 72 * dpi), round(piece.height / 72 * dpi))
            return self.save(Image.new("RGB", size, (182, 182, 182)), f"{component_id}-back.png", dpi)
        surface, dpi = self.drawer.image(piece, piece.back, self.options.dpi, "box", max_side=MAX_SHEET_PX,
                                         background=(1, 1, 1))
        return self.save(to_pillow(surface).convert("RGB"), f"{component_id}-back.png", dpi)

    def _sheet(self, component_id: str, number: int, pieces: list[Piece], columns: int, rows: int,
               unique_back: bool, shared_back: str | None) -> tuple[str, str | None, tuple[int, int]]:
        """Draw one deck sheet (and its back sheet for unique backs): each card's trim in its cell."""
        from PIL import Image

        piece0 = pieces[0]
        width_in, height_in = piece0.width / 72, piece0.height / 72
        dpi = min(self.options.dpi, MAX_SHEET_PX / (columns * width_in), MAX_SHEET_PX / (rows * height_in))
        cell = (round(width_in * dpi), round(height_in * dpi))
        sides = SIDES if unique_back else (FRONT,)
        files = []
        for side in sides:
            sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), (255, 255, 255))
            for index, piece in enumerate(pieces):
                self._paste(sheet, piece, piece.back if side == BACK else piece.front, index, columns, cell, dpi)
            hidden = columns * rows - 1  # TTS's hidden card (shown for cards in another's hand): a back
            if side == FRONT and shared_back is not None:
                with Image.open(self.folder / shared_back) as back:
                    back = back.convert("RGB").resize(cell)
                sheet.paste(back, ((hidden % columns) * cell[0], (hidden // columns) * cell[1]))
            elif side == FRONT:
                self._paste(sheet, piece0, piece0.back, hidden, columns, cell, dpi)
            suffix = "" if side == FRONT else "-backs"
            files.append(self.save(sheet, f"{component_id}{suffix}-sheet-{number}.png", dpi))
        return files[0], files[1] if unique_back else None, cell

    def _paste(self, sheet, piece: Piece, face: FaceSpec | None, index: int, columns: int, cell: tuple[int, int],
               dpi: float) -> None:
        if face is None:
            return
        surface, _ = self.drawer.image(piece, face, dpi, "box", background=(1, 1, 1))
        image = to_pillow(surface).convert("RGB")
        if image.size != cell:
            image = image.resize(cell)
        sheet.paste(image, ((index % columns) * cell[0], (index // columns) * cell[1]))

    # -- tokens, tiles, boards -----------------------------------------------------------------------------
    def tiles(self, component_id: str, title: str, kind: str, pieces: list[Piece], x: float) -> tuple[dict, dict]:
        images: dict[tuple[str, str], str] = {}
        objects = []
        for number, piece in enumerate(pieces):
            urls = []
            for side, face in ((FRONT, piece.front), (BACK, piece.back)):
                if face is None:
                    urls.append("")
                    continue
                if (face.key, side) not in images:
                    surface, dpi = self.drawer.image(piece, face, self.options.dpi, "outline", max_side=MAX_SHEET_PX)
                    images[(face.key, side)] = self.save(to_pillow(surface), f"{self.names[(face.key, side)]}.png", dpi)
                urls.append(self.url(images[(face.key, side)]))
            shape = _tile_shape(piece)
            scale = max(piece.width, piece.height) / 72
            objects.append({
                "Name": "Custom_Tile", "Nickname": _card_name(piece.front, title), "Description": "",
                "GUID": self.guid(component_id, number), "Transform": _transform(x, 1.0 + 0.2 * number, scale),
                "ColorDiffuse": _colour((1, 1, 1)), "Locked": False, "Grid": True, "Snap": True,
                "CustomImage": {"ImageURL": urls[0], "ImageSecondaryURL": urls[1] or urls[0], "ImageScalar": 1.0,
                                "WidthScale": 0.0,
                                "CustomTile": {"Type": TILE_TYPES.get(shape, 0), "Thickness": 0.1,
                                               "Stackable": len(pieces) > 1, "Stretch": False}}})
        report = {"component": component_id, "name": title, "pieces": len(pieces), "images": sorted(set(images.values()))}
        if len(objects) == 1:
            return objects[0], report
        bag = {"Name": "Bag", "Nickname": title, "Description": f"{len(objects)} pieces", "GUID": self.guid(component_id),
               "Transform": _transform(x, 1.0, 1.0), "ColorDiffuse": _colour(GREY), "Locked": False,
               "ContainedObjects": objects}
        return bag, report

    def thumbnail(self, path: Path) -> str | None:
        """TTS shows `<kit>.png` beside a saved object: the first image written, 256 px."""
        from PIL import Image

        if self.first_image is None:
            return None
        with Image.open(self.first_image) as image:
            image = image.convert("RGBA")
        image.thumbnail((256, 256))
        save_png(image, path)
        return path.name


def _tile_shape(piece: Piece) -> str:
    shape = piece.outline.shape
    if shape == "polygon":
        return "hex" if piece.front.shape == "hex" else "rect"
    return shape


def _card_name(face: FaceSpec, default: str) -> str:
    fields = face.fields
    for key in ("title", "label", "name"):
        if fields.get(key):
            name = str(fields[key])
            colour = fields.get("colour_name")
            return f"{name} ({colour})" if colour and str(colour) not in name else name
    return default


def _transform(x: float, y: float, scale: float, flipped: bool = False) -> dict:
    return {"posX": round(x, 3), "posY": round(y, 3), "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def _colour(rgb) -> dict:
    return {"r": rgb[0], "g": rgb[1], "b": rgb[2]}
