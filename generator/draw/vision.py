"""How colours look to other eyes: greyscale and simulated colour-vision deficiencies,
and how far apart two colours look (CIE ΔE2000).

The simulations are Machado, Oliveira and Fernandes (2009) at full severity, applied to
linear RGB; greyscale is the colour's relative luminance. The preflight compares the
element colours through each of them, and the preview page applies the very same
matrices as SVG filters, so what the check measures is what the designer is shown.
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]
Matrix = tuple[RGB, RGB, RGB]  # 3 x 3, a row per channel out

# Machado et al. 2009, severity 1.0 (linear RGB in, linear RGB out).
PROTANOPIA: Matrix = ((0.152286, 1.052583, -0.204868),
                      (0.114503, 0.786281, 0.099216),
                      (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA: Matrix = ((0.367322, 0.860646, -0.227968),
                        (0.280085, 0.672501, 0.047413),
                        (-0.011820, 0.042940, 0.968881))
TRITANOPIA: Matrix = ((1.255528, -0.076749, -0.178779),
                      (-0.078411, 0.930809, 0.147602),
                      (0.004733, 0.691367, 0.303900))
GREYSCALE: Matrix = ((0.2126, 0.7152, 0.0722),) * 3  # relative luminance, as grey
NORMAL: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))

# The ways of seeing the preflight compares colours in, in the order it reports them.
VISIONS: tuple[tuple[str, Matrix], ...] = (
    ("normal vision", NORMAL), ("greyscale", GREYSCALE), ("deuteranopia", DEUTERANOPIA),
    ("protanopia", PROTANOPIA), ("tritanopia", TRITANOPIA))


def to_linear(colour: str) -> RGB:
    """#rrggbb as linear-light RGB in 0-1 (the sRGB transfer curve undone)."""
    def channel(at: int) -> float:
        v = int(colour[at:at + 2], 16) / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return channel(1), channel(3), channel(5)


def to_hex(rgb: RGB) -> str:
    """Linear RGB back to #rrggbb (clipped to the gamut)."""
    def channel(v: float) -> int:
        v = min(max(v, 0.0), 1.0)
        s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
        return round(s * 255)
    return "#" + "".join(f"{channel(v):02X}" for v in rgb)


def seen(colour: str, matrix: Matrix) -> str:
    """The colour as it looks through `matrix` (one of VISIONS' matrices)."""
    rgb = to_linear(colour)
    r, g, b = (sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix)
    return to_hex((r, g, b))


def lab(colour: str) -> RGB:
    """CIE L*a*b* (D65) of #rrggbb."""
    r, g, b = to_linear(colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    """CIE ΔE2000 between two #rrggbb colours (about 2 is just noticeable)."""
    return ciede2000(lab(a), lab(b))


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """CIE ΔE2000 of two L*a*b* colours (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = _hue(a1, b1), _hue(a2, b2)
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else _hue_step(h1, h2)
    dh_big = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    h_mean = _hue_mean(h1, h2, c1 * c2)
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30))
         + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = (-2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2
                     + rt * (dc / sc) * (dh_big / sh))


def _hue(a: float, b: float) -> float:
    return 0.0 if a == 0 and b == 0 else math.degrees(math.atan2(b, a)) % 360


def _hue_step(h1: float, h2: float) -> float:
    step = h2 - h1
    if step > 180:
        return step - 360
    return step + 360 if step < -180 else step


def _hue_mean(h1: float, h2: float, chroma_product: float) -> float:
    if chroma_product == 0:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
