"""The figures of where things go: a new tile's place, and a player's area at setup.

Both are drawn on a grid of empty places (the world's rows and columns), so they can
move onto a printed world mat when there is one. Every piece is the printed piece;
marks and captions sit under the tiles, never over a name or an insignia.
"""

from __future__ import annotations

from generator.draw.scene import Ellipse, Group, Path, Scene, Style
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
from generator.text.examples import placement_example

GOOD, BAD = "#1E7B4A", "#B3261E"


def mark(x: float, y: float, ok: bool) -> Group:
    """A round badge with a tick (ok) or a cross, centred at (x, y)."""
    colour = GOOD if ok else BAD
    stroke = Style(stroke="#FFFFFF", stroke_width=0.7, cap="round", join="round")
    shape = ((("M", x - 1.5, y), ("L", x - 0.4, y + 1.2), ("L", x + 1.6, y - 1.3)) if ok else
             (("M", x - 1.2, y - 1.2), ("L", x + 1.2, y + 1.2),
              ("M", x + 1.2, y - 1.2), ("L", x - 1.2, y + 1.2)))
    return Group((Ellipse(x, y, 2.4, 2.4, Style(fill=colour)), Path(shape, stroke)),
                 label=f"mark:{'ok' if ok else 'no'}")


def placement(kit: FigureKit) -> Scene:
    """The grid with the Oink's tile on its right edge, a tile that may go beside it (a
    tick), one that shares nothing (a cross) and one off the grid (a cross)."""
    world = kit.example()
    ex = placement_example(kit.game, world)
    if ex is None:  # `draw_figure` leaves the figure out then
        raise LookupError(f"{kit.game.title}: the example world has no placement example "
                          "to draw this figure from")
    grid = world.grid
    cell, gap_x, gap_y, top = 16.5, 4.0, 9.5, 6.0
    x0 = (WIDTH - (grid.columns + 1) * cell - grid.columns * gap_x) / 2

    def at(cell_index: int, step=(0, 0)) -> tuple[float, float]:
        r, c = grid.position(cell_index)
        return x0 + (c + step[1]) * (cell + gap_x), top + (r + step[0]) * (cell + gap_y)

    _ = kit.game.words
    items: list = grid_outline(x0, top, grid.rows, grid.columns, cell, gap_x, gap_y)
    ox, oy = at(ex.start_cell, ex.outside_step)
    items.append(label(ox + cell / 2, oy - 2.0, _("off the grid"), 2.6, "#B3261E", "bold"))
    shown = ((ex.start, ex.start_cell, (0, 0), None), (ex.legal, ex.legal_cell, (0, 0), True),
             (ex.misfit, ex.misfit_cell, (0, 0), False),
             (ex.outside, ex.start_cell, ex.outside_step, False))
    for tile, where, step, ok in shown:
        x, y = at(where, step)
        items.append(place(kit.tile(tile), x, y, cell, f"tile:{tile.id}"))
        if ok is not None:
            items.append(mark(x + cell / 2, y + cell + 2.9, ok))
        items.append(caption(x + cell / 2, y + cell + (7.9 if ok is not None else 3.6),
                             tile.name, tile.id, 2.3))
    x, y = at(ex.start_cell)
    items.append(oink_on(kit, ex.start, x, y, cell))
    height = top + grid.rows * (cell + gap_y)
    return figure_scene("placement", kit, height, items, _("Where a new tile may go"))


def area(kit: FigureKit) -> Scene:
    """A player's area at setup: the grid's places, the starting tile in the chosen
    one with the Oink on it, and beside the grid the tile's name and the life tokens
    the Oink holds (drawn large: on the Oink they would hide the tile)."""
    g, world = kit.game, kit.example()
    grid = world.grid
    cell, gap, top = 15.0, 2.0, 1.0
    x0 = 4.0
    items: list = grid_outline(x0, top, grid.rows, grid.columns, cell, gap)
    start, where = world.start, grid.rows // 2 * grid.columns + grid.columns // 2
    r, c = grid.position(where)
    x, y = x0 + c * (cell + gap), top + r * (cell + gap)
    items.append(place(kit.tile(start), x, y, cell, f"tile:{start.id}"))
    items.append(oink_on(kit, start, x, y, cell))
    side = x0 + grid.columns * (cell + gap) + 2
    middle = (side + WIDTH) / 2
    _ = g.words
    items.append(label(middle, top + 8, _("starting tile:"), 2.4))
    items.append(label(middle, top + 11.4, start.name, 2.4, INK, "bold"))
    tokens = [e.id for e in g.elements][: g.rules.starting_tokens]
    size = 6.0
    tx = middle - (len(tokens) * (size + 1) - 1) / 2
    for i, element in enumerate(tokens):
        items.append(place(kit.token(element), tx + i * (size + 1), top + 19, size, "token"))
    items.append(label(middle, top + 30, _("the Oink holds"), 2.4))
    items.append(label(middle, top + 33.4, _.ngettext(
        "{n} life token", "{n} life tokens", len(tokens)).format(n=len(tokens)), 2.4, INK,
        "bold"))
    return figure_scene("area", kit, top + grid.rows * (cell + gap), items, _("Your area"))
