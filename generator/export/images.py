"""Card images: `export_images` writes one PNG per distinct face of the kit, named by component, colour and row.

A face shared by many pieces (a deck's back, 50 identical tokens) is one image. Without `bleed` an image is
the trim box, transparent outside a round, hexagonal or rounded outline; with it, the bleed box as printed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from generator.export import ExportOptions
from generator.export.common import FaceImages, face_names, save_png, to_pillow
from generator.model import Kit
from generator.render import RenderedFace
from generator.vocabulary import BACK, FRONT

MAX_SIDE = 16000  # pixels: a board at a high dpi is drawn at a lower one (cairo's images stop at 32767)


def export_images(kit: Kit, faces: Mapping[str, RenderedFace], folder: Path, options: ExportOptions) -> dict:
    """Write `<component>[-<colour>][-<row>]-<side>.png` at `options.dpi` into `folder`; return the report."""
    drawer = FaceImages(kit, faces)
    names = face_names(kit)
    clip = "bleed" if options.bleed else "outline"
    done: set[tuple[str, str]] = set()
    files = []
    for piece in kit.pieces:
        for side, face in ((FRONT, piece.front), (BACK, piece.back)):
            if face is None or (face.key, side) in done:
                continue
            done.add((face.key, side))
            surface, dpi = drawer.image(piece, face, options.dpi, clip, max_side=MAX_SIDE)
            path = save_png(to_pillow(surface), folder / f"{names[(face.key, side)]}.png", dpi)
            files.append({"file": path.name, "component": piece.component_id, "side": side,
                          "row": None if piece.card is None else piece.card + 1,
                          "pixels": [surface.get_width(), surface.get_height()],
                          **({"dpi": round(dpi, 1)} if dpi < options.dpi else {})})
    return {"dpi": options.dpi, "bleed": options.bleed, "images": files}
