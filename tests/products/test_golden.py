"""Pixels: one tile and one sheet, rasterised and compared with golden PNGs.

Regenerate the goldens after an intended change of look, then review the PNG diff
like code:

    TKG_REGEN_GOLDENS=1 python -m pytest tests/products/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.pdfprobe import rasterise

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = {  # golden name -> (output file, page index, dots per inch)
    "tile-ember-hollow.png": ("print-shop/tiles.pdf", 0, 150),
    "sheet-a4-tiles-1.png": ("pnp-a4.pdf", 2, 40),  # page 3: the first tile sheet
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_rendering_matches_the_golden_png(built, name):
    path, page, dpi = CASES[name]
    image = rasterise(built / path, page, dpi)
    golden = GOLDEN / name
    if os.environ.get("TKG_REGEN_GOLDENS"):
        GOLDEN.mkdir(exist_ok=True)
        image.save(golden, optimize=True)
        pytest.skip(f"regenerated {golden}")
    assert golden.exists(), "no golden yet: run with TKG_REGEN_GOLDENS=1"
    expected = Image.open(golden).convert("RGB")
    assert image.size == expected.size
    diff = ImageChops.difference(image, expected)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    changed = sum(diff.convert("L").histogram()[41:]) / (diff.width * diff.height)
    assert mean < 1.5 and changed < 0.005, f"mean {mean:.2f}, {changed:.2%} pixels changed"
