"""One whole simulated game: setup, the turn loop, and its frozen result.

`play_game` is deterministic: the same table, players and seed give the same result.
The game's randomness (shuffles, blind draws) and the players' randomness come from
two generators derived from the seed, so a player's choices never shift the bag.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from generator.sim.actions import KINDS, Legal
from generator.sim.engine import apply, draw_tokens, refill_spaces, scores, supply_exhausted
from generator.sim.players import Player
from generator.sim.state import GameState
from generator.sim.tables import Table

WORLD_COMPLETE, TURN_CAP, NO_TILES = "world complete", "turn cap", "no tiles left"
ENDINGS = (WORLD_COMPLETE, TURN_CAP, NO_TILES)


@dataclass(frozen=True)
class GameResult:
    """What one game produced; the statistics are built from these alone."""

    seats: int
    turns: int
    end: str  # one of ENDINGS; only WORLD_COMPLETE is a finished game
    winners: tuple[int, ...]  # seats with the most points; empty for a stalled game
    scores: tuple[int, ...]  # points by seat when the game stopped
    actions: tuple[int, ...]  # how often each of KINDS was played
    procured: tuple[int, ...]  # tile indices placed by procure (face up or blind)
    no_procure: int  # turns on which the player to move had no legal procure
    bag_dry: tuple[int, ...]  # per element: turns that began with none of it in the bag
    sealed_tokens: tuple[int, ...]  # per element: tokens resting on seals at the end

    @property
    def finished(self) -> bool:
        """True when a world was completed (not stalled)."""
        return self.end == WORLD_COMPLETE


def setup(table: Table, players: Sequence[Player], rng: random.Random,
          prng: random.Random) -> GameState:
    """Deal starting tiles, fill the trade zone, draw starting tokens, split the tiles."""
    rules, seats = table.rules, len(players)
    if not rules.players_min <= seats <= min(rules.players_max, len(table.oinks)):
        raise ValueError(f"{seats} players; the rules allow {rules.players_min}-"
                         f"{min(rules.players_max, len(table.oinks))}")
    state = GameState(table, seats, rng)
    order = list(range(len(table.tile_ids)))
    rng.shuffle(order)
    for e, n in enumerate(state.bag):
        state.zone[e] = min(n, rules.trade_zone_start)
        state.bag[e] -= state.zone[e]
    for seat, player in enumerate(players):
        dealt = [order.pop() for _ in range(rules.tiles_dealt)]
        tile, cell = player.start(state, seat, tuple(dealt), prng)
        if tile not in dealt or not 0 <= cell < table.cells:
            raise ValueError(f"seat {seat} chose tile {tile} in cell {cell}")
        me = state.players[seat]
        me.grid[cell], me.cell, me.placed = tile, cell, 1
        dealt.remove(tile)
        order.extend(dealt)
    rng.shuffle(order)  # the returned tiles must not sit in a known place
    for me in state.players:
        draw_tokens(state, me, rules.starting_tokens)
    _split(state, order)
    return state


def _split(state: GameState, order: list[int]) -> None:
    """Split the stack as evenly as possible: face-up spaces first, then O."""
    piles = len(state.spaces) + 1
    size, extra = divmod(len(order), piles)
    start = 0
    for i in range(piles):
        stop = start + size + (1 if i < extra else 0)
        chunk = order[start:stop]
        if i < len(state.spaces):
            state.spaces[i] = chunk
        else:
            state.stack = deque(chunk)
        start = stop
    refill_spaces(state)


def play_game(table: Table, players: Sequence[Player], seed: int) -> GameResult:
    """Play one game to its end (or to the turn cap) and return what happened."""
    rng = random.Random(seed)
    prng = random.Random(rng.getrandbits(64))
    state = setup(table, players, rng, prng)
    elements = range(len(table.elements))
    kinds = dict.fromkeys(KINDS, 0)
    bag_dry = [0] * len(table.elements)
    no_procure, cap, seats, end = 0, table.rules.turn_cap, len(players), TURN_CAP
    while state.turn < cap:
        if supply_exhausted(state):
            end = NO_TILES
            break
        seat = state.current
        player = players[seat]
        legal = Legal(state)
        if not legal.can_procure():
            no_procure += 1
        bag = state.bag
        for e in elements:
            if not bag[e]:
                bag_dry[e] += 1
        action = player.choose(state, legal, prng)
        apply(state, action, player, prng)
        kinds[action.kind] += 1
        state.turn += 1
        if state.over:
            end = WORLD_COMPLETE
            break
        state.current = (seat + 1) % seats
    final = scores(state)
    winners = ()
    if end == WORLD_COMPLETE:
        best = max(final)
        winners = tuple(s for s, v in enumerate(final) if v == best)
    return GameResult(seats, state.turn, end, winners, final, tuple(kinds.values()),
                      tuple(state.procured), no_procure, tuple(bag_dry),
                      tuple(state.sealed_tokens))
