"""Markers on SVG art's lines (Inkscape's Fill and Stroke > Stroke style > Markers:
arrowheads, dots, bars), rewritten as the copies of each marker a browser draws,
before svgelements reads the file.

A marker is drawn at the start of a path, at each corner between, and at its end (a
line's, a polyline's, a polygon's too): its content set in a viewport of its own
(markerWidth x markerHeight, a viewBox fitted to it), the viewport placed so that its
reference point (refX, refY) lies on the vertex, turned to the line's direction there
(orient="auto": the way the line leaves the start, arrives at the end, and halfway
between the two at a corner; auto-start-reverse turns the start's round), scaled by
the stroke's width (markerUnits="strokeWidth", SVG's default), and cut to the viewport
unless its overflow shows (Inkscape's markers show). svgelements draws no marker, so
each marked shape becomes a group of the shape and a copy of each marker in place: the
shape's transform, opacity, clipping path and mask on the group, as they lie on all it
paints; the markers' paint inherited from where the markers are defined, their
context-stroke and context-fill (Inkscape's arrowheads take the line's colour so) the
shape's stroke and fill.

A path of several parts (after a move inside it), and a marker in a marker, are
refused with the way out.
"""

from __future__ import annotations

import copy
import itertools
import math
import re
import xml.etree.ElementTree as ET

from generator.draw.svgpaint import ArtError, fraction, style_value
from generator.draw.svgrewrite import (
    TOGETHER,
    by_id,
    copies,
    element_name,
    enclosing,
    fit_numbers,
    inherited_value,
    number_text,
    own_value,
    paint_at,
    parents_of,
    without,
)

_NS = "{http://www.w3.org/2000/svg}"
_MARKED = {"path", "line", "polyline", "polygon"}  # the shapes SVG draws markers on
_KEYS = ("marker-start", "marker-mid", "marker-end")
_URL = re.compile(r"\s*url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)\s*")
_ANGLE = re.compile(r"\s*([-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?)\s*(deg)?\s*")
_NUMBERS = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")
Point = tuple[float, float]
_INSIDE = 1e-6  # how far into a curve its way at an end is read


def needs_markers(root: ET.Element, named: dict[str, ET.Element]) -> bool:
    """Whether the file defines a marker and sets one on some element."""
    if not any(e.tag == _NS + "marker" for e in named.values()):
        return False
    return any(_set_here(node) or node.get("marker") is not None for node in root.iter())


def _set_here(node: ET.Element) -> bool:
    return any(own_value(node, key).strip() not in ("", "none") for key in _KEYS) or \
        style_value(node.get("style") or "", "marker").strip() not in ("", "none")


def as_markers(root: ET.Element) -> ET.Element:
    """A copy of the file with each marked shape made the group of the shape and its
    markers, and no marker set on any element after."""
    root = copy.deepcopy(root)
    named = by_id(root)
    parents = parents_of(root)
    counter = [0]
    for node in list(root.iter()):
        if node.tag.removeprefix(_NS) not in _MARKED or _inside_definition(node, parents):
            continue
        markers = {key: _marker(node, parents, key, named) for key in _KEYS}
        if any(markers.values()):
            parent = parents[node]
            parent[list(parent).index(node)] = _marked(node, markers, parents, counter)
    for node in root.iter():  # drawn now, or set where SVG draws none: set on none
        if _set_here(node) or node.get("marker") is not None:
            kept = without(node, ("marker", *_KEYS), **{key: "none" for key in _KEYS})
            node.attrib.clear()
            node.attrib.update(kept.attrib)
    return root


def _inside_definition(node: ET.Element, parents: dict) -> bool:
    """Whether the shape is part of a marker, a pattern, a clipping path or a mask."""
    outer = enclosing(node, parents, {"marker", "pattern", "clipPath", "mask"})
    if outer is not None and outer.tag == _NS + "marker" and _set_here_below(outer):
        raise ArtError(f"a marker in the marker {element_name(outer)}; remove it, or make "
                       f"the marker's line a shape (Inkscape: Path > Stroke to Path)")
    return outer is not None


def _set_here_below(marker: ET.Element) -> bool:
    return any(_set_here(e) for e in marker.iter() if e is not marker)


def _marker(node: ET.Element, parents: dict, key: str, named: dict[str, ET.Element]
            ) -> ET.Element | None:
    """The <marker> a shape draws at `key` (its own, or inherited; `marker` sets all
    three), None for none."""
    value = _marker_value(node, parents, key)
    if value in ("", "none"):
        return None
    found = _URL.fullmatch(value)
    target = named.get(found.group(1)) if found else None
    if target is None or target.tag != _NS + "marker":
        raise ArtError(f"the marker {value}, which the file does not define as a <marker>")
    return target


def _marker_value(node: ET.Element, parents: dict, key: str) -> str:
    # (`marker`, which sets all three, is CSS's alone: a browser reads no such attribute)
    while True:
        style = node.get("style") or ""
        for value in (style_value(style, key), style_value(style, "marker"),
                      node.get(key) or ""):
            if value.strip() and value.strip() != "inherit":
                return value.strip()
        if node not in parents:
            return ""
        node = parents[node]


def _marked(shape: ET.Element, markers: dict[str, ET.Element | None], parents: dict,
            counter: list[int]) -> ET.Element:
    """The group of the shape and the copies of its markers, in its paint order."""
    outer = ET.Element(_NS + "g", {k: v for k in TOGETHER if (v := own_value(shape, k))})
    if shape.get("id"):
        outer.set("id", shape.get("id", ""))
    line = without(shape, (*TOGETHER, "id", "marker", *_KEYS),
                   **{key: "none" for key in _KEYS})
    vertices, closed = _vertices(shape)
    width = _length(inherited_value(shape, parents, "stroke-width") or "1", "stroke-width")
    context = {"context-stroke": inherited_value(shape, parents, "stroke") or "none",
               "context-fill": inherited_value(shape, parents, "fill") or "black"}
    drawn = []
    for key, at, angle, start in _places(vertices, closed):
        marker = markers[key]
        if marker is not None:
            counter[0] += 1
            drawn.append(_placed(marker, at, angle, start, width, context, parents,
                                 f"tkg-marker-{counter[0]}"))
    first = _markers_first(inherited_value(shape, parents, "paint-order"), shape)
    outer.extend([*drawn, line] if first else [line, *drawn])
    return outer


def _markers_first(order: str, shape: ET.Element) -> bool:
    """Whether the shape paints its markers before its fill and stroke (paint-order);
    between them is refused."""
    parts = [p for p in order.split() if p in ("fill", "stroke", "markers")]
    if not parts or parts[0] in ("normal",):
        return False
    full = [*parts, *(p for p in ("fill", "stroke", "markers") if p not in parts)]
    if full.index("markers") == 1:
        raise ArtError(f"the markers of {element_name(shape)} painted between its fill and "
                       f"its stroke (paint-order: {order.strip()}); paint them first or "
                       f"last (Inkscape: Fill and Stroke > Stroke style > Order)")
    return full.index("markers") == 0


# Where the markers go ----------------------------------------------------------------

def _vertices(shape: ET.Element) -> tuple[list[tuple[Point, Point | None, Point | None]],
                                          bool]:
    """The shape's vertices in its own units, each with the way the line arrives there
    and the way it leaves (None at an open end), and whether the line closes."""
    name = shape.tag.removeprefix(_NS)
    if name == "line":
        a, b = ((_length(shape.get(f"x{i}") or "0", f"x{i}"),
                 _length(shape.get(f"y{i}") or "0", f"y{i}")) for i in (1, 2))
        return _straight([a, b], False), False
    if name in ("polyline", "polygon"):
        numbers = [float(n) for n in _NUMBERS.findall(shape.get("points") or "")]
        points = list(zip(numbers[0::2], numbers[1::2], strict=False))
        closed = name == "polygon"
        return _straight(points + ([points[0]] if closed and points else []), closed), closed
    return _path_vertices(shape)


def _straight(points: list[Point], closed: bool
              ) -> list[tuple[Point, Point | None, Point | None]]:
    segments = [(a, b, b, a) for a, b in itertools.pairwise(points)]
    return _joined(points[:1], segments, closed)


def _path_vertices(shape: ET.Element) -> tuple[list[tuple[Point, Point | None, Point | None]],
                                               bool]:
    import svgelements as se  # (a file with markers is read by svgelements anyway)

    path = se.Path(shape.get("d") or "")
    start: list[Point] = []
    segments: list[tuple[Point, Point, Point, Point]] = []  # from, to, leaving, arriving
    closed = False
    for segment in path.segments():
        if isinstance(segment, se.Move):
            if segments or closed:
                raise ArtError(f"markers on {element_name(shape)}, a path of several parts; "
                               f"break it apart (Inkscape: Path > Break Apart)")
            start = [(segment.end.x, segment.end.y)]
            continue
        if closed:
            raise ArtError(f"markers on {element_name(shape)}, a path of several parts; "
                           f"break it apart (Inkscape: Path > Break Apart)")
        a, b = (segment.start.x, segment.start.y), (segment.end.x, segment.end.y)
        if isinstance(segment, (se.Line, se.Close)):
            segments.append((a, b, b, a))
        else:  # the ways it leaves and arrives, just inside its ends (a curve, an arc)
            ahead, behind = segment.point(_INSIDE), segment.point(1 - _INSIDE)
            segments.append((a, b, (ahead.x, ahead.y), (behind.x, behind.y)))
        closed = isinstance(segment, se.Close)
    return _joined(start, segments, closed), closed


def _joined(start: list[Point], segments: list[tuple[Point, Point, Point, Point]],
            closed: bool) -> list[tuple[Point, Point | None, Point | None]]:
    """Each vertex with the way the line arrives (None at the start of an open line)
    and leaves (None at its end); a closed line's first and last vertex (the same
    point) arrive by the closing segment and leave by the first. A segment of no
    length has no way: the one before it, or after it, stands for it."""
    if not segments:
        return [(start[0], None, None)] if start else []
    leaving = [_way(a, ahead) for a, _, ahead, _ in segments]
    arriving = [_way(behind, b) for _, b, _, behind in segments]
    for ways in (leaving, arriving):
        for i in range(1, len(ways)):
            ways[i] = ways[i] or ways[i - 1]
        for i in range(len(ways) - 2, -1, -1):
            ways[i] = ways[i] or ways[i + 1]
    vertices: list[tuple[Point, Point | None, Point | None]] = [
        (segments[0][0], arriving[-1] if closed else None, leaving[0])]
    vertices += [(segments[i][0], arriving[i - 1], leaving[i]) for i in range(1, len(segments))]
    vertices.append((segments[-1][1], arriving[-1], leaving[0] if closed else None))
    return vertices


def _way(a: Point, b: Point) -> Point | None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return None if dx == 0 and dy == 0 else (dx, dy)


def _places(vertices: list[tuple[Point, Point | None, Point | None]], closed: bool
            ) -> list[tuple[str, Point, float, bool]]:
    """(marker key, vertex, the line's angle there in degrees, whether it is the
    start) for each vertex: the start, the corners, the end."""
    found = []
    for index, (at, come, go) in enumerate(vertices):
        key = "marker-start" if index == 0 else "marker-end" \
            if index == len(vertices) - 1 else "marker-mid"
        found.append((key, at, _bisector(come, go), index == 0))
    return found


def _bisector(come: Point | None, go: Point | None) -> float:
    """The angle halfway between the way in and the way out (one of them where the
    other is missing), in degrees."""
    angles = [math.degrees(math.atan2(v[1], v[0])) for v in (come, go) if v is not None]
    if not angles:
        return 0.0
    if len(angles) == 1:
        return angles[0]
    a, b = angles
    if abs(a - b) > 180:
        b += 360 if b < a else -360
    return (a + b) / 2


# The copy of a marker -----------------------------------------------------------------

def _placed(marker: ET.Element, at: Point, angle: float, start: bool, width: float,
            context: dict[str, str], parents: dict, key: str) -> ET.Element:
    """A copy of the marker's content at the vertex `at`, turned and scaled as the
    marker says, cut to its viewport unless its overflow shows."""
    units = (marker.get("markerUnits") or "strokeWidth").strip()
    scale = width if units == "strokeWidth" else 1.0
    turn = _orient(marker, angle, start)
    mw, mh = (_length(marker.get(k) or "3", k) for k in ("markerWidth", "markerHeight"))
    ref_x, ref_y = (_length(marker.get(k) or "0", k) for k in ("refX", "refY"))
    view = marker.get("viewBox")
    if view is not None:
        tx, ty, sx, sy = fit_numbers(view, marker.get("preserveAspectRatio") or
                                     "xMidYMid meet", marker, 0.0, 0.0, mw, mh)
        inner_transform = f"translate({number_text(tx)} {number_text(ty)}) " \
                          f"scale({number_text(sx)} {number_text(sy)})"
        ref_x, ref_y = tx + sx * ref_x, ty + sy * ref_y
    else:
        inner_transform = ""
    placed = ET.Element(_NS + "g", {"transform": (
        f"translate({number_text(at[0])} {number_text(at[1])}) rotate({number_text(turn)}) "
        f"scale({number_text(scale)}) translate({number_text(-ref_x)} {number_text(-ref_y)})")})
    if _cut(marker):
        clip = ET.SubElement(placed, _NS + "clipPath", {"id": key})
        ET.SubElement(clip, _NS + "rect", {"width": number_text(mw),
                                           "height": number_text(mh)})
        placed.set("clip-path", f"url(#{key})")
    holder = ET.SubElement(placed, _NS + "g", {**paint_at(marker, parents),
                                               "transform": inner_transform})
    for element in copies(list(marker)):
        for inner in element.iter():
            _in_context(inner, context)
        holder.append(element)
    return placed


def _orient(marker: ET.Element, angle: float, start: bool) -> float:
    orient = (marker.get("orient") or "0").strip()
    if orient == "auto":
        return angle
    if orient == "auto-start-reverse":
        return angle + 180 if start else angle
    found = _ANGLE.fullmatch(orient)
    if found is None:
        raise ArtError(f"the orient {orient!r} of the marker {element_name(marker)}; give "
                       f"it in degrees, or auto")
    return float(found.group(1))


def _cut(marker: ET.Element) -> bool:
    value = own_value(marker, "overflow").strip() or "hidden"
    return value not in ("visible", "auto")


def _in_context(node: ET.Element, context: dict[str, str]) -> None:
    """The shape's stroke and fill where the marker's content paints context-stroke or
    context-fill. One of a gradient or a pattern is refused: a browser lays it in the
    line's box, which the marker's copy has not."""
    for key in ("fill", "stroke"):
        if node.get(key, "").strip() in context:
            node.set(key, _context_paint(context, node.get(key, "").strip()))
    style = node.get("style")
    if style and "context-" in style:
        node.set("style", ";".join(
            f"{k}:{_context_paint(context, v.strip()) if v.strip() in context else v}"
            for k, _, v in (d.partition(":") for d in style.split(";") if d.strip())))


def _context_paint(context: dict[str, str], value: str) -> str:
    paint = context[value]
    if paint.startswith("url("):
        raise ArtError(f"a marker painted in its line's {paint} ({value}); give the "
                       f"marker a colour of its own, or the line one colour")
    return paint


def _length(text: str, what: str) -> float:
    if text.strip().endswith("%"):
        raise ArtError(f"the {what} {text.strip()!r} of a marked line, in percent; give it "
                       f"in the drawing's units")
    return fraction(text.strip().removesuffix("px"), what)
