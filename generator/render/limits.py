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
- The limits on what a template writes (its output's size, operations too large to compute) are in sandbox.py.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from typing import Iterator

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
