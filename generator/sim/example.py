"""The rulebook's example of play: which seeded game it shows, and which of its turns.

The example is one whole game for the fewest players, played by the simulator to its
end. The book pictures the first turn of every action a turn offers (a face-up procure
and a blind one that places its tile counted apart), then the last turn and the final
scoring; the turns between are summed up in a sentence. A seed whose game lacks one of
those (or stops without a completed world) makes a poorer example: `missing` names what
it lacks, and `search_seed` finds the seed of the shortest game that lacks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.core.digest import digest
from generator.core.memo import Memo
from generator.core.model import Game
from generator.core.paths import anchored_text
from generator.load.digests import code_digest
from generator.sim.playlog import LoggedTurn, PlayLog, turn_log
from generator.sim.tables import build_table

SEARCH_SEEDS = 60  # seeds `search_seed` tries: a sound rule set shows every action in
# several of them, and a validate that warns plays no more than these
_SHOWN_AS = {"procure": ("procure", "blind")}  # a turn's action -> the kinds it plays as
# What `missing` names, in a designer's words.
LACK_NAMES = {"draw": "Draw", "trade": "Trade", "procure": "face-up Procure",
              "blind": "blind Procure that places its tile", "move": "Move",
              "refresh": "Refresh", "seal": "Seal", "the end": "end (no world completed)"}


def wanted_kinds(game: Game) -> tuple[str, ...]:
    """The kinds of turn the example must show: every action the rules offer (a procure
    twice, face up and blind), in the order the rulebook describes them."""
    return tuple(k for a in game.rules.actions for k in _SHOWN_AS.get(a, (a,)))


def _shows(turn: LoggedTurn, kind: str) -> bool:
    """True when the turn plays `kind` in full: a blind procure must place its tile."""
    return turn.action.kind == kind and (kind != "blind" or turn.placed_cell >= 0)


def shown_turns(log: PlayLog, kinds: tuple[str, ...]) -> tuple[int, ...]:
    """The numbers of the turns the book pictures: the first of each kind, and the last
    turn of a finished game (the one that ends it)."""
    shown = {next(t.number for t in log.turns if _shows(t, k))
             for k in kinds if any(_shows(t, k) for t in log.turns)}
    if log.finished:
        shown.add(log.turns[-1].number)
    return tuple(sorted(shown))


def missing(log: PlayLog, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """What the game lacks for a full example: kinds of turn never played, and "the end"
    when no world was completed."""
    lacks = tuple(k for k in kinds if not any(_shows(t, k) for t in log.turns))
    return lacks + (() if log.finished else ("the end",))


def configured_seed(game: Game) -> int:
    """The seed game.yaml names for the example (`simulation.example_seed`)."""
    section = game.rules.section("simulation")
    seed = section.get("example_seed", 0) if section else 0
    if not isinstance(seed, int):  # the schema reads only a whole number
        raise TypeError(f"simulation.example_seed is {seed!r}, not a whole number")
    return seed


@dataclass(frozen=True)
class Example:
    """The example of play: the game's log and the numbers of the turns the book tells."""

    log: PlayLog
    shown: tuple[int, ...]


def example_of_play(game: Game) -> Example:
    """The rulebook's example of play: the whole game of `simulation.example_seed`, with
    the fewest players the rules allow, and the turns it tells."""
    log = whole_game(game, configured_seed(game))
    return Example(log, shown_turns(log, wanted_kinds(game)))


def remembered_example(game: Game, memo: Memo) -> Example:
    """`example_of_play`, kept in `memo` under what the engine plays (its table but for
    the tiles' printed names) and the seed: a tile's name or flavour, or a language,
    plays the game again no more (it was played for each language, twice, every build
    that laid out the book). The log holds this game's table, names and all."""
    table = build_table(game)
    # (where the content lies is no part of the game played: a copy elsewhere plays it)
    played = anchored_text(repr(replace(table, design_names=())), game.resolved_dirs)
    key = digest("example of play", code_digest(), played, str(configured_seed(game)))
    example = memo.get(key, lambda: example_of_play(game))
    return replace(example, log=replace(example.log, table=table))


def whole_game(game: Game, seed: int) -> PlayLog:
    """The log of the seeded game for the fewest players, to its end or the turn cap."""
    return turn_log(game, seed, max(game.rules.players_min, 2), game.rules.turn_cap)


def search_seed(game: Game, count: int = SEARCH_SEEDS) -> int | None:
    """The seed, of the first `count`, whose game shows everything in the fewest turns
    (None when none does)."""
    kinds, best = wanted_kinds(game), None
    for seed in range(count):
        log = whole_game(game, seed)
        if not missing(log, kinds) and (best is None or len(log.turns) < best[0]):
            best = (len(log.turns), seed)
    return None if best is None else best[1]
