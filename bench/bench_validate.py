"""Benchmark: how long `tkg validate` takes on the shipped content.

Target (issue 12): the whole check, with the art, fonts, layouts and templates and the
preflight of every piece (48 tiles, the back, tokens, Oinks and the aids' words), in
under 0.3 s of work beyond interpreter start-up (issues 2 and 10 asked 0.1 s before the
preflight). Measured three ways:

- in process, the work alone (load + every check), with a warm memo (what
  `tkg validate` remembers between runs) and with an empty one (the first run);
- the whole command as a subprocess, warm and cold (its memo removed before each run),
  compared with a bare `python -c "import generator.cli"` start;
- the world solver alone, for worlds of 2 x 2 to 5 x 5 (issue 24): its time and the
  peak memory of a process doing nothing else.

Run: python bench/bench_validate.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.core.words import counted

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"


def in_process(warm: bool, runs: int = 15) -> float:
    from generator.build.memo import DrawingMemo
    from generator.check.validate import Templates, validate

    templates = Templates(TEMPLATES, ("default",))
    remembered = DrawingMemo()
    validate(CONTENT, templates, memo=remembered)  # imports, and what a warm run recalls
    timings = []
    for _ in range(runs):
        memo = DrawingMemo()
        if warm:
            memo.load(remembered.dump())
        start = time.perf_counter()
        report = validate(CONTENT, templates, memo=memo)
        timings.append(time.perf_counter() - start)
        assert report.errors == 0
    return statistics.median(timings)


def after_one_edit(runs: int = 9) -> float:
    """In process, memo warm, right after one tile's flavour changed to a text never seen:
    the designer's usual case (only that tile is drawn and examined again)."""
    import shutil

    from generator.build.memo import DrawingMemo
    from generator.check.validate import Templates, validate

    templates = Templates(TEMPLATES, ("default",))
    with tempfile.TemporaryDirectory() as folder:
        content = Path(folder) / "content"
        shutil.copytree(CONTENT, content)
        tiles = content / "tiles.yaml"
        original = tiles.read_text()
        line = "A valley that never cools, lit from below."
        memo = DrawingMemo()
        validate(content, templates, memo=memo)
        timings = []
        for run in range(runs):
            tiles.write_text(original.replace(line, f"{line[:-1]}, again {run}."))
            start = time.perf_counter()
            report = validate(content, templates, memo=memo)
            timings.append(time.perf_counter() - start)
            assert report.errors == 0
    return statistics.median(timings)


def whole_command(args: list[str], env: dict, forget: Path | None, runs: int = 7) -> float:
    timings = []
    for _ in range(runs):
        if forget is not None:
            for path in forget.rglob("*.pickle"):
                path.unlink()
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT, env=env)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


SHAPES = ((2, 2), (3, 3), (4, 3), (4, 4), (5, 5))
# One world shape's solving, in a process of its own (so its peak memory is its own): the
# game's checks (TKG205 and TKG210, complete and fully matched worlds) and the rulebook's
# example world, on the shipped tiles.
SOLVE = """
import resource, sys, time
from dataclasses import replace
from pathlib import Path
from generator.check.game import check_worlds, report_fully_matched
from generator.load.content import load_content
from generator.text.examples import example_world
game = load_content(Path(sys.argv[1])).game
game = replace(game, rules=replace(game.rules, grid_rows=int(sys.argv[2]),
                                   grid_columns=int(sys.argv[3])))
start = time.perf_counter()
told = check_worlds(game) + report_fully_matched(game)
world = example_world(game)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
untold = sum(d.code == "TKG214" for d in told)
print(f"{seconds:.3f} {peak:.0f} {untold} {world is not None}")
"""


def solver_shapes() -> list[str]:
    """The world solver's time and peak memory for each world shape (issue 24)."""
    lines = []
    for rows, columns in SHAPES:
        out = subprocess.run([sys.executable, "-c", SOLVE, str(CONTENT), str(rows),
                              str(columns)], check=True, capture_output=True, text=True,
                             cwd=ROOT).stdout.split()
        seconds, peak, untold, example = float(out[0]), out[1], int(out[2]), out[3] == "True"
        lines.append(f"  {rows} x {columns}: {seconds:.3f} s, peak {peak} MB (the process), "
                     f"{counted(untold, 'tile')} left unproved, example world "
                     f"{'found' if example else 'none'}")
    return lines


def main() -> None:
    # An installed tool runs from compiled bytecode; this workplace may forbid writing it.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")],
                   check=True)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache  # the memos of this run only
        env = dict(os.environ)
        warm, cold, edited = in_process(True), in_process(False), after_one_edit()
        command = [sys.executable, "-m", "generator", "validate"]
        bare = whole_command([sys.executable, "-c", "import generator.cli"], env, None)
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)
        full_warm = whole_command(command, env, None)
        full_cold = whole_command(command, env, Path(cache))
    print(f"validate work in process, median: {warm * 1000:.1f} ms remembered, "
          f"{cold * 1000:.1f} ms first run, {edited * 1000:.1f} ms after a one-tile edit")
    print(f"whole command: {full_warm * 1000:.0f} ms remembered, {full_cold * 1000:.0f} ms "
          f"first run; start-up with imports: {bare * 1000:.0f} ms; beyond start-up: "
          f"{(full_warm - bare) * 1000:.0f} ms remembered, {(full_cold - bare) * 1000:.0f} ms "
          "first run")
    beyond = full_warm - bare
    print("target: < 300 ms of work beyond start-up, remembered:",
          "met" if beyond < 0.3 else "NOT met")
    print("the world solver on the shipped tiles, by world shape (target: < 10 s and "
          "< 500 MB each):")
    print("\n".join(solver_shapes()))


if __name__ == "__main__":
    main()
