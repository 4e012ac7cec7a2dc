"""The rulebook's turn rules written out a second time, small and plain, for parity tests.

This is not the simulator and borrows nothing from it. It reads the same content (the
game's `Rules` and tiles) and plays a turn as the book's text says it is played
(templates/rulebook/03-setup to 06-scoring and 08-clarifications), on a state of its
own. A test drives the real engine and replays every turn here: any difference means
one of the two has drifted from the book.

What the book leaves to chance or to the player (which tokens come out of the bag,
which tokens a player discards, whether and where a revealed tile goes) is not decided
here. The caller hands it in with the turn, and this module checks that the book allows
it; everything else (how many tokens are drawn, when the bag is refilled, where every
payment goes, which space refills from where, the end and the scores) is its own.

A world cell is (row, column); tokens are dicts of counts keyed by element id; a tile is
its index in `Game.deck`. A face-up space lists its tiles with the top one last; stack O
lists its tiles from the bottom up (a blind procure reveals index 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.core.model import Game

Cell = tuple[int, int]
Tokens = dict[str, int]

# The kinds a turn can be. The book's one action "procure" is two kinds here, as it is
# two paragraphs in the book: from a face-up space, and blind from stack O.
KINDS = ("draw", "trade", "procure", "blind", "move", "refresh", "seal")
ACTION_OF = {"blind": "procure"}  # the book's action name for a kind that differs

# Word-valued rules that have only the one reading below. If the content ever says
# something else, this reference does not know that rule and must be taught it first.
READINGS = {
    ("discards", "to"): "trade_zone", ("bag", "refill"): "at_once",
    ("taking", "face_up"): "top", ("placement", "connect_to"): "oink_tile",
    ("placement", "oink"): "stays", ("blind_choice", "unplaced"): "top_of_O",
    ("move", "reach"): "connected", ("refresh", "refill_from"): "bottom_of_O",
    ("seal", "cost"): "insignias", ("passing", "allowed"): "no_legal_action",
    ("ending", "round"): "stops", ("tiles", "insignias"): "distinct",
    ("split", "extra"): "face_up_first", ("trade_zone", "source"): "bag",
}


class BookError(AssertionError):
    """A turn the book does not allow, or a chance outcome the book could not produce."""


@dataclass
class Seat:
    """One player: the Oink's element and tokens, the world, the Oink's cell, the seals."""

    oink: str
    tokens: Tokens
    world: dict[Cell, int]
    at: Cell
    sealed: set[Cell] = field(default_factory=set)


@dataclass
class Turn:
    """One turn as the book sees it; only the fields of its kind matter.

    `drawn` is what came out of the bag (chance), `discard` what the player chose to drop
    down to the Oink's capacity, `cell` for a blind procure where the revealed tile went
    (None: it was not placed).
    """

    kind: str  # one of KINDS, or "pass"
    space: str = ""  # procure, refresh: the face-up space's name
    cell: Cell | None = None  # procure, move, blind
    exchanges: tuple[tuple[Tokens, Tokens], ...] = ()  # trade: (give, get) each
    payment: Tokens = field(default_factory=dict)  # blind: the tokens paid
    drawn: Tokens = field(default_factory=dict)  # draw
    discard: Tokens = field(default_factory=dict)  # draw, trade


def total(tokens: Tokens) -> int:
    """How many tokens."""
    return sum(tokens.values())


def covers(have: Tokens, want: Tokens) -> bool:
    """True when `have` holds at least every token of `want`."""
    return all(have.get(e, 0) >= n for e, n in want.items())


def picks(have: Tokens, size: int) -> list[Tokens]:
    """Every way to pick `size` tokens out of `have`."""
    names = [e for e, n in have.items() if n]
    found: list[Tokens] = []

    def grow(start: int, left: int, pick: Tokens) -> None:
        if not left:
            found.append(dict(pick))
            return
        for i in range(start, len(names)):
            e = names[i]
            if pick.get(e, 0) < have[e]:
                pick[e] = pick.get(e, 0) + 1
                grow(i, left - 1, pick)
                pick[e] -= 1

    grow(0, size, {})
    return found


class Book:
    """The table as the book describes it, and the book's rules for a turn on it."""

    def __init__(self, game: Game, bag: Tokens, zone: Tokens, spaces: dict[str, list[int]],
                 stack: list[int], seats: list[Seat], current: int = 0):
        rules = self.rules = game.rules
        for (section, key), value in READINGS.items():
            found = rules.section(section)[key]
            if found != value:
                raise NotImplementedError(f"rules.{section}.{key} is {found!r}; the "
                                          f"reference knows only {value!r}")
        self.elements = game.element_ids
        self.insignias = [tile.insignias for tile in game.deck]
        self.actions = set(rules.section("turn")["actions"])
        self.trade_back = rules.section("trade_back")["allowed"] is True
        self.seal_into = rules.section("seal")["tokens"]  # "on_tile" or "trade_zone"
        self.rounds = rules.section("backstop")["rounds"]  # the last round, with no world
        self.bag, self.zone = self._full(bag), self._full(zone)
        self.on_seals = self._full({})  # tokens lying on sealed tiles, out of play
        self.spaces = {name: list(spaces[name]) for name in rules.face_up_spaces}
        self.stack = list(stack)
        self.seats = seats
        self.current = current
        self.over = False
        self.backstop = False  # the game ended when its last round was over
        self.turns = 0  # turns played since setup
        self.refills = 0  # times the empty bag took tokens back from the trade zone

    def _full(self, tokens: Tokens) -> Tokens:
        return {e: tokens.get(e, 0) for e in self.elements}

    @property
    def me(self) -> Seat:
        """The player whose turn it is."""
        return self.seats[self.current]

    # -- what the book lets the player to move do --------------------------------------

    def cost(self, tile: int) -> Tokens:
        """One token matching each insignia: the price of a face-up tile and of a seal."""
        return {e: 1 for e in self.insignias[tile]}

    def placement_cells(self, tile: int) -> list[Cell]:
        """Where `tile` may go: an empty cell of the grid orthogonally next to the Oink's
        tile, and only if it shares an insignia with that tile."""
        me = self.me
        if not set(self.insignias[tile]) & set(self.insignias[me.world[me.at]]):
            return []
        return [c for c in self._beside(me.at) if c not in me.world]

    def _beside(self, cell: Cell) -> list[Cell]:
        row, col = cell
        near = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
        return [(r, c) for r, c in near
                if 0 <= r < self.rules.grid_rows and 0 <= c < self.rules.grid_columns]

    def reachable(self, seat: Seat) -> set[Cell]:
        """Tiles the Oink reaches through a chain of neighbouring tiles that connect."""
        seen, todo = {seat.at}, [seat.at]
        while todo:
            cell = todo.pop()
            for n in self._beside(cell):
                if n in seat.world and n not in seen and (
                        set(self.insignias[seat.world[n]])
                        & set(self.insignias[seat.world[cell]])):
                    seen.add(n)
                    todo.append(n)
        return seen

    def can_draw(self) -> bool:
        """The bag has a token, or refilling it from the trade zone would give one."""
        keep = self.rules.trade_zone_start
        return bool(total(self.bag)) or any(n > keep for n in self.zone.values())

    def _trade_fault(self, exchanges) -> str:
        """Why these exchanges are no Trade ('' when they are one)."""
        if not exchanges:
            return "a trade makes at least one exchange"
        me, rules = self.me, self.rules
        held, zone = dict(me.tokens), dict(self.zone)
        given, taken = self._full({}), self._full({})
        for give, get in exchanges:
            if total(give) != rules.trade_give or total(get) != rules.trade_get:
                return f"an exchange gives {rules.trade_give} and gets {rules.trade_get}"
            if not covers(held, give):
                return f"the Oink cannot give {give}"
            for e, n in give.items():
                held[e] -= n
                zone[e] += n
                given[e] += n
            if not covers(zone, get):
                return f"the trade zone has no {get}"
            for e, n in get.items():
                zone[e] -= n
                held[e] += n
                taken[e] += n
        if not covers(me.tokens, given):  # more given than held at the start
            return "a token received in this trade was given away"
        if not self.trade_back and any(given[e] and taken[e] for e in self.elements):
            return "a trade took an element it gives (rules.trade_back)"
        return ""

    def _can(self, kind: str) -> bool:
        me, rules = self.me, self.rules
        if ACTION_OF.get(kind, kind) not in self.actions:
            return False  # the turn does not offer it at all
        if kind == "draw":
            return self.can_draw()
        if kind == "trade":
            return any(not self._trade_fault(((give, get),))
                       for give in picks(me.tokens, rules.trade_give)
                       for get in picks({e: self.zone[e] + give.get(e, 0)
                                         for e in self.elements}, rules.trade_get))
        if kind == "procure":
            return any(space and self.placement_cells(space[-1])
                       and covers(me.tokens, self.cost(space[-1]))
                       for space in self.spaces.values())
        if kind == "blind":
            return bool(self.stack) and total(me.tokens) >= rules.blind_cost
        if kind == "move":
            return len(self.reachable(me)) > 1
        if kind == "refresh":
            return any(self.spaces.values())
        return me.at not in me.sealed and covers(me.tokens, self.cost(me.world[me.at]))

    def legal_kinds(self) -> set[str]:
        """The kinds of turn the player to move may take; {"pass"} only when none."""
        return {k for k in KINDS if self._can(k)} or {"pass"}

    def fault(self, turn: Turn) -> str:
        """Why the book forbids this choice of turn ('' when it allows it). Chance and the
        player's discards are checked when the turn is played."""
        kinds = self.legal_kinds()
        if turn.kind not in kinds:
            return f"{turn.kind} is not legal now (legal: {sorted(kinds)})"
        me, space = self.me, self.spaces.get(turn.space)
        if turn.kind == "trade":
            return self._trade_fault(turn.exchanges)
        if turn.kind == "procure":
            if not space:
                return f"face-up space {turn.space!r} has no tile"
            if not covers(me.tokens, self.cost(space[-1])):
                return "the Oink cannot pay for the top tile"
            if turn.cell not in self.placement_cells(space[-1]):
                return f"the top tile cannot go in cell {turn.cell}"
        if turn.kind == "blind" and (total(turn.payment) != self.rules.blind_cost
                                     or not covers(me.tokens, turn.payment)):
            return f"a blind procure pays any {self.rules.blind_cost} tokens held"
        if turn.kind == "move" and (turn.cell == me.at or turn.cell not in self.reachable(me)):
            return f"the Oink cannot reach cell {turn.cell}"
        if turn.kind == "refresh" and not space:
            return f"face-up space {turn.space!r} has no tile"
        return ""

    # -- playing a turn --------------------------------------------------------------

    def play(self, turn: Turn) -> None:
        """Carry out a turn the book allows (BookError otherwise); then the next player."""
        why = self.fault(turn)
        if why:
            raise BookError(why)
        me = self.me
        if turn.kind == "draw":
            self._draw(turn.drawn)
            self._discard(turn.discard)
        elif turn.kind == "trade":
            for give, get in turn.exchanges:
                self._pay(me.tokens, give, self.zone)
                self._pay(self.zone, get, me.tokens)
            self._discard(turn.discard)
        elif turn.kind == "procure":
            tile = self.spaces[turn.space].pop()
            self._pay(me.tokens, self.cost(tile), self.zone)
            self._place(tile, turn.cell)
        elif turn.kind == "blind":
            self._blind(turn)
        elif turn.kind == "move":
            me.at = turn.cell
        elif turn.kind == "refresh":
            self.stack.append(self.spaces[turn.space].pop())  # face down on top of O
        elif turn.kind == "seal":
            into = self.zone if self.seal_into == "trade_zone" else self.on_seals
            self._pay(me.tokens, self.cost(me.world[me.at]), into)
            me.sealed.add(me.at)
        self._fill_spaces()
        self.turns += 1
        if not self.over and self.turns == self.rounds * len(self.seats):
            self.over = self.backstop = True  # the last round is over
        if not self.over:
            self.current = (self.current + 1) % len(self.seats)

    def _pay(self, source: Tokens, tokens: Tokens, into: Tokens) -> None:
        if not covers(source, tokens):
            raise BookError(f"cannot pay {tokens} out of {source}")
        for e, n in tokens.items():
            source[e] -= n
            into[e] += n

    def _draw(self, drawn: Tokens) -> None:
        """Draw `rules.draw_count` tokens; `drawn` says which came out. When the bag is
        empty (before the draw, or the moment its last token comes out) it is refilled
        from the trade zone at once and the draw goes on.

        The book refills "when the bag is empty" and, if the trade zone then has nothing
        to give, says you "cannot Draw until tokens come back to the trade zone". This
        reads it as: the bag is refilled as it runs out, and again by the next Draw that
        finds it empty, not by every payment made while it lies empty."""
        left, still = self.rules.draw_count, dict(drawn)
        if not total(self.bag):
            self._refill_bag()
        while left and total(self.bag):
            # The bag's last tokens all come out if the draw needs them all; otherwise
            # the rest of what was drawn must have come from this bag.
            if total(self.bag) <= left:
                take = dict(self.bag)
            elif total(still) == left:
                take = dict(still)
            else:
                raise BookError(f"drew {drawn}; the book draws {self.rules.draw_count}")
            if not covers(still, take):
                raise BookError(f"drew {drawn}; the bag {self.bag} cannot give that")
            self._pay(self.bag, take, self.me.tokens)
            for e, n in take.items():
                still[e] -= n
            left -= total(take)
            if not total(self.bag):
                self._refill_bag()
        if total(still):
            raise BookError(f"drew {drawn}; the book draws {self.rules.draw_count - left}")

    def _refill_bag(self) -> None:
        """The trade zone's tokens go into the bag, but it keeps `trade_zone_start` of each
        element (as far as it has them)."""
        keep = self.rules.trade_zone_start
        back = {e: max(0, n - keep) for e, n in self.zone.items()}
        if total(back):
            self._pay(self.zone, back, self.bag)
            self.refills += 1

    def _discard(self, chosen: Tokens) -> None:
        """Down to the Oink's capacity, the tokens the player chose, into the trade zone."""
        excess = total(self.me.tokens) - self.rules.oink_capacity
        if total(chosen) != max(0, excess):
            raise BookError(f"discarded {chosen}; the book discards {max(0, excess)}")
        self._pay(self.me.tokens, chosen, self.zone)

    def _blind(self, turn: Turn) -> None:
        """Pay, reveal the bottom tile of O; place it where the player chose, if it may go
        there, or put it face down on top of O."""
        self._pay(self.me.tokens, turn.payment, self.zone)
        tile = self.stack.pop(0)
        if turn.cell is None:
            self.stack.append(tile)  # cannot be placed, or the player declined it
        elif turn.cell in self.placement_cells(tile):
            self._place(tile, turn.cell)
        else:
            raise BookError(f"the revealed tile cannot go in cell {turn.cell}")

    def _place(self, tile: int, cell: Cell) -> None:
        """The tile joins the world; the Oink stays; a complete world ends the game."""
        self.me.world[cell] = tile
        if self.connected(self.me) >= self.rules.end_tiles:
            self.over = True

    def _fill_spaces(self) -> None:
        """An empty face-up space takes the bottom tile of O, face up (in table order,
        should several be empty: the book does not say which goes first)."""
        for space in self.spaces.values():
            if not space and self.stack:
                space.append(self.stack.pop(0))

    # -- the end ---------------------------------------------------------------------

    def connected(self, seat: Seat) -> int:
        """The most tiles of the world joined to each other through shared insignias."""
        best, done = 0, set()
        for cell in seat.world:
            if cell not in done:
                group = self.reachable(Seat(seat.oink, {}, seat.world, cell))
                done |= group
                best = max(best, len(group))
        return best

    def score(self, seat: Seat) -> int:
        """Points per insignia: a sealed tile's score `score_match` for the Oink's element,
        `score_other` for the others; an unsealed tile's score `score_unsealed`."""
        rules, points = self.rules, 0
        for cell, tile in seat.world.items():
            for e in self.insignias[tile]:
                if cell not in seat.sealed:
                    points += rules.score_unsealed
                else:
                    points += rules.score_match if e == seat.oink else rules.score_other
        return points

    def scores(self) -> tuple[int, ...]:
        """Every player's points, in seat order."""
        return tuple(self.score(seat) for seat in self.seats)

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points: tied players all win."""
        found = self.scores()
        return tuple(s for s, v in enumerate(found) if v == max(found))


def setup_faults(book: Book, game: Game) -> list[str]:
    """Where a freshly set-up table differs from the book's setup ('Setting up')."""
    rules, found = book.rules, []
    elements = [seat.oink for seat in book.seats]
    if len(set(elements)) != len(elements) or not set(elements) <= {o.element
                                                                    for o in game.oinks}:
        found.append(f"each player gets an Oink of their own, not {elements}")
    for s, seat in enumerate(book.seats):
        if total(seat.tokens) != rules.starting_tokens:
            found.append(f"seat {s} starts with {rules.starting_tokens} tokens")
        if list(seat.world) != [seat.at] or seat.sealed:
            found.append(f"seat {s} starts with one unsealed tile, the Oink on it")
    for e in book.elements:
        held = sum(seat.tokens[e] for seat in book.seats)
        if book.bag[e] + book.zone[e] + held != game.tokens.count(e):
            found.append(f"{e}: the bag, the trade zone and the Oinks hold every token")
        if book.zone[e] != rules.trade_zone_start and book.bag[e]:
            found.append(f"{e}: the trade zone opens with {rules.trade_zone_start}")
    tiles = [t for space in book.spaces.values() for t in space] + book.stack
    tiles += [t for seat in book.seats for t in seat.world.values()]
    if sorted(tiles) != list(range(len(book.insignias))):
        found.append("every tile is on the table exactly once")
    # As evenly as possible; the book suggests the tiles left over go to the face-up
    # spaces in table order, so O never has more than the last face-up space.
    piles = [len(space) for space in book.spaces.values()] + [len(book.stack)]
    size, extra = divmod(sum(piles), len(piles))
    if piles != [size + 1] * extra + [size] * (len(piles) - extra):
        found.append(f"the spaces split as evenly as possible, extras first: {piles}")
    return found
