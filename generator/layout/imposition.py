"""Sheet imposition as geometry: a grid of equal pieces on a page, backs mirrored.

Pure millimetres, y down from the page's top-left; `generator.products.sheets` draws
the result. The grid is the largest that fits inside the printable margin with room
for crop marks, centred across the page, so a back page mirrored across the page's
vertical axis puts each back exactly behind its front after a long-edge flip.

A look gives its piece a gutter (the gap between neighbouring trims, half of it
showing each piece's bleed), or `densest`: the grid holding the most pieces,
with the widest gutter from MIN_GUTTER to MAX_GUTTER that keeps that many, or, when
shared cuts hold more, no gutter at all (neighbours share one cut).

Past the grid's outer trims a piece shows as much of its bleed as the printable margin
leaves room for, so a cut a little outside the line still finds art; each crop mark
starts the layout's offset away from that art, and is shortened (to SHORTEST_MARK at
least) before the bleed gives way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.core.diagnostics import diagnostic
from generator.core.errors import ContentError
from generator.layout.look import DENSEST
from generator.layout.model import SheetLayout


@dataclass(frozen=True)
class Edge:
    """What a grid shows past its outer trims on two opposite sides, outward: the bleed
    shown, the gap before the crop marks, and the marks' length (mm)."""

    bleed: float
    gap: float
    mark: float

    @property
    def reach(self) -> float:
        """How far past the outer trims the marks end."""
        return self.bleed + self.gap + self.mark


@dataclass(frozen=True)
class Grid:
    """Where the trims of one kind of piece sit on one paper."""

    paper: tuple[float, float]
    piece: tuple[float, float]  # trim width, height
    gutter: float
    bleed: float  # how much of each piece's bleed shows between neighbouring trims
    columns: int
    rows: int
    left: float  # x of the first trim
    top: float  # y of the first trim
    across: Edge  # past the left and right outer trims
    down: Edge  # past the top and bottom outer trims

    @property
    def per_page(self) -> int:
        """Pieces on one page."""
        return self.columns * self.rows

    def _slot(self, index: int, back: bool) -> tuple[int, int]:
        """The column and row of slot `index`; on a back page, the column mirrored."""
        col, row = index % self.columns, index // self.columns
        return (self.columns - 1 - col if back else col), row

    def trim(self, index: int, back: bool = False) -> tuple[float, float, float, float]:
        """The trim box (x, y, w, h) of slot `index`; on a back page, mirrored."""
        col, row = self._slot(index, back)
        w, h = self.piece
        return (self.left + col * (w + self.gutter), self.top + row * (h + self.gutter), w, h)

    def printed(self, index: int, back: bool = False) -> tuple[float, float, float, float]:
        """The box (x0, y0, x1, y1) slot `index` prints: its trim grown by the outer
        edges' bleed on the grid's outside, by the bleed shown between neighbours
        elsewhere (so shared cuts stay exact)."""
        col, row = self._slot(index, back)
        x, y, w, h = self.trim(index, back)
        inner, last_col, last_row = self.bleed, self.columns - 1, self.rows - 1
        return (x - (self.across.bleed if col == 0 else inner),
                y - (self.down.bleed if row == 0 else inner),
                x + w + (self.across.bleed if col == last_col else inner),
                y + h + (self.down.bleed if row == last_row else inner))

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

    def first_rows(self, rows: int) -> Grid:
        """The same grid with only its first `rows` rows (a part-filled sheet)."""
        return replace(self, rows=rows)

    def moved_to(self, top: float, rows: int) -> Grid:
        """The same columns, `rows` rows starting at `top` (a block lower on a page)."""
        return replace(self, top=top, rows=rows)

    @property
    def extent(self) -> tuple[float, float, float, float]:
        """The box round every trim (x0, y0, x1, y1)."""
        w, h = self.piece
        right = self.left + self.columns * w + (self.columns - 1) * self.gutter
        bottom = self.top + self.rows * h + (self.rows - 1) * self.gutter
        return self.left, self.top, right, bottom


def grid_for(sheet: SheetLayout, paper: str, piece: tuple[float, float], bleed: float,
             gutter: float | str, what: str = "piece") -> Grid:
    """The largest centred grid of `piece`-sized trims that fits the paper with its marks,
    `gutter` mm apart (or DENSEST: the most a page holds).

    A piece that does not fit even once is the layout's problem, not a render failure:
    ContentError with a TKG605 at the layout's `sheets:` section.
    """
    grid = fit(sheet, paper, piece, bleed, gutter, what)
    if isinstance(grid, str):
        raise ContentError([diagnostic("TKG605", sheet.where, grid)])
    return grid


MIN_GUTTER = 1.0  # mm: a narrower gutter only leaves slivers of bleed to cut away
SHORTEST_MARK = 2.0  # mm: a shorter crop mark is hard to line a ruler up with
MAX_GUTTER = 4.0  # mm: wider shows no more bleed (3 mm) and only wastes paper
GUTTER_STEP = 0.05  # mm: `densest` gutters are whole multiples, for tidy numbers


def fit(sheet: SheetLayout, paper: str, piece: tuple[float, float], bleed: float,
        gutter: float | str, what: str = "piece") -> Grid | str:
    """The grid of `grid_for`, or why there is none (a message for the designer)."""
    if gutter == DENSEST:
        grid = densest(sheet, paper, piece, bleed)
    else:
        grid = _grid(sheet, paper, piece, bleed, float(gutter), sheet.marks.length)
    if grid is None:
        w, h = piece
        article = "an" if what[0] in "aeiou" else "a"
        return (f"{article} {what} of {w:g} x {h:g} mm does not fit on {paper} paper "
                f"with a {sheet.margin:g} mm margin and crop marks")
    return grid


def densest(sheet: SheetLayout, paper: str, piece: tuple[float, float],
            bleed: float) -> Grid | None:
    """The grid holding the most pieces: the widest gutter that keeps that many, or
    shared cuts when they hold more than any gutter of at least MIN_GUTTER."""
    best = None
    steps = round((MAX_GUTTER - MIN_GUTTER) / GUTTER_STEP)
    for step in range(steps, -1, -1):  # widest first: a tie keeps the wider gutter
        gutter = MIN_GUTTER + step * GUTTER_STEP
        grid = _grid(sheet, paper, piece, bleed, gutter, sheet.marks.length)
        if grid is not None and (best is None or grid.per_page > best.per_page):
            best = grid
    # Shared cuts show no bleed between pieces: their marks may be shortened to fit.
    shared = _grid(sheet, paper, piece, bleed, 0.0, _shortest(sheet))
    if shared is not None and (best is None or shared.per_page > best.per_page):
        best = shared
    return best


def _grid(sheet: SheetLayout, paper: str, piece: tuple[float, float], bleed: float,
          gutter: float, mark: float) -> Grid | None:
    """The centred grid whose every side has room for the printable margin, the gap,
    crop marks `mark` long and the bleed shown between pieces; None if not one fits."""
    pw, ph = sheet.paper(paper)
    shown = min(bleed, gutter / 2)
    border = sheet.margin + mark + sheet.marks.offset + shown
    w, h = piece
    # A hair of slack: lengths read from "8.5in" and sums of them are not exact.
    columns = int((pw - 2 * border + gutter + 1e-9) // (w + gutter))
    rows = int((ph - 2 * border + gutter + 1e-9) // (h + gutter))
    if columns < 1 or rows < 1:
        return None
    width = columns * w + (columns - 1) * gutter
    height = rows * h + (rows - 1) * gutter
    left, top = (pw - width) / 2, (ph - height) / 2
    return Grid((pw, ph), piece, round(gutter, 4), shown, columns, rows, left, top,
                _edge(sheet, left, bleed, shown), _edge(sheet, top, bleed, shown))


def _shortest(sheet: SheetLayout) -> float:
    return min(sheet.marks.length, SHORTEST_MARK)


def _edge(sheet: SheetLayout, side: float, bleed: float, shown: float) -> Edge:
    """What fits between an outer trim `side` mm from the paper's edge and the printable
    margin: the gap, then as much bleed as leaves the shortest mark room, then the mark
    as long as the layout asks or the rest allows."""
    room = side - sheet.margin - sheet.marks.offset  # for the bleed and the mark
    outer = max(shown, min(bleed, room - _shortest(sheet)))
    mark = min(sheet.marks.length, room - outer)
    # (rounded: the edges are drawn, and 0.1 um of float noise would change bytes)
    return Edge(round(outer, 6), sheet.marks.offset, round(mark, 6))
