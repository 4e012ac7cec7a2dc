"""The rules of a turn, compiled: what `generator.sim.engine` and `actions.Legal` do.

Each function mirrors the Python one named in its docstring, step for step and in the
same order, so both engines draw the same random numbers and break ties alike; the
compiled one trusts its players' actions (the Python engine checks them).
"""

from __future__ import annotations

from generator.sim.compiled.kernel import kernel
from generator.sim.compiled.layout import (
    ACT_CELL,
    ACT_EXCHANGES,
    ACT_KIND,
    ACT_PAY,
    ACT_SPACE,
    BLIND,
    DRAW,
    G_HEAD,
    G_OVER,
    G_PROCURED,
    G_SEATS,
    G_STACK,
    MOVE,
    OFFER_DRAW,
    OFFER_MOVE,
    OFFER_PROCURE,
    OFFER_REFRESH,
    OFFER_SEAL,
    OFFER_TRADE,
    PASS,
    PROCURE,
    REFRESH,
    RING,
    RULE_ACTIONS,
    RULE_BLIND,
    RULE_CELLS,
    RULE_END_TILES,
    RULE_GET,
    RULE_GIVE,
    RULE_SEAL_TO_ZONE,
    RULE_TILES,
    RULE_TRADE_BACK,
    RULE_ZONE_START,
    SEAL,
    TRADE,
    WORLD_COMPLETE,
)
from generator.sim.compiled.streams import below


@kernel
def seat_count(b) -> int:
    """Players in the game (the board has room for more)."""
    return b.g[G_SEATS]


@kernel
def tile_count(kit) -> int:
    """Tiles in the game (the kit has room for more)."""
    return kit.rules[RULE_TILES]


@kernel
def cell_count(kit) -> int:
    """Cells of a world (the board has room for more)."""
    return kit.rules[RULE_CELLS]


@kernel
def summed(values) -> int:
    """The sum of an array (`ndarray.sum` would want the runtime numba left out)."""
    found = 0
    for v in values:
        found += v
    return found


@kernel
def largest(values) -> int:
    """The largest of an array."""
    found = values[0]
    for v in values:
        found = max(found, v)
    return found


@kernel
def smallest(values) -> int:
    """The smallest of an array."""
    found = values[0]
    for v in values:
        found = min(found, v)
    return found


@kernel
def copy_into(target, source) -> None:
    """`target[:] = source` (which, as the two might overlap, would allocate a copy)."""
    for i in range(len(target)):
        target[i] = source[i]


# --- small looks at the state -------------------------------------------------------------


@kernel
def offers(kit, flag) -> bool:
    """True when a turn offers the action of `flag` (rules.actions)."""
    return kit.rules[RULE_ACTIONS] & flag != 0


@kernel
def hold_mask(b, seat) -> int:
    """`PlayerState.hold_mask`."""
    mask = 0
    for e in range(b.tokens.shape[1]):
        if b.tokens[seat, e]:
            mask |= 1 << e
    return mask


@kernel
def held(b, seat) -> int:
    """Tokens on a seat's Oink."""
    return summed(b.tokens[seat])


@kernel
def bit_count(mask) -> int:
    """`int.bit_count`."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@kernel
def top(b, space) -> int:
    """The top tile of a face-up space (-1 when empty)."""
    depth = b.depth[space]
    return b.spaces[space, depth - 1] if depth else -1


@kernel
def here_mask(kit, b, seat) -> int:
    """The insignias of the tile under a seat's Oink."""
    return kit.masks[b.grid[seat, b.cell[seat]]]


@kernel
def empty_neighbours(kit, b, seat, cell, out) -> int:
    """`PlayerState.empty_neighbours` into `out`; returns how many."""
    n = 0
    for k in range(4):
        c = kit.neighbours[cell, k]
        if c >= 0 and b.grid[seat, c] == -1:
            out[n] = c
            n += 1
    return n


@kernel
def has_room(kit, b, seat, cell) -> bool:
    """`PlayerState.has_room`."""
    for k in range(4):
        c = kit.neighbours[cell, k]
        if c >= 0 and b.grid[seat, c] == -1:
            return True
    return False


@kernel
def reachable(kit, b, seat, out) -> int:
    """`PlayerState.reachable` into `out` (its own cell first); returns how many."""
    out[0] = b.cell[seat]
    n = 1
    i = 0
    while i < n:
        cell = out[i]
        mask = kit.masks[b.grid[seat, cell]]
        for k in range(4):
            c = kit.neighbours[cell, k]
            if c < 0:
                continue
            tile = b.grid[seat, c]
            if tile == -1 or not kit.masks[tile] & mask:
                continue
            seen = False
            for j in range(n):
                if out[j] == c:
                    seen = True
                    break
            if not seen:
                out[n] = c
                n += 1
        i += 1
    return n


@kernel
def move_cells(kit, b, seat, out) -> int:
    """`Legal.move_cells` into `out`; returns how many."""
    if not offers(kit, OFFER_MOVE):
        return 0
    n = reachable(kit, b, seat, out)
    for i in range(1, n):
        out[i - 1] = out[i]
    return n - 1


@kernel
def connected_tiles(kit, b, seat, sc) -> int:
    """`PlayerState.connected_tiles`."""
    cells = cell_count(kit)
    done, group = sc.done, sc.group
    done[:] = 0
    best = 0
    for start in range(cells):
        if b.grid[seat, start] == -1 or done[start]:
            continue
        group[0] = start
        done[start] = 1
        n, i = 1, 0
        while i < n:
            cell = group[i]
            mask = kit.masks[b.grid[seat, cell]]
            for k in range(4):
                c = kit.neighbours[cell, k]
                if c >= 0 and b.grid[seat, c] != -1 and not done[c] \
                        and kit.masks[b.grid[seat, c]] & mask:
                    done[c] = 1
                    group[n] = c
                    n += 1
            i += 1
        best = max(best, n)
    return best


@kernel
def score(kit, b, seat) -> int:
    """`engine.score`."""
    total = 0
    oink = b.oink[seat]
    for c in range(cell_count(kit)):
        t = b.grid[seat, c]
        if t != -1:
            total += kit.sealed_points[oink, t] if b.sealed[seat, c] else \
                kit.unsealed_points[oink, t]
    return total


@kernel
def leading(kit, b, seat) -> bool:
    """True when no seat has more points than `seat` (`greedy.leading`)."""
    mine = score(kit, b, seat)
    for s in range(seat_count(b)):
        if s != seat and score(kit, b, s) > mine:
            return False
    return True


# --- stack O and the face-up spaces -------------------------------------------------------


@kernel
def take_bottom(b) -> int:
    """`state.take_bottom`: the bottom tile of O."""
    tile = b.ring[b.g[G_HEAD]]
    b.g[G_HEAD] = (b.g[G_HEAD] + 1) % RING
    b.g[G_STACK] -= 1
    return tile


@kernel
def put_on_top(b, tile) -> None:
    """`state.put_on_top`: a tile face down on top of O."""
    b.ring[(b.g[G_HEAD] + b.g[G_STACK]) % RING] = tile
    b.g[G_STACK] += 1


@kernel
def refill_spaces(b) -> None:
    """`engine.refill_spaces`."""
    for s in range(len(b.depth)):
        if b.depth[s] == 0 and b.g[G_STACK]:
            b.spaces[s, 0] = take_bottom(b)
            b.depth[s] = 1


@kernel
def pop_space(b, space) -> int:
    """Take the top tile of a face-up space."""
    b.depth[space] -= 1
    return b.spaces[space, b.depth[space]]


# --- tokens -------------------------------------------------------------------------------


@kernel
def refill_bag(kit, b) -> None:
    """`engine.refill_bag`."""
    keep = kit.rules[RULE_ZONE_START]
    for e in range(len(b.zone)):
        if b.zone[e] > keep:
            b.bag[e] += b.zone[e] - keep
            b.zone[e] = keep


@kernel
def draw_tokens(kit, b, seat, count) -> None:
    """`engine.draw_tokens`."""
    if summed(b.bag) == 0:
        refill_bag(kit, b)
    for _ in range(count):
        total = summed(b.bag)
        if not total:
            break
        r = below(b.mt, total)
        e = 0
        while r >= b.bag[e]:
            r -= b.bag[e]
            e += 1
        b.bag[e] -= 1
        b.tokens[seat, e] += 1
        if total == 1:
            refill_bag(kit, b)


@kernel
def pay(b, seat, counts, into) -> None:
    """`engine._pay`: move `counts` from a seat's Oink into `into`."""
    for e in range(len(counts)):
        b.tokens[seat, e] -= counts[e]
        into[e] += counts[e]


@kernel
def can_draw(kit, b) -> bool:
    """`actions.can_draw`."""
    keep = kit.rules[RULE_ZONE_START]
    for e in range(len(b.bag)):
        if b.bag[e] or b.zone[e] > keep:
            return True
    return False


# --- what is legal ------------------------------------------------------------------------


@kernel
def legal_draw(kit, b) -> bool:
    """`Legal.draw` is not None."""
    return offers(kit, OFFER_DRAW) and can_draw(kit, b)


@kernel
def legal_seal(kit, b, seat) -> bool:
    """`Legal.seal` is not None."""
    cell = b.cell[seat]
    if b.sealed[seat, cell] or not offers(kit, OFFER_SEAL):
        return False
    return not kit.masks[b.grid[seat, cell]] & ~hold_mask(b, seat)


@kernel
def can_blind(kit, b, seat) -> bool:
    """`Legal.can_blind`."""
    return (b.g[G_STACK] > 0 and held(b, seat) >= kit.rules[RULE_BLIND]
            and offers(kit, OFFER_PROCURE))


@kernel
def affordable_spaces(kit, b, seat, out) -> int:
    """`Legal._affordable_spaces` into `out`; returns how many."""
    hold, here = hold_mask(b, seat), here_mask(kit, b, seat)
    n = 0
    for s in range(len(b.depth)):
        t = top(b, s)
        if t != -1 and kit.masks[t] & here and not kit.masks[t] & ~hold:
            out[n] = s
            n += 1
    return n


@kernel
def procure_spaces(kit, b, seat, spaces, cells) -> int:
    """`Legal.procures` as its spaces (into `spaces`) and cells (into `cells`, the
    Oink's empty neighbours): returns how many spaces (0 with no cell)."""
    if not offers(kit, OFFER_PROCURE):
        return 0
    if empty_neighbours(kit, b, seat, b.cell[seat], cells) == 0:
        return 0
    return affordable_spaces(kit, b, seat, spaces)


@kernel
def placement_cells(kit, b, seat, tile, out) -> int:
    """`Legal.placement_cells` into `out`; returns how many."""
    if not kit.masks[tile] & here_mask(kit, b, seat):
        return 0
    return empty_neighbours(kit, b, seat, b.cell[seat], out)


@kernel
def next_combo(combo, kinds) -> bool:
    """The next of `itertools.combinations_with_replacement(range(kinds), len(combo))`
    after `combo`, in place; False after the last."""
    i = len(combo) - 1
    while i >= 0 and combo[i] == kinds - 1:
        i -= 1
    if i < 0:
        return False
    combo[i] += 1
    combo[i + 1:] = combo[i]
    return True


@kernel
def combo_counts(combo, counts, out) -> bool:
    """The combination as counts (into `out`); True when `counts` holds them."""
    out[:] = 0
    for e in combo:
        out[e] += 1
    for e in range(len(out)):
        if out[e] > counts[e]:
            return False
    return True


@kernel
def ways(counts, cap, combo, pick) -> int:
    """`actions.ways` of the counts capped at `cap`: how many multisets of `len(combo)`
    tokens they hold (`combo`, `pick`: working room)."""
    if len(combo) == 0:
        return 1
    combo[:] = 0
    found = 0
    while True:
        if combo_counts(combo, counts, pick) and largest(pick) <= cap:
            found += 1
        if not next_combo(combo, len(counts)):
            return found


@kernel
def exchanges(kit, b, seat, sc) -> int:
    """`actions.exchanges` of the Oink's tokens (capped at the give) and the zone
    (capped at give + get): single exchanges of `give` tokens for `get`."""
    rules = kit.rules
    give, get = rules[RULE_GIVE], rules[RULE_GET]
    back = rules[RULE_TRADE_BACK] != 0
    combo, given, after = sc.combo[:give], sc.given, sc.after
    combo[:] = 0
    found = 0
    while True:
        if combo_counts(combo, b.tokens[seat], given):
            for e in range(len(after)):
                zone = min(b.zone[e], give + get)
                if back:
                    after[e] = zone + given[e]
                else:
                    after[e] = 0 if given[e] else zone
            found += ways(after, get, sc.combo2[:get], sc.taken)
        if give == 0 or not next_combo(combo, len(after)):
            return found


@kernel
def count_legal(kit, b, seat, sc) -> int:
    """`Legal.count`: how many actions `Legal.all` lists (1 for a pass)."""
    rules = kit.rules
    found = int(legal_draw(kit, b)) + int(legal_seal(kit, b, seat))
    if offers(kit, OFFER_PROCURE) and has_room(kit, b, seat, b.cell[seat]):
        found += affordable_spaces(kit, b, seat, sc.spaces) * empty_neighbours(
            kit, b, seat, b.cell[seat], sc.cells)
    found += move_cells(kit, b, seat, sc.cells)
    if offers(kit, OFFER_REFRESH):
        for s in range(len(b.depth)):
            if b.depth[s]:
                found += 1
    tokens = b.tokens[seat]
    if can_blind(kit, b, seat):
        cost = rules[RULE_BLIND]
        found += ways(tokens, cost, sc.combo[:cost], sc.taken)
    if summed(tokens) >= rules[RULE_GIVE] and offers(kit, OFFER_TRADE):
        found += exchanges(kit, b, seat, sc)
    return max(found, 1)


@kernel
def procure_block(kit, b, seat, spaces, cells) -> int:
    """`Legal.procure_block`: why no procure is legal (-1 when one is)."""
    if not offers(kit, OFFER_PROCURE) or can_blind(kit, b, seat) \
            or procure_spaces(kit, b, seat, spaces, cells):
        return -1
    if not has_room(kit, b, seat, b.cell[seat]):
        return 0  # NO_ROOM
    if held(b, seat) >= kit.rules[RULE_BLIND]:
        return 3  # STACK_EMPTY
    here = here_mask(kit, b, seat)
    for s in range(len(b.depth)):
        t = top(b, s)
        if t != -1 and kit.masks[t] & here:
            return 2  # FEW_TOKENS_TOO_DEAR
    return 1  # FEW_TOKENS_NO_MATCH


@kernel
def first_trade(kit, b, seat, sc) -> bool:
    """`Legal.trades()[0]` into `sc.act`; False when there is none."""
    rules, elements = kit.rules, len(b.zone)
    tokens = b.tokens[seat]
    give, get = rules[RULE_GIVE], rules[RULE_GET]
    if summed(tokens) < give or not offers(kit, OFFER_TRADE):
        return False
    back = rules[RULE_TRADE_BACK] != 0
    gives, gets = sc.combo[:give], sc.combo2[:get]
    given, taken, after = sc.given, sc.taken, sc.after
    gives[:] = 0
    while True:
        if combo_counts(gives, tokens, given):
            for e in range(elements):
                after[e] = b.zone[e] + given[e] if back else b.zone[e]
            gets[:] = 0
            while True:
                if combo_counts(gets, after, taken) and (back or not takes_back(given, taken)):
                    set_trade(sc.act, given, taken)
                    return True
                if get == 0 or not next_combo(gets, elements):
                    break
        if give == 0 or not next_combo(gives, elements):
            return False


@kernel
def takes_back(given, taken) -> bool:
    """`actions.takes_back`."""
    for e in range(len(given)):
        if given[e] and taken[e]:
            return True
    return False


@kernel
def first_payment(kit, b, seat, sc) -> None:
    """`Legal.blinds()[0]`'s payment into `sc.act` (`can_blind` is true)."""
    combo, pick = sc.combo[:kit.rules[RULE_BLIND]], sc.counts
    combo[:] = 0
    while not combo_counts(combo, b.tokens[seat], pick):
        next_combo(combo, len(b.zone))
    set_kind(sc.act, BLIND)
    for e in range(len(pick)):
        sc.act[ACT_PAY + e] = pick[e]


@kernel
def first_legal(kit, b, seat, sc) -> None:
    """`Legal.all()[0]` into `sc.act`: the first kind of `Legal.by_kind`, its first."""
    act = sc.act
    if legal_draw(kit, b):
        set_kind(act, DRAW)
    elif first_trade(kit, b, seat, sc):
        pass
    elif procure_spaces(kit, b, seat, sc.spaces, sc.cells):
        set_kind(act, PROCURE, sc.spaces[0], sc.cells[0])
    elif can_blind(kit, b, seat):
        first_payment(kit, b, seat, sc)
    elif move_cells(kit, b, seat, sc.cells):
        set_kind(act, MOVE, -1, sc.cells[0])
    elif offers(kit, OFFER_REFRESH) and first_full_space(b) >= 0:
        set_kind(act, REFRESH, first_full_space(b))
    elif legal_seal(kit, b, seat):
        set_kind(act, SEAL)
    else:
        set_kind(act, PASS)


@kernel
def first_full_space(b) -> int:
    """The first face-up space with a tile (-1 when none)."""
    for s in range(len(b.depth)):
        if b.depth[s]:
            return s
    return -1


# --- actions ------------------------------------------------------------------------------


@kernel
def set_kind(act, kind, space=-1, cell=-1) -> None:
    """Start an action in `act`."""
    act[ACT_KIND], act[ACT_SPACE], act[ACT_CELL], act[ACT_EXCHANGES] = kind, space, cell, 0


@kernel
def set_trade(act, give, get) -> None:
    """A trade of one exchange in `act`."""
    set_kind(act, TRADE)
    add_exchange(act, give, get)


@kernel
def add_exchange(act, give, get) -> None:
    """Add an exchange to the trade in `act`."""
    elements = len(give)
    at = ACT_PAY + elements + act[ACT_EXCHANGES] * 2 * elements
    for e in range(elements):
        act[at + e] = give[e]
        act[at + elements + e] = get[e]
    act[ACT_EXCHANGES] += 1


@kernel
def place(kit, b, seat, tile, cell, sc) -> None:
    """`engine._place`."""
    b.grid[seat, cell] = tile
    b.placed[seat] += 1
    b.procured[b.g[G_PROCURED]] = tile
    b.g[G_PROCURED] += 1
    end = kit.rules[RULE_END_TILES]
    if b.placed[seat] >= end and connected_tiles(kit, b, seat, sc) >= end:
        b.g[G_OVER] = WORLD_COMPLETE + 1


@kernel
def seal(kit, b, seat) -> None:
    """`engine._seal`."""
    cell = b.cell[seat]
    into = b.zone if kit.rules[RULE_SEAL_TO_ZONE] else b.sealed_tokens
    pay(b, seat, kit.cost[b.grid[seat, cell]], into)
    b.sealed[seat, cell] = 1


@kernel
def procure(kit, b, seat, space, cell, sc) -> None:
    """`engine._procure`."""
    tile = top(b, space)
    pay(b, seat, kit.cost[tile], b.zone)
    pop_space(b, space)
    place(kit, b, seat, tile, cell, sc)
    refill_spaces(b)


@kernel
def trade(b, seat, act) -> None:
    """`engine._trade`'s exchanges (the discard after is the caller's)."""
    elements = len(b.zone)
    for k in range(act[ACT_EXCHANGES]):
        at = ACT_PAY + elements + k * 2 * elements
        for e in range(elements):
            b.tokens[seat, e] -= act[at + e]
            b.zone[e] += act[at + e]
        for e in range(elements):
            b.zone[e] -= act[at + elements + e]
            b.tokens[seat, e] += act[at + elements + e]
