"""The rulebook's type: the content's fonts registered with reportlab, and paragraph styles.

Fonts are part of the content (game.yaml `fonts:`), so every machine sets the same
pages; reportlab embeds a subset of each TTF. Registration goes through the print
engineer's `generator.backends.pdf.fonts.register`, so pieces and text share the names.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics

from generator.backends.pdf.fonts import register
from generator.core.errors import RenderError
from generator.load.content_schema import FONT_ROLES
from generator.products.rulebook.prepared import Book

INK = colors.HexColor("#222222")
MUTED = colors.HexColor("#5A5A5A")
ACCENT = colors.HexColor("#6B3E26")
RULE = colors.HexColor("#C9B79C")
PAPER_TINT = colors.HexColor("#F6F0E6")


def font_names(game: Book) -> dict[str, str]:
    """Each font role's registered reportlab name; every role must be in the content."""
    files = {role: path for role in FONT_ROLES if (path := game.font(role)) is not None}
    missing = [role for role in FONT_ROLES if role not in files]
    if missing:
        raise RenderError(f"game.yaml fonts: lacks the role(s) {', '.join(missing)}")
    # The same names as the pieces' fonts, so a figure and the text share one embedding.
    names = {role: register(role, path) for role, path in files.items()}
    pdfmetrics.registerFontFamily(names["body"], normal=names["body"], bold=names["bold"],
                                  italic=names["body_italic"], boldItalic=names["bold"])
    pdfmetrics.registerFontFamily(names["heading"], normal=names["heading"],
                                  bold=names["title"], italic=names["italic"],
                                  boldItalic=names["title"])
    return names


@dataclass(frozen=True)
class Styles:
    """Paragraph styles of the rulebook, built once per game."""

    fonts: dict
    body: ParagraphStyle
    bullet: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    caption: ParagraphStyle
    cell: ParagraphStyle
    cell_head: ParagraphStyle
    quote: ParagraphStyle
    toc1: ParagraphStyle
    toc2: ParagraphStyle


def make_styles(game: Book) -> Styles:
    """The rulebook styles: body 10.5 pt Lato, headings in EB Garamond."""
    f = font_names(game)
    # No lone first or last line of a paragraph at the foot or the top of a column.
    body = ParagraphStyle("body", fontName=f["body"], bulletFontName=f["bold"], fontSize=10.5,
                          leading=13.8, textColor=INK, spaceAfter=5, allowWidows=0,
                          allowOrphans=0)
    return Styles(
        fonts=f, body=body,
        bullet=ParagraphStyle("bullet", parent=body, leftIndent=13, bulletIndent=2,
                              spaceAfter=3),
        h1=ParagraphStyle("h1", fontName=f["title"], fontSize=22, leading=26,
                          textColor=ACCENT, spaceBefore=6, spaceAfter=8, keepWithNext=1),
        h2=ParagraphStyle("h2", fontName=f["title"], fontSize=15, leading=18,
                          textColor=ACCENT, spaceBefore=9, spaceAfter=4, keepWithNext=1),
        h3=ParagraphStyle("h3", fontName=f["bold"], fontSize=11, leading=14,
                          textColor=INK, spaceBefore=6, spaceAfter=2, keepWithNext=1),
        caption=ParagraphStyle("caption", parent=body, fontName=f["body_italic"],
                               fontSize=10, leading=12.5, textColor=MUTED,
                               alignment=TA_CENTER, spaceBefore=3, spaceAfter=9),
        cell=ParagraphStyle("cell", parent=body, fontSize=10, leading=12.2, spaceAfter=0),
        cell_head=ParagraphStyle("cell_head", parent=body, fontName=f["bold"], fontSize=10,
                                 leading=12.2, spaceAfter=0, textColor=colors.white),
        quote=ParagraphStyle("quote", parent=body, leftIndent=8, rightIndent=4,
                             borderPadding=(6, 6, 6, 8), backColor=PAPER_TINT,
                             spaceBefore=8, spaceAfter=12),
        toc1=ParagraphStyle("toc1", fontName=f["heading"], fontSize=11.5, leading=15,
                            textColor=INK, leftIndent=52, rightIndent=52),
        toc2=ParagraphStyle("toc2", fontName=f["body"], fontSize=10.5, leading=15,
                            leftIndent=18, textColor=MUTED),
    )
