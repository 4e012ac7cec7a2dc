"""The greedy player: a fixed order of preferences, each judged by a quick look at the table.

Each turn, the first of these that applies:
1. close: procure the tile that completes its world, when that wins (or ties) the game;
2. seal the tile under the Oink (points now: only sealed tiles score);
3. procure the face-up tile worth most to it (never completing its world while behind);
4. procure blind, when most unseen tiles would connect and a token is left over;
5. move the Oink to a tile it can seal, or to room next to a tile it can buy;
6. trade toward sealing the Oink's tile or buying a connecting tile;
7. draw, while the Oink has room for the tokens;
8. procure blind, when the Oink is too full to draw;
9. refresh a face-up space: to take a winning tile from the next player, or to dig past a
   tile that is no use to it;
and otherwise draw, or the first legal action. Its discards keep the tokens its goals
need. It looks only at what a player at the table sees.
"""

from __future__ import annotations

from generator.sim.actions import Blind, Procure, Refresh
from generator.sim.engine import scores
from generator.sim.judge import goal_mask, hidden_connect_rate, needs, roomiest, spare_payment
from generator.sim.players import discard_spare
from generator.sim.state import GameState, PlayerState
from generator.sim.tactics import best_move, goal_trade

BLIND_ODDS = 0.6  # procure blind early when this share of the unseen tiles would connect


class GreedyPlayer:
    """The preferences above, in order."""

    name = "greedy"
    preferences: tuple = ()  # set below, once the steps are defined

    def start(self, state, seat, dealt, rng):
        """The dealt tile worth most sealed, counting how easily it connects; the centre."""
        table = state.table
        points = table.sealed_points[state.players[seat].oink]
        tile = max(dealt, key=lambda t: (points[t] + table.masks[t].bit_count(), -t))
        return tile, table.centre

    def place(self, state, tile, cells, rng):
        """The offered cell with the most room around it."""
        return roomiest(state, state.me, cells)

    def discard(self, state, excess, rng):
        """Keep what sealing and buying need; drop the element held most beyond that."""
        me = state.me
        return discard_spare(me.tokens, excess, needs(state, me))

    def choose(self, state, legal, rng):
        """The first action of the preferences that applies."""
        me = state.me
        for pick in self.preferences:
            action = pick(state, me, legal)
            if action is not None:
                return action
        return legal.draw() or legal.all()[0]


def leading(state: GameState, me: PlayerState) -> bool:
    """True when no opponent has more points (ending the game now would not lose)."""
    points = scores(state)
    return points[me.seat] >= max(points)


def completes(state: GameState, me: PlayerState) -> bool:
    """True when one more tile completes this player's world (ending the game)."""
    return me.placed + 1 >= state.rules.end_tiles


def best_procure(state: GameState, me: PlayerState, procures: list[Procure]) -> Procure:
    """The procure of the tile worth most sealed (counting its connections), roomiest cell."""
    table = state.table
    points = table.sealed_points[me.oink]
    worth = {s: points[state.spaces[s][-1]] + table.masks[state.spaces[s][-1]].bit_count()
             for s in {a.space for a in procures}}
    space = max(worth, key=lambda s: (worth[s], -s))
    cell = roomiest(state, me, [a.cell for a in procures if a.space == space])
    return Procure(space, cell)


def close_game(state, me, legal):
    """Procure the tile that completes the world, when that wins or ties the game."""
    if not completes(state, me):
        return None
    procures = legal.procures()
    if procures and leading(state, me):
        return best_procure(state, me, procures)
    return None


def seal_here(state, me, legal):
    """Seal the tile under the Oink."""
    return legal.seal()


def procure_best(state, me, legal):
    """Procure the face-up tile worth most, unless it would complete the world."""
    procures = legal.procures()
    if procures and not completes(state, me):
        return best_procure(state, me, procures)
    return None


def move_best(state, me, legal):
    """Move the Oink to a tile it can seal, or to room beside a tile it can buy."""
    return best_move(state, me, legal.move_cells())


def trade_for_goal(state, me, legal):
    """Trade toward sealing the Oink's tile or buying a connecting tile."""
    return goal_trade(state, me, goal_mask(state, me))


def draw_with_room(state, me, legal):
    """Draw, while the Oink has room for the tokens."""
    if sum(me.tokens) + state.rules.draw_count <= state.rules.oink_capacity + 1:
        return legal.draw()
    return None


def blind_on_odds(state, me, legal):
    """Procure blind early when most unseen tiles would connect, a token to spare."""
    if sum(me.tokens) <= state.rules.blind_cost:  # keep a token to build on
        return None
    if not legal.can_blind() or not me.has_room(state.table, me.cell) or completes(state, me):
        return None
    if hidden_connect_rate(state, me) >= BLIND_ODDS:
        return Blind(spare_payment(state, me, state.rules.blind_cost))
    return None


def blind_when_full(state, me, legal):
    """Procure blind when the Oink is too full to draw."""
    if not legal.can_blind() or not me.has_room(state.table, me.cell):
        return None
    if completes(state, me) and not leading(state, me):
        return None
    if sum(me.tokens) + state.rules.draw_count > state.rules.oink_capacity + 1:
        return Blind(spare_payment(state, me, state.rules.blind_cost))
    return None


def refresh_useful(state, me, legal):
    """Refresh a face-up space: to deny the next player a winning tile, or to dig
    past a tile of no use."""
    if "refresh" not in state.rules.actions:
        return None
    deny = _threat(state)
    if deny is not None:
        return Refresh(deny)
    table = state.table
    here = table.masks[me.grid[me.cell]]
    for s, space in enumerate(state.spaces):
        if space and not table.masks[space[-1]] & here:
            return Refresh(s)
    return None


def _threat(state: GameState) -> int | None:
    """The face-up space whose top tile would let the next player end the game and win."""
    nxt = state.players[(state.current + 1) % len(state.players)]
    if not completes(state, nxt) or not nxt.has_room(state.table, nxt.cell):
        return None
    points = scores(state)
    if points[nxt.seat] < max(points):
        return None
    masks, hold, here = state.table.masks, nxt.hold_mask(), state.table.masks[nxt.grid[nxt.cell]]
    for s, space in enumerate(state.spaces):
        if space and masks[space[-1]] & here and not masks[space[-1]] & ~hold:
            return s
    return None


PREFERENCES = (close_game, seal_here, procure_best, blind_on_odds, move_best, trade_for_goal,
               draw_with_room, blind_when_full, refresh_useful)
GreedyPlayer.preferences = PREFERENCES
