"""The score race of one game: who leads, by how much, and how often the lead changes.

Game researchers judge a game partly by its race (Ludii's lead change, drama and score
difference metrics, docs/simulation.md). They look at every position of a game: here the
position after the deal and after each turn. Points change only when a tile is placed
or sealed, so the race is kept lazily: a stretch of positions with the same points is
added up in one step when the points next change, and the turn loop pays almost nothing
on the other turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.sim.engine import score, scores
from generator.sim.state import GameState

SCORING = frozenset({"procure", "blind", "seal"})  # the only actions that change points


@dataclass(frozen=True)
class RaceResult:
    """A game's race over its positions (whole numbers, so runs add up exactly)."""

    positions: int  # positions looked at: after the deal and after every turn
    lead_changes: int  # positions whose leaders (the seats with most points) differ from
    # the position before
    gap: int  # sum over positions of the best score minus the worst
    trailing: tuple[int, ...]  # per seat: sum over positions of its points behind the best
    behind: tuple[int, ...]  # per seat: positions at which it had fewer points than the best


class Race:
    """Follows the points of a game in play; `result` once the game is over."""

    __slots__ = ("behind", "changes", "gap", "leaders", "points", "since", "trailing")

    def __init__(self, state: GameState):
        self.points = list(scores(state))
        seats = len(self.points)
        self.leaders = self._leaders()
        self.since = 0  # positions already added up
        self.changes, self.gap = 0, 0
        self.trailing, self.behind = [0] * seats, [0] * seats

    def _leaders(self) -> int:
        top = max(self.points)
        return sum(1 << s for s, p in enumerate(self.points) if p == top)

    def played(self, state: GameState, seat: int, turns: int) -> None:
        """Note a scoring action (one of SCORING) just played by `seat`, the game's
        `turns`-th turn (the other actions change no points: nothing to note)."""
        now = score(state, state.players[seat])
        if now == self.points[seat]:
            return
        self._add_up(turns)  # positions up to the one before this turn's
        self.points[seat] = now
        leaders = self._leaders()
        if leaders != self.leaders:
            self.changes += 1
            self.leaders = leaders

    def _add_up(self, upto: int) -> None:
        """Add the positions `since` to `upto - 1`, which all had the current points."""
        span = upto - self.since
        if span <= 0:
            return
        points = self.points
        top = max(points)
        self.gap += span * (top - min(points))
        for s, p in enumerate(points):
            if p < top:
                self.trailing[s] += span * (top - p)
                self.behind[s] += span
        self.since = upto

    def result(self, turns: int) -> RaceResult:
        """The race of a game that stopped after `turns` turns (positions 0 to `turns`)."""
        self._add_up(turns + 1)
        return RaceResult(turns + 1, self.changes, self.gap, tuple(self.trailing),
                          tuple(self.behind))
