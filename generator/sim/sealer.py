"""The sealer: a rule-based player that seals everything it holds before it buys more.

Points come only from sealed tiles, and the first complete world ends the game, so a
tile bought and never sealed is worth nothing and brings the end nearer. Each turn, the
first of these that applies:
1. close: procure the tile that completes its world, when that wins (or ties) the game;
2. seal the tile under the Oink;
3. move the Oink to the unsealed tile it can seal now that is worth most;
4. procure the face-up tile worth most, once every tile of its world is sealed;
5. move the Oink onto the unsealed tile nearest to being paid for;
6. draw, while the Oink has room;
7. trade toward sealing (or buying);
8. procure any good face-up tile; procure blind when too full to draw; refresh;
and otherwise draw, or the first legal action. It starts, places and discards as the
greedy player does. No lookahead: about a thousandth of a second a move.
"""

from __future__ import annotations

from generator.sim.actions import Move
from generator.sim.greedy import (
    GreedyPlayer,
    blind_when_full,
    close_game,
    draw_with_room,
    procure_best,
    refresh_useful,
    seal_here,
    trade_for_goal,
)
from generator.sim.state import EMPTY, GameState, PlayerState


def all_sealed(me: PlayerState) -> bool:
    """True when every tile of the world is sealed."""
    return all(me.sealed[c] for c, t in enumerate(me.grid) if t != EMPTY)


def move_to_seal(state: GameState, me: PlayerState, legal) -> Move | None:
    """Move to the reachable unsealed tile worth most that the Oink can seal now (not
    when it can seal the tile it stands on)."""
    table, hold = state.table, me.hold_mask()
    masks, points = table.masks, table.sealed_points[me.oink]
    if not me.sealed[me.cell] and not masks[me.grid[me.cell]] & ~hold:
        return None
    ready = [c for c in legal.move_cells()
             if not me.sealed[c] and not masks[me.grid[c]] & ~hold]
    if not ready:
        return None
    return Move(max(ready, key=lambda c: (points[me.grid[c]], -c)))


def procure_when_sealed(state: GameState, me: PlayerState, legal):
    """Buy the best face-up tile, but only with the whole world sealed."""
    return procure_best(state, me, legal) if all_sealed(me) else None


def move_to_unsealed(state: GameState, me: PlayerState, legal) -> Move | None:
    """From a sealed tile, move onto the unsealed tile missing the fewest tokens (the
    one worth most among those)."""
    if not me.sealed[me.cell]:
        return None
    table, hold = state.table, me.hold_mask()
    masks, points = table.masks, table.sealed_points[me.oink]
    cells = [c for c in legal.move_cells() if not me.sealed[c]]
    if not cells:
        return None
    return Move(min(cells, key=lambda c: ((masks[me.grid[c]] & ~hold).bit_count(),
                                          -points[me.grid[c]], c)))


class SealerPlayer(GreedyPlayer):
    """The preferences above, in order."""

    name = "sealer"
    preferences = (close_game, seal_here, move_to_seal, procure_when_sealed, move_to_unsealed,
                   draw_with_room, trade_for_goal, procure_best, blind_when_full,
                   refresh_useful)
