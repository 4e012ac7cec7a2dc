"""The precomputed table agrees with the content and the scoring rule."""

from __future__ import annotations

from generator.core.scoring import tile_points
from generator.core.worlds import grid_neighbours


def test_masks_and_points_follow_the_content(shipped_game, table):
    rules = shipped_game.rules
    for i, tile in enumerate(shipped_game.tiles):
        assert [table.elements[e] for e in table.insignias[i]] == list(tile.insignias)
        assert table.masks[i].bit_count() == len(tile.insignias)
        for e, element in enumerate(table.elements):
            assert table.sealed_points[e][i] == tile_points(tile.insignias, True, element, rules)
            assert table.unsealed_points[e][i] == tile_points(tile.insignias, False, element,
                                                              rules)
    assert table.supply == tuple(shipped_game.tokens.count(e) for e in table.elements)
    assert [table.elements[o] for o in table.oinks] == [o.element for o in shipped_game.oinks]


def test_grid_neighbours_are_orthogonal_and_inside():
    grid = grid_neighbours(2, 3)  # cells 0 1 2 / 3 4 5
    assert grid[0] == (1, 3)
    assert grid[4] == (1, 3, 5)
    assert grid[5] == (2, 4)
    assert sum(len(n) for n in grid) == 2 * 7  # a 2 x 3 grid has 7 edges
