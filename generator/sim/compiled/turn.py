"""Carrying out a chosen action, compiled (`generator.sim.engine.apply`), with the
choices the rule-list players make inside an action: a blind tile's cell (the roomiest)
and the tokens to discard (those needed least)."""

from __future__ import annotations

from generator.sim.compiled.engine import (
    draw_tokens,
    held,
    pay,
    place,
    placement_cells,
    pop_space,
    procure,
    put_on_top,
    refill_spaces,
    seal,
    take_bottom,
    trade,
)
from generator.sim.compiled.judges import discard_spare, needs, roomiest
from generator.sim.compiled.kernel import kernel
from generator.sim.compiled.layout import (
    ACT_CELL,
    ACT_KIND,
    ACT_PAY,
    ACT_SPACE,
    BLIND,
    DRAW,
    G_DISCARDED,
    MOVE,
    PROCURE,
    REFRESH,
    RULE_CAPACITY,
    RULE_DRAW,
    SEAL,
    TRADE,
)


@kernel
def discard(kit, b, seat, sc) -> None:
    """`engine.discard` with `GreedyPlayer.discard`: down to capacity, keeping needs."""
    excess = held(b, seat) - kit.rules[RULE_CAPACITY]
    if excess <= 0:
        return
    needs(kit, b, seat, sc.keep)
    discard_spare(b.tokens[seat], excess, sc.keep, sc.counts, sc.left)
    pay(b, seat, sc.counts, b.zone)
    b.g[G_DISCARDED] += excess


@kernel
def blind(kit, b, seat, sc) -> None:
    """`engine._blind` with `GreedyPlayer.place`: the revealed tile in its roomiest cell,
    or face down on top of O when it fits nowhere."""
    pay(b, seat, sc.act[ACT_PAY:ACT_PAY + len(b.zone)], b.zone)
    tile = take_bottom(b)
    n = placement_cells(kit, b, seat, tile, sc.cells)
    if n:
        place(kit, b, seat, tile, roomiest(kit, b, seat, sc.cells, n, sc.more), sc)
    else:
        put_on_top(b, tile)
    refill_spaces(b)


@kernel
def apply(kit, b, seat, sc) -> None:
    """Carry out the action in `sc.act` for `seat`."""
    kind = sc.act[ACT_KIND]
    if kind == DRAW:
        draw_tokens(kit, b, seat, kit.rules[RULE_DRAW])
        discard(kit, b, seat, sc)
    elif kind == TRADE:
        trade(b, seat, sc.act)
        discard(kit, b, seat, sc)
    elif kind == PROCURE:
        procure(kit, b, seat, sc.act[ACT_SPACE], sc.act[ACT_CELL], sc)
    elif kind == BLIND:
        blind(kit, b, seat, sc)
    elif kind == MOVE:
        b.cell[seat] = sc.act[ACT_CELL]
    elif kind == REFRESH:
        put_on_top(b, pop_space(b, sc.act[ACT_SPACE]))
        refill_spaces(b)
    elif kind == SEAL:
        seal(kit, b, seat)
