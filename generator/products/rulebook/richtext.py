"""Short Markdown (headings, bullets, bold) set as scene text lines for small cards.

A scene's `Text` is one line in one font, so a line mixing bold and plain words is
several `Text` items placed side by side with the real font metrics.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.fonts import FontBook
from generator.draw.scene import Rect, Style, Text
from generator.products.rulebook.markdown_flow import parse, tag_of
from generator.products.rulebook.tags import TAG_FILL, TAG_INK, tag_text

LINE = 1.25  # leading as a share of the size
TAG_SIZE = 6 * 25.4 / 72  # mm: a tag's type, never below the 6 pt a player reads


@dataclass(frozen=True)
class Block:
    """A heading, a paragraph or a bullet: a list of (text, bold) runs."""

    kind: str  # "heading" | "paragraph" | "bullet"
    runs: tuple[tuple[str, bool], ...]
    tags: tuple[str, ...] = ()  # playtest tag numbers, set as labels after the text


def blocks(markdown: str) -> list[Block]:
    """The blocks of a short Markdown text (nested structure is flattened)."""
    found, heading, depth = [], False, 0
    for token in parse(markdown):
        if token.type in ("heading_open", "heading_close"):
            heading = token.type == "heading_open"
        elif token.type in ("list_item_open", "list_item_close"):
            depth += 1 if token.type == "list_item_open" else -1
        elif token.type == "inline":
            kind = "heading" if heading else ("bullet" if depth else "paragraph")
            runs, bold, tags = [], False, []
            for child in token.children or ():
                if child.type in ("strong_open", "strong_close"):
                    bold = child.type == "strong_open"
                elif child.type in ("text", "code_inline"):
                    runs.append((child.content, bold))
                elif child.type in ("softbreak", "hardbreak"):
                    runs.append((" ", bold))
                elif child.type == "image" and tag_of(child):
                    tags.append(tag_of(child))
            found.append(Block(kind, tuple(runs), tuple(tags)))
    return found


@dataclass(frozen=True)
class Fonts:
    """Font roles and colours for the three kinds of run."""

    body: str = "body"
    bold: str = "bold"
    heading: str = "black"
    ink: str = "#222222"
    heading_ink: str = "#222222"


def _words(block: Block) -> list[list[tuple[str, bool]]]:
    """Words as lists of (text, bold) pieces: "**6**." is one word of two pieces."""
    words: list[list[tuple[str, bool]]] = []
    glue = False
    for text, bold in block.runs:
        pieces = text.split(" ")
        for i, piece in enumerate(pieces):
            if piece and glue and i == 0 and words:
                words[-1].append((piece, bold))
            elif piece:
                words.append([(piece, bold)])
        glue = not text.endswith(" ")
    return words


def set_lines(block: Block, x: float, y: float, box_w: float, size: float, book: FontBook,
              fonts: Fonts) -> tuple[list[Text], float]:
    """The block's Text items starting at baseline y; returns them and the next baseline."""
    heading = block.kind == "heading"
    indent = size * 0.95 if block.kind == "bullet" else 0.0
    items: list[Text] = []
    if block.kind == "bullet":
        items.append(Text(x, y, "\u2022", fonts.bold, size, fonts.ink))
    space = book.width(" ", fonts.body, size)
    cx, line_y = x + indent, y
    for word in _words(block):
        roles = [fonts.heading if heading else (fonts.bold if bold else fonts.body)
                 for _, bold in word]
        widths = [book.width(text, role, size) for (text, _), role in zip(word, roles,
                                                                           strict=True)]
        if cx > x + indent and cx + sum(widths) > x + box_w:
            cx, line_y = x + indent, line_y + size * LINE
        colour = fonts.heading_ink if heading else fonts.ink
        for (text, _), role, w in zip(word, roles, widths, strict=True):
            items.append(Text(cx, line_y, text, role, size, colour))
            cx += w
        cx += space
    for number in block.tags:
        cx, line_y = _tag(items, number, cx, line_y, x + indent, x + box_w, size, book, fonts)
    return items, line_y + size * LINE


def _tag(items: list, number: str, cx: float, line_y: float, left: float, right: float,
         size: float, book: FontBook, fonts: Fonts) -> tuple[float, float]:
    """A playtest label after the words (on the next line if it does not fit)."""
    text = tag_text(number)
    width = book.width(text, fonts.bold, TAG_SIZE) + 1.4
    if cx + width > right:
        cx, line_y = left, line_y + size * LINE
    items.append(Rect(cx, line_y - TAG_SIZE * 0.95, width, TAG_SIZE * 1.3,
                      Style(fill=TAG_FILL), 0.5))
    items.append(Text(cx + 0.7, line_y, text, fonts.bold, TAG_SIZE, TAG_INK))
    return cx + width + book.width(" ", fonts.body, size), line_y


def set_blocks(found: list[Block], x: float, y: float, box_w: float, box_h: float,
               sizes: tuple[float, float], book: FontBook, fonts: Fonts
               ) -> tuple[list[Text], float]:
    """All blocks at the largest size (from sizes[0] down to sizes[1]) that fits box_h."""
    size = sizes[0]
    while True:
        items, baseline = [], y + size * 0.8
        for i, block in enumerate(found):
            if block.kind == "heading" and i:
                baseline += size * 0.55  # a little air above each heading
            lines, baseline = set_lines(block, x, baseline, box_w,
                                        size * (1.08 if block.kind == "heading" else 1.0),
                                        book, fonts)
            items += lines
        used = baseline - y - size * 0.45
        if used <= box_h or size <= sizes[1]:
            return items, size
        size = max(size - 0.05, sizes[1])
