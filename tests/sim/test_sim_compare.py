"""Sweeps as comparisons and runs against earlier runs (issue 28, item 4).

A sweep plays every game under each variant with the same seed and puts the current
rules beside them; every column has an interval, each variant's difference from the
current rules is taken game by game, the rule's direct effects are columns, `--until`
plays until the intervals are narrow, and `--baseline` compares with a saved run.
"""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli
from generator.sim.measures import MEASURES
from generator.sim.runner import simulate, simulate_sweep
from generator.sim.sweep import parse_setting, variants, with_current


def run(*args):
    return CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), *args])


def _sweep(game, setting: str, games: int, seats: int = 2):
    found, played, current = with_current(game, variants([parse_setting(setting)]))
    return found, current, simulate_sweep(played, current, games, seats, seed=3)


def test_the_current_rules_join_a_sweep_that_leaves_them_out_and_are_marked(shipped_game):
    capacity = shipped_game.rules.oink_capacity
    found, current, _ = _sweep(shipped_game, f"oink.capacity={capacity - 2},{capacity - 1}", 4)
    assert current == 0 and [v.label for v in found] == [
        "", f"oink.capacity={capacity - 2}", f"oink.capacity={capacity - 1}"]
    found, current, _ = _sweep(shipped_game, f"oink.capacity={capacity - 1},{capacity}", 4)
    assert len(found) == 2 and found[current].label == f"oink.capacity={capacity}"


@pytest.mark.slow
def test_differences_are_paired_game_by_game(shipped_game):
    capacity = shipped_game.rules.oink_capacity
    _, current, (base, two_less, one_less) = _sweep(
        shipped_game, f"oink.capacity={capacity - 2},{capacity - 1}", 300)
    assert current == 0 and base.versus_current == {}
    for variant in (two_less, one_less):
        for m in MEASURES:
            own, theirs = variant.measures[m.key], base.measures[m.key]
            assert own.low <= own.mean <= own.high, m.key
            # The mean of the differences is the difference of the means ...
            assert variant.versus_current[m.key].mean == pytest.approx(
                own.mean - theirs.mean, abs=1e-3), m.key
    # ... but its interval is far narrower than two separate runs' would be: the same
    # deals under both rules cancel most of the luck (for a small change; a large one
    # sends the games apart sooner).
    unpaired = math.hypot(one_less.measures["turns"].half, base.measures["turns"].half)
    assert one_less.versus_current["turns"].half < 0.5 * unpaired
    # The rule's direct effect shows clearly: a smaller Oink discards more.
    fewer = two_less.versus_current["discards"]
    assert fewer.clear and fewer.mean > 0


def test_a_single_run_is_the_same_whether_played_as_a_sweep_of_one(shipped_game):
    alone = simulate(shipped_game, 40, 3, seed=3)
    [as_sweep] = simulate_sweep([shipped_game], 0, 40, 3, seed=3)
    assert alone == as_sweep and alone.versus_current == {}


@pytest.mark.slow
def test_a_sweeps_json_has_an_interval_on_every_column_and_the_baseline_marked(tmp_path):
    result = run("--games", "60", "--players", "2", "--set", "oink.capacity=4,5",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["variants"]
    assert [(r["set"], r["current"]) for r in rows] == [
        ({}, True), ({"oink.capacity": 4}, False), ({"oink.capacity": 5}, False)]
    for row in rows:
        assert set(row["measures"]) == {m.key for m in MEASURES}
        for value in row["measures"].values():
            assert value["low"] <= value["mean"] <= value["high"]
        assert set(row["versus_current"]) == (set() if row["current"] else set(row["measures"]))
    assert {"discards", "trades", "bag_dry", "no_procure"} <= set(rows[1]["versus_current"])
    text = run("--games", "60", "--players", "2", "--set", "oink.capacity=4,5",
               "--out", str(tmp_path)).stdout.splitlines()
    assert text[3].startswith("current rules ") and "±" in text[3]
    assert text[7].startswith("Against the current rules, game by game")
    assert text[9].startswith("oink.capacity=4 ") and "*" in text[9]  # a clear difference


@pytest.mark.slow
def test_until_plays_on_until_every_interval_is_that_narrow(tmp_path):
    result = run("--games", "20", "--players", "2", "--until", "3", "--versus", "none",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] in (40, 80, 160, 320, 640, 1280, 2560)
    halves = [(v["high"] - v["low"]) / 2 for v in data["measures"].values()]
    assert max(halves) <= 3
    assert "not yet within +/-3 after 20 games: playing to 40" in result.stderr
    last = data["games"] // 2
    assert f"not yet within +/-3 after {last:,} games: playing to {data['games']:,}" \
        in result.stderr
    # The same games as a run of that many asked outright: seeds go by game number.
    outright = run("--games", str(data["games"]), "--players", "2", "--versus", "none",
                   "--format", "json")
    assert json.loads(outright.stdout) == data


@pytest.mark.slow
def test_baseline_says_in_plain_words_what_changed_and_whether_it_matters(tmp_path):
    saved = run("--games", "150", "--players", "2", "--player", "random", "--format", "json",
                "--out", str(tmp_path))
    assert saved.exit_code == 0, saved.output
    [earlier] = (tmp_path / "simulation").glob("*.json")
    now = run("--games", "150", "--players", "2", "--baseline", str(earlier))
    assert now.exit_code == 0, now.output
    told = now.stdout[now.stdout.index("Compared with"):].splitlines()
    assert told[0] == (f"Compared with {earlier.name} (150 games of 2 players, random; "
                       f"seed 0):")
    assert told[1] == ("* The runs differ in player sealer against random: the changes "
                       "below mix that in.")
    # Sealer players seal and score far more than random ones: that matters.
    points = next(line for line in told if line.startswith("* The winner's points: "))
    assert points.endswith("more than chance.") and ", up " in points
    data = json.loads(run("--games", "150", "--players", "2", "--baseline", str(earlier),
                          "--format", "json").stdout)["compared_with"]
    assert data["changes"]["winner_points"]["difference"]["clear"] is True
    assert data["sentences"] == told


def test_a_baseline_that_is_no_report_is_refused_at_its_place(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"games": 10,\n  "measures": oops}\n', encoding="utf-8")
    result = run("--games", "5", "--players", "2", "--baseline", str(broken))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {broken}:2:15: not JSON (Expecting value)")
    assert "Traceback" not in result.output
    sweep = tmp_path / "sweep.json"
    sweep.write_text('{"variants": []}', encoding="utf-8")
    result = run("--games", "5", "--players", "2", "--baseline", str(sweep))
    assert result.exit_code == 1 and "this is a sweep's report" in result.stderr
    result = run("--games", "5", "--set", "draw.tokens=2,3", "--baseline", str(sweep))
    assert result.exit_code == 2 and "leave out --set" in result.output


def test_a_variant_that_changes_no_game_shows_no_difference_not_none(shipped_game):
    cap = shipped_game.rules.turn_cap  # no game of 20 reaches it: raising it changes nothing
    _, current, (base, raised) = _sweep(shipped_game, f"simulation.turn_cap={cap + 1}", 20)
    assert current == 0 and base.versus_current == {}
    assert set(raised.versus_current) == {m.key for m in MEASURES}
    assert all(e.mean == e.low == e.high == 0 for e in raised.versus_current.values())
