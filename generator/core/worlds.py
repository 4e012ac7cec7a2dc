"""The world solver: can a tile sit at a grid position in a complete world?

A world is a rows x columns grid of distinct tiles. It is *complete* when the graph
of orthogonal neighbours that share an insignia spans every cell, and *fully matched*
when every orthogonal pair shares one. Tiles with the same insignias are
interchangeable here, so the search works on insignia masks with counts, and one
world found answers the question for every (mask, cell) it contains. Grid symmetry
(flips, and turns on a square grid) folds the cells into a few classes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from generator.core.model import Game


@dataclass(frozen=True)
class Grid:
    """A world grid's shape, with each cell's orthogonal neighbours."""

    rows: int
    columns: int

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.columns

    def position(self, cell: int) -> tuple[int, int]:
        """(row, column) of a cell, 0-based."""
        return divmod(cell, self.columns)

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """Cells orthogonally next to a cell."""
        return grid_neighbours(self.rows, self.columns)[cell]

    def classes(self) -> tuple[tuple[int, ...], ...]:
        """Cells grouped by the grid's symmetries; the answer is the same within a group."""
        return _classes(self.rows, self.columns)


@lru_cache(maxsize=32)  # a pure function of a grid's shape; a game has one or two shapes
def grid_neighbours(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of each cell of a rows x columns grid (cells row by row)."""
    result = []
    for cell in range(rows * columns):
        r, c = divmod(cell, columns)
        near = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
        result.append(tuple(nr * columns + nc for nr, nc in near
                            if 0 <= nr < rows and 0 <= nc < columns))
    return tuple(result)


@lru_cache(maxsize=32)
def _classes(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    def images(r: int, c: int) -> set[tuple[int, int]]:
        flips = {(r, c), (rows - 1 - r, c), (r, columns - 1 - c), (rows - 1 - r, columns - 1 - c)}
        return flips | ({(b, a) for a, b in flips} if rows == columns else set())

    seen: set[int] = set()
    groups = []
    for cell in range(rows * columns):
        if cell not in seen:
            group = sorted(a * columns + b for a, b in images(*divmod(cell, columns)))
            seen.update(group)
            groups.append(tuple(group))
    return tuple(groups)


def insignia_mask(insignias: tuple[str, ...], element_ids: tuple[str, ...]) -> int:
    """The tile's insignias as a bit mask over the elements."""
    return sum(1 << element_ids.index(e) for e in set(insignias) if e in element_ids)


STEPS = 200_000  # partial worlds one solve may try (at most ~2 s, ~150 MB); then it says so


class Undecided(Exception):
    """The search spent its steps before it found a world or proved there is none."""


class _Search:
    """Depth-first search for one world with a given mask at a given cell, within a
    budget of steps shared by every search it runs."""

    def __init__(self, counts: Counter, grid: Grid, fully_matched: bool, steps: int = STEPS):
        self.counts = counts
        self.grid = grid
        self.fully_matched = fully_matched
        # Try the best-connected masks first: they lead to a world fastest.
        self.order = sorted(counts, key=lambda m: (-bin(m).count("1"), -counts[m], m))
        self.failed: set[tuple[int, ...]] = set()
        self.steps = steps

    def run(self, mask: int, cell: int) -> tuple[int, ...] | None:
        """A world with `mask` at `cell`, or None when there is none; Undecided when the
        steps ran out first."""
        if self.counts[mask] < 1 or sum(self.counts.values()) < self.grid.size:
            return None  # too few tiles: no world, without searching every order
        cells = [0] * self.grid.size
        cells[cell] = mask
        kept = dict(self.counts)  # an Undecided leaves the search mid-way: counts go back
        self.counts[mask] -= 1
        try:
            found = self._extend(cells, 1)
        finally:
            self.counts.update({m: n - self.counts[m] for m, n in kept.items()})
        return tuple(found) if found else None

    def _fits(self, cells: list[int], cell: int, mask: int) -> bool:
        placed = [cells[n] for n in self.grid.neighbours(cell) if cells[n]]
        if self.fully_matched:
            return all(mask & other for other in placed)
        return any(mask & other for other in placed)

    def _open_cells(self, cells: list[int]) -> list[int]:
        if self.fully_matched:  # order does not matter: fill the first empty cell
            return [cells.index(0)]
        return [c for c in range(self.grid.size) if not cells[c]
                and any(cells[n] for n in self.grid.neighbours(c))]

    def _extend(self, cells: list[int], placed: int) -> list[int] | None:
        if placed == self.grid.size:
            return cells
        key = tuple(cells)
        if key in self.failed:
            return None
        self.steps -= 1
        if self.steps < 0:
            raise Undecided
        for cell in self._open_cells(cells):
            for mask in self.order:
                if self.counts[mask] and self._fits(cells, cell, mask):
                    cells[cell] = mask
                    self.counts[mask] -= 1
                    found = self._extend(cells, placed + 1)
                    self.counts[mask] += 1
                    if found:
                        return found
                    cells[cell] = 0
        self.failed.add(key)
        return None


def find_world(masks: list[int], grid: Grid, mask: int, cell: int,
               fully_matched: bool = False, steps: int = STEPS) -> tuple[int, ...] | None:
    """One world (a mask per cell) with `mask` at `cell`, or None if none was found
    within `steps` (none exists, or it could not be found in time)."""
    found = first_world(masks, grid, [(mask, cell)], fully_matched, steps)
    return found[0] if found else None


def first_world(masks: list[int], grid: Grid, starts: list[tuple[int, int]],
                fully_matched: bool = False, steps: int = STEPS
                ) -> tuple[tuple[int, ...], tuple[int, int]] | None:
    """The first world found with some (mask, cell) of `starts`, tried in order, all
    within `steps` in total, and the start it was found from; None when none was."""
    search = _Search(Counter(masks), grid, fully_matched, steps)
    for start in starts:
        try:
            world = search.run(*start)
        except Undecided:
            return None
        if world is not None:
            return world, start
    return None


@dataclass(frozen=True)
class Placements:
    """Which (mask, cell) pairs a complete world exists for, with a witness each; which
    none exists for; and which the search ran out of steps on (neither proved)."""

    witnesses: dict[tuple[int, int], tuple[int, ...]]
    impossible: frozenset[tuple[int, int]]
    unproved: frozenset[tuple[int, int]] = frozenset()

    def possible(self, mask: int, cell: int) -> bool:
        """True when some complete world has a tile of `mask` at `cell`."""
        return (mask, cell) in self.witnesses


def solve_placements(masks: list[int], grid: Grid, fully_matched: bool = False,
                     steps: int = STEPS) -> Placements:
    """For every distinct mask and every cell class, find a world or prove there is none,
    within `steps` partial worlds in all; what is left when they run out is unproved."""
    counts = Counter(masks)
    search = _Search(counts, grid, fully_matched, steps)
    class_of = {cell: group for group in grid.classes() for cell in group}
    witnesses: dict[tuple[int, int], tuple[int, ...]] = {}
    impossible: set[tuple[int, int]] = set()
    unproved: set[tuple[int, int]] = set()
    if grid.size > len(masks):
        return Placements({}, frozenset((m, c) for m in counts for c in range(grid.size)))
    for group in grid.classes():
        for mask in search.order:
            if (mask, group[0]) in witnesses:
                continue
            try:
                world = search.run(mask, group[0])
            except Undecided:
                unproved.update((mask, c) for c in group)
                continue
            if world is None:
                impossible.update((mask, c) for c in group)
                continue
            for cell, placed in enumerate(world):
                # The world proves (placed, cell) and, by symmetry, its whole class.
                for twin in class_of[cell]:
                    witnesses.setdefault((placed, twin), world)
    unproved -= witnesses.keys()  # a later world may have shown one after all
    return Placements(witnesses, frozenset(impossible), frozenset(unproved))


def grid_of(game: Game) -> Grid:
    """The world grid the rules describe."""
    return Grid(game.rules.grid_rows, game.rules.grid_columns)


def masks_of(game: Game) -> list[int]:
    """Each printed tile's insignias as a bit mask, in deck order: a tile's copies are
    tiles of their own, so a world may hold a tile and its copy."""
    return [insignia_mask(t.insignias, game.element_ids) for t in game.deck]


def design_masks(game: Game) -> list[int]:
    """Each tile's insignias as a bit mask, one per tile in content order (copies once)."""
    return [insignia_mask(t.insignias, game.element_ids) for t in game.tiles]
