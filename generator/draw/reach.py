"""How much of a box a shape covers, judged from its geometry: wholly, in part or not at
all (`reach`), for its fill and for its stroke.

A rectangle (rounded or not) and a disc are judged exactly: a box lies within them,
crosses their edge or lies beyond it, and a ring's band is the stroke's width about
its outline. A path or a picture is judged by its bounds alone, so it covers a box it
meets only in part: the questions that need more look at points
(`generator.draw.pointpaint`).
"""

from __future__ import annotations

from math import hypot

from generator.draw.geometry import Bounds, Place
from generator.draw.scene import Ellipse, Image, Rect

NONE, PART, WHOLE = 0, 1, 2  # how much of a box a shape's fill or stroke covers


def reach(item, place: Place, box: Bounds) -> tuple[int, int]:
    """How much of the scene box the shape's fill and its stroke cover (NONE, PART or
    WHOLE), where its groups put it (`place`)."""
    if place.clip is not None and not meets(place.clip, box):
        return NONE, NONE
    # (a clipping path may cut any box it meets: its rectangle holds it, no more)
    clipped = place.clip is not None and (bool(place.outlines) or not holds(place.clip, box))
    local = _local(box, place)
    fill, stroke = _reach(item, local)
    if clipped or place.masks:  # (a mask may hide any of the box)
        fill, stroke = min(fill, PART), min(stroke, PART)
    return fill, stroke


def _reach(item, box: Bounds) -> tuple[int, int]:
    if isinstance(item, Image):
        return PART, NONE
    style = item.style
    has_stroke = bool(style.stroke) and style.stroke_width > 0
    if isinstance(item, Rect):
        return (_rect_fill(item, box) if style.fill else NONE,
                _rect_stroke(item, box) if has_stroke else NONE)
    if isinstance(item, Ellipse):
        return (_disc(item, box, 0.0) if style.fill else NONE,
                _ring(item, box) if has_stroke else NONE)
    return (PART if style.fill else NONE), (PART if has_stroke else NONE)  # a path


def _rect_fill(rect: Rect, box: Bounds) -> int:
    outer = (rect.x, rect.y, rect.x + rect.w, rect.y + rect.h)
    if not meets(outer, box):
        return NONE
    return WHOLE if _in_rounded(rect, box, 0.0) else PART


def _rect_stroke(rect: Rect, box: Bounds) -> int:
    half = rect.style.stroke_width / 2
    outer = (rect.x - half, rect.y - half, rect.x + rect.w + half, rect.y + rect.h + half)
    if not meets(outer, box) or _in_rounded(rect, box, half):
        return NONE  # beyond the outline, or inside its inner edge
    return PART


def _in_rounded(rect: Rect, box: Bounds, inset: float) -> bool:
    """Whether the box lies inside the rounded rectangle shrunk by `inset`."""
    x0, y0 = rect.x + inset, rect.y + inset
    x1, y1 = rect.x + rect.w - inset, rect.y + rect.h - inset
    if not (x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1):
        return False
    r = max(0.0, min(rect.r - inset, (x1 - x0) / 2, (y1 - y0) / 2))
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        cx, cy = min(max(x, x0 + r), x1 - r), min(max(y, y0 + r), y1 - r)
        if hypot(x - cx, y - cy) > r + 1e-9:
            return False
    return True


def _distances(e: Ellipse, box: Bounds) -> tuple[float, float]:
    """The nearest and farthest distance from the ellipse's centre to the box, the
    ellipse taken as the circle of radius rx (y stretched to match)."""
    k = e.rx / e.ry if e.ry > 0 else 1.0
    x0, y0, x1, y1 = box[0] - e.cx, (box[1] - e.cy) * k, box[2] - e.cx, (box[3] - e.cy) * k
    near = hypot(max(x0, 0.0, -x1), max(y0, 0.0, -y1))
    far = hypot(max(abs(x0), abs(x1)), max(abs(y0), abs(y1)))
    return near, far


def _disc(e: Ellipse, box: Bounds, grow: float) -> int:
    near, far = _distances(e, box)
    if near > e.rx + grow:
        return NONE
    return WHOLE if far <= e.rx + grow else PART


def _ring(e: Ellipse, box: Bounds) -> int:
    half = e.style.stroke_width / 2
    near, far = _distances(e, box)
    if near > e.rx + half or far < e.rx - half:
        return NONE  # the box lies outside the ring's band, or wholly inside its hole
    return WHOLE if near >= e.rx - half and far <= e.rx + half else PART


def holds_points(item, place: Place, points: list, inset: float) -> bool:
    """Whether a rectangle or a disc, shrunk by `inset`, holds every point (scene
    coordinates) inside its clip."""
    if not isinstance(item, Rect | Ellipse) or place.outlines or place.masks or (
            place.clip is not None and not all(holds(place.clip, (x, y, x, y))
                                               for x, y in points)):
        return False
    s = place.scale
    return all(_inside_shape(item, (x - place.dx) / s, (y - place.dy) / s, inset)
               for x, y in points)


def _inside_shape(item, x: float, y: float, inset: float) -> bool:
    if isinstance(item, Rect):
        return _in_rounded(item, (x, y, x, y), inset)
    rx, ry = item.rx - inset, item.ry - inset
    return rx > 0 and ry > 0 and ((x - item.cx) / rx) ** 2 + ((y - item.cy) / ry) ** 2 <= 1


def _local(box: Bounds, place: Place) -> Bounds:
    s = place.scale
    return ((box[0] - place.dx) / s, (box[1] - place.dy) / s,
            (box[2] - place.dx) / s, (box[3] - place.dy) / s)


def meets(a: Bounds, b: Bounds) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def holds(outer: Bounds, inner: Bounds) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2]
            and inner[3] <= outer[3])
