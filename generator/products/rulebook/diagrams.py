"""The worked-example figures (procure, scoring), the cover picture, and the registry.

Templates ask for a figure by name with `figure("name", "caption")`; the names they
may use are `generator.text.context.FIGURES`, and `DRAWINGS` below draws each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.core.scoring import tile_points
from generator.draw.kit import Kit
from generator.draw.scene import Ellipse, Path, Rect, Scene, Style, Text
from generator.layout.model import Layout
from generator.products.rulebook import figures as F
from generator.products.rulebook.figures import (
    WIDTH,
    FigureKit,
    figure_scene,
    label,
    make_kit,
    place,
)
from generator.text.examples import misfit
from generator.text.scoring_example import sealed_cells

GOOD, BAD = "#1E7B4A", "#B3261E"


def _mark(x: float, y: float, ok: bool) -> list:
    """A round badge with a tick or a cross."""
    colour = GOOD if ok else BAD
    stroke = Style(stroke="#FFFFFF", stroke_width=0.9, round_caps=True)
    shape = ((("M", x - 2, y), ("L", x - 0.6, y + 1.6), ("L", x + 2.2, y - 1.8)) if ok else
             (("M", x - 1.6, y - 1.6), ("L", x + 1.6, y + 1.6),
              ("M", x + 1.6, y - 1.6), ("L", x - 1.6, y + 1.6)))
    return [Ellipse(x, y, 3.4, 3.4, Style(fill=colour, stroke="#FFFFFF", stroke_width=0.5)),
            Path(shape, stroke)]


def procure(kit: FigureKit) -> Scene:
    """The Oink's tile, a neighbour that connects (placed) and a tile that does not."""
    g, w = kit.game, kit.world
    start, near, odd = w.start, w.near, misfit(g, w)
    size, top, gap = 24.0, 2.0, 1.5
    x_near = 4 + size + gap
    items: list = [place(kit.tile(start), 4, top, size),
                   place(kit.tile(near), x_near, top, size),
                   place(kit.oink(g.oinks[0]), 5, top + size - 9, 8)]
    items += _mark(x_near + size - 3.6, top + 3.6, True)
    items.append(label(4 + size + gap / 2, top + size + 5, "shares an insignia: placed"))
    if odd is not None:
        x = WIDTH - 4 - size
        items.append(place(kit.tile(odd), x, top, size))
        items += _mark(x + size - 3.6, top + 3.6, False)
        items.append(label(x + size / 2, top + size + 5, "shares none: not here"))
    return figure_scene("procure", kit, top + size + 8, items, "Procuring a tile")


def scoring(kit: FigureKit) -> Scene:
    """The example world, sealed tiles ringed, each tile's points in a badge."""
    g, w = kit.game, kit.world
    size, gap = 23.0, 2.0
    items = F.grid_items(kit, w.tiles, size, gap, 1.0)
    sealed = set(sealed_cells(w))
    oink = g.oinks[0]
    x0 = (WIDTH - w.grid.columns * size - (w.grid.columns - 1) * gap) / 2
    for cell, tile in enumerate(w.tiles):
        r, c = w.grid.position(cell)
        x, y = x0 + c * (size + gap), 1 + r * (size + gap)
        if cell in sealed:
            items.append(Rect(x + 0.7, y + 0.7, size - 1.4, size - 1.4,
                              Style(stroke="#F2C14E", stroke_width=1.4), 1.2))
        else:
            items.append(Rect(x, y, size, size, Style(fill="#FFFFFF", opacity=0.45)))
        points = tile_points(tile.insignias, cell in sealed, oink.element, g.rules)
        items.append(Ellipse(x + size - 4, y + size - 4, 3.3, 3.3,
                             Style(fill="#F2C14E" if cell in sealed else "#DDDDDD",
                                   stroke=F.INK, stroke_width=0.35)))
        items.append(Text(x + size - 4, y + size - 2.8, str(points), "bold", 3.4, F.INK,
                          "middle"))
    return figure_scene("scoring", kit, w.grid.rows * (size + gap) + 1, items, "Scoring")


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


DRAWINGS: dict[str, Callable[[FigureKit], Scene]] = {
    "components": F.components, "setup": F.setup, "world": F.world,
    "procure": procure, "scoring": scoring,
}
NEEDS_WORLD = frozenset({"world", "procure", "scoring"})


def draw_figure(kit: FigureKit, name: str) -> Scene | None:
    """The named figure's scene; None when it needs an example world and there is none."""
    if name in NEEDS_WORLD and kit.world is None:
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
