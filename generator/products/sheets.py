"""Draw imposed sheets: pieces in a grid, crop marks in the margins, mirrored backs.

Reusable for any square or rectangular piece (tiles, tokens, Oinks, player-aid
cards): give `draw_sheets` a list of `Piece`s (a front scene and an optional back
scene) and a `Grid` from `generator.layout.imposition.grid_for`. Each front page is
followed by its back page when any piece has a back, columns mirrored for a
long-edge flip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from generator.backends.pdf.canvas import colour, place, place_furniture
from generator.core.words import N_, SOURCE_WORDS, Words
from generator.draw.scene import Scene, Text
from generator.layout.imposition import Grid
from generator.layout.model import SheetLayout
from generator.layout.units import PT


@dataclass(frozen=True)
class Piece:
    """One physical piece: its front drawing and, if printed double-sided, its back."""

    front: Scene
    back: Scene | None = None


@dataclass(frozen=True)
class Label:
    """A small line printed in the bottom margin of each page (what this sheet is)."""

    text: str
    font: tuple[str, Path]  # role, TTF path
    size: float = 2.0  # mm
    lift: float = 0.0  # mm the line rises, e.g. so its descenders stay printable
    # On fronts, under the first column instead of the page's centre: pieces that fill a
    # page so far down that the middle cut's marks reach into the bottom margin (aids).
    first_column: bool = False
    what: str = "label"  # the name its drawing goes by in the PDF
    words: Words = SOURCE_WORDS  # the tool's words in the sheets' language


def draw_page(canvas, drawings: Sequence[Scene | None], grid: Grid, sheet: SheetLayout,
              back: bool = False, marks: bool = True) -> None:
    """One page of the grid: each drawing in its slot (mirrored on a back), and the marks."""
    height = grid.paper[1]
    canvas.setPageSize((grid.paper[0] * PT, height * PT))
    for index, scene in enumerate(drawings):
        if scene is None:
            continue
        x, y, _, h = grid.trim(index, back)
        x0, y0, x1, y1 = grid.printed(index, back)
        clip = (x0 * PT, (height - y1) * PT, (x1 - x0) * PT, (y1 - y0) * PT)
        b = scene.bleed
        place(canvas, scene, (x - b) * PT, (height - (y + h + b)) * PT, clip=clip)
    if marks:
        crop_marks(canvas, grid, sheet)


def crop_marks(canvas, grid: Grid, sheet: SheetLayout) -> None:
    """Thin marks on every cut line, in the margins only, never over a piece."""
    marks, height = sheet.marks, grid.paper[1]
    canvas.saveState()
    canvas.setStrokeColor(colour(marks.colour))
    canvas.setLineWidth(marks.width * PT)
    canvas.lines([(ax * PT, (height - ay) * PT, bx * PT, (height - by) * PT)
                  for ax, ay, bx, by in mark_lines(grid, sheet)])
    canvas.restoreState()


def mark_lines(grid: Grid, sheet: SheetLayout) -> list[tuple[float, float, float, float]]:
    """The crop marks of a grid, (x0, y0, x1, y1) in mm from the page's top-left: one at
    each end of every cut line, outside the grid, starting the gap away from the art."""
    x0, y0, x1, y1 = grid.extent
    across, down = grid.across, grid.down
    near, far = down.bleed + down.gap, down.reach
    lines = []
    for x in grid.cuts_x():
        lines += [(x, y0 - far, x, y0 - near), (x, y1 + near, x, y1 + far)]
    near, far = across.bleed + across.gap, across.reach
    for y in grid.cuts_y():
        lines += [(x0 - far, y, x0 - near, y), (x1 + near, y, x1 + far, y)]
    return lines


def page_label(canvas, grid: Grid, sheet: SheetLayout, label: Label, text: str,
               front: bool) -> None:
    """The sheet's line in the bottom margin (under the first column on a front, when
    the label asks)."""
    width, height = grid.paper
    baseline = height - (sheet.margin + 0.3 + label.lift)
    x = grid.left + grid.piece[0] / 2 if front and label.first_column else width / 2
    line = Text(x, baseline, text, label.font[0], label.size, "#555555", "middle")
    place_furniture(canvas, label.what, width, height, [line], [label.font])


@dataclass(frozen=True)
class Run:
    """Pieces of one size imposed together: their grid on a paper, the sheets' label
    (the game and version) and what the label calls these pieces."""

    pieces: Sequence[Piece]
    grid: Grid
    label: Label
    name: str  # e.g. "life tokens"


@dataclass(frozen=True)
class Block:
    """Pieces of one run in one grid on a sheet (the grid cut to the rows they fill)."""

    run: int  # index of the run they come from
    pieces: Sequence[Piece]
    grid: Grid


@dataclass(frozen=True)
class Sheet:
    """One piece of paper: its blocks, one under the other, front and (if any) back."""

    blocks: tuple[Block, ...]

    @property
    def has_backs(self) -> bool:
        """True when a piece on it has a back: the sheet takes a back page."""
        return any(p.back is not None for b in self.blocks for p in b.pieces)



def paginate(runs: Sequence[Run], sheet: SheetLayout) -> list[Sheet]:
    """The runs' pieces on sheets, in order, each sheet filled row by row.

    A run small enough goes whole into the free rows under the last block of the first
    sheet that holds it (a single marker under the Oinks); otherwise it begins in the
    free rows under the run before it when a row of its pieces fits there, both runs'
    crop marks in between (the Oinks under the last life tokens), and the rest of it
    goes on sheets of its own. A row of fewer pieces than the grid has columns is
    centred, so its crop marks are its own and each back still lands behind its front.
    """
    sheets: list[Sheet] = []
    for index, run in enumerate(runs):
        pieces = list(run.pieces)
        if not pieces:
            continue
        whole = _home(sheets, index, run, sheet)
        if whole is not None:
            at, block = whole
            sheets[at] = Sheet((*sheets[at].blocks, block))
            continue
        below = _block_below(sheets[-1], index, run, sheet, pieces) if sheets else None
        if below is not None:
            sheets[-1] = Sheet((*sheets[-1].blocks, below))
            pieces = pieces[len(below.pieces):]
        step = run.grid.per_page
        for start in range(0, len(pieces), step):
            chunk = pieces[start:start + step]
            rows = -(-len(chunk) // run.grid.columns)
            grid = _narrowed(run.grid.first_rows(rows), len(chunk))
            sheets.append(Sheet((Block(index, chunk, grid),)))
    return sheets


def _narrowed(grid: Grid, count: int) -> Grid:
    """The grid cut to `count` columns, centred across the page, when they fill less
    than a row."""
    if count >= grid.columns:
        return grid
    width = count * grid.piece[0] + (count - 1) * grid.gutter
    return replace(grid, columns=count, left=(grid.paper[0] - width) / 2)


def _room(last: Sheet, grid: Grid, sheet: SheetLayout) -> tuple[float, int]:
    """Where a block of `grid`'s pieces could start under the sheet's last block, and
    how many of its rows fit there (crop marks of both in between)."""
    above = last.blocks[-1].grid
    top = above.extent[3] + above.down.reach + grid.down.reach
    bottom = grid.paper[1] - sheet.margin - grid.down.reach
    return top, int((bottom - top + grid.gutter + 1e-9) // (grid.piece[1] + grid.gutter))


def _home(sheets: list[Sheet], index: int, run: Run, sheet: SheetLayout
          ) -> tuple[int, Block] | None:
    """The first earlier sheet whose free rows hold the whole run, and its block there."""
    grid, count = run.grid, len(run.pieces)
    rows = -(-count // grid.columns)
    for at, found in enumerate(sheets[:-1]):  # the last sheet: `_block_below`'s
        top, room = _room(found, grid, sheet)
        if room >= rows:
            return at, Block(index, run.pieces, _narrowed(grid.moved_to(top, rows), count))
    return None


def _block_below(last: Sheet, index: int, run: Run, sheet: SheetLayout,
                 pieces: list[Piece]) -> Block | None:
    """The run's first pieces in the free rows under the last sheet, when that saves a
    sheet (splitting a run over two sheets for nothing would only scatter it)."""
    grid = run.grid
    top, rows = _room(last, grid, sheet)
    taken = pieces[:max(rows, 0) * grid.columns]
    step = grid.per_page
    if not taken or -(-(len(pieces) - len(taken)) // step) >= -(-len(pieces) // step):
        return None
    return Block(index, taken, _narrowed(grid.moved_to(top, -(-len(taken) // grid.columns)),
                                         len(taken)))


def sheet_pages(s: Sheet, duplex: bool) -> int:
    """Pages a sheet takes: its front and its back (a blank one when `duplex`)."""
    return 2 if duplex or s.has_backs else 1


def run_ranges(sheets: Sequence[Sheet], duplex: bool) -> dict[int, tuple[int, int]]:
    """For each run, the first and last page (0-based, from the first sheet) holding it."""
    found: dict[int, tuple[int, int]] = {}
    page = 0
    for s in sheets:
        for block in s.blocks:
            first = found.get(block.run, (page, page))[0]
            found[block.run] = (first, page + sheet_pages(s, duplex) - 1)
        page += sheet_pages(s, duplex)
    return found


# A page's side as its label says it, by what the page is.
SIDES = {"front": N_("front"), "back": N_("back"), "blank": N_("back, left blank"),
         "uncut": N_("nothing to cut")}


def side_words(words: Words, side: str) -> str:
    """What a sheet's label says of its side ("front", "back, left blank")."""
    return words.gettext(SIDES[side])


def _sheet_label(label: Label, names: str, number: int, count: int, side: str) -> str:
    """A grid sheet's label: "<game> · world tiles · sheet 2/4 · back"."""
    text = label.words.gettext("{label} · {names} · sheet {number}/{count}").format(
        label=label.text, names=names, number=number, count=count)
    return f"{text} · {side_words(label.words, side)}" if side else text


def run_sheets(runs: Sequence[Run], sheets: Sequence[Sheet]) -> list[str]:
    """Each run's sheets in words, for the build's summary, in the words of its label (the
    sheets' language): "world tiles 4 sheets (12 a sheet)", "Oinks 1 sheet (under the
    life tokens)"."""
    said = []
    for index, run in enumerate(runs):
        holding = [s for s in sheets if any(b.run == index for b in s.blocks)]
        if not holding:
            continue
        words = run.label.words
        under = [runs[s.blocks[0].run].name for s in holding if s.blocks[0].run != index]
        where = (words.gettext("under the {name}").format(name=under[0]) if under else
                 words.gettext("{count} a sheet").format(count=run.grid.per_page))
        count = len(holding)
        said.append(words.ngettext("{name} {count} sheet ({where})",
                                   "{name} {count} sheets ({where})", count).format(
                                       name=run.name, count=count, where=where))
    return said


def draw_runs(canvas, runs: Sequence[Run], sheet: SheetLayout, duplex: bool = False,
              sheets: Sequence[Sheet] | None = None,
              owners: Sequence[str] | None = None) -> int:
    """Draw every sheet of the runs, front then back; return the pages drawn.

    With `duplex` (the print-and-play bundle, printed double-sided) a sheet of one-sided
    pieces gets a blank back page, so the sheets after it keep their fronts and backs
    together and no piece is printed behind another. `sheets`: the runs paginated
    already. `owners` names each run's kind: a sheet's label counts the sheets of the
    kind it starts with ("world tiles · sheet 2/4"), not every kind's.
    """
    sheets = paginate(runs, sheet) if sheets is None else sheets
    kinds = [owners[s.blocks[0].run] if owners else "" for s in sheets]
    pages = 0
    for index, s in enumerate(sheets):
        names = ", ".join(dict.fromkeys(runs[b.run].name for b in s.blocks))
        label = runs[s.blocks[0].run].label
        number, count = kinds[:index + 1].count(kinds[index]), kinds.count(kinds[index])
        sides = ("front", "back") if s.has_backs else ("front", "blank") if duplex else \
            ("front",)
        for side in sides:
            for block in s.blocks:
                draw_page(canvas, [] if side == "blank" else [
                    p.back if side == "back" else p.front for p in block.pieces],
                    block.grid, sheet, back=side == "back", marks=side != "blank")
            text = _sheet_label(label, names, number, count,
                                side if s.has_backs else "blank" if side == "blank" else "")
            page_label(canvas, s.blocks[0].grid, sheet, label, text, front=side == "front")
            canvas.showPage()
            pages += 1
    return pages
