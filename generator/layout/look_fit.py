"""Whether a piece can print on a paper, the way its look says it prints."""

from __future__ import annotations

from generator.layout.imposition import fit
from generator.layout.look import Look
from generator.layout.model import SheetLayout
from generator.layout.tiling import tiling


def fit_problem(look: Look, sheets: SheetLayout, paper: str) -> str:
    """Why the piece cannot print on `paper` ("" when it can): a grid needs one piece and
    its crop marks inside the margin, an uncut piece the printable area, a split piece
    at most `tiling.MAX_PAGES` pages."""
    w, h = look.size
    if look.sheets == "grid":
        grid = fit(sheets, paper, look.size, look.bleed, look.gutter, f"{look.kind} piece")
        return grid if isinstance(grid, str) else ""
    if look.sheets == "uncut":
        pw, ph = sheets.paper(paper)
        room = (pw - 2 * sheets.margin, ph - 2 * sheets.margin)
        return "" if w <= room[0] + 1e-9 and h <= room[1] + 1e-9 else (
            f"a {look.kind} piece of {w:g} x {h:g} mm does not fit the printable "
            f"{room[0]:g} x {room[1]:g} mm of {paper} paper (sheets: uncut)")
    found = tiling(sheets, paper, look.size, look.bleed, look.overlap, f"{look.kind} piece")
    return found if isinstance(found, str) else ""
