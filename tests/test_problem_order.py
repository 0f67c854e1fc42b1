"""Manifest problems come out in one order, whatever order they were found in: the same bad kit gives the same
message on every run (two problems at one place used to follow Python's per-run string hashing)."""

from __future__ import annotations

import itertools

import pytest

from generator.errors import ManifestError
from generator.manifest.problems import ProblemList
from generator.manifest.spec import Location


def _reported(found: list[tuple[Location, str, str]]) -> list[str]:
    problems = ProblemList()
    for where, key, message in found:
        problems.add_at(where, key, message)
    with pytest.raises(ManifestError) as caught:
        problems.raise_if_any()
    return [str(p.message) for p in caught.value.problems]


def test_problems_at_one_place_are_reported_in_one_order():
    table = Location("kit.yaml", 13, 9)
    found = [(table, "board.table", "'rows' is required"), (table, "board.table", "'columns' is required"),
             (Location("kit.yaml", 4, 3), "name", "name is empty")]
    orders = {tuple(_reported(list(order))) for order in itertools.permutations(found)}
    assert orders == {("name is empty", "'columns' is required", "'rows' is required")}
