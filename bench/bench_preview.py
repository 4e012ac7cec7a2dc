"""Benchmark the live preview (issue 17): save to new pixels, and opening the gallery.

    python bench/bench_preview.py [--runs 5]

Targets on this machine (2 cores): a one-tile name edit on the open gallery under 0.3 s
(issue 22; issue 17 asked 0.5 s), from the write of tiles.yaml to the new name and
picture on the page; the gallery open
under 1 s, from the navigation's start to every thumbnail arrived, with an empty cache.

Runs `tkg watch --paper a4` as a user does, on a temporary copy of content/ and
templates/ (and of the generator, compiled there: nothing is written into the repo),
and drives Debian's headless Chromium (/usr/bin/chromium) through
Playwright; the measuring code is the browser tests' own (`tests/live/livekit.py`).
Each edit renames a tile (back and forth, so every run is a real change) and waits for
the whole rebuild (the PDFs too) before the next, as a designer saves, looks, saves
again. Two tiles: Mossfen, which the rulebook names (its rebuild lays out the rulebook
again), and Ashen Steppe, which it does not.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the measuring code lives with the browser tests

from tests.live.livekit import (  # noqa: E402
    HAVE_BROWSER,
    WAIT_MS,
    WHY_NO_BROWSER,
    launch,
    open_gallery,
    start_watcher,
    time_name_edit,
)

EDITS = {  # tile -> its SVG
    "Mossfen": "svg/tiles/mossfen.svg",
    "Ashen Steppe": "svg/tiles/ashen-steppe.svg",
}
REST_DONE = """() => { const s = document.getElementById("status");
  return s.classList.contains("ok") && !s.hasAttribute("data-pending"); }"""


def time_edits(page, project: Path, name: str, path: str, runs: int) -> list[float]:
    """Seconds from each rename of the tile to its new name on the page."""
    times = []
    for i in range(runs):
        old, new = (name, f"{name} Deep") if i % 2 == 0 else (f"{name} Deep", name)
        times.append(time_name_edit(page, project, path, old, new))
        page.wait_for_function(REST_DONE, timeout=WAIT_MS)  # the PDFs too, before the next
    return times


def line(label: str, times: list[float], target: float) -> str:
    median = statistics.median(times)
    verdict = "met" if median < target else "MISSED"
    return (f"{label:44s} median {median:.3f} s (min {min(times):.3f}, max {max(times):.3f})"
            f" - target < {target} s: {verdict}")


def compiled_copy(project: Path) -> None:
    """The generator copied into `project` and compiled there.

    This workplace sets PYTHONDONTWRITEBYTECODE, so the watcher would compile the package
    afresh at every start; an installed tool runs from compiled bytecode. `tkg watch`
    runs in `project` (`python -m generator`), so it imports this copy before the repo's,
    and the repo gets no bytecode of the benchmark's.
    """
    package = project / "generator"
    shutil.copytree(ROOT / "generator", package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not HAVE_BROWSER:
        sys.exit(f"cannot run: {WHY_NO_BROWSER}")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for folder in ("content", "templates"):
            shutil.copytree(ROOT / folder, project / folder)
        compiled_copy(project)
        watcher = start_watcher(project, languages=())  # every language, as `tkg watch`
        try:
            watcher.wait_for_line(r"start: built in")
            with sync_playwright() as playwright:
                browser = launch(playwright)
                opens = []
                for _ in range(args.runs):  # a new context each time: an empty cache
                    context = browser.new_context()
                    opens.append(open_gallery(context.new_page(), watcher.url))
                    context.close()
                page = browser.new_page()
                open_gallery(page, watcher.url)
                edits = {name: time_edits(page, project, name, path, args.runs)
                         for name, path in EDITS.items()}
                browser.close()
        finally:
            watcher.stop()
    for name, times in edits.items():
        print(line(f"name edit to the page, {name}:", times, 0.3))
    print(line("gallery open (empty cache):", opens, 1.0))


if __name__ == "__main__":
    main()
