"""Whole games: how they end, and what a stalled game reports."""

from __future__ import annotations

import dataclasses

from generator.sim.game import NO_TILES, TURN_CAP, WORLD_COMPLETE, play_game
from generator.sim.players import GreedyPlayer, RandomPlayer


def only_tiles(table, keep):
    """The table with just the tiles whose indices are in `keep`."""
    pick = lambda values: tuple(values[i] for i in keep)  # noqa: E731
    return dataclasses.replace(table, tile_ids=pick(table.tile_ids), masks=pick(table.masks),
                               insignias=pick(table.insignias))


def test_turn_cap_stalls_the_game(table):
    cap = 7
    short = dataclasses.replace(table, rules=dataclasses.replace(table.rules, turn_cap=cap))
    result = play_game(short, [GreedyPlayer(), GreedyPlayer()], 3)
    assert (result.end, result.turns, result.winners) == (TURN_CAP, cap, ())
    assert not result.finished


def test_running_out_of_tiles_stalls_the_game(table):
    fire = table.elements.index("fire")
    few = only_tiles(table, [t for t, ins in enumerate(table.insignias) if fire in ins][:16])
    # 16 tiles for 4 players: no world can reach the end size before the tiles run out
    result = play_game(few, [GreedyPlayer() for _ in range(4)], 0)
    assert result.end == NO_TILES and result.winners == ()
    assert len(result.procured) == 16 - 4


def test_finished_game_has_a_winner_with_the_top_score(table):
    results = [play_game(table, [RandomPlayer(), GreedyPlayer(), GreedyPlayer()], seed)
               for seed in range(5)]
    finished = [r for r in results if r.end == WORLD_COMPLETE]
    assert finished
    for result in finished:
        assert result.winners
        assert all(result.scores[w] == max(result.scores) for w in result.winners)
        assert result.turns < table.rules.turn_cap
