"""Wilson intervals and the chi-square test, against values worked out by hand."""

from __future__ import annotations

import pytest

from generator.sim.intervals import (
    Z95,
    chi_square,
    chi_square_sf,
    holm,
    paired_gap,
    simultaneous_z,
    unpaired_gap,
    wilson,
)
from generator.sim.permutation import permutation_test, seat_groups


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


def test_holm_matches_the_step_down_by_hand():
    # sorted 0.01, 0.02, 0.04 -> 3 x 0.01, 2 x 0.02, 1 x 0.04, kept non-decreasing
    assert holm([0.04, 0.01, 0.02]) == [0.04, 0.03, 0.04]
    assert holm([0.5, 0.001]) == [0.5, 0.002]
    assert holm([0.9, 0.8]) == [1.0, 1.0]  # 2 x 0.8 is more than certainty


def test_newcombes_interval_matches_his_worked_example():
    # Newcombe (1998), method 10: 56/70 against 48/80, a difference of 0.2.
    low, high = unpaired_gap(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=1e-4) and high == pytest.approx(0.3339, abs=1e-4)


def test_a_paired_gap_counts_ties_as_half_a_win_each():
    # 10 games of two seats: seat A wins 5, B wins 3, 2 ties. Per game A - B is
    # +1 (5 games), -1 (3), 0 (2): mean 0.2, sample variance (8 - 10 x 0.04) / 9.
    share_a, share_b = 6 / 10, 4 / 10
    low, high = paired_gap(share_a, share_b, squares=8, games=10)
    half = Z95 * ((8 - 10 * 0.2 ** 2) / 9 / 10) ** 0.5
    assert (low, high) == pytest.approx((0.2 - half, 0.2 + half))
    assert simultaneous_z(1) == pytest.approx(Z95, abs=1e-5)
    assert simultaneous_z(6) == pytest.approx(2.638, abs=1e-3)


def test_the_permutation_test_knows_a_tied_two_player_run_is_all_chance():
    # Every game tied: each seat has exactly half a win a game, whatever the shuffle.
    test = permutation_test([50, 50], seat_groups({2: 100}, 2), (0, 1), replicates=199)
    assert test.statistic == 0 and test.p_value == 1.0 and not test.significant
    # 100 games, one winner each, 70-30: far outside a fair coin (p < 1e-4 exactly).
    lopsided = permutation_test([70, 30], seat_groups({1: 100}, 2), (0, 1), replicates=999)
    assert lopsided.statistic == 16.0 and lopsided.p_value == 0.001 and lopsided.significant
    assert lopsided.method == "permutation" and lopsided.p_adjusted == lopsided.p_value
