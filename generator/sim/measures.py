"""What each game measures, for tables that compare rules: the sweep's columns.

Every measure is a whole number a game (a count or a yes/no), so a run keeps only its
sum and its sum of squares (`generator.sim.tally`), which add up exactly across batches,
and gives a mean with a 95 % interval. In a sweep each game is played under every
variant with the same seed, so a variant's difference from the current rules is a mean
of per-game differences: pairing cancels most of the luck of the deal, and a small
effect shows in far fewer games than two separate runs would need.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from generator.sim.actions import KINDS
from generator.sim.game import GameResult
from generator.sim.intervals import Z95

TRADE = KINDS.index("trade")


@dataclass(frozen=True)
class Measure:
    """One column: its key, its heading, its unit, and its value in a game."""

    key: str
    heading: str
    words: str  # what it is in a sentence ("turns a player")
    unit: str  # "%" for a yes/no (shown as a percentage); else what is counted
    of: Callable[[GameResult], int]
    per_player: bool = False  # shown divided by the players (turns a player)
    direct: bool = False  # a rule's direct effect (what a rule change acts on first)

    def scale(self, seats: int) -> float:
        """The factor from the per-game count to what the table shows."""
        return 100.0 if self.unit == "%" else (1 / seats if self.per_player else 1.0)


def _ranked(r: GameResult) -> list[int]:
    return sorted(r.scores, reverse=True)


MEASURES = (
    Measure("turns", "turns/player", "turns a player", "turns", lambda r: r.turns,
            per_player=True),
    Measure("finished", "finished", "games finished", "%", lambda r: int(r.finished)),
    Measure("ties", "ties", "games tied for first", "%",
            lambda r: int(r.finished and len(r.winners) > 1)),
    Measure("winner_points", "winner pts", "the winner's points", "points",
            lambda r: _ranked(r)[0]),
    Measure("margin", "margin", "the winner's lead over the second", "points",
            lambda r: _ranked(r)[0] - _ranked(r)[1]),
    Measure("discards", "discards", "tokens discarded a game", "tokens",
            lambda r: r.discarded, direct=True),
    Measure("trades", "trades", "trades a game", "trades", lambda r: r.actions[TRADE],
            direct=True),
    Measure("bag_dry", "bag dry", "turns the bag lacks an element (each counted)", "turns",
            lambda r: sum(r.bag_dry), direct=True),
    Measure("no_procure", "no procure", "turns with no procure possible", "turns",
            lambda r: sum(r.blocked), direct=True),
)
BY_KEY = {m.key: m for m in MEASURES}


@dataclass(frozen=True)
class Estimate:
    """A mean (or a mean difference) a game, in the table's units, and its 95 %
    interval."""

    mean: float
    low: float
    high: float

    @property
    def half(self) -> float:
        """Half the interval's width: how far the mean may be off."""
        return (self.high - self.low) / 2

    @property
    def clear(self) -> bool:
        """True when the interval leaves out zero (a difference that shows)."""
        return self.low > 0 or self.high < 0


def values(r: GameResult) -> tuple[int, ...]:
    """One game's measures, in the order of MEASURES."""
    return tuple(m.of(r) for m in MEASURES)


def sums(results: Sequence[GameResult]) -> tuple[dict[str, int], dict[str, int]]:
    """Each measure's sum and sum of squares over the games."""
    return _moments(values(r) for r in results)


def paired_sums(results: Sequence[GameResult], baseline: Sequence[GameResult]
                ) -> tuple[dict[str, int], dict[str, int]]:
    """Each measure's sum and sum of squares of the per-game difference from the same
    games (same seeds) played under the baseline's rules."""
    return _moments(tuple(x - y for x, y in zip(values(r), values(b), strict=True))
                    for r, b in zip(results, baseline, strict=True))


def _moments(rows: Iterable[tuple[int, ...]]) -> tuple[dict[str, int], dict[str, int]]:
    """Each column's sum and sum of squares, by measure key."""
    total, squares = [0] * len(MEASURES), [0] * len(MEASURES)
    for row in rows:
        for i, x in enumerate(row):
            total[i] += x
            squares[i] += x * x
    return dict(zip(BY_KEY, total, strict=True)), dict(zip(BY_KEY, squares, strict=True))


def estimates(total: Mapping[str, int], squares: Mapping[str, int], games: int,
              seats: int) -> dict[str, Estimate]:
    """Each measure's mean and 95 % interval in the table's units (none without games)."""
    if games < 1 or not total:
        return {}
    found = {}
    for m in MEASURES:
        mean = total.get(m.key, 0) / games
        variance = ((squares.get(m.key, 0) - games * mean * mean) / (games - 1)
                    if games > 1 else 0.0)
        half = Z95 * math.sqrt(max(0.0, variance) / games)
        k = m.scale(seats)
        found[m.key] = Estimate(round(mean * k, 4), round((mean - half) * k, 4),
                                round((mean + half) * k, 4))
    return found
