"""The rulebook's worked scoring example, scored by the simulator's own function."""

from __future__ import annotations

from generator.core.model import Game
from generator.core.scoring import tile_points, world_points
from generator.text.examples import ExampleWorld


def sealed_cells(world: ExampleWorld) -> tuple[int, ...]:
    """Seal about half the world, always including the start: a believable late game."""
    picks = {world.start_cell, *range(0, world.grid.size, 2)}
    return tuple(sorted(picks))[: max(world.grid.size // 2, 1)]


def scoring_example(game: Game, world: ExampleWorld | None) -> dict | None:
    """A scored world: which tiles are sealed, each tile's points, and the total."""
    if world is None or not game.oinks:
        return None
    oink = game.oinks[0]
    sealed = set(sealed_cells(world))
    rows = []
    for cell, tile in enumerate(world.tiles):
        is_sealed = cell in sealed
        matches = sum(1 for e in tile.insignias if e == oink.element)
        rows.append({"name": tile.name,
                     "insignias": [game.element(e).name for e in tile.insignias],
                     "sealed": is_sealed, "matches": matches,
                     "others": len(tile.insignias) - matches,
                     "points": tile_points(tile.insignias, is_sealed, oink.element, game.rules)})
    # The total comes from the simulator's world score, not from adding up the rows,
    # so the example would show any disagreement between the two.
    total = world_points(((t.insignias, c in sealed) for c, t in enumerate(world.tiles)),
                         oink.element, game.rules)
    return {"oink": oink.name, "element": game.element(oink.element).name,
            "tiles": rows, "sealed_count": len(sealed), "total": total}
