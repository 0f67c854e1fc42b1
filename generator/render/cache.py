"""Rendered SVG faces kept between builds, so a rebuild after editing one card renders only that card.

`FaceCache(folder, spec)` is a SQLite file per kit (`<out>/.cache/<kit>/faces-<fingerprint>.sqlite`)
mapping FaceSpec.key to the SVG and its text blocks (render/textblocks.py). Only template faces are kept: a template sees nothing but its FaceSpec
(the key) and the files and icons hashed into the fingerprint, so a kept SVG is the one a fresh render
would write and the PDF stays byte-identical. Built-in drawers see the whole kit and always run. Any
trouble with the file (read-only folder, another build holding a lock) just means no cache.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from generator.manifest.spec import KitSpec
from generator.paths import FONTS_DIR, PACKAGE_DIR, TEMPLATES_DIR
from generator.render.textblocks import TextBlocks, with_placeholders

BATCH = 256  # faces written per transaction
FORMAT = 3  # what a row holds (3: the SVG and its text blocks' lines); a new format starts afresh


def fingerprint(spec: KitSpec) -> str:
    """What a template's output depends on besides its FaceSpec: template files, the rendering code, fonts, icons."""
    digest = hashlib.sha1(f"format {FORMAT}\n".encode())
    for folder in (TEMPLATES_DIR, *(root / "templates" for root in spec.roots), PACKAGE_DIR, PACKAGE_DIR / "render", FONTS_DIR):
        if folder.is_dir():
            for file in sorted(folder.iterdir()):
                if file.is_file():
                    stat = file.stat()
                    digest.update(f"{file}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    digest.update(repr(sorted((name, str(path)) for name, path in spec.icons.items())).encode())
    typeface = spec.defaults.font
    for font in (*typeface.chain(False), *typeface.chain(True)):  # text is laid out with its fonts, fallbacks too
        stat = font.stat()
        digest.update(f"{font}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    digest.update(repr(typeface.typography).encode())  # kerning, ligatures, language, styles
    return digest.hexdigest()[:16]


class FaceCache:
    """Opened on first use (so a build refused before drawing leaves no folder behind)."""

    def __init__(self, folder: Path, spec: KitSpec):
        self.folder = folder
        self.fingerprint = fingerprint(spec)
        self.path = folder / f"faces-{self.fingerprint}.sqlite"
        self.kept = self.path.is_file()  # an earlier build kept faces: else each face is new, nothing to look up
        self.db: sqlite3.Connection | None = None
        self.broken = False
        self.pending: list[tuple[str, str, str | None]] = []
        self.created: list[Path] = []  # what this build made, removed again if the build fails

    def _connect(self, create: bool) -> bool:
        if self.db is not None or self.broken:
            return self.db is not None
        if not create and not self.path.is_file():
            return False
        try:
            self.created = [p for p in (self.folder.parent, self.folder, self.path) if not p.exists()]
            self.folder.mkdir(parents=True, exist_ok=True)
            for stale in self.folder.glob("faces-*.sqlite"):
                if stale != self.path:
                    stale.unlink(missing_ok=True)
            self.db = sqlite3.connect(self.path, timeout=0.5)
            self.db.execute("CREATE TABLE IF NOT EXISTS faces (key TEXT PRIMARY KEY, svg TEXT NOT NULL, lines TEXT)")
        except (OSError, sqlite3.Error):
            self._give_up()
        return self.db is not None

    def get(self, key: str) -> tuple[str, TextBlocks | None] | None:
        """The SVG kept for face `key` and its text blocks (None: the writer reads them from the SVG)."""
        if not self.kept or not self._connect(create=False):
            return None
        try:
            row = self.db.execute("SELECT svg, lines FROM faces WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            self._give_up()
            return None
        if row is None:
            return None
        svg, lines = row
        if lines is None:
            return svg, None
        blocks = tuple(tuple((x, y, text, rtl) for x, y, text, rtl in block) for block in json.loads(lines))
        return svg, with_placeholders(svg, blocks)

    def put(self, key: str, svg: str, text_blocks: TextBlocks | None) -> None:
        if not self.broken:
            self.pending.append((key, svg, None if text_blocks is None else json.dumps(text_blocks.lines)))
            if len(self.pending) >= BATCH:
                self._flush()

    def close(self) -> None:
        if self.pending and not self.broken:
            self._flush()
        if self.db is not None:
            self.db.close()
            self.db = None

    def discard(self) -> None:
        """The build failed: close, and remove what this build created, so --out is as it was."""
        self.pending = []
        self.close()
        for path in reversed(self.created):
            if path.is_dir():
                if not any(path.iterdir()):
                    path.rmdir()
            else:
                path.unlink(missing_ok=True)

    def _flush(self) -> None:
        if not self._connect(create=True):
            self.pending = []
            return
        try:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO faces VALUES (?, ?, ?)", self.pending)
        except sqlite3.Error:
            self._give_up()
        self.pending = []

    def _give_up(self) -> None:
        """No cache for the rest of this build (a read-only folder, another build holding the lock …)."""
        if self.db is not None:
            self.db.close()
        self.db, self.broken, self.pending = None, True, []
