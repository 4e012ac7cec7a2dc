"""Benchmark: 4-player greedy games per second with 1 and 2 worker processes.

Run from the repository root:  python bench/bench_simulate.py [--games N] [--jobs 1,2]
Times `generator.sim.runner.simulate` (play and summarise; not content loading or the
chart), checks the summaries agree across job counts, and prints games/s and scaling.
Not a test: timings vary by machine, so nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

from generator.load.content import load_content
from generator.sim.runner import simulate

ROOT = Path(__file__).resolve().parent.parent


def _cpu_seconds() -> float:
    """User + system CPU time of this process and its finished worker processes."""
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", default="1,2", help="comma-separated job counts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load_content(ROOT / "content").game
    if game is None:
        raise SystemExit("the content does not load; run tkg validate")
    print(f"{args.games} games, {args.players} greedy players, seed {args.seed}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} (other work skews it)")
    rates, summaries = {}, {}
    for jobs in (int(j) for j in args.jobs.split(",")):
        cpu, start = _cpu_seconds(), time.perf_counter()
        summaries[jobs] = simulate(game, args.games, args.players, args.seed, jobs, "greedy")
        seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
        rates[jobs] = args.games / seconds
        # CPU time shows the cost per game even when other work shares the cores.
        print(f"--jobs {jobs}: {seconds:6.2f} s wall  {rates[jobs]:7.1f} games/s  "
              f"{cpu:6.2f} s CPU ({1000 * cpu / args.games:.2f} ms CPU a game)")
    first = min(rates)
    for jobs, rate in rates.items():
        if jobs != first:
            print(f"scaling {first} -> {jobs} jobs: x{rate / rates[first]:.2f}")
    same = len({repr(s) for s in summaries.values()}) == 1
    print(f"summaries identical across job counts: {same}")


if __name__ == "__main__":
    main()
