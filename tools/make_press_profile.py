"""Build content/colour/press-cmyk.icc, the CMYK output profile of the print-shop PDFs.

    python tools/make_press_profile.py [--out content/colour/press-cmyk.icc]

The print-shop PDFs are PDF/X-4, whose output intent must carry the ICC profile of the
printing condition. The press profiles that printers use (FOGRA39/51, GRACoL, the ECI
files) may not be redistributed, so this script models a standard offset press on coated
paper from published numbers and writes a profile of our own (MIT licence, like the
rest of the project). A designer should replace the file with their print shop's
profile; see content/colour/LICENCE.md.

The printing condition
----------------------
ISO 12647-2:2004/Amd 1:2007, paper types 1 and 2 (gloss and matte coated), the aims on
which the FOGRA39 characterisation data (and so "ISO Coated v2") were built: CIELAB,
D50, 2° observer, 0°/45° geometry, measured on a white backing. The numbers are the
standard's table of solid colours as printers' and vendors' guides quote it (we did not
have the standard's own text to check them against):

    paper            95   0   -2
    cyan (C)         55 -37  -50
    magenta (M)      48  74   -3
    yellow (Y)       89  -5   93
    black (K)        16   0    0
    red (M+Y)        47  68   48
    green (C+Y)      50 -65   27
    blue (C+M)       24  22  -46
    C+M+Y            23   0    0   (not in ISO 12647-2: FOGRA39's three-colour solid is
                                   neutral, near L* 23; we take 23, 0, 0)

Tone value increase (dot gain) at 50 %: 14 % for C, M and Y and 17 % for K, the values
given for FOGRA39 (the standard's curves A and B). Each curve is taken as a parabola
through 0 and 100 % with that value at 50 %.

The printing model (CMYK -> CIELAB)
-----------------------------------
A Yule-Nielsen modified Neugebauer model, worked in CIEXYZ (we have no spectra):

- 16 Neugebauer primaries. The 8 without black are the aims above (XYZ from their
  CIELAB). The 8 with black are estimated: black multiplies each channel of the colour
  under it by black's own ratio to paper, after taking off a flat surface reflection of
  1 % that no ink layer removes (without it the 400 % patch would come out at L* 1, with
  it at L* 9, about what a coated offset press prints).
- Demichel weights (independent, randomly overlapping dots) of the effective coverages.
- Yule-Nielsen n = 2 (the optical dot gain of an AM screen on coated paper).
- The effective coverage of each ink is worked out so that its own ramp on paper has
  exactly the stated tone value increase when measured the way a densitometer does it
  (Murray-Davies, on the tristimulus channel nearest the ink's filter: X for cyan, Y for
  magenta and black, Z for yellow).

The separation (CIELAB -> CMYK)
-------------------------------
At each node of the B2A grid the model is inverted numerically, all nodes at once:

- The black point is the darkest neutral the press prints with 100 % black within the
  total area coverage (TAC) of 320 %: C 85, M 72, Y 63, K 100, L* 9.9 (relative to
  paper 11.1). (The darkest colour of all is a bluish C 100 M 100 Y 20 K 100, barely
  darker; a neutral black is the one a print shop expects.)
- Black generation (GCR, medium): a neutral gets no black while it is lighter than the
  CMY grey whose lightest ink is 35 % (L* 63); below that its black rises with a power
  of 1.3 to 100 % at the black point. A colourful aim gets less, none from chroma 50.
- The device values are those nearest the aim in CIELAB (least squares) with all inks
  in 0..100 %, their sum within 320 %, and black held near the rule by a penalty (10
  ΔE76 per 100 % of black), so black leaves the rule only where CMY cannot reach the
  colour. In gamut this is an exact match; out of gamut, the nearest printable colour
  (aims darker than the black point are taken at its lightness). Paper white gives
  0/0/0/0 and CIELAB black the black point.

The least squares are damped Gauss-Newton (Levenberg-Marquardt) iterations that hold
a value on its bound and slide along the ink limit, started from the best point of a
coarse lattice of device values.

The profile
-----------
ICC.1:2001-04 (version 2.4), class 'prtr', CMYK data, CIELAB connection space, D50:

- A2B1 (relative colorimetric): the model, relative to the paper (paper = L* 100), a
  lut16 with 9 points a side. Its input curves are the effective-coverage curves, so the
  grid is uniform where the model is nearly multilinear.
- wtpt: the paper's XYZ under D50, so absolute colorimetric gives back the aims.
- A2B0 = A2B2 (perceptual, saturation): as A2B1 with the black point scaled to L* 0 (in
  XYZ, as black point compensation does), so dark image detail is not clipped away.
- B2A1 and B2A0 = B2A2: the separations of those two, lut16 with 17 points a side. Their
  input curve for L* spreads 0..100 over the whole grid, so that L* 100 is a node.
- gamt: 0 where the relative-colorimetric separation reproduces the colour within
  ΔE 1, rising to 1 at ΔE 5 and beyond.

All tables are lut16 with the version 2 CIELAB encoding (L* 0..100 -> 0..0xFF00, a* and
b* -128..127.996 -> 0..0xFFFF). The header's date is fixed, and the numerics are plain
numpy in a fixed order, so each run writes the same bytes.
"""

from __future__ import annotations

import argparse
import struct
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "content" / "colour" / "press-cmyk.icc"

DESCRIPTION = "TKG ARENA press CMYK: offset, coated paper (ISO 12647-2 PT1/2 aims), TAC 320%"
COPYRIGHT = "Made by tools/make_press_profile.py for TKG ARENA; MIT licence"
DATE = (2026, 12, 4, 0, 0, 0)  # fixed, so every run writes the same bytes
CREATOR = b"TKGA"

D50 = np.array([0.9642, 1.0, 0.8249])  # the ICC connection space's white

# The aims (CIELAB D50), keyed by which of cyan, magenta and yellow print solid.
PAPER = (95.0, 0.0, -2.0)
CMY_AIMS = {
    (0, 0, 0): PAPER,
    (1, 0, 0): (55.0, -37.0, -50.0),  # cyan
    (0, 1, 0): (48.0, 74.0, -3.0),  # magenta
    (0, 0, 1): (89.0, -5.0, 93.0),  # yellow
    (0, 1, 1): (47.0, 68.0, 48.0),  # red
    (1, 0, 1): (50.0, -65.0, 27.0),  # green
    (1, 1, 0): (24.0, 22.0, -46.0),  # blue
    (1, 1, 1): (23.0, 0.0, 0.0),  # three-colour black
}
BLACK = (16.0, 0.0, 0.0)

TVI_50 = (0.14, 0.14, 0.14, 0.17)  # tone value increase at 50 %: C, M, Y, K
TVI_CHANNEL = (0, 1, 2, 1)  # the XYZ channel that stands in for each ink's filter
YULE_NIELSEN = 2.0
SURFACE = 0.01  # flat surface reflection that black does not remove

TAC = 3.20  # total area coverage limit (320 %)
GCR_START = 0.35  # grey component where black begins
GCR_POWER = 1.3
GCR_CHROMA = 50.0  # chroma at which the rule gives no black at all
K_PULL = 10.0  # ΔE76 that 100 % black away from the GCR rule costs as much as

A2B_GRID = 9
B2A_GRID = 17
CURVE_ENTRIES = 256  # entries of the A2B input curves
GAMUT_IN, GAMUT_OUT = 1.0, 5.0  # ΔE76 from which gamt starts to rise, and where it is 1

ITERATIONS = 100


# --- CIELAB and CIEXYZ -------------------------------------------------------------------

def lab_to_xyz(lab: np.ndarray, white: np.ndarray = D50) -> np.ndarray:
    """CIEXYZ (white Y = 1) of CIELAB colours (last axis L*, a*, b*)."""
    lab = np.asarray(lab, dtype=float)
    fy = (lab[..., 0] + 16.0) / 116.0
    f = np.stack([fy + lab[..., 1] / 500.0, fy, fy - lab[..., 2] / 200.0], axis=-1)
    delta = 6.0 / 29.0
    t = np.where(f > delta, f ** 3, 3.0 * delta * delta * (f - 4.0 / 29.0))
    return t * white


def xyz_to_lab(xyz: np.ndarray, white: np.ndarray = D50) -> np.ndarray:
    """CIELAB of CIEXYZ colours (last axis X, Y, Z; white Y = 1)."""
    t = np.asarray(xyz, dtype=float) / white
    delta = 6.0 / 29.0
    f = np.where(t > delta ** 3, np.cbrt(np.maximum(t, 0.0)),
                 t / (3.0 * delta * delta) + 4.0 / 29.0)
    return np.stack([116.0 * f[..., 1] - 16.0, 500.0 * (f[..., 0] - f[..., 1]),
                     200.0 * (f[..., 1] - f[..., 2])], axis=-1)


# --- The printing model --------------------------------------------------------------------

def primaries() -> np.ndarray:
    """XYZ of the 16 Neugebauer primaries, row i printing ink j where bit j of i is set
    (bits: C, M, Y, K)."""
    paper = lab_to_xyz(PAPER)
    floor = SURFACE * D50
    black_ratio = (lab_to_xyz(BLACK) - floor) / (paper - floor)
    rows = []
    for index in range(16):
        key = (index & 1, (index >> 1) & 1, (index >> 2) & 1)
        xyz = lab_to_xyz(CMY_AIMS[key])
        if index & 8:  # black over it: what black lets through of the light above the floor
            xyz = floor + (xyz - floor) * black_ratio
        rows.append(xyz)
    return np.array(rows)


PRIMARIES = primaries()
PAPER_XYZ = PRIMARIES[0]


def apparent_area(tone: np.ndarray, tvi_50: float) -> np.ndarray:
    """The printed (Murray-Davies) area of a tone: the tone plus its tone value increase,
    a parabola through 0 and 100 % with `tvi_50` at 50 %."""
    return tone + 4.0 * tvi_50 * tone * (1.0 - tone)


def effective_coverage(tone: np.ndarray, ink: int) -> np.ndarray:
    """The Yule-Nielsen coverage of `ink` at `tone` (0..1) that prints the tone's
    apparent area, measured on paper the way a densitometer would."""
    channel, n = TVI_CHANNEL[ink], YULE_NIELSEN
    paper, solid = PRIMARIES[0, channel], PRIMARIES[1 << ink, channel]
    reflectance = paper - apparent_area(tone, TVI_50[ink]) * (paper - solid)
    root = np.maximum(reflectance, 1e-9) ** (1.0 / n)
    return (paper ** (1.0 / n) - root) / (paper ** (1.0 / n) - solid ** (1.0 / n))


def coverages(cmyk: np.ndarray) -> np.ndarray:
    """Effective coverages of device values (last axis C, M, Y, K in 0..1)."""
    return np.stack([effective_coverage(cmyk[..., i], i) for i in range(4)], axis=-1)


def xyz_of_cover(cover: np.ndarray) -> np.ndarray:
    """Absolute XYZ that the press prints for effective coverages (last axis 4).

    Summing the primaries with their Demichel weights is the same as interpolating
    between them multilinearly, one ink at a time, which is what this does (in the
    Yule-Nielsen space, in a fixed order, with no BLAS product whose rounding could
    depend on the machine)."""
    n = YULE_NIELSEN
    shares = cover.reshape(-1, 4).T  # the colours along the last axis: long, fast rows
    values = (PRIMARIES ** (1.0 / n))[:, :, None]
    for ink in range(4):  # pairs of primaries that differ only in this ink are adjacent
        values = values[0::2] * (1.0 - shares[ink]) + values[1::2] * shares[ink]
    return (np.maximum(values[0], 0.0) ** n).T.reshape(*cover.shape[:-1], 3)


def relative(xyz: np.ndarray) -> np.ndarray:
    """Media-relative XYZ: the paper becomes the connection space's white (ICC v2)."""
    return xyz * (D50 / PAPER_XYZ)


def press_lab(cmyk: np.ndarray) -> np.ndarray:
    """Media-relative CIELAB that the press prints for device values."""
    return xyz_to_lab(relative(xyz_of_cover(coverages(cmyk))))


# --- Perceptual: black point scaling -------------------------------------------------------

def to_perceptual(xyz_rel: np.ndarray, black_y: float) -> np.ndarray:
    """Relative XYZ with the press's darkest black moved to the connection space's zero."""
    return np.maximum((xyz_rel - black_y * D50) / (1.0 - black_y), 0.0)


def from_perceptual(xyz: np.ndarray, black_y: float) -> np.ndarray:
    """The inverse of to_perceptual: connection-space XYZ to relative XYZ."""
    return xyz * (1.0 - black_y) + black_y * D50


# --- Inverting the model -------------------------------------------------------------------

def project(x: np.ndarray, limit: float) -> np.ndarray:
    """The nearest point to each row of `x` with every value in 0..1 and the row's sum at
    most `limit` (the total area coverage): the rows over it are shifted down by a common
    amount, found by bisection."""
    inside = np.clip(x, 0.0, 1.0)
    over = np.flatnonzero(inside.sum(axis=1) > limit)
    if over.size:
        rows = x[over]
        low, high = np.zeros(over.size), np.max(rows, axis=1)
        for _ in range(50):
            mid = (low + high) / 2
            too_much = np.clip(rows - mid[:, None], 0.0, 1.0).sum(axis=1) > limit
            low, high = np.where(too_much, mid, low), np.where(too_much, high, mid)
        inside[over] = np.clip(rows - high[:, None], 0.0, 1.0)
    return inside


def cholesky(a: np.ndarray) -> np.ndarray:
    """The lower Cholesky factors of a stack of small symmetric positive definite
    matrices (written out, so that the result does not depend on a LAPACK build)."""
    n = a.shape[-1]
    low = np.zeros_like(a)
    for j in range(n):
        diagonal = a[:, j, j] - np.sum(low[:, j, :j] ** 2, axis=1)
        low[:, j, j] = np.sqrt(np.maximum(diagonal, 1e-300))
        for i in range(j + 1, n):
            dot = np.sum(low[:, i, :j] * low[:, j, :j], axis=1)
            low[:, i, j] = (a[:, i, j] - dot) / low[:, j, j]
    return low


def solve_cholesky(low: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Solve (low low^T) x = b for each row of b, by forward and back substitution."""
    n = low.shape[-1]
    y = np.zeros_like(b)
    for i in range(n):
        y[:, i] = (b[:, i] - np.sum(low[:, i, :i] * y[:, :i], axis=1)) / low[:, i, i]
    x = np.zeros_like(b)
    for i in reversed(range(n)):
        x[:, i] = (y[:, i] - np.sum(low[:, i + 1:, i] * x[:, i + 1:], axis=1)) / low[:, i, i]
    return x


def least_squares(residual: Callable[[np.ndarray], np.ndarray], x: np.ndarray,
                  limit: float) -> np.ndarray:
    """Minimise |residual(x)|² for every row of `x` at once, each value in 0..1 and each
    row's sum at most `limit`: Levenberg-Marquardt steps with forward-difference
    Jacobians, a step kept only where it lowers the cost. A value on a bound that the
    gradient pushes outwards is held there, and on the ink limit the step slides along
    it, so the iteration does not stall against the limits of out-of-gamut colours."""
    x = project(x, limit)
    r = residual(x)
    cost = np.sum(r * r, axis=1)
    damping = np.full(x.shape[0], 1e-3)
    size, h = x.shape[1], 1e-6
    for _ in range(ITERATIONS):
        jac = np.stack([(residual(x + h * np.eye(size)[j]) - r) / h for j in range(size)],
                       axis=2)
        grad = np.einsum("nri,nr->ni", jac, r)
        held = ((x <= 0.0) & (grad > 0.0)) | ((x >= 1.0) & (grad < 0.0))
        jac = np.where(held[:, None, :], 0.0, jac)
        normal = np.einsum("nri,nrj->nij", jac, jac)
        scale = np.einsum("nii->ni", normal) * damping[:, None] + held + 1e-12
        normal = normal + np.einsum("ni,ij->nij", scale, np.eye(size))
        low = cholesky(normal)
        step = solve_cholesky(low, -np.where(held, 0.0, grad))
        along = solve_cholesky(low, np.where(held, 0.0, 1.0))
        rises = (x.sum(axis=1) >= limit - 1e-12) & (step.sum(axis=1) > 0.0)
        shift = step.sum(axis=1) / np.where(rises, along.sum(axis=1), 1.0)
        step = np.where(rises[:, None], step - shift[:, None] * along, step)
        trial = project(x + step, limit)
        r_trial = residual(trial)
        trial_cost = np.sum(r_trial * r_trial, axis=1)
        better = trial_cost < cost
        x = np.where(better[:, None], trial, x)
        r = np.where(better[:, None], r_trial, r)
        cost = np.where(better, trial_cost, cost)
        damping = np.clip(np.where(better, damping * 0.3, damping * 4.0), 1e-9, 1e9)
    return x


def lattice(axes: int, steps: int, limit: float) -> np.ndarray:
    """Device values on a regular lattice of `axes` inks, those within `limit`."""
    ticks = np.linspace(0.0, 1.0, steps)
    points = np.stack(np.meshgrid(*[ticks] * axes, indexing="ij"), axis=-1).reshape(-1, axes)
    return points[points.sum(axis=1) <= limit + 1e-9]


def nearest(costs: Callable[[np.ndarray, slice], np.ndarray], candidates: np.ndarray,
            count: int) -> np.ndarray:
    """For each of `count` aims, the candidate of least cost (in chunks, to bound memory)."""
    best = np.zeros(count, dtype=int)
    for start in range(0, count, 256):
        chunk = slice(start, min(start + 256, count))
        best[chunk] = np.argmin(costs(candidates, chunk), axis=1)
    return candidates[best]


def cmy_only(aims: np.ndarray) -> np.ndarray:
    """The CMY colour (no black) nearest each aim."""
    candidates = lattice(3, 11, 3.0)
    lab = press_lab(np.concatenate([candidates, np.zeros((len(candidates), 1))], axis=1))

    def costs(_: np.ndarray, chunk: slice) -> np.ndarray:
        return np.sum((aims[chunk, None, :] - lab[None]) ** 2, axis=2)

    def residual(cmy: np.ndarray) -> np.ndarray:
        return press_lab(np.concatenate([cmy, np.zeros((len(cmy), 1))], axis=1)) - aims

    return least_squares(residual, nearest(costs, candidates, len(aims)), 3.0)


def held_black(aims: np.ndarray, black: np.ndarray) -> np.ndarray:
    """Device values nearest each aim in CIELAB with black held near `black` (a penalty,
    so black moves only where it must), within the total area coverage."""
    candidates = lattice(4, 7, TAC)
    lab = press_lab(candidates)

    def costs(found: np.ndarray, chunk: slice) -> np.ndarray:
        colour = np.sum((aims[chunk, None, :] - lab[None]) ** 2, axis=2)
        return colour + (K_PULL * (found[None, :, 3] - black[chunk, None])) ** 2

    def residual(cmyk: np.ndarray) -> np.ndarray:
        rule = K_PULL * (cmyk[:, 3] - black)
        return np.concatenate([press_lab(cmyk) - aims, rule[:, None]], axis=1)

    return least_squares(residual, nearest(costs, candidates, len(aims)), TAC)


@cache
def darkest_black() -> np.ndarray:
    """The press's black point: 100 % black and the CMY that make it neutral (relative
    a* = b* = 0) with all inks together at the limit. (More ink is darker, so this is the
    darkest neutral; put as three equations in three unknowns, its solution does not
    drift with rounding as a search for the least L* would.)"""
    def residual(cmy: np.ndarray) -> np.ndarray:
        lab = press_lab(np.concatenate([cmy, np.ones((len(cmy), 1))], axis=1))
        return np.stack([lab[:, 1], lab[:, 2], 100.0 * (cmy.sum(axis=1) + 1.0 - TAC)], axis=1)

    start = np.full((1, 3), (TAC - 1.0) / 3.0)
    return np.append(least_squares(residual, start, 3.0)[0], 1.0)


@cache
def gcr_lightness() -> tuple[float, float]:
    """Where the black of neutrals starts and where it is full: the relative L* of the
    CMY grey with a grey component of GCR_START, and that of the darkest black."""
    lightness = np.linspace(100.0, 20.0, 81)
    grey = np.min(cmy_only(np.stack([lightness, 0 * lightness, 0 * lightness], axis=1)),
                  axis=1)
    start = float(np.interp(GCR_START, grey, lightness))  # grey rises as L* falls
    full = float(press_lab(darkest_black()[None])[0, 0])
    return start, full


def gcr_black(aims: np.ndarray) -> np.ndarray:
    """The black that the GCR rule gives each aim: none above the start lightness,
    rising to 100 % at the darkest black, less the more colourful the aim."""
    start, full = gcr_lightness()
    depth = np.clip((start - aims[:, 0]) / (start - full), 0.0, 1.0) ** GCR_POWER
    chroma = np.hypot(aims[:, 1], aims[:, 2])
    return depth * np.clip(1.0 - chroma / GCR_CHROMA, 0.0, 1.0)


def separate(aims: np.ndarray) -> np.ndarray:
    """Device values (C, M, Y, K in 0..1) for media-relative CIELAB aims: GCR black,
    within the total area coverage; an aim darker than the black point is taken at the
    black point's lightness, and an aim the press cannot print lands on the nearest
    colour it can."""
    aims = aims.copy()
    aims[:, 0] = np.maximum(aims[:, 0], gcr_lightness()[1])
    return held_black(aims, gcr_black(aims))


# --- ICC encodings ---------------------------------------------------------------------------

def encode_lab(lab: np.ndarray) -> np.ndarray:
    """Version 2 (lut16) CIELAB words: L* 0..100 -> 0..0xFF00, a*, b* +128 times 256."""
    words = np.stack([lab[..., 0] * (0xFF00 / 100.0), (lab[..., 1] + 128.0) * 256.0,
                      (lab[..., 2] + 128.0) * 256.0], axis=-1)
    return np.clip(np.round(words), 0, 0xFFFF).astype(">u2")


def encode_unit(values: np.ndarray) -> np.ndarray:
    """Words of values in 0..1 (device values, curves)."""
    return np.clip(np.round(np.asarray(values) * 0xFFFF), 0, 0xFFFF).astype(">u2")


def s15(value: float) -> bytes:
    """An s15Fixed16Number."""
    return struct.pack(">i", round(value * 65536))


def grid(points: int, axes: int) -> np.ndarray:
    """Grid node coordinates in 0..1, the first axis varying slowest (ICC CLUT order)."""
    ticks = np.linspace(0.0, 1.0, points)
    return np.stack(np.meshgrid(*[ticks] * axes, indexing="ij"), axis=-1).reshape(-1, axes)


# --- Tags ---------------------------------------------------------------------------------------

def lut16(curves_in: np.ndarray, table: np.ndarray, points: int) -> bytes:
    """A lut16Type ('mft2'): identity matrix, the input curves (one row per input), the
    CLUT (rows of output words in ICC order) and identity output curves."""
    inputs, outputs = curves_in.shape[0], table.shape[1]
    head = b"mft2" + bytes(4) + struct.pack(">BBBx", inputs, outputs, points)
    matrix = b"".join(s15(1.0 if row == col else 0.0) for row in range(3) for col in range(3))
    sizes = struct.pack(">HH", curves_in.shape[1], 2)
    identity = np.tile(np.array([0, 0xFFFF], dtype=">u2"), outputs)
    return (head + matrix + sizes + curves_in.astype(">u2").tobytes()
            + table.astype(">u2").tobytes() + identity.tobytes())


def text_description(text: str) -> bytes:
    """A textDescriptionType ('desc'): the ASCII text, no Unicode, an empty Mac string."""
    ascii_text = text.encode("ascii") + b"\0"
    return (b"desc" + bytes(4) + struct.pack(">I", len(ascii_text)) + ascii_text
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67))


def text_tag(text: str) -> bytes:
    """A textType ('text'): ASCII, NUL-terminated."""
    return b"text" + bytes(4) + text.encode("ascii") + b"\0"


def xyz_tag(xyz: np.ndarray) -> bytes:
    """An XYZType with one colour."""
    return b"XYZ " + bytes(4) + b"".join(s15(float(v)) for v in xyz)


def a2b(adjust: Callable[[np.ndarray], np.ndarray]) -> bytes:
    """CMYK -> CIELAB table: the input curves give each ink's effective coverage, so the
    CLUT samples the model where it is nearly multilinear. `adjust` maps relative XYZ to
    the connection space's XYZ of the rendering intent."""
    tones = np.linspace(0.0, 1.0, CURVE_ENTRIES)
    curves = np.stack([encode_unit(effective_coverage(tones, ink)) for ink in range(4)])
    nodes = grid(A2B_GRID, 4)
    lab = xyz_to_lab(adjust(relative(xyz_of_cover(nodes))))
    return lut16(curves, encode_lab(lab), A2B_GRID)


def b2a_curves() -> np.ndarray:
    """Input curves of the tables with CIELAB input. L* 0..100 (0..0xFF00) is stretched
    over the whole grid, so that paper white (L* 100) and every L* node fall exactly on
    grid points and white separates to no ink at all; a* and b* pass unchanged. With
    258 entries the kink at 0xFF00 is an entry (0xFF00 = 256 * 65535 / 257)."""
    steps = np.arange(258)
    lightness = np.minimum(steps / 256.0, 1.0)
    return np.stack([encode_unit(lightness), encode_unit(steps / 257.0),
                     encode_unit(steps / 257.0)])


def b2a_nodes() -> np.ndarray:
    """The CIELAB of the B2A grid's nodes, as b2a_curves() lay them out."""
    nodes = grid(B2A_GRID, 3)
    return np.stack([nodes[:, 0] * 100.0, nodes[:, 1] * 65535.0 / 256.0 - 128.0,
                     nodes[:, 2] * 65535.0 / 256.0 - 128.0], axis=1)


def b2a(device: np.ndarray) -> bytes:
    """CIELAB -> CMYK table of the device values found for b2a_nodes()."""
    return lut16(b2a_curves(), encode_unit(device), B2A_GRID)


def gamut(aims: np.ndarray, device: np.ndarray) -> bytes:
    """gamt: 0 where the separation prints the node's colour, rising with the error."""
    error = np.sqrt(np.sum((press_lab(device) - aims) ** 2, axis=1))
    out = np.clip((error - GAMUT_IN) / (GAMUT_OUT - GAMUT_IN), 0.0, 1.0)
    return lut16(b2a_curves(), encode_unit(out)[:, None], B2A_GRID)


# --- The profile --------------------------------------------------------------------------------

def header(size: int) -> bytes:
    """The 128-byte ICC version 2.4 header of an output (printer) profile."""
    fields = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02400000)
              + b"prtr" + b"CMYK" + b"Lab " + struct.pack(">6H", *DATE) + b"acsp"
              + bytes(4)  # primary platform: none
              + bytes(4)  # flags: not embedded, may be used on its own
              + bytes(8)  # device manufacturer and model
              + bytes(8)  # attributes: reflective, glossy, positive, colour
              + struct.pack(">I", 0)  # rendering intent: perceptual
              + b"".join(s15(float(v)) for v in D50) + CREATOR)
    return fields + bytes(128 - len(fields))  # profile ID (zero in v2) and reserved


def assemble(tags: list[tuple[bytes, bytes]]) -> bytes:
    """Header, tag table and tag data (each 4-byte aligned; equal data stored once)."""
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    placed: dict[bytes, tuple[int, int]] = {}
    blocks = []
    entries = []
    for signature, data in tags:
        if data not in placed:
            placed[data] = (offset, len(data))
            padded = data + bytes(-len(data) % 4)
            blocks.append(padded)
            offset += len(padded)
        entries.append(struct.pack(">4sII", signature, *placed[data]))
    body = struct.pack(">I", len(tags)) + b"".join(entries) + b"".join(blocks)
    return header(128 + len(body)) + body


def profile_bytes() -> bytes:
    """The whole profile, the same bytes on every run."""
    black_y = float(relative(xyz_of_cover(coverages(darkest_black())))[1])

    def perceptual(xyz_rel: np.ndarray) -> np.ndarray:
        return to_perceptual(xyz_rel, black_y)

    nodes = b2a_nodes()
    colorimetric = separate(nodes)
    relative_aims = xyz_to_lab(from_perceptual(lab_to_xyz(nodes), black_y))
    pictorial = separate(relative_aims)
    a2b_perceptual, a2b_colorimetric = a2b(perceptual), a2b(lambda xyz: xyz)
    b2a_perceptual = b2a(pictorial)
    return assemble([
        (b"desc", text_description(DESCRIPTION)),
        (b"cprt", text_tag(COPYRIGHT)),
        (b"wtpt", xyz_tag(PAPER_XYZ)),
        (b"A2B0", a2b_perceptual),
        (b"A2B1", a2b_colorimetric),
        (b"A2B2", a2b_perceptual),
        (b"B2A0", b2a_perceptual),
        (b"B2A1", b2a(colorimetric)),
        (b"B2A2", b2a_perceptual),
        (b"gamt", gamut(nodes, colorimetric)),
    ])


def main(argv: list[str] | None = None) -> int:
    """Write the profile and say what its darkest black is."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    data = profile_bytes()
    args.out.write_bytes(data)
    black = darkest_black()
    lab = press_lab(black[None])[0]
    print(f"{args.out}: {len(data)} bytes; darkest black C{black[0]:.0%} M{black[1]:.0%} "
          f"Y{black[2]:.0%} K{black[3]:.0%} (sum {black.sum():.0%}), relative "
          f"L*{lab[0]:.1f} a*{lab[1]:.1f} b*{lab[2]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
