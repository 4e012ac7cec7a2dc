"""Simulated players: the interface, a random player, a greedy heuristic, and the registry.

To add a player, write a class with the three methods of `Player` and add it to
`PLAYERS`; `tkg simulate --player NAME` then uses it. A player receives the engine's
state as a view: it must not change it, and a fair player does not look at the order
of stack O or the bag.
"""

from __future__ import annotations

import random
from typing import Protocol

from generator.sim.actions import DRAW, Action, Blind, Legal, Refresh, Trade
from generator.sim.engine import scores
from generator.sim.state import EMPTY, GameState, PlayerState


class Player(Protocol):
    """What the engine asks of a player."""

    name: str

    def start(self, state: GameState, seat: int, dealt: tuple[int, ...],
              rng: random.Random) -> tuple[int, int]:
        """Pick the starting tile among `dealt` and the world cell to put it in."""
        ...

    def choose(self, state: GameState, legal: Legal, rng: random.Random) -> Action:
        """Pick this turn's action (normally one of `legal`)."""
        ...

    def place(self, state: GameState, tile: int, cells: list[int],
              rng: random.Random) -> int:
        """Pick the cell for a blind tile that can be placed, among `cells`."""
        ...


class RandomPlayer:
    """Picks a legal kind of action at random, then a legal action of that kind."""

    name = "random"

    def start(self, state, seat, dealt, rng):
        """Any dealt tile, in any cell."""
        return rng.choice(dealt), rng.randrange(state.table.cells)

    def choose(self, state, legal, rng):
        """A random kind of legal action, then a random action of that kind."""
        # Kind first: otherwise the many ways to trade would crowd out everything else.
        groups = legal.by_kind()
        return rng.choice(groups[rng.choice(list(groups))])

    def place(self, state, tile, cells, rng):
        """Any offered cell."""
        return rng.choice(cells)


class GreedyPlayer:
    """Procures what extends its world, seals valuable tiles, trades toward what it needs.

    Order of preference each turn: procure the most valuable face-up tile (unless that
    would end the game while behind); seal the tile under the Oink; move to a better
    tile; trade when it completes a goal or the Oink is too full to draw; draw; procure
    blind; refresh a useless space; anything legal.
    """

    name = "greedy"

    def start(self, state, seat, dealt, rng):
        """The dealt tile worth most to this Oink once sealed, in the centre cell."""
        table = state.table
        points = table.sealed_points[table.oinks[seat]]
        tile = max(dealt, key=lambda t: (points[t], table.masks[t].bit_count(), -t))
        return tile, table.centre

    def place(self, state, tile, cells, rng):
        """The offered cell with the most room around it."""
        return _roomiest(state, state.me, cells)

    def choose(self, state, legal, rng):
        """The first worthwhile action in the order of preference above."""
        me, rules = state.me, state.rules
        procures = legal.procures()
        if procures and (me.placed + 1 < rules.end_tiles or _leading(state, me)):
            points = state.table.sealed_points[me.oink]
            space = max({a.space for a in procures},
                        key=lambda s: (points[state.spaces[s][-1]], -s))
            cell = _roomiest(state, me, [a.cell for a in procures if a.space == space])
            return next(a for a in procures if a.space == space and a.cell == cell)
        seal = legal.seal()
        if seal:
            return seal
        action = _move(state, me, legal) or _trade(state, me)
        if action:
            return action
        if sum(me.tokens) < rules.oink_capacity and legal.draw():
            return DRAW
        if legal.can_blind() and me.has_room(state.table, me.cell):
            return _blind(state, me)
        return _refresh(state, me) or legal.draw() or rng.choice(legal.all())


def _roomiest(state: GameState, me: PlayerState, cells: list[int]) -> int:
    """The cell with the most empty neighbours (lowest cell on ties)."""
    return max(cells, key=lambda c: (len(me.empty_neighbours(state.table, c)), -c))


def _leading(state: GameState, me: PlayerState) -> bool:
    """True when no opponent has more points (ending the game now would not lose)."""
    points = scores(state)
    return points[me.seat] >= max(points)


def _cell_worth(state: GameState, me: PlayerState, cell: int, hold: int,
                tops: list[tuple[int, bool]]) -> int:
    """How good a place for the Oink `cell` is: a tile to seal, room to grow.

    `tops` holds each face-up top tile's mask and whether the Oink can pay for it.
    """
    table = state.table
    tile = me.grid[cell]
    mask = table.masks[tile]
    worth = 0
    if not me.sealed[cell]:
        worth += table.sealed_points[me.oink][tile] + (2 if not mask & ~hold else 0)
    if me.has_room(table, cell):
        for top, affordable in tops:
            if top & mask:
                worth += 3 if affordable else 1
    return worth


def _move(state: GameState, me: PlayerState, legal: Legal):
    """Move when another reachable tile is worth more than the one under the Oink."""
    moves = legal.moves()
    if not moves:
        return None
    hold, masks = me.hold_mask(), state.table.masks
    tops = [(masks[s[-1]], not masks[s[-1]] & ~hold) for s in state.spaces if s]
    best = _cell_worth(state, me, me.cell, hold, tops)
    target = None
    for move in moves:
        worth = _cell_worth(state, me, move.cell, hold, tops)
        if worth > best:
            best, target = worth, move
    return target


def _goal(state: GameState, me: PlayerState, hold: int) -> int:
    """The insignia mask of the easiest goal still missing tokens (0 if none)."""
    table = state.table
    masks = [table.masks[t] for c, t in enumerate(me.grid) if t != EMPTY and not me.sealed[c]]
    growing = 0
    for c, t in enumerate(me.grid):
        if t != EMPTY and me.has_room(table, c):
            growing |= table.masks[t]
    masks += [table.masks[s[-1]] for s in state.spaces if s and table.masks[s[-1]] & growing]
    missing = [(bin(m & ~hold).count("1"), m) for m in masks if m & ~hold]
    return min(missing)[1] if missing else 0


def _trade(state: GameState, me: PlayerState):
    """Exchanges toward the easiest goal, when they complete it or drawing would overflow."""
    rules, elements = state.rules, len(state.table.elements)
    hold = me.hold_mask()
    goal = _goal(state, me, hold)
    if not goal:
        return None
    tokens, zone = list(me.tokens), list(state.zone)
    exchanges = []
    for e in range(elements):
        if not goal >> e & 1 or tokens[e]:
            continue
        spare = [n - (goal >> i & 1) if n else 0 for i, n in enumerate(tokens)]
        if sum(spare) < rules.trade_give:
            break
        give = [0] * elements
        for _ in range(rules.trade_give):
            i = spare.index(max(spare))
            spare[i] -= 1
            give[i] += 1
        after = [z + g for z, g in zip(zone, give, strict=True)]
        if after[e] < rules.trade_get:
            continue
        get = [0] * elements
        get[e] = rules.trade_get
        tokens = [t - g + r for t, g, r in zip(tokens, give, get, strict=True)]
        zone = [a - r for a, r in zip(after, get, strict=True)]
        exchanges.append((tuple(give), tuple(get)))
    complete = all(tokens[e] for e in range(elements) if goal >> e & 1)
    crowded = sum(me.tokens) + rules.draw_count > rules.oink_capacity
    if exchanges and (complete or crowded):
        return Trade(tuple(exchanges))
    return None


def _blind(state: GameState, me: PlayerState) -> Blind:
    """Pay the blind cost with the tokens the Oink holds most of."""
    tokens = list(me.tokens)
    pay = [0] * len(tokens)
    for _ in range(state.rules.blind_cost):
        i = tokens.index(max(tokens))
        tokens[i] -= 1
        pay[i] += 1
    return Blind(tuple(pay))


def _refresh(state: GameState, me: PlayerState):
    """Refresh a face-up space whose top tile connects to nothing that can grow."""
    table = state.table
    growing = 0
    for c, t in enumerate(me.grid):
        if t != EMPTY and me.has_room(table, c):
            growing |= table.masks[t]
    for s, space in enumerate(state.spaces):
        if space and not table.masks[space[-1]] & growing:
            return Refresh(s)
    return None


PLAYERS: dict[str, type] = {"greedy": GreedyPlayer, "random": RandomPlayer}
