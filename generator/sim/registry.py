"""The kinds of simulated player, by the name `tkg simulate --player` takes.

To add a player, write a class with the methods of `generator.sim.players.Player`
and add it here. A kind that searches takes a budget after an @ (`search@16`: 16
rollouts a move), and plays under that name, so two budgets can meet in one game.
"""

from __future__ import annotations

from generator.core.nearest import nearest_aside
from generator.sim.greedy import GreedyPlayer
from generator.sim.players import RandomPlayer
from generator.sim.sealer import SealerPlayer
from generator.sim.search import PlannerPlayer, SearchPlayer

PLAYERS: dict[str, type] = {"greedy": GreedyPlayer, "planner": PlannerPlayer,
                            "random": RandomPlayer, "search": SearchPlayer,
                            "sealer": SealerPlayer}
DEFAULT_PLAYER = "sealer"  # the strongest kind a report of thousands of games can afford
BUDGETED = frozenset({"planner", "search"})  # kinds that take `@budget`
MOST_BUDGET = 100_000  # rollouts a move at most


def check_kind(kind: str) -> str | None:
    """Why `kind` names no player (None when it does)."""
    name, at, budget = kind.partition("@")
    if name not in PLAYERS:
        return f"unknown player {name or '(none)'}{nearest_aside(name, PLAYERS)}"
    if at and name not in BUDGETED:
        return f"{name} takes no budget ({kind})"
    if at and not (budget.isdigit() and 1 <= int(budget) <= MOST_BUDGET):
        return f"a budget is a whole number of rollouts, 1-{MOST_BUDGET:,} ({kind})"
    return None


def make_player(kind: str, compiled: bool = False):
    """A new player of `kind` (already checked by `check_kind`); `compiled`: a searching
    kind rolls out with the compiled engine (the same choices, faster)."""
    name, at, budget = kind.partition("@")
    options = {"compiled": compiled} if name in BUDGETED else {}
    if not at:
        return PLAYERS[name](**options)
    player = PLAYERS[name](budget=int(budget), **options)
    player.name = kind  # its results are told apart from other budgets'
    return player
