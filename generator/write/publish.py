"""Putting a build in place: at every instant OUT/<kit>/ holds the complete previous build or the complete new one.

A build writes into a hidden staging folder beside the target (`OUT/.<kit>.new-XXXXXXXX/`) and `publish()` swaps
the two folders in one step: `renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on macOS (both
called through ctypes on the C library already loaded: no compiler, no helper program). The staging folder then
holds the previous build, which is removed. Where neither exists (another system, a file system that refuses
the exchange) the previous build is first renamed aside (`.<kit>.old-XXXXXXXX/`) and the new one renamed into
place, and a build interrupted between the two renames is put back by the next build.

Builds of one kit into one output folder take turns: `kit_lock()` holds an exclusive `flock` on
`OUT/.<kit>.lock` from the staging folder's creation to the swap, so a second build waits (and says so) instead
of racing the first. Whatever a killed build leaves (a staging folder, a half-removed old build, the lock file)
is removed by the next build of that kit (`remove_leftovers`).

`step(name)` marks each point where a build may be interrupted; tests hook it to kill the process or raise
there and check that a complete build is always in place.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterator

from generator.paths import make_public

STEPS = ("locked", "staging", "written", "swapping", "swapped", "removing-old", "published")
_hook: Callable[[str], None] | None = None  # set by tests: called at each step


def step(name: str) -> None:
    """A point where a build may be interrupted (see STEPS); a no-op unless a test hooks it."""
    if _hook is not None:
        _hook(name)


def lock_path(out: Path, kit_id: str) -> Path:
    return out / f".{kit_id}.lock"


@contextlib.contextmanager
def kit_lock(out: Path, kit_id: str, waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the kit's build lock in `out`; `waiting(text)` is told when another build holds it (this one waits).

    The lock file is removed on release; a build that locked a file another build had just removed locks
    the new file instead (the inode is checked after locking), so two builds never both hold the lock.
    """
    try:
        import fcntl
    except ImportError:  # no flock here (Windows): builds of one kit must not overlap
        yield
        return
    path = lock_path(out, kit_id)
    told = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if waiting is not None and not told:
                    waiting(f"another build of {kit_id} into {out} is running; waiting for it to finish")
                    told = True
                fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                current = os.stat(path)
            except FileNotFoundError:
                current = None
            if current is not None and os.path.samestat(os.fstat(fd), current):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # the holder removed the file as it finished: lock the next one
    try:
        step("locked")
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(fd)


def staging_folder(out: Path, kit_id: str) -> Path:
    """A new hidden folder in `out` to write the build into."""
    folder = Path(tempfile.mkdtemp(prefix=f".{kit_id}.new-", dir=out))
    try:
        make_public(folder)
        step("staging")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def _leftover_pattern(kit_id: str) -> re.Pattern:
    # this version's staging and set-aside folders, and the staging folders of earlier versions (.<kit>-XXXXXXXX)
    return re.compile(rf"^\.{re.escape(kit_id)}(\.new-[a-z0-9_]{{8}}|\.old-[a-z0-9_]{{8}}|-[a-z0-9_]{{8}})$")


def remove_leftovers(out: Path, kit_id: str) -> None:
    """Remove what interrupted builds of the kit left in `out` (call it holding the kit's lock). A previous
    build set aside by the fallback swap and not put back is put back first, when the target is missing."""
    pattern = _leftover_pattern(kit_id)
    target = out / kit_id
    try:
        names = sorted(os.listdir(out))
    except FileNotFoundError:
        return
    for name in names:
        if not pattern.match(name):
            continue
        folder = out / name
        if folder.is_symlink() or not folder.is_dir():
            continue
        if ".old-" in name and not os.path.lexists(target) and (folder / "build.json").is_file():
            os.rename(folder, target)  # the fallback swap was interrupted between its two renames
            continue
        shutil.rmtree(folder, ignore_errors=True)


def publish(staging: Path, target: Path) -> None:
    """Put the complete build in `staging` at `target` in one step, then remove the previous build."""
    step("swapping")
    if not os.path.lexists(target):
        os.rename(staging, target)  # nothing to replace: one rename (it fails rather than overwrite)
        step("published")
        return
    if exchange(staging, target):
        step("swapped")  # staging now holds the previous build
        _remove(staging)
        step("published")
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    os.rmdir(aside)  # only its unique name is wanted
    os.rename(target, aside)
    try:
        step("swapped")  # the one moment without a build in place: the next build puts `aside` back
        os.rename(staging, target)
    except BaseException:
        os.rename(aside, target)
        raise
    try:
        _remove(aside)
    except BaseException:
        shutil.rmtree(aside, ignore_errors=True)
        raise
    step("published")


def _remove(folder: Path) -> None:
    """Remove a previous build (a kill half-way leaves the rest to the next build's remove_leftovers)."""
    first = True

    def removed(*args) -> None:
        nonlocal first
        if first:
            first = False
            step("removing-old")

    for root, folders, files in os.walk(folder, topdown=False):
        for name in files:
            os.unlink(os.path.join(root, name))
            removed()
        for name in folders:
            path = os.path.join(root, name)
            if os.path.islink(path):
                os.unlink(path)
            else:
                os.rmdir(path)
    os.rmdir(folder)


_EXCHANGE_UNSUPPORTED = {getattr(errno, name) for name in ("EINVAL", "ENOSYS", "ENOTSUP", "EOPNOTSUPP")
                         if hasattr(errno, name)}


def exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step; False where the system or the file system cannot (the caller falls back)."""
    function = _exchange_function()
    if function is None:
        return False
    import ctypes

    if function(os.fsencode(a), os.fsencode(b)) == 0:
        return True
    error = ctypes.get_errno()
    if error in _EXCHANGE_UNSUPPORTED:
        return False
    raise OSError(error, os.strerror(error), str(b))


_exchange_cache: list = []


def _exchange_function():
    """renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) on Linux, renamex_np(a, b, RENAME_SWAP) on macOS,
    from the C library the interpreter already has loaded (ctypes.CDLL(None): no library search, no program run)."""
    if _exchange_cache:
        return _exchange_cache[0]
    function = None
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if sys.platform.startswith("linux") and hasattr(libc, "renameat2"):
            renameat2 = libc.renameat2
            renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
            renameat2.restype = ctypes.c_int

            def function(a: bytes, b: bytes) -> int:
                return renameat2(-100, a, -100, b, 2)  # AT_FDCWD, RENAME_EXCHANGE
        elif sys.platform == "darwin" and hasattr(libc, "renamex_np"):
            renamex_np = libc.renamex_np
            renamex_np.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint)
            renamex_np.restype = ctypes.c_int

            def function(a: bytes, b: bytes) -> int:
                return renamex_np(a, b, 2)  # RENAME_SWAP
    except (ImportError, OSError, AttributeError):
        function = None
    _exchange_cache.append(function)
    return function
