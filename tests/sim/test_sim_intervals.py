"""Wilson intervals and the chi-square test, against values worked out by hand."""

from __future__ import annotations

import pytest

from generator.sim.intervals import chi_square, chi_square_sf, wilson


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(80, 100)
    assert low == pytest.approx(0.7112, abs=1e-4) and high == pytest.approx(0.8666, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("statistic", "dof"), [(3.841, 1), (5.991, 2), (7.815, 3), (9.488, 4)])
def test_chi_square_critical_values_give_five_percent(statistic, dof):
    assert chi_square_sf(statistic, dof) == pytest.approx(0.05, abs=2e-4)


def test_seat_four_losing_at_ten_thousand_games_is_not_chance():
    # The figures: seats 1-4 winning 27.9 %, 27.4 %, 23.5 %, 21.2 % of 10,000 games.
    wins = [2790, 2740, 2350, 2120]
    test = chi_square(wins, [2500] * 4)
    assert test.dof == 3 and test.significant and test.p_value < 1e-6
    assert not chi_square([27, 26, 24, 23], [25] * 4).significant  # the same shape at 100
