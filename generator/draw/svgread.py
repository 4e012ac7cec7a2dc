"""Read simple SVG files (our symbols and art) into scene primitives.

Why not svglib for everything: parsing each file once into the same primitives the
pieces use keeps the SVG and the PDF identical and the build fast. The reader takes
plain shapes (rect, circle, ellipse, path, polygon, polyline), groups without
transforms, solid colours, opacity and linear gradients. Anything else raises
`Unsupported`, and the caller places the file as a whole picture instead. Shapes
that SVG itself would not draw (an empty polygon, a zero radius, a path that does not
start with a moveto) are left out, as a browser leaves them out.
"""

from __future__ import annotations

import functools
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from generator.draw.pathdata import parse_path
from generator.draw.scene import Ellipse, Gradient, Rect, Style
from generator.draw.scene import Path as PathShape

NS = "{http://www.w3.org/2000/svg}"
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_NAMED = {"black": "#000000", "white": "#FFFFFF"}
_IGNORED = {"title", "desc", "metadata"}
_INHERITED = ("fill", "stroke", "stroke-width", "fill-rule", "stroke-linecap")


class Unsupported(ValueError):
    """The file uses SVG the simple reader does not take."""


def read_svg(path: Path) -> tuple[tuple[float, float, float, float], tuple]:
    """The file's viewBox (x, y, w, h) and its shapes as scene primitives (cached)."""
    stat = path.stat()
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _read(path: str, _mtime: int, _size: int):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise ValueError(f"not well-formed XML: {exc}") from None
    if root.tag != NS + "svg":
        raise ValueError("the root element is not <svg>")
    gradients = _gradients(root)
    items: list = []
    _walk(root, {"fill": "#000000"}, 1.0, gradients, items)
    return _viewbox(root), tuple(items)


def _float(text: str | None, what: str) -> float:
    """A finite number, or Unsupported (units such as "10px" are for a full renderer)."""
    try:
        value = float(text if text is not None else "")
    except ValueError:
        raise Unsupported(f"{what} {text!r} is not a plain number") from None
    if not math.isfinite(value):
        raise Unsupported(f"{what} {text!r} is not a finite number")
    return value


def _viewbox(root: ET.Element) -> tuple[float, float, float, float]:
    box = root.get("viewBox")
    if box:
        values = [_float(v, "viewBox") for v in re.split(r"[\s,]+", box.strip())]
        if len(values) == 4 and values[2] > 0 and values[3] > 0:
            return tuple(values)
    if root.get("width") is None or root.get("height") is None:
        raise Unsupported("no viewBox and no plain width/height")
    width, height = _float(root.get("width"), "width"), _float(root.get("height"), "height")
    if width <= 0 or height <= 0:
        raise Unsupported(f"an empty picture ({width:g} x {height:g})")
    return 0.0, 0.0, width, height


def _gradients(root: ET.Element) -> dict[str, Gradient]:
    found = {}
    for g in root.iter(NS + "linearGradient"):
        if g.get("gradientUnits", "objectBoundingBox") != "objectBoundingBox" or \
                g.get("gradientTransform"):
            raise Unsupported("gradient units or transform")
        stops = tuple((_fraction(s.get("offset", "0")), _colour(s.get("stop-color", "#000")),
                       _float(s.get("stop-opacity", "1"), "stop-opacity"))
                      for s in g.iter(NS + "stop"))
        found[g.get("id", "")] = Gradient(*(_fraction(g.get(k, d)) for k, d in
                                            (("x1", "0"), ("y1", "0"), ("x2", "1"), ("y2", "0"))),
                                          stops)
    return found


def _fraction(text: str) -> float:
    return _float(text[:-1], "offset") / 100 if text.endswith("%") else _float(text, "offset")


def _colour(text: str) -> str:
    text = _NAMED.get(text.strip(), text.strip())
    match = _HEX.match(text)
    if not match:
        raise Unsupported(f"colour {text!r}")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return "#" + digits.upper()


def _paint(text: str | None, gradients: dict[str, Gradient]):
    if text is None or text == "none":
        return None
    if text.startswith("url(#"):
        try:
            return gradients[text[5:-1]]
        except KeyError:
            raise Unsupported(f"paint {text!r}") from None
    return _colour(text)


def _walk(node: ET.Element, inherited: dict, opacity: float, gradients, items: list) -> None:
    for child in node:
        tag = child.tag.removeprefix(NS)
        if tag in _IGNORED or tag == "defs":
            continue
        if child.get("transform") or child.get("style") or child.get("clip-path"):
            raise Unsupported(f"<{tag}> with transform, style or clip-path")
        attrs = {**inherited, **{k: child.get(k) for k in _INHERITED if child.get(k)}}
        alpha = opacity * _float(child.get("opacity", "1"), "opacity") \
            * _float(child.get("fill-opacity", "1"), "fill-opacity")
        if tag == "g":
            _walk(child, attrs, alpha, gradients, items)
        else:
            shape = _shape(tag, child, _style(attrs, alpha, gradients))
            if shape is not None:
                items.append(shape)


def _style(attrs: dict, alpha: float, gradients) -> Style:
    stroke = _paint(attrs.get("stroke"), gradients)
    if isinstance(stroke, Gradient):
        raise Unsupported("gradient strokes")
    return Style(_paint(attrs.get("fill"), gradients), stroke,
                 _float(attrs.get("stroke-width", "1"), "stroke-width") if stroke else 0.0,
                 min(max(alpha, 0.0), 1.0),
                 attrs.get("fill-rule") == "evenodd", attrs.get("stroke-linecap") == "round")


def _num(node: ET.Element, name: str) -> float:
    return _float(node.get(name, "0"), name)


def _shape(tag: str, node: ET.Element, style: Style):
    """The primitive for one shape; None for a shape SVG would not draw."""
    if tag == "rect":
        w, h = _num(node, "width"), _num(node, "height")
        return Rect(_num(node, "x"), _num(node, "y"), w, h, style, max(_num(node, "rx"), 0.0)) \
            if w > 0 and h > 0 else None
    if tag == "circle":
        r = _num(node, "r")
        return Ellipse(_num(node, "cx"), _num(node, "cy"), r, r, style) if r > 0 else None
    if tag == "ellipse":
        rx, ry = _num(node, "rx"), _num(node, "ry")
        return Ellipse(_num(node, "cx"), _num(node, "cy"), rx, ry, style) \
            if rx > 0 and ry > 0 else None
    if tag == "path":
        try:
            commands = parse_path(node.get("d", ""))
        except ValueError as exc:
            raise Unsupported(str(exc)) from None
        if not all(math.isfinite(v) for c in commands for v in c[1:]):
            raise Unsupported("a path with a number too large to draw")
        return PathShape(commands, style) if commands and commands[0][0] == "M" else None
    if tag in ("polygon", "polyline"):
        numbers = [_float(v, "points")
                   for v in re.split(r"[\s,]+", node.get("points", "").strip()) if v]
        pts = [("L", numbers[i], numbers[i + 1]) for i in range(0, len(numbers) - 1, 2)]
        if len(pts) < 2:  # nothing to draw: SVG renders no shape for fewer than two points
            return None
        commands = (("M", *pts[0][1:]), *pts[1:]) + ((("Z",),) if tag == "polygon" else ())
        return PathShape(commands, style)
    raise Unsupported(f"<{tag}>")


def recolour(items: tuple, colour: str) -> tuple:
    """The same shapes with every fill and stroke set to one colour (for silhouettes)."""
    out = []
    for item in items:
        s = item.style
        style = replace(s, fill=colour if s.fill else None, stroke=colour if s.stroke else None)
        out.append(replace(item, style=style))
    return tuple(out)
