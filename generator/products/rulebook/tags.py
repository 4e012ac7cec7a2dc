"""Playtest tags in the PDF: a small upright label in the page margin beside the line
where the sentence that states a completion ends, or inline in a table cell.

The margin tag stands on its side (reading upwards), so it needs only a few
millimetres of the margin and stays well inside the printable area; it sits in the
outer margin of each column. The text keeps a zero-width mark where the tag belongs
(`mark`); as the paragraph is drawn, each mark tells the page where its line fell
(`TaggedParagraph`), and the page places its tags when it is done (`margin.MarginTags`),
so the flow decides where they go and two never overlap.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.backends.pdf.glue import text_position
from generator.products.rulebook.margin import Anchor, Placed
from generator.products.rulebook.paragraph import Paragraph

TAG_INK = "#FFFFFF"
TAG_FILL = "#8A5A00"  # a deep ochre: 6.4:1 with white, clear of every element colour
SIZE = 6.5  # pt: the smallest type in the book
WIDE = 3.4 * mm  # the label's width across the margin
CLEAR = 2.4 * mm  # between the text column and the label
LANE_GAP = 0.8 * mm  # between two labels side by side (the outer one ends 7 mm from the
                     # paper's edge, inside the 6.35 mm a printer leaves)
PAD = 1.1 * mm  # round the words, along the label
MARK = "playtest-mark"  # the paragraphs' onDraw callback at each mark
PLACE = "playtest-place"  # the document's callback that takes each mark's Anchor
MIDDLE = 0.32  # the middle of a line's letters above its baseline, in font sizes


def tag_text(label: str) -> str:
    """What a tag says: its label, as the tag's image text gives it ("PLAYTEST 3")."""
    return label


def tag_length(number: str, font: str) -> float:
    """How long a margin tag runs along the margin, in points."""
    return stringWidth(tag_text(number), font, SIZE) + 2 * PAD


def inline_tag(number: str, font: str) -> str:
    """A tag as paragraph markup, for a table cell."""
    return (f'<font name="{font}" size="{SIZE}" color="{TAG_INK}" backColor="{TAG_FILL}">'
            f"&nbsp;{tag_text(number).replace(' ', '&nbsp;')}&nbsp;</font>")


def mark(number: str) -> str:
    """Paragraph markup for where a margin tag belongs: nothing is drawn there."""
    return f'<onDraw name="{MARK}" label="{number}"/>'


class TaggedParagraph(Paragraph):
    """A paragraph holding marks of margin tags: each, as it is drawn, hands the page
    the place of its line."""

    def drawOn(self, canvas, x, y, _sW=0):
        place = canvas.getNamedCB(PLACE)
        size = self.style.fontSize

        def noted(canvas, kind, label) -> None:
            baseline = y + text_position(canvas)[1]  # the text is set from the paragraph
            place(Anchor(label, x, self.width, baseline + MIDDLE * size))

        canvas.setNamedCB(MARK, noted)
        super().drawOn(canvas, x, y, _sW)


def draw_tag(canvas, tag: Placed, font: str) -> None:
    """One margin tag, standing beside its column's edge."""
    text = tag_text(tag.number)
    length = tag_length(tag.number, font)
    right = tag.edge if tag.left else tag.edge + WIDE  # the label's right side
    canvas.saveState()
    canvas.translate(right, tag.top - length)
    canvas.rotate(90)  # x now runs up the page, y leftwards into the margin
    canvas.setFillColor(TAG_FILL)
    canvas.roundRect(0, 0, length, WIDE, 0.8 * mm, stroke=0, fill=1)
    canvas.setFillColor(TAG_INK)
    canvas.setFont(font, SIZE)
    canvas.drawString(PAD, WIDE / 2 - SIZE * 0.34, text)
    canvas.restoreState()
