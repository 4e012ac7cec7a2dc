"""The search players' rollouts, compiled: `generator.sim.search.SearchPlayer.rollout`
(determinise, play the option, let the model player play every seat for `horizon`
turns, judge the end) for every option in every dealt world of one decision, in one
call. Each function mirrors the Python one its docstring names, draw for draw."""

from __future__ import annotations

import math

from numba import njit

from generator.sim.compiled.engine import cell_count, copy_into, held, score, seat_count
from generator.sim.compiled.kernel import kernel
from generator.sim.compiled.layout import G_CURRENT, G_HEAD, G_OVER, G_STACK, RING
from generator.sim.compiled.players import choose
from generator.sim.compiled.streams import seed_state, shuffle
from generator.sim.compiled.turn import apply
from generator.sim.outlook import LEAD_SCALE, TOKEN_WEIGHT, UNSEALED_WEIGHT


@kernel
def copy_board(source, target) -> None:
    """Every field a rollout changes, from one board to another (`GameState.copy`)."""
    copy_into(target.g, source.g)
    copy_into(target.bag, source.bag)
    copy_into(target.zone, source.zone)
    copy_into(target.sealed_tokens, source.sealed_tokens)
    copy_into(target.depth, source.depth)
    copy_into(target.ring, source.ring)
    copy_into(target.cell, source.cell)
    copy_into(target.placed, source.placed)
    copy_into(target.oink, source.oink)
    copy_into(target.procured, source.procured)
    for s in range(len(source.depth)):
        copy_into(target.spaces[s], source.spaces[s])
    for p in range(seat_count(source)):
        copy_into(target.tokens[p], source.tokens[p])
        copy_into(target.grid[p], source.grid[p])
        copy_into(target.sealed[p], source.sealed[p])


@kernel
def determinise(b, sc, known) -> None:
    """`search.determinise`: the tiles nobody saw (O below the `known` seen ones on its
    top, and every face-up space below its top) shuffled among their places."""
    head, stack = b.g[G_HEAD], b.g[G_STACK]
    unseen = stack - known
    hidden, n = sc.order, 0
    for i in range(unseen):
        hidden[n] = b.ring[(head + i) % RING]
        n += 1
    for s in range(len(b.depth)):
        for d in range(b.depth[s] - 1):
            hidden[n] = b.spaces[s, d]
            n += 1
    shuffle(b.mt, hidden, n)
    for i in range(unseen):
        b.ring[(head + i) % RING] = hidden[i]
    n = unseen
    for s in range(len(b.depth)):
        for d in range(b.depth[s] - 1):
            b.spaces[s, d] = hidden[n]
            n += 1


@kernel
def value(kit, b, seat) -> float:
    """`outlook.value`: a win share when the game is over, else a guess from the lead in
    `outlook.prospects`."""
    seats = seat_count(b)
    if b.g[G_OVER]:
        mine, top, tied = 0, -1, 0
        for s in range(seats):
            points = score(kit, b, s)
            if s == seat:
                mine = points
            if points > top:
                top, tied = points, 1
            elif points == top:
                tied += 1
        return 0.0 if mine < top else 1.0 / tied
    own, best_other = 0.0, -math.inf
    for s in range(seats):
        hope = _prospect(kit, b, s)
        if s == seat:
            own = hope
        else:
            best_other = max(best_other, hope)
    return 0.5 + 0.5 * math.tanh((own - best_other) / LEAD_SCALE)


@kernel
def _prospect(kit, b, seat) -> float:
    """`outlook.prospects` of one seat: points, part of its unsealed tiles' sealed worth,
    and a little for each token."""
    oink, waiting = b.oink[seat], 0
    for c in range(cell_count(kit)):
        t = b.grid[seat, c]
        if t != -1 and not b.sealed[seat, c]:
            waiting += kit.sealed_points[oink, t]
    return score(kit, b, seat) + UNSEALED_WEIGHT * waiting + TOKEN_WEIGHT * held(b, seat)


@kernel
def rollout(kit, start, b, sc, low, high, option, steps, horizon, known) -> float:
    """`SearchPlayer.rollout` of the action `option` from the board `start`, in the world
    the seed (`low`, `high`) deals."""
    seat = start.g[G_CURRENT]
    copy_board(start, b)
    seed_state(b.mt, low, high)
    determinise(b, sc, known)
    copy_into(sc.act, option)
    apply(kit, b, seat, sc)
    seats = seat_count(b)
    for _ in range(horizon):
        if b.g[G_OVER]:
            break
        mover = (b.g[G_CURRENT] + 1) % seats
        b.g[G_CURRENT] = mover
        choose(kit, b, mover, sc, steps)
        apply(kit, b, mover, sc)
    return value(kit, b, seat)


@njit(cache=True)
def rollouts(kit, start, b, sc, seeds, options, steps, horizon, known, totals) -> None:
    """`SearchPlayer.choose`'s totals: every option (rows of `options`) in every world
    (rows of `seeds`: low and high words), worlds in turn, options within each."""
    for w in range(len(seeds)):
        for i in range(len(options)):
            totals[i] += rollout(kit, start, b, sc, seeds[w, 0], seeds[w, 1], options[i],
                                 steps, horizon, known)
