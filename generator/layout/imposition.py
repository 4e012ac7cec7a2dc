"""Sheet imposition as geometry: a grid of equal pieces on a page, backs mirrored.

Pure millimetres, y down from the page's top-left; `generator.products.sheets` draws
the result. The grid is the largest that fits inside the printable margin with room
for crop marks, centred on the page, so a back page mirrored across the page's
vertical axis puts each back exactly behind its front after a long-edge flip.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.diagnostics import diagnostic
from generator.core.errors import ContentError
from generator.layout.model import SheetLayout


@dataclass(frozen=True)
class Grid:
    """Where the trims of one kind of piece sit on one paper."""

    paper: tuple[float, float]
    piece: tuple[float, float]  # trim width, height
    gutter: float
    bleed: float  # how much of each piece's bleed shows round its trim on the sheet
    columns: int
    rows: int
    left: float  # x of the first trim
    top: float  # y of the first trim

    @property
    def per_page(self) -> int:
        """Pieces on one page."""
        return self.columns * self.rows

    def trim(self, index: int, back: bool = False) -> tuple[float, float, float, float]:
        """The trim box (x, y, w, h) of slot `index`; on a back page, mirrored."""
        col, row = index % self.columns, index // self.columns
        if back:
            col = self.columns - 1 - col
        w, h = self.piece
        return (self.left + col * (w + self.gutter), self.top + row * (h + self.gutter), w, h)

    def cuts_x(self) -> list[float]:
        """Every vertical cut line (left and right trim edges), left to right."""
        w = self.piece[0]
        xs = {self.left + c * (w + self.gutter) + e for c in range(self.columns) for e in (0, w)}
        return sorted(xs)

    def cuts_y(self) -> list[float]:
        """Every horizontal cut line, top to bottom."""
        h = self.piece[1]
        ys = {self.top + r * (h + self.gutter) + e for r in range(self.rows) for e in (0, h)}
        return sorted(ys)

    @property
    def extent(self) -> tuple[float, float, float, float]:
        """The box round every trim (x0, y0, x1, y1)."""
        w, h = self.piece
        right = self.left + self.columns * w + (self.columns - 1) * self.gutter
        bottom = self.top + self.rows * h + (self.rows - 1) * self.gutter
        return self.left, self.top, right, bottom


def grid_for(sheet: SheetLayout, paper: str, piece: tuple[float, float], bleed: float,
             kind: str) -> Grid:
    """The largest centred grid of `piece`-sized trims that fits the paper with its marks.

    A piece that does not fit even once is the layout's problem, not a render failure:
    ContentError with a TKG303 at the layout's `sheets:` section.
    """
    grid = fit(sheet, paper, piece, bleed, kind)
    if isinstance(grid, str):
        raise ContentError([diagnostic("TKG303", sheet.where, grid)])
    return grid


def fit(sheet: SheetLayout, paper: str, piece: tuple[float, float], bleed: float,
        kind: str) -> Grid | str:
    """The grid of `grid_for`, or why there is none (a message for the designer)."""
    pw, ph = sheet.paper(paper)
    gutter = sheet.gutter(kind)
    shown = min(bleed, gutter / 2)
    border = sheet.margin + sheet.marks.length + sheet.marks.offset + shown
    w, h = piece
    columns = int((pw - 2 * border + gutter) // (w + gutter))
    rows = int((ph - 2 * border + gutter) // (h + gutter))
    if columns < 1 or rows < 1:
        article = "an" if kind[0] in "aeiou" else "a"
        return (f"{article} {kind} of {w:g} x {h:g} mm does not fit on {paper} paper "
                f"with a {sheet.margin:g} mm margin and crop marks")
    width = columns * w + (columns - 1) * gutter
    height = rows * h + (rows - 1) * gutter
    return Grid((pw, ph), piece, gutter, shown, columns, rows, (pw - width) / 2,
                (ph - height) / 2)
