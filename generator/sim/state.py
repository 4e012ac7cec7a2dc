"""The mutable state of one simulated game, and its bookkeeping invariants.

For speed the state is mutable, but only the engine (`engine.apply`) changes it;
players receive it as a read-only view. Token counts are lists indexed by element;
a face-up space is a list with its top tile last; stack O is a deque whose left end
is the bottom (blind procure reveals the left end; returned tiles go on the right).
"""

from __future__ import annotations

import random
from collections import deque

from generator.sim.tables import Table

EMPTY = -1  # a world cell with no tile


class PlayerState:
    """One player's Oink, tokens and world."""

    __slots__ = ("_reach", "cell", "grid", "oink", "placed", "sealed", "seat", "tokens")

    def __init__(self, seat: int, oink: int, elements: int, cells: int):
        self.seat = seat
        self.oink = oink  # element index of the player's Oink (dealt at random at setup)
        self.tokens = [0] * elements  # life tokens on the Oink
        self.grid = [EMPTY] * cells  # tile index in each world cell
        self.sealed = [False] * cells
        self.cell = 0  # the cell the Oink stands on
        self.placed = 0  # tiles in the world
        self._reach: tuple[int, int, list[int]] = (-1, -1, [])  # (cell, placed, cells)

    def copy(self) -> PlayerState:
        """An independent copy (for players that look ahead)."""
        twin = PlayerState.__new__(PlayerState)
        twin.seat, twin.oink, twin.cell, twin.placed = self.seat, self.oink, self.cell, self.placed
        twin.tokens, twin.grid, twin.sealed = self.tokens[:], self.grid[:], self.sealed[:]
        twin._reach = self._reach  # never changed in place, so it can be shared
        return twin

    def hold_mask(self) -> int:
        """Bit i set when the Oink holds at least one token of element i."""
        mask, bit = 0, 1
        for n in self.tokens:
            if n:
                mask |= bit
            bit <<= 1
        return mask

    def empty_neighbours(self, table: Table, cell: int) -> list[int]:
        """Empty grid cells orthogonally next to `cell`."""
        grid = self.grid
        return [c for c in table.neighbours[cell] if grid[c] == EMPTY]

    def has_room(self, table: Table, cell: int) -> bool:
        """True when some orthogonal neighbour of `cell` is empty."""
        grid = self.grid
        for c in table.neighbours[cell]:  # noqa: SIM110 - a plain loop beats any() in this hot call
            if grid[c] == EMPTY:
                return True
        return False

    def reachable(self, table: Table) -> list[int]:
        """Cells the Oink can reach through orthogonally adjacent connected tiles, its own
        first. Worked out again only when the Oink moves or the world grows (tiles are
        only ever added, so `placed` tells when the grid changed)."""
        cell, placed, cells = self._reach
        if cell != self.cell or placed != self.placed:
            cells = self._walk(table)
            self._reach = (self.cell, self.placed, cells)
        return cells

    def _walk(self, table: Table) -> list[int]:
        grid, masks, neighbours = self.grid, table.masks, table.neighbours
        seen = [self.cell]
        for cell in seen:  # breadth first; `seen` grows while we walk it
            mask = masks[grid[cell]]
            for n in neighbours[cell]:
                tile = grid[n]
                if tile != EMPTY and n not in seen and masks[tile] & mask:
                    seen.append(n)
        return seen

    def connected_tiles(self, table: Table) -> int:
        """Size of the largest group of tiles connected through shared insignias."""
        grid, masks, neighbours = self.grid, table.masks, table.neighbours
        best, done = 0, set()
        for start in range(len(grid)):
            if grid[start] == EMPTY or start in done:
                continue
            group = [start]
            done.add(start)
            for cell in group:
                for n in neighbours[cell]:
                    if grid[n] != EMPTY and n not in done and masks[grid[n]] & masks[grid[cell]]:
                        done.add(n)
                        group.append(n)
            best = max(best, len(group))
        return best


class GameState:
    """Bag, trade zone, spaces, stack O, players, and whose turn it is."""

    __slots__ = ("bag", "current", "discarded", "known", "over", "players", "procured",
                 "reason", "rng", "rules", "sealed_tokens", "spaces", "stack", "table", "turn",
                 "zone")

    def __init__(self, table: Table, seats: int, rng: random.Random,
                 oinks: tuple[int, ...] | None = None):
        elements = len(table.elements)
        oinks = table.oinks[:seats] if oinks is None else oinks
        self.table = table
        self.rules = table.rules
        self.rng = rng  # the game's own randomness: shuffles and blind draws
        self.bag = list(table.supply)
        self.sealed_tokens = [0] * elements  # tokens resting on seals, out of play
        self.spaces: list[list[int]] = [[] for _ in table.rules.face_up_spaces]
        self.stack: deque[int] = deque()
        self.known = 0  # tiles on top of O that every player saw go there (see `put_on_top`)
        self.players = [PlayerState(s, oinks[s], elements, table.cells) for s in range(seats)]
        self.zone = [0] * elements  # the trade zone
        self.current = 0
        self.turn = 0
        self.over = False
        self.reason = ""
        self.procured: list[int] = []  # tiles placed by procure (face up or blind), in order
        self.discarded = 0  # tokens discarded down to the Oink's capacity

    @property
    def me(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.current]

    def copy(self, rng: random.Random) -> GameState:
        """An independent copy drawing from `rng` (a player's lookahead must not touch the
        game's own generator, or it would change what the real game draws next)."""
        twin = GameState.__new__(GameState)
        twin.table, twin.rules, twin.rng = self.table, self.rules, rng
        twin.bag, twin.zone = self.bag[:], self.zone[:]
        twin.sealed_tokens = self.sealed_tokens[:]
        twin.spaces = [space[:] for space in self.spaces]
        twin.stack = deque(self.stack)
        twin.players = [p.copy() for p in self.players]
        twin.current, twin.turn, twin.over, twin.reason = (self.current, self.turn, self.over,
                                                           self.reason)
        twin.procured, twin.discarded, twin.known = self.procured[:], self.discarded, self.known
        return twin


def put_on_top(state: GameState, tile: int) -> None:
    """Put a tile every player has seen face down on top of O: they remember it there."""
    state.stack.append(tile)
    state.known += 1


def take_bottom(state: GameState) -> int:
    """Take the bottom tile of O (the seen tiles on top are the last to go)."""
    tile = state.stack.popleft()
    state.known = min(state.known, len(state.stack))
    return tile


def token_census(state: GameState) -> list[int]:
    """Tokens of each element over bag, trade zone, Oinks and seals (must equal the supply)."""
    totals = [b + z + s for b, z, s in zip(state.bag, state.zone, state.sealed_tokens,
                                          strict=True)]
    for player in state.players:
        totals = [t + n for t, n in zip(totals, player.tokens, strict=True)]
    return totals


def tile_census(state: GameState) -> list[int]:
    """Every tile index found on the table (spaces, stack O, worlds), sorted."""
    found = [t for space in state.spaces for t in space] + list(state.stack)
    for player in state.players:
        found.extend(t for t in player.grid if t != EMPTY)
    return sorted(found)
