"""Imports point one way: no module of generator/ imports one of a later layer, and no modules import each other
in a circle (counting imports inside functions and under TYPE_CHECKING: a circle there is a circle of ideas).

The layers, lowest first, are those of docs/architecture.md. A module belongs to the layer of the longest entry
that names it ('a.b': a.b and the modules under it; '=a.b': a.b alone); one that none names fails here.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "generator"
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bases", ("=generator", "generator.units", "generator.errors", "generator.colours", "generator.palettes",
               "generator.paths", "generator.keptfiles", "generator.typeface", "generator.geometry", "generator.art", "generator.blanks",
               "generator.rules", "generator.vocabulary")),
    ("contracts", ("generator.manifest.spec", "generator.pieces", "generator.kinds.layers")),
    ("drawing helpers", ("generator.render",)),  # render/*: what drawers and templates draw with
    ("kinds", ("generator.kinds", "generator.render.boards", "generator.render.dice", "generator.render.hexmap",
               "generator.render.mats", "generator.render.tracks")),
    ("kind table", ("generator.kinds.registry",)),
    ("manifest", ("generator.manifest",)),
    ("model", ("generator.model",)),
    ("check", ("generator.check",)),
    ("render", ("=generator.render", "generator.render.cache")),  # the render stage: render_faces
    ("impose", ("generator.impose", "generator.papers")),
    ("write", ("generator.write",)),
    ("reference and export", ("generator.reference", "generator.export")),
    ("pipeline", ("generator.pipeline", "generator.progress", "generator.starter", "generator.buildreport",
                  "generator.watch", "generator.relayout", "generator.layoutstore")),
    ("cli", ("generator.cli", "generator.cliparams", "generator.entry", "generator.__main__")),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=1)
def import_graph() -> dict[str, set[str]]:
    """Module -> the generator modules it imports (`from a import b` names module a.b when b is one)."""
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                found = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base for alias in node.names]
            else:
                continue
            for target in found:
                while target not in paths and "." in target:
                    target = target.rpartition(".")[0]
                if target in paths and target != name and target.startswith("generator"):
                    targets.add(target)
        graph[name] = targets
    return graph


def layer_of(module: str) -> int | None:
    best, rank = -1, None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            exact = prefix.startswith("=")  # '=a.b': a.b alone; 'a.b': a.b and the modules under it
            name = prefix.lstrip("=")
            covers = module == name or (not exact and module.startswith(name + "."))
            if covers and len(prefix) > best:
                best, rank = len(prefix), index
    return rank


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_another_in_a_circle():
    assert circles(import_graph()) == []


def test_every_module_has_a_layer():
    assert sorted(m for m in import_graph() if layer_of(m) is None) == []


def test_no_import_points_up_the_layers():
    upward = sorted(f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
                    for module, targets in import_graph().items() for target in targets
                    if layer_of(module) is not None and layer_of(target) is not None and layer_of(target) > layer_of(module))
    assert upward == []


def test_the_checks_can_fail():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert layer_of("generator.kinds.hexes") < layer_of("generator.kinds.registry") < layer_of("generator.manifest.loader")
    assert layer_of("generator.render") > layer_of("generator.model") > layer_of("generator.manifest")
    assert "generator.kinds.registry" in import_graph()["generator.model"]


def test_checking_and_scanning_never_load_the_renderer():
    """`pnpgen check` and `pnpgen rules scan` read manifests and rulebooks: loading the template engine or the
    SVG renderer would only slow every run (start-up is a measured target)."""
    import subprocess
    import sys

    heavy = "('jinja2', 'cairosvg', 'generator.render', 'generator.pipeline', 'generator.impose')"
    probe = f"import sys, generator.check, generator.rules.scan; print(sorted(m for m in {heavy} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"
    tests = Path(__file__).resolve().parent
    for command in (["check", str(tests / "kits" / "cribbage")], ["rules", "scan", str(tests / "corpus" / "dev" / "c5_md_6_nimmt.md")]):  # the commands as a user runs them
        run = (f"import atexit, sys; atexit.register(lambda: print(sorted(m for m in {heavy} if m in sys.modules), "
               f"file=sys.stderr)); sys.argv = ['pnpgen', *{command!r}]; from generator.cli import app; app()")
        done = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr.strip().splitlines()[-1] == "[]", (command, done.stderr)
