"""The mats follow what they hold: any look's length may be measured from the tile's or
the life token's size ("tile + 1.5mm", "tile * 5 + 54.5mm", "token / 2 - 0.25mm"),
worked out when the layout is read. The shipped mats are written so: make the tiles
larger and the table mat's spaces hold them, its size grows with them; make the tokens
larger and the world mat's token places grow. A world mat whose page cannot hold a
world of the larger tiles says so (TKG517), and the way out it names works."""

from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pytest

from generator.core.errors import ContentError
from generator.draw.kit import Kit
from generator.draw.piece import FRONT, drawn
from generator.draw.scene import Ellipse, Rect, Scene
from generator.layout.look_fit import fit_problem
from tests.conftest import TEMPLATES, load_layout

SHIPPED, LARGER = 63.5, 76.2
TABLE_SPACE = "pieces.table-mat.front.2.repeat.draw.1.rect"  # a tile's space, A B O C D
WORLD_CELLS = "pieces.world-mats.front.9.grid"
TOKEN_PLACE = "pieces.world-mats.front.7.repeat.draw.1.circle"


def _edited(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """The shipped templates with the default layout's lines edited as a designer would."""
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    default = templates / "layouts" / "default.yaml"
    text = default.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    default.write_text(text)
    return templates


LARGER_TILES = (f"size: {SHIPPED}mm ", f"size: {LARGER}mm ")


def _mat(game, layout, name: str):
    kind = game.piece_kind(name)
    return drawn(Kit(game), kind, layout.look(name), kind.items[0], FRONT)


def _items(scene: Scene, source: str) -> list:
    return [item for part in scene.parts if part.source == source
            for item in scene.items_of(part)]


def test_the_table_mat_grows_with_the_tiles_and_its_spaces_hold_them(shipped_game, tmp_path):
    shipped = load_layout("default")
    larger = load_layout("default", _edited(tmp_path, LARGER_TILES))
    assert shipped.look("table-mat").size == pytest.approx((372.0, 150.0))
    assert larger.look("table-mat").size == pytest.approx((5 * LARGER + 54.5, LARGER + 86.5))
    done = _mat(shipped_game, larger, "table-mat")
    spaces = _items(done.scene, TABLE_SPACE)
    assert len(spaces) == len(shipped_game.rules.space_row) == 5
    assert all(isinstance(s, Rect) and (s.w, s.h) == pytest.approx((LARGER + 2.5,) * 2)
               for s in spaces)
    # Side by side, 6 mm apart, the last one 9 mm from the right cut.
    lefts = [s.x for s in spaces]
    assert [b - a for a, b in pairwise(lefts)] == pytest.approx([LARGER + 8.5] * 4)
    bleed = done.scene.bleed
    assert larger.look("table-mat").size[0] - (spaces[-1].x - bleed + spaces[-1].w) == \
        pytest.approx(9.0)
    assert done.problems == ()


def test_the_world_mat_s_token_places_grow_with_the_tokens(shipped_game, tmp_path):
    larger = load_layout("default", _edited(
        tmp_path, ("size: 22mm\n    disc: 20.1mm", "size: 26mm\n    disc: 24.1mm")))
    for layout, token in ((load_layout("default"), 22.0), (larger, 26.0)):
        places = _items(_mat(shipped_game, layout, "world-mats").scene, TOKEN_PLACE)
        assert len(places) == shipped_game.rules.oink_capacity
        assert all(isinstance(p, Ellipse) and p.rx == pytest.approx(token / 2 - 0.25)
                   for p in places)
        assert places[1].cx - places[0].cx == pytest.approx(token + 1)


def test_a_world_mat_whose_page_cannot_hold_the_tiles_says_so(shipped_game, tmp_path):
    # 3 x 3 cells of 77.7 mm do not fit the A4 page's mat: they are made smaller to fit,
    # and the tiles would hang over them, so it is told at the cell's line.
    templates = _edited(tmp_path, LARGER_TILES)
    layout = load_layout("default", templates)
    done = _mat(shipped_game, layout, "world-mats")
    [problem] = done.problems
    assert (problem.code, problem.entry) == ("TKG517", f"{WORLD_CELLS}.cell")
    assert problem.message == (
        "the grid's cells come to 65.0 x 65.0 mm on item 'fire', to fit 3 x 3 in its room "
        "(195 x 195 mm): smaller than the 76.2 mm tile each holds, which hangs 11.2 mm over "
        "its cell")
    where = layout.where(problem.entry)
    written = (templates / "layouts" / "default.yaml").read_text().splitlines()
    assert written[where.line - 1][where.column - 1:].startswith('cell: ["tile + 1.5mm"')
    assert _mat(shipped_game, load_layout("default"), "world-mats").problems == ()


def test_the_world_mat_s_cells_follow_smaller_tiles_centred_in_its_room(shipped_game,
                                                                       tmp_path):
    smaller = 50.8  # 2 in
    layout = load_layout("default", _edited(tmp_path, (LARGER_TILES[0],
                                                       f"size: {smaller}mm ")))
    done = _mat(shipped_game, layout, "world-mats")
    cells, bleed = _items(done.scene, WORLD_CELLS), done.scene.bleed
    assert all((c.w, c.h) == pytest.approx((smaller + 1.5,) * 2) for c in cells)
    # The room is 195 x 195 mm from (0.5, 62): the 3 x 3 cells sit in its middle.
    spare = (195 - 3 * (smaller + 1.5)) / 2
    assert (cells[0].x - bleed, cells[0].y - bleed) == pytest.approx((0.5 + spare, 62 + spare))
    assert done.problems == ()


# What TKG517's hint says to do: a mat measured from the tile, glued from pages.
SPLIT_WORLD = (
    ('size: [196mm, 258mm]     # 3 x 3 cells of 65 mm: fits A4\'s and Letter\'s printable area\n'
     '    sheets: uncut ', 'size: ["tile * 3 + 5.5mm", "tile * 3 + 67.5mm"]\n    sheets: split '),
    ("fit: [195, 195]}", 'fit: ["tile * 3 + 4.5mm", "tile * 3 + 4.5mm"]}'))


def test_a_world_mat_measured_from_the_tile_holds_larger_tiles_over_pages(shipped_game,
                                                                         tmp_path):
    layout = load_layout("default", _edited(tmp_path, LARGER_TILES, *SPLIT_WORLD))
    look = layout.look("world-mats")
    assert look.size == pytest.approx((3 * LARGER + 5.5, 3 * LARGER + 67.5))
    assert fit_problem(look, layout.sheets, "a4") == ""  # glued from A4 pages
    done = _mat(shipped_game, layout, "world-mats")
    cells = _items(done.scene, WORLD_CELLS)
    assert len(cells) == 9
    assert all((c.w, c.h) == pytest.approx((LARGER + 1.5,) * 2) for c in cells)
    assert done.problems == ()


SMALL_GRID = """extends: default
pieces:
  tray:
    shape: rectangle
    size: ["tile * 2 + 10mm", "token * 3"]
    front:
      - grid: {x: 0, y: 0, columns: 2, rows: 1, cell: ["tile / 2", "tile / 2"],
               fit: ["tile * 2 + 10mm", 30], stroke: "#000000"}
      - repeat:
          times: 3
          dx: "token - 1mm"
          draw:
            - circle: {cx: 10, cy: "token", r: "token / 2", stroke: "#000000"}
"""


def test_any_look_may_measure_its_lengths_from_the_tile_and_the_token(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    (templates / "layouts" / "tray.yaml").write_text(SMALL_GRID)
    look = load_layout("tray", templates).look("tray")
    assert look.size == pytest.approx((2 * SHIPPED + 10, 66.0))
    grid, repeat = look.front
    assert grid.pair("cell") == pytest.approx((SHIPPED / 2, SHIPPED / 2))
    assert grid.text("holds") == "tile" and grid.number("holds_mm") == SHIPPED
    assert repeat.number("dx") == pytest.approx(21.0)
    [circle] = repeat.children
    assert (circle.length("cy"), circle.length("r")) == pytest.approx((22.0, 11.0))


@pytest.mark.parametrize(("where", "written", "says"), [
    ("sheets", "margin: tile",
     "margin: 'tile' is measured from the tile, whose size cannot be used here"),
    ("pieces:\n  tile", 'size: "tile * 2"',
     "size: 'tile * 2' is measured from the tile, whose size cannot be used here"),
    ("pieces:\n  token", 'size: "tile / 3"',
     "size: 'tile / 3' is measured from the tile, whose size cannot be used here"),
    ("pieces:\n  table-mat", 'size: ["tiles * 5", 150]', "size: 'tiles * 5' is not a length"),
    ("pieces:\n  table-mat", 'overlap: "width / 20"',
     "overlap: 'width / 20': only a place, a box's side or a circle's radius may be "
     "measured from the piece's own size; a length here may be measured from the tile or "
     'the token ("tile + 1.5mm")'),
])
def test_a_length_measured_where_it_cannot_be_is_told_at_its_line(tmp_path, where, written,
                                                                  says):
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    indent = "  " * (where.count("\n") + 1)
    text = f"extends: default\n{where}:\n{indent}{written}\n"
    (templates / "layouts" / "wrong.yaml").write_text(text)
    with pytest.raises(ContentError) as info:
        load_layout("wrong", templates)
    [problem] = info.value.diagnostics
    assert problem.path.endswith("wrong.yaml")
    assert problem.line == text.count("\n"), problem  # the line written
    assert says in problem.message, problem.message
