"""Is the spread of wins between seats (or elements) more than chance? By permutation.

The null hypothesis is that who wins a game has nothing to do with where they sit or
which Oink they hold: the winners of each game could have sat anywhere at its table. So
the reference distribution shuffles each game's winners among its seats, keeping ties
as they were (a game two players tied stays a game two players tied). The statistic is
the chi-square distance of the wins (a tie shared) from their fair shares, as before;
only its p-value changes. The chi-square distribution assumes one winner a game, and
with ties (a fifth to a seventh of the games) it overstates the spread chance gives:
at a nominal 5 % the old test fired 2-3 % of the time.

Only the totals are needed (`generator.sim.tally`): a game's shuffled winners are a
uniformly random k-subset of its seats, so every game with the same elements in play
and the same number of winners is alike, and the shuffles of a group of n such games
are a multinomial draw over its k-subsets. `REPLICATES` such draws, seeded from the
run's seed, give the p-value: the same run gives the same p.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from generator.sim.intervals import ALPHA, Test

REPLICATES = 9_999  # shuffles of the whole run; p is then a multiple of 1 / 10,000
Group = tuple[tuple[int, ...], int]  # (the label of each seat in play, how many won)


def permutation_test(wins: Sequence[float], groups: Mapping[Group, int],
                     seed: Sequence[int], replicates: int = REPLICATES,
                     alpha: float = ALPHA) -> Test:
    """Whether `wins` (one a label, ties shared) spread more than shuffling each game's
    winners among its seats would: `groups` counts the games by their labels in play
    and number of winners (only games with at least one winner). `seed` (whole numbers:
    the run's seed and which test) seeds the shuffles."""
    import numpy as np  # loaded with the simulator's report, not with every command

    labels = len(wins)
    expected = np.zeros(labels)
    for (seats, _), games in groups.items():
        for label in seats:
            expected[label] += games / len(seats)
    kept = expected > 0
    if kept.sum() < 2:
        return Test(0.0, 0, 1.0, False, "permutation", 1.0)
    observed = _distance(np.asarray(wins, dtype=float), expected, kept)
    rng = np.random.default_rng([n % 2**64 for n in seed])
    shuffled = np.zeros((replicates, labels))
    for (seats, won), games in sorted(groups.items()):
        subsets = list(itertools.combinations(range(len(seats)), won))
        share = np.zeros((len(subsets), labels))
        for row, subset in enumerate(subsets):
            for position in subset:
                share[row, seats[position]] += 1 / won
        draws = rng.multinomial(games, [1 / len(subsets)] * len(subsets), size=replicates)
        shuffled += draws @ share
    distances = _distance(shuffled, expected, kept)
    # A shuffle as far from fair as the run counts against it (ties included, with a
    # little room for rounding): the p-value never claims more than the shuffles show.
    beyond = int((distances >= observed - 1e-9 * max(1.0, observed)).sum())
    p = (beyond + 1) / (replicates + 1)
    p = float(f"{p:.4g}")
    return Test(round(float(observed), 3), int(kept.sum()) - 1, p, p < alpha, "permutation", p)


def _distance(wins, expected, kept):
    """The chi-square distance of wins (one row, or one row a shuffle) from `expected`."""
    return (((wins - expected) ** 2)[..., kept] / expected[kept]).sum(axis=-1)


def seat_groups(winner_counts: Mapping[int, int], seats: int) -> dict[Group, int]:
    """The seat test's groups: every seat plays every game, so only ties differ."""
    everyone = tuple(range(seats))
    return {(everyone, won): games for won, games in winner_counts.items() if won}
