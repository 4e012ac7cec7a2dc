"""Draw imposed sheets: pieces in a grid, crop marks in the margins, mirrored backs.

Reusable for any square or rectangular piece (tiles, tokens, Oinks, player-aid
cards): give `draw_sheets` a list of `Piece`s (a front scene and an optional back
scene) and a `Grid` from `generator.layout.imposition.grid_for`. Each front page is
followed by its back page when any piece has a back, columns mirrored for a
long-edge flip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.backends.pdf.canvas import colour, place, place_furniture
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


def draw_sheets(canvas, pieces: Sequence[Piece], grid: Grid, sheet: SheetLayout,
                label: Label | None = None, blank_backs: bool = False) -> int:
    """Draw every piece, page after page (fronts, then mirrored backs); return pages drawn.

    One-sided pieces get no back pages, or, with `blank_backs`, an empty back page
    after each front (the bundle prints double-sided: no piece may land behind another).
    """
    pages = 0
    has_backs = any(p.back is not None for p in pieces)
    chunks = [pieces[i:i + grid.per_page] for i in range(0, len(pieces), grid.per_page)]
    sides = ("front", "back") if has_backs else ("front", "blank") if blank_backs else \
        ("front",)
    for number, chunk in enumerate(chunks, start=1):
        for side in sides:
            drawings = [] if side == "blank" else [
                (p.back if side == "back" else p.front) for p in chunk]
            draw_page(canvas, drawings, grid, sheet, back=side == "back",
                      marks=side != "blank")
            if label is not None:
                text = f"{label.text} · sheet {number}/{len(chunks)}"
                text += f" · {side}" if has_backs else " · back, left blank" \
                    if side == "blank" else ""
                _label(canvas, grid, sheet, label, text, front=side == "front")
            canvas.showPage()
            pages += 1
    return pages


def sheet_pages(count: int, grid: Grid, backs: bool) -> int:
    """Pages `draw_sheets` takes for `count` pieces: each sheet, and its back if any."""
    return -(-count // grid.per_page) * (2 if backs else 1)


def draw_page(canvas, drawings: Sequence[Scene | None], grid: Grid, sheet: SheetLayout,
              back: bool = False, marks: bool = True) -> None:
    """One page of the grid: each drawing in its slot (mirrored on a back), and the marks."""
    height = grid.paper[1]
    canvas.setPageSize((grid.paper[0] * PT, height * PT))
    s = grid.bleed
    for index, scene in enumerate(drawings):
        if scene is None:
            continue
        x, y, w, h = grid.trim(index, back)
        b = scene.bleed
        clip = ((x - s) * PT, (height - (y + h + s)) * PT, (w + 2 * s) * PT, (h + 2 * s) * PT)
        place(canvas, scene, (x - b) * PT, (height - (y + h + b)) * PT, clip=clip)
    if marks:
        crop_marks(canvas, grid, sheet)


def crop_marks(canvas, grid: Grid, sheet: SheetLayout) -> None:
    """Thin marks on every cut line, in the margins only, never over a piece."""
    marks, height = sheet.marks, grid.paper[1]
    x0, y0, x1, y1 = grid.extent
    near = grid.bleed + marks.offset
    far = near + marks.length
    canvas.saveState()
    canvas.setStrokeColor(colour(marks.colour))
    canvas.setLineWidth(marks.width * PT)
    lines = []
    for x in grid.cuts_x():
        lines += [(x, y0 - far, x, y0 - near), (x, y1 + near, x, y1 + far)]
    for y in grid.cuts_y():
        lines += [(x0 - far, y, x0 - near, y), (x1 + near, y, x1 + far, y)]
    canvas.lines([(ax * PT, (height - ay) * PT, bx * PT, (height - by) * PT)
                  for ax, ay, bx, by in lines])
    canvas.restoreState()


def _label(canvas, grid: Grid, sheet: SheetLayout, label: Label, text: str,
           front: bool) -> None:
    width, height = grid.paper
    baseline = height - (sheet.margin + 0.3 + label.lift)
    x = grid.left + grid.piece[0] / 2 if front and label.first_column else width / 2
    line = Text(x, baseline, text, label.font[0], label.size, "#555555", "middle")
    place_furniture(canvas, label.what, width, height, [line], [label.font])


@dataclass(frozen=True)
class Run:
    """Pieces of one size imposed together: their grid on a paper and the sheets' label."""

    pieces: Sequence[Piece]
    grid: Grid
    label: Label


def run_pages(runs: Sequence[Run]) -> int:
    """Pages the runs will take: each run's sheets, times two when its pieces have backs."""
    return sum(sheet_pages(len(run.pieces), run.grid, any(p.back for p in run.pieces))
               for run in runs)


def draw_runs(canvas, runs: Sequence[Run], sheet: SheetLayout) -> int:
    """Draw every run's sheets; return the pages drawn."""
    return sum(draw_sheets(canvas, run.pieces, run.grid, sheet, run.label) for run in runs)
