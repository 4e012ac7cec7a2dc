"""Where a line of text puts ink: each glyph's outline box, placed as the line is set.

A layout's box says where text may go; the ink says where it went. The preflight
measures the ink (how near the cut the tile number really is), so it reads each
glyph's bounding box from the font's `glyf` table, lazily, once per font and
character in a build.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.memo import Memo
from generator.draw.fonts import FontBook
from generator.draw.geometry import Bounds
from generator.draw.scene import Text
from generator.load.fonts import open_font, quiet_fonttools

EmBox = tuple[float, float, float, float]  # x0, y0, x1, y1 in ems, y up


class GlyphBoxes:
    """The outline boxes of one font file's glyphs, read as they are asked for."""

    def __init__(self, path: Path):
        self.path = path
        self._font = None
        self._boxes: dict[int, EmBox | None] = {}

    def box(self, glyph: int) -> EmBox | None:
        """The glyph's box in ems (None for a glyph without outline, like a space)."""
        if glyph not in self._boxes:
            self._boxes[glyph] = self._read(glyph)
        return self._boxes[glyph]

    def _read(self, glyph: int) -> EmBox | None:
        with quiet_fonttools():
            if self._font is None:
                self._font = open_font(self.path)
            em = self._font["head"].unitsPerEm
            outline = self._font["glyf"][f"g{glyph}"]
        if not getattr(outline, "numberOfContours", 0):
            return None
        return outline.xMin / em, outline.yMin / em, outline.xMax / em, outline.yMax / em


def glyph_boxes(memo: Memo, path: Path) -> GlyphBoxes:
    """The glyph boxes of a font file, shared by everything measured in this build."""
    return memo.per(path, "glyph boxes", GlyphBoxes)


def ink_bounds(text: Text, fonts: FontBook) -> Bounds | None:
    """The scene rectangle a line of text inks (None for a line of spaces)."""
    metrics, size = fonts.metrics(text.font), text.size
    boxes = glyph_boxes(fonts.memo, fonts.paths[text.font])
    width = fonts.width(text.text, text.font, size)
    pen = text.x - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    found: list[Bounds] = []
    for char in text.text:
        glyph = metrics.glyph_of.get(char, 0)
        box = boxes.box(glyph)
        if box is not None:
            x0, y0, x1, y1 = box
            found.append((pen + x0 * size, text.y - y1 * size, pen + x1 * size,
                          text.y - y0 * size))
        pen += metrics.width_of.get(char, metrics.default_advance) * 0.001 * size
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found),
            max(b[2] for b in found), max(b[3] for b in found))
