"""The strong reference players (issue 28, item 2), admitted only head to head.

A player is admitted by games against the one below it, seats turned round the table,
seeds 0, 1, 2 ... (not picked), with the interval of its win share (ties shared) clear
of the fair share. Slow: the planner searches.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from simkit import CONTENT, bare_state, tile_with

from generator.cli import cli
from generator.sim.actions import Legal, Move
from generator.sim.game import play_game
from generator.sim.greedy import (
    GreedyPlayer,
    close_game,
    draw_with_room,
    procure_best,
    seal_here,
    trade_for_goal,
)
from generator.sim.intervals import wilson
from generator.sim.runner import game_seed, simulate
from generator.sim.sealer import SealerPlayer, all_sealed, move_to_seal


def _share(game, lineup, seats, games, seed=0):
    summary = simulate(game, games, seats, seed, lineup)
    return next(s for s in summary.win_share_by_player if s.label == lineup[0])


@pytest.mark.slow
@pytest.mark.parametrize(("player", "rival", "seats", "games"), [
    ("sealer", "greedy", 2, 400), ("sealer", "greedy", 4, 300),
    ("planner", "sealer", 2, 80), ("planner", "sealer", 4, 60),
])
def test_a_stronger_player_beats_the_one_below_it(shipped_game, player, rival, seats, games):
    won = _share(shipped_game, (player, *[rival] * (seats - 1)), seats, games)
    assert won.low > 1 / seats, won


class SealFirst(GreedyPlayer):
    """A plain seal-first rule list, as the review describes one: seal when it can, else
    buy the best tile it can, else move to a tile it can seal, trade toward a seal, draw.
    (The review's own list beat the search player in 62 % of two-player games.)"""

    name = "seal-first"
    preferences = (close_game, seal_here, procure_best, move_to_seal, trade_for_goal,
                   draw_with_room)


def _head_to_head(table, player, rival, seats, games) -> tuple[float, float]:
    """The Wilson interval of `player`'s win share (ties shared), one of it a game
    against `rival` in every other seat, its seat turned round the table."""
    won = 0.0
    for i in range(games):
        players = [player() if s == i % seats else rival() for s in range(seats)]
        result = play_game(table, players, game_seed(0, i), count=False)
        won += (i % seats in result.winners) / max(1, len(result.winners))
    return wilson(won, games)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "games"), [(2, 400), (4, 300)])
def test_the_sealer_is_at_least_as_strong_as_a_seal_first_rule_list(table, seats, games):
    low, _ = _head_to_head(table, SealerPlayer, SealFirst, seats, games)
    assert low > 1 / seats


def test_the_sealer_seals_before_it_buys(table):
    """With an unsealed tile in its world, the sealer goes to seal it where the greedy
    player buys the face-up tile it can afford."""
    state = bare_state(table, 2)
    me = state.players[0]
    me.sealed[me.cell] = True
    spare = table.neighbours[me.cell][0]
    me.grid[spare] = tile_with(table, "fire")
    me.placed = 2
    me.tokens = [3, 3, 3, 3]
    state.spaces[0] = [tile_with(table, "fire", "water")]
    assert not all_sealed(me) and Legal(state).procures()
    assert SealerPlayer().choose(state, Legal(state), random.Random(1)) == Move(spare)
    assert GreedyPlayer().choose(state, Legal(state), random.Random(1)).kind == "procure"


def _run(*args):
    return CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), "--games", "40",
                                    "--players", "2", *args])


@pytest.mark.slow
def test_the_report_says_whose_figures_and_how_weaker_play_changes_them(shipped_game):
    result = _run()
    assert result.exit_code == 0, result.output
    assert "(sealer; seed 0)" in result.stdout
    assert "These figures come from sealer players. The same deals played by greedy" \
        in result.stdout
    # The comparison is the greedy run of the same seeds, game by game.
    greedy = simulate(shipped_game, 40, 2, 0, ("greedy",))
    data = json.loads(_run("--format", "json").stdout)
    assert data["strength"]["figures"]["turns"]["mean"] == greedy.measures["turns"].mean
    assert data["strength"]["sealed_tiles"] == greedy.points.sealed_tiles


def test_versus_none_or_another_kind(shipped_game):
    assert json.loads(_run("--versus", "none", "--format", "json").stdout)["strength"] is None
    data = json.loads(_run("--versus", "random", "--format", "json").stdout)
    assert data["strength"]["versus"] == "random"
    assert data["strength"]["difference"]["winner_points"]["low"] > 0  # random scores less
    mixed = json.loads(_run("--player", "sealer,greedy", "--format", "json").stdout)
    assert mixed["strength"] is None  # a mixed line-up compares kinds already


def test_versus_is_refused_in_a_sweep():
    result = _run("--versus", "greedy", "--set", "oink.capacity=5,6")
    assert result.exit_code == 2 and "--versus" in result.output
    assert "Traceback" not in result.output
