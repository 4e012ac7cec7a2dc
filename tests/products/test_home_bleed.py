"""Home printing (issue 25, item 4): packed sheets show bleed past their outer cuts
wherever the printable margin leaves room, the cuts neighbours share stay exact, and every
crop mark starts the layout's offset (1 mm) away from the printed art."""

from __future__ import annotations

import math

import pytest

from generator.layout.imposition import SHORTEST_MARK, grid_for
from generator.products.sheets import mark_lines
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES, load_layout
from tests.pdfprobe import cover_rows, rasterise

LAYOUT = load_layout()
SHEETS = LAYOUT.sheets
PAPERS = ("a4", "letter")
KINDS = ("tile", "token", "oink", "aid")  # every look packed on sheets


def _grid(kind: str, paper: str):
    look = LAYOUT.look(kind)
    return grid_for(SHEETS, paper, look.size, look.bleed, look.gutter)


def _distance(line, box) -> float:
    """How far an axis-aligned segment is from a box (0 when they touch)."""
    ax, ay, bx, by = line
    x0, y0, x1, y1 = box
    dx = max(x0 - max(ax, bx), min(ax, bx) - x1, 0.0)
    dy = max(y0 - max(ay, by), min(ay, by) - y1, 0.0)
    return math.hypot(dx, dy)


def _outer_bleed(grid) -> dict[str, float]:
    """The bleed each side of the grid prints past its outer trims."""
    x0, y0, x1, y1 = grid.extent
    boxes = [grid.printed(i) for i in range(grid.per_page)]
    return {"left": x0 - min(b[0] for b in boxes), "top": y0 - min(b[1] for b in boxes),
            "right": max(b[2] for b in boxes) - x1, "bottom": max(b[3] for b in boxes) - y1}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_crop_mark_starts_the_offset_away_from_the_art(kind, paper):
    grid = _grid(kind, paper)
    for back in (False, True):
        boxes = [grid.printed(i, back) for i in range(grid.per_page)]
        for line in mark_lines(grid, SHEETS):
            gap = min(_distance(line, box) for box in boxes)
            assert gap >= SHEETS.marks.offset - 1e-9, (line, gap)
            length = math.dist(line[:2], line[2:])
            assert min(SHEETS.marks.length, SHORTEST_MARK) - 1e-9 <= length
            assert length <= SHEETS.marks.length + 1e-9


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", KINDS)
def test_the_outer_bleed_is_all_the_piece_has_or_all_the_margin_allows(kind, paper):
    grid, look = _grid(kind, paper), LAYOUT.look(kind)
    width, height = SHEETS.paper(paper)
    x0, y0, x1, y1 = grid.extent
    to_margin = {"left": x0 - SHEETS.margin, "right": width - SHEETS.margin - x1,
                 "top": y0 - SHEETS.margin, "bottom": height - SHEETS.margin - y1}
    for side, shown in _outer_bleed(grid).items():
        assert grid.bleed - 1e-9 <= shown <= look.bleed + 1e-9, side
        edge = grid.across if side in ("left", "right") else grid.down
        assert edge.reach <= to_margin[side] + 1e-9, side  # marks in the printable area
        if shown < look.bleed - 1e-9:  # less than it has: the margin is full
            assert edge.mark == pytest.approx(min(SHEETS.marks.length, SHORTEST_MARK))
            assert edge.reach == pytest.approx(to_margin[side]), side


@pytest.mark.parametrize("paper", PAPERS)
def test_packed_tiles_bleed_past_every_outer_cut(paper):
    # A4 packs 12 tiles with shared cuts: 0.4 mm is all its side margins leave.
    shown = _outer_bleed(_grid("tile", paper))
    assert min(shown.values()) >= 0.4 - 1e-9
    if paper == "a4":
        assert shown["top"] == shown["bottom"] == pytest.approx(3.0)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", KINDS)
def test_neighbours_cuts_stay_exact(kind, paper):
    grid = _grid(kind, paper)
    inner = min(LAYOUT.look(kind).bleed, grid.gutter / 2)
    for i in range(grid.per_page):
        x, y, w, h = grid.trim(i)
        x0, y0, x1, y1 = grid.printed(i)
        col, row = i % grid.columns, i // grid.columns
        if col > 0:
            assert x - x0 == pytest.approx(inner)
        if col < grid.columns - 1:
            assert x1 - (x + w) == pytest.approx(inner)
        if row > 0:
            assert y - y0 == pytest.approx(inner)
        if row < grid.rows - 1:
            assert y1 - (y + h) == pytest.approx(inner)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_back_prints_the_mirror_of_its_front(paper):
    grid = _grid("tile", paper)
    width = SHEETS.paper(paper)[0]
    for i in range(grid.per_page):
        fx0, fy0, fx1, fy1 = grid.printed(i)
        bx0, by0, bx1, by1 = grid.printed(i, back=True)
        assert (bx0, bx1) == (pytest.approx(width - fx1), pytest.approx(width - fx0))
        assert (by0, by1) == (fy0, fy1)


@pytest.mark.slow
def test_the_a4_tile_sheet_prints_its_outer_bleed_and_marks_clear_of_it(tmp_path):
    """Measured on the page as printed: the tiles' dark ground reaches past the outer cuts,
    and between the art and each crop mark the paper stays white."""
    from pypdf import PdfReader

    from generator.build.pipeline import build

    out = tmp_path / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["tiles"], languages=ONE_LANGUAGE)
    pdf = out / "pnp-a4.pdf"
    first = cover_rows(PdfReader(pdf), ("World tiles",))["World tiles"][1][0]
    dpi = 600
    image = rasterise(pdf, first - 1, dpi).convert("L")
    grid = _grid("tile", "a4")
    x0, y0, x1, y1 = grid.extent

    def ink(x: float, y: float) -> int:  # mm from the top-left -> grey level
        return image.getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi)))

    mid_x, mid_y = grid.trim(0)[0] + 20, grid.trim(0)[1] + 20  # inside the first tile
    across, down = grid.across, grid.down
    assert ink(x0 - across.bleed * 0.5, mid_y) < 200  # the art (no paper), past the left cut
    assert ink(x1 + across.bleed * 0.5, mid_y) < 200
    assert ink(mid_x, y0 - down.bleed + 0.2) < 200  # ... and past the top cut
    assert ink(mid_x, y1 + down.bleed - 0.2) < 200
    for x in grid.cuts_x():  # along each cut, past the art: white, then the mark
        assert ink(x, y0 - down.bleed - 0.5) > 230
        assert ink(x, y0 - down.reach + 0.5) < 160
    for y in grid.cuts_y():
        assert ink(x0 - across.bleed - 0.5, y) > 230
        assert ink(x0 - across.reach + 0.5, y) < 160
