"""Paper sizes: `load_paper(name, orientation, margin)` reads generator/data/papers.yaml into a Paper."""

from __future__ import annotations

from generator.errors import UsageError
from generator.impose import Paper
from generator.paths import DATA_DIR
from generator.units import parse_size


def load_paper(name: str, orientation: str = "portrait", margin: float = 0.0) -> Paper:
    """A paper in the orientation asked for; UsageError naming the choices for an unknown name."""
    import yaml

    papers = yaml.safe_load((DATA_DIR / "papers.yaml").read_text(encoding="utf-8"))
    if name not in papers:
        raise UsageError(f"unknown paper {name!r}; choose one of {', '.join(papers)}")
    width, height = parse_size(papers[name]["size"])
    paper = Paper(name, width, height, margin).portrait
    return paper.landscape if orientation == "landscape" else paper
