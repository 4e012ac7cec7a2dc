"""Simulated players: the interface, a random player, and what every player may share.

A player receives the engine's state as a view: it must not change it, and a fair
player does not look at the order of stack O, the tiles under a face-up top, or the
bag. The registry of kinds (`tkg simulate --player NAME`) is `generator.sim.registry`;
the greedy and search players have modules of their own.
"""

from __future__ import annotations

import random
from typing import Protocol

from generator.sim.actions import Action, Legal
from generator.sim.state import GameState


class Player(Protocol):
    """What the engine asks of a player."""

    name: str

    def start(self, state: GameState, seat: int, dealt: tuple[int, ...],
              rng: random.Random) -> tuple[int, int]:
        """Pick the starting tile among `dealt` and the world cell to put it in."""
        ...

    def choose(self, state: GameState, legal: Legal, rng: random.Random) -> Action:
        """Pick this turn's action (normally one of `legal`)."""
        ...

    def place(self, state: GameState, tile: int, cells: list[int],
              rng: random.Random) -> int | None:
        """Pick the cell for a blind tile that can be placed, among `cells`, or None to
        leave it unplaced (it goes face down on top of O)."""
        ...

    def discard(self, state: GameState, excess: int, rng: random.Random) -> tuple[int, ...]:
        """Pick `excess` tokens of the Oink to discard (counts by element)."""
        ...


def discard_spare(tokens: list[int], excess: int, keep: list[int]) -> tuple[int, ...]:
    """Discard `excess` tokens, each time from the element held most beyond `keep`
    (the counts the player wants to hold on to)."""
    left, out = list(tokens), [0] * len(tokens)
    for _ in range(excess):
        e = max(range(len(left)), key=lambda i: (left[i] > 0, left[i] - keep[i], left[i]))
        left[e] -= 1
        out[e] += 1
    return tuple(out)


class RandomPlayer:
    """Picks a legal kind of action at random, then a legal action of that kind."""

    name = "random"

    def start(self, state, seat, dealt, rng):
        """Any dealt tile, in any cell."""
        return rng.choice(dealt), rng.randrange(state.table.cells)

    def choose(self, state, legal, rng):
        """A random kind of legal action, then a random action of that kind."""
        # Kind first: otherwise the many ways to trade would crowd out everything else.
        groups = legal.by_kind()
        return rng.choice(groups[rng.choice(list(groups))])

    def place(self, state, tile, cells, rng):
        """Any offered cell."""
        return rng.choice(cells)

    def discard(self, state, excess, rng):
        """Random tokens."""
        tokens = list(state.me.tokens)
        out = [0] * len(tokens)
        for _ in range(excess):
            e = rng.choice([i for i, n in enumerate(tokens) if n])
            tokens[e] -= 1
            out[e] += 1
        return tuple(out)
