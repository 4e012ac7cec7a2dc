"""Statistics over many games, as one frozen summary built from the games' results.

The summary depends only on the results in game order, never on how they were split
across processes, so the same seed always gives the same summary.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from generator.sim.actions import KINDS
from generator.sim.game import ENDINGS, GameResult
from generator.sim.tables import Table

HISTOGRAM_BIN = 10  # turns per bar of the turns histogram


@dataclass(frozen=True)
class Spread:
    """Mean, median and 90th percentile of a list of numbers."""

    mean: float
    median: float
    p90: float
    low: float
    high: float


@dataclass(frozen=True)
class Summary:
    """Everything `tkg simulate` reports."""

    games: int
    players: int
    seed: int
    player: str  # the kind of simulated player in every seat
    finished: int
    stalled: int
    turns: Spread
    turns_histogram: dict[str, int]  # "lo-hi" bins of `HISTOGRAM_BIN` turns -> games
    win_rate_by_seat: tuple[float, ...]  # shares of finished games; a tie splits the win
    winning_score: Spread  # finished games only
    score_margin: Spread  # winner minus runner-up, finished games only
    score_range: Spread  # best minus worst score, finished games only
    endings: dict[str, int]
    action_mix: dict[str, float]  # share of all actions played, by kind
    take_rate: dict[str, float]  # tile id -> share of games in which it was procured
    never_taken: tuple[str, ...]
    no_procure_rate: float  # share of turns on which the mover had no legal procure
    bag_dry_rate: dict[str, float]  # element -> share of turns starting with none in the bag
    sealed_tokens: dict[str, float]  # element -> mean tokens on seals at the end of a game

    def as_dict(self) -> dict:
        """Plain JSON-ready data."""
        return asdict(self)


def spread(values: Sequence[float]) -> Spread:
    """Mean, median, p90 (nearest rank), minimum and maximum; zeros when empty."""
    if not values:
        return Spread(0.0, 0.0, 0.0, 0.0, 0.0)
    ordered = sorted(values)
    rank = max(1, math.ceil(0.9 * len(ordered)))
    return Spread(round(statistics.fmean(ordered), 3), float(statistics.median(ordered)),
                  float(ordered[rank - 1]), float(ordered[0]), float(ordered[-1]))


def histogram(values: Sequence[int], width: int = HISTOGRAM_BIN) -> dict[str, int]:
    """Counts in bins of `width`, labelled "lo-hi", in order, empty bins included."""
    if not values:
        return {}
    low, high = min(values) // width, max(values) // width
    counts = dict.fromkeys(range(low, high + 1), 0)
    for v in values:
        counts[v // width] += 1
    return {f"{b * width}-{b * width + width - 1}": n for b, n in counts.items()}


def _ratio(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


def summarise(results: Sequence[GameResult], table: Table, seed: int, player: str) -> Summary:
    """Fold the games' results (in game order) into one summary."""
    seats = results[0].seats if results else 0
    finished = [r for r in results if r.finished]
    wins = [0.0] * seats
    for r in finished:
        for s in r.winners:
            wins[s] += 1 / len(r.winners)
    ranked = [sorted(r.scores, reverse=True) for r in finished]
    actions = [sum(r.actions[k] for r in results) for k in range(len(KINDS))]
    turns = sum(r.turns for r in results)
    taken = [0] * len(table.tile_ids)
    for r in results:
        for tile in set(r.procured):
            taken[tile] += 1
    n = len(results)
    return Summary(
        games=n, players=seats, seed=seed, player=player,
        finished=len(finished), stalled=n - len(finished),
        turns=spread([r.turns for r in results]),
        turns_histogram=histogram([r.turns for r in results]),
        win_rate_by_seat=tuple(_ratio(w, len(finished)) for w in wins),
        winning_score=spread([s[0] for s in ranked]),
        score_margin=spread([s[0] - s[1] for s in ranked]),
        score_range=spread([s[0] - s[-1] for s in ranked]),
        endings={e: sum(1 for r in results if r.end == e) for e in ENDINGS},
        action_mix={k: _ratio(a, sum(actions)) for k, a in zip(KINDS, actions, strict=True)},
        take_rate={t: _ratio(c, n) for t, c in zip(table.tile_ids, taken, strict=True)},
        never_taken=tuple(t for t, c in zip(table.tile_ids, taken, strict=True) if not c),
        no_procure_rate=_ratio(sum(r.no_procure for r in results), turns),
        bag_dry_rate={e: _ratio(sum(r.bag_dry[i] for r in results), turns)
                      for i, e in enumerate(table.elements)},
        sealed_tokens={e: _ratio(sum(r.sealed_tokens[i] for r in results), n)
                       for i, e in enumerate(table.elements)},
    )
