"""Parity: seeded simulator games replayed turn by turn against the book's own rules.

The real engine plays each game exactly as `generator.sim.game.play_game` does. Beside
it, `book_rules` (a small reading of the rulebook that shares no code with the engine)
replays every turn. From the engine it takes only what the book leaves to chance or to
the player: the tokens drawn from the bag, the tokens discarded, whether and where a
revealed tile went. Before each turn both must agree on which kinds of action are
legal, the book must allow the action chosen, and after it the whole table must be the
same. At the end the scores and winners must be the same.
"""

from __future__ import annotations

import dataclasses
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from book_rules import Book, BookError, Seat, Turn, setup_faults, total

from generator.load.content import load_content
from generator.sim import engine
from generator.sim.actions import Legal, Trade
from generator.sim.game import SCORED, TURN_CAP, play_game, setup, stopped
from generator.sim.players import RandomPlayer
from generator.sim.registry import PLAYERS
from generator.sim.state import EMPTY
from generator.sim.tables import build_table

CONTENT = Path(__file__).resolve().parents[2] / "content"


class Mismatch(AssertionError):
    """The engine did something the book's rules do not."""


class Decliner(RandomPlayer):
    """A random player that leaves half the placeable tiles a blind procure reveals.

    No shipped kind of player ever declines such a tile, so without this one the book's
    "you *may* place it" (and the tile going back on top of O) would go unplayed."""

    name = "decliner"

    def place(self, state, tile, cells, rng):
        """No cell half the time (the tile goes back on top of O), else any offered."""
        return None if rng.random() < 0.5 else super().place(state, tile, cells, rng)


KIND = {**PLAYERS, "decliner": Decliner}

# Seats by kind of player, and the seeds each plays. Search looks ahead with rollouts,
# so it plays few games; the random and declining players reach the rare corners
# (discards, bag refills, emptied spaces), the greedy ones play as a person might.
GAMES = [
    *((("greedy", "greedy"), s) for s in range(1, 9)),
    *((("random", "random"), s) for s in range(1, 5)),
    *((("decliner", "greedy"), s) for s in range(1, 4)),
    *((("greedy", "random", "greedy"), s) for s in range(1, 5)),
    *((("random",) * 3, s) for s in range(1, 3)),
    (("random", "decliner", "random"), 1),
    *((("random",) * 4, s) for s in range(1, 4)),  # in 3 the bag runs out partway, a Draw
    (("greedy", "decliner", "random", "greedy"), 1),
    *((("greedy",) * 4, s) for s in (1, 8)),  # in 8 two spaces are empty and O is bare
    (("search", "greedy"), 1),
    (("random", "search", "greedy"), 2),
]

# Every way a turn can go that the book describes; each must happen in some game.
PATHS = ("draw", "trade", "procure", "blind placed", "blind declined", "blind unplaceable",
         "move", "refresh", "seal", "discard", "bag refill", "refill mid-draw")


class Recorder:
    """Hands the engine's questions to the player and notes what was asked and answered."""

    def __init__(self, player):
        self.player = player
        self.offered: list[int] | None = None  # cells offered for a revealed tile
        self.placed: int | None = None
        self.dropped: tuple[int, ...] = ()

    def place(self, state, tile, cells, rng):
        """The player's cell for a revealed tile (None: leave it)."""
        self.offered = list(cells)
        self.placed = self.player.place(state, tile, cells, rng)
        return self.placed

    def discard(self, state, excess, rng):
        """The player's discards down to the capacity."""
        self.dropped = tuple(self.player.discard(state, excess, rng))
        return self.dropped


def as_tokens(table, counts) -> dict[str, int]:
    """Engine counts (by element index) as the book's counts by element id."""
    return dict(zip(table.elements, counts, strict=True))


def as_cell(table, cell: int) -> tuple[int, int]:
    """An engine cell number as the book's (row, column)."""
    return divmod(cell, table.rules.grid_columns)


def mirror(game, table, state) -> Book:
    """The book's table set up exactly as the engine's setup left it."""
    # Both number tiles by their place in Game.deck and elements in content order.
    assert table.tile_ids == tuple(t.id for t in game.deck)
    assert table.elements == game.element_ids
    seats = [Seat(oink=table.elements[p.oink], tokens=as_tokens(table, p.tokens),
                  world={as_cell(table, c): t for c, t in enumerate(p.grid) if t != EMPTY},
                  at=as_cell(table, p.cell),
                  sealed={as_cell(table, c) for c, s in enumerate(p.sealed) if s})
             for p in state.players]
    spaces = dict(zip(table.rules.face_up_spaces, state.spaces, strict=True))
    return Book(game, as_tokens(table, state.bag), as_tokens(table, state.zone), spaces,
                list(state.stack), seats, state.current)


def engine_view(table, state) -> dict[str, object]:
    """The engine's whole table, in the book's terms."""
    view: dict[str, object] = {
        "bag": as_tokens(table, state.bag), "trade zone": as_tokens(table, state.zone),
        "tokens on seals": as_tokens(table, state.sealed_tokens),
        "face-up spaces": [list(space) for space in state.spaces],
        "stack O": list(state.stack), "player to move": state.current, "over": state.over}
    for s, p in enumerate(state.players):
        view[f"seat {s} Oink"] = (table.elements[p.oink], as_tokens(table, p.tokens),
                                  as_cell(table, p.cell))
        view[f"seat {s} world"] = {as_cell(table, c): t for c, t in enumerate(p.grid)
                                   if t != EMPTY}
        view[f"seat {s} sealed"] = {as_cell(table, c) for c, v in enumerate(p.sealed) if v}
    return view


def book_view(book: Book) -> dict[str, object]:
    """The book's whole table, keyed as `engine_view`."""
    view: dict[str, object] = {
        "bag": book.bag, "trade zone": book.zone, "tokens on seals": book.on_seals,
        "face-up spaces": list(book.spaces.values()), "stack O": book.stack,
        "player to move": book.current, "over": book.over}
    for s, seat in enumerate(book.seats):
        view[f"seat {s} Oink"] = (seat.oink, seat.tokens, seat.at)
        view[f"seat {s} world"] = seat.world
        view[f"seat {s} sealed"] = seat.sealed
    return view


def same(book: Book, table, state, where: str, skip=()) -> None:
    """Raise Mismatch naming every part of the table where the two differ."""
    ours, theirs = book_view(book), engine_view(table, state)
    differ = [f"{k}: book {ours[k]} engine {theirs[k]}" for k in ours
              if k not in skip and ours[k] != theirs[k]]
    if differ:
        raise Mismatch(f"{where}: " + "; ".join(differ))


def turn_of(table, action, held: list[int], state, asked: Recorder) -> Turn:
    """The engine's action as a book turn, with the chance and the choices it met."""
    kind, names = action.kind, table.rules.face_up_spaces
    dropped = as_tokens(table, asked.dropped or [0] * len(held))
    if kind == "draw":  # what the Oink gained, plus what it let go, came out of the bag
        drawn = {e: after - before + dropped[e] for e, after, before
                 in zip(table.elements, state.me.tokens, held, strict=True)}
        return Turn("draw", drawn=drawn, discard=dropped)
    if kind == "trade":
        return Turn("trade", discard=dropped, exchanges=tuple(
            (as_tokens(table, give), as_tokens(table, get)) for give, get in action.exchanges))
    if kind == "procure":
        return Turn("procure", space=names[action.space], cell=as_cell(table, action.cell))
    if kind == "blind":
        cell = None if asked.placed is None else as_cell(table, asked.placed)
        return Turn("blind", payment=as_tokens(table, action.payment), cell=cell)
    if kind == "move":
        return Turn("move", cell=as_cell(table, action.cell))
    if kind == "refresh":
        return Turn("refresh", space=names[action.space])
    return Turn(kind)


def paths_of(turn: Turn, asked: Recorder, bag: int, refilled: bool, book: Book) -> list[str]:
    """The ways this turn went (PATHS and a few more); `bag` is how many tokens the bag
    held before it, `refilled` whether the bag took tokens back from the trade zone."""
    found = [turn.kind]
    if turn.kind == "blind":
        found = ["blind placed" if turn.cell is not None else
                 "blind declined" if asked.offered else "blind unplaceable"]
    if turn.kind == "draw" and not bag:
        found.append("draw from an empty bag")
    if turn.kind == "draw" and refilled and 0 < bag < book.rules.draw_count:
        found.append("refill mid-draw")  # ran out partway, refilled, drew on
    given = {e for give, _ in turn.exchanges for e, n in give.items() if n}
    if any(n and e in given for _, get in turn.exchanges for e, n in get.items()):
        found.append("trade back")  # took an element it gave
    if total(turn.discard):
        found.append("discard")
    if refilled:
        found.append("bag refill")
    if not book.can_draw():
        found.append("no draw possible")
    return found


def replay(game, table, kinds: tuple[str, ...], seed: int) -> tuple[int, Counter]:
    """Play one seeded game as play_game does, checking every turn against the book;
    return the turns played and how often each path went. Raise Mismatch on any
    difference. `table` is the engine's; the book reads `game` itself."""
    players = [KIND[k]() for k in kinds]
    rng = random.Random(seed)
    prng = random.Random(rng.getrandbits(64))  # as play_game derives the players' one
    state = setup(table, players, rng, prng)
    book, where = mirror(game, table, state), f"{'/'.join(kinds)} seed {seed}"
    faults = setup_faults(book, game)
    if faults:
        raise Mismatch(f"{where}, setup: {faults}")
    same(book, table, state, f"{where}, after setup")
    paths, passes, end, seats = Counter(), 0, TURN_CAP, len(players)
    while state.turn < table.rules.turn_cap:
        at = f"{where}, turn {state.turn + 1} (seat {state.current})"
        theirs, ours = set(Legal(state).by_kind()), book.legal_kinds()
        if theirs != ours:
            raise Mismatch(f"{at}: legal kinds: engine {sorted(theirs)}, book {sorted(ours)}")
        player = players[state.current]
        action = player.choose(state, Legal(state), prng)
        held, refills, bag = list(state.me.tokens), book.refills, total(book.bag)
        revealed = book.stack[0] if book.stack else None
        asked = Recorder(player)
        # The choice itself is judged before the engine plays it (chance and the player's
        # answers to the engine's questions are checked as the book plays the turn).
        why = book.fault(turn_of(table, action, held, state, asked))
        if why:
            raise Mismatch(f"{at}: the engine offered {action}; the book forbids it: {why}")
        engine.apply(state, action, asked, prng)
        turn = turn_of(table, action, held, state, asked)
        if turn.kind == "blind":  # the cells offered for the tile are the book's too
            offered = sorted(as_cell(table, c) for c in asked.offered or ())
            if offered != sorted(book.placement_cells(revealed)):
                raise Mismatch(f"{at}: revealed tile {revealed} offered {offered}, book "
                               f"{sorted(book.placement_cells(revealed))}")
        try:
            book.play(turn)
        except BookError as exc:
            raise Mismatch(f"{at}: {action}: {exc}") from None
        paths.update(paths_of(turn, asked, bag, book.refills > refills, book))
        state.turn += 1
        passes = passes + 1 if action.kind == "pass" else 0
        stop = stopped(state, passes)  # the engine's loop: the world, the backstop, passes
        if not stop:
            state.current = (state.current + 1) % seats
        # A deadlock is the simulator giving up, no rule of the book: it does not move on.
        same(book, table, state, at, skip=("player to move",) if stop else ())
        if stop:
            end = stop
            break
    result = play_game(table, [KIND[k]() for k in kinds], seed)
    if (result.turns, result.end) != (state.turn, end):  # else this was not play_game's game
        raise Mismatch(f"{where}: play_game played {result.turns} turns to {result.end!r}, "
                       f"the replay {state.turn} to {end!r}")
    if book.over != (end in SCORED) or book.scores() != result.scores:
        raise Mismatch(f"{where}: end {end!r}, scores {result.scores}; the book: over "
                       f"{book.over}, scores {book.scores()}")
    if book.over and book.winners() != result.winners:
        raise Mismatch(f"{where}: winners {result.winners}, the book's {book.winners()}")
    return state.turn, paths


_DONE: dict[tuple, tuple[int, Counter] | Mismatch] = {}


def outcome(game, table, kinds, seed) -> tuple[int, Counter] | Mismatch:
    """A shipped game's replay, played once however many tests ask for it."""
    key = (kinds, seed)
    if key not in _DONE:
        try:
            _DONE[key] = replay(game, table, kinds, seed)
        except Mismatch as exc:
            _DONE[key] = exc
    return _DONE[key]


@pytest.mark.slow
@pytest.mark.parametrize(("kinds", "seed"), GAMES,
                         ids=[f"{'-'.join(k)}-{s}" for k, s in GAMES])
def test_engine_plays_by_the_book(shipped_game, table, kinds, seed):
    """Every turn of the game is legal by the book and leaves the book's table."""
    found = outcome(shipped_game, table, kinds, seed)
    if isinstance(found, Mismatch):
        raise found


@pytest.mark.slow
def test_every_path_of_a_turn_is_replayed(shipped_game, table):
    """The games go down every path of a turn the book describes, so none is untested."""
    seen: Counter = Counter()
    for kinds, seed in GAMES:
        found = outcome(shipped_game, table, kinds, seed)
        if not isinstance(found, Mismatch):
            seen.update(found[1])
    assert not [p for p in PATHS if not seen[p]], dict(seen)


def top_of_o_refill(state) -> None:
    """A wrong refill: an empty face-up space takes the *top* tile of O."""
    for space in state.spaces:
        if not space and state.stack:
            space.append(state.stack.pop())


def test_a_wrong_refill_is_caught(shipped_game, table, monkeypatch):
    """The replay fails when the engine breaks one rule: refilling from the top of O (seed
    2 empties a face-up space before the backstop ends the game)."""
    monkeypatch.setattr(engine, "refill_spaces", top_of_o_refill)
    with pytest.raises(Mismatch, match=r"stack O|face-up"):
        replay(shipped_game, table, ("random", "random"), 2)


def test_a_wrong_capacity_is_caught(shipped_game, table):
    """The replay fails when the engine reads one rule number wrong (an Oink of 7)."""
    rules = dataclasses.replace(table.rules, oink_capacity=table.rules.oink_capacity + 1)
    with pytest.raises(Mismatch, match="discard"):
        replay(shipped_game, dataclasses.replace(table, rules=rules), ("random", "random"), 1)


# Rules the designer may change: edits of the content (file, dotted key, value) and the
# paths of a turn the replayed games must then go down. The book says what each rule
# means, the reference reads it from the content, and the engine must follow. Scarce
# tokens reach what the shipped supply of 30 an element never does: a draw from an
# empty bag, a bag that stays empty (no Draw), and with no Refresh either, a pass.
NO_REFRESH = ["draw", "trade", "procure", "move", "seal"]
VARIANTS = {
    "seal-to-zone": ([("game.yaml", "rules.seal.tokens", "trade_zone")], ("seal",)),
    "trade-back": ([("game.yaml", "rules.trade_back.allowed", True)], ("trade back",)),
    "no-refresh": ([("game.yaml", "rules.turn.actions", NO_REFRESH)], ("move",)),
    "numbers": ([("game.yaml", f"rules.{key}", value) for key, value in (
        ("oink.capacity", 5), ("draw.tokens", 2), ("trade.give", 3), ("procure.blind_cost", 3),
        ("setup.trade_zone_per_element", 2), ("world.end_tiles", 8), ("scoring.match", 3))],
        ("discard", "trade", "blind placed")),
    "scarce-tokens": ([("tiles.yaml", "tokens.per_element", 6)],
                      ("draw from an empty bag", "refill mid-draw", "no draw possible")),
    "scarce-no-refresh": ([("tiles.yaml", "tokens.per_element", 4),
                           ("game.yaml", "rules.turn.actions", NO_REFRESH)], ("pass",)),
}
VARIANT_GAMES = [(("random", "random"), 1), (("decliner", "greedy", "random"), 1),
                 (("greedy", "greedy"), 3)]


def changed_game(folder: Path, edits):
    """The shipped content copied into `folder` with `edits` made, loaded."""
    shutil.copytree(CONTENT, folder)
    for name, key, value in edits:
        path = folder / name
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        *outer, last = key.split(".")
        node = data
        for part in outer:
            node = node[part]
        assert last in node, key  # an edit of a key the content does not have edits nothing
        node[last] = value
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                        encoding="utf-8")
    loaded = load_content(folder)
    assert loaded.game is not None, [d.format() for d in loaded.diagnostics]
    return loaded.game


@pytest.mark.parametrize("name", list(VARIANTS))
def test_changed_rules_replay_by_the_book(tmp_path, name):
    """With a rule changed in the content, the engine still plays as the book says."""
    edits, wanted = VARIANTS[name]
    game = changed_game(tmp_path / "content", edits)
    seen: Counter = Counter()
    for kinds, seed in VARIANT_GAMES:
        seen.update(replay(game, build_table(game), kinds, seed)[1])
    assert not [p for p in wanted if not seen[p]], dict(seen)


# -- Trade with trade_back allowed, on tables built for it ------------------------------
# No player ever makes these trades (the random one makes single exchanges, the greedy
# one never gives what it took), so the replays above cannot meet them.


@pytest.fixture(scope="module")
def trade_back_game(tmp_path_factory):
    """The shipped content with `trade_back.allowed: true`."""
    folder = tmp_path_factory.mktemp("trade_back") / "content"
    return changed_game(folder, [("game.yaml", "rules.trade_back.allowed", True)])


def built_table(game, held: list[int], zone: list[int] | None = None):
    """A two-player game just set up, its first player holding `held` and the trade
    zone `zone` (the tokens needed or left over come from or go to the bag), with the
    book's table mirrored from it."""
    table = build_table(game)
    players = [KIND["random"](), KIND["random"]()]
    state = setup(table, players, random.Random(5), random.Random(6))
    for counts, wanted in ((state.me.tokens, held), (state.zone, zone or state.zone)):
        for e, n in enumerate(list(wanted)):
            state.bag[e] += counts[e] - n
            counts[e] = n
    return table, state, mirror(game, table, state)


def test_trade_back_takes_an_element_it_gives(trade_back_game):
    """Give fire and water, take fire back: the book allows it, the engine plays it alike."""
    table, state, book = built_table(trade_back_game, [1, 1, 0, 0])
    action = Trade((((1, 1, 0, 0), (1, 0, 0, 0)),))
    turn = turn_of(table, action, list(state.me.tokens), state, Recorder(None))
    assert book.fault(turn) == ""
    engine.apply(state, action, Recorder(None), random.Random(0))
    book.play(turn)
    same(book, table, state, "after the trade", skip=("player to move",))


def test_trade_back_from_an_empty_trade_zone(trade_back_game):
    """With nothing in the trade zone, a take-back trade is still a legal Trade."""
    _, state, book = built_table(trade_back_game, [1, 1, 1, 0], zone=[0, 0, 0, 0])
    assert "trade" in book.legal_kinds()
    assert set(Legal(state).by_kind()) == book.legal_kinds()


def test_trade_back_never_gives_away_a_token_received(trade_back_game):
    """Take earth in one exchange and give it in the next: the book refuses that trade."""
    table, state, book = built_table(trade_back_game, [2, 1, 0, 0])
    action = Trade((((1, 1, 0, 0), (0, 0, 1, 0)), ((1, 0, 1, 0), (0, 0, 0, 1))))
    turn = turn_of(table, action, list(state.me.tokens), state, Recorder(None))
    assert book.fault(turn) == "a token received in this trade was given away"
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, action, Recorder(None), random.Random(0))
