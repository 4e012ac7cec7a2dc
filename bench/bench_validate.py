"""Benchmark: how long `tkg validate` takes on the shipped content.

Target (issue 2): the whole check, all 48 tiles x 9 positions included, in under
0.1 s of work beyond interpreter start-up. This measures both the in-process work
(load + every check, median of many runs) and the whole command as a subprocess
compared with a bare `python -c "import generator.cli"` start.

Run: python bench/bench_validate.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


def in_process(runs: int = 30) -> float:
    from generator.check.validate import validate

    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        report = validate(CONTENT)
        timings.append(time.perf_counter() - start)
        assert report.errors == 0
    return statistics.median(timings)


def whole_command(args: list[str], runs: int = 7) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    work = in_process()
    bare = whole_command([sys.executable, "-c", "import generator.cli"])
    full = whole_command([sys.executable, "-m", "generator", "validate"])
    print(f"validate work (load + all checks), median of 30: {work * 1000:.1f} ms")
    print(f"whole command: {full * 1000:.0f} ms; start-up with imports: {bare * 1000:.0f} ms; "
          f"beyond start-up: {(full - bare) * 1000:.0f} ms")
    print("target: < 100 ms of work beyond start-up:", "met" if work < 0.1 else "NOT met")


if __name__ == "__main__":
    main()
