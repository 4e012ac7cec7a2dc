"""Playtest tags in the PDF: a small upright label in the page margin beside the first
line of the paragraph that states a completion, or inline in a table cell.

The margin tag stands on its side (reading upwards), so it needs only a few
millimetres of the margin and stays well inside the printable area; it sits in the
outer margin of each column.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

TAG_INK = "#FFFFFF"
TAG_FILL = "#8A5A00"  # a deep ochre: 6.4:1 with white, clear of every element colour
SIZE = 6.5  # pt: the smallest type in the book
WIDE = 3.4 * mm  # the label's width across the margin
CLEAR = 2.4 * mm  # between the text column and the label


def tag_text(number: str) -> str:
    """What a tag says."""
    return f"PLAYTEST {number}"


def inline_tag(number: str, font: str) -> str:
    """A tag as paragraph markup, for a table cell."""
    return (f'<font name="{font}" size="{SIZE}" color="{TAG_INK}" backColor="{TAG_FILL}">'
            f"&nbsp;{tag_text(number).replace(' ', '&nbsp;')}&nbsp;</font>")


class TaggedParagraph(Paragraph):
    """A paragraph with playtest tags in the margin beside its first line."""

    def __init__(self, text, style, tags: tuple[str, ...] = (), font: str = "", **kw):
        super().__init__(text, style, **kw)
        self.tags, self.tag_font = tags, font

    def split(self, avail_width, avail_height):
        """Split like a paragraph; the tags stay beside the first line, in the first part."""
        parts = super().split(avail_width, avail_height)
        for i, part in enumerate(parts):
            part.tags, part.tag_font = (self.tags if i == 0 else ()), self.tag_font
        return parts

    def drawOn(self, canvas, x, y, _sW=0):
        super().drawOn(canvas, x, y, _sW)
        page_width = canvas._pagesize[0]
        left = x + self.width / 2 < page_width / 2
        edge = x - CLEAR if left else x + self.width + CLEAR + WIDE  # the label's right side
        top = y + self.height
        for number in self.tags:
            top = self._draw_tag(canvas, edge, top, number)

    def _draw_tag(self, canvas, edge: float, top: float, number: str) -> float:
        text = tag_text(number)
        length = stringWidth(text, self.tag_font, SIZE) + 2.2 * mm
        canvas.saveState()
        canvas.translate(edge, top - length)
        canvas.rotate(90)  # x now runs up the page, y leftwards into the margin
        canvas.setFillColor(TAG_FILL)
        canvas.roundRect(0, 0, length, WIDE, 0.8 * mm, stroke=0, fill=1)
        canvas.setFillColor(TAG_INK)
        canvas.setFont(self.tag_font, SIZE)
        canvas.drawString(1.1 * mm, WIDE / 2 - SIZE * 0.34, text)
        canvas.restoreState()
        return top - length - 1.2 * mm
