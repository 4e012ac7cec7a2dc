"""The rulebook's pages for platypus: the cover, the story of every section, the figures.

Imported only when the rulebook is laid out again: a build that links new figures
into a remembered layout (`generator.backends.pdf.document.linked_pdf`) never loads
platypus or the styles.
"""

from __future__ import annotations

from functools import partial
from html import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from generator.backends.pdf.link import Base
from generator.draw.scene import Scene
from generator.products.rulebook.markdown_flow import to_flowables
from generator.products.rulebook.paragraph import Paragraph
from generator.products.rulebook.pdf import Meta, build_pdf
from generator.products.rulebook.prepared import Prepared, credit_line, players_line
from generator.products.rulebook.scene_flow import scene_flowable
from generator.products.rulebook.styles import ACCENT, PAPER_TINT, Styles, make_styles


def lay_out(prep: Prepared, paper: str) -> tuple[Base, dict[str, Scene]]:
    """The rulebook laid out on one paper, with an empty slot for every figure."""
    styles = make_styles(prep.book)
    keys: dict[str, int] = {}
    body: list[Flowable] = []
    for section in prep.sections:
        body += to_flowables(section.markdown, styles, partial(_figure, prep, styles), keys)
    _ = prep.book.words
    meta = Meta(prep.book.title, prep.book.version, prep.context["edition"], _("Rulebook"), _,
                prep.book.designer)
    return build_pdf(paper, meta, styles, _cover(prep, styles), body, _cover_painter(prep))


def _figure(prep: Prepared, styles: Styles, name: str, caption: str) -> list[Flowable]:
    scene = prep.figures.get(name)
    if scene is None:
        return []
    # No KeepTogether: platypus will not chain a heading's keepWithNext into one, so
    # the picture itself keeps with its caption and a heading keeps with the picture.
    picture = scene_flowable(scene, space_before=2 * mm)
    if not caption:
        return [picture]
    picture.keepWithNext = 1
    return [picture, Paragraph(caption, styles.caption)]


def _cover(prep: Prepared, s: Styles) -> list[Flowable]:
    c, words = prep.context, prep.book.words
    title, _, subtitle = prep.book.title.partition(":")
    big = s.h1.clone("cover-title", fontSize=40, leading=44, alignment=1, spaceAfter=4)
    sub = s.h1.clone("cover-sub", fontName=s.fonts["italic"], fontSize=24, leading=28,
                     alignment=1, spaceAfter=18)
    line = s.body.clone("cover-line", alignment=1, fontSize=13, leading=18)
    edition = s.h2.clone("cover-edition", alignment=1, fontSize=17, leading=22)
    heading = words.gettext("Rulebook \u00b7 {edition} \u00b7 version {version}").format(
        edition=c["edition"], version=c["version"])
    credit = credit_line(prep.book)
    return [Paragraph(title.strip(), big),
            Paragraph(subtitle.strip() or words.gettext("Rulebook"), sub),
            *([Paragraph(escape(credit, quote=False), line), Spacer(1, 5 * mm)] if credit else []),
            scene_flowable(prep.cover, max_width=92 * mm), Spacer(1, 8 * mm),
            Paragraph(heading, edition),
            Paragraph(f"{players_line(c, words)} \u00b7 {c['element_names']}", line),
            Spacer(1, 7 * mm)]


def _cover_painter(prep: Prepared):
    """The cover's paper: a warm ground, a thin frame, a band of the element colours."""
    colours = [HexColor(colour) for colour in prep.book.colours]

    def paint(canvas, doc) -> None:
        width, height = doc.pagesize
        canvas.saveState()
        canvas.setFillColor(PAPER_TINT)
        canvas.rect(0, 0, width, height, stroke=0, fill=1)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.8)
        canvas.rect(10 * mm, 10 * mm, width - 20 * mm, height - 20 * mm, stroke=1, fill=0)
        band = (width - 20 * mm) / max(len(colours), 1)
        for i, colour in enumerate(colours):
            canvas.setFillColor(colour)
            canvas.rect(10 * mm + i * band, 10 * mm, band, 7 * mm, stroke=0, fill=1)
            canvas.rect(10 * mm + i * band, height - 17 * mm, band, 7 * mm, stroke=0, fill=1)
        canvas.restoreState()
    return paint
