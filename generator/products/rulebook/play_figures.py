"""The example of play's pictures: the whole table after setup and after each turn told.

They draw the simulator's log (`generator.sim.playlog`) with the printed pieces: along
the top the middle of the table (the top tile of each face-up space, stack O and how
many tiles it holds, the trade zone's tokens and the bag's), under it each player's grid
of places, the tiles in it, the Oink on its tile, and the life tokens it holds in a row
under the grid. Sealed tiles have the gold frame the scoring figure gives them; the
tile a turn placed has a blue outline, so "new" never looks like "sealed".
"""

from __future__ import annotations

from generator.draw.scene import Rect, Scene, Style
from generator.products.rulebook.figures import (
    INK,
    PAPER,
    WIDTH,
    FigureKit,
    caption,
    figure_scene,
    grid_outline,
    label,
    oink_on,
    place,
)
from generator.sim.example import Example, remembered_example
from generator.sim.playlog import Board, PlayLog, Seat

CELL, GAP, TOKEN = 10.0, 1.0, 3.6
SPACE, SPACE_GAP = 8.4, 1.6  # the middle of the table: a space's tile and the gap between
MIDDLE = 20.0  # height of the middle of the table, above the worlds
SEALED, NEW = "#D9A21B", "#1F6FB4"  # the seal's gold; the new tile's blue


def play_example(kit: FigureKit) -> Example:
    """The example game's log and the turns the book tells, played once per build."""
    memo = kit.kit.memo
    return memo.per(kit.game, "example of play", lambda game: remembered_example(game, memo))


def seats_after(log: PlayLog, number: int) -> tuple[Seat, ...]:
    """Every player's Oink and world after turn `number` (0: after setup)."""
    seats = list(log.seats)
    for turn in log.turns[:number]:
        seats[turn.seat] = turn.after
    return tuple(seats)


def play_figure(kit: FigureKit, number: int, name: str = "") -> Scene | None:
    """The whole table after the `number`-th turn the book tells (0: after setup), the
    tile it placed outlined in blue; the figure is `name` (default "play-<number>")."""
    example = play_example(kit)
    if number > len(example.shown):
        return None
    log = example.log
    turn_number = example.shown[number - 1] if number else 0
    turn = log.turns[turn_number - 1] if turn_number else None
    board = turn.board if turn else log.board
    items = _middle(kit, log, board)
    seats = seats_after(log, turn_number)
    span = kit.game.rules.grid_columns * (CELL + GAP) - GAP
    gap = (WIDTH - len(seats) * span) / (len(seats) + 1)
    for s, seat in enumerate(seats):
        items += _area(kit, log, seat, s, gap + s * (span + gap), _placed(turn, s))
    rows = kit.game.rules.grid_rows
    height = MIDDLE + 5 + rows * (CELL + GAP) + 1 + TOKEN + 4
    _ = kit.game.words
    title = _("Example of play, turn {number}").format(number=turn_number) if number \
        else _("Example of play, setup")
    return figure_scene(name or f"play-{number}", kit, height, items, title)


def _middle(kit: FigureKit, log: PlayLog, board: Board) -> list:
    """The spaces in their row (each face-up space's top tile, O face down with its
    count), then the trade zone's tokens and the bag's count."""
    rules, _ = kit.game.rules, kit.game.words
    tops = dict(zip(rules.face_up_spaces, board.tops, strict=True))
    items: list = []
    for i, name in enumerate(rules.space_row):
        x = 1.0 + i * (SPACE + SPACE_GAP)
        items.append(label(x + SPACE / 2, 3.0, name, 3.2, INK, "title"))
        blind = name == rules.blind_space
        if blind and board.stack:
            items.append(place(kit.back(), x, 4.2, SPACE, "back"))
        elif not blind and tops[name] >= 0:
            tile = kit.game.deck[tops[name]]
            items.append(place(kit.tile(tile), x, 4.2, SPACE, f"tile:{tile.id}"))
        else:
            items.append(Rect(x, 4.2, SPACE, SPACE, Style(fill="#FBF7EF", stroke="#C9B79C",
                                                          stroke_width=0.3), 0.8))
            items.append(label(x + SPACE / 2, 9.2, _("empty"), 2.1))
        if blind:
            items.append(caption(x + SPACE / 2, 4.2 + SPACE + 3.0, _.ngettext(
                "{n} tile", "{n} tiles", board.stack).format(n=board.stack), "O", 2.3))
    return items + _zone(kit, log, board)


def _zone(kit: FigureKit, log: PlayLog, board: Board) -> list:
    """The trade zone as a box of one token of each element with its count, and the
    bag's count under it."""
    x0 = 1.0 + len(kit.game.rules.space_row) * (SPACE + SPACE_GAP) + 1.0
    width, _ = WIDTH - 1.0 - x0, kit.game.words
    items: list = [Rect(x0, 1.0, width, 14.0, Style(fill=PAPER, stroke="#C9B79C",
                                                    stroke_width=0.3), 1.6),
                   label(x0 + width / 2, 4.0, _("trade zone"), 2.4, INK, "bold")]
    step = width / len(log.table.elements)
    for i, (element, n) in enumerate(zip(log.table.elements, board.zone, strict=True)):
        cx = x0 + step * (i + 0.5)
        items.append(place(kit.token(element), cx - TOKEN / 2, 5.6, TOKEN, "token"))
        items.append(label(cx, 12.6, str(n), 2.4, INK, "bold"))
    bag = sum(board.bag)
    items.append(label(x0 + width / 2, 18.2, _.ngettext(
        "bag: {n} token", "bag: {n} tokens", bag).format(n=bag), 2.3))
    return items


def _area(kit: FigureKit, log: PlayLog, seat: Seat, number: int, x0: float,
          new: int) -> list:
    """One player's Oink name, world grid, tiles (sealed in gold, the new one in blue),
    the Oink on its tile, and its tokens in a row under the grid."""
    g, rules = kit.game, kit.game.rules
    oink = next(o for o in g.oinks if o.element == log.table.elements[seat.oink])
    span = rules.grid_columns * (CELL + GAP) - GAP
    top = MIDDLE + 5
    said = g.words.gettext("Player {number}: {oink}").format(number=number + 1, oink=oink.name)
    items: list = [label(x0 + span / 2, MIDDLE + 3.4, said, 2.8, INK, "bold")]
    items += grid_outline(x0, top, rules.grid_rows, rules.grid_columns, CELL, GAP)
    for cell, index in enumerate(seat.grid):
        if index < 0:
            continue
        tile = g.deck[index]  # the simulator numbers printed tiles, copies too
        r, c = divmod(cell, rules.grid_columns)
        x, y = x0 + c * (CELL + GAP), top + r * (CELL + GAP)
        frame = NEW if cell == new else SEALED if seat.sealed[cell] else None
        if frame:
            items.append(Rect(x - 0.6, y - 0.6, CELL + 1.2, CELL + 1.2,
                              Style(stroke=frame, stroke_width=0.8), 1.2))
        items.append(place(kit.tile(tile), x, y, CELL, f"tile:{tile.id}"))
        if cell == seat.cell:
            items.append(oink_on(kit, tile, x, y, CELL, oink))
    items += _tokens(kit, log, seat, x0 + span / 2, top + rules.grid_rows * (CELL + GAP) + 1)
    return items


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
        return [caption(cx, top + TOKEN - 0.6, kit.game.words.gettext("no life tokens"),
                        "tokens", 2.4)]
    x = cx - (len(held) * (TOKEN + 0.6) - 0.6) / 2
    return [place(kit.token(e), x + i * (TOKEN + 0.6), top, TOKEN, "token")
            for i, e in enumerate(held)]
