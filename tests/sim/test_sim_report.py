"""The report's headline says what a designer should act on, in plain words."""

from __future__ import annotations

import json

import pytest

from generator.sim.headline import headline
from generator.sim.report import sweep_json, sweep_text, to_json, to_text
from generator.sim.runner import simulate
from generator.sim.stats import summarise
from generator.sim.tally import WIN_UNITS, Tally


def _seats_won(wins: list[int]) -> Tally:
    """The totals of games one seat won each (no ties), `wins` by seat."""
    games = sum(wins)
    return Tally(games=games, finished=games, seat_wins={s: w * WIN_UNITS for s, w in
                                                         enumerate(wins)},
                 winner_counts={1: games},
                 seat_gap_squares={(a, b): (wins[a] + wins[b]) * WIN_UNITS ** 2
                                   for a in range(4) for b in range(a + 1, 4)})


def test_headline_calls_a_real_seat_gap_not_chance_and_gives_its_size(table):
    # The figures: seats 1-4 winning 27.9 %, 27.4 %, 23.5 %, 21.2 % of 10,000 games.
    real = summarise(_seats_won([2790, 2740, 2350, 2120]), table, 4, 0, "greedy")
    line = headline(real)[0]
    assert line.startswith("Seat 4 wins less often than seat 1 (21.2% against 27.9%): a gap "
                           "of 6.7 points (95% interval ")
    assert line.endswith(", holding for all 6 pairs); more than chance at 10,000 games "
                         "(permutation p < 0.001).")
    low, high = real.seat_gap.low, real.seat_gap.high
    # Multinomial shares: var(p1 - p4) = (p1 + p4 - (p1 - p4)^2) / n; z for 6 pairs, 2.638.
    half = 2.638 * ((0.279 + 0.212 - 0.067 ** 2) / 10_000) ** 0.5
    assert low == pytest.approx(0.067 - half, abs=2e-4)
    assert high == pytest.approx(0.067 + half, abs=2e-4)
    small = summarise(_seats_won([28, 27, 24, 21]), table, 4, 0, "greedy")
    assert headline(small)[0].startswith("No seat wins significantly more often than another "
                                         "at 100 games: seat 1 28.0%, seat 4 21.0%, a gap of "
                                         "7.0 points (95% interval -")


def test_headline_names_kinds_ties_points_and_unused_actions(shipped_game):
    s = simulate(shipped_game, 12, 2, seed=4, lineup=("random", "greedy"))
    lines = headline(s)
    assert any(line.startswith("The greedy player wins") for line in lines)
    assert any("tie for first" in line for line in lines)
    never = [k for k, v in s.action_mix.items() if not v and k != "pass"]
    assert any(line == f"Never played: {', '.join(never)}." for line in lines) or not never
    assert to_text(s).splitlines()[1] == f"* {lines[0]}"
    assert json.loads(to_json(s))["headline"] == lines


def test_a_sweep_report_puts_variants_side_by_side(shipped_game):
    pair = [simulate(shipped_game, 6, 2, seed=1), simulate(shipped_game, 6, 2, seed=2)]
    text = sweep_text([("draw.tokens=2", pair[0]), ("draw.tokens=3", pair[1])])
    head, first, second = text.splitlines()[2:5]
    assert head.split()[:3] == ["variant", "turns/player", "finished"]
    assert first.startswith("draw.tokens=2") and second.startswith("draw.tokens=3")
    turns = pair[0].measures["turns"]
    assert f"{turns.mean:.1f}±{turns.half:.1f}" in first
    data = json.loads(sweep_json([({"draw.tokens": 2}, True, pair[0]),
                                  ({"draw.tokens": 3}, False, pair[1])]))
    assert [v["set"] for v in data["variants"]] == [{"draw.tokens": 2}, {"draw.tokens": 3}]
    assert [v["current"] for v in data["variants"]] == [True, False]
