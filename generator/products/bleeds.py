"""Pieces drawn with another bleed than their layout's, for print shops and screens.

A print shop asks for its own bleed (The Game Crafter: 1/8 in = 3.175 mm), a screen for
none. A piece keeps its trim and everything on it where the layout put it; only the
paint beyond the cut changes. Art the layout runs to its bleed edge is full-bleed art,
so it runs to the new bleed edge too, scaled to cover it: a larger bleed never shows an
unpainted strip. A smaller bleed keeps the art box (the page crops it), so the art
shows exactly as it prints.
"""

from __future__ import annotations

from dataclasses import replace

from generator.draw.scene import Group, Rect, Scene
from generator.layout.model import Box, Layout

EDGE = 0.01  # mm: a side this close to the bleed's edge reaches it (layouts round to 0.1)


def layout_at(layout: Layout, bleed: float) -> Layout:
    """The layout with every piece (tile, back, token, Oink) drawn at `bleed` mm."""
    t = layout.tile
    tile = replace(t, bleed=bleed, art=reach(t.art, t.trim, t.bleed, bleed))
    return replace(layout, tile=tile, token=replace(layout.token, bleed=bleed),
                   oink=replace(layout.oink, bleed=bleed))


def reach(box: Box, trim: float, old: float, new: float) -> Box:
    """`box` (mm from the trim's corner) with each side on the old bleed's edge moved out
    to the new one; unchanged when the new bleed is not larger."""
    if new <= old:
        return box
    x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
    x0, y0 = (-new if v <= -old + EDGE else v for v in (x0, y0))
    x1, y1 = (trim + new if v >= trim + old - EDGE else v for v in (x1, y1))
    return Box(x0, y0, x1 - x0, y1 - y0)


def rebleed(scene: Scene, bleed: float) -> Scene:
    """A drawn scene with `bleed` mm beyond its trim instead of its own.

    For scenes no layout describes (the player aids): everything moves with the trim,
    and each rectangle that reaches an edge of the old bleed is stretched to the new
    edge (a card's ground, a band across its top). Its parts are left out: their boxes
    belong to the old scene.
    """
    d = bleed - scene.bleed
    if abs(d) < 1e-9:
        return scene
    items = tuple(_stretch(i, scene, d) for i in scene.items) if d > 0 else scene.items
    return replace(scene, width=scene.width + 2 * d, height=scene.height + 2 * d, bleed=bleed,
                   items=(Group(items, translate=(d, d)),), parts=())


def _stretch(item, scene: Scene, d: float):
    if not isinstance(item, Rect):
        return item
    x0, y0, x1, y1 = item.x, item.y, item.x + item.w, item.y + item.h
    x0, y0 = (v - d if v <= EDGE else v for v in (x0, y0))
    x1 = x1 + d if x1 >= scene.width - EDGE else x1
    y1 = y1 + d if y1 >= scene.height - EDGE else y1
    return replace(item, x=x0, y=y0, w=x1 - x0, h=y1 - y0)
