"""The statistics behind the report's confidence: intervals, tests and corrections.

Pure arithmetic on counts (no SciPy): `wilson` bounds a proportion, `chi_square`
measures how far observed counts are from expected ones (its p-value from the
chi-square distribution; the report's seat and element tests take theirs by
permutation, `generator.sim.permutation`), `paired_gap` and `unpaired_gap` bound the
difference of two win shares, and `holm` corrects the p-values of several variants.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
ALPHA = 0.05  # the report calls a difference "not chance" below this p-value


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `successes` out of `trials` ((0, 1) with no trials).

    Chosen over the plain normal interval because it stays inside 0..1 and behaves near
    0 % and 100 %, where a seat or a player can sit in a small run.
    """
    if trials <= 0:
        return 0.0, 1.0
    p, n = successes / trials, trials
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def chi_square_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for a chi-square variable with `dof` degrees of freedom."""
    if dof < 1 or statistic <= 0:
        return 1.0
    half = statistic / 2
    # Start from 1 or 2 degrees of freedom and climb two at a time:
    # Q(k + 2) = Q(k) + (x/2)^(k/2) e^(-x/2) / Gamma(k/2 + 1).
    if dof % 2:
        q, k = math.erfc(math.sqrt(half)), 1
    else:
        q, k = math.exp(-half), 2
    while k < dof:
        q += math.exp((k / 2) * math.log(half) - half - math.lgamma(k / 2 + 1))
        k += 2
    return min(1.0, q)


@dataclass(frozen=True)
class Test:
    """A goodness-of-fit test: is the spread of wins more than chance?"""

    statistic: float  # the chi-square distance of the wins from their fair shares
    dof: int
    p_value: float
    significant: bool  # p_adjusted (p_value when nothing adjusts it) < ALPHA
    method: str = "chi-square"  # where p comes from: "chi-square" or "permutation"
    # p corrected for the other variants a sweep tests alike (Holm); None: not corrected
    p_adjusted: float | None = None


def chi_square(observed: Sequence[float], expected: Sequence[float],
               alpha: float = ALPHA) -> Test:
    """Compare observed with expected counts (cells expecting nothing are left out)."""
    pairs = [(o, e) for o, e in zip(observed, expected, strict=True) if e > 0]
    statistic = sum((o - e) ** 2 / e for o, e in pairs)
    dof = len(pairs) - 1
    p = chi_square_sf(statistic, dof)
    return Test(round(statistic, 3), dof, float(f"{p:.4g}"), dof > 0 and p < alpha)


@dataclass(frozen=True)
class Gap:
    """The gap between the best and the worst win share, with an interval that holds for
    every pair of labels at once (`pairs` comparisons, Bonferroni): the report names
    the two after seeing all of them, so one pair's 95 % would claim too much."""

    best: str
    worst: str
    gap: float
    low: float
    high: float
    pairs: int

    @property
    def clear(self) -> bool:
        """True when the interval leaves out no gap at all."""
        return self.low > 0


def simultaneous_z(pairs: int, alpha: float = ALPHA) -> float:
    """The normal quantile of two-sided intervals holding together over `pairs` pairs."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, pairs)))


def paired_gap(share_a: float, share_b: float, squares: float, games: int,
               z: float = Z95) -> tuple[float, float]:
    """An interval for share_a - share_b when both are shares of the same games (seats):
    `squares` is the sum over games of the squared gap of one game's shares, so the
    gap's variance is that of a mean of per-game gaps (ties included)."""
    if games < 2:
        return -1.0, 1.0
    gap = share_a - share_b
    variance = max(0.0, (squares - games * gap * gap) / (games - 1))
    half = z * math.sqrt(variance / games)
    return max(-1.0, gap - half), min(1.0, gap + half)


def unpaired_gap(wins_a: float, games_a: int, wins_b: float, games_b: int,
                 z: float = Z95) -> tuple[float, float]:
    """Newcombe's interval for the difference of two proportions from their Wilson
    intervals (elements: each a share of the games it was dealt in)."""
    p_a, p_b = wins_a / max(1, games_a), wins_b / max(1, games_b)
    (low_a, high_a), (low_b, high_b) = wilson(wins_a, games_a, z), wilson(wins_b, games_b, z)
    gap = p_a - p_b
    return (gap - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2),
            gap + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value corrected for the others tested alike,
    so a sweep of several variants calls a difference real no more often than one
    test at its level would."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted, running = [0.0] * len(p_values), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = float(f"{running:.4g}")
    return adjusted
