"""Drawer `@track` (render stage), plus the SVG primitives the board, mat and die drawers share.

The drawers get their tracks, tables and mats in points (`DrawnTrack`, `DrawnTable`, `DrawnBoard`, `DrawnMat`) and
lay them out in points; lengths become millimetres, the face document's unit (origin at the trim's top-left), only
where SVG is written: the primitives below take millimetres. Text goes through TextHelper, so it is fitted to its
box or the build stops with a LayoutError naming it.
"""

from __future__ import annotations

import math
from typing import Iterable

from generator.kinds.tracks import TITLE_BAND, NOTE_BAND, TRACK_PAD, DrawnTrack, SpaceBox, TrackFace, track_layout
from generator.manifest.spec import KitSpec
from generator.pieces import FaceSpec
from generator.render.layers import num, points_attr, svg_document
from generator.render.templating import TextHelper
from generator.units import to_mm
from generator.kinds.inks import CELL_COLOUR, GROUND

LINE = "#3b3127"          # outlines and ink on light grounds


def face_document(face: FaceSpec, body: Iterable[str]) -> str:
    """An SVG covering the face's trim plus bleed, in mm, origin at the trim's top-left."""
    return svg_document(to_mm(face.width), to_mm(face.height), to_mm(face.bleed), "".join(body))


def rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str | None = LINE, width: float = 0.35,
         rx: float = 0.0, dash: str | None = None) -> str:
    stroke_attr = f' stroke="{stroke}" stroke-width="{num(width)}"' if stroke else ""
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
            f'fill="{fill}"{stroke_attr}{dash_attr}/>')


def circle(cx: float, cy: float, r: float, fill: str = "none", stroke: str | None = LINE, width: float = 0.35,
           dash: str | None = None) -> str:
    stroke_attr = f' stroke="{stroke}" stroke-width="{num(width)}"' if stroke else ""
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"{stroke_attr}{dash_attr}/>'


def polygon(points: Iterable[tuple[float, float]], fill: str, stroke: str | None = None, width: float = 0.3) -> str:
    stroke_attr = f' stroke="{stroke}" stroke-width="{num(width)}" stroke-linejoin="round"' if stroke else ""
    return f'<polygon points="{points_attr(points)}" fill="{fill}"{stroke_attr}/>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = LINE, width: float = 0.35, dash: str | None = None) -> str:
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}" '
            f'stroke-width="{num(width)}" stroke-linecap="round"{dash_attr}/>')


def star(cx: float, cy: float, r: float, fill: str, stroke: str | None = LINE) -> str:
    points = [(cx + (r if i % 2 == 0 else r * 0.42) * math.sin(i * math.pi / 5),
               cy - (r if i % 2 == 0 else r * 0.42) * math.cos(i * math.pi / 5)) for i in range(10)]
    return polygon(points, fill, stroke, 0.2)


def box_mm(box: SpaceBox) -> SpaceBox:
    """A space's box (points) in millimetres, the face document's unit."""
    return SpaceBox(box.index, to_mm(box.x), to_mm(box.y), to_mm(box.w), to_mm(box.h))


def chevron(a: SpaceBox, b: SpaceBox, ox: float, oy: float, size: float = 2.6) -> str:
    """A small arrowhead on the boundary between two neighbouring spaces, pointing from a to b; the spaces'
    boxes (`box_mm`), the offset (ox, oy) and the size all in mm, the face document's unit."""
    (ax, ay), (bx, by) = a.centre, b.centre
    if abs(bx - ax) >= abs(by - ay):
        ux, uy = (1.0 if bx > ax else -1.0), 0.0
        mx = ((a.x + a.w + b.x) if ux > 0 else (a.x + b.x + b.w)) / 2
        my = (ay + by) / 2
    else:
        ux, uy = 0.0, (1.0 if by > ay else -1.0)
        my = ((a.y + a.h + b.y) if uy > 0 else (a.y + b.y + b.h)) / 2
        mx = (ax + bx) / 2
    cx, cy = ox + mx, oy + my
    tip = (cx + ux * size * 0.6, cy + uy * size * 0.6)
    left = (cx - ux * size * 0.4 - uy * size * 0.55, cy - uy * size * 0.4 + ux * size * 0.55)
    right = (cx - ux * size * 0.4 + uy * size * 0.55, cy - uy * size * 0.4 - ux * size * 0.55)
    return polygon([tip, left, right], LINE, "#ffffff", 0.3)


def space_shape(box: SpaceBox, x: float, y: float, shape: str, fill: str, stroke: str = LINE, width: float = 0.4) -> str:
    """The outline of one space (or slot) offset by (x, y): a circle, or a rounded rectangle; its box (`box_mm`),
    the offset and the line width in mm."""
    if shape == "disc":
        return circle(x + box.x + box.w / 2, y + box.y + box.h / 2, min(box.w, box.h) / 2, fill, stroke, width)
    return rect(x + box.x, y + box.y, box.w, box.h, fill, stroke, width, rx=min(1.5, box.w / 8))


def inner_box(box: SpaceBox, shape: str) -> tuple[float, float, float, float]:
    """The text-safe box inside a space (both in mm): the square inscribed in a disc, or the rectangle less a border."""
    if shape == "disc":
        side = min(box.w, box.h) / math.sqrt(2) * 0.96
        return box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side
    pad = min(1.2, box.w / 10)
    return box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad


def label_size(h: float) -> float:
    """A label's starting font size (pt) for a box `h` mm tall: big, then shrunk to fit."""
    return max(6.0, min(16.0, h * 1.6))


def draw_track(track: DrawnTrack, x: float, y: float, text: TextHelper, frame: str = LINE,
               ground: str = CELL_COLOUR, size: tuple[float, float] | None = None) -> str:
    """One track at (x, y) (points): its frame, title, spaces with labels, direction marks and note; with `size`
    (points), the frame has that size and the spaces are centred in it."""
    layout = track_layout(track, size)
    x, y, width, height = to_mm(x), to_mm(y), to_mm(layout.width), to_mm(layout.height)
    pad = to_mm(TRACK_PAD)
    out = [rect(x, y, width, height, ground, frame, 0.5, rx=2.0)]
    if track.title:
        out.append(text(track.title, x + pad, y + 1.0, width - 2 * pad, to_mm(TITLE_BAND) - 1.5,
                        size=10, min_size=5, bold=True, align="start", fill=LINE, max_lines=1))
    shape = track.shape
    for box, space in zip((box_mm(box) for box in layout.spaces), track.spaces):
        out.append(space_shape(box, x, y, shape, space.colour))
        ix, iy, iw, ih = inner_box(box, shape)
        if space.note:
            out.append(text(space.label, x + ix, y + iy, iw, ih * 0.45, size=label_size(ih * 0.45), min_size=5,
                            bold=True, fill=space.ink, max_lines=1))
            out.append(text(space.note, x + ix, y + iy + ih * 0.47, iw, ih * 0.53, size=8, min_size=5,
                            fill=space.ink, max_lines=4))
        else:
            out.append(text(space.label, x + ix, y + iy, iw, ih, size=label_size(ih), min_size=5, bold=True,
                            fill=space.ink, max_lines=2))
        if space.star:
            out.append(star(x + box.x + box.w - 2.2, y + box.y + 2.2, 1.8, "#f5c518"))
    if track.arrows and len(layout.spaces) > 1:
        boxes = [box_mm(box) for box in layout.spaces]
        pairs = list(zip(boxes, boxes[1:]))
        if layout.closed:
            pairs.append((boxes[-1], boxes[0]))
        out.extend(chevron(a, b, x, y) for a, b in pairs)
    if track.note:
        note_band = to_mm(NOTE_BAND)
        out.append(text(track.note, x + pad, y + height - note_band - 0.5, width - 2 * pad,
                        note_band, size=7, min_size=5, align="start", fill=LINE, max_lines=2))
    return "".join(out)


def draw_track_face(face: FaceSpec, spec: KitSpec) -> str:
    """Drawer '@track': a stand-alone track (its TrackFace, points) on a paper ground extended into the bleed."""
    drawing: TrackFace = face.drawing
    text = TextHelper.for_kit(spec)
    b = to_mm(face.bleed)
    w, h = to_mm(face.width), to_mm(face.height)
    body = [rect(-b, -b, w + 2 * b, h + 2 * b, GROUND, None),
            draw_track(drawing.track, 0.0, 0.0, text, drawing.frame, size=(face.width, face.height))]
    return face_document(face, body)
