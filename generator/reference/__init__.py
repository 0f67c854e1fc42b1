"""Reference stage: `write_reference(spec, folder, format, paper)` typesets the kit's `reference:` section
as A4/Letter sheets or as poker-size, two-sided player-aid cards, with reportlab's platypus; the cards'
sheets (cut lines, crop marks, footer, duplex backs) are drawn by the kit's sheet writer (write/sheet.py).

Text never drifts from the components: tables may be built from component data, `{icon}` names become
the kit's icons on the text baseline, and the output is byte-identical for identical input.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import UsageError
from generator.manifest.spec import KitSpec
from generator.paths import TEMPLATES_DIR
from generator.reference.content import Reference, parse_reference

FORMATS = {"sheets": "reference", "cards": "aids"}


def write_reference(spec: KitSpec, folder: Path, format: str = "sheets", paper: str | None = None,
                    duplex: str = "long-edge", back_offset: tuple[float, float] = (0.0, 0.0)) -> Path:
    """Write `folder/<kit id>-reference.pdf` (sheets) or `folder/<kit id>-aids.pdf` (cards); return its path.

    Cards are two-sided: their backs are mirrored for the `duplex` flip and moved against the printer's
    `back_offset` (points), as the kit's own two-sided sheets are. Sheets are one-sided.

    Raises ManifestError for a bad `reference:` section, LayoutError when something cannot fit,
    UsageError for an unknown format or paper.
    """
    if format not in FORMATS:
        raise UsageError(f"unknown reference format {format!r}; choose sheets or cards")
    reference = parse_reference(spec)
    page_size = paper_size(paper or spec.defaults.paper)
    folder = Path(folder)
    made = [p for p in (folder, *folder.parents) if not p.exists()]  # deepest first
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{spec.id}-{FORMATS[format]}.pdf"
    try:
        with tempfile.TemporaryDirectory(prefix=f".{spec.id}-reference-", dir=folder) as work:
            partial = Path(work) / target.name
            _typeset(spec, reference, format, page_size, Path(work), partial, duplex, back_offset)
            os.replace(partial, target)
    except BaseException:
        for path in made:  # a failed run leaves no empty folders behind
            if path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        raise
    return target


def _typeset(spec: KitSpec, reference: Reference, format: str, page_size: tuple[float, float], work: Path,
             partial: Path, duplex: str, back_offset: tuple[float, float]) -> None:
    from generator.reference.icons import IconLibrary

    icons = IconLibrary(spec.icons, work, (*spec.roots, TEMPLATES_DIR))
    if format == "sheets":
        from generator.reference.sheets import write_sheets

        write_sheets(reference, icons, partial, page_size, spec.defaults.margin)
    else:
        from generator.reference.cards import write_cards

        write_cards(reference, icons, partial, page_size, spec.defaults.margin, spec.defaults.bleed, work, duplex,
                    back_offset)
    icons.vectorise(partial)


def paper_size(name: str) -> tuple[float, float]:
    """(width, height) in points of a paper, portrait."""
    from generator.papers import load_paper

    paper = load_paper(name)
    return paper.width, paper.height


__all__ = ["write_reference", "parse_reference", "paper_size", "FORMATS"]
