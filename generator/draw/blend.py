"""Blend modes: how a blended group's colour mixes with what lies under it.

SVG art may set a group or a shape's blend mode (CSS's mix-blend-mode; Inkscape's
Layers and Objects > Blend mode). The PDF draws the sixteen modes itself (a
transparency group painted with `/BM`); the preflight works the same mixes out here,
from the formulas of the W3C's Compositing and Blending spec, which PDF's are: twelve
mix each channel on its own (`mix`), four a colour whole (`mix_colour`: its hue,
saturation and luminosity). Channels are 0-1; the formulas take numbers or numpy
arrays alike.
"""

from __future__ import annotations

NORMAL = "normal"
# CSS's name -> PDF's: the modes that mix each channel on its own.
PDF_NAMES = {
    "normal": "Normal", "multiply": "Multiply", "screen": "Screen", "overlay": "Overlay",
    "darken": "Darken", "lighten": "Lighten", "color-dodge": "ColorDodge",
    "color-burn": "ColorBurn", "hard-light": "HardLight", "soft-light": "SoftLight",
    "difference": "Difference", "exclusion": "Exclusion",
    "hue": "Hue", "saturation": "Saturation", "color": "Color", "luminosity": "Luminosity",
}
# The modes that mix a colour whole (its hue, saturation and luminosity), not by channel.
WHOLE_COLOUR = frozenset({"hue", "saturation", "color", "luminosity"})
# Where a mode's formula changes course, as a channel of either colour: the extremes of
# a mix over ranges of colours lie at their ends or at these.
TURNS = {"overlay": (0.5,), "hard-light": (0.5,), "soft-light": (0.25, 0.5)}


def mix(mode: str, below: float, paint: float) -> float:
    """One channel of `paint` blended with `below` (0-1 each) by `mode`, at full
    opacity: laid at opacity a, the result is (1 - a) * below + a * mix."""
    return float(_formula(mode, below, paint, _NUMBERS))


def mix_arrays(mode: str, below, paint):
    """`mix` over numpy arrays of channels (0-1), element by element."""
    import numpy as np  # only for the preflight's raster of blended art

    return _formula(mode, np.asarray(below, float), np.asarray(paint, float),
                    (np.where, np.minimum, np.maximum, np.sqrt))


# For numbers: pick one of two, the least, the most, a square root.
_NUMBERS = (lambda test, yes, no: yes if test else no, min, max, lambda v: v ** 0.5)


def mix_colour(mode: str, below: tuple[float, float, float],
               paint: tuple[float, float, float]) -> tuple[float, float, float]:
    """A colour (three channels, 0-1) of `paint` blended whole with `below` by one of the
    modes that mix a colour whole (`WHOLE_COLOUR`), at full opacity."""
    import numpy as np  # (a few points of the preflight's, in art that mixes so)

    r, g, b = mix_colour_arrays(mode, np.array(below, float), np.array(paint, float))
    return float(r), float(g), float(b)


def mix_colour_arrays(mode: str, below, paint):
    """`mix_colour` over numpy arrays whose last axis holds the three channels."""
    import numpy as np

    cb, cs = np.asarray(below, float), np.asarray(paint, float)
    if mode == "hue":
        return _set_lum(_set_sat(cs, _sat(cb)), _lum(cb))
    if mode == "saturation":
        return _set_lum(_set_sat(cb, _sat(cs)), _lum(cb))
    if mode == "color":
        return _set_lum(cs, _lum(cb))
    return _set_lum(cb, _lum(cs))  # luminosity


def _lum(c):
    return 0.3 * c[..., 0:1] + 0.59 * c[..., 1:2] + 0.11 * c[..., 2:3]


def _sat(c):
    return c.max(axis=-1, keepdims=True) - c.min(axis=-1, keepdims=True)


def _set_lum(c, lum):
    """The colour moved to luminosity `lum`, its channels brought back within 0-1 along
    the line to its grey (the spec's ClipColor)."""
    import numpy as np

    c = c + (lum - _lum(c))
    lum = _lum(c)
    least, most = c.min(axis=-1, keepdims=True), c.max(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        c = np.where(least < 0, lum + (c - lum) * lum / (lum - least), c)
        c = np.where(most > 1, lum + (c - lum) * (1 - lum) / (most - lum), c)
    return c


def _set_sat(c, sat):
    """The colour with saturation `sat`: its least channel 0, its most `sat`, the middle
    one kept in proportion (all 0 for a grey)."""
    import numpy as np

    least, most = c.min(axis=-1, keepdims=True), c.max(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(most > least, (c - least) * sat / (most - least), 0.0)


def _formula(mode: str, b, p, ops):
    """The W3C's formula of `mode` for a channel of the backdrop `b` and of the paint
    `p`, with `ops` (where, minimum, maximum, sqrt) for numbers or for arrays alike."""
    where, least, most, root = ops
    if mode == "multiply":
        return b * p
    if mode == "screen":
        return b + p - b * p
    if mode == "overlay":
        return _formula("hard-light", p, b, ops)
    if mode == "darken":
        return least(b, p)
    if mode == "lighten":
        return most(b, p)
    if mode == "color-dodge":  # (a tiny floor keeps the division off zero, unpicked)
        return where(b <= 0, 0.0, where(p >= 1, 1.0, least(1.0, b / most(1 - p, 1e-12))))
    if mode == "color-burn":
        return where(b >= 1, 1.0, where(p <= 0, 0.0, 1 - least(1.0, (1 - b) / most(p, 1e-12))))
    if mode == "hard-light":
        return where(p <= 0.5, b * 2 * p, _formula("screen", b, 2 * p - 1, ops))
    if mode == "soft-light":
        lifted = where(b <= 0.25, ((16 * b - 12) * b + 4) * b, root(most(b, 0.0)))
        return where(p <= 0.5, b - (1 - 2 * p) * b * (1 - b), b + (2 * p - 1) * (lifted - b))
    if mode == "difference":
        return abs(b - p)
    if mode == "exclusion":
        return b + p - 2 * b * p
    return p
