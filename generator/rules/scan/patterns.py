"""The reader's regular expressions, compiled once per Python and kept between runs.

The reader holds some 200 patterns, and `re` parses and compiles every one of them in Python at each start: about
0.15 s of every `rules scan`, `check` and build of a kit with a rulebook. `compile` is `re.compile`, except that
the compiled program of each pattern (the list of instructions `re` hands to its engine in C) is kept in a file in
the user's cache folder (paths.user_cache, ~/.cache/pnpgen) and read back at the next start. The file is named for
the Python version and the engine's own version; an entry is found by the pattern's exact text and flags, so a
changed pattern is compiled afresh, and the engine checks every program it is given. Anything unusual (another
Python, a damaged or unwritable file, no home folder) falls back to `re.compile`. Entry points: compile, keep.

One thing is added to the program `re` would make: a case-insensitive alternation ('\\b(?:pays?|costs?|earns?|…)')
is preceded by a test of the characters it can start with (_guarded). The engine tries an alternation's words one
after the other at every place it is asked, and a word written for IGNORECASE has no quick refusal of its first
letter, so a sentence searched for a list of 60 words was tried word by word at each word's start (a quarter of
the reader's time went to such searches). The test matches nothing itself: what every pattern matches is the same.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
import tempfile
import zlib
from pathlib import Path

try:  # the parts of `re` that turn a pattern into its program (renamed in Python 3.11)
    from re import _compiler as _re_compiler, _parser as _re_parser
except ImportError:  # pragma: no cover - Python 3.10
    import sre_compile as _re_compiler  # type: ignore[no-redef]
    import sre_parse as _re_parser  # type: ignore[no-redef]
import _sre

from generator.paths import user_cache

_Program = tuple  # (flags, code, groups, groupindex, indexgroup): the arguments of the engine's own compile
_PROGRAM_FORM = 2  # in the file's name: programs made before the alternations were guarded (1) are not read back


def _cache_file() -> Path | None:
    try:
        folder = user_cache()
    except RuntimeError:  # no home folder to find
        return None
    version = f"{sys.implementation.name}-{sys.version_info[0]}.{sys.version_info[1]}.{sys.version_info[2]}"
    checkout = zlib.crc32(str(Path(__file__).resolve().parent).encode())  # two copies of pnpgen keep a file each
    return folder / f"patterns-{version}-{_sre.MAGIC}-{_sre.CODESIZE}-{checkout:08x}-{_PROGRAM_FORM}.marshal"


def _load(path: Path | None) -> dict[tuple[str, int], _Program]:
    try:
        kept = marshal.loads(path.read_bytes()) if path is not None else {}
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


_FILE = _cache_file()
_KEPT = _load(_FILE)
_used: set[tuple[str, int]] = set()  # the entries this run asked for: only these are written back
_made: dict[tuple[str, int], re.Pattern] = {}  # compiled in this run: a pattern given as text again is not made again
_new = False


def _program(pattern: str, flags: int) -> _Program:
    """What re.compile computes before it calls the engine, the alternations of a case-insensitive pattern
    guarded (_guarded)."""
    parsed = _re_parser.parse(pattern, flags)
    if (flags | parsed.state.flags) & re.IGNORECASE:
        _guarded(parsed, leading=True)
    code = _re_compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return flags | parsed.state.flags, [int(op) for op in code], parsed.state.groups - 1, groupindex, tuple(indexgroup)


_ZERO_WIDTH = (_re_parser.AT, _re_parser.ASSERT, _re_parser.ASSERT_NOT)
_REPEATS = tuple(getattr(_re_parser, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(_re_parser, name))  # (no possessive repeats before Python 3.11)


def _guarded(sequence, leading: bool) -> None:
    """Put a lookahead for the characters an alternation can start with, `(?=[…])`, before each alternation of
    `sequence` (a parsed pattern) and of the sequences inside it whose first characters are known (_first).
    Not before the pattern's very first op (`leading`): there `re` finds a first character by itself."""
    ops = []
    for index, (op, av) in enumerate(sequence.data):
        first = leading and not ops
        if op is _re_parser.BRANCH:
            for alternative in av[1]:
                _guarded(alternative, leading=False)
            starts = None if first else _first(sequence.data[index:])
            if starts is not None:
                ops.append((_re_parser.ASSERT, (1, _re_parser.SubPattern(sequence.state, [(_re_parser.IN, starts)]))))
        elif op is _re_parser.SUBPATTERN and not (av[1] or av[2]):  # (a group setting flags of its own is left as it is)
            _guarded(av[3], leading=first)
        elif op in _REPEATS:
            _guarded(av[2], leading=False)
        elif op in (_re_parser.ASSERT, _re_parser.ASSERT_NOT):
            _guarded(av[1], leading=False)
        ops.append((op, av))
    sequence.data[:] = ops


def _first(ops: list) -> list | None:
    """The characters a match of `ops` (a parsed sequence) can start with, as the items of a character set
    (LITERAL, RANGE); None when that is not known for certain (a class such as \\w, any character, a group
    with flags of its own, a sequence that can match nothing)."""
    for index, (op, av) in enumerate(ops):
        rest = ops[index + 1:]
        if op in _ZERO_WIDTH:
            continue  # the next op consumes the same character
        if op is _re_parser.LITERAL:
            return [(op, av)]
        if op is _re_parser.IN:
            return list(av) if all(item in (_re_parser.LITERAL, _re_parser.RANGE) for item, _ in av) else None
        if op is _re_parser.SUBPATTERN:
            return None if av[1] or av[2] else _first(list(av[3].data) + rest)
        if op is _re_parser.BRANCH:
            starts: list = []
            for alternative in av[1]:
                found = _first(list(alternative.data) + rest)
                if found is None:
                    return None
                starts += [item for item in found if item not in starts]
            return starts
        if op in _REPEATS:
            low, _, body = av
            starts = _first(list(body.data) + rest)
            after = _first(rest) if low == 0 and starts is not None else []  # 'x*y': x or y
            return None if starts is None or after is None else starts + [item for item in after if item not in starts]
        return None
    return None  # the end: the sequence can match nothing


def compile(pattern: str, flags: int = 0) -> re.Pattern:  # noqa: A001  (re.compile's name, on purpose)
    """re.compile(pattern, flags), from the program kept by an earlier run when there is one; the same pattern
    asked for again in a run is the same object."""
    key = (pattern, int(flags))
    made = _made.get(key)
    if made is None:
        made = _made[key] = _compiled(key)
    return made


def _compiled(key: tuple[str, int]) -> re.Pattern:
    global _new
    pattern, flags = key
    _used.add(key)
    program = _KEPT.get(key)
    if program is not None:
        try:
            return _sre.compile(pattern, *program)
        except Exception:  # noqa: BLE001  (a damaged entry, which the engine refuses: compiled afresh below)
            pass
    try:
        program = _program(pattern, int(flags))
        made = _sre.compile(pattern, *program)
    except Exception:  # noqa: BLE001  (a Python whose `re` works otherwise, or a wrong pattern: as re.compile does)
        program = None
    if program is None:
        _KEPT.pop(key, None)
        return re.compile(pattern, flags)
    _KEPT[key] = program
    _new = True
    return made


def keep() -> None:
    """Write the programs compiled in this run for the next one (when there are new ones; quietly not at all
    when the cache folder cannot be written). Only the patterns this run used are kept: those of an older
    version of a pattern leave the file when it is written again."""
    global _new
    if not _new or _FILE is None:
        return
    try:
        _FILE.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=_FILE.parent, prefix=f".{_FILE.name}.")  # one of its own per writer
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as temp:
            temp.write(marshal.dumps({key: program for key, program in _KEPT.items() if key in _used}))
        os.replace(name, _FILE)
        _new = False
    except (OSError, ValueError):
        Path(name).unlink(missing_ok=True)
