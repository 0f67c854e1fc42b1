"""Kind-specific option blocks (hex:, map:, board:, track:, mat:, foldup:, die:): which keys, and their checks.

Each kind module registers a validator returning (key path, message) pairs; the loader reports them
with file and line like every other problem.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

OPTION_KEYS = ("hex", "map", "board", "track", "mat", "foldup", "die")

Validator = Callable[[dict[str, Any], dict[str, Any]], Iterable[tuple[tuple[Any, ...], str]]]
VALIDATORS: dict[str, Validator] = {}


def validate(kind: str, options: dict[str, Any], raw: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """Problems with a component's kind options (empty when the kind has no validator)."""
    import generator.kinds  # noqa: F401  the kind modules register their validators when imported

    validator = VALIDATORS.get(kind)
    return list(validator(options, raw)) if validator else []
