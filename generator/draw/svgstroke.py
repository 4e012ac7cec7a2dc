"""A stroke its transform stretches more one way than another, or skews, drawn as the
shape SVG paints for it.

SVG strokes a shape in its own units, where the pen is round, and maps what the pen
covers through the shape's transform: a circle's ring scaled twice as wide is twice as
thick at its sides as at its top (Inkscape makes such strokes when a group holding
them is scaled one way only). A PDF's or a printed SVG's stroke has one width, and the
preflight's measures read a pen as round, so each such stroke becomes what Inkscape's
Path > Stroke to Path would make of it: the area the pen covers, found in the shape's
own units (its ends, corners, miter limit and dashes as the stroke says) and mapped
through the transform, filled in the stroke's paint. Shapely (GEOS) finds the area.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import replace

from generator.draw.geometry import cubic_point
from generator.draw.scene import Path, Style

Point = tuple[float, float]
_CAPS = {"butt": "flat", "round": "round", "square": "square"}
_JOINS = {"miter": "mitre", "round": "round", "bevel": "bevel"}
# Straight steps a curve is drawn in: a step at most a tenth of the pen's width, which
# keeps the outline within a hundredth of a millimetre of the curve at print sizes.
_STEP = 0.1
_MOST_STEPS = 512
_BEND = 0.05  # the turn (radians) at a curve's step past which its bend is drawn round


def stretched_stroke(commands: tuple[tuple, ...], style: Style, matrix: tuple[float, ...],
                     enlarged: float) -> Path | None:
    """The area the stroke of `style` covers along the path `commands` (M, L, C and Z in
    the shape's own units), mapped through `matrix` (a b c d e f), as a filled Path in
    the stroke's paint (None where it covers nothing). The style's width and dashes come
    enlarged by `enlarged` (svgelements' measure of the transform), as the shape's are."""
    import shapely
    from shapely import affinity
    from shapely.geometry import Point as Spot
    from shapely.geometry import Polygon

    width = style.stroke_width / enlarged
    dashes = tuple(d / enlarged for d in style.dashes)
    bends: set[Point] = set()  # the points inside curves, where no join is drawn
    pieces = [piece for points, closed in _subpaths(commands, width, bends)
              for piece in _dashed(points, closed, dashes, style.dash_offset / enlarged)]
    mitred = style.join == "miter"
    # A mitred corner past the limit is bevelled (SVG's rule; GEOS would cut the point
    # short at the limit): bevelled everywhere, then each point within it added.
    pen = {"cap_style": _CAPS.get(style.cap, "flat"),
           "join_style": "bevel" if mitred else _JOINS.get(style.join, "round"),
           "quad_segs": 16}
    areas = [_covered(points, closed, width / 2, pen) for points, closed in pieces]
    corners = [corner for points, closed in pieces for corner in _corners(points, closed)]
    if mitred:
        areas += [Polygon(tip) for corner in corners if corner[1] not in bends
                  if (tip := _mitre(*corner, width / 2, style.miter))]
    # A curve's own bends are round, as the pen sweeping along it makes them (a cusp's
    # too); the gentle ones are round enough bevelled.
    areas += [Spot(corner[1]).buffer(width / 2, quad_segs=16) for corner in corners
              if corner[1] in bends and _turn(*corner) > _BEND]
    area = shapely.union_all([a for a in areas if a is not None and not a.is_empty])
    if area.is_empty:
        return None
    a, b, c, d, e, f = matrix
    area = affinity.affine_transform(area, [a, c, b, d, e, f])
    found = list(_outlines(area))
    if not found:
        return None
    return Path(tuple(found), replace(style, fill=style.stroke, stroke=None,
                                      stroke_width=0.0, evenodd=True, dashes=(),
                                      dash_offset=0.0))


def _subpaths(commands: tuple[tuple, ...], width: float, bends: set[Point]
              ) -> Iterator[tuple[list[Point], bool]]:
    """Each subpath that draws (a move alone draws nothing) as points, its curves in
    steps, with whether it is closed; the points inside its curves go into `bends`."""
    points: list[Point] = []
    drawn = False
    for command in commands:
        op = command[0]
        if op == "M":
            if drawn:
                yield points, False
            points, drawn = [(command[1], command[2])], False
        elif op == "L" and points:
            points.append((command[1], command[2]))
            drawn = True
        elif op == "C" and points:
            steps = _curve(points[-1], command[1:], width)
            bends.update(steps[:-1])
            points += steps
            drawn = True
        elif op == "Z" and points:
            yield points, True
            points, drawn = [points[0]], False  # (a line after Z starts from there)
    if drawn:
        yield points, False


def _curve(start: Point, controls: tuple, width: float) -> list[Point]:
    x1, y1, x2, y2, x3, y3 = controls
    reach = math.dist(start, (x1, y1)) + math.dist((x1, y1), (x2, y2)) + \
        math.dist((x2, y2), (x3, y3))
    steps = max(8, min(_MOST_STEPS, math.ceil(reach / max(width * _STEP, 1e-9))))
    curve = (start, (x1, y1), (x2, y2), (x3, y3))
    return [cubic_point(curve, i / steps) for i in range(1, steps + 1)]


def _dashed(points: list[Point], closed: bool, dashes: tuple[float, ...], offset: float
            ) -> Iterator[tuple[list[Point], bool]]:
    """The subpath as its dashes (each open), or whole without dashes. A closed
    subpath's last dash, where it runs on into its first at the start, is one dash with
    it, turning the corner there (as Chromium draws it)."""
    if not dashes or sum(dashes) <= 0:
        yield points, closed
        return
    line = [*points, points[0]] if closed else points
    found = list(_dashes(line, dashes, offset))
    if closed and len(found) > 1 and found[0][0] == line[0] and found[-1][-1] == line[-1]:
        found = [[*found[-1], *found[0][1:]], *found[1:-1]]
    yield from ((dash, False) for dash in found)


def _dashes(line: list[Point], dashes: tuple[float, ...], offset: float
            ) -> Iterator[list[Point]]:
    """The dashes along a line of points, the pattern `offset` into it at its start."""
    pattern = dashes * (2 if len(dashes) % 2 else 1)
    index, left = 0, pattern[0]
    skip = offset % sum(pattern)
    while skip > 0:  # where in the pattern the line starts
        if skip < left:
            left -= skip
            break
        skip -= left
        index = (index + 1) % len(pattern)
        left = pattern[index]
    dash: list[Point] = [line[0]] if index % 2 == 0 else []
    for here, there in itertools.pairwise(line):
        length, done = math.dist(here, there), 0.0
        while length - done > left:
            done += left
            at = _along(here, there, done / length)
            if index % 2 == 0:
                yield [*dash, at]
                dash = []
            else:
                dash = [at]
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= length - done
        if index % 2 == 0:
            dash.append(there)
    if dash and index % 2 == 0:
        yield dash


def _along(here: Point, there: Point, t: float) -> Point:
    return here[0] + (there[0] - here[0]) * t, here[1] + (there[1] - here[1]) * t


def _covered(points: list[Point], closed: bool, half: float, pen: dict):
    """What the pen covers along one subpath or dash (a dot of no length: a round or a
    square end's, upright as SVG sets one without a direction; nothing for a butt)."""
    from shapely.geometry import LinearRing, LineString
    from shapely.geometry import Point as Spot

    distinct = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(distinct) < 2:
        if pen["cap_style"] == "flat":
            return None
        return Spot(distinct[0]).buffer(half, quad_segs=16,
                                        cap_style=pen["cap_style"])
    if closed and len(distinct) > 2:
        ring = distinct[:-1] if distinct[-1] == distinct[0] else distinct
        if len(ring) > 2:
            return LinearRing(ring).buffer(half, join_style=pen["join_style"], quad_segs=16)
    return LineString(distinct).buffer(half, **pen)


def _corners(points: list[Point], closed: bool
             ) -> Iterator[tuple[Point, Point, Point]]:
    """Each corner of a subpath or dash: the point before, the corner, the point after
    (a closed one's start too)."""
    line = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if closed and len(line) > 2 and line[-1] == line[0]:
        line = line[:-1]
    if len(line) < 3:
        return
    for i in range(len(line)) if closed else range(1, len(line) - 1):
        yield line[i - 1], line[i], line[(i + 1) % len(line)]


def _mitre(before: Point, at: Point, after: Point, half: float, limit: float
           ) -> list[Point] | None:
    """A mitred corner's point, as the triangle it adds to the corner's bevel (from the
    bevel's two ends out to the point); None past the miter `limit`, where SVG bevels
    it, and where the line goes straight on or turns right back."""
    come, go = _unit(before, at), _unit(at, after)
    outward = (come[0] - go[0], come[1] - go[1])
    length = math.hypot(*outward)
    sine = math.sqrt(max(0.0, (1 + come[0] * go[0] + come[1] * go[1]) / 2))
    if length < 1e-12 or sine < 1e-9 or 1 / sine > limit:
        return None
    out = (outward[0] / length, outward[1] / length)
    ends = []
    for dx, dy in (come, go):
        normal = (-dy, dx) if -dy * out[0] + dx * out[1] > 0 else (dy, -dx)
        ends.append((at[0] + normal[0] * half, at[1] + normal[1] * half))
    reach = half / sine
    return [ends[0], (at[0] + out[0] * reach, at[1] + out[1] * reach), ends[1], at]


def _turn(before: Point, at: Point, after: Point) -> float:
    """How far the line turns at the corner, in radians."""
    come, go = _unit(before, at), _unit(at, after)
    return math.acos(max(-1.0, min(1.0, come[0] * go[0] + come[1] * go[1])))


def _unit(a: Point, b: Point) -> Point:
    length = math.dist(a, b)
    return (b[0] - a[0]) / length, (b[1] - a[1]) / length


def _outlines(area) -> Iterator[tuple]:
    """An area's polygons as path commands: each ring moved to, lined along, closed."""
    for polygon in getattr(area, "geoms", (area,)):
        if polygon.geom_type != "Polygon" or polygon.is_empty:
            continue
        for ring in (polygon.exterior, *polygon.interiors):
            coords = list(ring.coords)[:-1]
            if len(coords) < 3:
                continue
            yield ("M", *coords[0])
            yield from (("L", *p) for p in coords[1:])
            yield ("Z",)
