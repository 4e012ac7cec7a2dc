"""Whole-number totals of a batch of games, merged exactly whatever the batches.

A worker folds its games into a `Tally` and sends only that back, so a run of ten
million games never holds ten million results. Every figure is an integer (a shared win
counts in `WIN_UNITS`), so merging is exact and the order batches finish in cannot
change the report: the same seed gives the same report on one process, two, or a cluster.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from generator.sim.actions import BLOCKS, KINDS
from generator.sim.game import WIN_UNITS, GameResult
from generator.sim.measures import paired_sums, sums
from generator.sim.research import moments


@dataclass(frozen=True)
class Tally:
    """Sums over games. Histograms map a value to how many games had it."""

    games: int = 0
    finished: int = 0
    endings: Mapping[str, int] = field(default_factory=dict)
    turns: Mapping[int, int] = field(default_factory=dict)
    winning_score: Mapping[int, int] = field(default_factory=dict)
    margin: Mapping[int, int] = field(default_factory=dict)
    spread: Mapping[int, int] = field(default_factory=dict)
    ties: int = 0  # finished games with several winners
    blank: int = 0  # finished games won with no points at all
    seat_wins: Mapping[int, int] = field(default_factory=dict)  # seat -> WIN_UNITS
    element_wins: Mapping[int, int] = field(default_factory=dict)
    element_games: Mapping[int, int] = field(default_factory=dict)  # finished, in play
    player_wins: Mapping[str, int] = field(default_factory=dict)
    player_games: Mapping[str, int] = field(default_factory=dict)  # finished, playing
    player_seats: Mapping[str, int] = field(default_factory=dict)  # seats, finished
    actions: Mapping[str, int] = field(default_factory=dict)
    blocked: Mapping[str, int] = field(default_factory=dict)  # cause -> turns
    procured: Mapping[int, int] = field(default_factory=dict)  # tile -> games
    bag_dry: Mapping[int, int] = field(default_factory=dict)  # element -> turns
    sealed_tokens: Mapping[int, int] = field(default_factory=dict)  # element -> tokens
    sources: Mapping[str, int] = field(default_factory=dict)  # where points come from
    discarded: int = 0
    # What the permutation tests and the gaps' intervals need (`generator.sim.intervals`),
    # finished games only: games by how many share the win; games by the elements in play
    # (sorted) and how many share the win; for each pair of seats (a < b), the sum over
    # games of (a's share - b's share) squared, in WIN_UNITS squared.
    winner_counts: Mapping[int, int] = field(default_factory=dict)
    element_deals: Mapping[tuple[tuple[int, ...], int], int] = field(default_factory=dict)
    seat_gap_squares: Mapping[tuple[int, int], int] = field(default_factory=dict)
    # Each measure's sum and sum of squares over every game (`generator.sim.measures`),
    # and in a sweep those of its difference from the same games under the current rules.
    measure_sums: Mapping[str, int] = field(default_factory=dict)
    measure_squares: Mapping[str, int] = field(default_factory=dict)
    paired_sums: Mapping[str, int] = field(default_factory=dict)
    paired_squares: Mapping[str, int] = field(default_factory=dict)
    # The game researchers' metrics (`generator.sim.research`): per metric, the sums of
    # x, y, x*x, y*y and x*y, keyed "metric:part".
    metric_moments: Mapping[str, int] = field(default_factory=dict)
    # Per design (`generator.sim.tile_insight`), over the players of finished games whose
    # world held it at the end: how many, their wins (WIN_UNITS), points, points squared.
    held: Mapping[int, int] = field(default_factory=dict)
    held_wins: Mapping[int, int] = field(default_factory=dict)
    held_points: Mapping[int, int] = field(default_factory=dict)
    held_squares: Mapping[int, int] = field(default_factory=dict)


def _counts(items: Iterable) -> dict:
    return dict(Counter(items))


def _winners(results: list[GameResult], key) -> dict:
    """WIN_UNITS by whatever `key(result, seat)` names, each winner's share of a game."""
    found: Counter = Counter()
    for r in results:
        for s in r.winners:
            found[key(r, s)] += WIN_UNITS // len(r.winners)
    return dict(found)


def _per_seat(results: list[GameResult], key) -> dict:
    """How often `key(result, seat)` occurs over every seat of every game."""
    return _counts(key(r, s) for r in results for s in range(r.seats))


def _gap_squares(results: list[GameResult]) -> dict:
    """For each pair of seats, the sum of the squared gaps of their shares of a game."""
    totals: Counter = Counter()
    for r in results:
        unit = WIN_UNITS // len(r.winners)
        won = [unit if s in r.winners else 0 for s in range(r.seats)]
        totals.update({(a, b): (won[a] - won[b]) ** 2
                       for a in range(r.seats) for b in range(a + 1, r.seats)})
    return dict(totals)


def _sources(results: list[GameResult]) -> dict:
    totals: Counter = Counter()
    for r in results:
        for s in range(r.seats):
            match, other, loose = r.sources[s]
            totals.update(match=match, other=other, unsealed=loose,
                          sealed_tiles=r.sealed_tiles[s], placed_tiles=r.placed_tiles[s],
                          player_games=1)
    return dict(totals)


def _holdings(results: list[GameResult]) -> tuple[dict, dict, dict, dict]:
    """By design, over the players of finished games whose world held it: how many,
    their wins in WIN_UNITS, their points, their points squared."""
    held: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    points: Counter[int] = Counter()
    squares: Counter[int] = Counter()
    for r in results:
        unit = WIN_UNITS // len(r.winners)
        for seat, designs in enumerate(r.worlds):
            won, score = (unit if seat in r.winners else 0), r.scores[seat]
            for d in designs:
                held[d] += 1
                wins[d] += won
                points[d] += score
                squares[d] += score * score
    return dict(held), dict(wins), dict(points), dict(squares)


def _by_index(rows: Iterable[tuple[int, ...]]) -> dict:
    """Column sums of equal-length rows, as index -> sum."""
    totals: Counter = Counter()
    for row in rows:
        totals.update({i: n for i, n in enumerate(row) if n})
    return dict(totals)


def tally(results: list[GameResult], baseline: list[GameResult] | None = None) -> Tally:
    """The totals of some games; with `baseline`, the same games (same seeds) under the
    current rules, the totals of their differences too."""
    done = [r for r in results if r.finished]
    measured, squared = sums(results)
    paired, paired_squared = paired_sums(results, baseline) if baseline is not None else ({}, {})
    ranked = [sorted(r.scores, reverse=True) for r in done]
    held, held_wins, held_points, held_squares = _holdings(done)
    return Tally(
        games=len(results), finished=len(done),
        endings=_counts(r.end for r in results), turns=_counts(r.turns for r in results),
        winning_score=_counts(s[0] for s in ranked),
        margin=_counts(s[0] - s[1] for s in ranked),
        spread=_counts(s[0] - s[-1] for s in ranked),
        ties=sum(1 for r in done if len(r.winners) > 1),
        blank=sum(1 for r in done if max(r.scores) == 0),
        seat_wins=_winners(done, lambda r, s: s),
        element_wins=_winners(done, lambda r, s: r.oinks[s]),
        element_games=_per_seat(done, lambda r, s: r.oinks[s]),
        player_wins=_winners(done, lambda r, s: r.players[s]),
        player_games=_counts(k for r in done for k in set(r.players)),
        player_seats=_per_seat(done, lambda r, s: r.players[s]),
        actions={KINDS[i]: n for i, n in _by_index(r.actions for r in results).items()},
        blocked={BLOCKS[i]: n for i, n in _by_index(r.blocked for r in results).items()},
        procured=_counts(t for r in results for t in set(r.procured)),
        bag_dry=_by_index(r.bag_dry for r in results),
        sealed_tokens=_by_index(r.sealed_tokens for r in results),
        sources=_sources(results), discarded=sum(r.discarded for r in results),
        winner_counts=_counts(len(r.winners) for r in done),
        element_deals=_counts((tuple(sorted(r.oinks)), len(r.winners)) for r in done),
        seat_gap_squares=_gap_squares(done), measure_sums=measured, measure_squares=squared,
        paired_sums=paired, paired_squares=paired_squared, metric_moments=moments(results),
        held=held, held_wins=held_wins, held_points=held_points, held_squares=held_squares,
    )


def _add(x: Mapping, y: Mapping) -> dict:
    """Key-by-key sums over both mappings' keys (zeros kept, unlike Counter's +)."""
    return {k: x.get(k, 0) + y.get(k, 0) for k in {*x, *y}}


def merge(a: Tally, b: Tally) -> Tally:
    """The totals of both batches: integers add, mappings add key by key."""
    values: dict[str, Any] = {}  # each field's own type: a whole number or a histogram
    for f in fields(Tally):
        x, y = getattr(a, f.name), getattr(b, f.name)
        values[f.name] = _add(x, y) if isinstance(x, Mapping) else x + y
    return Tally(**values)


def merge_all(tallies: Iterable[Tally]) -> Tally:
    """The totals of every batch (an empty Tally for none)."""
    total = Tally()
    for t in tallies:
        total = merge(total, t)
    return total

