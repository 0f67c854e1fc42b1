"""Write stage, a cairo context that keeps the calls made on it, so that a face's drawing can be replayed (tiled
boards, a watched rebuild): used by both drawers of faces, write/svgdraw.py and write/cairosvgdraw.py.
"""

from __future__ import annotations


class CallLog:
    """Stands in for a cairo context: forwards each call and keeps the ones that draw or change state."""

    def __init__(self, context):
        self._context = context
        self.calls: list[tuple[str, tuple]] = []

    def __getattr__(self, name: str):
        method = getattr(self._context, name)
        if name.startswith(("get_", "copy_", "has_")) or name.endswith("_extents"):
            return method  # questions, not drawing: their answers are already in the later calls' arguments

        def call(*args):
            self.calls.append((name, args))
            return method(*args)
        return call
