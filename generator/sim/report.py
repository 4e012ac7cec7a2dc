"""A simulation summary as text for people or as JSON for tools (no I/O here)."""

from __future__ import annotations

import json

from generator.sim.stats import Spread, Summary

SHOWN_TILES = 5  # tiles listed at each end of the procurement ranking


def to_json(summary: Summary) -> str:
    """One JSON object: `games`, `players`, `seed` and every statistic."""
    return json.dumps(summary.as_dict(), indent=2)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _spread(s: Spread, digits: int = 1) -> str:
    return (f"mean {s.mean:.{digits}f}, median {s.median:g}, p90 {s.p90:g} "
            f"(range {s.low:g}-{s.high:g})")


def _tiles(summary: Summary) -> list[str]:
    ranked = sorted(summary.take_rate.items(), key=lambda kv: (-kv[1], kv[0]))
    most = ", ".join(f"{t} {_pct(r)}" for t, r in ranked[:SHOWN_TILES])
    least = ", ".join(f"{t} {_pct(r)}" for t, r in reversed(ranked[-SHOWN_TILES:]))
    never = ", ".join(summary.never_taken) or "none"
    return ["Tile procurement (share of games in which the tile was procured):",
            f"  most taken:  {most}", f"  least taken: {least}", f"  never taken: {never}"]


def to_text(summary: Summary) -> str:
    """A readable report of every statistic."""
    s = summary
    fair = 1 / s.players if s.players else 0.0
    seats = "  ".join(f"seat {i + 1} {_pct(w)}" for i, w in enumerate(s.win_rate_by_seat))
    mix = ", ".join(f"{k} {_pct(v)}" for k, v in s.action_mix.items() if v)
    endings = ", ".join(f"{k} {v}" for k, v in s.endings.items())
    lines = [
        f"Simulated {s.games} games of {s.players} {s.player} players (seed {s.seed})",
        f"Finished {s.finished}, stalled {s.stalled}",
        f"How games end: {endings}",
        f"Turns per game: {_spread(s.turns)}",
        f"Win rate by seat (finished games, ties shared; fair share {_pct(fair)}):",
        f"  {seats}",
        "Scores of finished games:",
        f"  winner:           {_spread(s.winning_score)}",
        f"  winner - second:  {_spread(s.score_margin)}",
        f"  best - worst:     {_spread(s.score_range)}",
        f"Action mix: {mix}",
        f"Could not afford any procure: {_pct(s.no_procure_rate)} of turns",
        "Token scarcity by element (turns starting with none in the bag; "
        "mean tokens on seals at the end):",
    ]
    lines += [f"  {e:<8} {_pct(s.bag_dry_rate[e]):>6}  {s.sealed_tokens[e]:.1f}"
              for e in s.bag_dry_rate]
    lines += _tiles(s)
    return "\n".join(lines)
