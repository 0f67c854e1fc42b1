"""Kind-specific option blocks (hex:, map:, board:, track:, mat:, foldup:, die:, rondel: …), as the kind table
(generator/kinds/registry.py) declares them: which block each kind takes, its checks, and its parsing.

A kind's `check` returns (key path, message) pairs, which the loader reports with file and line like every
other problem; once a block has none, a kind with `parse` has it read into its frozen options (in points),
which the component carries to the builder instead of the raw mapping.
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.kinds.registry import kind_named, option_blocks

OPTION_BLOCKS = option_blocks()  # block key -> the kinds that take it
OPTION_KEYS = tuple(OPTION_BLOCKS)


def read_options(kind: str, options: dict[str, Any], raw: dict[str, Any], palette: Mapping[str, str]
                 ) -> tuple[dict[str, Any], list[tuple[tuple[Any, ...], str]]]:
    """A component's option blocks, its kind's block read into frozen options when the kind parses it, and
    every problem with them as (key path from the component, message)."""
    found = kind_named(kind)
    problems = list(found.check(options, raw)) if found.check is not None else []
    if found.parse is not None and not problems:
        parsed, more = found.parse(options.get(found.block), raw, palette)
        problems += more
        if parsed is not None:
            options = {**options, found.block: parsed}
    return options, problems


def drawn(kind: str) -> bool:
    """Kinds drawn by their own drawer are sized by their option block, not by `size:`."""
    return kind_named(kind).drawn


def default_shape(kind: str) -> str:
    return kind_named(kind).shape


def default_template(kind: str) -> str:
    return kind_named(kind).template
