"""The numbers the rulebook quotes from simulated play: how long a game lasts, and how
often the backstop ends one.

The book plays `BOOK_GAMES` greedy games for the fewest and for the most players the
rules allow, seeded 0, 1, 2 ..., so the same content quotes the same numbers. The
figures are kept in the build's memo under what the engine reads (its table), so a
build plays them again only when a rule or what a tile bears changes.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, replace

from generator.core.digest import digest
from generator.core.memo import Memo
from generator.core.model import Game
from generator.load.digests import code_digest
from generator.sim.game import BACKSTOP, play_game
from generator.sim.greedy import GreedyPlayer
from generator.sim.tables import Table, build_table

BOOK_GAMES = 50  # games per player count: enough for a median (the report plays more),
# few enough that a cold build plays them in under half a second


@dataclass(frozen=True)
class Played:
    """What `BOOK_GAMES` games for one number of players came to."""

    players: int
    games: int
    median_turns: float
    backstop: int  # games the backstop ended


def book_games(game: Game, memo: Memo) -> tuple[Played, ...]:
    """The simulated games the book quotes: one `Played` for the fewest and one for the
    most players (one only when they are the same)."""
    return tuple(played(game, seats, memo) for seats in book_counts(game))


def book_counts(game: Game) -> tuple[int, ...]:
    """The numbers of players the book plays games for: the fewest and the most."""
    return tuple(sorted({game.rules.players_min, game.rules.players_max}))


def played(game: Game, seats: int, memo: Memo) -> Played:
    """The book's games for `seats` players, played once for what the engine plays
    (the build plays them ahead, on both cores: `generator.products.checks`)."""
    # The book's games end by the book's rules: the simulator's turn cap never cuts one
    # short before the backstop ends it (so changing the cap changes no page).
    rules = replace(game.rules, turn_cap=game.rules.backstop_rounds * seats)
    table = build_table(replace(game, rules=rules))
    # The key is the engine's own table: a tile's name or flavour, a line moved in a
    # file (the content's positions), a draft flag or the example's seed plays no game
    # again; an insignia, a copy or a rule does.
    keyed = replace(table, rules=replace(rules, drafts=(), sections=()), design_names=())
    key = digest("book games", code_digest(), repr(keyed), str(seats), str(BOOK_GAMES))
    return memo.get(key, lambda: _played(table, seats))


def _played(table: Table, seats: int) -> Played:
    players = [GreedyPlayer() for _ in range(seats)]
    results = [play_game(table, players, seed, race=False, count=False)
               for seed in range(BOOK_GAMES)]
    return Played(seats, BOOK_GAMES, statistics.median(r.turns for r in results),
                  sum(r.end == BACKSTOP for r in results))
