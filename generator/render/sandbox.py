"""Render stage, limits on what a template may write (see limits.py for time, memory and recursion):

- `LimitedSandbox`: the sandbox kit templates run in, refusing operations whose result alone is too large
  (`"x" * 10**10`, `10 ** 10 ** 9`, `"x"|center(10**9)`) before they are computed.
- `render_bounded(template, context)`: a template's output gathered chunk by chunk, stopped at MAX_FACE_CHARS.
"""

from __future__ import annotations

import math
import operator
from itertools import islice
from typing import Any

from jinja2.sandbox import SandboxedEnvironment

from generator.render.limits import MAX_FACE_CHARS, MAX_INT_BITS, OUTPUT_BATCH, LimitExceeded


class OutputTooLarge(LimitExceeded):
    """The template's output passed MAX_FACE_CHARS; `where` is (template file, line) of what it was writing."""

    def __init__(self, what: str, where: tuple[str, int] | None):
        super().__init__(what)
        self.where = where


def render_bounded(template, context: dict) -> str:
    """`template.render(**context)`, its output gathered chunk by chunk and stopped at MAX_FACE_CHARS."""
    ctx = template.new_context(dict(context))
    parts: list[str] = []
    size = 0
    chunks = template.root_render_func(ctx)
    try:
        while True:  # in batches, so the loop runs in C: a face is ~40 chunks, one batch
            batch = list(islice(chunks, OUTPUT_BATCH))
            if not batch:
                break
            size += sum(map(len, batch))
            if size > MAX_FACE_CHARS:
                break
            parts += batch
    except Exception:
        template.environment.handle_exception()  # Jinja's own: the traceback then shows template lines
    if size > MAX_FACE_CHARS:
        raise OutputTooLarge(f"the template wrote more than {MAX_FACE_CHARS // 2**20} MB of SVG for one face",
                             _writing(chunks))
    return "".join(parts)


def _writing(chunks) -> tuple[str, int] | None:
    """(template file, line) where a suspended render generator stands: the innermost template it is in
    when it delegates to an include or a block with `yield from`."""
    where = None
    while chunks is not None and getattr(chunks, "gi_frame", None) is not None:
        template = chunks.gi_frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename:
            where = (template.filename, template.get_corresponding_lineno(chunks.gi_frame.f_lineno))
        chunks = getattr(chunks, "gi_yieldfrom", None)
    return where


def _too_big(what: str) -> LimitExceeded:
    return LimitExceeded(f"the template asked for {what}, too large for a face (at most {MAX_FACE_CHARS // 2**20} MB "
                         "of SVG)")


def _length(value: Any) -> int | None:
    return len(value) if isinstance(value, (str, list, tuple, bytes)) else None


def _checked_multiply(left: Any, right: Any) -> Any:
    for sequence, times in ((left, right), (right, left)):
        length = _length(sequence)
        if length is not None and isinstance(times, int) and length * times > MAX_FACE_CHARS:
            raise _too_big(f"{times} copies of a {type(sequence).__name__} of length {length}")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise LimitExceeded(f"the template multiplies numbers of more than {MAX_INT_BITS} bits: too large to compute")
    return operator.mul(left, right)


def _checked_power(left: Any, right: Any) -> Any:
    if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
        if right * math.log2(abs(left)) > MAX_INT_BITS:
            raise LimitExceeded(f"the template computes {left} ** {right}, a number of more than {MAX_INT_BITS} bits: "
                                "too large to compute")
    return operator.pow(left, right)


def _checked_modulo(left: Any, right: Any) -> Any:
    if isinstance(left, str):  # '%09999999d' % 1
        _check_widths(left)
    return operator.mod(left, right)


def _check_widths(text: str) -> None:
    import re

    for width in re.findall(r"[%:<>^=][-+ #0<>^=,_]*(\d{7,})", text):
        if int(width) > MAX_FACE_CHARS:
            raise _too_big(f"a field {width} characters wide")


_WIDTH_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})
_BUILTIN_METHOD = type("".join)
_OPERATORS = {"*": operator.mul, "**": operator.pow, "%": operator.mod}


class LimitedSandbox(SandboxedEnvironment):
    """The sandbox, with the operations whose result alone could exhaust memory or time checked first."""

    intercepted_binops = frozenset({"*", "**", "%"})
    _CHECKED = {"*": _checked_multiply, "**": _checked_power, "%": _checked_modulo}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.globals.pop("lipsum", None)  # lipsum(n=10**9): placeholder text has no place on a printed face
        for name in ("center", "indent"):
            self.filters[name] = _width_checked(self.filters[name])
        self.filters["format"] = _format_checked(self.filters["format"])

    def wrap_str_format(self, value: Any):  # '{:>9999999999}'.format(1): refused when .format is looked up
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_widths(value.__self__)
        return wrapped

    def call_binop(self, context, operator_name: str, left: Any, right: Any) -> Any:
        if type(left) is float or type(right) is float:  # a template's arithmetic in mm: nothing to check
            return _OPERATORS[operator_name](left, right)
        return self._CHECKED[operator_name](left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        if type(__obj) is _BUILTIN_METHOD and __obj.__name__ in _WIDTH_METHODS and isinstance(__obj.__self__, str):
            for value in (*args, *kwargs.values()):  # "x".center(10**9)
                if isinstance(value, int) and value > MAX_FACE_CHARS:
                    raise _too_big(f"a text {value} characters wide")
        return super().call(__context, __obj, *args, **kwargs)


def _width_checked(filter_function):
    def checked(value, width=80, *args, **kwargs):
        if isinstance(width, int) and width > MAX_FACE_CHARS:
            raise _too_big(f"a text {width} characters wide")
        return filter_function(value, width, *args, **kwargs)

    checked.__name__ = filter_function.__name__
    return checked


def _format_checked(filter_function):
    def checked(value, *args, **kwargs):
        if isinstance(value, str):
            _check_widths(value)
        return filter_function(value, *args, **kwargs)

    checked.__name__ = filter_function.__name__
    return checked
