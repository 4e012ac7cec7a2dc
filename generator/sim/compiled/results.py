"""From the compiled engine's rows to `GameResult`s, and which games it can play.

This is the one door to the compiled engine: `compiled_steps` says whether a line-up
can be played compiled, and `play_compiled` plays seeded games and returns what
`game.play_game` would for each.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numba
import numpy as np

from generator.sim.actions import BLOCKS
from generator.sim.compiled.layout import board, fits, kit, scratch
from generator.sim.compiled.play import (
    H_CHANGES,
    H_CHOICES,
    H_COUNTED,
    H_DISCARDED,
    H_END,
    H_GAP,
    H_OPTIONS,
    H_PROCURED,
    H_TURNS,
    Records,
    play_batch,
    records,
)
from generator.sim.compiled.players import step_table, steps_of
from generator.sim.compiled.streams import seed_words
from generator.sim.game import ENDINGS, SCORED, GameResult, play_game, sources_of
from generator.sim.race import RaceResult
from generator.sim.registry import PLAYERS, make_player
from generator.sim.tables import Table


def compiled_steps(table: Table, kinds: Sequence[str]) -> list[tuple[int, ...]] | None:
    """Each seat's step list when every kind is a compiled rule-list player and the table
    fits the compiled engine; else None (the Python engine plays)."""
    if not fits(table, len(kinds)) or any(k not in PLAYERS for k in kinds):
        return None
    steps = [steps_of(PLAYERS[k]) for k in kinds]
    return None if None in steps else steps  # type: ignore[return-value]


COMPILING = ("compiling the simulator's engine: once for this version of tkg, about 20 s "
             "(kept in your cache folder)")
WAITING = "another tkg is compiling the simulator's engine: waiting for it"


# The compiled functions a run starts from: the rule-list games and the rollouts.
ENTRIES = ("play.play_batch", "rollouts.rollouts")


def compiled_ready() -> bool:
    """True when the cache folder holds the engine's machine code (from an earlier run
    of this version), so starting it takes a second, not a compile."""
    cache = Path(numba.config.CACHE_DIR)  # type: ignore[attr-defined]
    return all(any(cache.rglob(f"{entry}-*.nbi")) for entry in ENTRIES)


def warm_up(table: Table, seats: int) -> None:
    """Load the compiled engine here, compiling it if it must (a game of the rule-list
    players, and one of a planner's, rolling out twice a move): worker processes then
    load it from the cache instead of each compiling it at once."""
    play_compiled(table, [("greedy",) * seats], [0], [False])
    play_game(table, [make_player("planner@2", compiled=True)]
              + [make_player("sealer")] * (seats - 1), 0, race=False, count=False)


def play_compiled(table: Table, lineups: Sequence[Sequence[str]], seeds: Sequence[int],
                  counted: Sequence[bool]) -> list[GameResult]:
    """The games `game.play_game` would play (one a seed, with its line-up, counting its
    legal actions where `counted` says), played by the compiled engine. Every line-up
    must pass `compiled_steps` and have the same number of seats."""
    seats = len(lineups[0])
    arrays = kit(table)
    # One look-up a line-up (a batch has as many line-ups as seats), not one a game.
    lists = {tuple(kinds): compiled_steps(table, kinds) for kinds in set(map(tuple, lineups))}
    rows = step_table([s for kinds in lineups
                       for s in lists[tuple(kinds)]])  # type: ignore[union-attr]
    steps = rows.reshape(len(seeds), seats, rows.shape[1])
    words = seed_words(seeds)
    rec = records(len(seeds), seats, len(table.elements), table.cells, len(table.tile_ids),
                  len(BLOCKS))
    play_batch(arrays, board(arrays, seats), scratch(arrays), words, steps,
               np.array(counted, np.bool_), rec)
    return [_result(table, rec, row, tuple(kinds)) for row, kinds in enumerate(lineups)]


def _result(table: Table, rec: Records, row: int, players: tuple[str, ...]) -> GameResult:
    head = [int(v) for v in rec.head[row]]
    end = ENDINGS[head[H_END]]
    scores = tuple(int(v) for v in rec.scores[row])
    winners = tuple(s for s, v in enumerate(scores) if v == max(scores)) if end in SCORED \
        else ()
    oinks = tuple(int(v) for v in rec.oinks[row])
    grids, sealed = rec.grids[row].tolist(), rec.sealed[row].tolist()
    design_of = table.design_of
    turns = head[H_TURNS]
    return GameResult(
        seats=len(players), turns=turns, end=end, winners=winners, scores=scores,
        oinks=oinks, players=players, actions=tuple(rec.actions[row].tolist()),
        procured=tuple(design_of[t] for t in rec.procured[row, :head[H_PROCURED]].tolist()),
        blocked=tuple(rec.blocked[row].tolist()), bag_dry=tuple(rec.bag_dry[row].tolist()),
        sealed_tokens=tuple(rec.sealed_tokens[row].tolist()),
        sources=tuple(sources_of(table, oinks[s], grids[s], sealed[s])
                      for s in range(len(players))),
        sealed_tiles=tuple(sum(1 for v in sealed[s] if v) for s in range(len(players))),
        placed_tiles=tuple(sum(1 for t in grids[s] if t >= 0) for s in range(len(players))),
        discarded=head[H_DISCARDED], counted=head[H_COUNTED], options=head[H_OPTIONS],
        choices=head[H_CHOICES],
        race=RaceResult(turns + 1, head[H_CHANGES], head[H_GAP],
                        tuple(rec.trailing[row].tolist()), tuple(rec.behind[row].tolist())),
        worlds=tuple(tuple(sorted({design_of[t] for t in grid if t >= 0})) for grid in grids))
