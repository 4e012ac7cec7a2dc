"""Where a gradient lies on the shape it fills, for every reader of a `Gradient`.

A gradient is written in its own coordinates: the shape's box as a unit square (SVG's
objectBoundingBox, what hand-written art uses), or the user space of the shape (what
Inkscape writes: `userSpaceOnUse`), each through its `gradientTransform`. `placement`
is the one map from those coordinates to the drawing's; the PDF paints its shading
through it, the preflight's raster maps its bands through it and `along` maps a point
back through it, so all three agree with the SVG, which keeps the gradient as written.
"""

from __future__ import annotations

import math

from generator.draw.scene import Gradient

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as SVG and PDF
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
# Lengths of a reflected or repeated gradient drawn over a shape, at most: finer
# stripes than a 64th of the shape print as a blur anyway.
MOST_LENGTHS = 64


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The map applying `inner` first, then `outer`."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s,
            a * t + c * u + e, b * t + d * u + f)


def invert(m: Matrix) -> Matrix | None:
    """The inverse map; None for one that flattens the plane (no area)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12 or not math.isfinite(det):
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det,
            (b * e - a * f) / det)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    """The point (x, y) mapped by `m`."""
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def placement(g: Gradient, box: tuple[float, float, float, float]) -> Matrix:
    """The map from the gradient's own coordinates to the drawing's, on a shape whose
    box is (x, y, w, h)."""
    own = g.matrix or IDENTITY
    if g.user:
        return own
    x, y, w, h = box
    return compose((w, 0.0, 0.0, h, x, y), own)


def focus(g: Gradient) -> tuple[float, float]:
    """A radial gradient's focus: where its 0 lies (its centre unless moved)."""
    return g.focus or (g.x1, g.y1)


def along(g: Gradient, box: tuple[float, float, float, float], x: float, y: float) -> float:
    """Where in its stops (0-1) the gradient is at the drawing's point (x, y), on a shape
    whose box is (x, y, w, h): padded, reflected or repeated beyond its ends."""
    inverse = invert(placement(g, box))
    if inverse is None:
        return 1.0
    return spread(g, reach(g, *apply(inverse, x, y)))


def reach(g: Gradient, u: float, v: float) -> float:
    """How far along the gradient the point (u, v) of its own coordinates lies: 0 at its
    start, 1 at its end, less or more beyond them."""
    if g.radius:
        return _radial(g, u, v)
    dx, dy = g.x2 - g.x1, g.y2 - g.y1
    span = dx * dx + dy * dy
    return 0.0 if span == 0 else ((u - g.x1) * dx + (v - g.y1) * dy) / span


def reaches_over(g: Gradient, points) -> tuple[int, int]:
    """The whole lengths of the gradient the points (in its own coordinates) reach
    over, from below the least reach to above the most: at most MOST_LENGTHS of them,
    half each side of its start (a radial gradient's start at its focus: 0)."""
    reaches = [t for t in (reach(g, u, v) for u, v in points) if math.isfinite(t)]
    half = MOST_LENGTHS // 2
    low = 0 if g.radius or not reaches else math.floor(max(min(reaches), -half))
    high = math.ceil(min(max(reaches), half)) if reaches else 1
    return low, max(high, low + 1)


def spread(g: Gradient, t: float) -> float:
    """A reach as a place in the stops: SVG's spreadMethod (pad: the end colours go on;
    repeat: the stops again; reflect: the stops back and forth)."""
    if not math.isfinite(t):  # a point lost far beyond a gradient squashed to nothing
        return 1.0 if t > 0 else 0.0
    if g.spread == "repeat":
        return t - math.floor(t)
    if g.spread == "reflect":
        turn = t % 2.0
        return turn if turn <= 1.0 else 2.0 - turn
    return min(max(t, 0.0), 1.0)


def _radial(g: Gradient, u: float, v: float) -> float:
    """The t of the circle through (u, v): the circle of t is centred at focus + t *
    (centre - focus), of radius t * r (a focus inside the circle: one such t >= 0)."""
    fx, fy = focus(g)
    ex, ey, dx, dy = g.x1 - fx, g.y1 - fy, u - fx, v - fy
    a = ex * ex + ey * ey - g.radius * g.radius  # < 0: the focus lies inside
    b, c = -2 * (dx * ex + dy * ey), dx * dx + dy * dy
    if abs(a) < 1e-12:
        return c / -b if b < 0 else 1.0
    return (-b - math.sqrt(max(b * b - 4 * a * c, 0.0))) / (2 * a)
