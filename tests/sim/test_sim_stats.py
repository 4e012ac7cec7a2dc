"""The summary's arithmetic, on results made up by hand."""

from __future__ import annotations

from generator.sim.game import NO_TILES, TURN_CAP, WORLD_COMPLETE, GameResult
from generator.sim.stats import histogram, spread, summarise


def result(turns, end, winners, scores, procured=(), no_procure=0):
    return GameResult(seats=2, turns=turns, end=end, winners=winners, scores=scores,
                      actions=(turns, 0, 0, 0, 0, 0, 0, 0), procured=procured,
                      no_procure=no_procure, bag_dry=(turns, 0, 0, 0),
                      sealed_tokens=(2, 0, 0, 0))


def test_spread_uses_nearest_rank_p90():
    s = spread(list(range(10, 0, -1)))  # 1..10, unsorted
    assert (s.mean, s.median, s.p90, s.low, s.high) == (5.5, 5.5, 9.0, 1.0, 10.0)
    assert spread([]).mean == 0.0


def test_histogram_keeps_empty_bins():
    assert histogram([3, 25, 27], width=10) == {"0-9": 1, "10-19": 0, "20-29": 2}


def test_summary_of_hand_made_results(table):
    results = [
        result(10, WORLD_COMPLETE, (0,), (7, 3), procured=(0, 1, 1)),
        result(20, WORLD_COMPLETE, (0, 1), (4, 4), procured=(1,)),
        result(30, TURN_CAP, (), (2, 1), no_procure=15),
        result(40, NO_TILES, (), (0, 0)),
    ]
    s = summarise(results, table, seed=7, player="greedy")
    assert (s.games, s.players, s.seed, s.finished, s.stalled) == (4, 2, 7, 2, 2)
    assert s.win_rate_by_seat == (0.75, 0.25)  # the tie gives half a win to each
    assert s.winning_score.mean == 5.5 and s.score_margin.high == 4.0
    assert s.endings == {WORLD_COMPLETE: 2, TURN_CAP: 1, NO_TILES: 1}
    assert s.action_mix["draw"] == 1.0
    ids = table.tile_ids
    assert s.take_rate[ids[0]] == 0.25 and s.take_rate[ids[1]] == 0.5  # once a game counts
    assert ids[0] not in s.never_taken and ids[2] in s.never_taken
    assert len(s.never_taken) == len(ids) - 2
    assert s.no_procure_rate == 0.15  # 15 of 100 turns
    assert s.bag_dry_rate[table.elements[0]] == 1.0
    assert s.sealed_tokens[table.elements[0]] == 2.0
