"""Benchmark incremental `tkg build` (issue 6), whole process, wall clock.

    python bench/bench_incremental.py [--runs 7]

Targets: a build with no change under 0.3 s; a one-tile edit to updated outputs under
0.5 s. Works on a temporary copy of content/ and templates/; each edit run changes a
tile's flavour text (alternating two values, so every run has a real change). Two
tiles are measured: one the rulebook does not picture (tiles and the bundle are
rendered again) and one it does (the rulebook is rendered again too).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TKG = Path(sys.executable).parent / "tkg"
EDITS = {  # tile flavour line -> two versions to alternate
    "not in the rulebook": ("Speak softly; the breeze repeats everything.",
                            "Speak softly; the wind repeats everything."),
    "pictured in the rulebook": ("Soft ground that remembers every footstep.",
                                 "Soft ground that keeps every footstep."),
}


def timed_build(project: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(TKG) if TKG.exists() else "tkg", "build"], cwd=project, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def edit_runs(project: Path, versions: tuple[str, str], runs: int) -> list[float]:
    tiles = project / "content" / "tiles.yaml"
    times = []
    for _ in range(runs):
        text = tiles.read_text()
        old, new = versions if versions[0] in text else versions[::-1]
        tiles.write_text(text.replace(old, new))  # a real change every run
        times.append(timed_build(project))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    # This workplace sets PYTHONDONTWRITEBYTECODE, so without this every run would
    # compile the package afresh; an installed tool runs from compiled bytecode.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")],
                   check=True)
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for folder in ("content", "templates"):
            shutil.copytree(ROOT / folder, project / folder)
        clean = timed_build(project)
        same = [timed_build(project) for _ in range(args.runs)]
        print(f"clean build:            {clean:.3f} s")
        print(f"no change:              median {statistics.median(same):.3f} s "
              f"(min {min(same):.3f}) - target < 0.3 s")
        for label, versions in EDITS.items():
            times = edit_runs(project, versions, args.runs)
            print(f"one tile, {label + ':':26s} median {statistics.median(times):.3f} s "
                  f"(min {min(times):.3f}) - target < 0.5 s")


if __name__ == "__main__":
    main()
