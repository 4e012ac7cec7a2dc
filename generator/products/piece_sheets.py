"""Sheets of the pieces no grid holds: one piece a page, nothing to cut (`uncut`), and
one piece over several pages, cut and glued (`split`).

Both print one-sided; in the bundle, which prints double-sided, each page is followed
by its back: the piece's back if it has one (mirrored, like every back), else a blank
page (left out when the bundle is printed on one side). A split piece's page shows its
panel of the piece and, where the piece goes on, a grey glue flap; crop marks mark its
cut, and alignment crosses on each joint (on the flap, and on the next page's edge) show
where the next page goes. The crosses and the crop marks are lines on the page itself,
so they can be measured from the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.backends.pdf.canvas import colour, place, place_furniture
from generator.core.words import N_
from generator.draw.scene import Path, Rect, Scene, Style, Text
from generator.layout.imposition import Edge, Grid
from generator.layout.model import SheetLayout
from generator.layout.tiling import CROSS, Page, Tiling
from generator.layout.units import PT
from generator.products.sheets import (
    Label,
    Piece,
    crop_marks,
    draw_page,
    page_label,
    side_words,
)

FLAP = "#D6D6D6"  # the glue flaps: grey, so a page laid short of its crosses shows
GLUE = N_("glue here")


@dataclass(frozen=True)
class PiecePages:
    """A kind's pages on one paper when no grid holds its pieces: each piece `uncut` on
    a page of its own, or `split` over pages (`split` says how), each page with its back.
    """

    how: str  # "uncut" or "split"
    what: str  # the pieces in words, e.g. "world mats"
    pieces: tuple[Piece, ...]
    sheet: SheetLayout
    paper: str
    label: Label
    split: Tiling | None = None
    duplex: bool = True  # printed double-sided: a blank page behind a piece with no back

    @property
    def count(self) -> int:
        """The pages: a piece's (or a split piece's panel's) front, then its back."""
        if self.split is not None:
            return len(self.pieces) * self.split.count * (2 if self.duplex else 1)
        return sum(len(sides(piece, self.duplex)) for piece in self.pieces)

    def draw(self, canvas) -> int:
        """Draw every page; return how many."""
        if self.split is None:
            return draw_uncut(canvas, self.pieces, self.sheet, self.paper, self.label,
                              self.duplex)
        return sum(draw_split(canvas, piece.front, self.split, self.sheet, self.label, n,
                              len(self.pieces), self.duplex)
                   for n, piece in enumerate(self.pieces, start=1))

    @property
    def words(self) -> list[str]:
        """The pages in words, for the build's summary, in the words of their label."""
        words, count = self.label.words, len(self.pieces)
        if self.split is None:
            return [words.ngettext("{name} {count} sheet (one a page, nothing to cut)",
                                   "{name} {count} sheets (one a page, nothing to cut)",
                                   count).format(name=self.what, count=count)]
        pages = self.split.count
        glued = (words.gettext("glued into one") if count == 1 else
                 words.gettext("{pages} glued into each of {count}").format(
                     pages=pages, count=count))
        return [words.ngettext("{name} {count} sheet ({glued})",
                               "{name} {count} sheets ({glued})", count * pages).format(
                                   name=self.what, count=count * pages, glued=glued)]


def one_up(sheet: SheetLayout, paper: str, piece: tuple[float, float]) -> Grid:
    """A grid of one piece, centred on the paper."""
    pw, ph = sheet.paper(paper)
    w, h = piece
    edge = Edge(0.0, sheet.marks.offset, sheet.marks.length)
    return Grid((pw, ph), piece, 0.0, 0.0, 1, 1, (pw - w) / 2, (ph - h) / 2, edge, edge)


def sides(piece: Piece, duplex: bool) -> tuple[str, ...]:
    """The pages an uncut piece prints: its front, then its back (in a double-sided
    file a blank page stands for a back it does not have)."""
    return ("front", "back") if duplex or piece.back else ("front",)


def draw_uncut(canvas, pieces: Sequence[Piece], sheet: SheetLayout, paper: str,
               label: Label, duplex: bool = True) -> int:
    """Each piece on a page of its own, centred, no marks; then its back (or, `duplex`,
    a blank page). Returns the pages drawn."""
    pages = 0
    for number, piece in enumerate(pieces, start=1):
        grid = one_up(sheet, paper, piece.front.trim)
        for side in sides(piece, duplex):
            shown = piece.front if side == "front" else piece.back
            draw_page(canvas, [shown] if shown else [], grid, sheet, back=side == "back",
                      marks=False)
            what = side if piece.back else "uncut" if side == "front" else "blank"
            text = label.words.gettext("{label} · sheet {number}/{count} · {side}").format(
                label=label.text, number=number, count=len(pieces),
                side=side_words(label.words, what))
            page_label(canvas, grid, sheet, label, text, front=True)
            canvas.showPage()
            pages += 1
    return pages


def draw_split(canvas, scene: Scene, tiling: Tiling, sheet: SheetLayout, label: Label,
               number: int, count: int, duplex: bool = True) -> int:
    """The piece's pages, each followed by a blank back when `duplex`; returns the
    pages drawn.

    `number` of `count` says which of its kind's pieces this is, for the labels.
    """
    pages = tiling.pages()
    for k, page in enumerate(pages, start=1):
        grid = _cut_grid(tiling, page, sheet)
        pw, ph = tiling.paper
        ox, oy = page.origin
        b = tiling.bleed
        x0, y0, x1, y1 = page.cut(tiling.overlap)
        canvas.setPageSize((pw * PT, ph * PT))
        clip = ((ox + x0 - b) * PT, (ph - (oy + y1 + b)) * PT, (x1 - x0 + 2 * b) * PT,
                (y1 - y0 + 2 * b) * PT)
        place(canvas, scene, (ox - scene.bleed) * PT, (ph - (oy - scene.bleed + scene.height))
              * PT, clip=clip)
        _flaps(canvas, tiling, page, label, f"{scene.name}-{k}")
        crop_marks(canvas, grid, sheet)
        _crosses(canvas, tiling, page, sheet)
        text = _split_label(label, number, count, k, len(pages), page)
        page_label(canvas, grid, sheet, label, text, front=True)
        canvas.showPage()
        if duplex:
            canvas.setPageSize((pw * PT, ph * PT))
            blank = side_words(label.words, "blank")
            page_label(canvas, grid, sheet, label, f"{text} · {blank}", front=True)
            canvas.showPage()
    return len(pages) * (2 if duplex else 1)


def _split_label(label: Label, number: int, count: int, sheet: int, sheets: int,
                 page: Page) -> str:
    """A split piece's page label: "<game> v0.1.0 · World mats 2 of 4 · sheet 3/6: row 2,
    column 1" (the piece's number only when its kind has several pieces)."""
    _ = label.words
    if count > 1:
        return _("{label} {number} of {count} · sheet {sheet}/{sheets}: row {row}, column "
                 "{column}").format(label=label.text, number=number, count=count, sheet=sheet,
                                    sheets=sheets, row=page.row + 1, column=page.column + 1)
    return _("{label} · sheet {sheet}/{sheets}: row {row}, column {column}").format(
        label=label.text, sheet=sheet, sheets=sheets, row=page.row + 1, column=page.column + 1)


def _cut_grid(tiling: Tiling, page: Page, sheet: SheetLayout) -> Grid:
    """The page's cut as a grid of one (its crop marks, its label)."""
    x0, y0, x1, y1 = page.cut(tiling.overlap)
    ox, oy = page.origin
    edge = Edge(tiling.bleed, 1.0, sheet.marks.length)
    return Grid(tiling.paper, (x1 - x0, y1 - y0), 0.0, tiling.bleed, 1, 1, ox + x0, oy + y0,
                edge, edge)


def _flaps(canvas, tiling: Tiling, page: Page, label: Label, what: str) -> None:
    """The grey flaps where the next pages are glued, with the words and the joint."""
    ox, oy = page.origin
    x0, y0, x1, y1 = page.panel
    f, b = tiling.overlap, tiling.bleed
    items: list = []
    size = min(3.0, f / 4)
    if page.flap_right:
        bottom = y1 + f * page.flap_bottom + b
        items.append(Rect(ox + x1, oy + y0 - b, f + b, bottom - y0, Style(fill=FLAP)))
        step = 30.0
        y = y0 + step / 2
        while y < y1:
            for i, word in enumerate(label.words.gettext(GLUE).split()):
                items.append(Text(ox + x1 + f / 2, oy + y + i * size * 1.2, word, label.font[0],
                                  size, "#555555", "middle"))
            y += step
    if page.flap_bottom:
        items.append(Rect(ox + x0 - b, oy + y1, x1 - x0 + b, f + b, Style(fill=FLAP)))
        x = x0 + 40.0
        while x < x1 - 20:
            items.append(Text(ox + x, oy + y1 + f / 2 + size / 3, label.words.gettext(GLUE),
                              label.font[0], size, "#555555", "middle"))
            x += 60.0
    joint = Style(stroke="#555555", stroke_width=0.2)
    if page.flap_right:
        items.append(Path((("M", ox + x1, oy + y0), ("L", ox + x1, oy + y1)), joint))
    if page.flap_bottom:
        items.append(Path((("M", ox + x0, oy + y1), ("L", ox + x1, oy + y1)), joint))
    if items:
        place_furniture(canvas, f"flaps-{what}", *tiling.paper, items, [label.font])


def _crosses(canvas, tiling: Tiling, page: Page, sheet: SheetLayout) -> None:
    """An alignment cross on each point of a joint: a horizontal and a vertical line."""
    ox, oy = page.origin
    ph = tiling.paper[1]
    lines = []
    for x, y in tiling.crosses(page):
        px, py = ox + x, ph - (oy + y)
        lines += [((px - CROSS) * PT, py * PT, (px + CROSS) * PT, py * PT),
                  (px * PT, (py - CROSS) * PT, px * PT, (py + CROSS) * PT)]
    if lines:
        canvas.saveState()
        canvas.setStrokeColor(colour(sheet.marks.colour))
        canvas.setLineWidth(sheet.marks.width * PT)
        canvas.lines(lines)
        canvas.restoreState()
