"""The summary's arithmetic, on results made up by hand."""

from __future__ import annotations

from generator.sim.actions import BLOCKS
from generator.sim.game import BACKSTOP, DEADLOCK, TURN_CAP, WORLD_COMPLETE, GameResult
from generator.sim.stats import histogram, spread, summarise
from generator.sim.tally import merge, merge_all, tally


def result(turns, end, winners, scores, oinks=(0, 1), players=("greedy", "random"),
           procured=(), blocked=(0, 0, 0, 0)):
    return GameResult(seats=2, turns=turns, end=end, winners=winners, scores=scores,
                      oinks=oinks, players=players, actions=(turns, 0, 0, 0, 0, 0, 0, 0),
                      procured=procured, blocked=blocked, bag_dry=(turns, 0, 0, 0),
                      sealed_tokens=(2, 0, 0, 0), sources=((4, 2, 0), (1, 0, 0)),
                      sealed_tiles=(3, 1), placed_tiles=(5, 4), discarded=1)


RESULTS = [
    result(10, WORLD_COMPLETE, (0,), (7, 3), procured=(0, 1, 1)),
    result(20, WORLD_COMPLETE, (0, 1), (4, 4), oinks=(2, 0), players=("random", "greedy"),
           procured=(1,)),
    result(30, TURN_CAP, (), (2, 1), blocked=(5, 0, 10, 0)),
    result(40, DEADLOCK, (), (0, 0)),
]


def test_spread_of_a_histogram_uses_nearest_rank_p90():
    s = spread({v: 1 for v in range(1, 11)})
    assert (s.mean, s.median, s.p90, s.low, s.high) == (5.5, 5.5, 9.0, 1.0, 10.0)
    assert spread({4: 3, 10: 1}, scale=2).median == 2.0
    assert spread({}).mean == 0.0


def test_histogram_keeps_empty_bins():
    assert histogram({3: 1, 25: 1, 27: 1}, width=10) == {"0-9": 1, "10-19": 0, "20-29": 2}


def test_totals_merge_exactly_in_any_order():
    parts = [tally(RESULTS[:1]), tally(RESULTS[1:3]), tally(RESULTS[3:])]
    whole = tally(RESULTS)
    assert merge_all(parts) == whole == merge_all(reversed(parts))
    assert merge(whole, tally([])) == whole


def test_summary_of_hand_made_results(table):
    s = summarise(tally(RESULTS), table, 2, seed=7, lineup="greedy,random")
    assert (s.games, s.players, s.seed, s.finished, s.stalled) == (4, 2, 7, 2, 2)
    assert [x.share for x in s.win_share_by_seat] == [0.75, 0.25]  # a tie shares the win
    seat1 = s.win_share_by_seat[0]
    assert seat1.low < 0.75 < seat1.high and seat1.fair == 0.5 and seat1.games == 2
    elements = {x.label: x for x in s.win_share_by_element}
    fire, water, earth = table.elements[:3]
    assert (elements[fire].share, elements[fire].games) == (0.75, 2)  # 1 + a half, of 2
    assert (elements[water].share, elements[earth].share) == (0.0, 0.5)
    players = {x.label: x.share for x in s.win_share_by_player}
    assert players == {"greedy": 0.75, "random": 0.25}
    assert s.tie_rate == 0.5 and s.blank_rate == 0.0
    assert s.winning_score.mean == 5.5 and s.score_margin.high == 4.0
    assert s.endings == {WORLD_COMPLETE: 2, BACKSTOP: 0, TURN_CAP: 1, DEADLOCK: 1}
    assert s.action_mix["draw"] == 1.0 and s.action_mix["refresh"] == 0.0  # zeros shown
    assert s.turns_per_player.mean == 12.5  # 25 turns a game, 2 players
    ids = table.tile_ids
    assert s.take_rate[ids[0]] == 0.25 and s.take_rate[ids[1]] == 0.5  # once a game counts
    assert len(s.never_taken) == len(ids) - 2
    assert s.no_procure_rate == 0.15  # 15 of 100 turns
    assert s.no_procure_causes[BLOCKS[0]] == 0.05 and s.no_procure_causes[BLOCKS[2]] == 0.1
    assert (s.points.match, s.points.other, s.points.sealed_tiles) == (2.5, 1.0, 2.0)
    assert s.discards_per_game == 1.0
    assert s.bag_dry_rate[table.elements[0]] == 1.0
    assert s.sealed_tokens[table.elements[0]] == 2.0
