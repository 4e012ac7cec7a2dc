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
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from functools import partial
from queue import Empty, SimpleQueue
from time import monotonic
from typing import TypeVar

from generator.core.interrupts import ctrl_c_held
from generator.core.model import Game
from generator.sim.game import GameResult, play_game
from generator.sim.registry import BUDGETED, PLAYERS, check_kind, make_player
from generator.sim.stats import Summary, summarise
from generator.sim.tables import Table, build_table
from generator.sim.tally import Tally, merge, merge_all, tally

T = TypeVar("T")
Progress = Callable[[int], None]  # told how many more games are done
Check = Callable[[], None]  # raises when the executor can no longer finish the run
MOST_GAMES = 10_000_000  # games a run (a variant's) may ask for
BATCH_MOST = 500  # games a batch at most: the progress bar moves, and memory stays small
CHECK_SECONDS = 0.5  # how often a wait for batches asks the executor's `check`
# One game in COUNT_EVERY (by index, so the same games whatever runs them) counts its legal
# actions every turn, for the branching factor and the decision moves: counting costs near
# a third of a game's time, and a random eighth of the games measures them as well.
COUNT_EVERY = 8
# Which engine plays a run's games (they play the same games: `generator.sim.compiled`).
# "auto" takes the compiled one for runs of COMPILED_FROM games or more, where its
# start-up (loading numba and the compiled code, about a second) pays for itself, and
# for the searching players at any length (their rollouts are most of their time).
ENGINES = ("auto", "compiled", "python")
COMPILED_FROM = 2_000


@dataclass(frozen=True)
class Work:
    """What every game of a run shares: the table, the line-up, the run's seed."""

    table: Table
    seats: int
    lineup: tuple[str, ...]  # kinds, one a seat, repeated to fill the seats
    seed: int
    compiled: bool = False  # play with the compiled engine where it knows the players

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
    return tally(play_range(work, start, stop))


def play_range(work: Work, start: int, stop: int) -> list[GameResult]:
    """Games `start` to `stop - 1` of a run, played by the compiled engine when the work
    asks for it and it knows every player, else by the Python engine: the same games."""
    if work.compiled:
        from generator.sim.compiled.results import compiled_steps, play_compiled

        lineups = [work.kinds(i) for i in range(start, stop)]
        if all(compiled_steps(work.table, kinds) for kinds in set(lineups)):
            return play_compiled(work.table, lineups,
                                 [game_seed(work.seed, i) for i in range(start, stop)],
                                 [i % COUNT_EVERY == 0 for i in range(start, stop)])
    return [play_one(work, i) for i in range(start, stop)]


def run_sweep_batch(works: Sequence[Work], baseline: int, start: int, stop: int
                    ) -> tuple[Tally, ...]:
    """Play games `start` to `stop - 1` under each variant's rules (`works`, one a
    variant, all with the run's seed), and total each, paired game by game with the same
    games under the current rules (`works[baseline]`)."""
    played = [play_range(work, start, stop) for work in works]
    return tuple(tally(results, None if v == baseline else played[baseline])
                 for v, results in enumerate(played))


def play_one(work: Work, index: int) -> GameResult:
    """Game `index` of a run, played."""
    players = [make_player(kind, work.compiled) for kind in work.kinds(index)]
    return play_game(work.table, players, game_seed(work.seed, index),
                     count=index % COUNT_EVERY == 0)


def batches(games: int, workers: int, start: int = 0) -> list[tuple[int, int]]:
    """Split the games `start` to `start + games - 1` into batches: several a worker, so
    the progress bar moves."""
    size = max(10, min(BATCH_MOST, games // (workers * 8) or 1))
    stop = start + games
    return [(s, min(s + size, stop)) for s in range(start, stop, size)]


def play_many(work: Work, games: int, executor: Executor | None = None, workers: int = 1,
              progress: Progress | None = None, check: Check | None = None,
              start: int = 0) -> Tally:
    """Play `games` games (from game number `start`), on `executor` if given (else
    here), and total them.

    While it waits for the executor, `check` (if given) is called every CHECK_SECONDS:
    a cluster left without workers would otherwise keep the run waiting for ever.
    """
    return merge_all(_run(partial(run_batch, work), batches(games, workers, start), executor,
                          progress, check))


def play_sweep(works: Sequence[Work], baseline: int, start: int, stop: int,
               executor: Executor | None = None, workers: int = 1,
               progress: Progress | None = None, check: Check | None = None
               ) -> list[Tally]:
    """Play games `start` to `stop - 1` under every variant (`run_sweep_batch`) and total
    each variant's; `progress` is told of every game of every variant."""
    told = None if progress is None else (lambda n: progress(n * len(works)))
    done = _run(partial(run_sweep_batch, tuple(works), baseline),
                batches(stop - start, workers, start), executor, told, check)
    return [merge_all(totals[v] for totals in done) for v in range(len(works))]


def _run(batch: Callable[[int, int], T], parts: list[tuple[int, int]],
         executor: Executor | None, progress: Progress | None, check: Check | None
         ) -> list[T]:
    """Each batch's totals, in the order they finish (the totals add up alike)."""
    if executor is None:
        done = []
        for start, stop in parts:
            done.append(batch(start, stop))
            if progress:
                progress(stop - start)
        return done
    # Each step that takes a future's lock holds Ctrl-C back (`interrupts`).
    futures: dict[Future, int] = {}
    for start, stop in parts:
        with ctrl_c_held():
            futures[executor.submit(batch, start, stop)] = stop - start
    done = []
    for future in _finished(futures, check):
        with ctrl_c_held():
            done.append(future.result())
        if progress:
            progress(futures[future])
    return done


def _finished(futures: Iterable[Future], check: Check | None) -> Iterator[Future]:
    """The futures as they finish, calling `check` every CHECK_SECONDS meanwhile."""
    # Each future puts itself on a queue when it is done, and this thread waits on the
    # queue alone. Not as_completed: it takes every future's lock in turn, and a Ctrl-C
    # landing among them left some held for good; the pool, cancelling those batches
    # as the command ended, waited on them for ever (and as_completed, called again
    # every CHECK_SECONDS, took the 20,000 locks of ten million games each time).
    finished: SimpleQueue[Future] = SimpleQueue()
    pending = 0
    with ctrl_c_held():
        for future in futures:
            future.add_done_callback(finished.put)
            pending += 1
    due = monotonic() + CHECK_SECONDS
    while pending:
        try:
            done = finished.get(timeout=max(0.0, due - monotonic()) if check else None)
        except Empty:
            done = None
        if check and monotonic() >= due:
            check()
            due = monotonic() + CHECK_SECONDS
        if done is not None:
            pending -= 1
            yield done


def check_lineup(lineup: Sequence[str], seats: int) -> tuple[str, ...]:
    """The line-up as a tuple; ValueError for an unknown kind or more kinds than seats."""
    wrong = [why for why in map(check_kind, lineup) if why]
    if wrong or not lineup:
        raise ValueError(f"{'; '.join(wrong) or 'no player'}; known: "
                         f"{', '.join(sorted(PLAYERS))} (search@N, planner@N: N rollouts "
                         f"a move)")
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
             check: Check | None = None, engine: str = "auto") -> Summary:
    """Simulate `games` games of `seats` players and summarise them (`check` as for
    `play_many`; `engine`: one of ENGINES)."""
    return simulate_sweep([game], 0, games, seats, seed, lineup, executor, workers,
                          progress, check, engine=engine)[0]


def simulate_sweep(games: Sequence[Game], baseline: int, count: int, seats: int,
                   seed: int = 0, lineup: Sequence[str] = ("greedy",),
                   executor: Executor | None = None, workers: int = 1,
                   progress: Progress | None = None, check: Check | None = None,
                   until: float | None = None, told: Callable[[str], None] | None = None,
                   lineups: Sequence[Sequence[str]] | None = None, engine: str = "auto"
                   ) -> list[Summary]:
    """Simulate `count` games of each variant of a game (`games`, one a variant; the
    current rules `games[baseline]`), each game under every variant with the same seed,
    and summarise each, with its differences from the current rules paired by game.
    `lineups` gives each variant a line-up of its own (the same game played by stronger
    and weaker players, for instance); else every variant plays `lineup`.

    With `until`, games are added (the count doubled each time, up to MOST_GAMES) until
    every measure's 95 % interval, and every difference's, is within +/- `until` of its
    mean (turns, points, percentage points); `told` hears of each round. `engine` (one of
    ENGINES) says which engine plays: the report is the same."""
    if count < 1:
        raise ValueError("simulate at least one game")
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine}; known: {', '.join(ENGINES)}")
    for game in games:
        check_seats(game, seats)
    kinds = lineups if lineups is not None else [lineup] * len(games)
    compiled = engine == "compiled" or (engine == "auto" and (
        until is not None or searching(kinds) or count * len(games) >= COMPILED_FROM))
    works = [Work(build_table(game), seats, check_lineup(kind, seats), seed, compiled)
             for game, kind in zip(games, kinds, strict=True)]
    if compiled:
        _start_compiled(works, told)
    totals, played, target = [Tally() for _ in works], 0, count
    while True:
        totals = [merge(a, b) for a, b in zip(totals, _more(works, baseline, played, target,
                                                            executor, workers, progress,
                                                            check), strict=True)]
        played = target
        summaries = [summarise(t, w.table, seats, seed, ",".join(w.lineup))
                     for t, w in zip(totals, works, strict=True)]
        if until is None or played >= MOST_GAMES or narrow(summaries, until):
            return summaries
        target = min(MOST_GAMES, played * 2)
        if told:
            told(f"not yet within +/-{until:g} after {played:,} games: playing to {target:,}")


def searching(lineups: Iterable[Sequence[str]]) -> bool:
    """True when a line-up has a search player (whose rollouts are most of its time)."""
    return any(kind.partition("@")[0] in BUDGETED for lineup in lineups for kind in lineup)


def _start_compiled(works: Sequence[Work], told: Callable[[str], None] | None) -> None:
    """Compile the engine here, saying so, when its cache is empty and a line-up will use
    it (else every worker process would compile it, at once, and silently)."""
    from generator.sim.compiled.kernel import compiling_alone
    from generator.sim.compiled.results import (
        COMPILING,
        WAITING,
        compiled_ready,
        compiled_steps,
        warm_up,
    )

    if compiled_ready() or not (searching(w.lineup for w in works)
                                or any(compiled_steps(w.table, w.kinds(0)) for w in works)):
        return
    with compiling_alone(lambda: told(WAITING) if told else None):
        if compiled_ready():  # another tkg compiled it while this one waited
            return
        if told:
            told(COMPILING)
        warm_up(works[0].table, works[0].seats)


def _more(works: list[Work], baseline: int, start: int, stop: int,
          executor: Executor | None, workers: int, progress: Progress | None,
          check: Check | None) -> list[Tally]:
    """The totals of games `start` to `stop - 1` of each variant."""
    if len(works) == 1:  # nothing to pair with
        return [play_many(works[0], stop - start, executor, workers, progress, check, start)]
    return play_sweep(works, baseline, start, stop, executor, workers, progress, check)


def narrow(summaries: Sequence[Summary], until: float) -> bool:
    """Whether every interval of the summaries' measures and differences is within
    +/- `until` of its mean."""
    return all(e.half <= until for s in summaries
               for e in (*s.measures.values(), *s.versus_current.values()))
