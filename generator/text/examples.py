"""Worked examples for the rulebook, computed from the content, never typed in.

The example world comes from the validator's own solver (`generator.core.worlds`), so
the rulebook can only ever show a world the checks accept. The scoring example is
scored by `generator.core.scoring`, the function the simulator plays with.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.core.model import Game, Tile
from generator.core.worlds import Grid, first_world, grid_of, insignia_mask, masks_of


@dataclass(frozen=True)
class ExampleWorld:
    """A complete world of distinct printed tiles, one per grid cell, row by row (a tile
    and its copy may both be in it: they are two tiles of the set)."""

    grid: Grid
    tiles: tuple[Tile, ...]
    start_cell: int  # where the starting tile sits

    def rows(self) -> tuple[tuple[Tile, ...], ...]:
        """The tiles grouped by row."""
        c = self.grid.columns
        return tuple(self.tiles[r * c:(r + 1) * c] for r in range(self.grid.rows))

    @property
    def start(self) -> Tile:
        """The starting tile."""
        return self.tiles[self.start_cell]

    @property
    def near(self) -> Tile:
        """The start's cheapest neighbour: the plainest example of paying a cost."""
        return min((self.tiles[c] for c in self.grid.neighbours(self.start_cell)),
                   key=lambda t: len(t.insignias))


def misfit(game: Game, world: ExampleWorld) -> Tile | None:
    """A tile of the game that cannot be placed next to the start (None if every one can)."""
    return next((t for t in game.tiles if not t.connects(world.start)), None)


@dataclass(frozen=True)
class PlacementExample:
    """Where a new tile may go: the Oink's tile on the grid's right edge, a tile that
    connects beside it, one that shares nothing above it, and one off the grid."""

    start: Tile
    start_cell: int
    legal: Tile
    legal_cell: int
    misfit: Tile
    misfit_cell: int
    outside: Tile
    outside_step: tuple[int, int]  # rows, columns from the Oink's tile: off the grid


def placement_example(game: Game, world: ExampleWorld | None) -> PlacementExample | None:
    """The placement figure's tiles, from the example world (None without one, or when
    every tile connects to its start)."""
    if world is None or world.grid.columns < 2 or world.grid.rows < 2:
        return None
    grid, start = world.grid, world.start
    odd = misfit(game, world)
    fits = [t for t in game.tiles if t != start and t.connects(start)]
    if odd is None or len(fits) < 2:
        return None
    legal = world.near if world.near in fits else fits[0]
    outside = next(t for t in fits if t != legal)
    row, last = grid.rows // 2, grid.columns - 1
    return PlacementExample(start, row * grid.columns + last, legal,
                            row * grid.columns + last - 1, odd,
                            (row - 1) * grid.columns + last, outside, (0, 1))


def _masks_to_tiles(game: Game, world: tuple[int, ...]) -> tuple[Tile, ...]:
    """Give each cell a distinct printed tile bearing exactly that cell's insignias."""
    pool: dict[int, list[Tile]] = {}
    for tile in game.deck:  # the solver's masks are the deck's: a copy fills a cell too
        pool.setdefault(insignia_mask(tile.insignias, game.element_ids), []).append(tile)
    return tuple(pool[mask].pop(0) for mask in world)


def _start_masks(game: Game) -> list[int]:
    """Starting masks to try: the plainest tiles first, so the example shows variety."""
    masks = sorted(set(masks_of(game)), key=lambda m: (bin(m).count("1"), m))
    return masks


def example_world(game: Game) -> ExampleWorld | None:
    """A complete world built by the validator's solver over the shipped tiles.

    The solver first gets one tile of each distinct insignia set, which makes it
    use many kinds of tile (a single, doubles, triples, a nexus); if that pool is
    too small it gets the whole set. None only when the tile set has no world.
    """
    grid = grid_of(game)
    every = masks_of(game)
    starts = [(mask, cell) for mask in _start_masks(game) for cell in range(grid.size)]
    for pool in (sorted(set(every)), every):
        found = first_world(list(pool), grid, starts)  # within one budget of steps a pool
        if found is not None:
            world, (_, cell) = found
            return ExampleWorld(grid, _masks_to_tiles(game, world), cell)
    return None


def is_complete(world: ExampleWorld) -> bool:
    """True when the connected tiles of the world span every cell (the end condition)."""
    tiles, grid = world.tiles, world.grid
    seen, todo = {0}, [0]
    while todo:
        cell = todo.pop()
        for near in grid.neighbours(cell):
            if near not in seen and tiles[cell].connects(tiles[near]):
                seen.add(near)
                todo.append(near)
    used = Counter(t.id for t in tiles)  # no tile more often than it is printed
    return len(seen) == grid.size and all(used[t.id] <= t.copies for t in tiles)
