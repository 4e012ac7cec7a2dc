"""Whole games, compiled: `generator.sim.game.setup`, its turn loop, its `Log` and the
score race (`generator.sim.race`), for a batch of seeded games at once.

Each game's numbers go into one row of `Records`; `results.py` turns the rows into the
same `GameResult`s the Python engine returns.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from generator.sim.compiled.engine import (
    copy_into,
    count_legal,
    draw_tokens,
    largest,
    procure_block,
    refill_spaces,
    score,
    seat_count,
    smallest,
    tile_count,
)
from generator.sim.compiled.kernel import kernel
from generator.sim.compiled.layout import (
    ACT_KIND,
    BACKSTOP,
    BLIND,
    DEADLOCK,
    G_CHANGES,
    G_CURRENT,
    G_DISCARDED,
    G_GAP,
    G_LEADERS,
    G_OVER,
    G_PASSES,
    G_PROCURED,
    G_SEATS,
    G_SINCE,
    G_STACK,
    G_TURN,
    PASS,
    PROCURE,
    RULE_BACKSTOP,
    RULE_CENTRE,
    RULE_DEALT,
    RULE_START_TOKENS,
    RULE_TURN_CAP,
    RULE_ZONE_START,
    SEAL,
    TURN_CAP,
)
from generator.sim.compiled.players import choose, start_tile
from generator.sim.compiled.streams import next_word, sample, seed_state, shuffle
from generator.sim.compiled.turn import apply

# Record.head's columns.
(H_TURNS, H_END, H_DISCARDED, H_COUNTED, H_OPTIONS, H_CHOICES, H_CHANGES, H_GAP,
 H_PROCURED) = range(9)
HEAD = 9


class Records(NamedTuple):
    """A batch's results, one row a game (`game.GameResult`'s fields)."""

    head: np.ndarray  # [game, HEAD]
    scores: np.ndarray  # [game, seat]
    oinks: np.ndarray  # [game, seat]
    actions: np.ndarray  # [game, kind]
    procured: np.ndarray  # [game, tile]: H_PROCURED tiles, in order
    blocked: np.ndarray  # [game, cause]
    bag_dry: np.ndarray  # [game, element]
    sealed_tokens: np.ndarray  # [game, element]
    sealed: np.ndarray  # [game, seat, cell]: the worlds at the end
    grids: np.ndarray  # [game, seat, cell]
    trailing: np.ndarray  # [game, seat]
    behind: np.ndarray  # [game, seat]


def records(games: int, seats: int, elements: int, cells: int, tiles: int,
            blocks: int) -> Records:
    """Empty rows for a batch."""

    def rows(*shape):
        return np.zeros((games, *shape), np.int64)

    return Records(head=rows(HEAD), scores=rows(seats), oinks=rows(seats), actions=rows(8),
                   procured=rows(tiles), blocked=rows(blocks), bag_dry=rows(elements),
                   sealed_tokens=rows(elements), sealed=rows(seats, cells),
                   grids=rows(seats, cells), trailing=rows(seats), behind=rows(seats))


@kernel
def _reset(kit, b) -> None:
    seats = seat_count(b)
    b.g[:] = 0
    b.g[G_SEATS] = seats
    copy_into(b.bag, kit.supply)
    b.zone[:] = 0
    b.sealed_tokens[:] = 0
    b.depth[:] = 0
    b.cell[:] = 0
    b.placed[:] = 0
    b.tokens[:] = 0
    b.grid[:] = -1
    b.sealed[:] = 0
    b.trailing[:] = 0
    b.behind[:] = 0


@kernel
def setup(kit, b, sc, low, high) -> None:
    """`game.setup` for rule-list players (they start alike: `start_tile`, the centre)."""
    rules = kit.rules
    _reset(kit, b)
    seed_state(b.mt, low, high)
    next_word(b.mt)  # random.Random(rng.getrandbits(64)): the players' own stream,
    next_word(b.mt)  # which rule-list players never draw from
    order = sc.order
    tiles = tile_count(kit)
    for t in range(tiles):
        order[t] = t
    shuffle(b.mt, order, tiles)
    sample(b.mt, kit.oinks, seat_count(b), b.oink, sc.pool)
    dealt_count = rules[RULE_DEALT]
    dealt = sc.dealt[:dealt_count]
    n = tiles
    for seat in range(seat_count(b)):
        for i in range(dealt_count):
            n -= 1
            dealt[i] = order[n]
        tile = start_tile(kit, b, seat, dealt)
        centre = rules[RULE_CENTRE]
        b.grid[seat, centre], b.cell[seat], b.placed[seat] = tile, centre, 1
        kept = False
        for t in dealt:
            if t == tile and not kept:
                kept = True
            else:
                order[n] = t
                n += 1
    shuffle(b.mt, order, n)
    for seat in range(seat_count(b)):
        draw_tokens(kit, b, seat, rules[RULE_START_TOKENS])
    for e in range(len(b.bag)):
        b.zone[e] = min(b.bag[e], rules[RULE_ZONE_START])
        b.bag[e] -= b.zone[e]
    _split(b, order, n)


@kernel
def _split(b, order, n) -> None:
    """`game._split`: the face-up spaces first, then O, as evenly as possible."""
    spaces = len(b.depth)
    size, extra = divmod(n, spaces + 1)
    start = 0
    for i in range(spaces + 1):
        stop = start + size + (1 if i < extra else 0)
        if i < spaces:
            for k in range(start, stop):
                b.spaces[i, k - start] = order[k]
            b.depth[i] = stop - start
        else:
            for k in range(start, stop):
                b.ring[k - start] = order[k]
            b.g[G_STACK] = stop - start
        start = stop
    refill_spaces(b)


@kernel
def _leaders(b) -> int:
    points = b.points[:seat_count(b)]
    top = largest(points)
    mask = 0
    for s in range(len(points)):
        if b.points[s] == top:
            mask |= 1 << s
    return mask


@kernel
def _race_start(kit, b) -> None:
    """`Race.__init__`."""
    for s in range(seat_count(b)):
        b.points[s] = score(kit, b, s)
    b.g[G_LEADERS] = _leaders(b)


@kernel
def _add_up(b, upto) -> None:
    """`Race._add_up`."""
    span = upto - b.g[G_SINCE]
    if span <= 0:
        return
    points = b.points[:seat_count(b)]
    top = largest(points)
    b.g[G_GAP] += span * (top - smallest(points))
    for s in range(len(points)):
        if b.points[s] < top:
            b.trailing[s] += span * (top - b.points[s])
            b.behind[s] += span
    b.g[G_SINCE] = upto


@kernel
def _race_played(kit, b, seat, turns) -> None:
    """`Race.played`."""
    now = score(kit, b, seat)
    if now == b.points[seat]:
        return
    _add_up(b, turns)
    b.points[seat] = now
    leaders = _leaders(b)
    if leaders != b.g[G_LEADERS]:
        b.g[G_CHANGES] += 1
        b.g[G_LEADERS] = leaders


@kernel
def play(kit, b, sc, steps, count, rec, row) -> None:
    """`game.play_game`'s turn loop for one set-up game; its numbers into row `row`."""
    rules = kit.rules
    seats = seat_count(b)
    head = rec.head[row]
    end = TURN_CAP
    _race_start(kit, b)
    while b.g[G_TURN] < rules[RULE_TURN_CAP]:
        seat = b.g[G_CURRENT]
        if count:
            offered = count_legal(kit, b, seat, sc)
            head[H_COUNTED] += 1
            head[H_OPTIONS] += offered
            head[H_CHOICES] += offered > 1
        block = procure_block(kit, b, seat, sc.spaces, sc.cells)
        if block >= 0:
            rec.blocked[row, block] += 1
        for e in range(len(b.bag)):
            if not b.bag[e]:
                rec.bag_dry[row, e] += 1
        choose(kit, b, seat, sc, steps[seat])
        apply(kit, b, seat, sc)
        kind = sc.act[ACT_KIND]
        rec.actions[row, kind] += 1
        b.g[G_PASSES] = b.g[G_PASSES] + 1 if kind == PASS else 0
        b.g[G_TURN] += 1
        if kind in (PROCURE, BLIND, SEAL):  # only these change points
            _race_played(kit, b, seat, b.g[G_TURN])
        if not b.g[G_OVER] and b.g[G_TURN] >= rules[RULE_BACKSTOP] * seats:
            b.g[G_OVER] = BACKSTOP + 1
        if b.g[G_OVER]:
            end = b.g[G_OVER] - 1
            break
        if b.g[G_PASSES] >= seats:
            end = DEADLOCK
            break
        b.g[G_CURRENT] = (seat + 1) % seats
    _record(kit, b, rec, row, end)


@kernel
def _record(kit, b, rec, row, end) -> None:
    turns = b.g[G_TURN]
    _add_up(b, turns + 1)
    head = rec.head[row]
    head[H_TURNS], head[H_END], head[H_DISCARDED] = turns, end, b.g[G_DISCARDED]
    head[H_CHANGES], head[H_GAP], head[H_PROCURED] = b.g[G_CHANGES], b.g[G_GAP], \
        b.g[G_PROCURED]
    for s in range(seat_count(b)):
        rec.scores[row, s] = score(kit, b, s)
    copy_into(rec.oinks[row], b.oink)
    copy_into(rec.procured[row], b.procured)
    copy_into(rec.sealed_tokens[row], b.sealed_tokens)
    for s in range(seat_count(b)):
        copy_into(rec.grids[row, s], b.grid[s])
        copy_into(rec.sealed[row, s], b.sealed[s])
    copy_into(rec.trailing[row], b.trailing)
    copy_into(rec.behind[row], b.behind)


@njit(cache=True)
def play_batch(kit, b, sc, seeds, steps, counted, rec) -> None:
    """Play one game a row of `seeds` ([game, 2]: a seed's low and high words), each with
    its seats' step lists (`steps`: [game, seat, step]) and counting its legal actions
    where `counted` says; results into `rec`."""
    for row in range(len(seeds)):
        setup(kit, b, sc, seeds[row, 0], seeds[row, 1])
        play(kit, b, sc, steps[row], counted[row], rec, row)
