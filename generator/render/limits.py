"""Limits on what one face may cost: a kit's template (and the drawing of what it wrote) runs under a time limit,
an output size limit, a recursion limit and, for the whole build, a memory ceiling. A template that loops for
ever, builds a 10 GB string or recurses without end stops with a located error instead of hanging, exhausting
the machine or ending in a traceback.

- `face_guard(what)`: at most `seconds` (kit.defaults.template_time, default DEFAULT_SECONDS) for one face.
  In the main thread a SIGALRM timer (`setitimer`) interrupts the template; in any other thread (a test's
  watch, an embedding program) a watchdog thread raises the same exception in it. Arming costs two system
  calls, nothing an ordinary face notices.
- `build_limits(seconds)`: the face time limit for a build, and a ceiling on the address space (RLIMIT_AS) the
  build may add, so that memory a template grabs runs out as a MemoryError, not as the machine's memory.
- `LimitedSandbox`: the sandbox kit templates run in, refusing operations whose result alone is too large
  (`"x" * 10**10`, `10 ** 10 ** 9`, `"x"|center(10**9)`) before they are computed.
- `render_bounded(template, context)`: a template's output gathered chunk by chunk, stopped at MAX_FACE_CHARS.
"""

from __future__ import annotations

import contextlib
import math
import operator
import sys
import threading
import time
from itertools import islice
from typing import Any, Iterator

from jinja2.sandbox import SandboxedEnvironment

DEFAULT_SECONDS = 5.0          # a face's template normally runs for milliseconds
MAX_FACE_CHARS = 8 * 2**20     # SVG one face may produce; the biggest built-in face (a 127-cell map) is ~0.3 MB
MAX_TEMPLATE_FRAMES = 600      # Python frames a template may nest (about 100 levels of macro calls or includes)
MEMORY_HEADROOM = 2**30        # address space a build may add to what the process held when it started
MAX_INT_BITS = 100_000         # integers a template computes (10 ** 30000 is about that)
OUTPUT_BATCH = 64              # chunks of output gathered between two size checks


class LimitExceeded(Exception):
    """A template asked for something too large for a face; `what` says what, as a clause for the user
    ('the template wrote more than 8 MB of SVG for one face')."""

    def __init__(self, what: str = ""):
        super().__init__(what)
        self.what = what


class FaceTimeout(BaseException):
    """A face ran past its time limit. Raised from a timer at whatever the face was doing, so a
    BaseException: no `except Exception` inside Jinja or cairosvg may swallow it."""

    def __init__(self, what: str = ""):
        super().__init__(what)
        self.what = what


class _State(threading.local):
    def __init__(self) -> None:
        self.seconds = DEFAULT_SECONDS   # the limit of the build running in this thread
        self.timing: str | None = None   # what is being timed now (a face), None between faces


_state = _State()
_MAIN = threading.main_thread()
_alarm_installed = 0  # builds in the main thread that have SIGALRM pointed at _on_alarm


def _has_alarm() -> bool:
    import signal

    return hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")


_HAS_ALARM = _has_alarm()


def timeout_text(what: str | None, seconds: float) -> str:
    if what and what.startswith("drawing"):
        return f"the face took more than {seconds:g} s to draw (the limit is kit.defaults.template_time)"
    return f"the template ran for more than {seconds:g} s (the limit is kit.defaults.template_time)"


def _on_alarm(signum, frame) -> None:
    what = _state.timing
    if what is not None:  # a late alarm, after the face ended, is ignored
        import signal

        # Python drops an exception raised while a gc callback runs ("Exception ignored in …"): arm the timer
        # again, so that a timeout lost that way is raised a moment later. The face's exit stops the timer.
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        raise FaceTimeout(timeout_text(what, _state.seconds))


@contextlib.contextmanager
def build_limits(seconds: float | None = None) -> Iterator[None]:
    """The limits of one build: `seconds` per face, and a memory ceiling above what the process holds now."""
    global _alarm_installed
    previous = _state.seconds
    _state.seconds = DEFAULT_SECONDS if seconds is None else float(seconds)
    installed = _HAS_ALARM and threading.current_thread() is _MAIN  # the timer's handler, once for the build
    if installed:
        import signal

        handler = signal.signal(signal.SIGALRM, _on_alarm)
        _alarm_installed += 1
    restore = _lower_memory_ceiling()
    try:
        yield
    finally:
        _state.seconds = previous
        restore()
        if installed:
            _alarm_installed -= 1
            signal.signal(signal.SIGALRM, signal.SIG_DFL if handler is None else handler)


def face_seconds() -> float:
    return _state.seconds


class face_guard:  # noqa: N801  (used like a function: `with face_guard("t.svg.j2"):`)
    """Run the body under the current face time limit; a nested guard leaves the outer one in charge.
    A class, not a generator: it runs twice per face, so its cost (~3 µs) matters."""

    __slots__ = ("what", "mode", "outer", "started", "installed", "handler", "watch")

    def __init__(self, what: str):
        self.what = what

    def __enter__(self) -> "face_guard":
        state = _state
        if state.timing is not None or state.seconds <= 0:
            self.mode = None
            return self
        state.timing = self.what
        if _HAS_ALARM and threading.current_thread() is _MAIN:
            import signal

            self.mode, self.installed = "alarm", not _alarm_installed
            if self.installed:  # outside a build: set the handler for this face only
                self.handler = signal.signal(signal.SIGALRM, _on_alarm)
            self.outer = signal.setitimer(signal.ITIMER_REAL, state.seconds)
            if self.outer[0] > 0:
                self.started = time.monotonic()
        else:
            self.mode = "watchdog"
            self.watch = _watchdog().watching(state.seconds)
            self.watch.__enter__()
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        if self.mode is None:
            return False
        _state.timing = None  # before the timer is stopped: an alarm arriving now does nothing
        if self.mode == "alarm":
            import signal

            signal.setitimer(signal.ITIMER_REAL, 0)
            if self.installed:
                signal.signal(signal.SIGALRM, signal.SIG_DFL if self.handler is None else self.handler)
            delay, interval = self.outer
            if delay > 0:  # someone else's timer was running: give back what is left of it
                signal.setitimer(signal.ITIMER_REAL, max(delay - (time.monotonic() - self.started), 1e-3), interval)
        else:
            self.watch.__exit__(kind, exc, tb)
        if exc is not None and isinstance(exc, FaceTimeout) and not exc.what:
            exc.what = timeout_text(self.what, _state.seconds)
        return False


class _Watchdog(threading.Thread):
    """One daemon thread for the process: raises FaceTimeout in a thread whose face runs past its deadline."""

    def __init__(self) -> None:
        super().__init__(name="pnpgen-face-watchdog", daemon=True)
        self.condition = threading.Condition()
        self.deadlines: dict[int, tuple[float, object]] = {}  # thread id -> (deadline, token)
        self.fired: set[object] = set()

    @contextlib.contextmanager
    def watching(self, seconds: float) -> Iterator[None]:
        thread, token = threading.get_ident(), object()
        with self.condition:
            self.deadlines[thread] = (time.monotonic() + seconds, token)
            self.condition.notify()
        try:
            yield
        finally:
            with self.condition:
                self.deadlines.pop(thread, None)
                fired = token in self.fired
                self.fired.discard(token)
            if fired:  # the exception may still be pending: take it back, the face is over
                _async_raise(thread, None)

    def run(self) -> None:
        with self.condition:
            while True:
                now = time.monotonic()
                for thread, (deadline, token) in list(self.deadlines.items()):
                    if deadline <= now:
                        del self.deadlines[thread]
                        self.fired.add(token)
                        _async_raise(thread, FaceTimeout)
                waits = [deadline - now for deadline, _ in self.deadlines.values()]
                self.condition.wait(timeout=max(min(waits), 0.001) if waits else None)


def _async_raise(thread: int, exception) -> None:
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exception) if exception else None)


_watchdog_lock = threading.Lock()
_the_watchdog: _Watchdog | None = None


def _watchdog() -> _Watchdog:
    global _the_watchdog
    with _watchdog_lock:
        if _the_watchdog is None:
            _the_watchdog = _Watchdog()
            _the_watchdog.start()
        return _the_watchdog


def _lower_memory_ceiling():
    """Cap the process's address space at what it holds now plus MEMORY_HEADROOM; return how to undo it.
    Only where the system supports it (Linux); an existing lower limit is kept."""
    try:
        import resource

        with open("/proc/self/statm", "rb") as handle:
            held = int(handle.read().split()[0]) * resource.getpagesize()
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        ceiling = held + MEMORY_HEADROOM
        if hard != resource.RLIM_INFINITY:
            ceiling = min(ceiling, hard)
        if soft != resource.RLIM_INFINITY and soft <= ceiling:
            return lambda: None
        resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    except (ImportError, OSError, ValueError, AttributeError):
        return lambda: None

    def restore() -> None:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))

    return restore


@contextlib.contextmanager
def frames_limit(frames: int = MAX_TEMPLATE_FRAMES) -> Iterator[None]:
    """At most `frames` more Python frames below the caller's: a template's recursion ends as a RecursionError
    at the same depth whatever called it (a test, a watch thread, a deep stack)."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth + frames, 100))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


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
