"""One whole simulated game: setup, the turn loop, and its frozen result.

`play_game` is deterministic: the same table, players and seed give the same result.
The game's randomness (shuffles, the Oinks dealt, blind draws) and the players'
randomness come from two generators derived from the seed, so a player's choices never
shift the bag.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from generator.sim.actions import BLOCKS, KINDS, Legal
from generator.sim.engine import apply, draw_tokens, refill_spaces, scores
from generator.sim.players import Player
from generator.sim.race import SCORING, Race, RaceResult
from generator.sim.state import EMPTY, GameState, PlayerState
from generator.sim.tables import Table

# A completed world ends the game, and so does the backstop (the draft rule
# `backstop.rounds`: a game no world has ended stops when that round is over); both are
# scored. The other two are the simulator giving up on a game that cannot finish: too
# long, or nobody can act.
WORLD_COMPLETE, BACKSTOP = "world complete", "backstop"
TURN_CAP, DEADLOCK = "turn cap", "nobody can act"
ENDINGS = (WORLD_COMPLETE, BACKSTOP, TURN_CAP, DEADLOCK)
SCORED = frozenset({WORLD_COMPLETE, BACKSTOP})
WIN_UNITS = 840  # one win in whole units: 840 divides by 1..8, so a tie's share is whole


@dataclass(frozen=True)
class GameResult:
    """What one game produced; the statistics are built from these alone."""

    seats: int
    turns: int
    end: str  # one of ENDINGS; a game that ends in one of SCORED is a finished game
    winners: tuple[int, ...]  # seats with the most points; empty for a stalled game
    scores: tuple[int, ...]  # points by seat when the game stopped
    oinks: tuple[int, ...]  # element index of each seat's Oink (dealt at random)
    players: tuple[str, ...]  # the kind of player in each seat
    actions: tuple[int, ...]  # how often each of KINDS was played
    procured: tuple[int, ...]  # tiles placed by procure (face up or blind), as indices of
    # `Table.designs`: a copy counts as its tile, so a take rate is per tile, not per copy
    blocked: tuple[int, ...]  # per BLOCKS cause: turns on which no procure was legal
    bag_dry: tuple[int, ...]  # per element: turns that began with none of it in the bag
    sealed_tokens: tuple[int, ...]  # per element: tokens resting on seals at the end
    sources: tuple[tuple[int, int, int], ...]  # per seat: points from matching insignias,
    # other insignias on sealed tiles, and insignias on unsealed tiles
    sealed_tiles: tuple[int, ...]  # per seat: sealed tiles in the world at the end
    placed_tiles: tuple[int, ...]  # per seat: tiles in the world at the end
    discarded: int  # tokens discarded down to the Oink's capacity
    counted: int = 0  # turns whose legal actions were counted (all, or none: `play_game`)
    options: int = 0  # legal actions summed over those turns (`Legal.count`)
    choices: int = 0  # those of them with more than one legal action
    race: RaceResult | None = None  # the score race (`generator.sim.race`)
    worlds: tuple[tuple[int, ...], ...] = ()  # per seat: the designs in its world at the
    # end (indices of `Table.designs`, each once, sorted)

    @property
    def finished(self) -> bool:
        """True when the game ended by a rule of the book (not stalled)."""
        return self.end in SCORED


def setup(table: Table, players: Sequence[Player], rng: random.Random,
          prng: random.Random) -> GameState:
    """Deal tiles and Oinks, draw starting tokens, open the trade zone, split the tiles."""
    rules, seats = table.rules, len(players)
    most = min(rules.players_max, len(table.oinks))
    if not rules.players_min <= seats <= most:
        raise ValueError(f"{seats} players; the rules allow {rules.players_min}-{most}")
    order = list(range(len(table.tile_ids)))
    rng.shuffle(order)
    # The seed deals each player an Oink at random, so seat and element are separate.
    state = GameState(table, seats, rng, tuple(rng.sample(table.oinks, seats)))
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
    for e, n in enumerate(state.bag):  # the book opens the trade zone after the draws
        state.zone[e] = min(n, rules.trade_zone_start)
        state.bag[e] -= state.zone[e]
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


def sources(state: GameState, me: PlayerState) -> tuple[int, int, int]:
    """A player's points by where they come from (`sources_of`)."""
    return sources_of(state.table, me.oink, me.grid, me.sealed)


def sources_of(table: Table, oink: int, grid: Sequence[int], sealed: Sequence[bool]
               ) -> tuple[int, int, int]:
    """The points of a world (`grid`, `sealed`) under an Oink of element `oink`, by where
    they come from: matching insignias on sealed tiles, other insignias on sealed tiles,
    insignias on unsealed tiles."""
    rules, insignias = table.rules, table.insignias
    match = other = loose = 0
    for cell, tile in enumerate(grid):
        if tile == EMPTY:
            continue
        for e in insignias[tile]:
            if not sealed[cell]:
                loose += rules.score_unsealed
            elif e == oink:
                match += rules.score_match
            else:
                other += rules.score_other
    return match, other, loose


class Log:
    """What the turn loop counts, turn by turn, for the result."""

    __slots__ = ("bag_dry", "blocked", "choices", "counted", "kinds", "options", "passes")

    def __init__(self, table: Table, count: bool = True):
        self.kinds = dict.fromkeys(KINDS, 0)
        self.blocked = [0] * len(BLOCKS)
        self.bag_dry = [0] * len(table.elements)
        self.passes = 0  # passes in a row: a whole round of them means nobody can act
        self.counted = 0 if count else -1  # turns whose legal actions were counted; -1: none
        self.options = self.choices = 0  # legal actions offered; turns with a choice

    def before(self, state: GameState, legal: Legal) -> None:
        """Count what the player to move faces."""
        if self.counted >= 0:
            offered = legal.count()
            self.counted += 1
            self.options += offered
            self.choices += offered > 1
        block = legal.procure_block()
        if block >= 0:
            self.blocked[block] += 1
        for e, n in enumerate(state.bag):
            if not n:
                self.bag_dry[e] += 1

    def after(self, kind: str) -> None:
        """Count the action played."""
        self.kinds[kind] += 1
        self.passes = self.passes + 1 if kind == "pass" else 0


def play_game(table: Table, players: Sequence[Player], seed: int, race: bool = True,
              count: bool = True) -> GameResult:
    """Play one game to its end (or until it cannot finish) and return what happened.

    What only the researchers' metrics need can be left out, for the same game played
    faster: the score race (`race`, a few per cent of a game's time) and the legal
    actions counted every turn (`count`, near a third)."""
    rng = random.Random(seed)
    prng = random.Random(rng.getrandbits(64))
    state = setup(table, players, rng, prng)
    log, end, seats = Log(table, count), TURN_CAP, len(players)
    scored = Race(state) if race else None
    while state.turn < table.rules.turn_cap:
        player, legal = players[state.current], Legal(state)
        log.before(state, legal)
        action = player.choose(state, legal, prng)
        apply(state, action, player, prng)
        log.after(action.kind)
        state.turn += 1
        if scored is not None and action.kind in SCORING:  # only these change points
            scored.played(state, state.current, state.turn)
        stop = stopped(state, log.passes)
        if stop:
            end = stop
            break
        state.current = (state.current + 1) % seats
    return _result(state, players, end, log, scored)


def stopped(state: GameState, passes: int) -> str:
    """How the game ends after the turn just played ("" while it goes on): a completed
    world; the backstop, once its last round is over (the state is then over too); or a
    round of passes in a row."""
    seats = len(state.players)
    if not state.over and state.turn >= state.rules.backstop_rounds * seats:
        state.over, state.reason = True, BACKSTOP
    if state.over:
        return state.reason  # WORLD_COMPLETE or BACKSTOP
    return DEADLOCK if passes >= seats else ""


def _result(state: GameState, players: Sequence[Player], end: str, log: Log,
            race: Race | None) -> GameResult:
    final = scores(state)
    winners: tuple[int, ...] = ()
    if end in SCORED:
        winners = tuple(s for s, v in enumerate(final) if v == max(final))
    me, design_of = state.players, state.table.design_of
    return GameResult(
        seats=len(players), turns=state.turn, end=end, winners=winners, scores=final,
        oinks=tuple(p.oink for p in me), players=tuple(p.name for p in players),
        actions=tuple(log.kinds.values()), procured=tuple(design_of[t] for t in state.procured),
        blocked=tuple(log.blocked), bag_dry=tuple(log.bag_dry),
        sealed_tokens=tuple(state.sealed_tokens),
        sources=tuple(sources(state, p) for p in me),
        sealed_tiles=tuple(sum(p.sealed) for p in me),
        placed_tiles=tuple(p.placed for p in me), discarded=state.discarded,
        counted=max(0, log.counted), options=log.options, choices=log.choices,
        race=race.result(state.turn) if race else None,
        worlds=tuple(tuple(sorted({design_of[t] for t in p.grid if t != EMPTY})) for p in me))
