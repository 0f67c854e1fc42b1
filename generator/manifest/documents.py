"""Manifest stage, first step: `read_documents` reads kit.yaml and every file it includes (depth first) into
schema-checked Documents, refusing include cycles and files outside the kit folder, and blanks the structurally
broken parts of each document so the semantic checks that follow skip them.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import ManifestError, UnsafeResourceError
from generator.manifest.problems import Document, ProblemList
from generator.manifest.schema import validate_document
from generator.manifest.yamlfile import KeyPath, read_yaml
from generator.paths import inside, shown


def read_documents(manifest: Path, root: Path, problems: ProblemList) -> list[Document]:
    """The root document and every included one, depth first, refusing cycles and files outside the kit."""
    docs: list[Document] = []
    seen: set[Path] = set()

    def visit(file: Path, from_doc: Document | None, key: KeyPath) -> None:
        real = file.resolve()
        if real in seen:
            problems.add(from_doc, key, f"include cycle: {shown(file)} is already included")
            return
        seen.add(real)
        try:
            data, marks = read_yaml(file, shown(file))
        except ManifestError as exc:
            problems.items.extend(exc.problems)
            return
        doc = Document(file, shown(file), data, marks)
        unsound = validate_document(doc, problems, is_root=from_doc is None)
        if unsound is None:
            return
        docs.append(Document(file, doc.shown, _without(data, unsound), marks))
        if ("include",) in unsound:
            return
        for i, name in enumerate(doc.data.get("include") or []):
            target = file.parent / name
            try:
                inside(target, root)
            except UnsafeResourceError:
                problems.add(doc, ("include", i), f"{name!r} is outside the kit folder")
                continue
            if not target.is_file():
                problems.add(doc, ("include", i), f"included file {name!r} does not exist")
                continue
            visit(target, doc, ("include", i))

    visit(manifest, None, ())
    return docs


def _without(data: dict, unsound: set[KeyPath]) -> dict:
    """The document with structurally broken parts blanked (None), so semantic checks skip them."""
    clean = dict(data)
    for path in unsound:
        if len(path) == 1 and path[0] in clean:
            clean[path[0]] = None if path[0] != "kit" else {"name": "?", "_unsound": True}
        elif len(path) == 2 and isinstance(clean.get(path[0]), list):
            items = list(clean[path[0]])
            items[path[1]] = None
            clean[path[0]] = items
    return clean
