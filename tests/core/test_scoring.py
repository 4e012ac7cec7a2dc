"""Victory points, checked against sums worked out by hand."""

from __future__ import annotations

import pytest

from generator.core.model import Rules
from generator.core.scoring import tile_points, world_points

SHIPPED = Rules(score_match=2, score_other=1, score_unsealed=0)
ODD = Rules(score_match=5, score_other=3, score_unsealed=1)


@pytest.mark.parametrize(("insignias", "sealed", "oink", "rules", "points"), [
    (("fire", "water"), True, "fire", SHIPPED, 3),           # 2 + 1
    (("earth",), True, "fire", SHIPPED, 1),
    (("fire", "air"), False, "fire", SHIPPED, 0),           # unsealed scores nothing
    (("fire", "water", "earth", "air"), True, "air", SHIPPED, 5),  # 1 + 1 + 1 + 2
    (("fire", "water"), True, "earth", SHIPPED, 2),
    (("fire", "water"), True, "water", ODD, 8),              # 3 + 5
    (("fire", "water", "earth"), False, "fire", ODD, 3),     # 3 insignias x 1
])
def test_tile_points(insignias, sealed, oink, rules, points):
    assert tile_points(insignias, sealed, oink, rules) == points


def test_world_points_sum_the_tiles():
    world = [(("fire", "water"), True), (("earth",), True), (("fire", "air"), False)]
    assert world_points(world, "fire", SHIPPED) == 4
    assert world_points(world, "fire", ODD) == (5 + 3) + 3 + (1 + 1)
    assert world_points([], "fire", SHIPPED) == 0


def test_shipped_rules_score_as_the_draft_says(shipped_game):
    rules = shipped_game.rules
    tile = next(t for t in shipped_game.tiles if len(t.insignias) == 2)
    own = tile.insignias[0]
    assert tile_points(tile.insignias, True, own, rules) == rules.score_match + rules.score_other
    assert tile_points(tile.insignias, False, own, rules) == 2 * rules.score_unsealed
