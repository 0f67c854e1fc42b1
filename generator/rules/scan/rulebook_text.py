"""Read a rulebook's text file: UTF-8 or UTF-16, refusing folders, devices, binary data and huge files.
Entry point: read_rulebook_text."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

MAX_RULEBOOK_BYTES = 20 * 2**20  # the longest rulebook is under 200 kB


def read_rulebook_text(path: "Path") -> str:
    """A rulebook's text: UTF-8 (stray bytes replaced, as PDF extractions have them) or UTF-16 with its byte-order
    mark. RulebookError for anything that is not a readable text file (a folder, a device, binary data)."""
    from generator.errors import RulebookError
    from generator.paths import shown

    if path.is_dir():
        raise RulebookError(f"the rulebook {shown(path)} is a folder; name the rulebook's text file")
    if path.exists() and not path.is_file():
        raise RulebookError(f"the rulebook {shown(path)} is not a regular file")
    try:
        if path.stat().st_size > MAX_RULEBOOK_BYTES:
            raise RulebookError(f"the rulebook {shown(path)} is larger than {MAX_RULEBOOK_BYTES // 2**20} MiB; is it text?")
        data = path.read_bytes()
    except OSError as error:
        raise RulebookError(f"cannot read the rulebook {shown(path)}: {error.strerror or error}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if b"\x00" in data:
        raise RulebookError(f"the rulebook {shown(path)} is not a text file (it holds binary data); "
                            "export the rulebook as plain text")
    return data.decode("utf-8-sig", errors="replace")
