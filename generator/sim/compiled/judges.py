"""The rule-list players' quick judgements, compiled: `generator.sim.judge`, `tactics`,
`players.discard_spare` and the greedy player's helpers, with the same ties broken the
same way (each docstring names the function it mirrors)."""

from __future__ import annotations

import numpy as np

from generator.sim.compiled.engine import (
    add_exchange,
    bit_count,
    cell_count,
    copy_into,
    empty_neighbours,
    has_room,
    held,
    here_mask,
    hold_mask,
    leading,
    offers,
    seat_count,
    set_kind,
    tile_count,
    top,
)
from generator.sim.compiled.kernel import kernel
from generator.sim.compiled.layout import (
    ACT_EXCHANGES,
    OFFER_TRADE,
    RULE_CAPACITY,
    RULE_DRAW,
    RULE_END_TILES,
    RULE_GET,
    RULE_GIVE,
    TRADE,
)


@kernel
def completes(kit, b, seat) -> bool:
    """`greedy.completes`: one more tile completes the world."""
    return b.placed[seat] + 1 >= kit.rules[RULE_END_TILES]


@kernel
def roomiest(kit, b, seat, cells, n, scratch) -> int:
    """`judge.roomiest`: the cell with most empty neighbours (lowest cell on ties)."""
    best, choice = -1, -1
    for i in range(n):
        c = cells[i]
        room = empty_neighbours(kit, b, seat, c, scratch)
        if room > best or (room == best and c < choice):
            best, choice = room, c
    return choice


@kernel
def target(kit, b, seat) -> int:
    """`judge.target`: the connecting face-up top worth most (-1 if none or no room)."""
    if not has_room(kit, b, seat, b.cell[seat]):
        return -1
    here, oink = here_mask(kit, b, seat), b.oink[seat]
    choice = -1
    for s in range(len(b.depth)):
        t = top(b, s)
        if t == -1 or not kit.masks[t] & here:
            continue
        if choice == -1 or kit.sealed_points[oink, t] > kit.sealed_points[oink, choice] or (
                kit.sealed_points[oink, t] == kit.sealed_points[oink, choice] and t < choice):
            choice = t
    return choice


@kernel
def needs(kit, b, seat, keep) -> None:
    """`judge.needs` into `keep`: the seal of the Oink's tile and the target's price."""
    keep[:] = 0
    cell = b.cell[seat]
    if not b.sealed[seat, cell]:
        _add(keep, kit.cost[b.grid[seat, cell]])
    t = target(kit, b, seat)
    if t != -1:
        _add(keep, kit.cost[t])


@kernel
def _add(into, counts) -> None:
    for e in range(len(into)):
        into[e] += counts[e]


@kernel
def discard_spare(tokens, excess, keep, out, left) -> None:
    """`players.discard_spare` into `out` (`left`: working room): each time from the
    element held most beyond `keep` (ties: the first of the key (held any, beyond keep,
    held))."""
    copy_into(left, tokens)
    out[:] = 0
    for _ in range(excess):
        best = 0
        for e in range(1, len(left)):
            if _spares_more(left[e], keep[e], left[best], keep[best]):
                best = e
        left[best] -= 1
        out[best] += 1


@kernel
def _spares_more(left, keep, best_left, best_keep) -> bool:
    """(held any, beyond keep, held) of one element above another's."""
    if (left > 0) != (best_left > 0):
        return left > 0
    if left - keep != best_left - best_keep:
        return left - keep > best_left - best_keep
    return left > best_left


@kernel
def spare_payment(kit, b, seat, count, sc) -> None:
    """`judge.spare_payment` into `sc.counts`."""
    needs(kit, b, seat, sc.keep)
    discard_spare(b.tokens[seat], count, sc.keep, sc.counts, sc.left)


@kernel
def hidden_connect_rate(kit, b, seat, seen) -> float:
    """`judge.hidden_connect_rate`: the share of unseen tiles that would connect
    (`seen`: working room, one a tile)."""
    seen[:] = 0
    for s in range(len(b.depth)):
        t = top(b, s)
        if t != -1:
            seen[t] = 1
    for p in range(seat_count(b)):
        for c in range(cell_count(kit)):
            if b.grid[p, c] != -1:
                seen[b.grid[p, c]] = 1
    here = here_mask(kit, b, seat)
    hidden = connecting = 0
    for t in range(tile_count(kit)):
        if not seen[t]:
            hidden += 1
            if kit.masks[t] & here:
                connecting += 1
    return connecting / hidden if hidden else 0.0


@kernel
def goal_mask(kit, b, seat) -> int:
    """`judge.goal_mask`: the insignias worth trading for (0 if none)."""
    hold, here = hold_mask(b, seat), here_mask(kit, b, seat)
    if not b.sealed[seat, b.cell[seat]] and here & ~hold:
        return here
    best_count, best = 1 << 30, 0
    for c in range(cell_count(kit)):
        t = b.grid[seat, c]
        if t != -1 and not b.sealed[seat, c]:
            best_count, best = _fewer_missing(kit.masks[t], hold, best_count, best)
    if has_room(kit, b, seat, b.cell[seat]):
        for s in range(len(b.depth)):
            t = top(b, s)
            if t != -1 and kit.masks[t] & here:
                best_count, best = _fewer_missing(kit.masks[t], hold, best_count, best)
    return best


@kernel
def _fewer_missing(mask, hold, best_count, best):
    """`min` over (missing insignias, mask) of the masks missing any."""
    if not mask & ~hold:
        return best_count, best
    missing = bit_count(mask & ~hold)
    if missing < best_count or (missing == best_count and mask < best):
        return missing, mask
    return best_count, best


@kernel
def cell_worth(kit, b, seat, cell, hold) -> int:
    """`tactics.cell_worth`: a tile to seal, and room beside face-up tiles it connects to."""
    tile = b.grid[seat, cell]
    mask = kit.masks[tile]
    worth = 0
    if not b.sealed[seat, cell]:
        worth += kit.sealed_points[b.oink[seat], tile] + (4 if not mask & ~hold else 0)
    if has_room(kit, b, seat, cell):
        for s in range(len(b.depth)):
            t = top(b, s)
            if t != -1 and kit.masks[t] & mask:
                worth += 1 if kit.masks[t] & ~hold else 3
    return worth


@kernel
def best_move(kit, b, seat, cells, n) -> int:
    """`tactics.best_move`: the reachable cell worth most if it beats staying (-1)."""
    if n == 0:
        return -1
    hold = hold_mask(b, seat)
    best, choice = cell_worth(kit, b, seat, b.cell[seat], hold), -1
    for i in range(n):
        worth = cell_worth(kit, b, seat, cells[i], hold)
        if worth > best:
            best, choice = worth, cells[i]
    return choice


@kernel
def _exchange(goal, tokens, zone, want, give_count, get_count, give, get, spare) -> bool:
    """`tactics._exchange` into `give` and `get` (`spare`: working room); False when
    there is none."""
    elements = len(tokens)
    for i in range(elements):
        spare[i] = tokens[i] - (goal >> i & 1) if tokens[i] else 0
    spare[want] = -99
    positive = 0
    for i in range(elements):
        positive += max(spare[i], 0)
    if positive < give_count or zone[want] < get_count:
        return False
    give[:] = 0
    for _ in range(give_count):
        i = int(np.argmax(spare))  # the first of the largest, as list.index(max(...))
        spare[i] -= 1
        give[i] += 1
    get[:] = 0
    get[want] = get_count
    return True


@kernel
def goal_trade(kit, b, seat, goal, sc) -> bool:
    """`tactics.goal_trade` into `sc.act`; False when no trade is worth it."""
    rules = kit.rules
    if not goal or not offers(kit, OFFER_TRADE):
        return False
    hold = hold_mask(b, seat)
    crowded = held(b, seat) + rules[RULE_DRAW] > rules[RULE_CAPACITY]
    spare = held(b, seat) - bit_count(goal & hold)
    if not crowded and spare < bit_count(goal & ~hold) * rules[RULE_GIVE]:
        return False
    elements = len(b.zone)
    tokens, zone, give, get, act = sc.tokens, sc.zone, sc.given, sc.taken, sc.act
    copy_into(tokens, b.tokens[seat])
    copy_into(zone, b.zone)
    set_kind(act, TRADE)
    given = taken = 0
    for e in range(elements):
        if not goal >> e & 1 or tokens[e]:
            continue
        if not _exchange(goal, tokens, zone, e, rules[RULE_GIVE], rules[RULE_GET], give, get,
                         sc.spare):
            continue
        gives = 0
        for i in range(elements):
            if give[i]:
                gives |= 1 << i
        if gives & taken or given >> e & 1:
            continue
        given, taken = given | gives, taken | 1 << e
        for i in range(elements):
            tokens[i] += get[i] - give[i]
            zone[i] += give[i] - get[i]
        add_exchange(act, give, get)
    complete = True
    for e in range(elements):
        if goal >> e & 1 and not tokens[e]:
            complete = False
    return act[ACT_EXCHANGES] > 0 and (complete or crowded)


@kernel
def best_procure_space(kit, b, seat, spaces, n) -> int:
    """`greedy.best_procure`'s space: the tile worth most sealed, counting its
    connections (lowest space on ties)."""
    oink = b.oink[seat]
    best, choice = -1, -1
    for i in range(n):
        t = top(b, spaces[i])
        worth = kit.sealed_points[oink, t] + bit_count(kit.masks[t])
        if worth > best:
            best, choice = worth, spaces[i]
    return choice


@kernel
def threat(kit, b, seat) -> int:
    """`greedy._threat`: the face-up space whose top would let the next player end the
    game and win (-1 if none)."""
    nxt = (seat + 1) % seat_count(b)
    if not completes(kit, b, nxt) or not has_room(kit, b, nxt, b.cell[nxt]):
        return -1
    if not leading(kit, b, nxt):
        return -1
    hold, here = hold_mask(b, nxt), here_mask(kit, b, nxt)
    for s in range(len(b.depth)):
        t = top(b, s)
        if t != -1 and kit.masks[t] & here and not kit.masks[t] & ~hold:
            return s
    return -1


@kernel
def all_sealed(kit, b, seat) -> bool:
    """`sealer.all_sealed`."""
    for c in range(cell_count(kit)):
        if b.grid[seat, c] != -1 and not b.sealed[seat, c]:
            return False
    return True
