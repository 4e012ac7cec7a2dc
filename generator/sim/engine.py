"""Applying an action to a game state: the rules of a turn, the end condition, the scores.

`apply` checks the action is legal (raising `IllegalAction` otherwise) and then changes
the state. The player to move makes the choices an action leaves open (the cell of a
blind tile, the tokens to discard), as the rulebook lets them. Every token an action
moves goes between the bag, the trade zone, an Oink and the seals, so the supply of each
element stays whole; every tile moves between the face-up spaces, stack O and the worlds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from generator.sim.actions import (
    Action,
    Blind,
    Draw,
    Legal,
    Move,
    Pass,
    Procure,
    Refresh,
    Seal,
    Trade,
    can_draw,
    takes_back,
)
from generator.sim.state import EMPTY, GameState, PlayerState, put_on_top, take_bottom


class IllegalAction(ValueError):
    """Raised by `apply` when an action breaks the rules in the given state."""


class Chooser(Protocol):
    """The player to move, asked for the choices an action leaves to them."""

    def place(self, state: GameState, tile: int, cells: list[int],
              rng: random.Random) -> int | None: ...

    def discard(self, state: GameState, excess: int, rng: random.Random) -> tuple[int, ...]: ...


def refill_bag(state: GameState) -> None:
    """Tip the trade zone into the empty bag, keeping `trade_zone_start` of each element."""
    keep = state.rules.trade_zone_start
    for e, n in enumerate(state.zone):
        if n > keep:
            state.bag[e] += n - keep
            state.zone[e] = keep


def draw_tokens(state: GameState, me: PlayerState, count: int) -> None:
    """Draw up to `count` tokens blind; refill the bag the moment it runs out.

    The Oink may hold more than its capacity afterwards: `discard` brings it back."""
    bag, rng = state.bag, state.rng
    if not any(bag):
        refill_bag(state)
    for _ in range(count):
        total = sum(bag)
        if not total:
            break
        r = rng.randrange(total)
        e = 0
        while r >= bag[e]:
            r -= bag[e]
            e += 1
        bag[e] -= 1
        me.tokens[e] += 1
        if total == 1:
            refill_bag(state)


def discard(state: GameState, me: PlayerState, chooser: Chooser, rng: random.Random) -> None:
    """Discard down to the Oink's capacity, the tokens the player chooses, into the zone."""
    excess = sum(me.tokens) - state.rules.oink_capacity
    if excess <= 0:
        return
    chosen = tuple(chooser.discard(state, excess, rng))
    if sum(chosen) != excess or len(chosen) != len(me.tokens):
        raise IllegalAction(f"discard exactly {excess} tokens, not {chosen}")
    _pay(state, me, chosen, state.zone)
    state.discarded += excess


def _pay(state: GameState, me: PlayerState, counts, into: list[int]) -> None:
    tokens = me.tokens
    if any(c < 0 or c > t for c, t in zip(counts, tokens, strict=True)):
        raise IllegalAction(f"the Oink cannot pay {counts} from {tokens}")
    for e, c in enumerate(counts):
        tokens[e] -= c
        into[e] += c


def tile_cost(state: GameState, tile: int) -> list[int]:
    """The tokens that pay for a tile, face up or as a seal: one per insignia."""
    cost = [0] * len(state.table.elements)
    for e in state.table.insignias[tile]:
        cost[e] += 1
    return cost


def _place(state: GameState, me: PlayerState, tile: int, cell: int) -> None:
    me.grid[cell] = tile
    me.placed += 1
    state.procured.append(tile)
    rules = state.rules
    if me.placed >= rules.end_tiles and me.connected_tiles(state.table) >= rules.end_tiles:
        state.over, state.reason = True, "world complete"


def refill_spaces(state: GameState) -> None:
    """Refill every empty face-up space from the bottom of stack O."""
    for space in state.spaces:
        if not space and state.stack:
            space.append(take_bottom(state))


def _draw(state: GameState, me: PlayerState, action: Draw, chooser: Chooser, rng) -> None:
    if not can_draw(state):
        raise IllegalAction("the bag and the trade zone have nothing to draw")
    draw_tokens(state, me, state.rules.draw_count)
    discard(state, me, chooser, rng)


def _trade(state: GameState, me: PlayerState, action: Trade, chooser: Chooser, rng) -> None:
    rules = state.rules
    if not action.exchanges:
        raise IllegalAction("a trade needs at least one exchange")
    given = [sum(g) for g in zip(*(give for give, _ in action.exchanges), strict=True)]
    taken = [sum(t) for t in zip(*(get for _, get in action.exchanges), strict=True)]
    if not rules.trade_back and takes_back(given, taken):
        raise IllegalAction("a trade cannot take back an element it gives")
    # Work on copies so a refused trade leaves the state untouched.
    tokens, zone = list(me.tokens), list(state.zone)
    received = [0] * len(tokens)  # a token taken in this trade is never given in it
    for give, get in action.exchanges:
        if sum(give) != rules.trade_give or sum(get) != rules.trade_get:
            raise IllegalAction(f"an exchange gives {rules.trade_give} for {rules.trade_get}")
        for e, (g, t) in enumerate(zip(give, get, strict=True)):
            if g < 0 or t < 0 or g > tokens[e] - received[e]:
                raise IllegalAction(f"the Oink cannot give {give} (of what it held before)")
            tokens[e] -= g
            zone[e] += g
        for e, t in enumerate(get):
            if t > zone[e]:
                raise IllegalAction(f"the trade zone lacks {get}")
            zone[e] -= t
            tokens[e] += t
            received[e] += t
    me.tokens[:] = tokens
    state.zone[:] = zone
    discard(state, me, chooser, rng)  # only when a trade gets more than it gives


def _procure(state: GameState, me: PlayerState, action: Procure, chooser: Chooser,
             rng) -> None:
    if not 0 <= action.space < len(state.spaces) or not state.spaces[action.space]:
        raise IllegalAction(f"face-up space {action.space} has no tile")
    tile = state.spaces[action.space][-1]
    if action.cell not in Legal(state).placement_cells(tile):
        raise IllegalAction(f"tile {state.table.tile_ids[tile]} cannot go in cell "
                            f"{state.table.cell_name(action.cell)}")
    _pay(state, me, tile_cost(state, tile), state.zone)
    state.spaces[action.space].pop()
    _place(state, me, tile, action.cell)
    refill_spaces(state)


def _blind(state: GameState, me: PlayerState, action: Blind, chooser: Chooser, rng) -> None:
    if sum(action.payment) != state.rules.blind_cost or not state.stack:
        raise IllegalAction(f"a blind procure pays {state.rules.blind_cost} tokens from O")
    _pay(state, me, action.payment, state.zone)
    tile = take_bottom(state)
    cells = Legal(state).placement_cells(tile)
    if not cells:
        put_on_top(state, tile)  # face down on top of O (every player saw it)
        refill_spaces(state)  # a space emptied while O was bare takes the returned tile
        return
    cell = chooser.place(state, tile, cells, rng)
    if cell is None:  # the book: a tile that fits *may* be placed (rules.blind_choice)
        put_on_top(state, tile)  # declined: face down on top of O
    elif cell not in cells:
        raise IllegalAction(f"cell {cell} is not one of {cells}")
    else:
        _place(state, me, tile, cell)
    refill_spaces(state)


def _move(state: GameState, me: PlayerState, action: Move, chooser: Chooser, rng) -> None:
    if action.cell == me.cell or action.cell not in me.reachable(state.table):
        raise IllegalAction(f"the Oink cannot reach cell {action.cell}")
    me.cell = action.cell


def _refresh(state: GameState, me: PlayerState, action: Refresh, chooser: Chooser,
             rng) -> None:
    if not 0 <= action.space < len(state.spaces) or not state.spaces[action.space]:
        raise IllegalAction(f"face-up space {action.space} has no tile")
    put_on_top(state, state.spaces[action.space].pop())
    refill_spaces(state)


def _seal(state: GameState, me: PlayerState, action: Seal, chooser: Chooser, rng) -> None:
    if me.sealed[me.cell]:
        raise IllegalAction("the tile under the Oink is sealed already")
    # rules.seal.tokens: on the tile for good, or paid into the trade zone like a tile.
    into = state.zone if state.rules.seal_tokens == "trade_zone" else state.sealed_tokens
    _pay(state, me, tile_cost(state, me.grid[me.cell]), into)
    me.sealed[me.cell] = True


def _pass(state: GameState, me: PlayerState, action: Pass, chooser: Chooser, rng) -> None:
    if Legal(state).by_kind().keys() != {"pass"}:
        raise IllegalAction("you may never pass while any action is legal")


# A blind procure is offered with procuring (a pass is no action: always there).
_OFFERED_AS = {"blind": "procure"}

APPLY: dict[type, Callable] = {
    Draw: _draw, Trade: _trade, Procure: _procure, Blind: _blind, Move: _move,
    Refresh: _refresh, Seal: _seal, Pass: _pass,
}


def apply(state: GameState, action: Action, chooser: Chooser, rng: random.Random) -> None:
    """Carry out `action` for the player to move; `chooser` (that player) picks a blind
    tile's cell and the tokens to discard."""
    handler = APPLY.get(type(action))
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    kind = action.kind
    if kind != "pass" and _OFFERED_AS.get(kind, kind) not in state.rules.actions:
        raise IllegalAction(f"a turn does not offer {action.kind} (rules.turn.actions)")
    handler(state, state.players[state.current], action, chooser, rng)


def scores(state: GameState) -> tuple[int, ...]:
    """Each player's points now (precomputed by `generator.core.scoring.tile_points`)."""
    return tuple(score(state, p) for p in state.players)


def score(state: GameState, player: PlayerState) -> int:
    """One player's points now."""
    table = state.table
    sealed, unsealed = table.sealed_points[player.oink], table.unsealed_points[player.oink]
    return sum((sealed if player.sealed[c] else unsealed)[t]
               for c, t in enumerate(player.grid) if t != EMPTY)
