"""Renders faces ahead of the writer in a second process, so templates and drawing run on both cores.

`RenderAhead(render, keys)` forks one worker that renders the faces in the order the writer will ask
for them, a few chunks ahead of it (so memory stays flat however many faces there are); `take(key)`
hands over a face once it is ready. A face the worker could not render is not sent back: the writer's
process renders it again and raises the error there, exactly as it would without the worker.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from typing import Callable, Iterator, Sequence

CHUNK = 16            # faces per task: fewer round trips between the processes
CHUNKS_AHEAD = 4      # tasks in flight: how far the worker may run ahead of the writer
MIN_FACES = 64        # fewer distinct faces than this are drawn before a second process would pay off

_render: Callable | None = None  # set in the parent just before the fork; the worker inherits it


def worth_it(count: int) -> bool:
    return count >= MIN_FACES and (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()


def _render_chunk(keys: Sequence[str]) -> dict:
    faces = {}
    for key in keys:
        try:
            faces[key] = _render(key)
        except Exception:  # noqa: BLE001 - not lost: the writer's process renders this face again and raises
            faces[key] = None
    return faces


class RenderAhead:
    """One forked worker rendering `keys` in order, at most CHUNKS_AHEAD chunks ahead of `take`."""

    def __init__(self, render: Callable, keys: Sequence[str]):
        global _render
        _render = render
        self.pool = multiprocessing.get_context("fork").Pool(1)
        _render = None
        self.chunks: Iterator[list[str]] = (list(keys[i:i + CHUNK]) for i in range(0, len(keys), CHUNK))
        self.pending: deque = deque()
        self.ready: dict = {}
        for _ in range(CHUNKS_AHEAD):
            self._submit()

    def _submit(self) -> None:
        chunk = next(self.chunks, None)
        if chunk is not None:
            self.pending.append(self.pool.apply_async(_render_chunk, (chunk,)))

    def take(self, key: str):
        """The rendered face, or None when the worker has not got it (or failed on it)."""
        while key not in self.ready and self.pending:
            self.ready.update(self.pending.popleft().get())
            self._submit()
        return self.ready.pop(key, None)

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()
