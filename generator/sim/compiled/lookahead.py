"""The door to the compiled rollouts (`rollouts.py`) for the search players: a game
state as a board, the candidate actions as rows, and the totals back."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from generator.sim.actions import KINDS, Action, Blind, Move, Procure, Refresh, Trade
from generator.sim.compiled.layout import (
    ACT_CELL,
    ACT_EXCHANGES,
    ACT_KIND,
    ACT_PAY,
    ACT_SPACE,
    G_CURRENT,
    G_DISCARDED,
    G_OVER,
    G_PROCURED,
    G_SEATS,
    G_STACK,
    G_TURN,
    WORLD_COMPLETE,
    board,
    fits,
    kit,
    scratch,
)
from generator.sim.compiled.players import steps_of
from generator.sim.compiled.rollouts import rollouts
from generator.sim.compiled.streams import seed_words
from generator.sim.state import GameState
from generator.sim.tables import Table


class Lookahead:
    """Compiled rollouts for one table and number of seats; its records are made once
    and reused by every decision."""

    def __init__(self, table: Table, seats: int, steps: tuple[int, ...]):
        self.kit = kit(table)
        self.start, self.work = board(self.kit, seats), board(self.kit, seats)
        self.scratch = scratch(self.kit)
        self.steps = np.full(max(len(steps), 1), -1, np.int64)
        self.steps[:len(steps)] = steps

    def totals(self, state: GameState, options: Sequence[Action], seeds: Sequence[int],
               horizon: int) -> list[float]:
        """What `SearchPlayer.choose` sums: each option's rollout values over the worlds
        the seeds deal."""
        _load(self.start, state)
        rows = np.zeros((len(options), len(self.scratch["act"])), np.int64)
        for row, option in zip(rows, options, strict=True):
            _encode(option, row, len(state.zone))
        found = np.zeros(len(options))
        rollouts(self.kit, self.start, self.work, self.scratch, seed_words(seeds), rows,
                 self.steps, horizon, state.known, found)
        return found.tolist()


_made: dict[tuple[int, int, type, int], tuple[Table, Lookahead | None]] = {}
MOST_KEPT = 32  # tables x seats x models x threads kept at once (a sweep has a few)


def lookahead(table: Table, seats: int, policy: type) -> Lookahead | None:
    """The compiled rollouts for this table, seats and model player (None when the
    compiled engine cannot play them); made once and kept, one a thread (their records
    are working room: two threads must not share them)."""
    key = (id(table), seats, policy, threading.get_ident())
    kept = _made.get(key)
    if kept is None or kept[0] is not table:
        if len(_made) >= MOST_KEPT:
            _made.clear()
        steps = steps_of(policy)
        made = Lookahead(table, seats, steps) if steps and fits(table, seats) else None
        kept = _made[key] = (table, made)
    return kept[1]


def _load(b: np.void, state: GameState) -> None:
    """A game state into a board (`layout.board`'s fields)."""
    g = b["g"]
    g[:] = 0
    seats = len(state.players)
    g[G_CURRENT], g[G_TURN], g[G_DISCARDED] = state.current, state.turn, state.discarded
    g[G_OVER] = (WORLD_COMPLETE + 1) if state.over else 0
    g[G_STACK], g[G_PROCURED] = len(state.stack), len(state.procured)
    g[G_SEATS] = seats
    b["bag"], b["zone"], b["sealed_tokens"] = state.bag, state.zone, state.sealed_tokens
    b["ring"][:len(state.stack)] = list(state.stack)
    b["procured"][:len(state.procured)] = state.procured
    for s, space in enumerate(state.spaces):
        b["spaces"][s, :len(space)] = space
        b["depth"][s] = len(space)
    for s, p in enumerate(state.players):
        b["cell"][s], b["placed"][s], b["oink"][s] = p.cell, p.placed, p.oink
        b["tokens"][s] = p.tokens
        b["grid"][s, :] = -1
        b["grid"][s, :len(p.grid)] = p.grid
        b["sealed"][s, :] = 0
        b["sealed"][s, :len(p.sealed)] = p.sealed


def _encode(action: Action, row: np.ndarray, elements: int) -> None:
    """An action as a row (`layout`'s ACT_* fields)."""
    row[ACT_KIND] = KINDS.index(action.kind)
    row[ACT_SPACE] = action.space if isinstance(action, Procure | Refresh) else -1
    row[ACT_CELL] = action.cell if isinstance(action, Procure | Move) else -1
    if isinstance(action, Blind):
        row[ACT_PAY:ACT_PAY + elements] = action.payment
    if isinstance(action, Trade):
        for k, (give, get) in enumerate(action.exchanges):
            at = ACT_PAY + elements + k * 2 * elements
            row[at:at + elements] = give
            row[at + elements:at + 2 * elements] = get
        row[ACT_EXCHANGES] = len(action.exchanges)
