"""A piece larger than the paper, printed over several pages and glued: the geometry.

The piece is cut into equal panels, `columns` x `rows`. Each page prints one panel
and, where the piece goes on to its right or below, a glue flap `overlap` mm wide; the
next page is cut at its panel's edge and laid over that flap, its edge on the
alignment crosses printed on both pages at the joint. Every page's cut (panel and
flaps) is centred on the paper with room for its crop marks and the bleed shown round
it. Pure millimetres, y down from the page's top-left (sheets draw it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.layout.model import SheetLayout

MAX_PAGES = 16  # a mat of more pages than this is a poster, not a piece of the game
CROSS = 3.0  # mm each arm of an alignment cross reaches from its centre


@dataclass(frozen=True)
class Page:
    """One page of a split piece: its panel, its flaps and where the piece lies on it."""

    row: int  # 0-based
    column: int
    panel: tuple[float, float, float, float]  # x0, y0, x1, y1 in the piece's trim, mm
    flap_right: bool
    flap_bottom: bool
    origin: tuple[float, float]  # where the trim's top-left corner lands on the page, mm

    def cut(self, overlap: float) -> tuple[float, float, float, float]:
        """The page's cut in the piece's trim: its panel and its flaps."""
        x0, y0, x1, y1 = self.panel
        return (x0, y0, x1 + overlap * self.flap_right, y1 + overlap * self.flap_bottom)


@dataclass(frozen=True)
class Tiling:
    """How a piece is split over pages of one paper."""

    paper: tuple[float, float]
    size: tuple[float, float]  # the whole piece's trim
    bleed: float
    overlap: float
    columns: int
    rows: int

    @property
    def count(self) -> int:
        """Pages."""
        return self.columns * self.rows

    def edges(self, axis: int) -> list[float]:
        """The panels' edges along x (0) or y (1): equal panels from 0 to the size."""
        n = self.columns if axis == 0 else self.rows
        return [self.size[axis] * i / n for i in range(n + 1)]

    def pages(self) -> list[Page]:
        """Every page, row by row: the order they print in and are laid out."""
        xs, ys = self.edges(0), self.edges(1)
        found = []
        for row in range(self.rows):
            for column in range(self.columns):
                panel = (xs[column], ys[row], xs[column + 1], ys[row + 1])
                right, bottom = column < self.columns - 1, row < self.rows - 1
                cut_w = panel[2] - panel[0] + self.overlap * right
                cut_h = panel[3] - panel[1] + self.overlap * bottom
                origin = ((self.paper[0] - cut_w) / 2 - panel[0],
                          (self.paper[1] - cut_h) / 2 - panel[1])
                found.append(Page(row, column, panel, right, bottom, origin))
        return found

    def crosses(self, page: Page) -> list[tuple[float, float]]:
        """The alignment crosses on a page, in the piece's trim: on each joint it shares
        with a neighbour, at a quarter and three quarters of the panel's side."""
        x0, y0, x1, y1 = page.panel
        found = []
        for x in (x0 if page.column > 0 else None, x1 if page.flap_right else None):
            if x is not None:
                found += [(x, y0 + (y1 - y0) * f) for f in (0.25, 0.75)]
        for y in (y0 if page.row > 0 else None, y1 if page.flap_bottom else None):
            if y is not None:
                found += [(x0 + (x1 - x0) * f, y) for f in (0.25, 0.75)]
        return found


def tiling(sheet: SheetLayout, paper: str, size: tuple[float, float], bleed: float,
           overlap: float, what: str = "piece") -> Tiling | str:
    """The fewest pages of `paper` that hold the piece (`what`, for the message), or why
    it cannot be split."""
    pw, ph = sheet.paper(paper)
    border = sheet.margin + sheet.marks.offset + sheet.marks.length + bleed
    room = (pw - 2 * border, ph - 2 * border)
    columns, rows = (_panels(size[axis], room[axis], overlap) for axis in (0, 1))
    w, h = size
    if columns is None or rows is None or columns * rows > MAX_PAGES:
        return (f"a {what} of {w:g} x {h:g} mm cannot be printed on {paper} paper even split "
                f"into pages (at most {MAX_PAGES} pages with {overlap:g} mm glue flaps)")
    return Tiling((pw, ph), size, bleed, overlap, columns, rows)


def _panels(length: float, room: float, overlap: float) -> int | None:
    """How many panels along one side: one if it fits, else enough that each panel and
    its flap fit the room (None when not even a flap does)."""
    if length <= room + 1e-9:
        return 1
    if room - overlap <= 1.0:
        return None
    return math.ceil(length / (room - overlap) - 1e-9)
