"""What one shape paints at one point of a scene, worked out from its geometry.

`generator.draw.beneath` asks this where a range of colours cannot settle what lies
under a glyph: at points across the glyph's box, each shape that holds the point is
laid over the paper in drawing order. Distances and windings are measured in the
shape's own coordinates (the group's scale taken out), with the outlines of
`generator.draw.geometry`, so the same outlines are measured everywhere.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise
from math import hypot
from pathlib import Path as FilePath

from generator.draw.blend import NORMAL, WHOLE_COLOUR, mix, mix_colour
from generator.draw.colour import stop_colour, stop_opacity
from generator.draw.geometry import Place, bounds, leaves, subpaths
from generator.draw.gradients import along
from generator.draw.pictures import COVER, fitted, picture_scale, picture_size
from generator.draw.scene import Ellipse, Gradient, Image, Path, Rect

Rgb = tuple[float, float, float]


def rgb(colour: str) -> Rgb:
    """#rrggbb as three channels, 0-255."""
    return float(int(colour[1:3], 16)), float(int(colour[3:5], 16)), float(int(colour[5:7], 16))


def over(below: Rgb, paint: Rgb, alpha: float) -> Rgb:
    """`paint` laid at opacity `alpha` over `below`, channel by channel."""
    return (alpha * paint[0] + (1 - alpha) * below[0], alpha * paint[1] + (1 - alpha) * below[1],
            alpha * paint[2] + (1 - alpha) * below[2])


def laid(below: Rgb, paint: Rgb, alpha: float, mode: str) -> Rgb:
    """`paint` laid at opacity `alpha` over `below`, blended by `mode` first."""
    if mode == NORMAL:
        return over(below, paint, alpha)
    if mode in WHOLE_COLOUR:
        r, g, b = mix_colour(mode, (below[0] / 255, below[1] / 255, below[2] / 255),
                             (paint[0] / 255, paint[1] / 255, paint[2] / 255))
        return over(below, (255 * r, 255 * g, 255 * b), alpha)
    return over(below, (255 * mix(mode, below[0] / 255, paint[0] / 255),
                        255 * mix(mode, below[1] / 255, paint[1] / 255),
                        255 * mix(mode, below[2] / 255, paint[2] / 255)), alpha)


Outline = list[tuple[list[tuple[float, float]], bool]]  # a path's subpaths, flattened


def outline_of(item) -> Outline | None:
    """A path's subpaths flattened in its own coordinates (None for any other shape):
    worked out once and handed to `painted` and `fills` for every point."""
    return subpaths(item) if isinstance(item, Path) else None


def _local(place: Place, x: float, y: float) -> tuple[float, float] | None:
    """Scene point (x, y) in the item's own units, or None where its clip hides it."""
    if place.clip is not None:
        x0, y0, x1, y1 = place.clip
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return None
        if not all(_winds(outline.subpaths, x, y, outline.evenodd)
                   for outline in place.outlines):
            return None
    return (x - place.dx) / place.scale, (y - place.dy) / place.scale


def painted(item, place: Place, x: float, y: float, below: Rgb,
            outline: Outline | None = None) -> Rgb:
    """The colour at scene point (x, y) once `item` is painted over `below` (a path's
    `outline`, if given, saves flattening it again)."""
    local = _local(place, x, y)
    if local is None:
        return below
    lx, ly = local
    if isinstance(item, Image):
        colour = _picture(item, lx, ly, below, place.blend)
    else:
        style = item.style
        colour = below
        if style.fill and _inside(item, lx, ly, outline):
            paint, alpha = _paint(style.fill, item, lx, ly)
            colour = laid(colour, paint, style.opacity * alpha, place.blend)
        if style.stroke and style.stroke_width > 0 and _on_stroke(item, lx, ly, outline):
            colour = laid(colour, rgb(style.stroke), style.opacity, place.blend)
    for items, at in place.masks:  # each shape through them (not the group whole)
        colour = over(below, colour, _luminance(items, at, x, y))
    return colour


def _luminance(items: tuple, place: Place, x: float, y: float) -> float:
    """How much a mask of `items` (drawn at `place`) shows at scene point (x, y): their
    luminance over black there, 0-1, as SVG masks."""
    colour = (0.0, 0.0, 0.0)
    for leaf, at in leaves(items, place):
        colour = painted(leaf, at, x, y, colour)
    return (0.2125 * colour[0] + 0.7154 * colour[1] + 0.0721 * colour[2]) / 255


def fills(item, place: Place, x: float, y: float, outline: Outline | None = None) -> bool:
    """Whether the item's fill (a picture's box) holds scene point (x, y)."""
    local = _local(place, x, y)
    if local is None:
        return False
    lx, ly = local
    if isinstance(item, Image):
        return _on_picture(item, lx, ly)
    return bool(item.style.fill) and _inside(item, lx, ly, outline)


def _paint(paint, item, x: float, y: float) -> tuple[Rgb, float]:
    """The paint's colour at (x, y) of the item and how opaque it is there (a
    gradient's stops may fade)."""
    if not isinstance(paint, Gradient):
        return rgb(paint), 1.0
    t = _along(paint, item, x, y)
    return rgb(stop_colour(paint, t)), stop_opacity(paint, t)


def _along(paint: Gradient, item, x: float, y: float) -> float:
    """How far along the gradient (0-1) the point (x, y) of the item lies."""
    box = bounds((item,))
    if box is None:
        return 1.0
    return along(paint, (box[0], box[1], box[2] - box[0], box[3] - box[1]), x, y)


def _inside(item, x: float, y: float, outline: Outline | None) -> bool:
    if isinstance(item, Rect):
        return _rounded_distance(item, x, y) <= 0
    if isinstance(item, Ellipse):
        return _ellipse_distance(item, x, y) <= 0
    if isinstance(item, Path):
        return _winds(outline if outline is not None else subpaths(item), x, y,
                      item.style.evenodd)
    return False


def _on_stroke(item, x: float, y: float, outline: Outline | None) -> bool:
    half = item.style.stroke_width / 2
    if isinstance(item, Rect):
        return abs(_rounded_distance(item, x, y)) <= half
    if isinstance(item, Ellipse):
        return abs(_ellipse_distance(item, x, y)) <= half
    if isinstance(item, Path):
        return any(_segment_distance(x, y, a, b) <= half
                   for points, closed in (outline if outline is not None else subpaths(item))
                   for a, b in _segments(points, closed))
    return False


def _rounded_distance(rect: Rect, x: float, y: float) -> float:
    """Signed distance from a rounded rectangle's outline (negative inside)."""
    r = max(0.0, min(rect.r, rect.w / 2, rect.h / 2))
    qx = abs(x - (rect.x + rect.w / 2)) - (rect.w / 2 - r)
    qy = abs(y - (rect.y + rect.h / 2)) - (rect.h / 2 - r)
    return hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _ellipse_distance(e: Ellipse, x: float, y: float) -> float:
    """Distance from an ellipse's outline, exact for a circle (negative inside)."""
    if e.rx <= 0 or e.ry <= 0:
        return float("inf")
    k = hypot((x - e.cx) / e.rx, (y - e.cy) / e.ry)
    return (k - 1) * min(e.rx, e.ry)


def _segments(points, closed: bool):
    pairs = list(pairwise(points))
    return [*pairs, (points[-1], points[0])] if closed and len(points) > 2 else pairs


def _segment_distance(x: float, y: float, a, b) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / span))
    return hypot(x - ax - t * dx, y - ay - t * dy)


def _winds(outline: Sequence[tuple[Sequence[tuple[float, float]], bool]], x: float, y: float,
           evenodd: bool) -> bool:
    """Whether a path's fill holds the point (non-zero, or even-odd when it says so);
    every subpath is closed for filling, as the backends fill them."""
    winding = 0
    for points, _ in outline:
        if len(points) < 2:
            continue
        # The segments of `_segments(points, True)`, walked without making the list (the
        # contrast check asks this at a hundred points of each silhouette): the closing
        # one first, from the last point (a two-point outline has none).
        ax, ay = points[-1] if len(points) > 2 else points[0]
        for bx, by in points if len(points) > 2 else points[1:]:
            if ay <= y < by or by <= y < ay:  # only a segment crossing y counts
                side = (bx - ax) * (y - ay) - (x - ax) * (by - ay)  # > 0: the point is left
                if ay <= y < by and side > 0:
                    winding += 1
                elif by <= y < ay and side < 0:
                    winding -= 1
            ax, ay = bx, by
    return winding % 2 == 1 if evenodd else winding != 0


def _picture(item: Image, x: float, y: float, below: Rgb, mode: str) -> Rgb:
    """A picture's pixel at the point (placed in its box as the backends place it)."""
    if not _on_picture(item, x, y):
        return below
    stat = item.path.stat()
    picture = _pixels(item.path, stat.st_size, stat.st_mtime_ns)
    width, height = picture.size
    dx, dy, _, _ = fitted(item.fit, item.w, item.h, width, height)
    across, down = picture_scale(item.fit, item.w, item.h, width, height)
    px = (x - item.x - dx) / across
    py = (y - item.y - dy) / down
    r, g, b, a = picture.getpixel((min(max(int(px), 0), width - 1),
                                   min(max(int(py), 0), height - 1)))
    return laid(below, (float(r), float(g), float(b)), a / 255, mode)


def _on_picture(item: Image, x: float, y: float) -> bool:
    """Whether the point lies on the picture: in its box, and in what it shows of it
    there (a picture shown whole may leave some of its box bare)."""
    if not (item.x <= x <= item.x + item.w and item.y <= y <= item.y + item.h):
        return False
    if item.fit in (COVER, "none") or item.fit.endswith("slice"):
        return True
    dx, dy, w, h = fitted(item.fit, item.w, item.h, *picture_size(item.path))
    return item.x + dx <= x <= item.x + dx + w and item.y + dy <= y <= item.y + dy + h


@functools.lru_cache(maxsize=2)  # of the file's bytes (size and time name them): pictures
def _pixels(path: FilePath, size: int, mtime: int):  # are large, and rarely looked at
    from generator.draw.pictures import upright

    return upright(path)
