"""Export stage: the kit's rendered faces in other forms than the home PDF, one module per target.

    cut.py     export_cut     cut files (SVG and DXF) for the sheets of `build --layout print-and-cut`
    pod.py     export_pod     print-on-demand files: one piece per page (or image) at trim plus bleed
    tts.py     export_tts     Tabletop Simulator: deck sheets, back, token and board images, a saved object
    images.py  export_images  one PNG per distinct face

Every target draws the faces the render stage made, with the write stage's face drawer (write/faces.py), so
an export shows exactly what the PDF prints; `pipeline.export` runs the stages and puts the files in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

TARGETS = ("cut", "pod", "tts", "png")


@dataclass(frozen=True)
class ExportOptions:
    """What `pnpgen export` was asked for; None means 'the kit's default'."""

    target: str  # one of TARGETS
    out: Path = Path("output")
    paper: str | None = None
    orientation: str | None = None
    players: int | None = None
    cutter: str = "silhouette"  # cut
    service: str = "generic"  # pod
    dpi: int = 300  # pod images, tts, png
    bleed: bool = False  # png: images include the bleed
    only: tuple[str, ...] = field(default=())  # component ids to export (default: every printed one)
    base_url: str | None = None  # tts: where the images will be hosted (default: file:// URLs)


def folder_name(kit_id: str, options: ExportOptions) -> str:
    """OUT/<this>: beside the kit's build folder, which every build replaces whole."""
    suffix = {"cut": f"cut-{options.cutter}", "pod": f"pod-{options.service}"}.get(options.target, options.target)
    return f"{kit_id}-{suffix}"
