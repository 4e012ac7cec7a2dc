"""Benchmark the exports of the full set: PNGs at 300 ppi and Tabletop Simulator.

    python bench/bench_export.py [--runs 5]

Two figures each for `png` (preset tgc: 300 ppi, 1/8 in bleed) and `tts`:
- the export alone: the kind's `produce` with a fresh kit (nothing drawn or remembered,
  so it draws every piece at the preset's bleed, rasterises and compresses), after one
  warm-up that imports the modules and measures the fonts;
- the command: `tkg build --only png` / `--only tts` into a fresh folder, as a user runs
  it (validation and preflight of the content included).
Target (issue 13): under 5 s for all PNGs at 300 ppi on two cores. This is a benchmark,
not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.draw.kit import Kit  # noqa: E402
from generator.layout import load_layout  # noqa: E402
from generator.load.content import load_content  # noqa: E402
from generator.products import png, tts  # noqa: E402
from generator.products.request import BuildRequest  # noqa: E402

TARGET = 5.0  # seconds, all PNGs at 300 ppi


def produce_times(module, request: BuildRequest, runs: int) -> tuple[list[float], int, int]:
    """Seconds of each of `runs` exports with a fresh kit; files and bytes of the last."""
    kit = Kit(request.game)
    module.produce(module.inputs(request, kit), kit)  # warm-up: imports, fonts, PDFium
    times, made = [], []
    for _ in range(runs):
        kit = Kit(request.game)
        start = time.perf_counter()
        made = module.produce(module.inputs(request, kit), kit)
        times.append(time.perf_counter() - start)
    return times, len(made), sum(len(a.data) for a in made)


def command_time(kind: str, out: Path) -> float:
    """Wall seconds of `tkg build --only KIND` into a fresh folder."""
    script = Path(sys.executable).parent / "tkg"
    command = [str(script) if script.is_file() else "tkg", "build", "--only", kind,
               "--paper", "a4", "--out", str(out)]
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    """Time both exports and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = load_content(ROOT / "content").game
    layouts = (load_layout(ROOT / "templates", "default"),)
    request = BuildRequest(game, ROOT / "templates", layouts, ("a4",))
    print(f"cores: {os.cpu_count()}")
    for module, kind in ((png, "png"), (tts, "tts")):
        times, files, size = produce_times(module, request, args.runs)
        with tempfile.TemporaryDirectory() as tmp:
            command_time(kind, Path(tmp) / "warm")  # .pyc files and the disk cache
            whole = [command_time(kind, Path(tmp) / f"out{i}") for i in range(args.runs)]
        print(f"{kind}: {files} files, {size / 1e6:.1f} MB")
        print(f"  export alone:  median {statistics.median(times):.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f}) over {args.runs}")
        print(f"  tkg build --only {kind}: median {statistics.median(whole):.2f} s "
              f"(min {min(whole):.2f}) over {args.runs}")
        if kind == "png":
            met = statistics.median(whole) < TARGET
            print(f"  target < {TARGET:g} s for all PNGs at 300 ppi: {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
