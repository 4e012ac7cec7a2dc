"""Sheet grids fit the printable area and backs mirror their fronts."""

from __future__ import annotations

import pytest

from generator.core.errors import ContentError
from generator.layout.imposition import grid_for
from tests.conftest import TEMPLATES, load_layout

LAYOUT = load_layout()
SHEETS = LAYOUT.sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("kind", "size", "bleed"), [("tile", 63.5, 3), ("token", 22, 2),
                                                     ("oink", 40, 2)])
def test_grid_and_its_marks_stay_inside_the_printable_margin(paper, kind, size, bleed):
    grid = grid_for(SHEETS, paper, (size, size), bleed, LAYOUT.look(kind).gutter)
    x0, y0, x1, y1 = grid.extent
    across, down = grid.across.reach, grid.down.reach
    width, height = SHEETS.paper(paper)
    assert x0 - across >= SHEETS.margin - 1e-9 and y0 - down >= SHEETS.margin - 1e-9
    assert x1 + across <= width - SHEETS.margin + 1e-9
    assert y1 + down <= height - SHEETS.margin + 1e-9


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_slots_mirror_front_slots_across_the_vertical_axis(paper):
    grid = grid_for(SHEETS, paper, (63.5, 63.5), 3, "densest")
    width = SHEETS.paper(paper)[0]
    for i in range(grid.per_page):
        fx, fy, w, _ = grid.trim(i)
        bx, by, _, _ = grid.trim(i, back=True)
        assert bx == pytest.approx(width - fx - w, abs=0.1)
        assert by == fy


@pytest.mark.parametrize(("paper", "gutter", "mark"), [("a4", 0.0, 2.0), ("letter", 1.15, 2.0)])
def test_the_densest_tile_grid_holds_twelve_on_either_paper(paper, gutter, mark):
    # Letter keeps a gutter (the widest that still holds 12); A4 holds 12 only when
    # neighbours share their cuts, and its side marks are shortened to fit: each still
    # starts 1 mm off the art (tests/products/test_home_bleed.py).
    grid = grid_for(SHEETS, paper, (63.5, 63.5), 3, "densest")
    assert (grid.columns, grid.rows) == (3, 4)
    assert grid.gutter == pytest.approx(gutter)
    assert (grid.across.gap, grid.across.mark) == (1.0, mark)


def test_a_gutter_as_a_length_is_kept_as_it_is(project):
    layout = project / "templates" / "layouts" / "default.yaml"
    layout.write_text(layout.read_text().replace("gutter: densest", "gutter: 4mm", 1))
    loaded = load_layout("default", project / "templates")
    gutter = loaded.look("tile").gutter
    assert gutter == 4.0
    assert grid_for(loaded.sheets, "a4", (63.5, 63.5), 3, gutter).per_page == 8
    assert grid_for(loaded.sheets, "letter", (63.5, 63.5), 3, gutter).per_page == 6


def test_a_piece_too_big_for_the_paper_is_the_layouts_problem_at_its_sheets_section():
    with pytest.raises(ContentError) as info:
        grid_for(SHEETS, "a4", (300, 300), 3, "densest", "tile")
    [problem] = info.value.diagnostics
    assert problem.code == "TKG605" and "does not fit on a4 paper" in problem.message
    assert problem.path.endswith("default.yaml")
    assert problem.line == _line_of(TEMPLATES / "layouts" / "default.yaml", "sheets:")


def _line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1)
                if line.startswith(text))
