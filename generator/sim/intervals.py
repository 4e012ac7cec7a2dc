"""The statistics behind the report's confidence: Wilson intervals and a chi-square test.

Pure arithmetic on counts (no SciPy): `wilson` bounds a proportion, `chi_square`
tests whether observed counts differ from expected ones by more than chance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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
    """A chi-square goodness-of-fit test: is the spread of wins more than chance?"""

    statistic: float
    dof: int
    p_value: float
    significant: bool  # p_value < ALPHA


def chi_square(observed: Sequence[float], expected: Sequence[float],
               alpha: float = ALPHA) -> Test:
    """Compare observed with expected counts (cells expecting nothing are left out)."""
    pairs = [(o, e) for o, e in zip(observed, expected, strict=True) if e > 0]
    statistic = sum((o - e) ** 2 / e for o, e in pairs)
    dof = len(pairs) - 1
    p = chi_square_sf(statistic, dof)
    return Test(round(statistic, 3), dof, float(f"{p:.4g}"), dof > 0 and p < alpha)
