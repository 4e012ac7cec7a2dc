"""The HTML rulebook's fonts: one TrueType subset per role, holding only the characters
the page shows, embedded as data URLs (the whole faces made the page 5 MB).

The subsets are the PDFs' own (`generator.backends.pdf.subset`): the same glyphs, no
layout tables (the browser sets the text without them), no hinting (a screen hints for
itself), and the same bytes for the same font and text.
"""

from __future__ import annotations

import base64
from pathlib import Path

from generator.backends.pdf.subset import subset_program
from generator.load.fonts import FaceMetrics


def subset_ttf(path: Path, metrics: FaceMetrics, text: str) -> bytes:
    """The font at `path` (whose metrics are `metrics`) cut down to the glyphs of `text`
    (and .notdef)."""
    glyph_of = metrics.glyph_of
    kept = sorted({glyph_of[c] for c in text if c in glyph_of})
    data, _ = subset_program(path, kept, hinting=False, glyph_of=glyph_of)
    return data


def font_face(family: str, path: Path, metrics: FaceMetrics, text: str) -> str:
    """An @font-face rule embedding the subset of `path` for `text`."""
    data = base64.b64encode(subset_ttf(path, metrics, text)).decode("ascii")
    return f"@font-face{{font-family:'{family}';src:url(data:font/ttf;base64,{data}) " \
           "format('truetype')}"
