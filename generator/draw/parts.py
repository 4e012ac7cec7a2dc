"""Building blocks shared by the pieces: text in a box, an insignia badge, art in a box."""

from __future__ import annotations

from generator.core.errors import ContentError
from generator.core.memo import Memo
from generator.core.model import Element, Tile
from generator.draw.art import art_problem, covering, reason
from generator.draw.colour import symbol_ink
from generator.draw.fonts import Fitted, FontBook
from generator.draw.scene import Ellipse, Group, Rect, Style, Text, recolour
from generator.draw.symbols import element_symbol
from generator.layout.model import Box, TextStyle

LINE_HEIGHT = 1.18
CAP = 0.70  # how far a line's baseline sits below its top, as a share of the size


def text_block(style: TextStyle, text: str, fonts: FontBook, dx: float, dy: float,
               max_lines: int = 2) -> tuple:
    """The text fitted into its box (shrunk, then wrapped), on its plate if any."""
    box = style.box
    items: list = []
    if style.plate:
        items.append(Rect(box.x + dx, box.y + dy, box.w, box.h,
                          Style(fill=style.plate, opacity=style.plate_opacity), style.plate_radius))
    if not text:
        return tuple(items)
    pad = _pad(style)
    size, lines, _ = fit(style, text, fonts, max_lines)
    block = size * (CAP + LINE_HEIGHT * (len(lines) - 1))
    baseline = box.y + dy + (box.h - block) / 2 + size * CAP
    x = {"start": box.x + pad, "middle": box.x + box.w / 2, "end": box.x + box.w - pad}
    for i, line in enumerate(lines):
        items.append(Text(x[style.align] + dx, baseline + i * size * LINE_HEIGHT, line,
                          style.font, size, style.colour, style.align))
    return tuple(items)


def _pad(style: TextStyle) -> float:
    # Text on a plate keeps clear of the plate's rounded edge.
    return min(style.box.h * 0.15, 1.5) if style.plate else 0.0


def fit(style: TextStyle, text: str, fonts: FontBook, max_lines: int) -> Fitted:
    """The text fitted into the style's box, as `text_block` draws it (the overflow
    check, TKG305, and the face itself fit the same texts: the font book keeps it)."""
    return fonts.fit(text, style.font, style.size, style.min_size,
                     style.box.w - 2 * _pad(style), max_lines)


def overflows(style: TextStyle, text: str, fonts: FontBook, max_lines: int) -> bool:
    """True when `text_block` has to cut the text, or its lines stand out of the box."""
    if not text:
        return False
    size, lines, cut = fit(style, text, fonts, max_lines)
    return cut or size * (CAP + LINE_HEIGHT * (len(lines) - 1)) > style.box.h + 1e-6


def symbol(memo: Memo, element: Element, cx: float, cy: float, size: float,
           colour: str, label: str = "") -> Group:
    """The element's silhouette centred on (cx, cy), `size` mm on its longer side
    (`label`: its SVG group's class)."""
    (vx, vy, vw, vh), shapes = element_symbol(memo, element)
    scale = size / max(vw, vh)
    return Group(recolour(shapes, colour),
                 translate=(cx - (vx + vw / 2) * scale, cy - (vy + vh / 2) * scale), scale=scale,
                 label=label)


def badge(memo: Memo, element: Element, cx: float, cy: float, diameter: float,
          symbol_size: float, ring: str, ring_width: float, light: str) -> tuple:
    """An insignia: a soft shadow, the element's disc with a ring, the silhouette on it."""
    r = diameter / 2
    return (Group((Ellipse(cx, cy + 0.35, r + ring_width, r + ring_width,
                           Style(fill="#000000", opacity=0.35)),
                   Ellipse(cx, cy, r, r, Style(fill=element.colour, stroke=ring,
                                               stroke_width=ring_width)),
                   symbol(memo, element, cx, cy, symbol_size,
                          symbol_ink(element.colour, light))),
                  label=f"insignia {element.id}"),)


def art(memo: Memo, tile: Tile, box: Box, dx: float, dy: float) -> tuple:
    """The tile's art covering the box (cropped, never stretched); () without art.

    Raises ContentError (TKG304 at the tile's `art:`) when the file cannot be drawn.
    """
    if tile.art is None:
        return ()
    try:
        return covering(memo, tile.art, (box.x + dx, box.y + dy, box.w, box.h))
    except (ValueError, OSError) as exc:  # ArtError is a ValueError
        raise ContentError([art_problem(tile, reason(exc))]) from None
