"""Benchmark: `tkg validate` as the declared items grow, to show it stays linear.

Issue 27 found `tkg validate` growing with the square of the item count (500 items
3.1 s, 1,000 6.0 s, 2,000 16 s, 4,000 59 s). This builds a project with N items of the
worked example's first-player marker (docs/pieces.md; its look in a layout of its own),
and times the whole command, cold (no memo), for N = 500, 1,000, 2,000 and 4,000, with
its peak memory. Linear means each added item costs the same as N doubles.

Run: python bench/bench_items.py [N ...]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "fixtures" / "pieces" / "first-player"


def project(folder: Path, items: int) -> Path:
    """The shipped project with `items` first-player markers declared."""
    shutil.copytree(ROOT / "content", folder / "content")
    shutil.copytree(ROOT / "templates", folder / "templates")
    shutil.copy(EXAMPLE / "layout.yaml", folder / "templates" / "layouts" / "fixture.yaml")
    listed = "".join(f"    - id: m{i}\n      label: Marker {i}\n" for i in range(items))
    pieces = folder / "content" / "pieces.yaml"
    pieces.write_text(pieces.read_text() + "\nfirst-player:\n  name: First-player markers\n"
                      "  about: \"{count} markers\"\n  items:\n" + listed)
    return folder


def timed(folder: Path) -> tuple[float, float]:
    """Wall seconds and peak MB of one cold `tkg validate --layout fixture`."""
    env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "generator", "validate", "--layout",
                              "fixture"], cwd=folder, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    assert status == 0, f"validate failed in {folder}"
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def main(counts: list[int]) -> None:
    last: tuple[int, float] | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for count in counts:
            seconds, peak = timed(project(Path(tmp) / str(count), count))
            # Linear: each item added since the last count costs the same (the start-up
            # and the 48 tiles are the same for every count).
            step = "" if last is None else \
                f"  {(seconds - last[1]) / (count - last[0]) * 1000:.2f} ms an added item"
            print(f"{count:>6,} items: {seconds:6.2f} s  peak {peak:4.0f} MB{step}")
            last = count, seconds


if __name__ == "__main__":
    main([int(n) for n in sys.argv[1:]] or [500, 1000, 2000, 4000])
