"""What the export targets share: drawing a piece's face as an image (with the write stage's face drawer, on
the render stage's faces), naming faces by component and row, and writing an export folder in one step."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from pathlib import Path
from typing import Iterator, Mapping

from generator.errors import UsageError
from generator.model import FaceSpec, Kit, Piece
from generator.paths import TEMPLATES_DIR, make_public
from generator.render import RenderedFace
from generator.vocabulary import BACK, FRONT

EXPORT_REPORT = "export.json"  # in every export folder: what was written (and marks the folder as an export)

# How a face image is cut out: the trim box ("box"), the piece's outline ("outline": a disc, a hexagon, a
# rounded card; transparent outside it) or its outline grown by the bleed, as the PDF prints it ("bleed").
CLIPS = ("box", "outline", "bleed")


class FaceImages:
    """Draws faces onto cairo image surfaces: the PDF's face drawer (write/faces.py), the render stage's faces."""

    def __init__(self, kit: Kit, faces: Mapping[str, RenderedFace]):
        from generator.write.fontfiles import use_typeface

        use_typeface(kit.spec.defaults.font)
        self.faces = faces
        self.roots = (*kit.spec.roots, TEMPLATES_DIR)
        self._recorders: dict[str, object] = {}  # one per clip: a recorder keeps faces clipped as first drawn

    def _recorder(self, clip: str):
        from generator.write.faces import FaceRecorder

        if clip not in self._recorders:
            self._recorders[clip] = FaceRecorder(self.faces, self.roots, set())
        return self._recorders[clip]

    def draw(self, context, piece: Piece, face: FaceSpec, x: float, y: float, clip: str) -> None:
        """Draw `face` of `piece` with its trim box's top-left at (x, y) (the context's units, points)."""
        from generator.write.draw import outline_path

        b = piece.bleed

        def outline(ctx, bx: float, by: float) -> None:  # (bx, by): the bleed box's top-left
            if clip == "bleed":
                outline_path(ctx, piece, bx + b, by + b, grow=b)
            elif clip == "outline":
                outline_path(ctx, piece, bx + b, by + b)
            else:
                ctx.rectangle(bx + b, by + b, piece.width, piece.height)

        context.save()
        self._recorder(clip).paint(context, face.key, piece, x - b, y - b, outline)
        context.restore()
        context.new_path()

    def image(self, piece: Piece, face: FaceSpec, dpi: float, clip: str, max_side: int | None = None,
              margin: float | None = None, background: tuple[float, float, float] | None = None):
        """(cairo ARGB32 surface, dpi used): the face at `dpi` (lowered until neither side exceeds `max_side`
        pixels), covering the trim box and `margin` round it (default: the bleed for clip "bleed", else none);
        transparent outside the clip unless a `background` colour fills it."""
        from generator.write.glyphs import cairo, font_options

        grow = margin if margin is not None else (piece.bleed if clip == "bleed" else 0.0)
        width, height = piece.width + 2 * grow, piece.height + 2 * grow
        if max_side is not None:
            dpi = min(dpi, max_side * 72 / max(width, height))
        px, py = max(1, round(width * dpi / 72)), max(1, round(height * dpi / 72))
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, px, py)
        context = cairo.Context(surface)
        if background is not None:
            context.set_source_rgb(*background)
            context.paint()
        context.scale(px / width, py / height)
        context.set_font_options(font_options())
        self.draw(context, piece, face, grow, grow, clip)
        surface.flush()
        return surface, dpi


def to_pillow(surface):
    """A cairo ARGB32 surface as a Pillow RGBA image (cairo keeps premultiplied alpha, Pillow straight)."""
    from PIL import Image

    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    return Image.frombuffer("RGBa", (width, height), bytes(surface.get_data()), "raw", "BGRa", stride, 1).convert("RGBA")


def save_png(image, path: Path, dpi: float | None = None) -> Path:
    """Write a Pillow image as PNG: the same image gives the same bytes (Pillow writes no dates)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    options = {"dpi": (round(dpi), round(dpi))} if dpi else {}
    image.save(path, "PNG", **options)
    return path


def slug(text: str) -> str:
    """A file-name-safe form of a name or colour: 'Dark Red' -> 'dark-red'."""
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"


def face_names(kit: Kit, pieces: list[Piece] | None = None) -> dict[tuple[str, str], str]:
    """{(face key, side): name} for every distinct face, named by component, colour and deck row:
    `species_card-red-front`, `bounty-03-front`, `bounty-back` (a back shared by every row). A name two faces
    would share gets `-2`, `-3` … in order of first use."""
    uses: dict[tuple[str, str], list[tuple[str, str | None, int | None]]] = {}
    for piece in kit.pieces if pieces is None else pieces:
        colour = _colour_name(piece.front)
        for side, face in ((FRONT, piece.front), (BACK, piece.back)):
            if face is not None:
                uses.setdefault((face.key, side), []).append((piece.component_id, colour, piece.card))
    names: dict[tuple[str, str], str] = {}
    taken: set[str] = set()
    for (key, side), where in uses.items():
        component = where[0][0]
        colours = {colour for _, colour, _ in where}
        rows = {row for _, _, row in where}
        parts = [component]
        if len(colours) == 1 and None not in colours:
            parts.append(slug(next(iter(colours))))
        if len(rows) == 1 and None not in rows:
            parts.append(f"{next(iter(rows)) + 1:02d}")
        name = "-".join(parts + [side])
        unique, n = name, 1
        while unique in taken:
            n += 1
            unique = f"{name}-{n}"
        taken.add(unique)
        names[(key, side)] = unique
    return names


def _colour_name(face: FaceSpec) -> str | None:
    name = face.fields.get("colour_name")
    return str(name) if name else None


def select(kit: Kit, only: tuple[str, ...]) -> Kit:
    """The kit with only the pieces of the components named in `only` (all when empty)."""
    if not only:
        return kit
    known = {c.id for c in kit.spec.components}
    unknown = [name for name in only if name not in known]
    if unknown:
        raise UsageError(f"--only {', '.join(unknown)}: no such component in {kit.spec.name} "
                         f"(its components: {', '.join(sorted(known))})")
    from dataclasses import replace

    return replace(kit, pieces=tuple(p for p in kit.pieces if p.component_id in only))


def write_report(folder: Path, report: dict) -> None:
    """export.json: what the export holds, its files listed relative to the folder."""
    (folder / EXPORT_REPORT).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


@contextlib.contextmanager
def export_folder(out: Path, name: str) -> Iterator[tuple[Path, Path]]:
    """(staging folder, target): write into the staging folder; when the block ends it replaces OUT/<name>
    in one step, as a build replaces OUT/<kit> (write/publish.py). Refuses a target that is no export."""
    from generator.write import publish

    target = out / name
    if target.exists() and not (target / EXPORT_REPORT).is_file():
        raise UsageError(f"{target} exists and is not a pnpgen export (no {EXPORT_REPORT}); move it or choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    with publish.kit_lock(out, name):
        publish.remove_leftovers(out, name)
        staging = publish.staging_folder(out, name)
        try:
            yield staging, target
            for path in sorted(staging.rglob("*")):
                if path.is_dir():
                    make_public(path)
            publish.publish(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
