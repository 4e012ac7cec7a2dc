"""The rulebook's paragraph breaks its lines once for each width platypus asks, and the
pages it makes are byte for byte those of platypus's own paragraph."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
from reportlab.platypus import Paragraph as PlatypusParagraph

from generator.products.rulebook.paragraph import Paragraph

BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=13)
HEADING = ParagraphStyle("heading", fontName="Helvetica-Bold", fontSize=14, leading=17,
                         keepWithNext=1)
WORDS = ("Each player in turn <b>draws a tile</b>, places it beside one it matches and "
         "<i>may</i> seal an insignia of its element; the one who seals the fourth wins. ")


def _broken_lines(paragraph) -> list[float]:
    """Each width the paragraph's lines are broken to, as platypus breaks them."""
    widths: list[float] = []
    breaks = paragraph.breakLines

    def counted(width):
        widths.append(width)
        return breaks(width)

    paragraph.breakLines = counted
    return widths


def test_the_same_width_asked_again_breaks_no_line_again():
    paragraph = Paragraph(WORDS * 3, BODY)
    widths = _broken_lines(paragraph)
    first = paragraph.wrap(200, 500)
    lines = paragraph.blPara
    assert paragraph.wrap(200, 800) == first
    assert paragraph.blPara is lines
    assert len(widths) == 1


def test_another_width_breaks_the_lines_for_it():
    paragraph = Paragraph(WORDS * 3, BODY)
    widths = _broken_lines(paragraph)
    narrow = paragraph.wrap(120, 500)
    wide = paragraph.wrap(300, 500)
    assert wide[1] < narrow[1]
    assert paragraph.wrap(120, 500) == narrow  # only the last width's lines are kept
    assert len(widths) == 3


def _two_columns(kind) -> bytes:
    """A story of headings kept with what follows and paragraphs long enough to break
    across both columns of several pages, laid out with paragraphs of `kind`."""
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=A4, invariant=1)
    width, height = A4
    column = (width - 100) / 2
    doc.addPageTemplates([PageTemplate("columns", [
        Frame(40, 40, column, height - 80, id="left"),
        Frame(60 + column, 40, column, height - 80, id="right")])])
    story = []
    for number in range(12):
        story.append(kind(f"Chapter {number}: <i>the seals</i>", HEADING))
        story += [kind(WORDS * (2 + (number * 7) % 11), BODY) for _ in range(3)]
    doc.build(story)
    return out.getvalue()


def test_pages_are_those_of_platypus_own_paragraph():
    assert _two_columns(Paragraph) == _two_columns(PlatypusParagraph)
