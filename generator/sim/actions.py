"""The actions of a turn, and the legal actions of a state, enumerated lazily by kind.

Token amounts in actions are tuples of counts indexed by element (see `tables.Table`).
`Legal` computes each kind only when asked, so a heuristic player that looks at two
kinds does not pay for enumerating all seven; `Legal.all()` gives the full list.

A player may pass only with no legal action (the rulebook's `rules.passing`, a playtest
completion): the simulator lets exactly that player pass (`Pass`, `NO_ACTION_RULE`),
counts those turns, and never offers a pass to anyone who can act. With 2-4 players
and the shipped numbers it does not happen: a face-up tile is always left to refresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import ClassVar

from generator.sim.state import EMPTY, GameState


@dataclass(frozen=True, slots=True)
class Draw:
    """Take `rules.draw_count` tokens from the bag."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Trade:
    """One or more exchanges with the trade zone: each is (give counts, get counts)."""

    exchanges: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    kind: ClassVar[str] = "trade"


@dataclass(frozen=True, slots=True)
class Procure:
    """Take the top tile of face-up space `space` and place it in world cell `cell`."""

    space: int
    cell: int
    kind: ClassVar[str] = "procure"


@dataclass(frozen=True, slots=True)
class Blind:
    """Pay `payment` (any `rules.blind_cost` tokens) and reveal the bottom tile of O."""

    payment: tuple[int, ...]
    kind: ClassVar[str] = "blind"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the Oink to world cell `cell`."""

    cell: int
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Refresh:
    """Put the top tile of face-up space `space` face down on top of O."""

    space: int
    kind: ClassVar[str] = "refresh"


@dataclass(frozen=True, slots=True)
class Seal:
    """Seal the tile under the Oink with tokens matching its insignias."""

    kind: ClassVar[str] = "seal"


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing: only for a player with no legal action (rules.passing, see above)."""

    kind: ClassVar[str] = "pass"


Action = Draw | Trade | Procure | Blind | Move | Refresh | Seal | Pass
KINDS = ("draw", "trade", "procure", "blind", "move", "refresh", "seal", "pass")
DRAW, SEAL, PASS = Draw(), Seal(), Pass()
NO_ACTION_RULE = "rules.passing: a player with no legal action passes, and only they may"

# Why a player could not procure, checked in this order (see `Legal.procure_block`).
NO_ROOM = "no empty cell beside the Oink"
FEW_TOKENS_NO_MATCH = "fewer tokens than the blind cost, no face-up tile connects"
FEW_TOKENS_TOO_DEAR = "fewer tokens than the blind cost, connecting face-up tiles too dear"
STACK_EMPTY = "stack O empty, no affordable face-up tile connects"
BLOCKS = (NO_ROOM, FEW_TOKENS_NO_MATCH, FEW_TOKENS_TOO_DEAR, STACK_EMPTY)


def multisets(counts: list[int], size: int) -> list[tuple[int, ...]]:
    """Every way to pick `size` tokens from `counts`, as count tuples."""
    found = []
    for combo in combinations_with_replacement(range(len(counts)), size):
        pick = [0] * len(counts)
        for e in combo:
            pick[e] += 1
        if all(p <= c for p, c in zip(pick, counts, strict=True)):
            found.append(tuple(pick))
    return found


@lru_cache(maxsize=4096)
def ways(counts: tuple[int, ...], size: int) -> int:
    """How many multisets of `size` tokens `counts` holds (`len(multisets(...))`, counted
    without listing them: the branching factor asks every turn)."""
    if size == 0:
        return 1
    if not counts:
        return 0
    head, rest = counts[0], counts[1:]
    return sum(ways(rest, size - k) for k in range(min(head, size) + 1))


@lru_cache(maxsize=65536)
def exchanges(tokens: tuple[int, ...], zone: tuple[int, ...], give: int, get: int,
              back: bool) -> int:
    """How many single exchanges of `give` tokens for `get` from the zone there are
    (`back`: an exchange may take an element it gives, the give landing first)."""
    found = 0
    for given in multisets(list(tokens), give):
        if back:
            found += ways(tuple(z + g for z, g in zip(zone, given, strict=True)), get)
        else:
            found += ways(tuple(0 if g else z for z, g in zip(zone, given, strict=True)), get)
    return found


def can_draw(state: GameState) -> bool:
    """True when the bag, refilled if it is empty, would yield a token."""
    keep = state.rules.trade_zone_start
    return any(state.bag) or any(z > keep for z in state.zone)


class Legal:
    """The legal actions of the player to move, computed per kind on demand."""

    __slots__ = ("_procures", "me", "state")

    def __init__(self, state: GameState):
        self.state = state
        self.me = state.players[state.current]
        self._procures: list[Procure] | None = None  # asked for twice a turn, so kept

    def draw(self) -> Draw | None:
        """The draw action, if a turn offers it and the bag can give anything."""
        return DRAW if "draw" in self.state.rules.actions and can_draw(self.state) else None

    def seal(self) -> Seal | None:
        """The seal action, if the tile under the Oink is unsealed and affordable."""
        me, table = self.me, self.state.table
        if me.sealed[me.cell] or "seal" not in self.state.rules.actions:
            return None
        mask = table.masks[me.grid[me.cell]]
        return SEAL if not mask & ~me.hold_mask() else None

    def placement_cells(self, tile: int) -> list[int]:
        """Cells where `tile` may go: empty, next to the Oink, sharing an insignia with its tile."""
        me, masks = self.me, self.state.table.masks
        if not masks[tile] & masks[me.grid[me.cell]]:
            return []
        return me.empty_neighbours(self.state.table, me.cell)

    def procures(self) -> list[Procure]:
        """Every affordable, placeable face-up tile in every legal cell."""
        if self._procures is None:
            self._procures = self._list_procures()
        return self._procures

    def _list_procures(self) -> list[Procure]:
        me, state = self.me, self.state
        if "procure" not in state.rules.actions:
            return []
        empties = me.empty_neighbours(state.table, me.cell)
        if not empties:
            return []
        return [Procure(s, c) for s in self._affordable_spaces() for c in empties]

    def _affordable_spaces(self) -> list[int]:
        """The face-up spaces whose top tile connects to the Oink's and is paid for."""
        me, state = self.me, self.state
        masks = state.table.masks
        hold, here = me.hold_mask(), masks[me.grid[me.cell]]
        return [s for s, space in enumerate(state.spaces)
                if space and masks[space[-1]] & here and not masks[space[-1]] & ~hold]

    def _procure_count(self) -> int:
        """How many actions `procures()` would list, without building them."""
        if self._procures is not None:
            return len(self._procures)
        me, state = self.me, self.state
        if "procure" not in state.rules.actions or not me.has_room(state.table, me.cell):
            return 0
        return len(self._affordable_spaces()) * len(me.empty_neighbours(state.table, me.cell))

    def can_blind(self) -> bool:
        """True when a turn offers procuring, the Oink can pay the blind cost and stack O
        has a tile."""
        state = self.state
        return (bool(state.stack) and sum(self.me.tokens) >= state.rules.blind_cost
                and "procure" in state.rules.actions)

    def blinds(self) -> list[Blind]:
        """Every distinct payment for a blind procure."""
        if not self.can_blind():
            return []
        return [Blind(p) for p in multisets(self.me.tokens, self.state.rules.blind_cost)]

    def can_procure(self) -> bool:
        """True when some procure (face up or blind) is legal."""
        return self.can_blind() or bool(self.procures())

    def procure_block(self) -> int:
        """Why no procure is legal, as an index into `BLOCKS` (-1 when one is legal, or
        when a turn offers none: no rule then blocks it)."""
        if self.can_procure() or "procure" not in self.state.rules.actions:
            return -1
        me, state = self.me, self.state
        if not me.has_room(state.table, me.cell):
            return BLOCKS.index(NO_ROOM)
        if sum(me.tokens) >= state.rules.blind_cost:
            return BLOCKS.index(STACK_EMPTY)
        masks, here = state.table.masks, state.table.masks[me.grid[me.cell]]
        connects = any(space and masks[space[-1]] & here for space in state.spaces)
        return BLOCKS.index(FEW_TOKENS_TOO_DEAR if connects else FEW_TOKENS_NO_MATCH)

    def trades(self) -> list[Trade]:
        """Every single exchange (longer trades are legal too, but not listed)."""
        rules, zone = self.state.rules, self.state.zone
        if sum(self.me.tokens) < rules.trade_give or "trade" not in rules.actions:
            return []
        found: list[Trade] = []
        for give in multisets(self.me.tokens, rules.trade_give):
            if rules.trade_back:  # the give lands in the zone first: it may come back
                after = [z + g for z, g in zip(zone, give, strict=True)]
                found.extend(Trade(((give, get),)) for get in multisets(after, rules.trade_get))
            else:
                found.extend(Trade(((give, get),)) for get in multisets(zone, rules.trade_get)
                             if not takes_back(give, get))
        return found

    def move_cells(self) -> list[int]:
        """Every cell the Oink can move to (without building the actions)."""
        state = self.state
        return self.me.reachable(state.table)[1:] if "move" in state.rules.actions else []

    def moves(self) -> list[Move]:
        """Every cell the Oink can move to."""
        return [Move(c) for c in self.move_cells()]

    def refreshes(self) -> list[Refresh]:
        """Every face-up space with a tile on it."""
        if "refresh" not in self.state.rules.actions:
            return []
        return [Refresh(s) for s, space in enumerate(self.state.spaces) if space]

    def by_kind(self) -> dict[str, Sequence[Action]]:
        """The legal actions grouped by kind; kinds with none are left out (a pass only
        when nothing else is legal)."""
        groups: dict[str, Sequence[Action]] = {
            "draw": [a for a in (self.draw(),) if a], "trade": self.trades(),
            "procure": self.procures(), "blind": self.blinds(), "move": self.moves(),
            "refresh": self.refreshes(), "seal": [a for a in (self.seal(),) if a],
        }
        groups = {k: v for k, v in groups.items() if v}
        return groups or {"pass": [PASS]}

    def count(self) -> int:
        """How many actions `all()` would list (1 for a pass), without building them (the
        branching factor asks every turn, so this counts from memos of capped counts)."""
        state, me = self.state, self.me
        rules, tokens = state.rules, me.tokens
        found = (self.draw() is not None) + (self.seal() is not None)
        found += self._procure_count() + len(self.move_cells())
        if "refresh" in rules.actions:
            found += sum(1 for space in state.spaces if space)
        if self.can_blind():
            cost = rules.blind_cost
            found += ways(tuple([n if n < cost else cost for n in tokens]), cost)
        give, get = rules.trade_give, rules.trade_get
        if sum(tokens) >= give and "trade" in rules.actions:
            # Beyond `give` tokens of an element (or `give + get` in the zone) more make no
            # new exchange, so capped counts give the same number and keep the memo small.
            most = give + get
            found += exchanges(tuple([n if n < give else give for n in tokens]),
                               tuple([n if n < most else most for n in state.zone]), give,
                               get, rules.trade_back)
        return found or 1

    def all(self) -> list[Action]:
        """Every listed legal action (Pass only when nothing else is legal)."""
        return [a for group in self.by_kind().values() for a in group]


def takes_back(give, get) -> bool:
    """True when an exchange would take an element it gives: the book trades tokens for
    other tokens, so taking back what you just traded in is no trade."""
    return any(g and t for g, t in zip(give, get, strict=True))


def occupied(state: GameState, seat: int) -> list[int]:
    """Cells of a player's world that hold a tile."""
    return [c for c, t in enumerate(state.players[seat].grid) if t != EMPTY]
