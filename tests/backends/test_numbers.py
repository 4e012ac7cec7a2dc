"""How both backends write a number: rounded, without trailing zeros, the same text for
equal values (the PDFs and SVGs are compared byte for byte between builds)."""

from __future__ import annotations

import pytest

from generator.backends.numbers import fmt


@pytest.mark.parametrize(("value", "places", "text"), [
    (3.5, 3, "3.5"), (12.0, 3, "12"), (-0.25, 3, "-0.25"), (0.0, 3, "0"),
    (-0.0, 3, "0"), (-0.0004, 3, "0"), (0.0005001, 3, "0.001"), (100.0, 1, "100"),
    (1.234567, 5, "1.23457"), (2, 3, "2"),
    (10.0, 0, "10"), (100.4, 0, "100"), (-0.4, 0, "0"), (7.5, 0, "8"),  # no decimals
])
def test_numbers_are_written_short_and_whole(value, places, text):
    assert fmt(value, places) == text


def test_a_number_written_before_is_written_the_same():
    # Equal values of another type (an int for a float) share the remembered text.
    assert [fmt(v) for v in (1, 1.0, 1.5, 1)] == ["1", "1", "1.5", "1"]
    assert fmt(1.5) is fmt(1.5)  # remembered, not formatted again
