"""How the strength of play changes the figures: the same deals played by weaker players.

Every figure of a report depends on the players: stronger play makes longer games,
fewer ties, other tiles wanted. So a report by the default player (the strongest one a
run of thousands of games can afford) also plays its games with a weaker kind, the same
seeds dealing the same games, and shows the key figures side by side with their
difference game by game (`runner.simulate_sweep` with a line-up a variant).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.sim.measures import Estimate

# The weaker kind a report compares with, by the kind that played; "none" skips it.
WEAKER = {"sealer": "greedy", "planner": "sealer", "search": "greedy"}
KEY_FIGURES = ("turns", "ties", "winner_points", "margin", "discards", "trades")


@dataclass(frozen=True)
class Strength:
    """The same games played by `versus`: its key figures and the difference from the
    report's own, game by game (95 % intervals)."""

    versus: str  # the weaker line-up, e.g. "greedy"
    figures: dict[str, Estimate]  # its measures (`generator.sim.measures`)
    difference: dict[str, Estimate]  # the report's measure minus its, a game
    first_seat: float  # its first seat's win share (ties shared)
    sealed_tiles: float  # its tiles sealed a player and game


def weaker(lineup: str, asked: str | None) -> str | None:
    """The line-up to compare with: `asked` ("none": no comparison), else the weaker
    kind of a one-kind line-up (None for a mixed one or the weakest)."""
    if asked is not None:
        return None if asked == "none" else asked
    return WEAKER.get(lineup)
