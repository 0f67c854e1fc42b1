"""`pnpgen new`: `write_starter_kit(folder, name)` copies the starter kit (generator/data/starter/: a CSV deck
with a shared back, per-player tokens, a board, a card with its own art and kit template, a rulebook its
counts link to, a README) into a new folder, filled in with the game's name. It builds and checks clean."""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from pathlib import Path

from generator.errors import UsageError
from generator.paths import DATA_DIR

STARTER_DIR = DATA_DIR / "starter"
# Files whose __NAME__ … markers are filled in (in one pass, so a name holding "__ID__" stays as written);
# art and templates are copied as they are.
FILLED_IN = {".yaml", ".md", ".txt"}
MARKER = re.compile(r"__(KIT_NAME|NAME_YAML|NAME|FOLDER_ARG|FOLDER|ID)__")
KIT_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")  # kit.id's pattern in the manifest schema


def starter_files() -> list[Path]:
    """The starter kit's files, relative to STARTER_DIR, in a stable order."""
    return sorted(p.relative_to(STARTER_DIR) for p in STARTER_DIR.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def write_starter_kit(folder: Path, name: str | None = None) -> list[Path]:
    """Write the starter kit into `folder` (new, or an empty folder) and return the files written.

    `name` is the game's name (default: made from the folder's name). Raises UsageError, writing nothing,
    when the folder holds anything already or the name cannot be printed.
    """
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is a file; give the name of a new folder for the kit")
    if folder.is_dir() and any(folder.iterdir()):
        raise UsageError(f"{folder} already exists and is not empty; pnpgen new writes a kit only into a new "
                         "or empty folder, so nothing there is overwritten")
    folder_name = folder.resolve().name
    name = _game_name(name, folder_name)
    kit_id = folder_name if KIT_ID.match(folder_name) else _slug(folder_name)
    quoted = json.dumps(name, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar
    # kit.id defaults to the folder's name; a folder such as "Night Owls" needs an id written beside the name
    kit_line = quoted if kit_id == folder_name else f"{quoted}\n  id: {kit_id}"
    markers = {"KIT_NAME": kit_line, "NAME_YAML": quoted, "NAME": name, "FOLDER": folder_name,
               "FOLDER_ARG": shlex.quote(folder_name), "ID": kit_id}
    written = []
    for relative in starter_files():
        source, target = STARTER_DIR / relative, folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if relative.suffix in FILLED_IN:
            text = MARKER.sub(lambda match: markers[match.group(1)], source.read_text(encoding="utf-8"))
            target.write_text(text, encoding="utf-8")
        else:
            target.write_bytes(source.read_bytes())
        written.append(target)
    return written


def _game_name(name: str | None, folder_name: str) -> str:
    if name is None:  # "night_owls" -> "Night Owls"
        words = re.sub(r"[_\-.]+", " ", folder_name).split()
        return " ".join(word[:1].upper() + word[1:] for word in words) or "My Game"
    name = name.strip()
    if not name:
        raise UsageError("--name is empty; give the game's name, e.g. --name \"Night Owls\"")
    if any(unicodedata.category(c)[0] == "C" or c in "\u2028\u2029" for c in name):
        raise UsageError("--name holds a line break or control character; give the name on one line")
    return name


def _slug(text: str) -> str:
    """A kit id (lowercase letters, digits, _ and -) made from a folder name such as 'Night Owls'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_-") or "kit"
