"""Run many games, in one process or across several, and summarise them.

Each game's seed comes from (run seed, game index) alone, and results are put back in
game order, so the summary is the same whatever `jobs` is. Workers are started with
the "spawn" method (safe on every platform and with threads) and get the table once.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from generator.core.model import Game
from generator.sim.game import GameResult, play_game
from generator.sim.players import PLAYERS
from generator.sim.stats import Summary, summarise
from generator.sim.tables import Table, build_table

Progress = Callable[[int], None]  # told how many more games are done


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (stable across Python versions)."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def run_games(table: Table, kind: str, seats: int, seed: int, start: int,
              stop: int) -> list[GameResult]:
    """Play games `start` to `stop - 1` of a run, in order."""
    player = PLAYERS[kind]
    return [play_game(table, [player() for _ in range(seats)], game_seed(seed, i))
            for i in range(start, stop)]


# The table and options of a pool's worker process, set once by its initializer `_init`
# (the pool's documented way to hand each worker what every task shares); never used in
# the parent process.
_WORKER: dict = {}


def _init(table: Table, kind: str, seats: int, seed: int) -> None:
    _WORKER.update(table=table, kind=kind, seats=seats, seed=seed)


def _chunk(start: int, stop: int) -> tuple[int, list[GameResult]]:
    w = _WORKER
    return start, run_games(w["table"], w["kind"], w["seats"], w["seed"], start, stop)


def chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """Split the games into chunks: several a worker, so the progress bar moves."""
    size = max(10, min(500, games // (jobs * 8) or 1))
    return [(s, min(s + size, games)) for s in range(0, games, size)]


def play_many(table: Table, kind: str, seats: int, games: int, seed: int, jobs: int = 1,
              progress: Progress | None = None) -> list[GameResult]:
    """Play `games` games and return their results in game order."""
    if kind not in PLAYERS:
        raise ValueError(f"unknown player {kind!r}; known: {', '.join(sorted(PLAYERS))}")
    jobs = jobs or os.cpu_count() or 1
    parts = chunks(games, jobs)
    done: dict[int, list[GameResult]] = {}
    if jobs == 1 or len(parts) == 1:
        for start, stop in parts:
            done[start] = run_games(table, kind, seats, seed, start, stop)
            if progress:
                progress(stop - start)
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(jobs, len(parts)), mp_context=context,
                                 initializer=_init,
                                 initargs=(table, kind, seats, seed)) as pool:
            futures = [pool.submit(_chunk, start, stop) for start, stop in parts]
            for future in as_completed(futures):
                start, results = future.result()
                done[start] = results
                if progress:
                    progress(len(results))
    return [r for start in sorted(done) for r in done[start]]


def simulate(game: Game, games: int, seats: int, seed: int = 0, jobs: int = 1,
             kind: str = "greedy", progress: Progress | None = None) -> Summary:
    """Simulate `games` games of `seats` players of one kind and summarise them."""
    rules = game.rules
    most = min(rules.players_max, len(game.oinks))
    if not rules.players_min <= seats <= most:
        raise ValueError(f"{seats} players; the rules allow {rules.players_min}-{most}")
    if games < 1:
        raise ValueError("simulate at least one game")
    table = build_table(game)
    results = play_many(table, kind, seats, games, seed, jobs, progress)
    return summarise(results, table, seed, kind)
