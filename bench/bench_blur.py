"""Benchmark: baking a blurred layer of SVG art into its picture.

Run `python bench/bench_blur.py` from the repository root. It writes an art file whose
one layer (a gradient sky and forty discs) is blurred as Inkscape's blur slider blurs
it, then times REPEAT placings of it over a whole tile with its bleed (69.5 mm), each
with an empty memo and a user cache of its own (so each bakes the picture afresh, as
the first build after an edit of that art does), and prints the best and the median.
The target: a designer saving the art sees it in the preview in well under a second.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.core.memo import Memo  # noqa: E402
from generator.draw.art import covering  # noqa: E402

REPEAT = 5
TILE = (0.0, 0.0, 69.5, 69.5)  # a tile and its bleed, mm


def art(deviation: float) -> str:
    """An art file (100 x 100 units) whose one layer is blurred by `deviation` units."""
    discs = "".join(f'<circle cx="{i * 37 % 100}" cy="{i * 53 % 100}" r="{5 + i % 9}" '
                    f'fill="#{i * 40 % 256:02x}{i * 90 % 256:02x}80"/>' for i in range(40))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" '
            'height="100"><defs><filter id="b" style="color-interpolation-filters:sRGB" '
            f'x="-0.1" y="-0.1" width="1.2" height="1.2"><feGaussianBlur stdDeviation='
            f'"{deviation}"/></filter><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">'
            '<stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#fa0"/>'
            '</linearGradient></defs><g filter="url(#b)"><rect x="-5" y="-5" width="110" '
            f'height="110" fill="url(#g)"/>{discs}</g></svg>')


def main() -> None:
    """Time the bakes of a soft blur and of a fine one, and print them."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, deviation in (("soft (2 units, 1.4 mm)", 2.0), ("fine (0.1 units)", 0.1)):
            path = Path(tmp) / "art.svg"
            path.write_text(art(deviation))
            times = []
            for i in range(REPEAT + 1):  # the first imports numpy and the painter
                os.environ["XDG_CACHE_HOME"] = f"{tmp}/cache{name[:4]}{i}"
                start = time.perf_counter()
                covering(Memo(), path, TILE)
                times.append(time.perf_counter() - start)
            print(f"a whole tile's blurred layer, {name}: best {min(times[1:]):.3f} s, "
                  f"median {statistics.median(times[1:]):.3f} s ({REPEAT} bakes)")


if __name__ == "__main__":
    main()
