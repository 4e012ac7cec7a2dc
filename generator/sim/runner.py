"""Run many games on any `concurrent.futures` executor, and summarise them.

Each game's seed comes from (run seed, game index) alone, each game's line-up of
player kinds is the run's line-up turned by the game index (so every seat meets every
kind equally often), and each batch comes back as whole-number totals that add up
exactly. So the report is the same whatever runs the batches: this process, local
worker processes (`--jobs`), or a Dask cluster (`--scheduler`, `generator.sim.executors`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass

from generator.core.model import Game
from generator.sim.game import play_game
from generator.sim.registry import PLAYERS
from generator.sim.stats import Summary, summarise
from generator.sim.tables import Table, build_table
from generator.sim.tally import Tally, merge_all, tally

Progress = Callable[[int], None]  # told how many more games are done
Check = Callable[[], None]  # raises when the executor can no longer finish the run
BATCH_MOST = 500  # games a batch at most: the progress bar moves, and memory stays small
CHECK_SECONDS = 0.5  # how often a wait for batches asks the executor's `check`


@dataclass(frozen=True)
class Work:
    """What every game of a run shares: the table, the line-up, the run's seed."""

    table: Table
    seats: int
    lineup: tuple[str, ...]  # kinds, one a seat, repeated to fill the seats
    seed: int

    def kinds(self, index: int) -> tuple[str, ...]:
        """The kind in each seat of game `index`: the line-up turned by `index`."""
        filled = [self.lineup[s % len(self.lineup)] for s in range(self.seats)]
        turn = index % self.seats
        return tuple(filled[turn:] + filled[:turn])


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (stable across Python versions)."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def run_batch(work: Work, start: int, stop: int) -> Tally:
    """Play games `start` to `stop - 1` of a run and total them."""
    results = []
    for i in range(start, stop):
        players = [PLAYERS[kind]() for kind in work.kinds(i)]
        results.append(play_game(work.table, players, game_seed(work.seed, i)))
    return tally(results)


def batches(games: int, workers: int) -> list[tuple[int, int]]:
    """Split the games into batches: several a worker, so the progress bar moves."""
    size = max(10, min(BATCH_MOST, games // (workers * 8) or 1))
    return [(s, min(s + size, games)) for s in range(0, games, size)]


def play_many(work: Work, games: int, executor: Executor | None = None, workers: int = 1,
              progress: Progress | None = None, check: Check | None = None) -> Tally:
    """Play `games` games, on `executor` if given (else here), and total them.

    While it waits for the executor, `check` (if given) is called every CHECK_SECONDS:
    a cluster left without workers would otherwise keep the run waiting for ever.
    """
    parts = batches(games, workers)
    if executor is None:
        done = []
        for start, stop in parts:
            done.append(run_batch(work, start, stop))
            if progress:
                progress(stop - start)
        return merge_all(done)
    futures = {executor.submit(run_batch, work, start, stop): stop - start
               for start, stop in parts}
    done = []
    for future in _finished(futures, check):
        done.append(future.result())
        if progress:
            progress(futures[future])
    return merge_all(done)


def _finished(futures: Iterable[Future], check: Check | None) -> Iterator[Future]:
    """The futures as they finish, calling `check` every CHECK_SECONDS meanwhile."""
    pending = set(futures)
    while pending:
        # as_completed watches every future once a call (wait() would, once a future:
        # quadratic in the 20,000 batches of ten million games), so it is called again
        # only when its time is up.
        try:
            for future in as_completed(pending, timeout=CHECK_SECONDS if check else None):
                pending.discard(future)
                yield future
        except TimeoutError:
            pass
        if check and pending:
            check()


def check_lineup(lineup: Sequence[str], seats: int) -> tuple[str, ...]:
    """The line-up as a tuple; ValueError for an unknown kind or more kinds than seats."""
    unknown = [k for k in lineup if k not in PLAYERS]
    if unknown or not lineup:
        raise ValueError(f"unknown player {', '.join(unknown) or '(none)'}; known: "
                         f"{', '.join(sorted(PLAYERS))}")
    if len(lineup) > seats:
        raise ValueError(f"{len(lineup)} kinds of player for {seats} seats")
    return tuple(lineup)


def check_seats(game: Game, seats: int) -> None:
    """ValueError unless the rules (and the Oinks there are) allow `seats` players."""
    rules = game.rules
    most = min(rules.players_max, len(game.oinks))
    if not rules.players_min <= seats <= most:
        raise ValueError(f"{seats} players; the rules allow {rules.players_min}-{most} players")


def simulate(game: Game, games: int, seats: int, seed: int = 0,
             lineup: Sequence[str] = ("greedy",), executor: Executor | None = None,
             workers: int = 1, progress: Progress | None = None,
             check: Check | None = None) -> Summary:
    """Simulate `games` games of `seats` players and summarise them (`check` as for
    `play_many`)."""
    check_seats(game, seats)
    if games < 1:
        raise ValueError("simulate at least one game")
    work = Work(build_table(game), seats, check_lineup(lineup, seats), seed)
    totals = play_many(work, games, executor, workers, progress, check)
    return summarise(totals, work.table, seats, seed, ",".join(work.lineup))
