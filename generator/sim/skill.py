"""The skill trace: does more thinking win more often, and for how long does it keep on?

For each budget k of `SKILL_BUDGETS`, games in which one seat is a planner (the strongest
search player) with 2k rollouts a move and every other seat one with k (the strong seat
turned round the table from game to game). A game where skill matters shows the stronger
player winning clearly more than its fair share at every step; a game of luck shows it
near fair; a game whose shares fall back to fair as k grows has a shallow skill ceiling.
Ludii's SkillTrace metric plays such matches with doubling budgets in the same way
(docs/simulation.md). Search below about 8 rollouts a move gives each candidate action
one rollout whatever the budget, so the trace starts there.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from generator.core.model import Game
from generator.sim.runner import simulate

SKILL_BUDGETS = (8, 16, 32)  # the weaker player's rollouts a move at each step


@dataclass(frozen=True)
class SkillStep:
    """One step of the trace: the stronger player's win share, ties shared."""

    budget: int  # the weaker players' rollouts a move
    stronger: int  # the stronger player's (twice as many)
    games: int  # finished games
    share: float
    low: float  # its 95 % Wilson interval
    high: float
    fair: float  # its share if budgets made no difference


def skill_trace(game: Game, games: int, seats: int, seed: int,
                executor: Executor | None = None, workers: int = 1,
                progress: Callable[[int], None] | None = None,
                check: Callable[[], None] | None = None,
                budgets: tuple[int, ...] = SKILL_BUDGETS, engine: str = "auto"
                ) -> tuple[SkillStep, ...]:
    """Play `games` games at each step of the trace and give each step's result
    (`engine`: as `runner.simulate` takes it)."""
    steps = []
    for k in budgets:
        strong = f"planner@{2 * k}"
        summary = simulate(game, games, seats, seed, (strong, *[f"planner@{k}"] * (seats - 1)),
                           executor, workers, progress, check, engine)
        won = next(s for s in summary.win_share_by_player if s.label == strong)
        steps.append(SkillStep(k, 2 * k, won.games, won.share, won.low, won.high, won.fair))
    return tuple(steps)
