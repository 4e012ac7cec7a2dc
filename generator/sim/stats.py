"""The report's figures, worked out from a run's totals as one frozen summary.

The summary depends only on the totals (`generator.sim.tally`), never on how the games
were split across processes or machines, so the same seed always gives the same summary.
Win shares count a tie as a shared win and carry 95 % Wilson intervals; the seat and
element spreads carry a permutation test (`generator.sim.permutation`), and the gap
between the best and the worst an interval that holds for every pair at once, so a
report can tell a real advantage from luck and say how large it is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace

from generator.sim.actions import BLOCKS, KINDS
from generator.sim.game import ENDINGS
from generator.sim.intervals import (
    ALPHA,
    Gap,
    Test,
    holm,
    paired_gap,
    simultaneous_z,
    unpaired_gap,
    wilson,
)
from generator.sim.measures import Estimate, estimates
from generator.sim.permutation import permutation_test, seat_groups
from generator.sim.research import metric_estimates, spread_of_duration
from generator.sim.strength import Strength
from generator.sim.tables import Table
from generator.sim.tally import WIN_UNITS, Tally
from generator.sim.tile_insight import TileSet, tile_set

HISTOGRAM_BIN = 10  # turns per bar of the turns histogram


@dataclass(frozen=True)
class Spread:
    """Mean, median, 90th percentile, lowest and highest of some numbers."""

    mean: float
    median: float
    p90: float
    low: float
    high: float


@dataclass(frozen=True)
class Share:
    """A win share (ties shared) with its 95 % Wilson interval and the fair share."""

    label: str
    share: float
    low: float
    high: float
    fair: float
    games: int  # finished games it is a share of


@dataclass(frozen=True)
class Points:
    """Where a player's points come from, as means per player and game."""

    match: float  # from insignias of the Oink's element on sealed tiles
    other: float  # from the other insignias on sealed tiles
    unsealed: float  # from insignias on unsealed tiles
    sealed_tiles: float
    placed_tiles: float


@dataclass(frozen=True)
class Summary:
    """Everything `tkg simulate` reports about one set of rules."""

    games: int
    players: int
    seed: int
    player: str  # the line-up, e.g. "search,greedy" (rotated over the seats)
    finished: int
    stalled: int
    turns: Spread
    turns_per_player: Spread  # turns each player takes in a game
    turns_histogram: dict[str, int]  # "lo-hi" bins of `HISTOGRAM_BIN` turns -> games
    win_share_by_seat: tuple[Share, ...]
    win_share_by_element: tuple[Share, ...]
    win_share_by_player: tuple[Share, ...]
    seat_test: Test  # are the seats' wins spread more than chance would?
    element_test: Test
    seat_gap: Gap  # best seat's share minus the worst's, with its interval
    element_gap: Gap | None  # the same for elements (None: fewer than two played)
    tie_rate: float  # finished games with several winners
    blank_rate: float  # finished games won with no points at all
    winning_score: Spread  # finished games only
    score_margin: Spread  # winner minus runner-up, finished games only
    score_range: Spread  # best minus worst score, finished games only
    endings: dict[str, int]
    action_mix: dict[str, float]  # share of all actions, every kind (zeros included)
    points: Points
    no_procure_rate: float  # share of turns on which the mover could not procure at all
    no_procure_causes: dict[str, float]  # share of turns, by cause (they add up)
    discards_per_game: float  # tokens discarded down to the Oink's capacity
    take_rate: dict[str, float]  # tile id -> share of games in which (a copy of) it was procured
    never_taken: tuple[str, ...]
    bag_dry_rate: dict[str, float]  # element -> share of turns starting with none in the bag
    sealed_tokens: dict[str, float]  # element -> mean tokens on seals at the end
    # Each measure's mean a game and 95 % interval (`generator.sim.measures`: turns a
    # player, finished, ties, winner's points, margin, and the rules' direct effects)
    measures: dict[str, Estimate] = field(default_factory=dict)
    # In a sweep, each measure's difference from the current rules, game by game
    # (empty for the current rules themselves and for a single run)
    versus_current: dict[str, Estimate] = field(default_factory=dict)
    # The game researchers' metrics (`generator.sim.research`), by key, balance among
    # them; and the standard deviation of the turns a game
    metrics: dict[str, Estimate] = field(default_factory=dict)
    duration_spread: float = 0.0
    tiles: TileSet | None = None  # per-tile insight (`generator.sim.tile_insight`)
    # How often a planner beats ones with half its budget, for rising budgets
    # (`generator.sim.skill`; empty unless asked for: it plays games of its own)
    skill_trace: tuple = ()
    # The same games played by a weaker kind, and how the figures differ
    # (`generator.sim.strength`; None unless the run compared)
    strength: Strength | None = None

    def as_dict(self) -> dict:
        """Plain JSON-ready data."""
        return asdict(self)


def ratio(part: float, whole: float) -> float:
    """part / whole to four places (0 for nothing)."""
    return round(part / whole, 4) if whole else 0.0


def spread(histogram: Mapping[int, int], scale: float = 1.0) -> Spread:
    """Mean, median, p90 (nearest rank), lowest and highest of value -> count, each value
    divided by `scale`; zeros when empty."""
    n = sum(histogram.values())
    if not n:
        return Spread(0.0, 0.0, 0.0, 0.0, 0.0)
    ordered = sorted(histogram.items())
    mean = sum(v * c for v, c in ordered) / n

    def rank(k: int) -> float:  # the k-th smallest value (1-based)
        seen = 0
        for v, c in ordered:
            seen += c
            if seen >= k:
                return v
        return ordered[-1][0]

    median = (rank((n + 1) // 2) + rank(n // 2 + 1)) / 2
    p90 = rank(max(1, math.ceil(0.9 * n)))
    return Spread(round(mean / scale, 3), round(median / scale, 3), round(p90 / scale, 3),
                  round(ordered[0][0] / scale, 3), round(ordered[-1][0] / scale, 3))


def histogram(counts: Mapping[int, int], width: int = HISTOGRAM_BIN) -> dict[str, int]:
    """Counts in bins of `width`, labelled "lo-hi", in order, empty bins included."""
    if not counts:
        return {}
    low, high = min(counts) // width, max(counts) // width
    bins = dict.fromkeys(range(low, high + 1), 0)
    for value, n in counts.items():
        bins[value // width] += n
    return {f"{b * width}-{b * width + width - 1}": n for b, n in bins.items()}


def share(label: str, wins: int, games: int, fair: float) -> Share:
    """A Share from WIN_UNITS won over `games` finished games."""
    low, high = wilson(wins / WIN_UNITS, games)
    return Share(label, ratio(wins / WIN_UNITS, games), round(low, 4), round(high, 4),
                 round(fair, 4), games)


SEAT_TEST, ELEMENT_TEST = 1, 2  # which test, in the seed of its shuffles


def _seats(t: Tally, seats: int, seed: int) -> tuple[tuple[Share, ...], Test, Gap]:
    wins = [t.seat_wins.get(s, 0) for s in range(seats)]
    shares = tuple(share(f"seat {s + 1}", w, t.finished, 1 / seats) for s, w in enumerate(wins))
    test = permutation_test([w / WIN_UNITS for w in wins],
                            seat_groups(t.winner_counts, seats), (seed, SEAT_TEST))
    best, worst = _ends(range(seats), wins)
    z = simultaneous_z(seats * (seats - 1) // 2)
    squares = t.seat_gap_squares.get((min(best, worst), max(best, worst)), 0)
    low, high = paired_gap(wins[best] / WIN_UNITS / max(1, t.finished),
                           wins[worst] / WIN_UNITS / max(1, t.finished),
                           squares / WIN_UNITS ** 2, t.finished, z)
    return shares, test, _gap(shares[best], shares[worst], low, high, seats)


def _elements(t: Tally, table: Table, seats: int, seed: int
              ) -> tuple[tuple[Share, ...], Test, Gap | None]:
    played = [t.element_games.get(e, 0) for e in range(len(table.elements))]
    wins = [t.element_wins.get(e, 0) for e in range(len(table.elements))]
    shares = tuple(share(name, w, n, 1 / seats)
                   for name, w, n in zip(table.elements, wins, played, strict=True) if n)
    test = permutation_test([w / WIN_UNITS for w in wins], t.element_deals,
                            (seed, ELEMENT_TEST))
    dealt = [e for e in range(len(table.elements)) if played[e]]
    if len(dealt) < 2:
        return shares, test, None
    best, worst = _ends(dealt, [w / max(1, n) for w, n in zip(wins, played, strict=True)])
    z = simultaneous_z(len(dealt) * (len(dealt) - 1) // 2)
    low, high = unpaired_gap(wins[best] / WIN_UNITS, played[best],
                             wins[worst] / WIN_UNITS, played[worst], z)
    by_name = {s.label: s for s in shares}
    return shares, test, _gap(by_name[table.elements[best]], by_name[table.elements[worst]],
                              low, high, len(dealt))


def _ends(labels, values) -> tuple[int, int]:
    """The label of the highest value (the first of equals) and of the lowest (the last
    of equals), as the headline names them."""
    ordered = list(labels)
    best = max(ordered, key=lambda i: values[i])
    worst = min(reversed(ordered), key=lambda i: values[i])
    return best, worst


def _gap(best: Share, worst: Share, low: float, high: float, labels: int) -> Gap:
    return Gap(best.label, worst.label, round(best.share - worst.share, 4), round(low, 4),
               round(high, 4), labels * (labels - 1) // 2)


def _players(t: Tally, seats: int) -> tuple[Share, ...]:
    return tuple(share(kind, t.player_wins.get(kind, 0), n,
                       t.player_seats.get(kind, 0) / (n * seats))
                 for kind, n in sorted(t.player_games.items()))


def _points(t: Tally) -> Points:
    s, n = t.sources, t.sources.get("player_games", 0)
    return Points(*(ratio(s.get(k, 0), n) for k in
                    ("match", "other", "unsealed", "sealed_tiles", "placed_tiles")))


def summarise(t: Tally, table: Table, seats: int, seed: int, lineup: str) -> Summary:
    """The summary of a run's totals."""
    turns, done = sum(v * c for v, c in t.turns.items()), t.finished
    by_seat, seat_test, seat_gap = _seats(t, seats, seed)
    by_element, element_test, element_gap = _elements(t, table, seats, seed)
    actions = sum(t.actions.values())
    taken = [t.procured.get(i, 0) for i in range(len(table.designs))]
    return Summary(
        games=t.games, players=seats, seed=seed, player=lineup, finished=done,
        stalled=t.games - done, turns=spread(t.turns),
        turns_per_player=spread(t.turns, seats), turns_histogram=histogram(t.turns),
        win_share_by_seat=by_seat, win_share_by_element=by_element,
        win_share_by_player=_players(t, seats), seat_test=seat_test,
        element_test=element_test, seat_gap=seat_gap, element_gap=element_gap,
        tie_rate=ratio(t.ties, done), blank_rate=ratio(t.blank, done),
        winning_score=spread(t.winning_score),
        score_margin=spread(t.margin), score_range=spread(t.spread),
        endings={e: t.endings.get(e, 0) for e in ENDINGS},
        action_mix={k: ratio(t.actions.get(k, 0), actions) for k in KINDS},
        points=_points(t), no_procure_rate=ratio(sum(t.blocked.values()), turns),
        no_procure_causes={c: ratio(t.blocked.get(c, 0), turns) for c in BLOCKS},
        discards_per_game=ratio(t.discarded, t.games),
        take_rate={tid: ratio(n, t.games) for tid, n in zip(table.designs, taken, strict=True)},
        never_taken=tuple(tid for tid, n in zip(table.designs, taken, strict=True) if not n),
        bag_dry_rate={e: ratio(t.bag_dry.get(i, 0), turns) for i, e in enumerate(table.elements)},
        sealed_tokens={e: ratio(t.sealed_tokens.get(i, 0), t.games)
                       for i, e in enumerate(table.elements)},
        measures=estimates(t.measure_sums, t.measure_squares, t.games, seats),
        versus_current=(estimates(t.paired_sums, t.paired_squares, t.games, seats)
                        if t.paired_sums else {}),
        metrics=_metrics(t, seat_gap), duration_spread=spread_of_duration(t.metric_moments,
                                                                          t.games),
        tiles=tile_set(table, t) if t.games else None,
    )


def _metrics(t: Tally, seat_gap: Gap) -> dict[str, Estimate]:
    """The researchers' metrics, with balance first: one minus the gap between the best
    and the worst seat's win share (Ludii's Balance), its interval from the gap's."""
    if not t.finished:
        return metric_estimates(t.metric_moments, t.games)
    balance = Estimate(round(1 - seat_gap.gap, 4), round(1 - seat_gap.high, 4),
                       round(min(1.0, 1 - seat_gap.low), 4))
    return {"balance": balance, **metric_estimates(t.metric_moments, t.games)}


def with_strength(ours: Summary, theirs: Summary) -> Summary:
    """`ours` with the comparison with the same games played by weaker players
    (`theirs`, played as the baseline of a sweep, so `ours.versus_current` holds the
    differences game by game)."""
    first = theirs.win_share_by_seat[0].share if theirs.win_share_by_seat else 0.0
    return replace(ours, versus_current={}, strength=Strength(
        theirs.player, theirs.measures, ours.versus_current, first,
        theirs.points.sealed_tiles))


def corrected(summaries: Sequence[Summary]) -> list[Summary]:
    """The summaries of a sweep's variants with their seat and element tests corrected
    for each other (Holm): with several variants, some would pass at 5 % by chance."""
    if len(summaries) < 2:
        return list(summaries)
    seats = holm([s.seat_test.p_value for s in summaries])
    elements = holm([s.element_test.p_value for s in summaries])
    return [replace(s, seat_test=_adjusted(s.seat_test, p_seat),
                    element_test=_adjusted(s.element_test, p_element))
            for s, p_seat, p_element in zip(summaries, seats, elements, strict=True)]


def _adjusted(test: Test, p: float) -> Test:
    return replace(test, p_adjusted=p, significant=test.dof > 0 and p < ALPHA)
