"""The turn-by-turn log of one seeded game, for the rulebook's example of play.

`turn_log` plays the opening turns of a game exactly as `game.play_game` plays them
(the same setup, the same two random generators derived from the seed, the same
engine) and records what every turn did: the action, the choices the engine asked the
player for (discards, a blind tile's cell), and each player's Oink and world before
and after. A test replays the log through the engine and compares.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.core.model import Game
from generator.sim.actions import Action, Legal
from generator.sim.engine import apply
from generator.sim.game import SCORED, setup, sources, stopped
from generator.sim.registry import PLAYERS
from generator.sim.state import GameState
from generator.sim.tables import Table, build_table


@dataclass(frozen=True)
class Seat:
    """One player as the table shows them: Oink element, tokens and world."""

    oink: int  # element index of the Oink
    tokens: tuple[int, ...]  # counts by element index
    grid: tuple[int, ...]  # tile index per world cell (-1: empty)
    sealed: tuple[bool, ...]
    cell: int  # where the Oink stands


@dataclass(frozen=True)
class Board:
    """The shared table: the trade zone, the bag, each face-up top tile, stack O."""

    zone: tuple[int, ...]
    bag: tuple[int, ...]
    tops: tuple[int, ...]  # the top tile of each face-up space (-1: empty)
    stack: int  # tiles in stack O


@dataclass(frozen=True)
class LoggedTurn:
    """One turn: who played what, the choices asked of them, and the table after."""

    number: int  # 1-based
    seat: int
    action: Action
    discarded: tuple[int, ...]  # tokens discarded down to the capacity (counts)
    revealed: int  # the tile a blind procure revealed (-1: none)
    placed_cell: int  # where a blind tile went (-1: not placed or not blind)
    before: Seat
    after: Seat
    board: Board  # after the turn


@dataclass(frozen=True)
class PlayLog:
    """A seeded game, or its opening: the table after setup, then each turn."""

    table: Table
    seed: int
    kinds: tuple[str, ...]
    seats: tuple[Seat, ...]  # after setup
    board: Board  # after setup
    turns: tuple[LoggedTurn, ...]
    end: str = ""  # how the game ended (one of `game.ENDINGS`); "" if the log stops first
    points: tuple[tuple[int, int, int], ...] = ()  # per seat when the log stops: matching,
    # other and unsealed insignias' points (`game.sources`)

    @property
    def finished(self) -> bool:
        """True when the log runs to the game's end by a rule: the final scoring."""
        return self.end in SCORED


class _Recorder:
    """Passes the engine's questions to the player and notes the answers."""

    def __init__(self, player):
        self.player = player
        self.discarded: tuple[int, ...] = ()
        self.placed = -1

    def place(self, state, tile, cells, rng):
        self.placed = self.player.place(state, tile, cells, rng)
        return self.placed

    def discard(self, state, excess, rng):
        self.discarded = tuple(self.player.discard(state, excess, rng))
        return self.discarded


def seat_of(state: GameState, seat: int) -> Seat:
    """A frozen copy of one player's Oink and world."""
    p = state.players[seat]
    return Seat(p.oink, tuple(p.tokens), tuple(p.grid), tuple(p.sealed), p.cell)


def board_of(state: GameState) -> Board:
    """A frozen copy of the shared table."""
    return Board(tuple(state.zone), tuple(state.bag),
                 tuple(space[-1] if space else -1 for space in state.spaces), len(state.stack))


def turn_log(game: Game, seed: int, seats: int = 2, turns: int = 4,
             kind: str = "greedy") -> PlayLog:
    """The first `turns` turns of the game `play_game` plays with this seed (or fewer,
    if the game ends sooner), every player of kind `kind`."""
    table = build_table(game)
    players = [PLAYERS[kind]() for _ in range(seats)]
    rng = random.Random(seed)
    prng = random.Random(rng.getrandbits(64))  # as play_game derives it
    state = setup(table, players, rng, prng)
    opening = tuple(seat_of(state, s) for s in range(seats)), board_of(state)
    logged, passes, end = [], 0, ""
    for number in range(1, turns + 1):
        seat = state.current
        player, before = players[seat], seat_of(state, seat)
        action = player.choose(state, Legal(state), prng)
        stack_before = state.stack[0] if state.stack else -1
        recorder = _Recorder(player)
        apply(state, action, recorder, prng)
        revealed = stack_before if action.kind == "blind" else -1
        logged.append(LoggedTurn(number, seat, action, recorder.discarded, revealed,
                                 recorder.placed, before, seat_of(state, seat), board_of(state)))
        state.turn += 1
        passes = passes + 1 if action.kind == "pass" else 0
        end = stopped(state, passes)  # as play_game stops
        if end:
            break
        state.current = (state.current + 1) % seats
    return PlayLog(table, seed, tuple(p.name for p in players), *opening, tuple(logged), end,
                   tuple(sources(state, p) for p in state.players))
