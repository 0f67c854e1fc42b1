"""The `pnpgen` command's entry point: `--version` and the top-level `--help` answered without loading the
command line (typer and click are most of a start-up), everything else handed to generator/cli.py with the
cyclic garbage collector running less often, and a quick exit once the output is flushed (the interpreter's
teardown frees every object one by one for nothing).
"""

from __future__ import annotations

import gc
import os
import sys

HELP = (["--help"], ["-h"])

# The collector's thresholds for a command's process (and the workers it forks). Python's default (700, 10, 10)
# starts a young collection every 700 net allocations: drawing a face allocates thousands of small objects
# (lines, glyph runs, cairo calls) while the caches of shapes and faces grow, so the collector walked the same
# young survivors again and again — a tenth of S10000's drawing. Objects without cycles are freed as before;
# garbage cycles wait longer: a few MB more a process (every kit in components/ built at once: 132 -> 136 MB).
COLLECTOR_THRESHOLDS = (50_000, 20, 20)


def main() -> None:
    arguments = sys.argv[1:]
    if arguments == ["--version"]:
        version = installed_version()
        print(f"pnpgen {version}" if version else "pnpgen (not installed: no version)")
        _exit(0)
    if arguments in HELP:
        text = _cached_help()
        if text is not None:
            sys.stdout.write(text)
            _exit(0)
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    from generator.cli import app

    code = 0
    try:
        if arguments in HELP:
            _run_help(app)
        else:
            app()
    except SystemExit as exit:
        code = exit.code
    _exit(code)


def installed_version() -> str | None:
    """pnpgen's version from its installed metadata (`pnpgen-X.dist-info`), read without importlib.metadata."""
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith("pnpgen-") and name.endswith(".dist-info"):
                try:
                    with open(os.path.join(folder, name, "METADATA"), encoding="utf-8") as handle:
                        for line in handle:
                            if line.startswith("Version:"):
                                return line.split(":", 1)[1].strip()
                except OSError:
                    continue
    return None


def _exit(code) -> None:
    """Leave now: flush what was written, run the exit handlers, skip the interpreter's teardown. A watch
    (or anything else still running threads of its own) ends the ordinary way."""
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe (`pnpgen --help | head`): nothing more to say
        code = code or 1
    import atexit
    import threading

    if any(not thread.daemon for thread in threading.enumerate() if thread is not threading.main_thread()):
        sys.exit(code)
    atexit._run_exitfuncs()
    os._exit(code)


def _help_file() -> str | None:
    """Where the top-level help for this terminal width, program name and version of the code is kept."""
    import hashlib
    import importlib.util

    from generator.paths import user_cache

    spec = importlib.util.find_spec("typer")
    sources = [os.path.join(os.path.dirname(__file__), "cli.py"), spec.origin if spec and spec.origin else ""]
    key = [sys.version, os.path.basename(sys.argv[0]), str(_columns())]
    for source in sources:
        try:
            stat = os.stat(source)
        except OSError:
            return None
        key.append(f"{source}:{stat.st_size}:{stat.st_mtime_ns}")
    digest = hashlib.sha1("\n".join(key).encode()).hexdigest()[:16]
    return str(user_cache() / f"help-{digest}.txt")


def _columns() -> int:
    """The terminal width click formats help for (shutil.get_terminal_size's answer, without shutil)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _cached_help() -> str | None:
    path = _help_file()
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return None


def _run_help(app) -> None:
    """`pnpgen --help` through typer, its text kept for the next time (written whole, then renamed)."""
    import contextlib
    import io

    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            app()
    except SystemExit as exit:
        if exit.code not in (0, None):
            raise
    text = captured.getvalue()
    sys.stdout.write(text)
    path = _help_file()
    if path is None or not text:
        return
    with contextlib.suppress(OSError):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temporary = f"{path}.{os.getpid()}"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    raise SystemExit(0)
