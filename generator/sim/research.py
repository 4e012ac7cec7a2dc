"""The metrics game researchers measure a game by (Ludii's evaluation metrics).

Each metric is a ratio of two whole numbers a game, summed over the games: the games
finished out of all games, the legal actions offered out of the turns played, the points
the eventual winner trailed by out of the positions of finished games. A run keeps the
sums, the sums of squares and the sum of products (`generator.sim.tally`), which add up
exactly across batches, and gives the ratio with a 95 % interval by the delta method (for a
plain mean a game, the denominator is 1 and this is the usual interval of a mean).

Ludii averages some metrics game by game (a game's drama is its own mean over its
positions); here every position of every game weighs the same, so a long game counts for
more. Definitions and sources: docs/simulation.md, "The game researchers' metrics".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from generator.sim.game import WIN_UNITS, GameResult
from generator.sim.intervals import Z95
from generator.sim.measures import Estimate

PARTS = ("x", "y", "xx", "yy", "xy")  # the sums a ratio keeps


def _one(r: GameResult) -> int:
    return 1


def _done(r: GameResult) -> int:
    return int(r.finished)


def _positions(r: GameResult) -> int:
    return r.race.positions if r.race else 0


def _winners_share(r: GameResult, per_seat: Callable[[int], int]) -> int:
    """The mean over a finished game's winners of `per_seat(seat)`, in WIN_UNITS."""
    if not r.finished or not r.winners:
        return 0
    return sum(per_seat(s) for s in r.winners) * (WIN_UNITS // len(r.winners))


@dataclass(frozen=True)
class Ratio:
    """One metric: the sum over games of `x` divided by the sum of `y`, times `scale`."""

    key: str
    words: str  # what it is, as the report says it
    source: str  # the metric of Ludii's evaluation it follows
    x: Callable[[GameResult], int]
    y: Callable[[GameResult], int]
    scale: float = 1.0
    percent: bool = False  # a share, shown as a percentage


METRICS = (
    Ratio("completion", "games that finish (not stalled)", "Completion", _done, _one,
          percent=True),
    Ratio("drawishness", "finished games tied for first", "Drawishness",
          lambda r: int(r.finished and len(r.winners) > 1), _done, percent=True),
    Ratio("first_player", "wins of the first seat (ties shared)", "AdvantageP1",
          lambda r: _winners_share(r, lambda s: s == 0), _done, 1 / WIN_UNITS, percent=True),
    Ratio("duration", "turns a game", "DurationTurns", lambda r: r.turns, _one),
    Ratio("decision_moves", "turns with more than one legal action", "DecisionMoves",
          lambda r: r.choices, lambda r: r.counted, percent=True),
    Ratio("branching_factor", "legal actions a turn", "BranchingFactor",
          lambda r: r.options, lambda r: r.counted),
    Ratio("lead_changes", "changes of leader a game", "LeadChange",
          lambda r: r.race.lead_changes if r.race else 0, _one),
    Ratio("drama", "points the eventual winner trails the leader by, a position",
          "Drama (average)",
          lambda r: _winners_share(r, lambda s: r.race.trailing[s] if r.race else 0),
          lambda r: _positions(r) if r.finished else 0, 1 / WIN_UNITS),
    Ratio("winner_behind", "positions at which the eventual winner trails", "Drama (moves)",
          lambda r: _winners_share(r, lambda s: r.race.behind[s] if r.race else 0),
          lambda r: _positions(r) if r.finished else 0, 1 / WIN_UNITS, percent=True),
    Ratio("score_difference", "best score minus worst, a position",
          "ScoreDifference (average)", lambda r: r.race.gap if r.race else 0, _positions),
)
BY_KEY = {m.key: m for m in METRICS}
# Balance comes from the seats' gap (`stats.Summary.seat_gap`), not from a ratio of sums.
BALANCE_WORDS = "balance: 1 - (best seat's win share - worst's)"
# Each metric with the keys of its sums, built once: every game of a run adds to them.
KEYED = tuple((m, tuple(f"{m.key}:{p}" for p in PARTS)) for m in METRICS)


def moments(results: Iterable[GameResult]) -> dict[str, int]:
    """For each metric, the sums of x, y, x*x, y*y and x*y over the games, keyed
    "metric:part"."""
    totals = dict.fromkeys((k for _, keys in KEYED for k in keys), 0)
    for r in results:
        for m, keys in KEYED:
            x, y = m.x(r), m.y(r)
            for key, v in zip(keys, (x, y, x * x, y * y, x * y), strict=True):
                totals[key] += v
    return totals


def ratio_estimate(sums: Mapping[str, int], key: str, games: int, scale: float,
                   z: float = Z95) -> Estimate | None:
    """The ratio sum(x) / sum(y) of a metric, times `scale`, with its delta-method
    interval over `games` games (None when no game counts towards it)."""
    x, y, xx, yy, xy = (sums.get(f"{key}:{p}", 0) for p in PARTS)
    if not y or games < 1:
        return None
    r = x / y
    # Each game's residual x - r*y has mean zero; its spread, over the mean y, is the
    # ratio's standard error.
    residuals = max(0.0, xx - 2 * r * xy + r * r * yy) / max(1, games - 1)
    half = z * math.sqrt(residuals / games) / (y / games)
    return Estimate(round(r * scale, 4), round((r - half) * scale, 4),
                    round((r + half) * scale, 4))


def metric_estimates(sums: Mapping[str, int], games: int) -> dict[str, Estimate]:
    """Every metric a run can give, by key, in the report's units (a share as 0..1)."""
    found = {}
    for m in METRICS:
        e = ratio_estimate(sums, m.key, games, m.scale)
        if e is not None:
            found[m.key] = e
    return found


def spread_of_duration(sums: Mapping[str, int], games: int) -> float:
    """The standard deviation of the turns a game (Ludii's DurationTurnsStdDev)."""
    if games < 2:
        return 0.0
    total, squares = sums.get("duration:x", 0), sums.get("duration:xx", 0)
    mean = total / games
    return round(math.sqrt(max(0.0, (squares - games * mean * mean) / (games - 1))), 3)
