"""Building blocks shared by the pieces: text in a box, an insignia badge, art in a box."""

from __future__ import annotations

from generator.core.diagnostics import diagnostic
from generator.core.errors import ContentError
from generator.core.model import Element, Game, Tile
from generator.core.paths import display_path
from generator.draw.art import check_foreign_svg, content_where, png_size
from generator.draw.fonts import Fitted, fit_text
from generator.draw.scene import Ellipse, Group, Image, Rect, Style, Text
from generator.draw.svgread import Unsupported, read_svg, recolour
from generator.draw.symbols import element_symbol
from generator.layout.model import Box, TextStyle

LINE_HEIGHT = 1.18
CAP = 0.70  # how far a line's baseline sits below its top, as a share of the size
DARK = "#15141C"


def text_block(style: TextStyle, text: str, game: Game, dx: float, dy: float,
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
    size, lines, _ = fit(style, text, game, max_lines)
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


_FITTED: dict[tuple, Fitted] = {}


def fit(style: TextStyle, text: str, game: Game, max_lines: int) -> Fitted:
    """The text fitted into the style's box, as `text_block` draws it.

    Cached: the overflow check (TKG305) and the face itself fit the same texts. The
    key holds the game's fonts, the only part of the game fitting reads (hashing the
    whole game for every text would cost more than the fitting saves).
    """
    key = (style, text, game.fonts, max_lines)
    fitted = _FITTED.get(key)
    if fitted is None:
        if len(_FITTED) > 4096:  # a long `tkg watch` session
            _FITTED.clear()
        fitted = fit_text(text, style.font, style.size, style.min_size,
                          style.box.w - 2 * _pad(style), max_lines, game)
        _FITTED[key] = fitted
    return fitted


def overflows(style: TextStyle, text: str, game: Game, max_lines: int) -> bool:
    """True when `text_block` has to cut the text, or its lines stand out of the box."""
    if not text:
        return False
    size, lines, cut = fit(style, text, game, max_lines)
    return cut or size * (CAP + LINE_HEIGHT * (len(lines) - 1)) > style.box.h + 1e-6


def luminance(colour: str) -> float:
    """Relative luminance of #rrggbb (WCAG)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def symbol_ink(badge: str, light: str) -> str:
    """The light ink on a badge unless it reads poorly there (e.g. sky blue); then dark."""
    return light if contrast(badge, light) >= 3.0 else DARK


def symbol(element: Element, cx: float, cy: float, size: float, colour: str) -> Group:
    """The element's silhouette centred on (cx, cy), `size` mm on its longer side."""
    (vx, vy, vw, vh), shapes = element_symbol(element)
    scale = size / max(vw, vh)
    return Group(recolour(shapes, colour),
                 translate=(cx - (vx + vw / 2) * scale, cy - (vy + vh / 2) * scale), scale=scale)


def badge(element: Element, cx: float, cy: float, diameter: float, symbol_size: float,
          ring: str, ring_width: float, light: str) -> tuple:
    """An insignia: a soft shadow, the element's disc with a ring, the silhouette on it."""
    r = diameter / 2
    return (Group((Ellipse(cx, cy + 0.35, r + ring_width, r + ring_width,
                           Style(fill="#000000", opacity=0.35)),
                   Ellipse(cx, cy, r, r, Style(fill=element.colour, stroke=ring,
                                               stroke_width=ring_width)),
                   symbol(element, cx, cy, symbol_size, symbol_ink(element.colour, light))),
                  label=f"insignia {element.id}"),)


def art(tile: Tile, box: Box, dx: float, dy: float) -> tuple:
    """The tile's art covering the box (cropped, never stretched); () without art.

    Raises ContentError (TKG304 at the tile's `art:`) when the file cannot be drawn.
    """
    if tile.art is None:
        return ()
    clip = (box.x + dx, box.y + dy, box.w, box.h)
    try:
        if tile.art.suffix.lower() != ".svg":
            png_size(tile.art)
            return (Group((Image(*clip, tile.art),), clip=clip),)
        try:
            (vx, vy, vw, vh), shapes = read_svg(tile.art)
        except Unsupported:
            check_foreign_svg(tile.art)
            return (Group((Image(*clip, tile.art),), clip=clip),)
    except (ValueError, OSError) as exc:
        where = content_where(tile.where, "tiles", ("id", tile.id), "art", tile.art)
        raise ContentError([diagnostic(
            "TKG304", where, f"the art of {tile.id!r}, {display_path(tile.art)}, "
            f"cannot be drawn: {exc}")]) from None
    scale = max(box.w / vw, box.h / vh)
    tx = clip[0] + (box.w - vw * scale) / 2 - vx * scale
    ty = clip[1] + (box.h - vh * scale) / 2 - vy * scale
    return (Group((Group(shapes, translate=(tx, ty), scale=scale),), clip=clip),)
