"""Manifest stage: `extend_documents` lays a kit that `extends:` another over the documents of the kit it extends.

A kit variant (new art, other colours, bigger pieces) names its parent kit and writes only what differs. Its
`kit:` keys win over the parent's, a component with a parent component's id is written over that component,
new components come after the parent's, and `remove:` leaves parent components out; mappings merge key by
key, anything else is replaced. Every value keeps the file and line it was written at, and a file name
resolves beside the file that wrote it.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from generator.errors import UnsafeResourceError
from generator.manifest.problems import Document, ProblemList
from generator.manifest.yamlfile import KeyPath
from generator.paths import inside, shown

ReadDocuments = Callable[[Path, Path, ProblemList], list[Document]]
OWN_KEYS = ("extends", "remove")  # what a kit says about its parent, never inherited
REPLACED_WHOLE = {"font"}


@dataclass(frozen=True)
class Layer:
    """A child kit's value written over the parent's at `here`: it stands at `there` in the child's `doc`."""

    here: KeyPath
    doc: Document
    there: KeyPath
    value: Any


@dataclass(frozen=True)
class LayeredDocument(Document):
    """A parent kit's document with a child kit's values laid over it: a key the child wrote is located in
    the child's file, and file names written there resolve beside it."""

    layers: tuple[Layer, ...] = ()

    def locate(self, path: KeyPath):
        layer, rest = self._layer(path)
        return layer.doc.locate(layer.there + rest) if layer else super().locate(path)

    def folder(self, path: KeyPath) -> Path:
        layer, rest = self._layer(path)
        return layer.doc.folder(layer.there + rest) if layer else super().folder(path)

    def key_path(self, path: KeyPath) -> KeyPath:
        layer, rest = self._layer(path)
        return layer.doc.key_path(layer.there + rest) if layer else path

    def _layer(self, path: KeyPath) -> tuple[Layer | None, KeyPath]:
        for layer in self.layers:
            size = len(layer.here)
            if path[:size] == layer.here and _holds(layer.value, path[size:]):
                return layer, path[size:]
        return None, path


def extend_documents(docs: list[Document], root: Path, problems: ProblemList, read: ReadDocuments,
                     chain: tuple[Path, ...] = ()) -> tuple[list[Document], tuple[Path, ...]]:
    """The kit's documents laid over those of the kits it extends (nearest first), and those kits' folders."""
    top = docs[0]
    name = top.data.get("extends")
    if not name:
        return docs, ()
    parent = _parent_manifest(top, name, root, chain, problems)
    parent_docs = read(parent, parent.parent.resolve(), problems) if parent is not None else []
    if not parent_docs:  # what the kit says is said over a parent that is not there: only that is reported
        problems.raise_if_any()
        return docs, ()
    parent_root = parent.parent.resolve()
    parent_docs, ancestors = extend_documents(parent_docs, parent_root, problems, read, chain + (root,))
    return _lay_over(parent_docs, docs, problems), (parent_root, *ancestors)


def _parent_manifest(top: Document, name: str, root: Path, chain: tuple[Path, ...], problems: ProblemList) -> Path | None:
    target = top.folder(("extends",)) / name
    try:
        manifest = target / "kit.yaml" if target.is_dir() else target
        found = manifest.name == "kit.yaml" and manifest.is_file()  # never read any other file: it is not a kit
    except (OSError, ValueError):
        found = False
    if not found:
        problems.add(top, ("extends",), f"no kit to extend at {name[:200]!r} (a kit folder holding kit.yaml, or a kit.yaml)")
        return None
    parent_root = manifest.parent.resolve()
    if parent_root in chain + (root.resolve(),):
        problems.add(top, ("extends",), f"extends cycle: {shown(parent_root)} already extends this kit")
        return None
    try:
        inside(manifest, parent_root)
    except UnsafeResourceError:
        problems.add(top, ("extends",), f"{name!r}: its kit.yaml is a link to a file outside its kit folder")
        return None
    return parent_root / manifest.name  # messages name kits/base/kit.yaml, not kits/variant/../base/kit.yaml


def _lay_over(parent_docs: list[Document], child_docs: list[Document], problems: ProblemList) -> list[Document]:
    child_top = child_docs[0]
    where: dict[str, tuple[int, int]] = {}  # parent component id -> (document, index)
    for d, doc in enumerate(parent_docs):
        for k, raw in enumerate(doc.data.get("components") or []):
            if raw is not None:
                where.setdefault(raw["id"], (d, k))
    removed = _removed(child_top, where, problems)
    overrides: dict[tuple[int, int], Layer] = {}
    child_data = []
    for doc in child_docs:
        components = list(doc.data.get("components") or [])
        for i, raw in enumerate(components):
            if raw is not None and raw["id"] in where:
                if raw["id"] in removed:
                    problems.add(doc, ("components", i, "id"), f"{raw['id']!r} is both removed and changed; keep one")
                d, k = where[raw["id"]]
                if (d, k) in overrides:
                    first = overrides[(d, k)]
                    problems.add(doc, ("components", i, "id"), f"duplicate id {raw['id']!r} (first used at "
                                 f"{first.doc.locate(first.there)})")
                    continue
                overrides[(d, k)] = Layer(("components", k), doc, ("components", i), raw)
                components[i] = None  # read once, as part of the parent's component
        child_data.append({**doc.data, "components": components} if "components" in doc.data else dict(doc.data))
    laid = [_layered(d, doc, overrides, removed, child_top if d == 0 else None) for d, doc in enumerate(parent_docs)]
    child_data[0] = {key: value for key, value in child_data[0].items() if key not in ("kit", *OWN_KEYS)}
    return laid + [Document(doc.file, doc.shown, data, doc.marks) for doc, data in zip(child_docs, child_data)]


def _removed(child_top: Document, where: dict[str, tuple[int, int]], problems: ProblemList) -> set[str]:
    removed = set()
    for i, component_id in enumerate(child_top.data.get("remove") or []):
        if component_id in where:
            removed.add(component_id)
            continue
        hint = difflib.get_close_matches(str(component_id), list(where), n=1)
        problems.add(child_top, ("remove", i), f"the extended kit has no component {component_id!r}"
                     + (f" (did you mean {hint[0]!r}?)" if hint else ""))
    return removed


def _layered(d: int, doc: Document, overrides: dict[tuple[int, int], Layer], removed: set[str],
             child_top: Document | None) -> Document:
    data = {key: value for key, value in doc.data.items() if key not in OWN_KEYS}
    layers = [layer for (at, _), layer in overrides.items() if at == d]
    components = list(data.get("components") or [])
    for k, raw in enumerate(components):
        if raw is None:
            continue
        if raw["id"] in removed:
            components[k] = None
        elif (d, k) in overrides:
            components[k] = merged(raw, overrides[(d, k)].value)
    if components:
        data["components"] = components
    if child_top is not None:  # the parent's top document carries the kit: section
        child_kit = child_top.data["kit"]
        kit = merged({k: v for k, v in data["kit"].items() if k != "id"}, child_kit)  # the id is the kit's own
        data["kit"] = kit
        layers.append(Layer(("kit",), child_top, ("kit",), child_kit))
    inherited = doc.layers if isinstance(doc, LayeredDocument) else ()
    return LayeredDocument(doc.file, doc.shown, data, doc.marks, tuple(layers) + inherited)


def merged(base: Any, over: Any) -> Any:
    """`over` written over `base`: mappings key by key (recursively), anything else replaced — but a kit's
    `font` is always replaced whole: a regular from one kit and a bold from another are no typeface."""
    if isinstance(base, dict) and isinstance(over, dict):
        return {**base, **{key: value if key in REPLACED_WHOLE else merged(base.get(key), value)
                           for key, value in over.items()}}
    return over


def _holds(value: Any, path: KeyPath) -> bool:
    """Whether `path` leads to something inside `value` (the child wrote that key)."""
    for key in path:
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
            value = value[key]
        else:
            return False
    return True


def extended_folders(kit_dir: Path) -> list[Path]:
    """The folders of the kits `kit_dir` extends, nearest first, read leniently: `--watch` must watch them
    even while a kit in the chain has mistakes."""
    from generator.errors import PnpError
    from generator.manifest.yamlfile import read_yaml

    folders: list[Path] = []
    manifest = kit_dir / "kit.yaml" if kit_dir.is_dir() else kit_dir
    while True:
        try:
            data, _ = read_yaml(manifest, shown(manifest))
            name = data.get("extends") if isinstance(data, dict) else None
            if not isinstance(name, str) or not name:
                return folders
            target = manifest.parent / name
            manifest = target / "kit.yaml" if target.is_dir() else target
            folder = manifest.parent.resolve()
            if manifest.name != "kit.yaml" or folder in folders or folder == kit_dir.resolve():
                return folders
        except (PnpError, OSError, ValueError):
            return folders
        folders.append(folder)
