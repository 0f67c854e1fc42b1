"""Manifest stage entry point: `load_manifest` reads kit.yaml and its includes into a validated, frozen KitSpec,
collecting every problem in every file before raising, so the user fixes them in one pass. It only orders the
steps; they live in documents, extends, kitsection, components (with cards and fields), kitfiles and values.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import ManifestError, Problem, UnsafeResourceError
from generator.manifest.components import read_components
from generator.manifest.documents import read_documents
from generator.manifest.extends import extend_documents
from generator.manifest.fields import ICON_NAME
from generator.manifest.kitfiles import KitFiles
from generator.manifest.kitsection import read_kit_section
from generator.manifest.problems import Document, ProblemList
from generator.manifest.spec import KitSpec
from generator.paths import inside, shown

__all__ = ["ICON_NAME", "load_manifest"]  # ICON_NAME: the reference stage finds {icon} text with it


def load_manifest(kit_dir: Path | str) -> KitSpec:
    """Read and validate a kit; raise ManifestError listing every problem found."""
    kit_dir = Path(kit_dir)
    manifest = kit_dir if kit_dir.suffix in {".yaml", ".yml"} else kit_dir / "kit.yaml"
    if not manifest.is_file():
        raise ManifestError([Problem(shown(manifest), None, None, "", "no kit.yaml here (a kit is a folder holding kit.yaml)")])
    root = manifest.parent.resolve()
    try:
        inside(manifest, root)
    except UnsafeResourceError:
        raise ManifestError([Problem(str(manifest), None, None, "", "kit.yaml is a link to a file outside the kit folder")]) from None
    problems = ProblemList()
    docs = read_documents(manifest, root, problems)
    if not docs:
        problems.raise_if_any()
    docs, parents = extend_documents(docs, root, problems, read_documents)
    return _build_kit(root, parents, manifest, docs, problems)


def _build_kit(root: Path, parents: tuple[Path, ...], manifest: Path, docs: list[Document],
               problems: ProblemList) -> KitSpec:
    """The KitSpec of validated documents, or ManifestError with every semantic problem found in them."""
    kit = docs[0].data["kit"]
    files = KitFiles((root, *parents), problems)
    section = read_kit_section(docs, files, problems)
    components = tuple(read_components(docs, section, files, problems))
    problems.raise_if_any()
    _check_piece_total(components, section.players_max)
    return KitSpec(
        id=kit.get("id") or root.name, name=kit["name"], root=root, manifest=manifest,
        players_min=section.players_min, players_max=section.players_max, palette=section.palette,
        player_colours=section.player_colours, defaults=section.defaults, components=components,
        icons=section.icons, waivers=section.waivers, rulebook=section.rulebook, reference=section.reference,
        reference_location=section.reference_location, reference_marks=section.reference_marks,
        notes=kit.get("notes", ""), parents=parents, players_stated="players" in kit,
        warnings=tuple(problems.warnings),
    )


def _check_piece_total(components, players: int) -> None:
    """The build's limit on pieces, checked here too (at the most players), so that `build`, `check` and
    `reference` refuse the same manifest with the same message."""
    from generator.pieces import MAX_PIECES, located_error, printed_count

    total = 0
    for component in components:
        if component.printed:
            total += printed_count(component, players)
            if total > MAX_PIECES:
                raise located_error(component, "count", f"the kit would print more than {MAX_PIECES} pieces; check the counts")
