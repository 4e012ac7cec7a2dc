"""Victory points: one pure function the simulator and the rulebook's worked example share.

The draft scoring rule (game.yaml, `rules.scoring`): every insignia on a *sealed* tile
scores `score_match` points when it is the element of the player's Oink and
`score_other` points otherwise; every insignia on an unsealed tile scores
`score_unsealed` (0 in the shipped content). A world's score is the sum over its tiles.

Example with the shipped numbers (2 / 1 / 0) for a player whose Oink is fire:
a sealed [fire, water] tile scores 2 + 1 = 3, a sealed [earth] tile scores 1, an unsealed
[fire, air] tile scores 0; the world scores 4.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from generator.core.model import Rules


def tile_points(insignias: Sequence[str], sealed: bool, oink_element: str, rules: Rules) -> int:
    """Points one tile scores for the owner of an Oink of `oink_element`."""
    if not sealed:
        return rules.score_unsealed * len(insignias)
    return sum(rules.score_match if element == oink_element else rules.score_other
               for element in insignias)


def world_points(tiles: Iterable[tuple[Sequence[str], bool]], oink_element: str,
                 rules: Rules) -> int:
    """Points of a whole world, given each tile as (insignias, sealed)."""
    return sum(tile_points(insignias, sealed, oink_element, rules) for insignias, sealed in tiles)
