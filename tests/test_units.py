"""units: the one place lengths are parsed."""

import pytest
from hypothesis import given, strategies as st

from generator.units import mm, parse_length, parse_size, to_mm


def test_millimetres_and_inches_agree():
    assert parse_length("25.4mm") == pytest.approx(parse_length("1in")) == pytest.approx(72)


@pytest.mark.parametrize("text,expected", [("30mm", (30, 30)), ("30mm x 15mm", (30, 15)), ("63x88mm", (63, 88)),
                                           ("2.5in x 3.5in", (63.5, 88.9))])
def test_sizes(text, expected):
    width, height = parse_size(text)
    assert (to_mm(width), to_mm(height)) == pytest.approx(expected)


@pytest.mark.parametrize("bad", ["25", "mm", "25 px", "-3mm", "25mm x", "1x2x3mm", ""])
def test_bad_lengths_are_refused(bad):
    with pytest.raises(ValueError):
        parse_size(bad)


@given(st.floats(min_value=0.01, max_value=2000, allow_nan=False))
def test_mm_round_trip(value):
    assert to_mm(parse_length(f"{value:.3f}mm")) == pytest.approx(round(value, 3))
    assert to_mm(mm(value)) == pytest.approx(value)
