"""Where a line of text puts ink: each glyph's outline box, placed as the line is set.

A layout's box says where text may go; the ink says where it went. The preflight
measures the ink (how near the cut the tile number really is) with each glyph's
outline box, read with the font's metrics (`generator.load.fonts.FaceMetrics.ink`)
and remembered with them between builds.
"""

from __future__ import annotations

from generator.draw.fonts import FontBook
from generator.draw.geometry import Bounds
from generator.draw.scene import Text

HAIR = 1e-6  # mm


def glyph_boxes(text: Text, fonts: FontBook) -> list[tuple[str, Bounds]]:
    """Each inked character of a line of text with its outline box in the scene (a
    space, which inks nothing, is left out)."""
    metrics, size = fonts.metrics(text.font), text.size
    boxes = metrics.ink
    width = fonts.width(text.text, text.font, size)
    pen = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    found: list[tuple[str, Bounds]] = []
    for char in text.text:
        box = boxes.get(metrics.glyph_of.get(char, 0))
        if box is not None:
            x0, y0, x1, y1 = box
            found.append((char, (pen + x0 * size, text.y - y1 * size, pen + x1 * size,
                                 text.y - y0 * size)))
        pen += metrics.width_of.get(char, metrics.default_advance) * 0.001 * size
    return found


def ink_bounds(text: Text, fonts: FontBook) -> Bounds | None:
    """The scene rectangle a line of text inks (None for a line of spaces)."""
    found = [box for _, box in glyph_boxes(text, fonts)]
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found),
            max(b[2] for b in found), max(b[3] for b in found))


def line_reach(text: Text, fonts: FontBook) -> Bounds:
    """A rectangle that holds all the ink a line of text can put down (never less than
    `ink_bounds`): from the line's start to its end, widened by the farthest any glyph
    of its font reaches. One width and no glyph looked at: a check that finds nothing
    near this rectangle need not look at the glyphs."""
    x0, y0, x1, y1 = fonts.ink_reach(text.font)
    size = text.size
    width = fonts.width(text.text, text.font, size)
    start = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    # A hair wider: the pen's sums above and `fonts.width` may round their last bits apart.
    return (start + min(x0, 0.0) * size - HAIR, text.y - y1 * size - HAIR,
            start + width + max(x1, 0.0) * size + HAIR, text.y - y0 * size + HAIR)
