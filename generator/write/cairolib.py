"""`load_cairo()`: cairocffi, with its C declarations parsed once per machine instead of at every start, and
libcairo opened by its soname without cairocffi's library search.

cairocffi hands ~1500 lines of C headers to pycparser on each import: 0.2-0.4 s, a third of a small
build. cffi can write the parsed declarations out as a Python module ("out-of-line ABI mode"); it is
written once into the user's cache folder and given to cairocffi as its `cairocffi.ffi` module. The
library calls are the same, so the PDFs are byte-identical; if anything about it fails, cairocffi is
imported the ordinary way. (cairocffi.pixbuf, which cairosvg does not use, needs the ordinary import.)

cairocffi finds libcairo with `ctypes.util.find_library`, which on Linux runs `ldconfig -p` and then `gcc`
(three programs and two compilations per start, 20-50 ms each, and no compiler may be installed). cairocffi
then tries the sonames 'libcairo.so.2', 'libcairo.2.dylib' and 'libcairo-2.dll' with dlopen, which the
dynamic loader resolves on its own. So the search is switched off while cairocffi is imported and the
sonames do the work; only if none of them loads is the import retried with the search.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import types
from pathlib import Path

from generator.paths import FONTS_DIR, user_cache

MODULE = "pnpgen_cairocffi_ffi"


def load_cairo() -> types.ModuleType:
    """cairocffi, loaded pnpgen's way; every module that uses cairo or cairosvg calls this before importing them.
    pnpgen's fontconfig configuration (its own fonts only) is set here, before cairo's first font lookup."""
    os.environ["FONTCONFIG_FILE"] = str(FONTS_DIR / "fonts.conf")
    if "cairocffi" not in sys.modules:
        try:
            _install_parsed_ffi()
        except (OSError, ImportError, SyntaxError, AttributeError):
            sys.modules.pop("cairocffi.ffi", None)  # the ordinary import below parses the headers itself
        try:
            return _import_without_library_search()
        except OSError:  # no libcairo under its usual sonames: let cairocffi search (it may run ldconfig)
            sys.modules.pop("cairocffi", None)
    import cairocffi

    return cairocffi


def _no_library_search(name: str) -> None:
    """Stands in for ctypes.util.find_library while cairocffi is imported: it finds nothing, runs nothing."""
    return None


def _import_without_library_search() -> types.ModuleType:
    import ctypes.util

    search = ctypes.util.find_library
    ctypes.util.find_library = _no_library_search
    try:
        import cairocffi
    finally:
        ctypes.util.find_library = search
    return cairocffi


def _install_parsed_ffi() -> None:
    import cffi

    package = importlib.util.find_spec("cairocffi")
    constants = Path(package.submodule_search_locations[0]) / "constants.py"
    stat = constants.stat()
    module = user_cache() / f"{MODULE}-{cffi.__version__}-{stat.st_size}-{stat.st_mtime_ns}.py"
    if not module.is_file():
        _write_parsed_ffi(constants, module)
    spec = importlib.util.spec_from_file_location(MODULE, module)
    parsed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(parsed)
    ffi_module = types.ModuleType("cairocffi.ffi")
    ffi_module.ffi = parsed.ffi
    sys.modules["cairocffi.ffi"] = ffi_module


def _write_parsed_ffi(constants: Path, target: Path) -> None:
    """Parse cairocffi's headers (read from its constants module, without importing the package) into `target`."""
    import cffi

    spec = importlib.util.spec_from_file_location(f"{MODULE}_constants", constants)
    headers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(headers)
    builder = cffi.FFI()
    builder.cdef(headers._CAIRO_HEADERS)
    builder.set_source(MODULE, None, compiler_verbose=0)
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f"{target.stem}.{os.getpid()}.tmp")
    builder.emit_python_code(str(temp))
    os.replace(temp, target)
