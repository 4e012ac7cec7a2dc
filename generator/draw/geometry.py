"""Where drawn things end: outlines flattened to points, and the bounds of scene items.

The checks measure what will print, not the boxes a layout asked for: an insignia's
silhouette may not fill its box, a stroke sticks out by half its width. Curves are
flattened into short straight steps, exact enough for tenths of a millimetre; the
same outlines are what `generator.draw.raster` fills.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from generator.draw.corners import stroke_corners
from generator.draw.scene import Ellipse, Group, Image, Path, Rect, faded

STEPS = 12  # straight steps per cubic curve
Point = tuple[float, float]
Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1


class Outline(NamedTuple):
    """A clipping path in the scene: its subpaths flattened (each with whether it is
    closed), and whether it is filled by the even-odd rule."""

    subpaths: tuple[tuple[tuple[Point, ...], bool], ...]
    evenodd: bool


class Place(NamedTuple):
    """How a group maps its children into the scene: scale, then translate; the scene
    rectangle everything is clipped to (None: no clip), the clipping paths inside it
    (the rectangle holds them), and the masks everything shows through."""

    scale: float = 1.0
    dx: float = 0.0
    dy: float = 0.0
    clip: Bounds | None = None
    outlines: tuple[Outline, ...] = ()
    # The masks over it: each a mask's items and the place they are drawn in.
    masks: tuple[tuple[tuple, Place], ...] = ()
    # How it mixes with what lies under it: the innermost blend mode of its groups (the
    # checks that read shapes one by one lay each shape so, over all that lies under it).
    blend: str = "normal"

    def point(self, x: float, y: float) -> Point:
        """A child's point in scene coordinates."""
        return x * self.scale + self.dx, y * self.scale + self.dy

    def inside(self, group: Group) -> Place:
        """The place of a group's children, given this place of the group."""
        clip, outlines = self.clip, self.outlines
        if group.clip is not None:
            x, y, w, h = group.clip
            (x0, y0), (x1, y1) = self.point(x, y), self.point(x + w, y + h)
            clip = (x0, y0, x1, y1) if clip is None else _meet(clip, (x0, y0, x1, y1))
        if group.clip_path:
            outline = Outline(tuple((tuple(points), closed) for points, closed in
                                    flattened(group.clip_path, self)), group.clip_evenodd)
            corners = [p for points, _ in outline.subpaths for p in points] or [(0.0, 0.0)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            box = (min(xs), min(ys), max(xs), max(ys))
            clip, outlines = box if clip is None else _meet(clip, box), (*outlines, outline)
        masks = (*self.masks, (group.mask, self)) if group.mask else self.masks
        tx, ty = group.translate
        return Place(self.scale * group.scale, self.dx + tx * self.scale,
                     self.dy + ty * self.scale, clip, outlines, masks,
                     self.blend if group.blend == "normal" else group.blend)


SCENE = Place()  # the scene's own coordinates, unclipped


def _meet(a: Bounds, b: Bounds) -> Bounds:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    return x0, y0, max(x0, min(a[2], b[2])), max(y0, min(a[3], b[3]))


def leaves(items, place: Place = SCENE) -> Iterator[tuple[object, Place]]:
    """Every item that is not a group, with where its group puts it, in drawing order.

    A shape in a see-through group comes with the group's opacity laid on its own: the
    checks that read shapes one by one (what colours lie under a glyph, and where) see
    its colours a little darker where the group's shapes overlap than they print, and
    the raster lays the group whole (`generator.draw.raster`)."""
    for item in items:
        if isinstance(item, Group):
            inside = leaves(item.children, place.inside(item))
            yield from inside if item.opacity >= 1 else _faded(inside, item.opacity)
        else:
            yield item, place


def _faded(found: Iterator[tuple[object, Place]], opacity: float
           ) -> Iterator[tuple[object, Place]]:
    for item, place in found:
        yield (faded(item, opacity) if hasattr(item, "style") else item), place


def subpaths(path: Path, place: Place = SCENE) -> list[tuple[list[Point], bool]]:
    """The path's subpaths as point lists in the scene, each with whether it is closed."""
    return flattened(path.commands, place)


def flattened(commands: tuple[tuple, ...], place: Place = SCENE
              ) -> list[tuple[list[Point], bool]]:
    """Path commands (M/L/C/Z) as point lists in the scene, a subpath each, each with
    whether it is closed."""
    found: list[tuple[list[Point], bool]] = []
    points: list[Point] = []
    for command in commands:
        op = command[0]
        if op == "M":
            if len(points) > 1:
                found.append((points, False))
            points = [place.point(command[1], command[2])]
        elif op == "L":
            points.append(place.point(command[1], command[2]))
        elif op == "C" and points:
            points += _cubic(points[-1], [place.point(*command[i:i + 2]) for i in (1, 3, 5)])
        elif op == "Z" and points:
            found.append((points, True))
            points = [points[0]]
    if len(points) > 1:
        found.append((points, False))
    return found


def _cubic(start: Point, controls: list[Point]) -> list[Point]:
    # `cubic_point`'s sum, written out here: the preflight flattens every curve, and a
    # call a step made flattening the shipped art 60 % slower.
    (x0, y0), ((x1, y1), (x2, y2), (x3, y3)) = start, controls
    out = []
    for i in range(1, STEPS + 1):
        t = i / STEPS
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return out


def cubic_point(curve, t: float) -> Point:
    """The point at `t` (0-1) of a cubic curve given as its four points."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = curve
    return cubic_at(x0, x1, x2, x3, t), cubic_at(y0, y1, y2, y3, t)


def cubic_at(p0: float, p1: float, p2: float, p3: float, t: float) -> float:
    """One coordinate of a cubic curve at `t`, from its ends' and controls'."""
    u = 1 - t
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3


def bounds(items, place: Place = SCENE) -> Bounds | None:
    """The scene rectangle the items paint (strokes included, clips applied); None if
    they paint nothing. Text is measured by `generator.draw.ink`, not here."""
    found: list[Bounds] = []
    for item in items:
        box = _item_bounds(item, place)
        if box is not None:
            found.append(box if place.clip is None else _meet(box, place.clip))
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found),
            max(b[2] for b in found), max(b[3] for b in found))


def _item_bounds(item, place: Place) -> Bounds | None:
    if isinstance(item, Group):
        return bounds(item.children, place.inside(item))
    style = getattr(item, "style", None)
    if style is not None and not style.fill and not style.stroke:
        return None  # an outline nothing paints
    if isinstance(item, Rect | Image):
        corners = [place.point(item.x, item.y), place.point(item.x + item.w, item.y + item.h)]
    elif isinstance(item, Ellipse):
        corners = [place.point(item.cx - item.rx, item.cy - item.ry),
                   place.point(item.cx + item.rx, item.cy + item.ry)]
    elif isinstance(item, Path):
        corners = [p for points, _ in subpaths(item, place) for p in points]
    else:
        return None
    if not corners:
        return None
    return _stroked(corners, item, place)


def rough_bounds(item, place: Place = SCENE) -> Bounds | None:
    """A rectangle sure to hold what an item paints, worked out without flattening any
    curve (a curve stays inside its control points); clips are not applied."""
    if not isinstance(item, Path):
        return _item_bounds(item, place)
    numbers = [v for command in item.commands for v in command[1:]]
    if not numbers:
        return None
    points = [place.point(x, y) for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
    return _stroked(points, item, place)


def _stroked(points: list[Point], item, place: Place) -> Bounds:
    """The box of `points`, the outline of `item`, with its stroke: half its width all
    round, and the points of a path's mitred corners and square ends
    (`generator.draw.corners`)."""
    style = getattr(item, "style", None)
    half = style.stroke_width * place.scale / 2 if style is not None and style.stroke else 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0, x1, y1 = min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    if half and isinstance(item, Path) and (item.style.join == "miter" or
                                            item.style.cap == "square"):
        for x, y in stroke_corners(item.commands, place, half, item.style.join,
                                   item.style.cap, item.style.miter):
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    return x0, y0, x1, y1
