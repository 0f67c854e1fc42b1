"""Files kept between processes in a folder of the user's cache, each named by a digest of what it was made from:
`KeptFiles(folder, format, suffix)`, shared by the kept PDF segments (write/segmentstore.py), the kept
impositions (layoutstore.py) and the kept YAML readings (manifest/yamlfile.py). A pickled body is loaded by
`OwnTypesUnpickler`: plain values and pnpgen's own types, nothing else ever called.

Each file is written atomically (a temporary file renamed into place) and trusted only when its first line is
`format`, its header names the digest it is asked for and the checksum of its body matches: a damaged, truncated or
foreign file is ignored and removed. `evict` keeps the folder under a size and a number of files by removing the
least recently used. Any trouble with the folder just means nothing is kept.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import re
import time
from functools import lru_cache
from pathlib import Path
from typing import Callable

from generator.paths import PACKAGE_DIR

STALE_TEMP_SECONDS = 3600  # a temporary file this old was left by a process that was killed
_DIGEST = re.compile(r"[0-9a-f]{64}\Z")
_TEMP = ".tmp-"


class KeptFiles:
    """Files `<digest><suffix>` in `folder`: `format` (one line ending in a newline), a line
    `<digest> <sha256 of the body>`, the body."""

    def __init__(self, folder: Path, format: bytes, suffix: str):
        self.folder = folder
        self.format = format
        self.suffix = suffix
        self.added = False  # a file was written by this object (evict after a build that adds)

    def read(self, digest: str) -> bytes | None:
        """The body kept under `digest`, whole and checked; None when there is none (a bad one is removed)."""
        path = self._path(digest)
        if path is None:
            return None
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        body = self._body(raw, digest)
        if body is None:  # damaged or not ours: never trusted, and removed so it is not read again
            _remove(path)
            return None
        try:
            os.utime(path)  # recently used: evicted last
        except OSError:
            pass
        return body

    def write(self, digest: str, body: bytes) -> None:
        path = self._path(digest)
        if path is None:
            return
        import tempfile  # only when something is written: most builds of an unchanged kit write nothing here

        head = self.format + b"%s %s\n" % (digest.encode(), hashlib.sha256(body).hexdigest().encode())
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.folder, prefix=_TEMP, suffix=self.suffix)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(head)
                    out.write(body)
                os.replace(temp, path)
            except BaseException:
                _remove(Path(temp))
                raise
        except OSError:
            return
        self.added = True

    def load(self, digest: str, unpickler: Callable = None):
        """The object pickled under `digest` (read with `unpickler`, OwnTypesUnpickler by default), or None; a body
        that does not load is removed."""
        body = self.read(digest)
        if body is None:
            return None
        try:
            return (unpickler or OwnTypesUnpickler)(io.BytesIO(body)).load()
        except Exception:  # noqa: BLE001  (whatever a file that is not what its maker wrote makes pickle raise)
            self.forget(digest)
            return None

    def keep(self, digest: str, value) -> None:
        """`value` pickled under `digest`."""
        self.write(digest, pickle.dumps(value, protocol=5))

    def forget(self, digest: str) -> None:
        """Remove what is kept under `digest` (its body turned out not to be what its maker wrote)."""
        path = self._path(digest)
        if path is not None:
            _remove(path)

    def evict(self, max_bytes: int, max_entries: int) -> None:
        """Remove the least recently used files until the folder holds at most `max_bytes` and `max_entries`
        (and temporary files left by killed processes)."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        now = time.time()
        entries = []
        for name in names:
            path = self.folder / name
            try:
                stat = path.stat()
            except OSError:
                continue
            if name.startswith(_TEMP):
                if now - stat.st_mtime > STALE_TEMP_SECONDS:
                    _remove(path)
            elif name.endswith(self.suffix):
                entries.append((stat.st_mtime, stat.st_size, path))
        entries.sort(key=lambda e: (e[0], e[2].name))  # oldest first
        total = sum(size for _, size, _ in entries)
        while entries and (total > max_bytes or len(entries) > max_entries):
            _, size, path = entries.pop(0)
            _remove(path)
            total -= size

    def _path(self, digest: str) -> Path | None:
        return self.folder / f"{digest}{self.suffix}" if _DIGEST.match(digest) else None

    def _body(self, raw: bytes, digest: str) -> bytes | None:
        """The body in `raw` if it is whole, in this format and made for `digest`; else None."""
        if not raw.startswith(self.format):
            return None
        end = raw.find(b"\n", len(self.format))
        if end < 0:
            return None
        parts = raw[len(self.format):end].split(b" ")
        if len(parts) != 2 or parts[0] != digest.encode():
            return None
        body = raw[end + 1:]
        if hashlib.sha256(body).hexdigest().encode() != parts[1]:
            return None
        return body


class OwnTypesUnpickler(pickle.Unpickler):
    """Loads plain values and pnpgen's own types (its dataclasses and enums) only: nothing else is ever called."""

    def find_class(self, module: str, name: str):
        found = super().find_class(module, name) if module.startswith("generator.") else None
        if not isinstance(found, type):
            raise pickle.UnpicklingError(f"{module}.{name} is not one of pnpgen's types")
        return found


@lru_cache(maxsize=1)
def package_state() -> str | None:
    """A digest of pnpgen's own files (its code, fonts, paper and colour tables) as their paths, sizes and times of
    change, made once a process (the code running is the code loaded at its start); None when one cannot be read."""
    digest = hashlib.sha256()
    for base, dirs, names in os.walk(PACKAGE_DIR):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(names):
            path = os.path.join(base, name)
            try:
                stat = os.stat(path)
            except OSError:
                return None
            digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
