"""A scene put together part by part, each part saying what it is and where it came from.

The painter (`generator.draw.paint`) draws through a `Sketch`: the items come out exactly
as they would be listed by hand, and beside them the scene's `parts` record which run of
items is the name, a badge or the art, with the layout entry that placed it. The
backends read only the items; the preflight reads the parts.
"""

from __future__ import annotations

from pathlib import Path

from generator.draw.fonts import FontBook
from generator.draw.parts import text_block
from generator.draw.scene import Part, Scene
from generator.layout.model import TextStyle

Box = tuple[float, float, float, float]


class Sketch:
    """The items and parts of one scene being drawn (a builder used by one function)."""

    def __init__(self) -> None:
        self.items: list = []
        self.parts: list[Part] = []
        self.placed = ""  # the entry of the place the parts drawn now are put at, if any

    def add(self, kind: str, name: str, source: str, box: Box, items, *, layer: bool = False,
            content: bool = False, round: bool = False, field: str = "") -> None:
        """Draw `items` as one part (nothing is recorded for no items); `field` is the
        item's field it shows whole, if one."""
        items = tuple(items)
        if not items:
            return
        start = len(self.items)
        self.items += items
        self.parts.append(Part(kind, name, source, box, (start, len(self.items)), layer,
                               content, round, self.placed, field))

    def text(self, name: str, source: str, style: TextStyle, text: str, fonts: FontBook,
             offset: float, max_lines: int, content: bool = False, field: str = "") -> None:
        """A text fitted into its style's box (`text_block`): its plate, then its lines."""
        drawn = text_block(style, text, fonts, offset, offset, max_lines)
        b = style.box
        box = (b.x + offset, b.y + offset, b.w, b.h)
        if style.plate:
            self.add("plate", f"{name} plate", source, box, drawn[:1], layer=True)
            drawn = drawn[1:]
        self.add("text", name, source, box, drawn, layer=style.layer, content=content,
                 field=field)

    def scene(self, name: str, size: float, bleed: float, title: str,
              fonts: tuple[tuple[str, Path], ...]) -> Scene:
        """The finished square scene."""
        return Scene(name, size, size, bleed, tuple(self.items), title, fonts, tuple(self.parts))


def square(cx: float, cy: float, size: float) -> Box:
    """The box of side `size` centred on (cx, cy)."""
    return (cx - size / 2, cy - size / 2, size, size)
