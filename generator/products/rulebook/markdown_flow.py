"""Markdown (parsed by markdown-it-py) to reportlab platypus flowables.

Only what the rulebook uses is supported: headings 1-3, paragraphs with bold,
italic and code, bullet and numbered lists, tables, block quotes, and images whose
address names a figure (`figure:NAME`) or a break (`break:page`, `break:column`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from html import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    FrameBreak,
    KeepTogether,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from generator.core.markup import tag_label
from generator.products.rulebook.paragraph import Paragraph
from generator.products.rulebook.styles import ACCENT, PAPER_TINT, RULE, Styles
from generator.products.rulebook.tags import TaggedParagraph, inline_tag, mark
from generator.text.anchors import anchor
from generator.text.completions import SCHEME

# Text as a Paragraph's markup takes it: &, < and > escaped, as xml.sax.saxutils.escape
# does (which would load urllib, http and email into every process that sets the book).
_escaped = functools.partial(escape, quote=False)

KEEP_WHOLE = 14  # tables of up to this many rows never break across columns
FigureMaker = Callable[[str, str], list[Flowable]]
_PARSER = MarkdownIt("commonmark", {"html": False}).enable("table")
INLINE_TAGS = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>",
               "em_close": "</i>", "softbreak": " ", "hardbreak": "<br/>"}


class Heading(Paragraph):
    """A heading paragraph that the document turns into a TOC entry and a bookmark."""

    def __init__(self, text: str, style, level: int, key: str):
        super().__init__(text, style)
        self.level, self.plain, self.key = level, re.sub(r"<[^>]+>", "", text), key


@functools.lru_cache(maxsize=64)  # a pure function of the text: each paper lays it out
def parse(markdown: str) -> tuple[Token, ...]:
    """The block tokens of a Markdown text (read, never changed, by every layout)."""
    return tuple(_PARSER.parse(markdown))


def inline_markup(token: Token, tag_font: str | None = None) -> str:
    """An inline token's children as reportlab paragraph markup.

    A playtest tag leaves a mark where it is (the page draws it in the margin, beside
    that line: `tags`), unless a `tag_font` is given: then it is set inline, as in a
    table cell.
    """
    out: list[str] = []
    for child in token.children or ():
        if child.type == "text":
            out.append(_escaped(child.content))
        elif child.type == "code_inline":
            out.append(f"<b>{_escaped(child.content)}</b>")
        elif child.type in INLINE_TAGS:
            out.append(INLINE_TAGS[child.type])
        elif child.type == "image" and tag_font and tag_of(child):
            out.append(inline_tag(tag_of(child), tag_font))
        elif child.type == "image" and tag_of(child):
            _attach(out, mark(tag_of(child)))
        elif child.type == "image":
            out.append(_escaped(plain_text(child)))  # never silently dropped
    return "".join(out).rstrip()


def _attach(out: list[str], markup: str) -> None:
    """Put a margin tag's mark right after the word before it: the space a template
    writes before a tag would otherwise stand before what follows (a full stop)."""
    while out and not out[-1].strip() and not out[-1].startswith("<"):
        out.pop()
    if out:
        out[-1] = out[-1].rstrip()
    out.append(markup)


def _src(image: Token) -> str:
    """An image's address ("" when it has none)."""
    src = image.attrGet("src")
    return src if isinstance(src, str) else ""


def tag_of(image: Token) -> str:
    """What a playtest tag image says, in capitals ("PLAYTEST 3"; "" for any other
    image): its image text, written in the book's language by `playtest()`."""
    src = _src(image)
    return tag_label(plain_text(image)) if src.startswith(f"{SCHEME}:") else ""


def tags_in(token: Token) -> tuple[str, ...]:
    """The numbers of the playtest tags in an inline token, in order."""
    return tuple(n for n in (tag_of(c) for c in token.children or () if c.type == "image")
                 if n)


def plain_text(token: Token) -> str:
    """An inline token's text without markup."""
    return "".join(c.content for c in token.children or () if c.type in ("text", "code_inline"))


def lone_image(token: Token) -> Token | None:
    """The image of a paragraph that holds nothing but one image, else None."""
    kids = [c for c in token.children or () if not (c.type == "text" and not c.content.strip())]
    return kids[0] if len(kids) == 1 and kids[0].type == "image" else None


class _Converter:
    def __init__(self, styles: Styles, figure: FigureMaker, keys: dict[str, int]):
        self.s, self.figure, self.keys = styles, figure, keys
        self.lead_ins: dict = {}
        self.out: list[Flowable] = []

    def key(self, text: str) -> str:
        return anchor(text, self.keys)

    def run(self, tokens: Sequence[Token]) -> list[Flowable]:
        i = 0
        while i < len(tokens):
            i = self.block(tokens, i, self.out)
        return self.out

    def block(self, tokens: Sequence[Token], i: int, out: list[Flowable], style=None) -> int:
        t = tokens[i]
        if t.type == "heading_open":
            level = int(t.tag[1])
            inline = tokens[i + 1]
            style = {1: self.s.h1, 2: self.s.h2}.get(level, self.s.h3)
            if level == 1:
                out.append(CondPageBreak(140))  # never strand a chapter title at a foot
            out.append(Heading(inline_markup(inline, self.s.fonts["bold"]), style, level,
                               self.key(plain_text(inline))))
            return i + 3
        if t.type == "paragraph_open":
            out.extend(self.paragraph(tokens[i + 1], style or self.s.body))
            return i + 3
        if t.type in ("bullet_list_open", "ordered_list_open"):
            return self.list_(tokens, i, out)
        if t.type == "table_open":
            return self.table(tokens, i, out)
        if t.type == "blockquote_open":
            return self.nested(tokens, i, "blockquote_close", out, self.s.quote)
        if t.type == "hr":
            out.append(Spacer(1, 8))
        return i + 1

    def nested(self, tokens, i, closer, out, style) -> int:
        i += 1
        while tokens[i].type != closer:
            i = self.block(tokens, i, out, style)
        return i + 1

    def paragraph(self, inline: Token, style) -> list[Flowable]:
        image = lone_image(inline)
        if image is None or tag_of(image):
            if plain_text(inline).rstrip().endswith(":"):  # it introduces what follows
                style = self._lead_in(style)
            return [self.tagged(inline, style)]
        src = _src(image)
        kind, _, name = src.partition(":")
        if kind == "figure":
            return self.figure(name, plain_text(image))
        if src == "break:page":
            return [PageBreak()]
        if src == "break:column":
            return [FrameBreak()]
        return [Paragraph(_escaped(plain_text(image)), style)]

    def tagged(self, inline: Token, style, **kw) -> Paragraph:
        """A paragraph, with its playtest tags in the margin when it has any."""
        kind = TaggedParagraph if tags_in(inline) else Paragraph
        return kind(inline_markup(inline), style, **kw)

    def _lead_in(self, style):
        key = (style.name, "lead-in")
        if key not in self.lead_ins:
            self.lead_ins[key] = style.clone(f"{style.name}-lead-in", keepWithNext=1)
        return self.lead_ins[key]

    def list_(self, tokens, i, out) -> int:
        ordered = tokens[i].type == "ordered_list_open"
        closer = tokens[i].type.replace("_open", "_close")
        number = int(tokens[i].attrGet("start") or 1)
        i += 1
        while tokens[i].type != closer:
            if tokens[i].type == "list_item_open":
                item: list[Flowable] = []
                i = self.nested(tokens, i, "list_item_close", item, self.s.bullet)
                bullet = f"{number}." if ordered else "•"
                if item and isinstance(item[0], Paragraph):
                    first = item[0]
                    kind = TaggedParagraph if isinstance(first, TaggedParagraph) else Paragraph
                    item[0] = kind(first.text, self._bullet_style(ordered), bulletText=bullet)
                out.extend(item)
                number += 1
            else:
                i += 1
        return i + 1

    def _bullet_style(self, ordered: bool):
        if not ordered:
            return self.s.bullet
        return self.s.bullet.clone("numbered", leftIndent=16, bulletFontName=self.s.fonts["bold"])

    def table(self, tokens, i, out) -> int:
        rows: list[list[Paragraph]] = []
        while tokens[i].type != "table_close":
            t = tokens[i]
            if t.type == "tr_open":
                rows.append([])
            elif t.type == "inline":
                head = tokens[i - 1].type == "th_open"
                style = self.s.cell_head if head else self.s.cell
                rows[-1].append(Paragraph(inline_markup(t, self.s.fonts["bold"]), style))
            i += 1
        out.append(FitTable(rows, self.s.fonts["body"]))
        return i + 1


def _words(cell: Paragraph) -> tuple[float, float]:
    """Widest single word and whole text width of a cell, in points, plus padding."""
    style = cell.style
    text = cell.getPlainText()
    words = text.split() or [""]
    font = style.fontName
    pad = 9.0
    return (max(stringWidth(w, font, style.fontSize) for w in words) + pad,
            stringWidth(text, font, style.fontSize) + pad)


def column_widths(rows: list[list[Paragraph]], width: float) -> list[float]:
    """Each column at least its longest word; the remaining width shared by text length."""
    columns = max(len(r) for r in rows)
    least, want = [0.0] * columns, [0.0] * columns
    for row in rows:
        for c, cell in enumerate(row):
            word, whole = _words(cell)
            least[c], want[c] = max(least[c], word), max(want[c], whole)
    spare = max(width - sum(least), 0.0)
    extra = [max(w - m, 0.0) for w, m in zip(want, least, strict=True)]
    if sum(extra) <= spare:  # everything fits on one line: spread the rest evenly
        return [m + e + (spare - sum(extra)) / columns for m, e in zip(least, extra, strict=True)]
    return [m + spare * e / sum(extra) for m, e in zip(least, extra, strict=True)]


class FitTable(Flowable):
    """A table whose column widths follow their text, fitted to the frame at wrap time."""

    def __init__(self, rows: list[list[Paragraph]], font: str):
        super().__init__()
        self.rows, self.font = rows, font
        self.table: Table | None = None  # built by `wrap`, for the width it is given

    def _build(self, width: float) -> Table:
        widths = column_widths(self.rows, width)
        table = Table(self.rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.font, 10),  # else reportlab names Helvetica
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, PAPER_TINT]),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4)]))
        return table

    def wrap(self, avail_width, avail_height):
        self.table = table = self._build(avail_width)
        w, h = table.wrap(avail_width, avail_height)
        self.width, self.height = w, h
        return w, h + 8

    def split(self, avail_width, avail_height):
        if len(self.rows) <= KEEP_WHOLE:  # a short table moves on whole rather than break
            return []
        table = self._build(avail_width)
        return table.split(avail_width, avail_height)

    def draw(self):
        if self.table is None:  # platypus always wraps a flowable before drawing it
            raise RuntimeError("a FitTable was drawn before it was wrapped")
        self.table.drawOn(self.canv, 0, 8)


def to_flowables(markdown: str, styles: Styles, figure: FigureMaker,
                 keys: dict[str, int] | None = None) -> list[Flowable]:
    """Flowables for a Markdown text; `keys` keeps bookmark keys unique across calls."""
    return _Converter(styles, figure, {} if keys is None else keys).run(parse(markdown))


__all__ = ["FitTable", "Heading", "KeepTogether", "parse", "to_flowables"]
