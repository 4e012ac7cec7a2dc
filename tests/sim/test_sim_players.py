"""Simulated players: legal choices, determinism, the registry, and contests between kinds."""

from __future__ import annotations

import random

import pytest

from generator.sim.actions import Legal
from generator.sim.game import play_game, setup
from generator.sim.greedy import GreedyPlayer
from generator.sim.players import RandomPlayer, discard_spare
from generator.sim.registry import PLAYERS
from generator.sim.runner import Work, run_batch
from generator.sim.search import SearchPlayer, determinise


class Checked:
    """Wraps a player and asserts that each listed action it picks is legal."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.turns = 0

    def start(self, state, seat, dealt, rng):
        return self.inner.start(state, seat, dealt, rng)

    def place(self, state, tile, cells, rng):
        cell = self.inner.place(state, tile, cells, rng)
        assert cell in cells
        return cell

    def discard(self, state, excess, rng):
        chosen = self.inner.discard(state, excess, rng)
        assert sum(chosen) == excess and all(0 <= c <= t for c, t in zip(chosen, state.me.tokens,
                                                                         strict=True))
        return chosen

    def choose(self, state, legal, rng):
        action = self.inner.choose(state, legal, rng)
        if action.kind != "trade":  # multi-exchange trades are legal but not listed
            assert action in Legal(state).all()
        self.turns += 1
        return action


def test_players_choose_legal_actions(table):
    for kind in (RandomPlayer, GreedyPlayer):
        players = [Checked(kind()) for _ in range(3)]
        for seed in range(6):
            result = play_game(table, players, seed)
            assert result.turns == sum(result.actions)
        assert sum(p.turns for p in players) > 0
    searchers = [Checked(SearchPlayer(budget=8, horizon=4)), Checked(GreedyPlayer())]
    play_game(table, searchers, 1)
    assert searchers[0].turns > 0


@pytest.mark.slow
def test_same_seed_same_game(table):
    for kinds in ((GreedyPlayer,) * 4, (SearchPlayer, GreedyPlayer)):
        first = play_game(table, [k() for k in kinds], 123)
        again = play_game(table, [k() for k in kinds], 123)
        assert first == again
    assert play_game(table, [GreedyPlayer()] * 4, 124) != play_game(table, [GreedyPlayer()] * 4,
                                                                     123)


def test_search_does_not_move_the_games_own_draws(table):
    """A lookahead draws from its own generator: the real game's bag is untouched."""
    state = setup(table, [GreedyPlayer(), GreedyPlayer()], random.Random(5), random.Random(6))
    before = state.rng.getstate()
    SearchPlayer(budget=8, horizon=6).choose(state, Legal(state), random.Random(7))
    assert state.rng.getstate() == before


def test_determinise_keeps_what_players_see(table):
    state = setup(table, [GreedyPlayer(), GreedyPlayer()], random.Random(5), random.Random(6))
    world = determinise(state, random.Random(1))
    assert [s[-1] for s in world.spaces] == [s[-1] for s in state.spaces]  # the tops stay
    assert unseen(world) == unseen(state) and unseen(state)  # the same tiles, hidden
    assert list(world.stack) != list(state.stack)  # the unseen order is a fresh guess


def unseen(state):
    """The tiles under the face-up tops and in stack O, sorted."""
    return sorted([*state.stack, *(t for space in state.spaces for t in space[:-1])])


def test_greedy_beats_random(table):
    wins = {"greedy": 0.0, "random": 0.0}
    for seed in range(40):
        seats = [GreedyPlayer(), RandomPlayer()] if seed % 2 else [RandomPlayer(), GreedyPlayer()]
        result = play_game(table, seats, seed)
        for s in result.winners:
            wins[seats[s].name] += 1 / len(result.winners)
    assert wins["greedy"] > 2 * wins["random"]


def test_greedy_discards_what_it_needs_least():
    # holding 3 fire, 2 water, 1 air and wanting 2 fire and 2 water: the air and a fire go
    assert discard_spare([3, 2, 0, 1], 2, [2, 2, 0, 0]) == (1, 0, 0, 1)


def test_a_designer_can_register_a_player(table, monkeypatch):
    class AlwaysDraw(RandomPlayer):
        name = "always-draw"

        def choose(self, state, legal, rng):
            return legal.draw() or super().choose(state, legal, rng)

    monkeypatch.setitem(PLAYERS, "always-draw", AlwaysDraw)
    totals = run_batch(Work(table, 2, ("always-draw",), 0), 0, 3)
    assert totals.games == 3
    assert totals.actions["draw"] >= sum(v * c for v, c in totals.turns.items()) // 2
