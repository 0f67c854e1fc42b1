"""Paper sizes: `load_paper(name, orientation, margin)` reads generator/data/papers.yaml into a Paper."""

from __future__ import annotations

from functools import cache

from generator.errors import UsageError
from generator.impose import Paper
from generator.paths import DATA_DIR
from generator.units import parse_size


def load_paper(name: str, orientation: str = "portrait", margin: float = 0.0) -> Paper:
    """A paper in the orientation asked for; UsageError naming the choices for an unknown name."""
    papers = _papers()
    if name not in papers:
        raise UsageError(f"unknown paper {name!r}; choose one of {', '.join(papers)}")
    width, height = parse_size(papers[name]["size"])
    paper = Paper(name, width, height, margin).portrait
    return paper.landscape if orientation == "landscape" else paper


@cache
def _papers() -> dict[str, dict[str, str]]:
    """papers.yaml, read once a process (a build asks for its paper three times, a watch at every rebuild)."""
    from generator.manifest.yamlfile import read_table

    return read_table(DATA_DIR / "papers.yaml")
