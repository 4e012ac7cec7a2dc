"""Read simple SVG files (our symbols and art) into scene primitives.

Why not svglib for everything: parsing each file once into the same primitives the
pieces use keeps the SVG and the PDF identical and the build fast. The reader takes
plain shapes (rect, circle, ellipse, path, polygon, polyline), groups without
transforms, solid colours, opacity and linear gradients. Anything else raises
`Unsupported`, and the caller places the file as a whole picture instead.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from generator.render.pathdata import parse_path
from generator.render.scene import Ellipse, Gradient, Rect, Style
from generator.render.scene import Path as PathShape

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


def _viewbox(root: ET.Element) -> tuple[float, float, float, float]:
    box = root.get("viewBox")
    if box:
        values = [float(v) for v in re.split(r"[\s,]+", box.strip())]
        if len(values) == 4 and values[2] > 0 and values[3] > 0:
            return tuple(values)
    try:
        return 0.0, 0.0, float(root.get("width", "")), float(root.get("height", ""))
    except ValueError:
        raise Unsupported("no viewBox and no plain width/height") from None


def _gradients(root: ET.Element) -> dict[str, Gradient]:
    found = {}
    for g in root.iter(NS + "linearGradient"):
        if g.get("gradientUnits", "objectBoundingBox") != "objectBoundingBox" or \
                g.get("gradientTransform"):
            raise Unsupported("gradient units or transform")
        stops = tuple((_fraction(s.get("offset", "0")), _colour(s.get("stop-color", "#000")),
                       float(s.get("stop-opacity", "1"))) for s in g.iter(NS + "stop"))
        found[g.get("id", "")] = Gradient(*(_fraction(g.get(k, d)) for k, d in
                                            (("x1", "0"), ("y1", "0"), ("x2", "1"), ("y2", "0"))),
                                          stops)
    return found


def _fraction(text: str) -> float:
    return float(text[:-1]) / 100 if text.endswith("%") else float(text)


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
        alpha = opacity * float(child.get("opacity", "1")) * float(child.get("fill-opacity", "1"))
        if tag == "g":
            _walk(child, attrs, alpha, gradients, items)
        else:
            items.append(_shape(tag, child, _style(attrs, alpha, gradients)))


def _style(attrs: dict, alpha: float, gradients) -> Style:
    stroke = _paint(attrs.get("stroke"), gradients)
    if isinstance(stroke, Gradient):
        raise Unsupported("gradient strokes")
    return Style(_paint(attrs.get("fill"), gradients), stroke,
                 float(attrs.get("stroke-width", "1")) if stroke else 0.0, alpha,
                 attrs.get("fill-rule") == "evenodd", attrs.get("stroke-linecap") == "round")


def _num(node: ET.Element, name: str) -> float:
    return float(node.get(name, "0"))


def _shape(tag: str, node: ET.Element, style: Style):
    if tag == "rect":
        return Rect(_num(node, "x"), _num(node, "y"), _num(node, "width"), _num(node, "height"),
                    style, _num(node, "rx"))
    if tag == "circle":
        r = _num(node, "r")
        return Ellipse(_num(node, "cx"), _num(node, "cy"), r, r, style)
    if tag == "ellipse":
        return Ellipse(_num(node, "cx"), _num(node, "cy"), _num(node, "rx"), _num(node, "ry"),
                       style)
    if tag == "path":
        try:
            return PathShape(parse_path(node.get("d", "")), style)
        except ValueError as exc:
            raise Unsupported(str(exc)) from None
    if tag in ("polygon", "polyline"):
        numbers = [float(v) for v in re.split(r"[\s,]+", node.get("points", "").strip()) if v]
        pts = [("L", numbers[i], numbers[i + 1]) for i in range(0, len(numbers) - 1, 2)]
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
