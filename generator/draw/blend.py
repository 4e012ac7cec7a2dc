"""Blend modes: how a blended group's colour mixes with what lies under it.

SVG art may set a group or a shape's blend mode (CSS's mix-blend-mode; Inkscape's
Layers and Objects > Blend mode). The PDF draws the twelve modes that work channel by
channel itself (a transparency group painted with `/BM`); the preflight works the
same mixes out here, from the formulas of the W3C's Compositing and Blending spec,
which PDF's are. Channels are 0-1; each function takes numbers or numpy arrays alike.
"""

from __future__ import annotations

NORMAL = "normal"
# CSS's name -> PDF's: the modes that mix each channel on its own.
PDF_NAMES = {
    "normal": "Normal", "multiply": "Multiply", "screen": "Screen", "overlay": "Overlay",
    "darken": "Darken", "lighten": "Lighten", "color-dodge": "ColorDodge",
    "color-burn": "ColorBurn", "hard-light": "HardLight", "soft-light": "SoftLight",
    "difference": "Difference", "exclusion": "Exclusion",
}
# Where a mode's formula changes course, as a channel of either colour: the extremes of
# a mix over ranges of colours lie at their ends or at these.
TURNS = {"overlay": (0.5,), "hard-light": (0.5,), "soft-light": (0.25, 0.5)}


def mix(mode: str, below: float, paint: float) -> float:
    """One channel of `paint` blended with `below` (0-1 each) by `mode`, at full
    opacity: laid at opacity a, the result is (1 - a) * below + a * mix."""
    if mode == "multiply":
        return below * paint
    if mode == "screen":
        return below + paint - below * paint
    if mode == "overlay":
        return mix("hard-light", paint, below)
    if mode == "darken":
        return min(below, paint)
    if mode == "lighten":
        return max(below, paint)
    if mode == "color-dodge":
        return 0.0 if below <= 0 else 1.0 if paint >= 1 else min(1.0, below / (1 - paint))
    if mode == "color-burn":
        return 1.0 if below >= 1 else 0.0 if paint <= 0 else \
            1 - min(1.0, (1 - below) / paint)
    if mode == "hard-light":
        return below * 2 * paint if paint <= 0.5 else mix("screen", below, 2 * paint - 1)
    if mode == "soft-light":
        if paint <= 0.5:
            return below - (1 - 2 * paint) * below * (1 - below)
        lifted = ((16 * below - 12) * below + 4) * below if below <= 0.25 else below ** 0.5
        return below + (2 * paint - 1) * (lifted - below)
    if mode == "difference":
        return abs(below - paint)
    if mode == "exclusion":
        return below + paint - 2 * below * paint
    return paint


def mix_arrays(mode: str, below, paint):
    """`mix` over numpy arrays of channels (0-1), element by element."""
    import numpy as np  # only for the preflight's raster of blended art

    b, p = np.asarray(below, float), np.asarray(paint, float)
    if mode == "multiply":
        return b * p
    if mode == "screen":
        return b + p - b * p
    if mode == "overlay":
        return mix_arrays("hard-light", p, b)
    if mode == "darken":
        return np.minimum(b, p)
    if mode == "lighten":
        return np.maximum(b, p)
    with np.errstate(divide="ignore", invalid="ignore"):
        if mode == "color-dodge":
            return np.where(b <= 0, 0.0, np.where(p >= 1, 1.0,
                                                  np.minimum(1.0, b / (1 - p))))
        if mode == "color-burn":
            return np.where(b >= 1, 1.0, np.where(p <= 0, 0.0,
                                                  1 - np.minimum(1.0, (1 - b) / p)))
    if mode == "hard-light":
        return np.where(p <= 0.5, b * 2 * p, mix_arrays("screen", b, 2 * p - 1))
    if mode == "soft-light":
        lifted = np.where(b <= 0.25, ((16 * b - 12) * b + 4) * b, np.sqrt(b))
        return np.where(p <= 0.5, b - (1 - 2 * p) * b * (1 - b), b + (2 * p - 1) * (lifted - b))
    if mode == "difference":
        return np.abs(b - p)
    if mode == "exclusion":
        return b + p - 2 * b * p
    return p
