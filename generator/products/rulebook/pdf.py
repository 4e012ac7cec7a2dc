"""The rulebook PDF: cover, contents with page numbers, bookmarks, two-column pages.

Built with reportlab's platypus from the flowables of `markdown_flow`. Every
heading becomes a contents entry (levels 1-2) and a PDF bookmark; the running
footer carries the title, the version, the edition and the page number.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

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
from reportlab.platypus.tableofcontents import TableOfContents

from generator.backends.pdf.document import laid_out
from generator.backends.pdf.link import Base
from generator.backends.pdf.slotcanvas import SlotCanvas
from generator.draw.scene import Scene
from generator.products.rulebook.markdown_flow import Heading
from generator.products.rulebook.styles import ACCENT, MUTED, RULE, Styles

PAGE_SIZES = {"a4": A4, "letter": LETTER}
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM, GUTTER = 17 * mm, 16 * mm, 20 * mm, 8 * mm


@dataclass(frozen=True)
class Meta:
    """What the footer and the PDF metadata say."""

    title: str
    version: str
    edition: str
    subject: str = "Rulebook"


class RulebookDoc(BaseDocTemplate):
    """Turns every `Heading` into a contents entry and a bookmark as it lands on a page."""

    layout_only = False  # true during the first pass, whose pages are discarded
    passes = 0
    has_contents = False  # set when the story has headings for the contents page

    def beforeDocument(self) -> None:
        """Count passes: with headings, multiBuild always makes a second, final pass.

        The first pass only learns the page of every heading for the contents; its
        pages are thrown away, so the canvas is told not to paint figures then.
        """
        self.passes += 1
        self.layout_only = self.canv.layout_only = self.passes == 1 and self.has_contents

    def afterFlowable(self, flowable: Flowable) -> None:
        """Record headings with their page (for the contents and the outline)."""
        if not isinstance(flowable, Heading) or flowable.level > 2:
            return
        page = self.canv.getPageNumber()
        self.canv.bookmarkPage(flowable.key)
        self.canv.addOutlineEntry(flowable.plain, flowable.key, flowable.level - 1,
                                  closed=flowable.level > 1)
        if flowable.level == 1:  # the cover's contents lists the chapters only
            self.notify("TOCEntry", (0, flowable.plain, page, flowable.key))


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


def contents(styles: Styles) -> list[Flowable]:
    """The cover's compact contents: reportlab's two-pass table of the chapters."""
    # The contents is a table inside; its default cell font would be Helvetica.
    table_style = TableStyle([("FONT", (0, 0), (-1, -1), styles.fonts["body"], 10),
                              ("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 0),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])
    toc = TableOfContents(levelStyles=[styles.toc1], dotsMinLevel=0, tableStyle=table_style)
    return [toc]


def build_pdf(paper: str, meta: Meta, styles: Styles, cover: list[Flowable],
              body: list[Flowable], cover_painter=None) -> tuple[Base, dict[str, Scene]]:
    """The rulebook laid out for one paper size, with the figure of each empty slot.

    `generator.backends.pdf.document.linked_pdf` puts the figures in.
    """
    buffer = io.BytesIO()
    pagesize = PAGE_SIZES[paper]
    doc = RulebookDoc(buffer, pagesize=pagesize, title=f"{meta.title} \u2014 {meta.subject}",
                      author=meta.title, subject=f"{meta.subject}, version {meta.version}",
                      keywords=[meta.edition, f"version {meta.version}"],
                      creator="tkg (TKG ARENA print-and-play generator)", invariant=1,
                      pageCompression=1, initialFontName=styles.fonts["body"])
    doc.addPageTemplates(_templates(pagesize, meta, styles,
                                    cover_painter or (lambda canvas, doc: None)))
    # The contents sits on the cover (issue 14): the page it had now holds the book.
    story = [*cover, *contents(styles), NextPageTemplate("columns"), PageBreak(), *body]
    doc.has_contents = any(isinstance(f, Heading) and f.level <= 2 for f in body)
    doc.multiBuild(story, canvasmaker=SlotCanvas)
    return laid_out(doc.canv, buffer.getvalue(), doc.page), doc.canv.slots
