"""Benchmark incremental `tkg build` (issue 6), whole process, wall clock.

    python bench/bench_incremental.py [--runs 7]

Targets: a build with no change under 0.3 s; a one-tile edit to updated outputs under
0.5 s. Works on a temporary copy of content/ and templates/; each edit run changes one
tile (alternating two values, so every run has a real change): a tile's name, the
flavour text of a tile the rulebook does not picture (tiles and the bundle are rendered
again), of one it does (the rulebook's figures too), the insignia badges' size in the
tile layout (the tiles and what holds them: the bundle and the rulebook's figures), and
the second tile's art file; then a declared piece (issue 11): the table mat's look in
the layout, and its data in pieces.yaml (the mat and the bundle are rendered again).
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
EDITS = {  # what is edited -> (file under the project, two versions to alternate)
    "a tile's name": (
        "content/tiles.yaml", ("name: Tidewell", "name: Tidewall")),
    "flavour, tile not in the rulebook": (
        "content/tiles.yaml", ("Speak softly; the breeze repeats everything.",
                               "Speak softly; the wind repeats everything.")),
    "flavour, tile in the rulebook": (
        "content/tiles.yaml", ("Soft ground that remembers every footstep.",
                               "Soft ground that keeps every footstep.")),
    "insignia size in the tile layout": (
        "templates/layouts/default.yaml", ("badge: 11.5mm ", "badge: 11.0mm ")),
    "art, tile in the rulebook": (
        "content/art/mossfen.svg", ('fill="#FFF4D6"', 'fill="#FFE4C6"')),
    "the table mat's look": (
        "templates/layouts/default.yaml", ("face down: the draw stack",
                                           "face down: the blind stack")),
    "the table mat's data": (
        "content/pieces.yaml", ("and the trade zone", "and the trading zone")),
}


def timed_build(project: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(TKG) if TKG.exists() else "tkg", "build"], cwd=project, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def edit_runs(project: Path, file: str, versions: tuple[str, str], runs: int) -> list[float]:
    path = project / file
    times = []
    for _ in range(runs):
        text = path.read_text()
        old, new = versions if versions[0] in text else versions[::-1]
        path.write_text(text.replace(old, new))  # a real change every run
        times.append(timed_build(project))
    return times


def _median(times: list[float]) -> str:
    return f"{statistics.median(times):.3f} s" if times else "-"


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
        for label, (file, versions) in EDITS.items():
            times = edit_runs(project, file, versions, args.runs)
            # The runs alternate: to the new value (drawn and laid out afresh), then back
            # to the shipped one (which the memo file still holds: an undo).
            print(f"{label + ':':36s} median {statistics.median(times):.3f} s "
                  f"(min {min(times):.3f}; to the new value {_median(times[::2])}, "
                  f"back {_median(times[1::2])}) - target < 0.5 s")


if __name__ == "__main__":
    main()
