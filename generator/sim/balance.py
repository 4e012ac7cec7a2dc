"""Balance warnings from a modest simulation, for `tkg validate --balance`.

A seat advantage is warned about when the chi-square test says the seats' win shares
differ by more than chance at the run's size (p below `balance.seat_significance` in
game.yaml, 0.01 as shipped), not by a fixed margin: 400 games cannot tell a 3-point gap
from luck, and 100,000 can (TKG401). More than `max_stall_rate` of games stalling
(TKG402) and a tile procured in fewer than `min_take_rate` of the games (TKG403, one
warning a tile) keep the content's thresholds.
"""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import NOWHERE, Game, Location
from generator.sim.registry import DEFAULT_PLAYER
from generator.sim.runner import simulate
from generator.sim.stats import Summary

BALANCE_SEED = 0  # fixed, so the same content always gives the same warnings
BALANCE_PLAYER = DEFAULT_PLAYER  # the strongest affordable: weak play misjudges a game


def _where(game: Game, section: str) -> Location:
    rule = game.rules.section(section)
    return rule.where if rule is not None else NOWHERE


def seat_finding(game: Game, summary: Summary) -> list[Diagnostic]:
    """TKG401 when the seats' win shares differ by more than chance."""
    test = summary.seat_test
    if not summary.finished or test.p_value >= game.balance.seat_significance:
        return []
    seats = summary.win_share_by_seat
    best = max(seats, key=lambda s: s.share)
    worst = min(seats, key=lambda s: s.share)
    return [diagnostic("TKG401", _where(game, "players"),
                       f"{best.label} won {best.share:.1%} and {worst.label} {worst.share:.1%} "
                       f"of {summary.finished} simulated games of {summary.player} players "
                       f"(fair {best.fair:.1%}); a "
                       f"spread this wide is not chance (p = {test.p_value:.2g})")]


def findings(game: Game, summary: Summary) -> list[Diagnostic]:
    """Warnings for whatever in `summary` is significant or crosses the content's thresholds."""
    b, found = game.balance, seat_finding(game, summary)
    stall = summary.stalled / summary.games
    if stall > b.max_stall_rate:
        found.append(diagnostic("TKG402", _where(game, "simulation"),
                                f"{stall:.1%} of {summary.games} simulated games stalled "
                                f"(most allowed {b.max_stall_rate:.1%})"))
    for tile in game.tiles:
        rate = summary.take_rate.get(tile.id, 0.0)  # any of its copies
        copies = f" (any of its {tile.copies} copies)" if tile.copies > 1 else ""
        if rate < b.min_take_rate:
            found.append(diagnostic("TKG403", tile.where,
                                    f"tile {tile.id}{copies} was procured in {rate:.1%} of "
                                    f"{summary.games} simulated games (least wanted "
                                    f"{b.min_take_rate:.1%})"))
    return found


def balance_diagnostics(game: Game, jobs: int = 1) -> list[Diagnostic]:
    """Simulate `game.balance.sim_games` games of `BALANCE_PLAYER` players at the most
    players, and warn."""
    from generator.sim.executors import pool

    seats = min(game.rules.players_max, len(game.oinks))
    with pool(jobs) as workers:
        summary = simulate(game, game.balance.sim_games, seats, BALANCE_SEED,
                           (BALANCE_PLAYER,), workers.executor, workers.workers)
    return findings(game, summary)
