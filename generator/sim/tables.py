"""Static data of a simulated game, precomputed once from the content.

The engine's hot path works on small integers: elements are indices, a tile's
insignias are a bit mask, a world cell is `row * columns + column`. Everything here is
derived from the `Game` and never changes during a game, so one `Table` serves every
game of a run (and is cheap to send to worker processes).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.model import Game, Rules
from generator.core.scoring import tile_points
from generator.core.worlds import grid_neighbours


@dataclass(frozen=True)
class Table:
    """Everything the engine needs to know about the content, as indices and masks."""

    rules: Rules
    elements: tuple[str, ...]  # element ids; an element's index is its position here
    tile_ids: tuple[str, ...]  # per printed tile (`Game.deck`): a tile's copies repeat its id
    designs: tuple[str, ...]  # the tile ids once each, in content order (`Game.tiles`)
    design_names: tuple[str, ...]  # per design: the tile's name, as printed
    design_of: tuple[int, ...]  # per printed tile: its index in `designs`
    masks: tuple[int, ...]  # per tile: bit i set when the tile bears element i
    insignias: tuple[tuple[int, ...], ...]  # per tile: element indices, content order
    supply: tuple[int, ...]  # tokens of each element in the game
    oinks: tuple[int, ...]  # element index of the Oink of each seat, in seat order
    neighbours: tuple[tuple[int, ...], ...]  # per cell: orthogonal neighbour cells
    sealed_points: tuple[tuple[int, ...], ...]  # [oink element][tile], tile sealed
    unsealed_points: tuple[tuple[int, ...], ...]  # [oink element][tile], tile unsealed

    @property
    def cells(self) -> int:
        """Cells in a world grid."""
        return len(self.neighbours)

    @property
    def centre(self) -> int:
        """The middle cell of the grid (rounded towards the top left)."""
        r = self.rules
        return (r.grid_rows // 2) * r.grid_columns + r.grid_columns // 2

    def cell_name(self, cell: int) -> str:
        """A cell as 'row,column' (0-based), for messages."""
        return f"{cell // self.rules.grid_columns},{cell % self.rules.grid_columns}"


def build_table(game: Game) -> Table:
    """Precompute the engine's table from validated content.

    Its tiles are the printed ones (`Game.deck`): a tile at `copies: 2` is two tiles in
    the stack, each drawn, placed and scored on its own.
    """
    rules, deck = game.rules, game.deck
    elements = game.element_ids
    index = {e: i for i, e in enumerate(elements)}
    designs = tuple(t.id for t in game.tiles)
    insignias = tuple(tuple(index[e] for e in t.insignias) for t in deck)
    masks = tuple(sum(1 << i for i in set(ins)) for ins in insignias)
    # Points come from generator.core.scoring, so the simulator and the rulebook agree.
    sealed = tuple(tuple(tile_points(t.insignias, True, e, rules) for t in deck)
                   for e in elements)
    unsealed = tuple(tuple(tile_points(t.insignias, False, e, rules) for t in deck)
                     for e in elements)
    design_of = tuple(i for i, t in enumerate(game.tiles) for _ in range(t.copies))
    return Table(
        rules=rules, elements=elements, tile_ids=tuple(t.id for t in deck), designs=designs,
        design_names=tuple(t.name for t in game.tiles),
        design_of=design_of, masks=masks, insignias=insignias,
        supply=tuple(game.tokens.count(e) for e in elements),
        oinks=tuple(index[o.element] for o in game.oinks),
        neighbours=grid_neighbours(rules.grid_rows, rules.grid_columns),
        sealed_points=sealed, unsealed_points=unsealed,
    )
