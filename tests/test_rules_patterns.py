"""The reader's compiled patterns kept between runs (generator/rules/scan/patterns.py): patterns that match what
re.compile's match (a case-insensitive alternation guarded by its first letters), read back by the next run, and a
damaged or unwritable cache changes nothing but the time."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import _sre

from generator.rules.scan import patterns

_SCAN = ("import sys; from generator.rules.scan import patterns, read_rulebook_document;"
         "print(patterns._new, len(read_rulebook_document('Contents\\n40 cards\\n6 dice\\n').statements))")


def _run(cache: Path) -> list[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", _SCAN], env=env, capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parent.parent)
    return done.stdout.split()


def test_every_kept_program_is_the_one_made_afresh():
    assert len(patterns._KEPT) > 150  # every module of the reader compiles through it
    for (pattern, flags), program in patterns._KEPT.items():
        assert program == patterns._program(pattern, flags), pattern
        made, plain = _sre.compile(pattern, *program), re.compile(pattern, flags)
        assert (made.pattern, made.flags, made.groups, made.groupindex) == (plain.pattern, plain.flags, plain.groups,
                                                                            plain.groupindex), pattern
        if not flags & re.I:
            assert made == plain, pattern  # equal: same flags and code (only a case-insensitive one is guarded)


def test_a_pattern_compiled_through_it_behaves_as_re_compile():
    made = patterns.compile(r"(?P<n>\d+)\s+(?P<what>cards?|dice)\b", re.I)
    assert made.pattern == r"(?P<n>\d+)\s+(?P<what>cards?|dice)\b" and made.flags == re.compile(made.pattern, re.I).flags
    assert made.search("Take 12 CARDS now").groupdict() == {"n": "12", "what": "CARDS"}


# Alternations of every shape the guard reads (words, a word after an optional one, a nullable alternative, a class,
# a group of its own flags, a repeat that may be absent), and texts with the letters IGNORECASE matches beyond ASCII
# ('K' the Kelvin sign is a k, 'ſ' the long s an s, 'İ' an i).
_GUARDED = [r"\b(?:pays?|costs?|earns?|wins?|set\s*-?\s*up|each\s+player)\b", r"\d|\?|\b(?:one|two|three|xx+)\b",
            r"\b(?:victory\s+)?(?:points?|score|vp)\s+(?:tokens?|cards?)", r"(?:the\s+|an?\s+)*(?:dice|die|coins?)",
            r"x(?:|ab|cd)y", r"(?:ab|[c-e]x|(?-i:Fo)|k)+", r"\w(?:[a-c]|d)", r"(?<=\s)(?:in|on|at)\b|^(?:so|to)",
            r"(?P<a>an?|one)\s+(?:(?P<b>ki)|ski|\d)"]
_TEXTS = ["Each player pays 3 coins and wins", "SET-UP: EACH PLAYER", "ſet up, ſkis, Kelvin Kost, İn the box",
          "two or XXX?", "Victory points score tokens", "xy xaby xcdy xaby", "abcxdxFoFOk", "Zd zd in on at so to",
          "an ki one ski a 3 An SKI", "", "ß ẞ ǅ Ǆ ǆ ﬀ"]


def test_a_guarded_alternation_matches_what_re_compile_matches():
    guarded = 0
    for pattern in _GUARDED:
        made, plain = _sre.compile(pattern, *patterns._program(pattern, re.I)), re.compile(pattern, re.I)
        guarded += made != plain  # another program: guarded (not so a group of its own flags, a class of one letter)
        for text in _TEXTS:
            assert [m.regs for m in made.finditer(text)] == [m.regs for m in plain.finditer(text)], (pattern, text)
            for at in range(len(text) + 1):
                found, expected = made.match(text, at), plain.match(text, at)
                assert (found and found.regs) == (expected and expected.regs), (pattern, text, at)
    assert guarded >= 6


def test_the_next_run_reads_the_programs_back(tmp_path):
    assert _run(tmp_path) == ["False", "2"]  # written at the end of the reader's import
    kept = list((tmp_path / "pnpgen").glob("patterns-*.marshal"))
    assert len(kept) == 1 and kept[0].stat().st_size > 10_000
    assert _run(tmp_path) == ["False", "2"]
    before = kept[0].stat().st_mtime_ns
    _run(tmp_path)
    assert kept[0].stat().st_mtime_ns == before  # nothing new: not written again


def test_a_damaged_cache_is_compiled_afresh_and_replaced(tmp_path):
    _run(tmp_path)
    kept = next((tmp_path / "pnpgen").glob("patterns-*.marshal"))
    kept.write_bytes(b"\x00not marshal data")
    assert _run(tmp_path) == ["False", "2"]
    assert kept.stat().st_size > 10_000


def test_an_unwritable_cache_folder_only_costs_time(tmp_path):
    (tmp_path / "pnpgen").write_text("a file where the folder would be")
    assert _run(tmp_path) == ["True", "2"]  # read as usual; nothing could be kept


def test_a_program_the_engine_refuses_falls_back_to_re_compile(monkeypatch):
    monkeypatch.setattr(patterns, "_new", patterns._new)  # the entry compiled afresh below is not left to be kept
    pattern = r"(?P<n>\d+) tokens?"
    flags, code, groups, index, names = patterns._program(pattern, 0)
    monkeypatch.setitem(patterns._KEPT, (pattern, 0), (flags, [code[0], 999_999] + code[2:], groups, index, names))
    made = patterns.compile(pattern)
    assert made == re.compile(pattern) and made.search("3 tokens").group("n") == "3"
    assert patterns._KEPT[(pattern, 0)][1] == code  # compiled afresh and kept right


def test_a_pattern_no_longer_used_leaves_the_file_when_it_is_written_again(tmp_path):
    import marshal

    _run(tmp_path)
    kept = next((tmp_path / "pnpgen").glob("patterns-*.marshal"))
    programs = marshal.loads(kept.read_bytes())
    used = next(iter(programs))
    stale = (r"an old version of a (?P<what>pattern)", 0)
    programs[stale] = patterns._program(*stale)
    del programs[used]  # one the run compiles afresh, so the file is written again
    kept.write_bytes(marshal.dumps(programs))
    assert _run(tmp_path) == ["False", "2"]
    written = marshal.loads(kept.read_bytes())
    assert stale not in written and used in written
