"""Balance warnings: a significant seat spread (TKG401), stalls and rare tiles (TKG402-403)."""

from __future__ import annotations

import dataclasses

import pytest

from generator.core.diagnostics import Diagnostic, Severity
from generator.sim.balance import balance_diagnostics, findings
from generator.sim.intervals import chi_square
from generator.sim.runner import simulate
from generator.sim.stats import Share


@pytest.fixture(scope="module")
def summary(shipped_game):
    return simulate(shipped_game, 30, 4, seed=1)


def codes(found):
    return sorted(d.code for d in found)


def seats_won(summary, shares, games):
    """The summary as if the seats had won these shares of `games` finished games."""
    rows = tuple(Share(f"seat {i + 1}", s, s, s, 0.25, games) for i, s in enumerate(shares))
    test = chi_square([s * games for s in shares], [games / 4] * 4)
    return dataclasses.replace(summary, win_share_by_seat=rows, seat_test=test, games=games,
                               finished=games, stalled=0,
                               take_rate=dict.fromkeys(summary.take_rate, 0.5))


def test_the_same_seat_gap_warns_only_when_the_run_is_big_enough(shipped_game, summary):
    gap = (0.28, 0.27, 0.24, 0.21)  # the shape: seat 4 behind
    assert findings(shipped_game, seats_won(summary, gap, 400)) == []  # could be luck
    found = findings(shipped_game, seats_won(summary, gap, 10_000))  # cannot be
    assert codes(found) == ["TKG401"]
    assert "seat 1 won 28.0%" in found[0].message and "seat 4 21.0%" in found[0].message
    assert found[0].severity is Severity.WARNING


def test_the_threshold_is_the_contents_significance_level(shipped_game, summary):
    level = shipped_game.balance.seat_significance
    assert level == 0.01  # game.yaml's balance.seat_significance
    fair = seats_won(summary, (0.25,) * 4, 1000)
    just = dataclasses.replace(fair, seat_test=dataclasses.replace(fair.seat_test,
                                                                    p_value=level))
    assert findings(shipped_game, just) == []
    below = dataclasses.replace(just, seat_test=dataclasses.replace(just.seat_test,
                                                                     p_value=level / 2))
    assert codes(findings(shipped_game, below)) == ["TKG401"]


def test_stalls_and_rare_tiles_keep_their_thresholds(shipped_game, summary):
    rates = dict.fromkeys(summary.take_rate, 0.5)
    rare = shipped_game.tiles[7]
    rates[rare.id] = shipped_game.balance.min_take_rate / 2
    skewed = dataclasses.replace(seats_won(summary, (0.25,) * 4, 30), stalled=10,
                                 take_rate=rates)
    found = findings(shipped_game, skewed)
    assert codes(found) == ["TKG402", "TKG403"]
    tile_warning = found[1]
    assert (tile_warning.path, tile_warning.line) == (rare.where.path, rare.where.line)


def test_balance_diagnostics_runs_the_content_number_of_games(shipped_game):
    few = dataclasses.replace(shipped_game, balance=dataclasses.replace(
        shipped_game.balance, sim_games=20, min_take_rate=1.01))
    found = balance_diagnostics(few)
    assert all(isinstance(d, Diagnostic) for d in found)
    # no tile is taken in more than every game, so each one is flagged
    assert codes(found).count("TKG403") == len(shipped_game.tiles)
    assert "of 20 simulated games" in found[0].message
