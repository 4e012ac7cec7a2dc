"""What a rulebook page shows, read back from the PDF with pdfplumber: the margin tags'
boxes, the words of each column, how full each column is."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.products.rulebook.pdf import MARGIN_BOTTOM, MARGIN_TOP, MARGIN_X
from generator.products.rulebook.tags import TAG_FILL

FILL = tuple(int(TAG_FILL[i:i + 2], 16) / 255 for i in (1, 3, 5))


@dataclass(frozen=True)
class Tag:
    """A margin tag as printed: its words and its box (pdfplumber's: top measured down)."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def number(self) -> str:
        """The completion's number the tag shows."""
        return self.text.rpartition(" ")[2]

    def meets(self, other: Tag) -> bool:
        """Whether the two boxes share any area."""
        return (self.x0 < other.x1 and other.x0 < self.x1 and self.top < other.bottom
                and other.top < self.bottom)


def _tag_coloured(obj) -> bool:
    colour = obj.get("non_stroking_color")
    return (obj.get("fill") and isinstance(colour, tuple | list) and len(colour) == 3
            and all(abs(a - b) < 0.01 for a, b in zip(colour, FILL, strict=True)))


def margin_tags(page) -> list[Tag]:
    """The playtest tags in the page's side margins, with the text set inside each."""
    found = []
    for shape in (*page.curves, *page.rects):
        if not _tag_coloured(shape) or MARGIN_X < (shape["x0"] + shape["x1"]) / 2 < (
                page.width - MARGIN_X):
            continue
        inside = [c for c in page.chars if not c["upright"]
                  and shape["x0"] - 1 <= (c["x0"] + c["x1"]) / 2 <= shape["x1"] + 1
                  and shape["top"] - 1 <= (c["top"] + c["bottom"]) / 2 <= shape["bottom"] + 1]
        inside.sort(key=lambda c: -c["bottom"])  # the label reads upwards
        text = "".join(c["text"] for c in inside)
        found.append(Tag(" ".join(re.sub(r"(\d+)$", r" \1", text.replace(" ", "")).split()),
                         shape["x0"], shape["top"], shape["x1"], shape["bottom"]))
    return found


def upright(page):
    """The page without its rotated characters (the tags' labels)."""
    return page.filter(lambda o: o.get("object_type") != "char" or o.get("upright", True))


def column_words(page, left: bool) -> list[dict]:
    """The words of one column (left or right half of the page), in reading order."""
    middle = page.width / 2
    words = [w for w in upright(page).extract_words(keep_blank_chars=False)
             if ((w["x0"] + w["x1"]) / 2 < middle) == left]
    return sorted(words, key=lambda w: (round(w["bottom"]), w["x0"]))


def column_fill(page) -> tuple[float, float]:
    """How far down each column's content reaches, as a share of the text frame's
    height (footer and margin tags left out)."""
    top, bottom = MARGIN_TOP, page.height - MARGIN_BOTTOM
    middle, shares = page.width / 2, []
    shown = [o for o in (*upright(page).chars, *page.rects, *page.curves, *page.images)
             if o["bottom"] <= bottom + 1 and MARGIN_X - 1 <= (o["x0"] + o["x1"]) / 2
             <= page.width - MARGIN_X + 1]
    for left in (True, False):
        lows = [o["bottom"] for o in shown if ((o["x0"] + o["x1"]) / 2 < middle) == left]
        shares.append(max(0.0, (max(lows, default=top) - top) / (bottom - top)))
    return shares[0], shares[1]
