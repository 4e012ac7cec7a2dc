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
CPU time allows on these cores (protograf's median against our floor).

With --before DIR (a checkout of an earlier commit: `git worktree add DIR COMMIT`), runs
the same command with DIR's code in turn with this checkout's, on this checkout's
content, and prints the paired differences: the measure of a change's effect. Each
round reverses the order of the one before (ours, then theirs; theirs, then ours), as
a fixed order is not neutral here: whichever command ran second in every pair came
out some 0.03 s slower, or faster right after protograf, enough to hide or fake a
change of a few per cent.

Each command has a user cache of its own (XDG_CACHE_HOME), warmed by one run of it
first: the fonts' metrics and the compiled templates are remembered, as on a machine
that has built before, but no drawing is, so every timed run is a cold build, whatever
the user validated or built before (the user's last build, which a first build into a
new folder starts from, is forgotten before each timed run). With --after-validate,
each command's `tkg validate` runs (untimed) after that first run: every timed run is
then a first build into a new folder after a validation, which starts from what the
validation drew and checked (`generator.build.pipeline.build`). With --after-build,
the user's last build is kept: every timed run is a first build into a new folder
after a build of the same content (an output folder deleted and built again).

The first target (issue 3) was 0.62 s and 73 MB, against protograf's 3.1 s and 146 MB
for the same pieces; the libraries issue 10 brought in (svgelements, fontTools,
svgwrite) and the denser imposition of issue 13 have raised it to about 1-1.7 s here,
and issue 11 asks that declared pieces add at most 10 % to it. This is a benchmark,
not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
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


def run_once(command: list[str], env: dict[str, str] | None = None, forget: bool = True
             ) -> Run:
    """Wall seconds, peak RSS and CPU seconds of one run of the command (with a user
    cache of its own, `env`, the user's last build forgotten first unless not to
    `forget` it: a cold build)."""
    if forget and env is not None and "XDG_CACHE_HOME" in env:
        shutil.rmtree(Path(env["XDG_CACHE_HOME"]) / "tkg" / "last-build", ignore_errors=True)
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env)
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
    parser.add_argument("--before", metavar="DIR", type=Path, default=None,
                        help="a checkout of an earlier commit, whose code runs the same "
                             "command in turn with this one's: the paired differences")
    parser.add_argument("--after-validate", action="store_true",
                        help="run each command's `tkg validate` once, untimed, before its "
                             "timed builds: a first build after a validation")
    parser.add_argument("--after-build", action="store_true",
                        help="keep the user's last build between runs: each timed run is "
                             "a first build into a new folder after a build")
    parser.add_argument("--own-templates", action="store_true",
                        help="with --before, the earlier code reads its own checkout's "
                             "templates (a change that rewrites the shipped layouts in a "
                             "form the earlier code cannot read)")
    args = parser.parse_args()
    command = resolve(shlex.split(args.command))
    if args.before and "-m" in command:  # `python -m` puts this folder first on the path
        parser.error("--before runs the earlier code through the tkg script: give "
                     "--command as `tkg ...`, not `python -m generator ...`")
    # This workplace sets PYTHONDONTWRITEBYTECODE, so without this every run would
    # compile the package afresh; an installed tool runs from compiled bytecode.
    for tree in (ROOT, *([args.before] if args.before else [])):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "generator")],
                       check=True)
    with tempfile.TemporaryDirectory() as tmp:
        found = contenders(command, args.before, args.protograf, tmp, args.own_templates)
        for name, argv in found:
            if name != "protograf":
                warm_up(*argv(-1), args.after_validate)
        runs = in_turn(found, args.runs, partial(run_once, forget=not args.after_build))
    ours = runs["ours"]
    median, peak = report(args.command, ours)
    floor = statistics.median(r.cpu for r in ours) / CORES
    print(f"  the floor of its CPU on {CORES} cores: {floor:.3f} s")
    if "before" in runs:
        report(f"the same, with the code of {args.before}", runs["before"])
        paired(runs["before"], ours)
    if "protograf" in runs:
        pg_median, pg_peak = report("protograf (the anchor script)", runs["protograf"])
        print(f"ours against protograf, interleaved: {pg_median / median:.1f}x faster, "
              f"{peak / pg_peak:.0%} of the memory; at best {pg_median / floor:.1f}x with "
              f"this CPU on {CORES} cores")
    else:
        print("protograf took 3.1 s and 146 MB on an earlier, slower machine; run with "
              "--protograf for a ratio measured here")


def warm_up(argv: list[str], env: dict[str, str] | None, validate: bool) -> None:
    """One untimed run of a build command (the disk cache, the .pyc files, its user
    cache), and with `validate` its `tkg validate` after it."""
    run_once(argv, env)
    if validate:
        run_once([*validation_of(argv), "--out", f"{argv[-1]}-none"], env)


# Options of `tkg build` that `tkg validate` has not, each with its value.
BUILD_ONLY = {"--only", "--paper", "--out"}


def validation_of(argv: list[str]) -> list[str]:
    """`tkg validate` of what a `tkg build` command builds (its content, templates,
    layouts and languages)."""
    at = argv.index("build")
    options = argv[at + 1:]
    kept = [o for i, o in enumerate(options)
            if o not in BUILD_ONLY and (i == 0 or options[i - 1] not in BUILD_ONLY)]
    return [*argv[:at], "validate", *kept]


# A command to measure: its name, and its argument list and environment for run `i`.
Contender = tuple[str, Callable[[int], tuple[list[str], dict[str, str] | None]]]


def contenders(command: list[str], before: Path | None, protograf: str | None,
               tmp: str, own_templates: bool = False) -> list[Contender]:
    """What runs in turn: ours, the earlier checkout's code (on its own templates, with
    `own_templates`), protograf's script."""
    ours = {**os.environ, "XDG_CACHE_HOME": f"{tmp}/cache-ours"}
    found: list[Contender] = [("ours", lambda i: ([*command, "--out", f"{tmp}/out{i}"], ours))]
    if before is not None:
        # Its package first on the path, so the same `tkg` runs the earlier code.
        env = {**os.environ, "PYTHONPATH": str(before.resolve()),
               "XDG_CACHE_HOME": f"{tmp}/cache-before"}
        theirs = [*command, *(["--templates", str(before.resolve() / "templates")]
                              if own_templates else [])]
        found.append(("before", lambda i: ([*theirs, "--out", f"{tmp}/before{i}"], env)))
    if protograf:
        found.append(("protograf",
                      lambda i: ([protograf, str(ANCHOR), f"{tmp}/pg{i}.pdf"], None)))
    return found


def in_turn(commands: list[Contender], rounds: int,
            run: Callable[..., Run] = run_once) -> dict[str, list[Run]]:
    """Each command once a round, the order reversed every other round (ABBA)."""
    runs: dict[str, list[Run]] = {name: [] for name, _ in commands}
    for i in range(rounds):
        for name, argv in commands if i % 2 == 0 else commands[::-1]:
            runs[name].append(run(*argv(i)))
    return runs


def paired(before: list[Run], after: list[Run]) -> None:
    """Print the differences of the pairs (this checkout's run minus the earlier one's,
    each round's): their median and mean, and how many were faster."""
    walls = [b.wall - a.wall for a, b in zip(before, after, strict=True)]
    cpus = [b.cpu - a.cpu for a, b in zip(before, after, strict=True)]
    print(f"this checkout against the earlier one, round by round: wall "
          f"{statistics.median(walls):+.3f} s median, {statistics.mean(walls):+.3f} s mean, "
          f"{sum(w < 0 for w in walls)} of {len(walls)} faster; CPU "
          f"{statistics.median(cpus):+.3f} s median")


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
