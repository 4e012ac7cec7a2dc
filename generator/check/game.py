"""The game's rules as pure checks over the model; each problem a stable code.

Each check takes the `Game` and returns diagnostics. `check_game` runs them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Game, Tile, known
from generator.core.words import SOURCE_WORDS, a_few, counted
from generator.core.worlds import (
    STEPS,
    Grid,
    design_masks,
    grid_of,
    masks_of,
    solve_placements,
)

MAX_INSIGNIAS = 4


def tiles_phrase(printed: int, designs: int) -> str:
    """'48 tiles', or '49 tiles (1 a copy)' when some of the printed tiles are copies."""
    extra = printed - designs
    if extra <= 0:
        return counted(printed, "tile")
    return f"{counted(printed, 'tile')} ({extra} a copy)" if extra == 1 else (
        f"{counted(printed, 'tile')} ({extra} of them copies)")


def check_tile_count(game: Game) -> list[Diagnostic]:
    """TKG201: the set has exactly the declared number of tiles, copies counted."""
    count = len(game.deck)
    if count == game.tile_count:
        return []
    where = game.tiles[-1].where if game.tiles else game.tokens.where
    return [diagnostic("TKG201", where, f"the set has {tiles_phrase(count, len(game.tiles))}, "
                                        f"but game.tile_count says {game.tile_count}")]


def check_insignias(game: Game) -> list[Diagnostic]:
    """TKG202: 1-4 insignias a tile, no element twice."""
    found = []
    for tile in game.tiles:
        repeated = sorted(e for e, n in Counter(tile.insignias).items() if n > 1)
        where = known(tile.insignias_where, tile.where)  # the list to mend
        if repeated:
            found.append(diagnostic("TKG202", where,
                                    f"{tile.name} bears {', '.join(repeated)} more than once"))
        elif not 1 <= len(tile.insignias) <= MAX_INSIGNIAS:
            found.append(diagnostic("TKG202", where,
                                    f"{tile.name} has {len(tile.insignias)} insignias"))
    return found


def check_costs(game: Game) -> list[Diagnostic]:
    """TKG203 and TKG206: each tile's cost fits on an Oink and in the token supply."""
    found = []
    capacity = game.rules.oink_capacity
    for tile in game.tiles:
        total = sum(tile.cost.values())
        if total > capacity:  # told at the insignias, which make the cost
            where = known(tile.insignias_where, tile.where)
            found.append(diagnostic("TKG203", where, f"{tile.name} costs "
                                                     f"{counted(total, 'token')}; an Oink "
                                                     f"holds {capacity}"))
    return found + _short_supply(game)


def _short_supply(game: Game) -> list[Diagnostic]:
    """TKG206 at the bag, once for the elements it holds as many tokens of: a tile's
    insignias differ, so it is the bag (tokens.per_element 0) that is short, and a line
    a tile and element would flood the report."""
    short: dict[str, set[str]] = {}  # the ids of the tiles each element is short for
    for tile in game.tiles:
        for element, need in tile.cost.items():
            if need > game.tokens.count(element):
                short.setdefault(element, set()).add(tile.id)
    found = []
    for have, elements in _alike_counts(game, short):
        names = [tile.name for tile in game.tiles if any(tile.id in short[e] for e in elements)]
        found.append(diagnostic("TKG206", game.tokens.where,
                                f"the bag has {_tokens_of(have, elements)}, and "
                                f"{counted(len(names), 'tile')} "
                                f"{'costs' if len(names) == 1 else 'cost'} more "
                                f"({a_few(names)})"))
    return found


def _alike_counts(game: Game, elements: Collection[str]) -> list[tuple[int, list[str]]]:
    """The elements of `elements` grouped by how many tokens of each the bag holds (one
    group when tokens.per_element gives every element the same), in the game's order."""
    groups: dict[int, list[str]] = {}
    for element in game.element_ids:
        if element in elements:
            groups.setdefault(game.tokens.count(element), []).append(element)
    return list(groups.items())


def _tokens_of(count: int, elements: list[str]) -> str:
    """'0 tokens of fire', '3 tokens of fire and water each'."""
    each = " each" if len(elements) > 1 else ""
    return f"{counted(count, 'token')} of {SOURCE_WORDS.join(elements)}{each}"


def connections(game: Game) -> dict[str, int]:
    """How many other tiles of the set each tile connects to, by tile id (its own copies
    count: a tile shares every insignia with its copy)."""
    deck = masks_of(game)
    return {t.id: sum(1 for m in deck if m & mask) - (1 if mask else 0)
            for t, mask in zip(game.tiles, design_masks(game), strict=True)}


def check_connections(game: Game) -> list[Diagnostic]:
    """TKG204 (error) for tiles that connect to nothing; TKG209 (warning) for few."""
    found = []
    links = connections(game)
    least = game.balance.min_connections
    for tile in game.tiles:
        n = links[tile.id]
        if n == 0:
            found.append(diagnostic("TKG204", tile.where,
                                    f"{tile.name} shares no insignia with any other tile"))
        elif n < least:
            found.append(diagnostic("TKG209", tile.where,
                                    f"{tile.name} connects to only {n} tiles "
                                    f"(balance.min_connections is {least})"))
    return found


def check_supply(game: Game) -> list[Diagnostic]:
    """TKG207: the bag covers the largest setup plus the trade zone."""
    rules = game.rules
    # Worst case: every setup token a player draws is of this one element.
    need = rules.trade_zone_start + rules.players_max * rules.starting_tokens
    short = [e for e in game.element_ids if game.tokens.count(e) < need]
    return [diagnostic("TKG207", game.tokens.where,
                       f"{_tokens_of(have, elements)} cannot cover a {rules.players_max}-"
                       f"player setup and the trade zone ({need} of one element could be "
                       f"needed)")
            for have, elements in _alike_counts(game, short)]


def check_oinks(game: Game) -> list[Diagnostic]:
    """TKG211: one Oink per element at most, and enough for the most players."""
    found = []
    seen: set[str] = set()
    for oink in game.oinks:
        if oink.element in seen:
            found.append(diagnostic("TKG211", oink.where,
                                    f"a second Oink of {oink.element}; one per element"))
        seen.add(oink.element)
    if len(seen) < game.rules.players_max:
        where = game.oinks[0].where if game.oinks else game.tokens.where
        most = game.rules.section("players")  # the other number to mend
        written = f" (players.max at {most.place('max')})" if most else ""
        found.append(diagnostic("TKG211", where,
                                f"{len(seen)} Oinks cannot seat {game.rules.players_max} "
                                f"players{written}"))
    return found


def check_balance(game: Game) -> list[Diagnostic]:
    """TKG208 and TKG213: equal element frequencies, and a mix of tile sizes."""
    found = []
    freq = Counter(e for t in game.deck for e in t.insignias)
    counts = [freq.get(e, 0) for e in game.element_ids]
    if counts and max(counts) - min(counts) > game.balance.max_element_spread:
        listing = ", ".join(f"{e} {freq.get(e, 0)}" for e in game.element_ids)
        found.append(diagnostic("TKG208", game.elements[0].where,
                                f"insignias per element differ: {listing}"))
    sizes = {len(t.insignias) for t in game.tiles}
    missing = [str(n) for n in range(1, MAX_INSIGNIAS + 1) if n not in sizes]
    if game.tiles and missing:
        found.append(diagnostic("TKG213", game.tiles[0].where,
                                f"no tile has {' or '.join(missing)} insignia(s)"))
    return found


def _cell_name(grid: Grid, cell: int) -> str:
    row, column = grid.position(cell)
    return f"row {row + 1}, column {column + 1}"


def check_worlds(game: Game) -> list[Diagnostic]:
    """TKG205: every tile, at every grid cell, fits some complete world (TKG214 where the
    solver ran out of steps before it could tell)."""
    grid = grid_of(game)
    placements = solve_placements(masks_of(game), grid, steps=STEPS)
    found = []
    for tile, mask in zip(game.tiles, design_masks(game), strict=True):
        bad = [c for c in range(grid.size) if (mask, c) in placements.impossible]
        if bad:
            cells = "; ".join(_cell_name(grid, c) for c in bad)
            found.append(diagnostic("TKG205", tile.where,
                                    f"{tile.name} cannot be in a complete "
                                    f"{grid.rows} x {grid.columns} world at {cells}"))
        open_cells = [c for c in range(grid.size) if (mask, c) in placements.unproved]
        if open_cells:
            found.append(_unproved(tile, grid, open_cells, "complete"))
    return found


def _unproved(tile: Tile, grid: Grid, cells: list[int], world: str) -> Diagnostic:
    where = "; ".join(_cell_name(grid, c) for c in cells)
    return diagnostic("TKG214", tile.where,
                      f"the solver ran out of steps ({STEPS:,} partial worlds) before it "
                      f"could tell whether {tile.name} can be in a {world} {grid.rows} x "
                      f"{grid.columns} world at {where}")


def fully_matched_tiles(game: Game) -> list[Tile]:
    """Tiles that can sit somewhere in a world where every orthogonal pair matches."""
    return _fully_matched(game)[0]


def _fully_matched(game: Game) -> tuple[list[Tile], bool]:
    """The tiles shown to fit a fully matched world, and whether the solver ran out of
    steps for some other (so there may be more)."""
    grid = grid_of(game)
    placements = solve_placements(masks_of(game), grid, fully_matched=True, steps=STEPS)
    fitting = [t for t, m in zip(game.tiles, design_masks(game), strict=True)
               if any(placements.possible(m, c) for c in range(grid.size))]
    return fitting, bool(placements.unproved)


def report_fully_matched(game: Game) -> list[Diagnostic]:
    """TKG210 (information): how many printed tiles (copies counted) fit a fully matched
    world ("at least", when the solver could not tell for every tile)."""
    if not game.tiles:
        return []
    tiles, untold = _fully_matched(game)
    every = tiles_phrase(len(game.deck), len(game.tiles))
    least = "at least " if untold else ""
    return [diagnostic("TKG210", game.tiles[0].where,
                       f"{least}{sum(t.copies for t in tiles)} of {every} can sit in a "
                       "fully matched world", hint="")]


CHECKS: tuple[Callable[[Game], list[Diagnostic]], ...] = (
    check_tile_count, check_insignias, check_costs, check_connections, check_supply,
    check_oinks, check_balance, check_worlds, report_fully_matched,
)


def check_game(game: Game) -> list[Diagnostic]:
    """Run every game check; none stops the others."""
    found: list[Diagnostic] = []
    for check in CHECKS:
        found.extend(check(game))
    return found
