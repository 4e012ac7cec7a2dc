"""The compiled engine (issue 28, item 1): the same games as the Python engine, game for
game and field for field, on the shipped rules and on rules changed every way a designer
can change them, and the same report from `tkg simulate` whichever engine plays."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli
from generator.sim.compiled import streams
from generator.sim.compiled.players import steps_of
from generator.sim.compiled.results import compiled_steps, play_compiled
from generator.sim.game import play_game
from generator.sim.greedy import GreedyPlayer
from generator.sim.registry import make_player
from generator.sim.runner import COUNT_EVERY, Work, game_seed, play_range
from generator.sim.tables import build_table

SEEDS = (0, 1, 7, 2**32 - 1, 2**32, 2**63 + 12345, 2**64 - 1)


def lineups(kinds: tuple[str, ...], seats: int, games: int) -> list[tuple[str, ...]]:
    """The line-up of each game of a run, turned round the seats as a run turns it."""
    work = Work(None, seats, kinds, 0)  # type: ignore[arg-type]
    return [work.kinds(i) for i in range(games)]


def both_engines(table, kinds: tuple[str, ...], seats: int, games: int, seed: int = 0):
    """The games of a run, played by each engine (every game with its legal actions
    counted, so the branching factor's numbers are compared too)."""
    ups = lineups(kinds, seats, games)
    seeds = [game_seed(seed, i) for i in range(games)]
    fast = play_compiled(table, ups, seeds, [True] * games)
    slow = [play_game(table, [make_player(k) for k in up], s)
            for up, s in zip(ups, seeds, strict=True)]
    return fast, slow


def first_difference(fast, slow) -> str:
    """Where the two engines' games first differ ('' when they never do)."""
    for number, (a, b) in enumerate(zip(fast, slow, strict=True)):
        if a != b:
            fields = [f for f in a.__dataclass_fields__ if getattr(a, f) != getattr(b, f)]
            return (f"game {number}: " + "; ".join(
                f"{f}: compiled {getattr(a, f)} python {getattr(b, f)}" for f in fields))
    return ""


@pytest.mark.parametrize("seed", SEEDS)
def test_the_random_stream_is_cpythons_draw_for_draw(seed):
    mt, reference = streams.new_state(), random.Random(seed)
    streams.seed_state(mt, *streams.split_seed(seed))
    assert [streams.next_word(mt) for _ in range(1500)] == [
        reference.getrandbits(32) for _ in range(1500)]  # past a twist of the state
    for n in (1, 2, 3, 7, 48, 119, 120, 2**31 + 5):
        assert streams.below(mt, n) == reference.randrange(n)
    order, expected = np.arange(48), list(range(48))
    streams.shuffle(mt, order, 48)
    reference.shuffle(expected)
    assert order.tolist() == expected
    dealt, pool = np.zeros(3, np.int64), np.zeros(4, np.int64)
    streams.sample(mt, np.array([3, 1, 0, 2]), 3, dealt, pool)
    assert dealt.tolist() == reference.sample((3, 1, 0, 2), 3)


@pytest.mark.parametrize(("kinds", "seats"), [
    (("greedy",), 2), (("greedy",), 3), (("greedy",), 4), (("sealer",), 2),
    (("sealer", "greedy"), 4), (("greedy", "sealer", "greedy"), 3)])
def test_the_compiled_engine_plays_the_python_engines_games(table, kinds, seats):
    fast, slow = both_engines(table, kinds, seats, 120)
    assert first_difference(fast, slow) == ""
    assert len({r.turns for r in fast}) > 20  # many different games, not one


# Every kind of rule a designer can change, one at a time (and a few together): numbers
# of the sweep keys, a larger and a smaller grid, the rules that are words, and the
# actions a turn offers (down to a game nobody can finish).
CHANGES = {
    "capacity 5": {"oink_capacity": 5},
    "draw 2": {"draw_count": 2},
    "trade 3 for 2": {"trade_give": 3, "trade_get": 2},
    "blind free": {"blind_cost": 0},
    "blind 3": {"blind_cost": 3},
    "4x4 grid to 12": {"grid_rows": 4, "grid_columns": 4, "end_tiles": 12},
    "2x3 grid to 5": {"grid_rows": 2, "grid_columns": 3, "end_tiles": 5},
    "unsealed scores": {"score_unsealed": 1, "score_match": 3},
    "short backstop": {"backstop_rounds": 12},
    "turn cap": {"turn_cap": 30},
    "trade back": {"trade_back": True},
    "seals pay the zone": {"seal_tokens": "trade_zone"},
    "no refresh": {"actions": ("draw", "trade", "procure", "move", "seal")},
    "no trade, no move": {"actions": ("draw", "procure", "refresh", "seal")},
    "seal and move only": {"actions": ("move", "seal")},
    "one tile dealt, no tokens": {"tiles_dealt": 1, "starting_tokens": 0,
                                  "trade_zone_start": 0},
}


@pytest.mark.parametrize("change", CHANGES)
def test_the_engines_agree_under_changed_rules(shipped_game, change):
    game = replace(shipped_game, rules=replace(shipped_game.rules, **CHANGES[change]))
    table = build_table(game)
    fast, slow = both_engines(table, ("sealer", "greedy", "greedy"), 3, 40, seed=5)
    assert first_difference(fast, slow) == ""


def test_every_ending_is_reached_and_agrees(shipped_game):
    ends = set()
    for change in ("turn cap", "short backstop", "seal and move only"):
        game = replace(shipped_game, rules=replace(shipped_game.rules, **CHANGES[change]))
        fast, slow = both_engines(build_table(game), ("greedy",), 2, 20)
        assert first_difference(fast, slow) == ""
        ends |= {r.end for r in fast}
    assert ends >= {"turn cap", "backstop", "nobody can act"}


def test_only_rule_list_players_are_compiled(table):
    assert compiled_steps(table, ("greedy", "sealer")) is not None
    assert compiled_steps(table, ("greedy", "random")) is None
    assert compiled_steps(table, ("search",)) is None

    class Cautious(GreedyPlayer):  # a step the compiled engine does not know
        preferences = (*GreedyPlayer.preferences, lambda state, me, legal: None)

    assert steps_of(Cautious) is None
    assert steps_of(GreedyPlayer) is not None


def test_a_run_with_a_player_it_does_not_know_is_played_by_python(table):
    work = Work(table, 2, ("random", "greedy"), 3, compiled=True)
    python = Work(table, 2, ("random", "greedy"), 3)
    assert play_range(work, 0, 30) == play_range(python, 0, 30)


def test_a_run_counts_the_same_games_whichever_engine_plays(table):
    compiled = play_range(Work(table, 2, ("greedy",), 9, compiled=True), 0, 2 * COUNT_EVERY)
    python = play_range(Work(table, 2, ("greedy",), 9), 0, 2 * COUNT_EVERY)
    assert compiled == python
    assert [r.counted > 0 for r in compiled] == [i % COUNT_EVERY == 0
                                                 for i in range(2 * COUNT_EVERY)]


def reports(*args: str) -> dict[str, str]:
    """`tkg simulate --format json` with each engine: its JSON, by engine."""
    found = {}
    for engine in ("python", "compiled"):
        result = CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), *args,
                                          "--engine", engine, "--format", "json"])
        assert result.exit_code == 0, result.output
        found[engine] = result.stdout
    return found


@pytest.mark.slow
def test_tkg_simulate_reports_the_same_with_either_engine(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = reports("--games", "300", "--players", "3")
    assert found["python"] == found["compiled"]
    data = json.loads(found["compiled"])
    assert (data["games"], data["player"], data["strength"]["versus"]) == (300, "sealer",
                                                                          "greedy")


def test_an_unknown_engine_is_a_usage_error():
    result = CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT),
                                      "--engine", "fortran"])
    assert result.exit_code == 2
    assert "'fortran' is not one of 'auto', 'compiled', 'python'" in result.output


# The Python engine's rollouts make the first three some seconds each: the quick run
# keeps the fourth: both search players, on small budgets.
@pytest.mark.parametrize(("kinds", "seats", "games"), [
    pytest.param(("planner", "sealer"), 2, 16, marks=pytest.mark.slow),
    pytest.param(("search", "greedy"), 2, 16, marks=pytest.mark.slow),
    pytest.param(("planner", "sealer"), 4, 4, marks=pytest.mark.slow),
    (("search@16", "planner@8", "greedy"), 3, 4)])
def test_compiled_rollouts_make_the_search_players_choose_the_same(table, kinds, seats,
                                                                  games):
    ups = lineups(kinds, seats, games)
    played = {compiled: [play_game(table, [make_player(k, compiled) for k in up],
                                   game_seed(3, i)) for i, up in enumerate(ups)]
              for compiled in (True, False)}
    assert first_difference(played[True], played[False]) == ""


@pytest.mark.slow
def test_a_planner_run_reports_the_same_with_either_engine(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = reports("--games", "24", "--players", "2", "--player", "planner,sealer",
                    "--versus", "none")
    assert found["python"] == found["compiled"]


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_thousand_seeded_games_a_player_count_are_identical(table, seats):
    fast, slow = both_engines(table, ("greedy",), seats, 1000, seed=28)
    assert first_difference(fast, slow) == ""


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4])
def test_a_thousand_sealer_games_are_identical(table, seats):
    fast, slow = both_engines(table, ("sealer", "greedy"), seats, 1000, seed=29)
    assert first_difference(fast, slow) == ""
