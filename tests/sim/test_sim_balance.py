"""Balance warnings: thresholds from the content turn findings into TKG401-403."""

from __future__ import annotations

import dataclasses

import pytest

from generator.core.diagnostics import Diagnostic, Severity
from generator.sim.balance import balance_diagnostics, findings
from generator.sim.runner import simulate


@pytest.fixture(scope="module")
def summary(shipped_game):
    return simulate(shipped_game, 30, 4, seed=1)


def codes(found):
    return sorted(d.code for d in found)


def test_a_fair_summary_gives_no_seat_or_stall_warning(shipped_game, summary):
    fair = dataclasses.replace(summary, win_rate_by_seat=(0.25,) * 4, stalled=0, finished=30,
                               take_rate=dict.fromkeys(summary.take_rate, 0.5))
    assert findings(shipped_game, fair) == []


def test_each_threshold_raises_its_code(shipped_game, summary):
    margin = shipped_game.balance.first_seat_margin
    first = 0.25 + margin + 0.01
    rates = dict.fromkeys(summary.take_rate, 0.5)
    rare = shipped_game.tiles[7]
    rates[rare.id] = shipped_game.balance.min_take_rate / 2
    skewed = dataclasses.replace(summary, win_rate_by_seat=(first, 0.25, 0.25, 0.25 - first),
                                 stalled=10, finished=20, take_rate=rates)
    found = findings(shipped_game, skewed)
    assert codes(found) == ["TKG401", "TKG402", "TKG403"]
    assert all(d.severity is Severity.WARNING for d in found)
    tile_warning = next(d for d in found if d.code == "TKG403")
    assert (tile_warning.path, tile_warning.line) == (rare.where.path, rare.where.line)
    assert rare.id in tile_warning.message
    # just inside every threshold: no warnings
    edge = dataclasses.replace(skewed, win_rate_by_seat=(0.25 + margin, 0.25, 0.25, 0.25 - margin),
                               stalled=0, finished=30,
                               take_rate=dict.fromkeys(rates, shipped_game.balance.min_take_rate))
    assert findings(shipped_game, edge) == []


def test_balance_diagnostics_runs_the_content_number_of_games(shipped_game):
    few = dataclasses.replace(shipped_game, balance=dataclasses.replace(
        shipped_game.balance, sim_games=20, min_take_rate=1.01))
    found = balance_diagnostics(few)
    assert all(isinstance(d, Diagnostic) for d in found)
    # no tile is taken in more than every game, so each one is flagged
    assert codes(found).count("TKG403") == len(shipped_game.tiles)
