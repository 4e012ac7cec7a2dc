"""Whole games: how they end, what a stalled game reports, and what a result records."""

from __future__ import annotations

import dataclasses

from generator.sim.game import BACKSTOP, DEADLOCK, TURN_CAP, WORLD_COMPLETE, play_game
from generator.sim.greedy import GreedyPlayer
from generator.sim.players import RandomPlayer


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


def test_running_out_of_tiles_is_no_ending_of_its_own(table):
    fire = table.elements.index("fire")
    few = only_tiles(table, [t for t, ins in enumerate(table.insignias) if fire in ins][:16])
    # 16 tiles for 4 players: no world can complete, so the game plays on (drawing,
    # trading, sealing) until the backstop's last round is over, and is scored.
    result = play_game(few, [GreedyPlayer() for _ in range(4)], 0)
    rounds = table.rules.backstop_rounds
    assert (result.end, result.turns) == (BACKSTOP, rounds * 4)
    assert result.winners and result.finished
    assert set(result.winners) == {s for s, v in enumerate(result.scores)
                                   if v == max(result.scores)}
    assert len(result.procured) == 16 - 4
    # With the backstop past the simulator's turn cap, the cap gives up on it first.
    late = dataclasses.replace(few, rules=dataclasses.replace(few.rules, backstop_rounds=1000))
    result = play_game(late, [GreedyPlayer() for _ in range(4)], 0)
    assert (result.end, result.turns, result.winners) == (TURN_CAP, table.rules.turn_cap, ())


def test_a_round_of_passes_calls_the_game_off(table):
    # Two tiles, one dealt to each player, and no tokens: nobody can ever act.
    bare = dataclasses.replace(only_tiles(table, [0, 1]), supply=(0,) * len(table.elements),
                               rules=dataclasses.replace(table.rules, tiles_dealt=1))
    result = play_game(bare, [GreedyPlayer(), RandomPlayer()], 0)
    assert (result.end, result.turns, result.winners) == (DEADLOCK, 2, ())
    assert result.actions[-1] == 2  # both passed (KINDS ends with "pass")


def test_finished_game_has_a_winner_with_the_top_score(table):
    results = [play_game(table, [RandomPlayer(), GreedyPlayer(), GreedyPlayer()], seed)
               for seed in range(5)]
    finished = [r for r in results if r.end == WORLD_COMPLETE]
    assert finished
    for result in finished:
        assert result.winners
        assert all(result.scores[w] == max(result.scores) for w in result.winners)
        assert result.turns < table.rules.turn_cap


def test_a_result_adds_up(table):
    result = play_game(table, [GreedyPlayer(), RandomPlayer()], 11)
    assert result.players == ("greedy", "random")
    assert sorted(result.oinks) == sorted(set(result.oinks))  # one Oink each
    assert sum(result.actions) == result.turns
    assert [sum(s) for s in result.sources] == list(result.scores)
    assert all(0 <= s <= p for s, p in zip(result.sealed_tiles, result.placed_tiles,
                                           strict=True))
    assert sum(result.blocked) <= result.turns
