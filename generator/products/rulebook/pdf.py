"""The rulebook PDF: cover, contents with page numbers, bookmarks, two-column pages.

Built with reportlab's platypus from the flowables of `markdown_flow`, in one pass:
every first-level heading is a line of the cover's contents (`contents.Contents`,
whose page numbers are drawn once the pass is done), every heading of levels 1-2 a
PDF bookmark; the running footer carries the title, the version, the edition and the
page number.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import partial

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    TableStyle,
)

from generator.backends.pdf.document import laid_out
from generator.backends.pdf.glue import build_then
from generator.backends.pdf.link import Base
from generator.backends.pdf.slotcanvas import SlotCanvas
from generator.core.words import SOURCE_WORDS, Words
from generator.draw.scene import Scene
from generator.products.rulebook.contents import Contents
from generator.products.rulebook.margin import MarginTags
from generator.products.rulebook.markdown_flow import Heading
from generator.products.rulebook.styles import ACCENT, MUTED, RULE, Styles
from generator.products.rulebook.tags import CLEAR, LANE_GAP, PLACE, WIDE, draw_tag, tag_length

PAGE_SIZES = {"a4": A4, "letter": LETTER}
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM, GUTTER = 17 * mm, 16 * mm, 20 * mm, 8 * mm
TAG_REACH = 5 * mm  # how far a margin tag may stand above or below the text frame


@dataclass(frozen=True)
class Meta:
    """What the footer and the PDF metadata say."""

    title: str
    version: str
    edition: str
    subject: str = "Rulebook"
    words: Words = SOURCE_WORDS  # the tool's words in the book's language
    author: str = ""  # the designer (none: the title)


class RulebookDoc(BaseDocTemplate):
    """Bookmarks every `Heading` as it lands on a page, notes each chapter's page, and
    sets each page's margin tags once the page is full."""

    def __init__(self, *args, tag_font: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.chapter_pages: dict[str, int] = {}  # a chapter's bookmark key -> its page
        self.tag_font = tag_font
        self.tags = MarginTags(partial(tag_length, font=tag_font), self.pagesize[0], CLEAR,
                               WIDE + LANE_GAP)

    def beforeDocument(self) -> None:
        """Let the paragraphs hand their marks to this document's margin tags."""
        self.canv.setNamedCB(PLACE, self.tags.add)

    def afterPage(self) -> None:
        """Draw the page's margin tags, packed within the text frame's height and a
        little beyond (the margins are free there, clear of the footer's rule), so a
        line at the foot of a column keeps its tag level with it."""
        high = self.pagesize[1] - MARGIN_TOP + TAG_REACH
        for tag in self.tags.placed(MARGIN_BOTTOM - TAG_REACH, high):
            draw_tag(self.canv, tag, self.tag_font)

    def afterFlowable(self, flowable: Flowable) -> None:
        """Record headings with their page (for the contents and the outline)."""
        if not isinstance(flowable, Heading) or flowable.level > 2:
            return
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, flowable.level - 1,
                                  closed=flowable.level > 1)
        if flowable.level == 1:  # the cover's contents lists the chapters only
            self.chapter_pages[flowable.key] = self.canv.getPageNumber()


def _footer(meta: Meta, styles: Styles):
    def draw(canvas, doc) -> None:
        width, _ = doc.pagesize
        y = MARGIN_BOTTOM - 10 * mm
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN_X, y + 4.2 * mm, width - MARGIN_X, y + 4.2 * mm)
        canvas.setFillColor(MUTED)
        canvas.setFont(styles.fonts["body"], 8.5)
        canvas.drawString(MARGIN_X, y, f"{meta.title} \u2014 {meta.subject}")
        canvas.drawRightString(width - MARGIN_X, y, f"{meta.edition} \u00b7 v{meta.version}")
        canvas.setFont(styles.fonts["bold"], 10)
        canvas.setFillColor(ACCENT)
        canvas.drawCentredString(width / 2, y, str(canvas.getPageNumber()))
        canvas.restoreState()
    return draw


def _templates(pagesize, meta: Meta, styles: Styles, cover_painter) -> list[PageTemplate]:
    width, height = pagesize
    inner_w, inner_h = width - 2 * MARGIN_X, height - MARGIN_TOP - MARGIN_BOTTOM
    col_w = (inner_w - GUTTER) / 2
    footer = _footer(meta, styles)

    def frame(x, w, ident):
        return Frame(x, MARGIN_BOTTOM, w, inner_h, id=ident, leftPadding=0, rightPadding=0,
                     topPadding=0, bottomPadding=0)

    cover = Frame(0, 0, width, height, id="cover", leftPadding=MARGIN_X, rightPadding=MARGIN_X,
                  topPadding=36 * mm, bottomPadding=18 * mm)
    return [
        PageTemplate("cover", [cover], onPage=cover_painter),
        PageTemplate("single", [frame(MARGIN_X, inner_w, "single")], onPage=footer),
        PageTemplate("columns", [frame(MARGIN_X, col_w, "left"),
                                 frame(MARGIN_X + col_w + GUTTER, col_w, "right")],
                     onPage=footer),
    ]


def contents(styles: Styles, body: list[Flowable]) -> Contents:
    """The cover's compact contents: a line for each chapter of `body`."""
    # The contents is a table inside; its default cell font would be Helvetica.
    table_style = TableStyle([("FONT", (0, 0), (-1, -1), styles.fonts["body"], 10),
                              ("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 0),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    chapters = [(f.plain, f.key) for f in body if isinstance(f, Heading) and f.level == 1]
    return Contents(chapters, styles.toc1, table_style)


def build_pdf(paper: str, meta: Meta, styles: Styles, cover: list[Flowable],
              body: list[Flowable], cover_painter=None) -> tuple[Base, dict[str, Scene]]:
    """The rulebook laid out for one paper size, with the figure of each empty slot.

    `generator.backends.pdf.document.linked_pdf` puts the figures in.
    """
    buffer = io.BytesIO()
    pagesize = PAGE_SIZES[paper]
    words = meta.words
    version = words.gettext("version {version}").format(version=meta.version)
    doc = RulebookDoc(buffer, pagesize=pagesize, title=f"{meta.title} \u2014 {meta.subject}",
                      author=meta.author or meta.title, subject=f"{meta.subject}, {version}",
                      keywords=[meta.edition, version], lang=words.language,
                      creator="tkg (TKG ARENA print-and-play generator)", invariant=1,
                      pageCompression=1, initialFontName=styles.fonts["body"],
                      tag_font=styles.fonts["bold"])
    doc.addPageTemplates(_templates(pagesize, meta, styles,
                                    cover_painter or (lambda canvas, doc: None)))
    # The contents sits on the cover (issue 14): the page it had now holds the book.
    lines = contents(styles, body)
    story = [*cover, lines, NextPageTemplate("columns"), PageBreak(), *body]
    build_then(doc, story, SlotCanvas, lambda canvas: lines.fill(canvas, doc.chapter_pages))
    return laid_out(doc.canv, buffer.getvalue(), doc.page), doc.canv.slots
