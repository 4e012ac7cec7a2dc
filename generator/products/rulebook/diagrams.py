"""The worked-example figures (procure, scoring), the cover picture, and the registry
of every figure.

Templates ask for a figure by name with `figure("name", "caption")`; the names they
may use are `generator.text.context.FIGURES`, and `DRAWINGS` below draws each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from generator.core.scoring import tile_points
from generator.draw.kit import Kit
from generator.draw.scene import Ellipse, Group, Rect, Scene, Style, Text
from generator.layout.model import Layout
from generator.products.rulebook import figures as F
from generator.products.rulebook.figures import (
    WIDTH,
    FigureKit,
    caption,
    figure_scene,
    label,
    make_kit,
    oink_on,
    place,
)
from generator.products.rulebook.placement import area, mark, placement
from generator.products.rulebook.play_figures import play_figure
from generator.text.context import PLAY_PICTURES
from generator.text.examples import placement_example
from generator.text.scoring_example import sealed_cells


def procure(kit: FigureKit) -> Scene:
    """The Oink's tile with the procured tile placed beside it, and the tokens it cost
    on their way to the trade zone."""
    w = kit.example()
    start, near = w.start, w.near
    size, top, gap = 22.0, 1.0, 1.5
    items: list = []
    for i, tile in enumerate((start, near)):
        x = 4 + i * (size + gap)
        items.append(place(kit.tile(tile), x, top, size, f"tile:{tile.id}"))
        items.append(caption(x + size / 2, top + size + 3.6, tile.name, tile.id, 2.3))
    items.append(oink_on(kit, start, 4, top, size))
    items.append(mark(4 + size + gap + size / 2, top + size + 7.6, True))
    # The payment: one token per insignia, then where it goes.
    x0, token = 4 + 2 * (size + gap) + 4, 6.0
    cost = [e for e, n in near.cost.items() for _ in range(n)]
    _ = kit.game.words
    items.append(label((x0 + WIDTH) / 2, top + 4, _("paid"), 2.6, F.INK, "bold"))
    tx = (x0 + WIDTH - len(cost) * (token + 1) + 1) / 2
    for i, element in enumerate(cost):
        items.append(place(kit.token(element), tx + i * (token + 1), top + 6.5, token, "token"))
    items.append(label((x0 + WIDTH) / 2, top + 18, _("to the trade zone"), 2.6))
    return figure_scene("procure", kit, top + size + 11, items, _("Procuring a tile"))


def scoring(kit: FigureKit) -> Scene:
    """The example world: sealed tiles in a gold frame with their seal tokens, and each
    tile's points in a badge; tokens and badges keep to the art between name and
    insignias."""
    g, w = kit.game, kit.example()
    size, gap = 24.0, 2.6
    items = F.grid_items(kit, w.tiles, size, gap, 1.5)
    sealed = set(sealed_cells(w))
    oink = g.oinks[0]
    x0 = (WIDTH - w.grid.columns * size - (w.grid.columns - 1) * gap) / 2
    for cell, tile in enumerate(w.tiles):
        r, c = w.grid.position(cell)
        x, y = x0 + c * (size + gap), 1.5 + r * (size + gap)
        band_top, band_bottom = F.free_band(kit.tile(tile))
        room = (band_bottom - band_top) * size
        cy = y + band_top * size + room / 2
        if cell in sealed:
            items.append(Rect(x - 1.0, y - 1.0, size + 2.0, size + 2.0,
                              Style(stroke="#D9A21B", stroke_width=1.0), 1.6))
            token = min(room - 1.2, 4.0)
            for i, element in enumerate(tile.insignias):
                items.append(place(kit.token(element), x + 1.2 + i * (token + 0.4),
                                   cy - token / 2, token, "over:seal-token"))
        points = tile_points(tile.insignias, cell in sealed, oink.element, g.rules)
        radius = min(room / 2 - 0.4, 2.6)
        bx = x + size - 1.2 - radius
        items.append(Group((Ellipse(bx, cy, radius, radius,
                                    Style(fill="#F2C14E" if cell in sealed else "#DDDDDD",
                                          stroke=F.INK, stroke_width=0.3)),
                            Text(bx, cy + radius * 0.42, str(points), "bold", radius * 1.2,
                                 F.INK, "middle")), label="over:points"))
    return figure_scene("scoring", kit, w.grid.rows * (size + gap) + 1.5, items,
                        kit.game.words.gettext("Scoring"))


def cover(kit: FigureKit) -> Scene:
    """The cover picture: a nexus tile above a row of every Oink."""
    g = kit.game
    hero = next((t for t in g.tiles if t.is_nexus), g.tiles[0])
    size, oink, gap = 50.0, 14.0, 5.0
    items: list = [place(kit.tile(hero), (WIDTH - size) / 2, 1, size)]
    x = (WIDTH - len(g.oinks) * oink - (len(g.oinks) - 1) * gap) / 2
    for i, o in enumerate(g.oinks):
        items.append(place(kit.oink(o), x + i * (oink + gap), size + 7, oink))
    return figure_scene("cover", kit, size + 8 + oink, items, g.title)


DRAWINGS: dict[str, Callable[[FigureKit], Scene | None]] = {
    "components": F.components, "table": F.table, "area": area, "placement": placement,
    "world": F.world, "procure": procure, "scoring": scoring,
    "setup": partial(play_figure, number=0, name="setup"),
    **{f"play-{n}": partial(play_figure, number=n) for n in range(PLAY_PICTURES + 1)},
}
NEEDS_WORLD = frozenset({"world", "procure", "scoring", "placement", "area"})


def draw_figure(kit: FigureKit, name: str) -> Scene | None:
    """The named figure's scene; None when it needs an example world and there is none."""
    if name in NEEDS_WORLD and kit.world is None:
        return None
    if name == "placement" and placement_example(kit.game, kit.world) is None:
        return None
    return DRAWINGS[name](kit)


@dataclass(frozen=True)
class Drawn:
    """Every figure of the rulebook (None where it cannot be drawn) and its cover."""

    layout: Layout
    figures: dict[str, Scene | None]
    cover: Scene


def drawn_figures(kit: Kit, layout: Layout) -> Drawn:
    """Every figure and the cover, drawn once per build and layout: the build's
    fingerprints and the rulebook itself share the same scenes."""
    def draw(layout: Layout) -> Drawn:
        figures = make_kit(kit, layout)
        return Drawn(layout, {n: draw_figure(figures, n) for n in sorted(DRAWINGS)},
                     cover(figures))

    return kit.memo.per(layout, "rulebook figures", draw)


__all__ = ["DRAWINGS", "cover", "draw_figure", "drawn_figures", "label"]
