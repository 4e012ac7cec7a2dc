"""The search player against the greedy player: the 65 % claim, measured with a fixed seed."""

from __future__ import annotations

import pytest

from generator.sim.intervals import wilson
from generator.sim.runner import Work, play_many
from generator.sim.search import DEFAULT_BUDGET, SearchPlayer
from generator.sim.tally import WIN_UNITS

GAMES = 60  # enough for the interval's lower bound to clear 65 % at the measured strength
SEED = 15


@pytest.mark.slow
def test_search_beats_greedy_in_at_least_65_percent_of_two_player_games(table):
    assert SearchPlayer().budget == DEFAULT_BUDGET  # the registry builds it at its default
    # Seats swap every game; the rollouts are compiled (the same choices: test_sim_compiled).
    work = Work(table, 2, ("search", "greedy"), SEED, compiled=True)
    totals = play_many(work, GAMES)
    assert totals.finished == GAMES
    wins = totals.player_wins["search"] / WIN_UNITS
    low, high = wilson(wins, totals.finished)
    print(f"search won {wins / GAMES:.1%} of {GAMES} games, 95% interval {low:.1%}-{high:.1%}")
    assert low > 0.65  # significant: the whole 95 % interval lies above 65 %
