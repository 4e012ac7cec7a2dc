"""The game researchers' metrics (issue 28, item 5): each checked against a plain
recomputation from the games themselves, not against the code that makes it."""

from __future__ import annotations

import dataclasses
import json
import math
import statistics

import pytest
from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli
from generator.sim import game as game_module
from generator.sim.actions import Legal
from generator.sim.engine import scores
from generator.sim.game import WIN_UNITS, play_game
from generator.sim.greedy import GreedyPlayer
from generator.sim.intervals import Z95
from generator.sim.players import RandomPlayer
from generator.sim.registry import check_kind, make_player
from generator.sim.report import to_text
from generator.sim.research import ratio_estimate
from generator.sim.runner import Work, play_one, simulate
from generator.sim.tables import build_table


def _every_turn(monkeypatch, seen):
    """Call seen(state, legal) before each turn of every game played."""
    before = game_module.Log.before

    def spy(self, state, legal):
        seen(state, legal)
        before(self, state, legal)

    monkeypatch.setattr(game_module.Log, "before", spy)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("trade_back", [False, True])
def test_the_count_of_legal_actions_is_the_length_of_the_list(monkeypatch, shipped_game,
                                                              seats, trade_back):
    rules = dataclasses.replace(shipped_game.rules, trade_back=trade_back)
    table = build_table(dataclasses.replace(shipped_game, rules=rules))
    wrong, turns = [], [0]

    def compare(state, legal):
        turns[0] += 1
        listed = len(Legal(state).all())
        if legal.count() != listed:
            wrong.append((state.turn, legal.count(), listed))

    _every_turn(monkeypatch, compare)
    for seed in range(6):
        players = [RandomPlayer() if s % 2 else GreedyPlayer() for s in range(seats)]
        play_game(table, players, seed)
    assert turns[0] > 300 and not wrong


class Recorder(GreedyPlayer):
    """A greedy player that writes down everyone's points before each of its turns."""

    def __init__(self, positions):
        self.positions = positions

    def choose(self, state, legal, rng):
        self.positions.append(scores(state))
        return super().choose(state, legal, rng)


def _race_by_hand(points: list[tuple[int, ...]]):
    """The race metrics worked out position by position, the plain way."""
    changes, gap = 0, 0
    trailing, behind = [0] * len(points[0]), [0] * len(points[0])
    leaders = None
    for p in points:
        top = max(p)
        now = {s for s, v in enumerate(p) if v == top}
        if leaders is not None and now != leaders:
            changes += 1
        leaders = now
        gap += top - min(p)
        for s, v in enumerate(p):
            trailing[s] += top - v
            behind[s] += v < top
    return changes, gap, tuple(trailing), tuple(behind)


@pytest.mark.parametrize("seats", [2, 4])
def test_the_race_is_what_every_position_shows(table, seats):
    for seed in range(8):
        positions: list[tuple[int, ...]] = []
        result = play_game(table, [Recorder(positions) for _ in range(seats)], seed)
        every = [*positions, result.scores]  # after the deal, after each turn
        assert len(every) == result.turns + 1 == result.race.positions
        changes, gap, trailing, behind = _race_by_hand(every)
        assert result.race.lead_changes == changes
        assert result.race.gap == gap
        assert result.race.trailing == trailing
        assert result.race.behind == behind


def test_a_ratio_with_one_a_game_is_a_plain_mean_with_its_interval():
    values = [3, 8, 1, 9, 4, 4, 7]
    n = len(values)
    sums = {"m:x": sum(values), "m:y": n, "m:xx": sum(v * v for v in values), "m:yy": n,
            "m:xy": sum(values)}
    e = ratio_estimate(sums, "m", n, 1.0)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    assert e.mean == pytest.approx(statistics.mean(values), abs=1e-4)
    assert e.high - e.mean == pytest.approx(half, abs=1e-4)


def test_a_ratio_interval_is_the_delta_method():
    xs, ys = [5, 9, 2, 7, 6], [10, 20, 5, 12, 14]
    n, r = len(xs), sum(xs) / sum(ys)
    sums = {"m:x": sum(xs), "m:y": sum(ys), "m:xx": sum(x * x for x in xs),
            "m:yy": sum(y * y for y in ys), "m:xy": sum(x * y for x, y in zip(xs, ys, strict=True))}
    residual_sd = statistics.stdev([x - r * y for x, y in zip(xs, ys, strict=True)])
    half = Z95 * residual_sd / math.sqrt(n) / statistics.mean(ys)
    e = ratio_estimate(sums, "m", n, 1.0)
    assert e.mean == pytest.approx(r, abs=1e-4)
    assert (e.low, e.high) == (pytest.approx(r - half, abs=1e-4),
                               pytest.approx(r + half, abs=1e-4))


def test_the_metrics_agree_with_the_games_they_come_from(shipped_game, table):
    summary = simulate(shipped_game, 120, 3, seed=5)
    work = Work(table, 3, ("greedy",), 5)
    results = [play_one(work, i) for i in range(120)]
    done = [r for r in results if r.finished]
    m = summary.metrics
    assert m["completion"].mean == pytest.approx(len(done) / len(results), abs=1e-4)
    ties = sum(len(r.winners) > 1 for r in done)
    assert m["drawishness"].mean == pytest.approx(ties / len(done), abs=1e-4)
    first = sum(1 / len(r.winners) for r in done if 0 in r.winners)
    assert m["first_player"].mean == pytest.approx(first / len(done), abs=1e-4)
    assert m["duration"].mean == pytest.approx(statistics.mean(r.turns for r in results),
                                               abs=1e-3)
    assert summary.duration_spread == pytest.approx(
        statistics.stdev(r.turns for r in results), abs=1e-3)
    turns = sum(r.counted for r in results)
    assert 0 < turns < sum(r.turns for r in results)  # one game in COUNT_EVERY counts
    assert all(r.counted in (0, r.turns) for r in results)
    assert m["branching_factor"].mean == pytest.approx(
        sum(r.options for r in results) / turns, abs=1e-4)
    assert m["decision_moves"].mean == pytest.approx(
        sum(r.choices for r in results) / turns, abs=1e-4)
    assert m["lead_changes"].mean == pytest.approx(
        statistics.mean(r.race.lead_changes for r in results), abs=1e-4)
    positions = sum(r.race.positions for r in done)
    drama = sum(sum(r.race.trailing[s] for s in r.winners) / len(r.winners) for r in done)
    assert m["drama"].mean == pytest.approx(drama / positions, abs=1e-4)
    gap = sum(r.race.gap for r in results) / sum(r.race.positions for r in results)
    assert m["score_difference"].mean == pytest.approx(gap, abs=1e-4)
    best = max(s.share for s in summary.win_share_by_seat)
    worst = min(s.share for s in summary.win_share_by_seat)
    assert m["balance"].mean == pytest.approx(1 - (best - worst), abs=1e-4)
    for e in m.values():
        assert e.low <= e.mean <= e.high


def test_ties_count_a_shared_win_in_whole_units():
    assert all(WIN_UNITS % k == 0 for k in range(1, 9))


def test_a_budget_names_a_player_of_its_own():
    assert make_player("search@12").budget == 12
    assert make_player("search@12").name == "search@12"
    assert make_player("search").name == "search"
    assert check_kind("greedy@4") and check_kind("search@0") and check_kind("search@x")
    assert check_kind("search@16") is None


def test_the_text_report_prints_every_metric(shipped_game):
    summary = simulate(shipped_game, 30, 2, seed=2)
    text = to_text(summary)
    for key in summary.metrics:
        assert key.replace("_", " ") in text
    assert "duration spread" in text and "Skill trace: not measured" in text


def test_simulate_json_carries_the_metrics_and_the_skill_trace(tmp_path):
    result = CliRunner().invoke(cli, [
        "simulate", "--content", str(CONTENT), "--games", "12", "--players", "2",
        "--skill-trace", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["metrics"]) >= {"balance", "completion", "drawishness", "first_player",
                                    "duration", "decision_moves", "branching_factor",
                                    "lead_changes", "drama", "winner_behind",
                                    "score_difference"}
    assert data["duration_spread"] > 0
    steps = data["skill_trace"]
    assert [(s["budget"], s["stronger"]) for s in steps] == [(8, 16), (16, 32), (32, 64)]
    assert all(s["games"] == 2 and s["fair"] == 0.5 for s in steps)


def test_the_skill_trace_is_refused_in_a_sweep():
    result = CliRunner().invoke(cli, [
        "simulate", "--content", str(CONTENT), "--games", "2", "--players", "2",
        "--skill-trace", "2", "--set", "oink.capacity=5,6"])
    assert result.exit_code == 2 and "--skill-trace" in result.output


def test_a_bad_budget_is_a_usage_error_naming_the_player():
    result = CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), "--games", "2",
                                      "--players", "2", "--player", "search@lots,greedy"])
    assert result.exit_code == 2
    assert "--player" in result.output and "search@lots" in result.output
