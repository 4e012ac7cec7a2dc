"""Benchmark `tkg build --only tiles,tokens --paper a4` as a whole process.

    python bench/bench_build.py [--runs 7] [--command "tkg build ..."]
                                [--protograf /tmp/pgvenv/bin/python]

Reports the median wall time and the peak RSS of the command (the largest of all runs,
from each child's own resource usage), and the median CPU time of the whole process
tree (the workers a build forks included): no scheduling of that work on this
machine's cores can finish in less than CPU / cores, the floor printed beside it.

With --protograf (the Python of a venv with protograf 0.6.0, as
../shared/anchors/README.md sets it up), runs the anchors' protograf script in turn
with ours, so both share the machine's state, and prints the ratio of the medians (the
only ratio that means anything on a shared machine), and the best ratio the build's
CPU time allows on these cores (protograf's median against our floor). The first
target (issue 3) was 0.62 s and 73 MB, against protograf's 3.1 s and 146 MB for the
same pieces; the libraries issue 10 brought in (svgelements, fontTools, svgwrite) and
the denser imposition of issue 13 have raised it to about 1-1.7 s here, and issue 11
asks that declared pieces add at most 10 % to it. This is a benchmark, not a test:
timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
COMMAND = "tkg build --only tiles,tokens --paper a4"


def resolve(command: list[str]) -> list[str]:
    """Run `tkg` from this interpreter's own scripts folder when it is there.

    A version manager's shim (pyenv's is a bash script that execs pyenv) adds about
    0.1 s of shell to every run; that is the machine's setup, not the build.
    """
    script = Path(sys.executable).parent / command[0]
    return [str(script), *command[1:]] if script.is_file() else command


ANCHOR = ROOT.parent / "shared" / "anchors" / "protograf_tiles.py"
CORES = os.cpu_count() or 1


class Run(NamedTuple):
    """One run of a command: wall seconds, peak RSS (MB), CPU seconds (user and system,
    of the command and every process it waited for)."""

    wall: float
    peak: float
    cpu: float


def run_once(command: list[str]) -> Run:
    """Wall seconds, peak RSS and CPU seconds of one run of the command."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} exited {child.returncode}")
    return Run(seconds, usage.ru_maxrss / 1024,  # KB on Linux
               usage.ru_utime + usage.ru_stime)


def main() -> None:
    """Run the build several times and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--command", default=COMMAND)
    parser.add_argument("--protograf", metavar="PYTHON", default=None,
                        help="the Python of a venv with protograf, to run its anchor "
                             "script in turn with ours")
    args = parser.parse_args()
    command = resolve(shlex.split(args.command))
    # This workplace sets PYTHONDONTWRITEBYTECODE, so without this every run would
    # compile the package afresh; an installed tool runs from compiled bytecode.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")],
                   check=True)
    ours, theirs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        run_once([*command, "--out", f"{tmp}/warm"])  # warm the disk cache and .pyc files
        for i in range(args.runs):
            ours.append(run_once([*command, "--out", f"{tmp}/out{i}"]))
            if args.protograf:
                theirs.append(run_once([args.protograf, str(ANCHOR), f"{tmp}/pg{i}.pdf"]))
    median, peak = report(args.command, ours)
    floor = statistics.median(r.cpu for r in ours) / CORES
    print(f"  the floor of its CPU on {CORES} cores: {floor:.3f} s")
    if theirs:
        pg_median, pg_peak = report("protograf (the anchor script)", theirs)
        print(f"ours against protograf, interleaved: {pg_median / median:.1f}x faster, "
              f"{peak / pg_peak:.0%} of the memory; at best {pg_median / floor:.1f}x with "
              f"this CPU on {CORES} cores")
    else:
        print("protograf took 3.1 s and 146 MB on an earlier, slower machine; run with "
              "--protograf for a ratio measured here")


def report(name: str, runs: list[Run]) -> tuple[float, float]:
    """Print a command's median wall time, peak RSS and median CPU time; return the first
    two."""
    times = [r.wall for r in runs]
    median, peak = statistics.median(times), max(r.peak for r in runs)
    print(f"{name}: {len(runs)} runs, median wall {median:.3f} s (min {min(times):.3f}, "
          f"max {max(times):.3f}), peak RSS {peak:.1f} MB, median CPU "
          f"{statistics.median(r.cpu for r in runs):.3f} s")
    return median, peak


if __name__ == "__main__":
    main()
