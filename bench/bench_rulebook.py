"""Benchmark: the rulebook and the player aids for both paper sizes.

Run `python bench/bench_rulebook.py` from the repository root. It loads the shipped
content once, makes one warm-up build (fonts registered, modules imported), then
times REPEAT builds of both producers for A4 and Letter and prints the best and the
median. The target is under 1.5 s of work. Every build gets a kit with an empty memo,
so each one lays out and draws everything, as a build into a fresh output folder does
(with the memo, a build that changes no page is mostly a copy).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.draw.kit import Kit  # noqa: E402
from generator.layout import load_layout  # noqa: E402
from generator.load.content import load_content  # noqa: E402
from generator.products import aids  # noqa: E402
from generator.products.inputs import piece_files  # noqa: E402
from generator.products.request import BuildRequest  # noqa: E402
from generator.products.rulebook import book  # noqa: E402

REPEAT = 5


def build_once(request: BuildRequest) -> tuple[float, int]:
    """Seconds for one rulebook + aids build, and how many bytes it made."""
    kit = Kit(request.game)  # nothing remembered: lay out and draw everything
    start = time.perf_counter()
    made = (book.produce(book.inputs(request, kit), kit)
            + piece_files(aids.inputs(request, kit), kit))
    return time.perf_counter() - start, sum(len(a.data) for a in made)


def main() -> None:
    """Time the builds and print the figures."""
    game = load_content(ROOT / "content").game
    layouts = (load_layout(ROOT / "templates", "default"),)
    request = BuildRequest(game, ROOT / "templates", layouts, ("a4", "letter"))
    cold, size = build_once(request)
    times = [build_once(request)[0] for _ in range(REPEAT)]
    print(f"rulebook + aids, A4 and Letter ({size / 1e6:.1f} MB):")
    print(f"  first build (fonts loaded, caches cold): {cold:.3f} s")
    print(f"  warm builds: best {min(times):.3f} s, median {statistics.median(times):.3f} s "
          f"over {REPEAT}")
    print(f"  target < 1.5 s: {'met' if cold < 1.5 else 'MISSED'}")


if __name__ == "__main__":
    main()
