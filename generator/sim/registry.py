"""The kinds of simulated player, by the name `tkg simulate --player` takes.

To add a player, write a class with the methods of `generator.sim.players.Player`
and add it here.
"""

from __future__ import annotations

from generator.sim.greedy import GreedyPlayer
from generator.sim.players import RandomPlayer
from generator.sim.search import SearchPlayer

PLAYERS: dict[str, type] = {"greedy": GreedyPlayer, "random": RandomPlayer,
                            "search": SearchPlayer}
