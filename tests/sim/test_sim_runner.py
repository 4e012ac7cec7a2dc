"""Running many games: seeds per game, chunks, and independence from --jobs."""

from __future__ import annotations

import pytest

from generator.sim.runner import chunks, game_seed, play_many, simulate


def test_chunks_cover_every_game_once():
    for games, jobs in [(1, 1), (37, 2), (1000, 2), (10_000, 4)]:
        parts = chunks(games, jobs)
        assert [i for a, b in parts for i in range(a, b)] == list(range(games))


def test_game_seeds_differ_by_seed_and_index():
    seeds = {game_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300
    assert game_seed(5, 9) == game_seed(5, 9)


def test_results_do_not_depend_on_jobs(table):
    one = play_many(table, "greedy", 3, 40, seed=11, jobs=1)
    two = play_many(table, "greedy", 3, 40, seed=11, jobs=2)
    assert one == two
    assert one != play_many(table, "greedy", 3, 40, seed=12, jobs=1)


def test_progress_counts_every_game(table):
    seen = []
    play_many(table, "random", 2, 25, seed=0, progress=seen.append)
    assert sum(seen) == 25


def test_simulate_refuses_bad_requests(shipped_game):
    with pytest.raises(ValueError, match="players"):
        simulate(shipped_game, 5, seats=shipped_game.rules.players_max + 1)
    with pytest.raises(ValueError, match="unknown player"):
        simulate(shipped_game, 5, seats=2, kind="psychic")
