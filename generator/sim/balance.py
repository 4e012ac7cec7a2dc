"""Balance warnings from a modest simulation, for `tkg validate --balance`.

Thresholds come from the content (`balance:` in game.yaml): the first seat winning
more than a fair share plus `first_seat_margin` (TKG401), more than `max_stall_rate`
of games stalling (TKG402), and a tile procured in fewer than `min_take_rate` of the
games (TKG403, one warning a tile).
"""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import NOWHERE, Game, Location
from generator.sim.runner import simulate
from generator.sim.stats import Summary

BALANCE_SEED = 0  # fixed, so the same content always gives the same warnings
BALANCE_PLAYER = "greedy"


def _where(game: Game, section: str) -> Location:
    rule = game.rules.section(section)
    return rule.where if rule is not None else NOWHERE


def findings(game: Game, summary: Summary) -> list[Diagnostic]:
    """Warnings for whatever in `summary` crosses the content's thresholds."""
    b, found = game.balance, []
    fair = 1 / summary.players
    first = summary.win_rate_by_seat[0] if summary.win_rate_by_seat else 0.0
    if summary.finished and first > fair + b.first_seat_margin:
        found.append(diagnostic("TKG401", _where(game, "players"),
                                f"seat 1 won {first:.1%} of {summary.finished} simulated "
                                f"games; a fair share is {fair:.1%} (margin "
                                f"{b.first_seat_margin:.0%})"))
    stall = summary.stalled / summary.games
    if stall > b.max_stall_rate:
        found.append(diagnostic("TKG402", _where(game, "simulation"),
                                f"{stall:.1%} of {summary.games} simulated games stalled "
                                f"(most allowed {b.max_stall_rate:.1%})"))
    for tile in game.tiles:
        rate = summary.take_rate.get(tile.id, 0.0)
        if rate < b.min_take_rate:
            found.append(diagnostic("TKG403", tile.where,
                                    f"tile {tile.id} was procured in {rate:.1%} of "
                                    f"{summary.games} simulated games (least wanted "
                                    f"{b.min_take_rate:.1%})"))
    return found


def balance_diagnostics(game: Game, jobs: int = 1) -> list[Diagnostic]:
    """Simulate `game.balance.sim_games` greedy games at the most players, and warn."""
    seats = min(game.rules.players_max, len(game.oinks))
    summary = simulate(game, game.balance.sim_games, seats, BALANCE_SEED, jobs,
                       BALANCE_PLAYER)
    return findings(game, summary)
