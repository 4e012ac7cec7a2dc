"""Simulated players: legal choices, determinism, the registry, and a sanity contest."""

from __future__ import annotations

from generator.sim.actions import Legal
from generator.sim.game import play_game
from generator.sim.players import PLAYERS, GreedyPlayer, RandomPlayer
from generator.sim.runner import run_games


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


def test_same_seed_same_game(table):
    first = play_game(table, [GreedyPlayer() for _ in range(4)], 123)
    again = play_game(table, [GreedyPlayer() for _ in range(4)], 123)
    other = play_game(table, [GreedyPlayer() for _ in range(4)], 124)
    assert first == again
    assert first != other


def test_greedy_beats_random(table):
    wins = {"greedy": 0.0, "random": 0.0}
    for seed in range(40):
        seats = [GreedyPlayer(), RandomPlayer()] if seed % 2 else [RandomPlayer(), GreedyPlayer()]
        result = play_game(table, seats, seed)
        for s in result.winners:
            wins[seats[s].name] += 1 / len(result.winners)
    assert wins["greedy"] > 2 * wins["random"]


def test_a_designer_can_register_a_player(table, monkeypatch):
    class AlwaysDraw(RandomPlayer):
        name = "always-draw"

        def choose(self, state, legal, rng):
            return legal.draw() or super().choose(state, legal, rng)

    monkeypatch.setitem(PLAYERS, "always-draw", AlwaysDraw)
    results = run_games(table, "always-draw", 2, 0, 0, 3)
    assert len(results) == 3
    assert all(r.actions[0] >= r.turns // 2 for r in results)  # mostly draws
