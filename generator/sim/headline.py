"""The report's opening lines: what a designer should know first, in plain words.

Each sentence is drawn from the summary's figures and gives a difference's size with
its interval first, then whether it is more than chance at the run's size: "seat 4
wins less often" is only said when the permutation test calls the spread real and the
interval of that very gap (one that holds for every pair at once) leaves out zero.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.sim.game import DEADLOCK, TURN_CAP
from generator.sim.intervals import Gap, Test
from generator.sim.stats import Share, Summary


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def p_text(p: float) -> str:
    """A p-value as a designer reads it."""
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _points_gap(x: float) -> str:
    return f"{round(100 * x, 1) or 0.0:.1f}"  # never "-0.0"


def _interval(gap: Gap) -> str:
    """A gap and its interval, e.g. "a gap of 11.4 points (95% interval 8.1 to 14.7,
    holding for all 6 pairs)"."""
    together = f", holding for all {gap.pairs} pairs" if gap.pairs > 1 else ""
    return (f"a gap of {_points_gap(gap.gap)} points (95% interval "
            f"{_points_gap(gap.low)} to {_points_gap(gap.high)}{together})")


def _gap(what: str, shares: Sequence[Share], test: Test, gap: Gap | None,
         games: int) -> str:
    """One sentence on the spread of win shares between seats (or elements)."""
    if len(shares) < 2 or gap is None:
        return f"Only one {what} played, so there is nothing to compare."
    by_label = {s.label: s for s in shares}
    best, worst = by_label[gap.best], by_label[gap.worst]
    p = p_text(test.p_value if test.p_adjusted is None else test.p_adjusted)
    method = f"{test.method} {p}" + ("" if test.p_adjusted in (None, test.p_value)
                                      else ", corrected for the sweep's variants")
    if test.significant and gap.clear:
        return (f"{worst.label.capitalize()} wins less often than {best.label} "
                f"({_pct(worst.share)} against {_pct(best.share)}): {_interval(gap)}; "
                f"more than chance at {games:,} games ({method}).")
    if test.significant:
        return (f"The {what}s' wins spread more than chance at {games:,} games ({method}), "
                f"but no two {what}s differ clearly: {best.label} {_pct(best.share)}, "
                f"{worst.label} {_pct(worst.share)}, {_interval(gap)}.")
    return (f"No {what} wins significantly more often than another at {games:,} games: "
            f"{best.label} {_pct(best.share)}, {worst.label} {_pct(worst.share)}, "
            f"{_interval(gap)}; {method}.")


def _players(summary: Summary) -> list[str]:
    shares = summary.win_share_by_player
    if len(shares) < 2:
        return []
    return [f"The {s.label} player wins {_pct(s.share)} of the games it plays (95% interval "
            f"{_pct(s.low)}-{_pct(s.high)}; its fair share is {_pct(s.fair)})."
            for s in shares]


def _unused(summary: Summary) -> list[str]:
    unused = [k for k, v in summary.action_mix.items() if not v and k != "pass"]
    if not unused:
        return []
    return [f"Never played: {', '.join(unused)}."]


def headline(summary: Summary) -> list[str]:
    """A few sentences, most important first."""
    s = summary
    lines = [_gap("seat", s.win_share_by_seat, s.seat_test, s.seat_gap, s.finished),
             _gap("element", s.win_share_by_element, s.element_test, s.element_gap,
                  s.finished)]
    lines += _players(s)
    lines.append(f"{_pct(s.tie_rate)} of finished games end in a tie for first; "
                 f"{_pct(s.blank_rate)} are won with no points at all.")
    p = s.points
    total = p.match + p.other + p.unsealed
    if total:
        lines.append(f"A player scores {total:.1f} points a game on average, "
                     f"{_pct(p.match / total)} of them from insignias matching their Oink; "
                     f"they seal {p.sealed_tiles:.1f} of their {p.placed_tiles:.1f} tiles.")
    if s.stalled:
        lines.append(_stalled(s))
    return lines + _unused(s)


def _stalled(s: Summary) -> str:
    """How many games did not finish, why, and that no share counts them."""
    why = [f"{n} {what}" for n, what in (
        (s.endings.get(TURN_CAP, 0), "stopped at the turn cap (simulation.turn_cap)"),
        (s.endings.get(DEADLOCK, 0), "with nobody able to act")) if n]
    return (f"{s.stalled} of {s.games} games could not finish ({_pct(s.stalled / s.games)}"
            f"): {' and '.join(why)}. The win shares, ties and scores count the "
            f"{s.finished} finished games only.")
