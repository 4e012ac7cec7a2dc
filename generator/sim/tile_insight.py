"""Per-tile insight: how often each tile is taken, and how its holders do.

For every tile of the set (a copy counts as its tile): the share of games in which it
was procured; and, over the players of finished games whose world held it at the end,
their win share (ties shared) and their mean score. A tile that wins more than the set
does is not proof the tile is strong (a player who took more tiles holds more of every
tile, and strong players take the tiles they want), so each tile is set against the set
itself: the win share and the score of a player holding a tile picked at random among
everything held. A tile is named in the report only when its interval, widened to hold
for every tile at once (Bonferroni), leaves out the set's figure, so a set of 48 even
tiles does not show two or three "outliers" by chance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.sim.game import WIN_UNITS
from generator.sim.intervals import Z95, simultaneous_z, wilson
from generator.sim.measures import Estimate
from generator.sim.tables import Table
from generator.sim.tally import Tally


@dataclass(frozen=True)
class TileInsight:
    """One tile's figures: how often it is taken, and how its holders do."""

    id: str
    name: str
    taken: Estimate  # share of games in which it was procured
    held: int  # players of finished games whose world held it at the end
    wins: Estimate  # their win share, ties shared (Wilson)
    points: Estimate  # their mean score
    effect: float  # their mean score minus the set's (points a game)
    stands_out: str  # "" or why the report names it: "wins more", "scores less", ...


@dataclass(frozen=True)
class TileSet:
    """The tiles' figures and the set's, to compare each tile with."""

    tiles: tuple[TileInsight, ...]
    wins: float  # win share of a player holding a tile picked at random
    points: float  # that player's mean score


def _wilson(part: float, whole: int, z: float) -> tuple[float, float]:
    return wilson(part, whole, z) if whole else (0.0, 0.0)


def _mean(total: int, squares: int, n: int, z: float) -> tuple[float, float, float]:
    if not n:
        return 0.0, 0.0, 0.0
    mean = total / n
    variance = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(max(0.0, variance) / n)
    return mean, mean - half, mean + half


def _estimate(mean: float, low: float, high: float) -> Estimate:
    return Estimate(round(mean, 4), round(low, 4), round(high, 4))


def tile_set(table: Table, t: Tally) -> TileSet:
    """Each design's figures from a run's totals."""
    held, wins, points, squares = t.held, t.held_wins, t.held_points, t.held_squares
    games, procured = t.games, t.procured
    every = sum(held.values())
    set_wins = sum(wins.values()) / WIN_UNITS / every if every else 0.0
    set_points = sum(points.values()) / every if every else 0.0
    wide = simultaneous_z(len(table.designs))
    found = []
    for d, (tid, name) in enumerate(zip(table.designs, table.design_names, strict=True)):
        n, won = held.get(d, 0), wins.get(d, 0) / WIN_UNITS
        take = procured.get(d, 0)
        mean, low, high = _mean(points.get(d, 0), squares.get(d, 0), n, Z95)
        found.append(TileInsight(
            tid, name, _estimate(take / games if games else 0.0, *_wilson(take, games, Z95)),
            n, _estimate(won / n if n else 0.0, *_wilson(won, n, Z95)),
            _estimate(mean, low, high), round(mean - set_points, 4) if n else 0.0,
            _stands_out(won, n, points.get(d, 0), squares.get(d, 0), set_wins, set_points,
                        wide)))
    return TileSet(tuple(found), round(set_wins, 4), round(set_points, 4))


def _stands_out(won: float, n: int, total: int, squares: int, set_wins: float,
                set_points: float, z: float) -> str:
    """Why a tile stands out from the set, by intervals holding for every tile at once."""
    if n < 2:
        return ""
    reasons = []
    low, high = wilson(won, n, z)
    if low > set_wins:
        reasons.append("wins more")
    elif high < set_wins:
        reasons.append("wins less")
    _, low, high = _mean(total, squares, n, z)
    if low > set_points:
        reasons.append("scores more")
    elif high < set_points:
        reasons.append("scores less")
    return ", ".join(reasons)
