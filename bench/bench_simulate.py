"""Benchmark: greedy games per second per core with each engine (the compiled engine
alone, and whole runs with the report's bookkeeping), the search player's games per
second at its default budget, the sealer's and the planner's, and a 3 x 2 rule sweep on
two cores.

Run from the repository root:
    python bench/bench_simulate.py [--games N] [--jobs 1,2] [--engine-games N]
                                   [--search-games N] [--sweep-games N] [--planner-games N]
Times `generator.sim.runner.simulate` (play and summarise; not content loading or the
chart) with the Python and the compiled engine, checks the summaries agree across job
counts and engines, and prints games/s, CPU time a game (which shows the cost per game
even when other work shares the cores) and scaling. The compiled engine alone is timed
on seeded games of two and four players (`play_batch`, without turning its rows into
results or totals). Not a test: timings vary by machine, so nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

import numpy as np

from generator.load.content import load_content
from generator.sim.executors import local
from generator.sim.runner import simulate, simulate_sweep
from generator.sim.search import DEFAULT_BUDGET, DEFAULT_HORIZON
from generator.sim.sweep import parse_setting, variants, with_current

ROOT = Path(__file__).resolve().parent.parent
SWEEP = ("oink.capacity=5,6,7", "draw.tokens=2,3")


def _cpu_seconds() -> float:
    """User + system CPU time of this process and its finished worker processes."""
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(game, games: int, seats: int, seed: int, lineup: tuple[str, ...], jobs: int,
          engine: str = "auto"):
    """(summary, wall seconds, CPU seconds) of one run on `jobs` local processes."""
    cpu, start = _cpu_seconds(), time.perf_counter()
    with local(jobs) as pool:
        summary = simulate(game, games, seats, seed, lineup, pool.executor, pool.workers,
                           engine=engine)
    return summary, time.perf_counter() - start, _cpu_seconds() - cpu


def greedy(game, args) -> None:
    """Greedy games with each engine and job count; games/s a core from CPU time."""
    print(f"greedy: {args.games} games of {args.players} players, seed {args.seed}")
    start = time.perf_counter()
    simulate(game, 10, args.players, args.seed, ("greedy",), engine="compiled")
    print(f"  compiled engine start-up (numba, and the machine code from its cache, or "
          f"compiled when there is none): {time.perf_counter() - start:.2f} s")
    summaries = {}
    for engine in ("python", "compiled"):
        rates = {}
        for jobs in (int(j) for j in args.jobs.split(",")):
            summaries[engine, jobs], wall, cpu = timed(game, args.games, args.players,
                                                       args.seed, ("greedy",), jobs, engine)
            rates[jobs] = args.games / wall
            print(f"  {engine:8} --jobs {jobs}: {wall:6.2f} s wall  {rates[jobs]:8.1f} games/s"
                  f"  {cpu:6.2f} s CPU = {args.games / cpu:7.1f} games/s a core")
        first = min(rates)
        for jobs, rate in rates.items():
            if jobs != first:
                print(f"  {engine:8} scaling {first} -> {jobs} jobs: x{rate / rates[first]:.2f}")
    same = len({repr(s) for s in summaries.values()}) == 1
    print(f"  summaries identical across engines and job counts: {same}")


def engine_alone(game, args) -> None:
    """The compiled engine's own rate: seeded greedy games played into rows, best of
    three (after a first batch that loads the compiled code)."""
    from generator.sim.compiled.layout import board, kit, scratch
    from generator.sim.compiled.play import play_batch, records
    from generator.sim.compiled.players import step_table
    from generator.sim.compiled.results import compiled_steps
    from generator.sim.compiled.streams import seed_words
    from generator.sim.runner import game_seed
    from generator.sim.tables import build_table

    table = build_table(game)
    games = args.engine_games
    for seats in (2, 4):
        steps = step_table(compiled_steps(table, ("greedy",) * seats))
        lists = np.broadcast_to(steps, (games, *steps.shape)).copy()
        words = seed_words([game_seed(args.seed, i) for i in range(games)])
        counted = np.zeros(games, np.bool_)
        k = kit(table)
        best = 0.0
        for _ in range(3):
            rows = records(games, seats, len(table.elements), table.cells,
                           len(table.tile_ids), 4)
            start = time.process_time()
            play_batch(k, board(k, seats), scratch(k), words, lists, counted, rows)
            best = max(best, games / (time.process_time() - start))
        print(f"compiled engine alone, greedy, {seats} players: {best:9.0f} games/s a core "
              f"({games} games, best of 3)")


def search(game, args) -> None:
    """Search against greedy, two players, one process, with each engine's rollouts."""
    for engine in ("python", "compiled"):
        summary, wall, cpu = timed(game, args.search_games, 2, args.seed, ("search", "greedy"),
                                   1, engine)
        won = next(s for s in summary.win_share_by_player if s.label == "search")
        print(f"search (budget {DEFAULT_BUDGET} rollouts of {DEFAULT_HORIZON} turns a move, "
              f"{engine} rollouts) against greedy, {args.search_games} two-player games: "
              f"{wall:6.2f} s wall, {args.search_games / cpu:6.2f} games/s a core; search won "
              f"{won.share:.1%} [{won.low:.1%}-{won.high:.1%}]")


def strong(game, args) -> None:
    """The strong reference players: the sealer's games/s a core (the default player of
    reports), and the planner against the sealer, two players, one process."""
    games = max(1, args.games // 5)
    for engine in ("python", "compiled"):
        summary, wall, cpu = timed(game, games, args.players, args.seed, ("sealer",), 1,
                                   engine)
        print(f"sealer, {engine} engine: {games} games of {args.players} players, 1 job: "
              f"{wall:6.2f} s wall, {games / cpu:7.1f} games/s a core")
    for engine in ("python", "compiled"):
        summary, wall, cpu = timed(game, args.planner_games, 2, args.seed,
                                   ("planner", "sealer"), 1, engine)
        won = next(s for s in summary.win_share_by_player if s.label == "planner")
        print(f"planner ({engine} rollouts) against sealer, {args.planner_games} two-player "
              f"games: {wall:6.2f} s wall, {args.planner_games / cpu:6.2f} games/s a core; "
              f"planner won {won.share:.1%} [{won.low:.1%}-{won.high:.1%}]")


def sweep(game, args) -> None:
    """A 3 x 2 sweep of greedy games on two cores, as `tkg simulate --set` plays it (each
    game under every variant, the current rules added when no variant is them)."""
    found, played, current = with_current(game, variants([parse_setting(s) for s in SWEEP]))
    cpu, start = _cpu_seconds(), time.perf_counter()
    with local(2) as pool:
        simulate_sweep(played, current, args.sweep_games, args.players, args.seed,
                       ("greedy",), pool.executor, pool.workers)
    wall, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
    total = args.sweep_games * len(found)
    print(f"sweep {' x '.join(SWEEP)} ({len(found)} variants x {args.sweep_games} games of "
          f"{args.players} players, 2 jobs): {wall:6.2f} s wall, {cpu:6.2f} s CPU, "
          f"{total / wall:7.1f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", default="1,2", help="comma-separated job counts")
    parser.add_argument("--seed", type=int, default=0)
    # The compiled engine alone plays thousands of games a second: fewer would time noise.
    parser.add_argument("--engine-games", type=int, default=20_000)
    parser.add_argument("--search-games", type=int, default=100)
    parser.add_argument("--sweep-games", type=int, default=2000)
    parser.add_argument("--planner-games", type=int, default=20)
    args = parser.parse_args()
    game = load_content(ROOT / "content").game
    if game is None:
        raise SystemExit("the content does not load; run tkg validate")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} "
          "(other work on the machine skews wall times)")
    greedy(game, args)
    engine_alone(game, args)
    search(game, args)
    strong(game, args)
    sweep(game, args)


if __name__ == "__main__":
    main()
