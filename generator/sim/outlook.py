"""What the end of a search player's rollout is worth to a seat.

A finished rollout scores 1 for a win (shared for a tie) and 0 for a loss; an unfinished
one scores by the lead in `prospects`: points, plus part of what the unsealed tiles
would score once sealed, plus a little for each token held. The compiled rollouts
(`generator.sim.compiled.rollouts`) judge with the same numbers, in the same order.
"""

from __future__ import annotations

import math

from generator.sim.engine import scores
from generator.sim.state import EMPTY, GameState

LEAD_SCALE = 6.0  # a lead in prospects this large counts as nearly a sure win
UNSEALED_WEIGHT = 0.4  # an unsealed tile's sealed points, discounted: sealing costs tokens
TOKEN_WEIGHT = 0.25  # a token's worth in points: it pays for part of a seal


def prospects(world: GameState) -> list[float]:
    """Each player's points plus what their unsealed tiles and tokens promise."""
    table, found = world.table, []
    for p, points in zip(world.players, scores(world), strict=True):
        sealed = table.sealed_points[p.oink]
        waiting = sum(sealed[t] for c, t in enumerate(p.grid) if t != EMPTY and not p.sealed[c])
        found.append(points + UNSEALED_WEIGHT * waiting + TOKEN_WEIGHT * sum(p.tokens))
    return found


def value(world: GameState, seat: int) -> float:
    """What the rollout's end is worth to `seat`: a win share, or a guess from the lead."""
    if world.over:
        points = scores(world)
        top = max(points)
        if points[seat] < top:
            return 0.0
        return 1.0 / sum(1 for p in points if p == top)
    hopes = prospects(world)
    best_other = max(h for s, h in enumerate(hopes) if s != seat)
    return 0.5 + 0.5 * math.tanh((hopes[seat] - best_other) / LEAD_SCALE)
