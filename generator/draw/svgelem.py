"""Read SVG art with svgelements, for files the plain reader (`svgplain`) leaves alone.

svgelements resolves what a hand-written reader gets wrong or leaves out: transforms,
CSS (style attributes and simple <style> sheets), <use>, arcs, relative and smooth path
commands, lines, polylines and polygons. Its shapes become our primitives here: a plain
rectangle stays a Rect, an axis-aligned circle or ellipse an Ellipse, and everything
else becomes a Path of absolute M/L/C/Z commands. Shapes SVG itself would not draw are
left out. `generator.draw.svgart` imports this module only when a file needs it.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace

import svgelements as se

from generator.draw.gradients import IDENTITY, Matrix, compose, invert
from generator.draw.scene import Ellipse, Gradient, Group, Rect, Style
from generator.draw.scene import Path as PathShape
from generator.draw.svgpaint import (
    ArtError,
    check_finite,
    group_opacity,
    laid_whole,
    own_alpha,
    refuse_effects,
    shape_alpha,
    style_of,
)

_EPSILON = 1e-9  # what is left of an undone transform after reify


def shapes(data: bytes, paints: dict) -> tuple[tuple[float, float], tuple]:
    """The document's (width, height) and its shapes as primitives; `paints` are the
    file's gradients by id, as `svgart` surveyed them."""
    document = _document(data)
    refuse_effects(document.values)
    return (float(document.width), float(document.height)), tuple(_laid(document, 1.0,
                                                                        paints))


def _document(data: bytes) -> se.SVG:
    document = _parse(data, None)
    width, height = document.width, document.height
    if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
        raise ArtError(f"an empty picture ({width:g} x {height:g})")
    viewport = se.Matrix(document.viewbox_transform)
    if not _untransformed(viewport):
        # The caller fits the viewBox into its box, so shapes must stay in viewBox units:
        # undo the scaling svgelements applies for a width and height of another size.
        document = _parse(data, "matrix({!r} {!r} {!r} {!r} {!r} {!r})".format(
            *(getattr(~viewport, k) for k in "abcdef")))
    return document


def _parse(data: bytes, transform: str | None) -> se.SVG:
    try:
        return se.SVG.parse(io.BytesIO(data), reify=True, transform=transform, on_error="raise")
    except (ValueError, ArithmeticError, LookupError, TypeError, AttributeError) as exc:
        # A third-party parser meeting odd input may fail in any of these ways; the
        # author needs a diagnostic naming the file, not a traceback.
        raise ArtError(f"svgelements cannot read it ({str(exc) or type(exc).__name__})") from None



def _laid(node, alpha: float, paints: dict) -> list:
    """A group's shapes (or the document's), laid together at the group's opacity; a
    fill-opacity is each shape's own (`alpha`: the fill-opacity so far)."""
    own = node.values.get("attributes", {})
    items: list = []
    for child in node:
        if isinstance(child, (se.Group, se.Use)):
            refuse_effects(child.values)
            items += _laid(child, own_alpha(alpha, own, ("fill-opacity",)), paints)
        elif isinstance(child, se.Shape):
            items += _shape(child, own_alpha(alpha, own, ("fill-opacity",)), paints)
        # Anything else (title, desc, an editor's element) draws nothing.
    return laid_whole(items, group_opacity(own))


def _shape(shape: se.Shape, alpha: float, paints: dict) -> list:
    """The shape's primitive (none, for a shape SVG would not draw), laid whole at its
    opacity when it has a fill and a stroke."""
    alpha, whole = shape_alpha(alpha, shape.values.get("attributes", {}), shape.values)
    item = _primitive(shape, alpha, paints)
    return [] if item is None else [item] if whole >= 1 else [Group((item,), opacity=whole)]


def _primitive(shape: se.Shape, alpha: float, paints: dict):
    """The primitive for one shape; None for a shape SVG would not draw."""
    values = shape.values
    if values.get("visibility") in ("hidden", "collapse"):
        return None
    refuse_effects(values)
    style = _in_place(style_of(values, lambda: float(shape.implicit_stroke_width), alpha,
                               paints), shape)
    if isinstance(shape, se.Rect):
        return _rect(shape, style)
    if isinstance(shape, (se.Circle, se.Ellipse)):
        return _ellipse(shape, style)
    return _outline(shape, style)


def _in_place(style: Style, shape: se.Shape) -> Style:
    """The style with its gradient mapped as the shape is. The shape's points are
    transformed already (reified), and the gradient must follow them: one in user space
    units through the shape's transform; one in the box's, in the box the shape had
    before it (a rotated square's gradient turns with it, as in SVG)."""
    fill = style.fill
    if not isinstance(fill, Gradient):
        return style  # (most shapes: their transform is not read again)
    m = se.Matrix(shape.values.get("transform", ""))
    if _untransformed(m):
        return style
    ctm: Matrix = (m.a, m.b, m.c, m.d, m.e, m.f)
    if invert(ctm) is None:
        return style  # a shape flattened to nothing: drawn as nothing, whatever its paint
    own = fill.matrix or IDENTITY
    if not fill.user:  # its box: the shape's own, before the transform
        x0, y0, x1, y1 = (se.Path(shape) * ~m).bbox() or (0.0, 0.0, 0.0, 0.0)
        own = compose((x1 - x0, 0.0, 0.0, y1 - y0, x0, y0), own)
    return replace(style, fill=replace(fill, user=True, matrix=compose(ctm, own)))


def _untransformed(m: se.Matrix) -> bool:
    return max(abs(m.a - 1), abs(m.b), abs(m.c), abs(m.d - 1), abs(m.e), abs(m.f)) < _EPSILON


def _rect(shape: se.Rect, style: Style):
    if not (shape.width > 0 and shape.height > 0):
        return None  # SVG draws no rectangle of zero or negative size
    if not _untransformed(shape.transform) or shape.rx != shape.ry:
        return _outline(shape, style)  # rotated, skewed, or elliptical corners
    numbers = (float(shape.x), float(shape.y), float(shape.width), float(shape.height))
    check_finite(numbers)
    return Rect(*numbers, style, float(max(shape.rx, 0.0)))


def _ellipse(shape: se.Ellipse | se.Circle, style: Style):
    if not (shape.rx > 0 and shape.ry > 0):
        return None  # a zero or negative radius draws nothing
    if not _untransformed(shape.transform):
        return _outline(shape, style)  # rotated or skewed
    numbers = (float(shape.cx), float(shape.cy), float(shape.rx), float(shape.ry))
    check_finite(numbers)
    return Ellipse(*numbers, style)


def _outline(shape: se.Shape, style: Style):
    commands: list[tuple] = []
    for segment in shape.segments(transformed=True):
        commands.extend(_CONVERT[type(segment)](segment))
    if not commands or commands[0][0] != "M" or all(c[0] == "M" for c in commands):
        return None  # path data must start with a moveto, and a moveto alone draws nothing
    check_finite([v for command in commands for v in command[1:]])
    return PathShape(tuple(commands), style)


def _move(segment: se.Move) -> list[tuple]:
    return [("M", float(segment.end.x), float(segment.end.y))]


def _line(segment: se.Line) -> list[tuple]:
    return [("L", float(segment.end.x), float(segment.end.y))]


def _close(_segment: se.Close) -> list[tuple]:
    return [("Z",)]


def _cubic(segment: se.CubicBezier) -> list[tuple]:
    c1, c2, end = segment.control1, segment.control2, segment.end
    return [("C", float(c1.x), float(c1.y), float(c2.x), float(c2.y),
             float(end.x), float(end.y))]


def _quadratic(segment: se.QuadraticBezier) -> list[tuple]:
    """The same curve as a cubic: its controls two thirds of the way to the quadratic's."""
    x0, y0 = float(segment.start.x), float(segment.start.y)
    qx, qy = float(segment.control.x), float(segment.control.y)
    x, y = float(segment.end.x), float(segment.end.y)
    return [("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
             x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)]


def _arc(segment: se.Arc) -> list[tuple]:
    if segment.start == segment.end:
        return []  # SVG omits an arc that ends where it starts
    curves = list(segment.as_cubic_curves())  # a cubic per 30 degrees at most
    if not curves:
        return _line(segment)  # a zero radius: SVG draws a straight line
    return [command for curve in curves for command in _cubic(curve)]


_CONVERT = {se.Move: _move, se.Line: _line, se.Close: _close, se.CubicBezier: _cubic,
            se.QuadraticBezier: _quadratic, se.Arc: _arc}


def path_commands(d: str) -> tuple[tuple, ...]:
    """SVG path data (`d`) as absolute M/L/C/Z commands (the built-in silhouettes)."""
    return tuple(command for segment in se.Path(d).segments()
                 for command in _CONVERT[type(segment)](segment))
