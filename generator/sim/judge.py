"""Quick judgements of the table that the heuristic players share.

Each looks only at what a player at the table sees: worlds, Oinks and their tokens,
the top tile of each face-up space, the trade zone, and which tiles are still unseen
(stack O and the tiles under the face-up tops, in no known order).
"""

from __future__ import annotations

from generator.sim.players import discard_spare
from generator.sim.state import EMPTY, GameState, PlayerState


def roomiest(state: GameState, me: PlayerState, cells: list[int]) -> int:
    """The cell with the most empty neighbours (lowest cell on ties)."""
    return max(cells, key=lambda c: (len(me.empty_neighbours(state.table, c)), -c))


def tops(state: GameState) -> list[int]:
    """The face-up top tiles, space by space (-1 for an empty space)."""
    return [space[-1] if space else EMPTY for space in state.spaces]


def unseen(state: GameState) -> list[int]:
    """Tiles no player can see: stack O and the tiles under the face-up tops."""
    seen = {t for t in tops(state) if t != EMPTY}
    for p in state.players:
        seen.update(t for t in p.grid if t != EMPTY)
    return [t for t in range(len(state.table.tile_ids)) if t not in seen]


def hidden_connect_rate(state: GameState, me: PlayerState) -> float:
    """The share of unseen tiles that would connect to the tile under the Oink."""
    hidden = unseen(state)
    if not hidden:
        return 0.0
    masks, here = state.table.masks, state.table.masks[me.grid[me.cell]]
    return sum(1 for t in hidden if masks[t] & here) / len(hidden)


def target(state: GameState, me: PlayerState) -> int:
    """The connecting face-up top tile worth most to this player (-1 if none or no room)."""
    table = state.table
    if not me.has_room(table, me.cell):
        return EMPTY
    here, points = table.masks[me.grid[me.cell]], table.sealed_points[me.oink]
    found = [t for t in tops(state) if t != EMPTY and table.masks[t] & here]
    return max(found, key=lambda t: (points[t], -t)) if found else EMPTY


def needs(state: GameState, me: PlayerState) -> list[int]:
    """Tokens worth keeping: the seal of the Oink's tile and the price of the target tile."""
    keep = [0] * len(me.tokens)
    wanted = [] if me.sealed[me.cell] else [me.grid[me.cell]]
    wanted.append(target(state, me))
    for tile in wanted:
        if tile != EMPTY:
            for e in state.table.insignias[tile]:
                keep[e] += 1
    return keep


def spare_payment(state: GameState, me: PlayerState, count: int) -> tuple[int, ...]:
    """`count` tokens the player needs least (for a blind procure)."""
    return discard_spare(me.tokens, count, needs(state, me))


def goal_mask(state: GameState, me: PlayerState) -> int:
    """The insignias of the goal worth trading for (0 if none): sealing the tile under
    the Oink first, else the cheapest tile still missing tokens, sealed or bought."""
    table, hold = state.table, me.hold_mask()
    here = table.masks[me.grid[me.cell]]
    if not me.sealed[me.cell] and here & ~hold:
        return here
    masks = [table.masks[t] for c, t in enumerate(me.grid) if t != EMPTY and not me.sealed[c]]
    if me.has_room(table, me.cell):
        masks += [table.masks[t] for t in tops(state) if t != EMPTY and table.masks[t] & here]
    missing = [((m & ~hold).bit_count(), m) for m in masks if m & ~hold]
    return min(missing)[1] if missing else 0
