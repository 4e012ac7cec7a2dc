"""Benchmark: how long `tkg validate` takes on the shipped content.

Target (issues 2 and 10): the whole check, now with the art, fonts, layouts and
templates, in under 0.1 s of work beyond interpreter start-up. Measured three ways:

- in process, the work alone (load + every check), with a warm memo (what
  `tkg validate` remembers between runs) and with an empty one (the first run);
- the whole command as a subprocess, warm and cold (its memo removed before each run),
  compared with a bare `python -c "import generator.cli"` start.

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

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"


def in_process(warm: bool, runs: int = 15) -> float:
    from generator.build.memo import DrawingMemo
    from generator.check.validate import Templates, validate
    from generator.products.kinds import gutter_keys

    templates = Templates(TEMPLATES, ("default",), gutter_keys())
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


def main() -> None:
    # An installed tool runs from compiled bytecode; this workplace may forbid writing it.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")],
                   check=True)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache  # the memos of this run only
        env = dict(os.environ)
        warm, cold = in_process(True), in_process(False)
        command = [sys.executable, "-m", "generator", "validate"]
        bare = whole_command([sys.executable, "-c", "import generator.cli"], env, None)
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)
        full_warm = whole_command(command, env, None)
        full_cold = whole_command(command, env, Path(cache))
    print(f"validate work in process, median: {warm * 1000:.1f} ms remembered, "
          f"{cold * 1000:.1f} ms first run")
    print(f"whole command: {full_warm * 1000:.0f} ms remembered, {full_cold * 1000:.0f} ms "
          f"first run; start-up with imports: {bare * 1000:.0f} ms; beyond start-up: "
          f"{(full_warm - bare) * 1000:.0f} ms remembered, {(full_cold - bare) * 1000:.0f} ms "
          "first run")
    print("target: < 100 ms of work beyond start-up:", "met" if warm < 0.1 else "NOT met")


if __name__ == "__main__":
    main()
