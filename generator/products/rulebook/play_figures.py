"""The example of play's pictures: both players' areas after setup and after each turn.

They draw the simulator's log (`generator.sim.playlog`) with the printed pieces: each
player's grid of places, the tiles in it, the Oink on its tile, and the life tokens
it holds in a row under the grid. The tile a turn placed has a gold outline.
"""

from __future__ import annotations

from generator.draw.scene import Rect, Scene, Style
from generator.products.rulebook.figures import (
    INK,
    WIDTH,
    FigureKit,
    caption,
    figure_scene,
    grid_outline,
    label,
    oink_on,
    place,
)
from generator.sim.playlog import PlayLog, Seat, example_log
from generator.text.context import PLAY_TURNS

CELL, GAP, TOKEN = 10.5, 1.0, 3.6


def play_log(kit: FigureKit) -> PlayLog:
    """The example game's log, played once per build."""
    return kit.kit.memo.per(kit.game, "example of play", lambda g: example_log(g, PLAY_TURNS))


def seats_after(log: PlayLog, number: int) -> tuple[Seat, ...]:
    """Every player's Oink and world after turn `number` (0: after setup)."""
    seats = list(log.seats)
    for turn in log.turns[:number]:
        seats[turn.seat] = turn.after
    return tuple(seats)


def play_figure(kit: FigureKit, number: int) -> Scene | None:
    """Both players' areas after turn `number`, the tile it placed outlined in gold."""
    log = play_log(kit)
    if number > len(log.turns):
        return None
    g, rules = kit.game, kit.game.rules
    seats = seats_after(log, number)
    turn = log.turns[number - 1] if number else None
    span = rules.grid_columns * (CELL + GAP) - GAP
    gap = (WIDTH - len(seats) * span) / (len(seats) + 1)
    items: list = []
    for s, seat in enumerate(seats):
        x0 = gap + s * (span + gap)
        oink = next(o for o in g.oinks if o.element == log.table.elements[seat.oink])
        items.append(label(x0 + span / 2, 3.4, f"Player {s + 1}: {oink.name}", 2.8, INK,
                           "bold"))
        items += grid_outline(x0, 5, rules.grid_rows, rules.grid_columns, CELL, GAP)
        new = _placed(turn, s)
        for cell, index in enumerate(seat.grid):
            if index < 0:
                continue
            tile = g.deck[index]  # the simulator numbers printed tiles, copies too
            r, c = divmod(cell, rules.grid_columns)
            x, y = x0 + c * (CELL + GAP), 5 + r * (CELL + GAP)
            if cell == new:
                items.append(Rect(x - 0.6, y - 0.6, CELL + 1.2, CELL + 1.2,
                                  Style(stroke="#D9A21B", stroke_width=0.7), 1.2))
            items.append(place(kit.tile(tile), x, y, CELL, f"tile:{tile.id}"))
            if cell == seat.cell:
                items.append(oink_on(kit, tile, x, y, CELL, oink))
        items += _tokens(kit, log, seat, x0 + span / 2, 5 + rules.grid_rows * (CELL + GAP) + 1)
    height = 5 + rules.grid_rows * (CELL + GAP) + 1 + TOKEN + 5
    return figure_scene(f"play-{number}", kit, height, items,
                        f"Example of play, turn {number}" if number else "Example of play")


def _placed(turn, seat: int) -> int:
    """The cell where this turn put a tile in the seat's world (-1: none)."""
    if turn is None or turn.seat != seat:
        return -1
    return next((c for c, (a, b) in enumerate(zip(turn.before.grid, turn.after.grid,
                                                      strict=True)) if a != b), -1)


def _tokens(kit: FigureKit, log: PlayLog, seat: Seat, cx: float, top: float) -> list:
    """The Oink's life tokens in a row centred at cx, with a note when it holds none."""
    held = [e for e, n in zip(log.table.elements, seat.tokens, strict=True) for _ in range(n)]
    if not held:
        return [caption(cx, top + TOKEN - 0.6, "no life tokens", "tokens", 2.4)]
    x = cx - (len(held) * (TOKEN + 0.6) - 0.6) / 2
    return [place(kit.token(e), x + i * (TOKEN + 0.6), top, TOKEN, "token")
            for i, e in enumerate(held)]
