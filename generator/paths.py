"""Where pnpgen's own files live (templates, fonts, data) and the rule that user files stay inside the kit."""

from __future__ import annotations

import os
from pathlib import Path

from generator.errors import UnsafeResourceError

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent
# A source checkout (or an editable install) reads the top-level templates/; an installed wheel carries the
# same files as generator/templates (pyproject.toml maps one onto the other).
TEMPLATES_DIR = next((d for d in (PROJECT_DIR / "templates", PACKAGE_DIR / "templates")
                      if (d / "back.svg.j2").is_file()), PROJECT_DIR / "templates")
FONTS_DIR = PACKAGE_DIR / "fonts"
DATA_DIR = PACKAGE_DIR / "data"
# a kit's files that say what it holds, not how it looks (manifests, decks, rulebooks): their content reaches the
# pages through the pieces, so faces and segments drawn before may be reused after they change (watch.py,
# write/segmentstore.py); any other file of a kit (art, templates, fonts) may change what is drawn
DATA_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".ods", ".json", ".txt", ".md", ".html", ".pdf"})


def user_cache() -> Path:
    """Where derived data that is slow to rebuild is kept between runs (font metrics, parsed C headers)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnpgen"


def shown(path: Path) -> str:
    """A path as the user would write it: relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def inside(path: Path, *roots: Path) -> Path:
    """Resolve `path` (symlinks too) and insist it lies inside one of `roots`."""
    real = path.resolve()
    for root in roots:
        resolved = root.resolve()
        if real == resolved or resolved in real.parents:
            return real
    raise UnsafeResourceError(f"{path} is outside the kit and templates folders; only files inside them may be used")


def find_template(name: str, *kit_roots: Path) -> Path | None:
    """The kit's own templates/<name>.svg.j2 wins over those of the kits it extends, which win over the built-in one.

    Raises UnsafeResourceError for a name that leaves the templates folder (`../x`, `/etc/x`) or a
    template that is a link to a file outside the kit: templates are part of the kit like its art.
    """
    filename = name if name.endswith(".svg.j2") else f"{name}.svg.j2"
    if Path(filename).is_absolute() or ".." in Path(filename).parts:
        raise UnsafeResourceError(f"template {name!r}: a template is named by its file in templates/, without folders above it")
    for folder, root in [(kit_root / "templates", kit_root) for kit_root in kit_roots] + [(TEMPLATES_DIR, TEMPLATES_DIR)]:
        candidate = folder / filename
        if candidate.is_file():
            try:
                inside(candidate, root)
            except UnsafeResourceError:
                raise UnsafeResourceError(f"template {name!r} is a link to {candidate.resolve()}, outside the kit folder") from None
            return candidate
    return None


def make_public(path: Path) -> None:
    """Give a file or folder made by mkstemp/mkdtemp (private) the permissions a normal one would get."""
    mask = os.umask(0)
    os.umask(mask)
    path.chmod((0o777 if path.is_dir() else 0o666) & ~mask)
