"""The report's headline says what a designer should act on, in plain words."""

from __future__ import annotations

import dataclasses
import json

from generator.sim.headline import headline
from generator.sim.intervals import chi_square
from generator.sim.report import sweep_json, sweep_text, to_json, to_text
from generator.sim.runner import simulate
from generator.sim.stats import Share


def test_headline_calls_a_real_seat_gap_not_chance(shipped_game):
    s = simulate(shipped_game, 20, 4, seed=2)
    games = 10_000
    shares = (0.279, 0.274, 0.235, 0.212)
    rows = tuple(Share(f"seat {i + 1}", x, x, x, 0.25, games) for i, x in enumerate(shares))
    real = dataclasses.replace(s, finished=games, win_share_by_seat=rows,
                               seat_test=chi_square([x * games for x in shares], [2500] * 4))
    assert headline(real)[0] == ("Seat 4 wins less often than seat 1 (21.2% against 27.9%), "
                                 "and this is not chance at 10,000 games (p < 0.001).")
    small = dataclasses.replace(real, finished=100, seat_test=chi_square(
        [x * 100 for x in shares], [25] * 4))
    assert headline(small)[0].startswith("No seat wins significantly more often than another "
                                         "at 100 games")


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
    head, first, second = text.splitlines()[1:4]
    assert head.split()[:3] == ["variant", "turns/player", "finished"]
    assert first.startswith("draw.tokens=2") and second.startswith("draw.tokens=3")
    assert f"{pair[0].turns_per_player.mean:.1f}" in first
    data = json.loads(sweep_json([({"draw.tokens": 2}, pair[0]), ({"draw.tokens": 3}, pair[1])]))
    assert [v["set"] for v in data["variants"]] == [{"draw.tokens": 2}, {"draw.tokens": 3}]
