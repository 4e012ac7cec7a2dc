"""Where a path's stroke reaches further than half its width from the outline.

Half the stroke's width all round holds a stroke with round or bevelled corners and
round or flat ends. Two things reach further: the point of a mitred corner, up to the
miter limit's number of half-widths from the corner (a 30-degree corner of a 2 mm
stroke points 3.9 mm out), and the corners of a square end on a slanted line. The
bounds of a shape (`generator.draw.geometry`) hold these points too, so what is laid
together in a see-through group, a mask or a blur is not cut short in the PDF, and the
preflight measures what prints. The corners are found from the path's commands (the
directions a curve leaves and arrives in), never from its flattened steps, which
would make corners of a curve's smooth bends.
"""

from __future__ import annotations

import math

Point = tuple[float, float]


def stroke_corners(commands: tuple[tuple, ...], place, half: float, join: str, cap: str,
                   limit: float) -> list[Point]:
    """The scene points a stroke `half` wide on each side reaches beyond `half` from the
    outline of `commands` placed by `place` (`geometry.Place`): mitred corners' points
    within the miter `limit`, and square ends' corners."""
    # Worked out in the path's own units (a place scales evenly), then placed.
    local = _corners(commands, half / place.scale, join == "miter", cap == "square", limit)
    return [place.point(x, y) for x, y in local]


def _corners(commands: tuple[tuple, ...], half: float, mitred: bool, square: bool,
             limit: float) -> list[Point]:
    found: list[Point] = []
    start: Point = (0.0, 0.0)
    current: Point | None = None
    first: Point | None = None  # the way the subpath leaves its start (None: no line yet)
    last: Point = (1.0, 0.0)  # the way it arrives at `current` (once it has a line)
    for command in commands:
        op = command[0]
        if op == "M":
            if square and first is not None and current is not None:
                found += _square_ends(start, first, current, last, half)
            start = current = (command[1], command[2])
            first = None
            continue
        if current is None:
            continue
        if op == "L":
            end = (command[1], command[2])
            leaving = arriving = _direction(current, end)
        elif op == "C":
            one, two, end = (command[1], command[2]), (command[3], command[4]), \
                (command[5], command[6])
            leaving = _direction(current, one) or _direction(current, two) or \
                _direction(current, end)
            arriving = _direction(two, end) or _direction(one, end)
        else:  # Z: the closing line, if any, then the corner where it meets the start
            end = start
            leaving = arriving = _direction(current, start)
        if leaving is not None:
            if mitred and first is not None:
                found += _miter_tip(current, last, leaving, half, limit)
            first, last, current = first or leaving, arriving or leaving, end
        if op == "Z":
            if mitred and first is not None:
                found += _miter_tip(start, last, first, half, limit)
            first = None
    if square and first is not None and current is not None:
        found += _square_ends(start, first, current, last, half)
    return found


def _direction(a: Point, b: Point) -> Point | None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return None if length < 1e-9 else (dx / length, dy / length)


def _miter_tip(at: Point, come: Point, go: Point, half: float, limit: float) -> list[Point]:
    """The point of a mitred corner (none where the corner is bevelled, its miter
    longer than `limit` stroke widths, or is no corner at all)."""
    outward = (come[0] - go[0], come[1] - go[1])
    length = math.hypot(*outward)
    # The sine of half the corner's angle: 1 for a line going straight on.
    sine = math.sqrt(max(0.0, (1 + come[0] * go[0] + come[1] * go[1]) / 2))
    if length < 1e-9 or sine < 1e-9 or 1 / sine > limit:
        return []
    reach = half / sine
    return [(at[0] + outward[0] / length * reach, at[1] + outward[1] / length * reach)]


def _square_ends(start: Point, leaving: Point, end: Point, arriving: Point,
                 half: float) -> list[Point]:
    """The outer corners of an open subpath's square ends: half the width past each end,
    along the line, and half across it."""
    found = []
    for (x, y), (dx, dy), along in ((start, leaving, -half), (end, arriving, half)):
        x, y = x + dx * along, y + dy * along
        found += [(x - dy * half, y + dx * half), (x + dy * half, y - dx * half)]
    return found
