"""Write stage, a cairo context whose plain drawing calls go straight to cairo's C functions: `DirectCalls(context)`.

cairocffi wraps every call in a Python method that checks cairo's status afterwards; a card's face makes some 150
calls, and those wrappers were a twentieth of drawing a large deck. cairo's errors are sticky (after one, every
call does nothing and the status stays), so one check when the face is drawn (`check`) raises what the first
failing call would have raised. The calls and their order are the same, and so are the PDF's bytes.
"""

from __future__ import annotations

from functools import partial

from generator.write.cairolib import load_cairo

# Context methods whose C function takes exactly the method's arguments (write/faces.py replays them the same way)
# and set_source_rgba, which every caller here gives its four numbers.
DIRECT = frozenset({
    "move_to", "line_to", "rel_move_to", "rel_line_to", "curve_to", "rel_curve_to", "save", "restore",
    "translate", "scale", "rotate", "set_line_width", "set_miter_limit", "fill", "fill_preserve", "stroke",
    "stroke_preserve", "clip", "clip_preserve", "new_path", "new_sub_path", "close_path", "rectangle", "arc",
    "arc_negative", "set_font_size", "set_line_cap", "set_line_join", "set_fill_rule", "paint",
    "paint_with_alpha", "set_source_rgb", "set_source_rgba",
})


class DirectCalls:
    """Stands in for a cairocffi Context: the DIRECT methods call cairo's C functions on its pointer, unchecked;
    anything else is the context's own method. `check()` raises cairo's error, if any call made one."""

    def __init__(self, context):
        library, pointer = load_cairo().cairo, context._pointer
        self._context = context
        for name in DIRECT:
            setattr(self, name, partial(getattr(library, f"cairo_{name}"), pointer))

    def __getattr__(self, name: str):
        return getattr(self._context, name)

    def check(self) -> None:
        self._context._check_status()
