"""Read SVG art and insignia files into scene primitives, with svgelements doing the SVG.

svgelements resolves what a hand-written reader gets wrong or leaves out: transforms,
CSS (style attributes and simple <style> sheets), <use>, arcs, relative and smooth path
commands, lines, polylines and polygons. This module does two things around it.

First it surveys the XML for what svgelements would silently draw wrongly or not at
all (text, pictures, filters, masks, patterns, radial gradients, markers, CSS it does
not apply) and refuses the file with `ArtError`, whose message becomes a diagnostic.
It also reads the <linearGradient> stops there, because svgelements keeps no children
of elements it does not model.

Then it turns svgelements' shapes into our primitives: a plain rectangle stays a Rect,
an axis-aligned circle or ellipse an Ellipse, and everything else becomes a Path of
absolute M/L/C/Z commands. Shapes SVG itself would not draw are left out.
"""

from __future__ import annotations

import functools
import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import svgelements as se

from generator.core.limits import (
    SVG_BYTES,
    SVG_DEPTH,
    SVG_ELEMENTS,
    SVG_POINTS,
    USE_DEPTH,
    Limit,
)
from generator.core.reading import Refused, read_file
from generator.draw.scene import Ellipse, Gradient, Rect, Style
from generator.draw.scene import Path as PathShape
from generator.draw.svgplain import PlainShape, plain_shapes

_NS = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_EPSILON = 1e-9  # what is left of an undone transform after reify

# Elements that are drawn, or hold drawn elements, and that svgelements models fully.
_DRAWN = {"g", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
_NOT_DRAWN = {"title", "desc", "metadata"}
# Definitions svgelements never draws in place; they matter only where used.
_DEFINITIONS = {"linearGradient", "radialGradient", "pattern", "clipPath"}
# Definitions whose content svgelements would draw in place unless they sit in <defs>.
_DEFS_ONLY = {"filter", "mask", "marker", "symbol"}
_REFUSED = {
    "text": "text (<text>); convert it to paths",
    "tspan": "text (<tspan>); convert it to paths",
    "textPath": "text (<textPath>); convert it to paths",
    "image": "a picture inside the SVG (<image>)",
    "svg": "an <svg> inside the SVG",
    "a": "a link (<a>)",
}
_EFFECTS = {"filter": "a filter", "mask": "a mask", "clip-path": "a clipping path",
            "marker": "markers", "marker-start": "markers", "marker-mid": "markers",
            "marker-end": "markers"}
_SELECTOR = re.compile(r"\*|[\w-]+|#[\w-]+|\.[\w-]+|[\w-]+\.[\w-]+")  # what svgelements applies
_RULE = re.compile(r"([^{}]*)\{[^{}]*\}")
_URL = re.compile(r"url\(\s*['\"]?#([^'\")]+)['\"]?\s*\)")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_FUNCTION = re.compile(r"(?:rgba?|hsla?)\(", re.IGNORECASE)
_BLACK = se.Color.parse_color_lookup("black")


class ArtError(ValueError):
    """The file cannot be drawn faithfully; the message says why, in a few words."""


@dataclass(frozen=True)
class _Survey:
    """What the XML tells that svgelements does not: element kinds by id, and gradients."""

    tags: dict[str, str]
    paints: dict[str, Gradient | str]  # a linear gradient, or why it cannot be drawn


def read_art(path: Path) -> tuple[tuple[float, float, float, float], tuple]:
    """The file's viewBox (x, y, w, h) and its shapes as scene primitives (cached).

    Raises ArtError, with a short reason, for a file that cannot be drawn faithfully.
    """
    stat = path.stat()
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _read(path: str, _mtime: int, _size: int):
    try:
        data = read_file(Path(path), None, SVG_BYTES)
    except Refused as refused:
        raise ArtError(refused.reason) from None
    root = _xml(data)
    survey = _survey(root)
    box = _declared_viewbox(root)  # checked first: svgelements stops at a viewBox without area
    plain = plain_shapes(root)
    if plain is not None and box is not None:
        return box, tuple(item for shape in plain
                          if (item := _plain_primitive(shape, survey)) is not None)
    document = _document(data)
    if box is None:
        box = 0.0, 0.0, float(document.width), float(document.height)
    _refuse_effects(document.values)
    items: list = []
    _walk(document, _alpha(1.0, document), survey, items)
    return box, tuple(items)


# The survey of the XML -----------------------------------------------------------------

def _xml(data: bytes) -> ET.Element:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise ArtError(f"not well-formed XML: {exc}") from None
    if root.tag != _NS + "svg":
        raise ArtError("the root element is not <svg>")
    return root


def _survey(root: ET.Element) -> _Survey:
    """Refuse what svgelements would draw wrongly; collect ids and gradients."""
    named = {key: e for e in root.iter() if (key := e.get("id"))}
    _Expansion(named).measure(root)  # first: the checks below recurse as deep as the file
    tags = {key: e.tag.removeprefix(_NS) for key, e in named.items()}
    paints = {key: _paint_server(named[key], tag) for key, tag in tags.items()
              if tag in ("linearGradient", "radialGradient", "pattern")}
    _check_children(root, False, tags)
    _check_style_order(root)
    return _Survey(tags, paints)


def _check_children(node: ET.Element, in_defs: bool, tags: dict[str, str]) -> None:
    for child in node:
        if not child.tag.startswith(_NS):
            continue  # another vocabulary (an editor's notes): no renderer draws it
        name = child.tag[len(_NS):]
        if name in _DRAWN:
            if name == "use":
                _check_use(child, tags)
            _check_children(child, in_defs, tags)
        elif name == "defs":
            _check_children(child, True, tags)
        elif name == "style":
            _check_sheet(child.text or "")
        elif name in _DEFS_ONLY:
            if not in_defs:
                raise ArtError(f"a <{name}> outside <defs>")
        elif name not in _NOT_DRAWN and name not in _DEFINITIONS:
            raise ArtError(_REFUSED.get(name, f"the element <{name}>"))


class _Expansion:
    """What the file becomes once every <use> is copied out: refused when a <use> leads
    back to itself, when <use>s or elements nest past their limits, or when the copies
    pass the element or the point limit (a few nested <use>s can stand for millions of
    elements; one path can hold a million points)."""

    def __init__(self, named: dict[str, ET.Element]) -> None:
        self.named = named
        # node -> elements, points, <use> levels and depth below it
        self.seen: dict[int, tuple[int, int, int, int]] = {}

    def measure(self, node: ET.Element, chain: tuple[str, ...] = (), depth: int = 1
                ) -> tuple[int, int, int, int]:
        """Elements, points, <use> levels and nesting depth under `node`, counted
        through <use>."""
        if depth > SVG_DEPTH.value:
            raise _past(SVG_DEPTH, depth, node)
        known = self.seen.get(id(node))
        if known is None:
            known = self._count(node, chain, depth)
            self.seen[id(node)] = known
        _, _, uses, below = known
        if USE_DEPTH.over(len(chain) + uses):
            raise _past(USE_DEPTH, len(chain) + uses, node)
        if SVG_DEPTH.over(depth + below):
            raise _past(SVG_DEPTH, depth + below, node)
        return known

    def _count(self, node: ET.Element, chain: tuple[str, ...], depth: int
               ) -> tuple[int, int, int, int]:
        elements, points, uses, below = 1, _points(node), 0, 0
        for child in node:
            e, p, u, b = self.measure(child, chain, depth + 1)
            elements, points = elements + e, points + p
            uses, below = max(uses, u), max(below, b + 1)
        reference = _href(node) if node.tag == _NS + "use" else ""
        target = self.named.get(reference)
        if target is not None:
            if reference in chain or target is node:
                loop = " -> ".join(f"#{key}" for key in (*chain, reference))
                raise ArtError(f"a <use> that leads back to itself ({loop})")
            e, p, u, b = self.measure(target, (*chain, reference), depth + 1)
            elements, points = elements + e, points + p
            uses, below = max(uses, u + 1), max(below, b + 1)
        for limit, count in ((SVG_ELEMENTS, elements), (SVG_POINTS, points)):
            if limit.over(count):
                raise _past(limit, count, node)
        return elements, points, uses, below


_NUMBER = re.compile(r"[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?")


def _points(node: ET.Element) -> int:
    """The points a path's `d` or a polygon's `points` holds (two numbers a point; an
    arc's flags and radii make it an over-count, which is on the safe side)."""
    text = node.get("d") or node.get("points")
    return len(_NUMBER.findall(text)) // 2 if text else 0


def _past(limit: Limit, count: int, node: ET.Element) -> ArtError:
    return ArtError(f"{limit.says(count)}, at {_named(node)}")


def _href(node: ET.Element) -> str:
    """The id a <use> names (without '#'), or "" for none or another file's."""
    href = (node.get("href") or node.get(_XLINK) or "").strip()
    return href[1:] if href.startswith("#") else ""


def _named(node: ET.Element) -> str:
    """An element as an author finds it in the file: its tag and id."""
    key = node.get("id")
    return f"<{node.tag.removeprefix(_NS)}{f' id={key!r}' if key else ''}>"


def _check_style_order(root: ET.Element) -> None:
    # svgelements applies a <style> sheet only to the elements after it; a browser, to all.
    drawn = False
    for element in root.iter():
        name = element.tag.removeprefix(_NS)
        if name == "style" and drawn:
            raise ArtError("a <style> after the shapes it may style; move it to the top")
        drawn = drawn or name in _DRAWN


def _check_use(node: ET.Element, tags: dict[str, str]) -> None:
    href = (node.get("href") or node.get(_XLINK) or "").strip()
    if not href.startswith("#"):
        raise ArtError(f"a <use> of another file ({href or 'no href'})")
    target = tags.get(href[1:])
    if target is None:
        raise ArtError(f"a <use> of {href}, which the file does not define")
    if target not in _DRAWN:
        raise ArtError(f"a <use> of a <{target}>")


def _check_sheet(css: str) -> None:
    """Refuse CSS that svgelements would skip, so the file would draw in other colours."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    if "@" in css:
        raise ArtError("CSS at-rules (@...) in <style>")
    for selectors in _RULE.findall(css):
        for selector in selectors.split(","):
            if not _SELECTOR.fullmatch(selector.strip()):
                raise ArtError(f"the CSS selector {selector.strip()!r} in <style>")


def _paint_server(node: ET.Element, tag: str) -> Gradient | str:
    """The gradient, or why it cannot be drawn (said only when a shape uses it)."""
    key = node.get("id")
    if tag != "linearGradient":
        return f"a {'radial gradient' if tag == 'radialGradient' else tag} (#{key})"
    if node.get("gradientUnits", "objectBoundingBox") != "objectBoundingBox":
        return f"a gradient in user space units (#{key})"
    if node.get("gradientTransform") or node.get("href") or node.get(_XLINK):
        return f"a gradient with a transform or borrowed stops (#{key})"
    if node.get("spreadMethod", "pad") != "pad":
        return f"a reflected or repeated gradient (#{key})"
    try:
        x1, y1, x2, y2 = (_fraction(node.get(k, d), k) for k, d in
                          (("x1", "0"), ("y1", "0"), ("x2", "1"), ("y2", "0")))
        return Gradient(x1, y1, x2, y2, _stops(node))
    except ArtError as exc:
        return f"{exc} in the gradient #{key}"


def _stops(node: ET.Element) -> tuple[tuple[float, str, float], ...]:
    stops, last = [], 0.0
    for stop in node.iter(_NS + "stop"):
        props = {**stop.attrib, **_declarations(stop.get("style", ""))}
        # SVG clamps offsets into 0-1 and never lets one go back before the previous.
        last = max(last, min(max(_fraction(props.get("offset", "0"), "offset"), 0.0), 1.0))
        colour, alpha = _colour(props.get("stop-color", "#000000").strip())
        stops.append((last, colour, alpha * _fraction(props.get("stop-opacity", "1"),
                                                      "stop-opacity")))
    if not stops:
        raise ArtError("no stops")
    return tuple(stops)


def _declarations(style: str) -> dict[str, str]:
    pairs = (part.split(":", 1) for part in style.split(";") if ":" in part)
    return {key.strip(): value.strip() for key, value in pairs}


# The size and the parse --------------------------------------------------------------

def _declared_viewbox(root: ET.Element) -> tuple[float, float, float, float] | None:
    """The viewBox; None when there is none but a width and height stand in for it."""
    text = root.get("viewBox")
    if text is None:
        width, height = root.get("width"), root.get("height")
        if width is None or height is None:
            raise ArtError("no viewBox, and no width and height")
        if "%" in width + height:
            raise ArtError("no viewBox, and a width or height in percent")
        return None
    try:
        x, y, w, h = (float(v) for v in re.split(r"[\s,]+", text.strip()))
    except ValueError:
        raise ArtError(f"the viewBox {text!r} is not four numbers") from None
    if not (w > 0 and h > 0 and all(map(math.isfinite, (x, y, w, h)))):
        raise ArtError(f"the viewBox {text!r} has no area")
    return x, y, w, h


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


# From svgelements to primitives --------------------------------------------------------

def _walk(node, alpha: float, survey: _Survey, items: list) -> None:
    for child in node:
        if isinstance(child, (se.Group, se.Use)):
            _refuse_effects(child.values)
            _walk(child, _alpha(alpha, child), survey, items)
        elif isinstance(child, se.Shape):
            item = _primitive(child, _alpha(alpha, child), survey)
            if item is not None:
                items.append(item)
        # Anything else (title, desc, an editor's element) draws nothing.


def _alpha(alpha: float, node) -> float:
    """The opacity so far times this element's own opacity and fill-opacity."""
    return _own_alpha(alpha, node.values.get("attributes", {}))


def _own_alpha(alpha: float, own: dict) -> float:
    for key in ("opacity", "fill-opacity"):  # most elements have neither: skip the parse
        if key in own:
            alpha *= _fraction(own[key], key)
    return alpha


def _refuse_effects(values: dict) -> None:
    for key, what in _EFFECTS.items():
        value = values.get(key)
        if value and value.strip() != "none":
            raise ArtError(f"{what} ({key}: {value})")


def _primitive(shape: se.Shape, alpha: float, survey: _Survey):
    """The primitive for one shape; None for a shape SVG would not draw."""
    values = shape.values
    if values.get("visibility") in ("hidden", "collapse"):
        return None
    _refuse_effects(values)
    style = _style(values, lambda: float(shape.implicit_stroke_width), alpha, survey)
    if isinstance(shape, se.Rect):
        return _rect(shape, style)
    if isinstance(shape, (se.Circle, se.Ellipse)):
        return _ellipse(shape, style)
    return _outline(shape, style)


def _plain_primitive(shape: PlainShape, survey: _Survey):
    """The primitive for a shape of a plain file, as `_primitive` makes it for svgelements'
    (`plain_shapes` keeps out every case that would take another branch there)."""
    alpha = _own_alpha(1.0, shape.values["attributes"])
    style = _style(shape.values, lambda: shape.stroke_width, alpha, survey)
    if shape.kind == "path":
        commands = shape.commands
        if not commands or all(c[0] == "M" for c in commands):
            return None
        _check_finite([v for command in commands for v in command[1:]])
        return PathShape(commands, style)
    _check_finite(shape.numbers)
    if shape.kind == "rect":
        return Rect(*shape.numbers, style, 0.0)
    return Ellipse(*shape.numbers, style)


def _style(values: dict, stroke_width, alpha: float, survey: _Survey) -> Style:
    """The style of a shape from its presentation values; `stroke_width()` gives its
    stroke's width, asked only when it has a stroke."""
    fill, fill_alpha = _paint(values.get("fill"), survey)
    stroke, stroke_alpha = _paint(values.get("stroke"), survey)
    if isinstance(stroke, Gradient):
        raise ArtError("a gradient on a stroke")
    if stroke and "stroke-opacity" in values:
        stroke_alpha *= _fraction(values["stroke-opacity"], "stroke-opacity")
    if fill and stroke and fill_alpha != stroke_alpha:
        raise ArtError("a fill and a stroke of different opacities")  # Style has one
    alpha *= fill_alpha if fill else stroke_alpha
    width = stroke_width() if stroke else 0.0
    # Round caps come with round joins, as they always have here (a stroke's ends and
    # corners both soft): art drawn before the painter had joins prints as it did.
    ends = "round" if values.get("stroke-linecap") == "round" else "butt"
    return Style(fill, stroke, width, min(max(alpha, 0.0), 1.0),
                 values.get("fill-rule") == "evenodd", ends, "round" if ends == "round" else
                 "miter")


def _paint(text: str | None, survey: _Survey) -> tuple[str | Gradient | None, float]:
    """A fill or stroke value as (paint, the colour's own opacity)."""
    text = (text or "none").strip()
    if text == "none":
        return None, 1.0
    if not text.startswith("url("):
        return _colour(text)
    match = _URL.match(text)
    paint = survey.paints.get(match.group(1)) if match else None
    if isinstance(paint, Gradient):
        return paint, 1.0
    if paint is None:
        raise ArtError(f"the paint {text}, which the file does not define as a gradient")
    raise ArtError(paint)


@functools.lru_cache(maxsize=1024)  # art repeats a handful of colours many times
def _colour(text: str) -> tuple[str, float]:
    """'#RRGGBB' and the colour's own opacity (rgba, #RRGGBBAA, transparent)."""
    if not _known_colour(text):
        raise ArtError(f"the colour {text!r}")
    colour = se.Color(text)
    return f"#{colour.red:02X}{colour.green:02X}{colour.blue:02X}", colour.alpha / 255


def _known_colour(text: str) -> bool:
    # svgelements reads any word it does not know, and a broken #hex, as black.
    if text.startswith("#"):
        return _HEX.fullmatch(text) is not None
    return bool(_FUNCTION.match(text)) or text.lower() == "black" \
        or se.Color.parse_color_lookup(text) != _BLACK


def _fraction(text: str, what: str) -> float:
    """A number, or a percentage as a fraction (offsets and opacities take both)."""
    text = text.strip()
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise ArtError(f"the {what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise ArtError(f"the {what} {text!r} is not a finite number")
    return value


def _untransformed(m: se.Matrix) -> bool:
    return max(abs(m.a - 1), abs(m.b), abs(m.c), abs(m.d - 1), abs(m.e), abs(m.f)) < _EPSILON


def _rect(shape: se.Rect, style: Style):
    if not (shape.width > 0 and shape.height > 0):
        return None  # SVG draws no rectangle of zero or negative size
    if not _untransformed(shape.transform) or shape.rx != shape.ry:
        return _outline(shape, style)  # rotated, skewed, or elliptical corners
    numbers = (float(shape.x), float(shape.y), float(shape.width), float(shape.height))
    _check_finite(numbers)
    return Rect(*numbers, style, float(max(shape.rx, 0.0)))


def _ellipse(shape: se.Ellipse | se.Circle, style: Style):
    if not (shape.rx > 0 and shape.ry > 0):
        return None  # a zero or negative radius draws nothing
    if not _untransformed(shape.transform):
        return _outline(shape, style)  # rotated or skewed
    numbers = (float(shape.cx), float(shape.cy), float(shape.rx), float(shape.ry))
    _check_finite(numbers)
    return Ellipse(*numbers, style)


def _outline(shape: se.Shape, style: Style):
    commands: list[tuple] = []
    for segment in shape.segments(transformed=True):
        commands.extend(_CONVERT[type(segment)](segment))
    if not commands or commands[0][0] != "M" or all(c[0] == "M" for c in commands):
        return None  # path data must start with a moveto, and a moveto alone draws nothing
    _check_finite([v for command in commands for v in command[1:]])
    return PathShape(tuple(commands), style)


def _check_finite(numbers) -> None:
    if not all(map(math.isfinite, numbers)):
        raise ArtError("a number too large to draw")


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
