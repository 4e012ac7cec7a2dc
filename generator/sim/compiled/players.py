"""The rule-list players, compiled: each preference step of `generator.sim.greedy` and
`generator.sim.sealer` as a numbered step, and a player as its list of step numbers.

`STEPS` maps each Python step function to its number, so a player's list is read from
the Python class itself (`steps_of`): change the order there and the compiled player
follows; a player with a step not compiled here is played by the Python engine.
"""

from __future__ import annotations

import numpy as np

from generator.sim import greedy, sealer
from generator.sim.compiled.engine import (
    bit_count,
    can_blind,
    empty_neighbours,
    first_legal,
    has_room,
    held,
    here_mask,
    hold_mask,
    leading,
    legal_draw,
    legal_seal,
    move_cells,
    offers,
    procure_spaces,
    set_kind,
    top,
)
from generator.sim.compiled.judges import (
    all_sealed,
    best_move,
    best_procure_space,
    completes,
    goal_mask,
    goal_trade,
    hidden_connect_rate,
    roomiest,
    spare_payment,
    threat,
)
from generator.sim.compiled.kernel import kernel
from generator.sim.compiled.layout import (
    ACT_PAY,
    BLIND,
    DRAW,
    MOVE,
    OFFER_REFRESH,
    PROCURE,
    REFRESH,
    RULE_BLIND,
    RULE_CAPACITY,
    RULE_DRAW,
    SEAL,
)

STEPS = {step: n for n, step in enumerate((
    greedy.close_game, greedy.seal_here, greedy.procure_best, greedy.blind_on_odds,
    greedy.move_best, greedy.trade_for_goal, greedy.draw_with_room, greedy.blind_when_full,
    greedy.refresh_useful, sealer.move_to_seal, sealer.procure_when_sealed,
    sealer.move_to_unsealed))}
(CLOSE, SEAL_HERE, PROCURE_BEST, BLIND_ODDS, MOVE_BEST, TRADE_GOAL, DRAW_ROOM, BLIND_FULL,
 REFRESH_USEFUL, MOVE_TO_SEAL, PROCURE_SEALED, MOVE_UNSEALED) = range(len(STEPS))
BLIND_ODDS_SHARE = greedy.BLIND_ODDS


def steps_of(player_class) -> tuple[int, ...] | None:
    """A player class's preferences as step numbers (None when one is not compiled, or
    the class starts, places or discards otherwise than the greedy player)."""
    same = all(getattr(player_class, name) is getattr(greedy.GreedyPlayer, name)
               for name in ("start", "place", "discard", "choose"))
    found = [STEPS.get(step) for step in getattr(player_class, "preferences", ())]
    if not same or not found or None in found:
        return None
    return tuple(n for n in found if n is not None)


def step_table(lists: list[tuple[int, ...]]) -> np.ndarray:
    """Players' step lists as rows of one array (-1 past a list's end)."""
    table = np.full((len(lists), max(map(len, lists))), -1, np.int64)
    for row, steps in enumerate(lists):
        table[row, :len(steps)] = steps
    return table


@kernel
def _procure_best_tile(kit, b, seat, sc, n) -> None:
    """`greedy.best_procure` into the action: the best space, its roomiest cell."""
    space = best_procure_space(kit, b, seat, sc.spaces, n)
    m = empty_neighbours(kit, b, seat, b.cell[seat], sc.cells)
    set_kind(sc.act, PROCURE, space, roomiest(kit, b, seat, sc.cells, m, sc.more))


@kernel
def _blind_spare(kit, b, seat, sc) -> None:
    """A blind procure paid with the tokens needed least."""
    set_kind(sc.act, BLIND)
    elements = len(b.zone)
    spare_payment(kit, b, seat, kit.rules[RULE_BLIND], sc)
    for e in range(elements):
        sc.act[ACT_PAY + e] = sc.counts[e]


@kernel
def _full(kit, b, seat) -> bool:
    """Too full to draw (`greedy.draw_with_room`'s test, turned round)."""
    return held(b, seat) + kit.rules[RULE_DRAW] > kit.rules[RULE_CAPACITY] + 1


@kernel
def _move_to_seal(kit, b, seat, sc) -> bool:
    """`sealer.move_to_seal`."""
    hold = hold_mask(b, seat)
    cell = b.cell[seat]
    if not b.sealed[seat, cell] and not kit.masks[b.grid[seat, cell]] & ~hold:
        return False
    n = move_cells(kit, b, seat, sc.cells)
    oink, choice, best = b.oink[seat], -1, -1
    for i in range(n):
        c = sc.cells[i]
        tile = b.grid[seat, c]
        if b.sealed[seat, c] or kit.masks[tile] & ~hold:
            continue
        points = kit.sealed_points[oink, tile]
        if choice == -1 or points > best or (points == best and c < choice):
            choice, best = c, points
    if choice == -1:
        return False
    set_kind(sc.act, MOVE, -1, choice)
    return True


@kernel
def _move_to_unsealed(kit, b, seat, sc) -> bool:
    """`sealer.move_to_unsealed`: fewest tokens missing, then most points, then lowest."""
    if not b.sealed[seat, b.cell[seat]]:
        return False
    hold = hold_mask(b, seat)
    n = move_cells(kit, b, seat, sc.cells)
    oink, choice, missing, points = b.oink[seat], -1, 0, 0
    for i in range(n):
        c = sc.cells[i]
        if b.sealed[seat, c]:
            continue
        tile = b.grid[seat, c]
        m, p = bit_count(kit.masks[tile] & ~hold), kit.sealed_points[oink, tile]
        if choice == -1 or m < missing or (m == missing and (p > points or (
                p == points and c < choice))):
            choice, missing, points = c, m, p
    if choice == -1:
        return False
    set_kind(sc.act, MOVE, -1, choice)
    return True


@kernel
def _refresh_useful(kit, b, seat, sc) -> bool:
    """`greedy.refresh_useful`."""
    if not offers(kit, OFFER_REFRESH):
        return False
    deny = threat(kit, b, seat)
    if deny >= 0:
        set_kind(sc.act, REFRESH, deny)
        return True
    here = here_mask(kit, b, seat)
    for s in range(len(b.depth)):
        t = top(b, s)
        if t != -1 and not kit.masks[t] & here:
            set_kind(sc.act, REFRESH, s)
            return True
    return False


@kernel
def _procure_step(kit, b, seat, sc, wanted) -> bool:
    """`greedy.procure_best` (and, with `wanted` false, no procure)."""
    if not wanted:
        return False
    n = procure_spaces(kit, b, seat, sc.spaces, sc.cells)
    if n and not completes(kit, b, seat):
        _procure_best_tile(kit, b, seat, sc, n)
        return True
    return False


@kernel
def step(kit, b, seat, sc, code) -> bool:
    """Try one preference step; True when it chose the action (in `sc.act`)."""
    if code == CLOSE:
        if not completes(kit, b, seat):
            return False
        n = procure_spaces(kit, b, seat, sc.spaces, sc.cells)
        if n and leading(kit, b, seat):
            _procure_best_tile(kit, b, seat, sc, n)
            return True
        return False
    if code == SEAL_HERE:
        if legal_seal(kit, b, seat):
            set_kind(sc.act, SEAL)
            return True
        return False
    if code == PROCURE_BEST:
        return _procure_step(kit, b, seat, sc, True)
    if code == PROCURE_SEALED:
        return _procure_step(kit, b, seat, sc, all_sealed(kit, b, seat))
    if code == BLIND_ODDS:
        if held(b, seat) <= kit.rules[RULE_BLIND] or not can_blind(kit, b, seat) \
                or not has_room(kit, b, seat, b.cell[seat]) or completes(kit, b, seat):
            return False
        if hidden_connect_rate(kit, b, seat, sc.seen) >= BLIND_ODDS_SHARE:
            _blind_spare(kit, b, seat, sc)
            return True
        return False
    if code == MOVE_BEST:
        cell = best_move(kit, b, seat, sc.cells, move_cells(kit, b, seat, sc.cells))
        if cell >= 0:
            set_kind(sc.act, MOVE, -1, cell)
            return True
        return False
    if code == TRADE_GOAL:
        return goal_trade(kit, b, seat, goal_mask(kit, b, seat), sc)
    if code == DRAW_ROOM:
        if not _full(kit, b, seat) and legal_draw(kit, b):
            set_kind(sc.act, DRAW)
            return True
        return False
    if code == BLIND_FULL:
        if not can_blind(kit, b, seat) or not has_room(kit, b, seat, b.cell[seat]):
            return False
        if completes(kit, b, seat) and not leading(kit, b, seat):
            return False
        if _full(kit, b, seat):
            _blind_spare(kit, b, seat, sc)
            return True
        return False
    if code == REFRESH_USEFUL:
        return _refresh_useful(kit, b, seat, sc)
    if code == MOVE_TO_SEAL:
        return _move_to_seal(kit, b, seat, sc)
    if code == MOVE_UNSEALED:
        return _move_to_unsealed(kit, b, seat, sc)
    return False


@kernel
def choose(kit, b, seat, sc, steps) -> None:
    """`GreedyPlayer.choose` with these steps: the first that applies, else draw, else
    the first legal action."""
    for code in steps:
        if code < 0:
            break
        if step(kit, b, seat, sc, code):
            return
    if legal_draw(kit, b):
        set_kind(sc.act, DRAW)
    else:
        first_legal(kit, b, seat, sc)


@kernel
def start_tile(kit, b, seat, dealt) -> int:
    """`GreedyPlayer.start`'s tile: worth most sealed counting its connections (lowest
    tile on ties)."""
    oink, choice, best = b.oink[seat], -1, -1
    for t in dealt:
        worth = kit.sealed_points[oink, t] + bit_count(kit.masks[t])
        if worth > best or (worth == best and t < choice):
            choice, best = t, worth
    return choice
