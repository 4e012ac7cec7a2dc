"""The figures: examples the engine agrees with, and nothing drawn over a tile's name,
insignias or text (measured on the scenes' boxes)."""

from __future__ import annotations

import re

import pytest

from generator.draw.geometry import bounds
from generator.draw.ink import ink_bounds
from generator.draw.kit import Kit
from generator.draw.scene import Group, Text
from generator.products.rulebook.diagrams import drawn_figures
from generator.sim.actions import Legal, Procure
from generator.sim.state import GameState
from generator.sim.tables import build_table
from generator.text.examples import example_world, placement_example

SLACK = 0.05  # mm: boxes that only touch do not overlap


@pytest.fixture(scope="module")
def figures(shipped_request):
    kit = Kit(shipped_request.game)
    return kit, drawn_figures(kit, shipped_request.layouts[0]).figures


def _engine_allows(game, start, cell, tile, target) -> bool:
    """Whether the simulator lets a player whose Oink stands on `start` in `cell`
    procure `tile` from a face-up space into `target`."""
    table = build_table(game)
    state = GameState(table, 2, None)
    me = state.players[0]
    index = table.tile_ids.index
    me.grid[cell], me.cell, me.placed = index(start.id), cell, 1
    me.tokens[:] = [9] * len(table.elements)
    state.spaces[0] = [index(tile.id)]
    return Procure(0, target) in Legal(state).procures()


def test_placement_examples_are_what_the_engine_says(shipped_game):
    ex = placement_example(shipped_game, example_world(shipped_game))
    assert _engine_allows(shipped_game, ex.start, ex.start_cell, ex.legal, ex.legal_cell)
    assert not ex.misfit.connects(ex.start)
    assert not _engine_allows(shipped_game, ex.start, ex.start_cell, ex.misfit, ex.misfit_cell)
    # Off the grid: it shares an insignia and touches the Oink's tile, but that side of
    # the tile is the grid's edge.
    assert ex.outside.connects(ex.start)
    grid = example_world(shipped_game).grid
    r, c = grid.position(ex.start_cell)
    dr, dc = ex.outside_step
    assert abs(dr) + abs(dc) == 1
    assert not (0 <= r + dr < grid.rows and 0 <= c + dc < grid.columns)


def _tiles(scene) -> list[tuple[str, Group]]:
    return [(g.label.split(":", 1)[1], g) for g in scene.items
            if isinstance(g, Group) and g.label.startswith("tile:")]


def _protected(kit, layout, group: Group, tile_id: str) -> list[tuple[float, ...]]:
    """A placed tile's name plate, insignias, flavour text and number, in the figure."""
    from generator.draw.piece import tile_face

    scene = tile_face(kit, layout, kit.game.tile(tile_id))
    k, (tx, ty) = group.scale, group.translate
    return [(x * k + tx, y * k + ty, (x + w) * k + tx, (y + h) * k + ty)
            for p in scene.parts if p.kind in ("text", "badge", "plate")
            for x, y, w, h in (p.box,)]


def _overlays(kit, scene) -> list[tuple[str, tuple[float, ...]]]:
    found = []
    for item in scene.items:
        if isinstance(item, Group) and item.label.split(":")[0] in ("over", "caption", "mark"):
            box = bounds((item,)) if not all(isinstance(c, Text) for c in item.children) \
                else _text_box(kit, item.children)
            found.append((item.label, box))
        elif isinstance(item, Text):
            found.append((f"text:{item.text}", ink_bounds(item, kit.fonts)))
    return [(label, box) for label, box in found if box is not None]


def _text_box(kit, texts):
    boxes = [b for b in (ink_bounds(t, kit.fonts) for t in texts) if b]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _meet(a, b) -> bool:
    return a[0] < b[2] - SLACK and b[0] < a[2] - SLACK and a[1] < b[3] - SLACK and \
        b[1] < a[3] - SLACK


@pytest.mark.slow
def test_nothing_covers_a_tiles_words_or_insignias(figures, shipped_request):
    kit, drawn = figures
    checked = 0
    for name, scene in drawn.items():
        if scene is None:
            continue
        for tile_id, group in _tiles(scene):
            for box in _protected(kit, shipped_request.layouts[0], group, tile_id):
                for label, over in _overlays(kit, scene):
                    assert not _meet(box, over), (name, tile_id, label)
                    checked += 1
    assert checked > 500


def test_captions_sit_under_their_tiles(figures):
    kit, drawn = figures
    seen = 0
    for name in ("placement", "procure", "components", "area"):
        scene = drawn[name]
        tiles = dict(_tiles(scene))
        for item in scene.items:
            if isinstance(item, Group) and item.label.startswith("caption:"):
                tile_id = item.label.split(":", 1)[1]
                if tile_id not in tiles:  # a caption under a token or an Oink
                    continue
                x0, _y0, x1, y1 = bounds((tiles[tile_id],))
                cx0, cy0, cx1, _cy1 = _text_box(kit, item.children)
                assert cy0 >= y1, (name, tile_id)
                assert abs((cx0 + cx1) / 2 - (x0 + x1) / 2) < 1.0, (name, tile_id)
                seen += 1
    assert seen >= 4


def test_scoring_draws_the_seal_tokens(figures, shipped_game, markdown):
    from generator.text.scoring_example import sealed_cells

    _kit, drawn = figures
    world = example_world(shipped_game)
    sealed = set(sealed_cells(world))
    want = sum(len(t.insignias) for c, t in enumerate(world.tiles) if c in sealed)
    tokens = [g for g in drawn["scoring"].items
              if isinstance(g, Group) and g.label == "over:seal-token"]
    assert len(tokens) == want
    scoring = next(md for md in markdown if "## A scoring example" in md)
    assert "gold frame" in scoring and not re.search(r"\bring", scoring)


def test_the_table_and_the_area_are_drawn(figures):
    _, drawn = figures
    for name in ("table", "area", "placement"):
        assert drawn[name] is not None and drawn[name].items
