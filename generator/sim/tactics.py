"""Two actions the heuristic players build rather than pick from a list: where to move the
Oink, and the exchanges of a trade toward a goal."""

from __future__ import annotations

from generator.sim.actions import Move, Trade
from generator.sim.state import GameState, PlayerState


def offers(state: GameState, hold: int) -> tuple[list[int], list[int]]:
    """The masks of the face-up top tiles the Oink can pay for, and of the others."""
    masks = state.table.masks
    affordable: list[int] = []
    dear: list[int] = []
    for space in state.spaces:
        if space:
            mask = masks[space[-1]]
            (dear if mask & ~hold else affordable).append(mask)
    return affordable, dear


def cell_worth(state: GameState, me: PlayerState, cell: int, hold: int,
               on_offer: tuple[list[int], list[int]]) -> int:
    """How good a place for the Oink `cell` is: a tile to seal (more if the Oink can pay
    for the seal), and room beside face-up tiles it connects to (more if affordable)."""
    table = state.table
    tile = me.grid[cell]
    mask = table.masks[tile]
    worth = 0
    if not me.sealed[cell]:
        worth += table.sealed_points[me.oink][tile] + (4 if not mask & ~hold else 0)
    if me.has_room(table, cell):
        affordable, dear = on_offer
        for top in affordable:
            if top & mask:
                worth += 3
        for top in dear:
            if top & mask:
                worth += 1
    return worth


def best_move(state: GameState, me: PlayerState, cells: list[int]) -> Move | None:
    """The move to the reachable cell (of `cells`) worth most, if it beats staying put."""
    if not cells:
        return None
    hold = me.hold_mask()
    on_offer = offers(state, hold)
    best, choice = cell_worth(state, me, me.cell, hold, on_offer), None
    for cell in cells:  # the first of equals wins: cells come nearest first
        worth = cell_worth(state, me, cell, hold, on_offer)
        if worth > best:
            best, choice = worth, cell
    return None if choice is None else Move(choice)


def _exchange(goal: int, tokens: list[int], zone: list[int], want: int, give_count: int,
              get_count: int):
    """One exchange giving the tokens least needed for `get_count` of element `want`."""
    spare = [n - (goal >> i & 1) if n else 0 for i, n in enumerate(tokens)]
    spare[want] = -99  # never give the element being bought (no taking back)
    if sum(max(s, 0) for s in spare) < give_count or zone[want] < get_count:
        return None
    give = [0] * len(tokens)
    for _ in range(give_count):
        i = spare.index(max(spare))
        spare[i] -= 1
        give[i] += 1
    get = [0] * len(tokens)
    get[want] = get_count
    return tuple(give), tuple(get)


def goal_trade(state: GameState, me: PlayerState, goal: int) -> Trade | None:
    """Exchanges toward `goal` (an insignia mask), when they complete it or the Oink is
    too full to draw."""
    rules = state.rules
    if not goal or "trade" not in state.rules.actions:
        return None
    hold = me.hold_mask()
    crowded = sum(me.tokens) + rules.draw_count > rules.oink_capacity
    spare = sum(me.tokens) - (goal & hold).bit_count()
    if not crowded and spare < (goal & ~hold).bit_count() * rules.trade_give:
        return None  # cannot complete the goal, and drawing still fits: not worth a trade
    tokens, zone, exchanges = list(me.tokens), list(state.zone), []
    given = taken = 0  # element masks: one trade never takes an element it gives
    for e in range(len(tokens)):
        if not goal >> e & 1 or tokens[e]:
            continue
        step = _exchange(goal, tokens, zone, e, rules.trade_give, rules.trade_get)
        if step is None:
            continue
        gives = sum(1 << i for i, g in enumerate(step[0]) if g)
        if gives & taken or given >> e & 1:
            continue
        given, taken = given | gives, taken | 1 << e
        tokens = [t - g + r for t, g, r in zip(tokens, *step, strict=True)]
        zone = [z + g - r for z, g, r in zip(zone, *step, strict=True)]
        exchanges.append(step)
    complete = all(tokens[e] for e in range(len(tokens)) if goal >> e & 1)
    if exchanges and (complete or crowded):
        return Trade(tuple(exchanges))
    return None
