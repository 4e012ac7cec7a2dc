"""Colours as numbers: luminance, contrast, tints, and the ink that reads on a colour."""

from __future__ import annotations

DARK = "#15141C"


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


SYMBOL_CONTRAST, TEXT_CONTRAST = 3.0, 4.5  # WCAG: graphics, and text


def symbol_ink(badge: str, light: str, least: float = SYMBOL_CONTRAST) -> str:
    """The light ink on a badge unless it reads poorly there (e.g. sky blue); then dark.
    `least` is the contrast it must reach: a symbol's 3:1, or text's 4.5:1."""
    return light if contrast(badge, light) >= least else DARK


def tint(colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0 = white, 1 = the colour)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02X}" for c in rgb)


def best_ink(background: str, *inks: str) -> str:
    """The ink that contrasts most with `background` (the first of equals)."""
    return max(inks, key=lambda ink: contrast(background, ink))
