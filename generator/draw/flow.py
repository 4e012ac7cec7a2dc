"""Flowing text: short Markdown set line by line into a box, as scene items.

A look's `flow` primitive shows a field of Markdown (a player aid's rules, the cover's
instructions and checklist): headings, paragraphs, bullets, numbered steps and
checklist lines (`- [ ] ...`), with **bold** and *italic* runs, hard line breaks, a
playtest tag after its line (`![Playtest 3](playtest:seal)`) and, beside a checklist
line, pictures of pieces (`![](piece:tile-ember-hollow)`). A scene's `Text` is one line
in one font, so a line mixing bold and plain words is several `Text` items placed side
by side with the fonts' real metrics.

The words either shrink (down to a smallest size) until they fit the box, or keep their
size and go on in the next page's box (`Flow.pages`), block by block.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from generator.core.markup import PICTURE_SCHEME, TAG_SCHEME, tag_label
from generator.draw.fonts import FontBook
from generator.draw.scene import Rect, Style, Text
from generator.layout.look import Box

LINE = 1.25  # leading as a share of the size
HEADING = 1.08  # a heading's size as a share of the text's, unless the look gives one
TAG_SIZE = 6 * 25.4 / 72  # mm: a tag's type, never below the 6 pt a player reads
TAG_INK, TAG_FILL = "#FFFFFF", "#8A5A00"  # a deep ochre: 6.4:1 with white
STEP = 0.05  # mm a shrinking flow tries at a time
TAIL = 0.35  # of the size: room kept under the last line, so descenders stay in the box
PICTURE_GAP = 3.0  # mm between the pictures beside a line, and before the text
CHECKED = ("[ ] ", "[x] ")


@dataclass(frozen=True)
class Run:
    """A stretch of words in one style: "" plain, "bold", "italic"; or a line break."""

    text: str
    style: str = ""
    brk: bool = False


@dataclass(frozen=True)
class Block:
    """A heading, a paragraph, a bullet, a numbered step or a checklist line."""

    kind: str  # "heading" | "paragraph" | "bullet" | "number" | "check"
    runs: tuple[Run, ...]
    tags: tuple[str, ...] = ()  # playtest tags, set as labels after the words
    pictures: tuple[str, ...] = ()  # pieces pictured beside it, by their scenes' names
    number: str = ""  # a numbered step's number


@dataclass(frozen=True)
class FlowStyle:
    """How a flow sets its words: fonts by role, sizes in mm, inks."""

    body: str
    bold: str
    italic: str
    heading: str
    size: float
    heading_size: float
    ink: str
    heading_ink: str
    pictures: float = 24.0  # mm: the largest picture beside a line

    def scaled(self, size: float) -> FlowStyle:
        """The same style at another text size (the heading in proportion)."""
        return replace(self, size=size, heading_size=self.heading_size * size / self.size)


@dataclass(frozen=True)
class Set:
    """A block set in place: its items, the box it takes, its pictures (name, x, y, w)."""

    items: tuple
    box: tuple[float, float, float, float]
    pictures: tuple[tuple[str, float, float, float], ...] = ()


@lru_cache(maxsize=64)
def blocks(markdown: str) -> tuple[Block, ...]:
    """The blocks of a short Markdown text (nested structure is flattened)."""
    from markdown_it import MarkdownIt  # only when words flow

    found: list[Block] = []
    kind, number = "paragraph", ""
    for token in MarkdownIt("commonmark", {"html": False}).parse(markdown):
        if token.type == "heading_open":
            kind = "heading"
        elif token.type == "bullet_list_open":
            kind = "bullet"
        elif token.type == "ordered_list_open":
            kind, number = "number", str(int(token.attrGet("start") or 1) - 1)
        elif token.type in ("bullet_list_close", "ordered_list_close", "heading_close"):
            kind = "paragraph"
        elif token.type == "list_item_open" and kind == "number":
            number = str(int(number) + 1)
        elif token.type == "inline":
            found.append(_block(kind, token.children or (), number))
    return tuple(found)


def _block(kind: str, children, number: str) -> Block:
    runs: list[Run] = []
    tags, pictures, style = [], [], {"bold": False, "italic": False}
    for child in children:
        if child.type in ("strong_open", "strong_close", "em_open", "em_close"):
            style["bold" if child.type.startswith("strong") else "italic"] = \
                child.type.endswith("_open")
        elif child.type in ("text", "code_inline"):
            runs.append(Run(child.content, _style(style)))
        elif child.type == "softbreak":
            runs.append(Run(" ", _style(style)))
        elif child.type == "hardbreak":
            runs.append(Run("", brk=True))
        elif child.type == "image":
            src = child.attrGet("src") or ""
            if src.startswith(f"{TAG_SCHEME}:"):
                tags.append(tag_label("".join(c.content for c in child.children or ())))
            elif src.startswith(f"{PICTURE_SCHEME}:"):
                pictures.append(src.partition(":")[2])
    if kind == "bullet" and runs and runs[0].text.startswith(CHECKED):
        runs[0] = replace(runs[0], text=runs[0].text[4:])
        kind = "check"
    return Block(kind, tuple(runs), tuple(tags), tuple(pictures), number)


def _style(on: dict[str, bool]) -> str:
    return "bold" if on["bold"] else "italic" if on["italic"] else ""


_Word = tuple[tuple[str, str, float], ...] | None  # its pieces: text, font role, units


class _Measured:
    """What a flow measures once for every size it tries (the setters of one style's
    fonts share it): each block's words, each piece of a word with its font's role and
    its width at size 1 (`FontBook.units`: times a size, the width)."""

    def __init__(self, fonts: FontBook):
        self.fonts = fonts
        self._units: dict[tuple[str, str], float] = {}
        self._words: dict[int, tuple[Block, list[_Word]]] = {}  # by id, block held too

    def width(self, text: str, role: str, size: float) -> float:
        """`FontBook.width`, the text measured once whatever the size."""
        unit = self._units.get((text, role))
        if unit is None:
            unit = self._units[text, role] = self.fonts.units(text, role)
        return unit * size

    def words(self, block: Block, role: Callable[[str], str]) -> list[_Word]:
        """The block's words (`_words`; None: a hard break), each piece in the font
        `role` gives its style, split and measured once."""
        held = self._words.get(id(block))
        if held is None:
            found = [None if word is None else
                     tuple(self._piece(text, role(style)) for text, style in word)
                     for word in _words(block.runs)]
            held = self._words[id(block)] = (block, found)
        return held[1]

    def _piece(self, text: str, role: str) -> tuple[str, str, float]:
        return text, role, self.width(text, role, 1.0)


class Setter:
    """Sets blocks into boxes with one style and one font book."""

    def __init__(self, fonts: FontBook, style: FlowStyle, sizes: dict[str, tuple[float, float]],
                 measured: _Measured | None = None, sets_words: bool = True):
        self.fonts, self.style = fonts, style
        self.sizes = sizes  # each picture's trim, by name: what the flow may show
        self.measured = measured or _Measured(fonts)
        self.sets_words = sets_words  # False: the blocks' room only, no Text of their words

    def shrunk(self, found: tuple[Block, ...], box: Box, least: float
               ) -> tuple[list[Set], float, bool]:
        """Every block at the largest size, in steps of STEP from the style's down to
        `least`, that fits the box; returns the blocks set, the size, and whether they
        still overflow. A smaller size never takes more room, so the steps are halved
        rather than walked; a size tried is only measured, and the words are set once,
        at the size found."""
        top = self.style.size
        sizes = [max(top - i * STEP, least) for i in range(int((top - least) / STEP) + 2)]

        def at(index: int, sets_words: bool) -> Setter:
            return Setter(self.fonts, self.style.scaled(sizes[index]), self.sizes,
                          self.measured, sets_words)

        def over(index: int) -> bool:
            bottom = at(index, False).column(found, box)[1]
            return bottom + sizes[index] * TAIL > box.y + box.h + 1e-6

        low, high = 0, len(sizes) - 1  # the answer lies in [low, high]
        overflows = over(high)  # even the smallest size overflows
        while low < high and not overflows:
            middle = (low + high) // 2
            if over(middle):
                low = middle + 1
            else:
                high = middle
        return at(high, True).column(found, box)[0], sizes[high], overflows

    def pages(self, found: tuple[Block, ...], first: Box, more: Box) -> list[list[Set]]:
        """The blocks at the style's size, in `first`, then as many `more` boxes as they
        need (a block never breaks: it goes whole to the next box)."""
        pages, box, rest = [], first, found
        while rest:
            placed, count = self.fill(rest, box)
            if count == 0 and box is more:  # it fits no box: set it anyway, it shows why
                placed, count = self.column(rest[:1], box)[0], 1
            pages.append(placed)
            rest, box = rest[count:], more
        return pages or [[]]

    def fill(self, found: tuple[Block, ...], box: Box) -> tuple[list[Set], int]:
        """As many blocks as fit the box, from the first."""
        placed: list[Set] = []
        y = box.y
        for i, block in enumerate(found):
            done = self.block(block, box.x, y, box.w, first=not placed)
            if done.box[1] + done.box[3] + self.style.size * TAIL > box.y + box.h + 1e-6:
                return placed, i
            placed.append(done)
            y = done.box[1] + done.box[3]
        return placed, len(found)

    def column(self, found: tuple[Block, ...], box: Box) -> tuple[list[Set], float]:
        """Every block one under the other from the box's top; the bottom reached."""
        placed: list[Set] = []
        y = box.y
        for block in found:
            done = self.block(block, box.x, y, box.w, first=not placed)
            placed.append(done)
            y = done.box[1] + done.box[3]
        return placed, y

    def block(self, block: Block, x: float, top: float, width: float, first: bool) -> Set:
        """One block from `top`: its lines, its tags, its pictures at the right."""
        s = self.style
        size = s.heading_size if block.kind == "heading" else s.size
        if block.kind == "heading" and not first:
            top += s.size * 0.55  # a little air above each heading
        shown = [(name, self.sizes[name]) for name in block.pictures if name in self.sizes]
        sides = [self.picture_side(trim) for _, trim in shown]
        room = sum(w for w, _ in sides) + PICTURE_GAP * len(sides)
        items, bottom = self.lines(block, x, top, width - room, size)
        pictures, px = [], x + width
        for (name, _), (w, h) in zip(reversed(shown), reversed(sides), strict=True):
            px -= w
            pictures.append((name, px, top + 1.0, w))
            px -= PICTURE_GAP
            bottom = max(bottom, top + 1.0 + h + PICTURE_GAP)
        return Set(tuple(items), (x, top, width, bottom - top), tuple(pictures))

    def picture_side(self, trim: tuple[float, float]) -> tuple[float, float]:
        """A picture's width and height beside a line: the larger the piece, the larger
        its picture (tiles and cards over tokens), none over the style's `pictures`."""
        longest = max(trim)
        most = self.style.pictures
        side = most if longest > 50 else most * 0.75 if longest > 30 else most * 0.54
        scale = side / longest
        return trim[0] * scale, trim[1] * scale

    def lines(self, block: Block, x: float, top: float, width: float, size: float
              ) -> tuple[list, float]:
        """The block's Text items (and its marker, its tags); and where it ends."""
        s = self.style
        heading = block.kind == "heading"
        baseline = top + size * 0.8
        indent, items = self.marker(block, x, baseline, size)
        left, right = x + indent, x + width
        space = self.measured.width(" ", s.body, size)
        ink = s.heading_ink if heading else s.ink
        cx = left
        for word in self.measured.words(block, (lambda _: s.heading) if heading else
                                        self.role):
            if word is None:  # a hard break
                cx, baseline = left, baseline + size * LINE
                continue
            widths = [unit * size for _, _, unit in word]  # = FontBook.width, float for float
            if cx > left and cx + sum(widths) > right:
                cx, baseline = left, baseline + size * LINE
            for (text, role, _), w in zip(word, widths, strict=True):
                if self.sets_words:
                    items.append(Text(cx, baseline, text, role, size, ink))
                cx += w
            cx += space
        for label in block.tags:
            cx, baseline = self.tag(items, label, cx, baseline, left, right, size)
        return items, baseline + size * (LINE - 0.8)

    def role(self, style: str) -> str:
        """The font role of a run's style."""
        return {"bold": self.style.bold, "italic": self.style.italic}.get(style,
                                                                          self.style.body)

    def marker(self, block: Block, x: float, baseline: float, size: float
               ) -> tuple[float, list]:
        """What stands before a list line (a bullet, a number, a box), and its indent."""
        s = self.style
        if block.kind == "bullet":
            return size * 0.95, [Text(x, baseline, "\u2022", s.bold, size, s.ink)]
        if block.kind == "number":
            text = f"{block.number}."
            return size * 1.5, [Text(x, baseline, text, s.bold, size, s.heading_ink)]
        if block.kind == "check":
            side = size * 0.62
            return size * 1.5, [Rect(x, baseline - side, side, side,
                                     Style(stroke=s.heading_ink, stroke_width=0.3))]
        return 0.0, []

    def tag(self, items: list, label: str, cx: float, baseline: float, left: float,
            right: float, size: float) -> tuple[float, float]:
        """A playtest label after the words (on the next line if it does not fit)."""
        width = self.measured.width(label, self.style.bold, TAG_SIZE) + 1.4
        if cx + width > right:
            cx, baseline = left, baseline + size * LINE
        items.append(Rect(cx, baseline - TAG_SIZE * 0.95, width, TAG_SIZE * 1.3,
                          Style(fill=TAG_FILL), 0.5))
        items.append(Text(cx + 0.7, baseline, label, self.style.bold, TAG_SIZE, TAG_INK))
        return cx + width + self.measured.width(" ", self.style.body, size), baseline


def _words(runs: tuple[Run, ...]) -> list[list[tuple[str, str]] | None]:
    """Words as lists of (text, style) pieces ("**6**." is one word of two pieces), and
    None for a hard break."""
    words: list[list[tuple[str, str]] | None] = []
    glue = False
    for run in runs:
        if run.brk:
            words.append(None)
            glue = False
            continue
        for i, piece in enumerate(run.text.split(" ")):
            last = words[-1] if words else None
            if piece and glue and i == 0 and last is not None:
                last.append((piece, run.style))
            elif piece:
                words.append([(piece, run.style)])
        glue = not run.text.endswith(" ")
    return words
