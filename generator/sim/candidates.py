"""The few actions the search player weighs each turn, out of the many legal ones.

Trades are countless and most moves and payments are alike, so the list keeps one
representative of each distinct idea: the greedy choice first, then sealing, each
face-up tile (in its roomiest cell), drawing, a blind procure paid with spare tokens,
the best move, a trade toward the current goal, and refreshing each face-up space.
"""

from __future__ import annotations

from generator.sim.actions import Action, Blind, Legal, Procure
from generator.sim.judge import goal_mask, roomiest, spare_payment
from generator.sim.state import GameState
from generator.sim.tactics import best_move, goal_trade


def candidates(state: GameState, legal: Legal, first: Action) -> list[Action]:
    """Distinct sensible actions, `first` (the greedy choice) at the front."""
    me = state.me
    found: list[Action | None] = [first, legal.seal()]
    for space in sorted({a.space for a in legal.procures()}):
        cells = [a.cell for a in legal.procures() if a.space == space]
        found.append(Procure(space, roomiest(state, me, cells)))
    found.append(legal.draw())
    if legal.can_blind() and me.has_room(state.table, me.cell):
        found.append(Blind(spare_payment(state, me, state.rules.blind_cost)))
    found.append(best_move(state, me, legal.move_cells()))
    found.append(goal_trade(state, me, goal_mask(state, me)))
    found.extend(legal.refreshes())
    return list(dict.fromkeys(a for a in found if a is not None))
