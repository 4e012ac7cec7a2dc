"""Colours as numbers: luminance, contrast, tints, and the ink that reads on a colour."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.draw.scene import Gradient

DARK = "#15141C"


def luminance(colour: str) -> float:
    """Relative luminance of #rrggbb (WCAG)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


# How much of red, green and blue a mask lets through where it has them, as SVG masks
# (browsers and Inkscape alike): the sRGB values so weighted, not made linear first. A
# PDF's soft mask weighs its colours otherwise (0.30, 0.59, 0.11), and the preflight's
# raster as Pillow's grey does (0.299, 0.587, 0.114): both read a grey as itself.
MASK_WEIGHTS = (0.2125, 0.7154, 0.0721)


def mask_grey(colour: str) -> str:
    """The grey (#rrggbb) that lets as much through in a mask as `colour` does in SVG's."""
    level = round(sum(weight * int(colour[i:i + 2], 16)
                      for weight, i in zip(MASK_WEIGHTS, (1, 3, 5), strict=True)))
    return f"#{level:02X}{level:02X}{level:02X}"


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


SYMBOL_CONTRAST, TEXT_CONTRAST = 3.0, 4.5  # WCAG: graphics, and text


def symbol_ink(badge: str, light: str, least: float = SYMBOL_CONTRAST) -> str:
    """The light ink on a badge unless it reads poorly there (e.g. sky blue); then dark.
    `least` is the contrast it must reach: a symbol's 3:1, or text's 4.5:1."""
    return light if contrast(badge, light) >= least else DARK


def readable(colour: str, ground: str, least: float = TEXT_CONTRAST) -> str:
    """The colour itself where it contrasts `least` with `ground`; else the colour mixed
    toward the dark ink (toward white on a dark ground) just as far as it must be, so
    an element's hue is kept; the end of the mix when even that falls short."""
    far = "#FFFFFF" if luminance(ground) < 0.18 else DARK
    for step in range(101):
        mixed = mix(colour, far, step / 100)
        if contrast(mixed, ground) >= least:
            return mixed
    return far


def mix(a: str, b: str, share: float) -> str:
    """Colour `a` with `share` (0-1) of colour `b` mixed in, channel by channel."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02X}" for x, y in zip(ca, cb,
                                                                            strict=True))


def tint(colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0 = white, 1 = the colour)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02X}" for c in rgb)


def best_ink(background: str, *inks: str) -> str:
    """The ink that contrasts most with `background` (the first of equals)."""
    return max(inks, key=lambda ink: contrast(background, ink))


def stop_opacity(g: Gradient, t: float) -> float:
    """How opaque the gradient is at `t` (0-1), between its stops."""
    (_, _, a1), (_, _, a2), share = _between(g.stops, t)
    return a1 * (1 - share) + a2 * share


def stop_colour(g: Gradient, t: float) -> str:
    """The gradient's colour at `t` (0-1), between its stops."""
    (_, c1, _), (_, c2, _), share = _between(g.stops, t)
    if c1 == c2:
        return c1
    mixed = [round(int(c1[i:i + 2], 16) * (1 - share) + int(c2[i:i + 2], 16) * share)
             for i in (1, 3, 5)]
    return "#" + "".join(f"{v:02X}" for v in mixed)


def _between(stops, t: float):
    """The stops either side of `t` (0-1), and how far from the first to the second it
    lies (before the first stop or after the last, that stop twice)."""
    if t <= stops[0][0]:
        return stops[0], stops[0], 0.0
    for (o1, c1, a1), (o2, c2, a2) in pairwise(stops):
        if t <= o2:
            return (o1, c1, a1), (o2, c2, a2), 0.0 if o2 == o1 else (t - o1) / (o2 - o1)
    return stops[-1], stops[-1], 0.0
