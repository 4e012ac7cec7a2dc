"""Read SVG art and insignia files into scene primitives.

First this module surveys the XML for what svgelements would silently draw wrongly or
not at all (text, linked pictures, patterns on strokes, radial gradients whose focus lies
outside their circle, markers, CSS it does not apply) and refuses the file with
`ArtError`, whose message becomes a diagnostic. It also reads the gradients there
(their stops, and those they borrow), because svgelements keeps no children of
elements it does not model.

Then one of two readers gives the shapes: `generator.draw.svgplain` for a plain file
(most art: shapes set directly in the <svg>, no transforms, CSS or arcs), read at once,
and svgelements (`generator.draw.svgelem`, imported only then) for everything else.
Both give the same primitives for a plain file, and `generator.draw.svgpaint` styles
the shapes of either.
"""

from __future__ import annotations

import functools
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from pathlib import Path

from generator.core.limits import (
    SVG_BYTES,
    SVG_DEPTH,
    SVG_ELEMENTS,
    SVG_POINTS,
    USE_DEPTH,
    Limit,
)
from generator.core.reading import Refused, read_file
from generator.draw import svgmarker, svgpattern, svgpicture, svgplain, svgrewrite
from generator.draw.scene import Ellipse, Gradient, Group, Rect
from generator.draw.scene import Path as PathShape
from generator.draw.svgpaint import (
    ArtError,
    check_finite,
    colour_of,
    fraction,
    shape_alpha,
    style_value,
    styles_of,
    transform_of,
)
from generator.draw.svgplain import PlainShape, plain_shapes
from generator.draw.svgrewrite import NOT_DRAWN, by_id, element_name

__all__ = ["ArtError", "path_commands", "read_art"]

_NS = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"

# Elements that are drawn, or hold drawn elements, and that svgelements models fully.
_DRAWN = {"g", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
# Definitions svgelements never draws in place; they matter only where used.
_DEFINITIONS = {"linearGradient", "radialGradient", "pattern", "clipPath"}
# Definitions whose content svgelements would draw in place unless they sit in <defs>.
_DEFS_ONLY = {"filter", "mask", "marker", "symbol"}
_TO_PATHS = "text (<{}>); convert it to paths (Inkscape: Path > Object to Path)"
_REFUSED = {
    "text": _TO_PATHS.format("text"),
    "tspan": _TO_PATHS.format("tspan"),
    "textPath": _TO_PATHS.format("textPath"),
    "flowRoot": _TO_PATHS.format("flowRoot"),  # Inkscape's text flowed into a frame
    "a": "a link (<a>); remove the link (Inkscape: right-click it > Remove Link)",
    # Inkscape's own paints, which browsers do not draw.
    **{name: f"a {what} (<{name}>), which browsers do not draw; make the part it paints "
             f"a picture (Inkscape: Edit > Make a Bitmap Copy, at 300 dpi)"
       for name, what in (("meshgradient", "mesh gradient"), ("hatch", "hatch"))},
}
_GRADIENTS = ("linearGradient", "radialGradient")
_CHAIN = 8  # gradients one may borrow through: more is a loop, or a mistake
_SELECTOR = re.compile(r"\*|[\w-]+|#[\w-]+|\.[\w-]+|[\w-]+\.[\w-]+")  # what svgelements applies
_RULE = re.compile(r"([^{}]*)\{[^{}]*\}")
_SHEET_ORIGIN = re.compile(r"transform-origin\s*:\s*([^;}]*)")
_RADII = {"circle": ("r",), "rect": ("rx", "ry")}  # (an ellipse's svgelements reads as SVG)
_IMPORTANT = ("CSS marked !important ({}), which a browser lets win over the element's own "
              "style and tkg does not; remove the mark and give the element its colours")
_ORIGIN = ("a transform about a point of its own (transform-origin: {}); write the point "
           "into the transform (rotate(45 30 20): 45 degrees about (30, 20)), or apply "
           "the transform (Inkscape: Object > Transform)")


@dataclass(frozen=True)
class _Survey:
    """What the XML tells that svgelements does not: element kinds by id, and gradients."""

    tags: dict[str, str]
    paints: dict[str, Gradient | str]  # a linear gradient, or why it cannot be drawn
    clips: dict[str, ET.Element]  # the clipping paths (their shapes are read where used)
    masks: dict[str, ET.Element]  # the masks (likewise)
    filters: dict[str, ET.Element]  # the filters (read where used)


def read_art(path: Path, again: bool = False
             ) -> tuple[tuple[float, float, float, float], tuple]:
    """The file's viewBox (x, y, w, h) and its shapes as scene primitives (cached; read
    `again` when the pictures it embeds were kept in a cache emptied since).

    Raises ArtError, with a short reason, for a file that cannot be drawn faithfully.
    """
    stat = path.stat()
    if again:
        return _read.__wrapped__(str(path), stat.st_mtime_ns, stat.st_size)
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _read(path: str, _mtime: int, _size: int):
    try:
        data = read_file(Path(path), None, SVG_BYTES)
    except Refused as refused:
        raise ArtError(refused.reason) from None
    root = _xml(data)
    box = _declared_viewbox(root)  # checked first: svgelements stops at a viewBox without area
    named = by_id(root)
    if svgrewrite.needs_rewrite(root, named):  # symbols, nested <svg>, <switch>: groups
        _Expansion(named).measure(root)  # (the limits hold for what the copies make)
        root = svgrewrite.as_groups(root, box)
        data, named = ET.tostring(root), by_id(root)
    if svgmarker.needs_markers(root, named):  # markers: a copy of each where it is drawn
        root = svgmarker.as_markers(root)
        data, named = ET.tostring(root), by_id(root)
    if svgpattern.needs_tiles(root, named):  # shapes filled with a pattern: its tiles
        root = svgpattern.as_tiles(root, named)
        data, named = ET.tostring(root), by_id(root)
    survey = _survey(root, named)
    plain = plain_shapes(root)
    if plain is not None and box is not None:
        return box, tuple(item for shape in plain
                          for item in _plain_primitives(shape, survey.paints))
    from generator.draw import svgelem  # svgelements, only for a file that needs it

    (width, height), items = svgelem.shapes(data, survey.paints, survey.clips, survey.masks,
                                             survey.filters)
    return box or (0.0, 0.0, width, height), items


# The survey of the XML -----------------------------------------------------------------

def _xml(data: bytes) -> ET.Element:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise ArtError(f"not well-formed XML: {exc}") from None
    if root.tag != _NS + "svg":
        raise ArtError("the root element is not <svg>")
    return root


def _survey(root: ET.Element, named: dict[str, ET.Element]) -> _Survey:
    """Refuse what svgelements would draw wrongly; collect ids and gradients (`named`:
    the file's elements by id)."""
    _Expansion(named).measure(root)  # first: the checks below recurse as deep as the file
    tags = {key: e.tag.removeprefix(_NS) for key, e in named.items()}
    paints = {key: _paint_server(named[key], tag, named) for key, tag in tags.items()
              if tag in ("linearGradient", "radialGradient", "pattern")}
    _check_children(root, False, tags)
    _check_style_order(root)
    return _Survey(tags, paints, *({key: named[key] for key, tag in tags.items() if tag == kind}
                                   for kind in ("clipPath", "mask", "filter")))


def _check_children(node: ET.Element, in_defs: bool, tags: dict[str, str]) -> None:
    for child in node:
        if not child.tag.startswith(_NS):
            continue  # another vocabulary (an editor's notes): no renderer draws it
        name = child.tag[len(_NS):]
        if name == "image":
            svgpicture.check_reference(child.get("href") or child.get(_XLINK) or "")
        elif name in _DRAWN:
            _check_read_alike(child, name)
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
        elif name not in NOT_DRAWN and name not in _DEFINITIONS:
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
    return ArtError(f"{limit.says(count)}, at {element_name(node)}")


def _href(node: ET.Element) -> str:
    """The id a <use> names (without '#'), or "" for none or another file's."""
    href = (node.get("href") or node.get(_XLINK) or "").strip()
    return href[1:] if href.startswith("#") else ""


def _check_style_order(root: ET.Element) -> None:
    # svgelements applies a <style> sheet only to the elements after it; a browser, to all.
    drawn = False
    for element in root.iter():
        name = element.tag.removeprefix(_NS)
        if name == "style" and drawn:
            raise ArtError("a <style> after the shapes it may style; move it to the top")
        drawn = drawn or name in _DRAWN


def _check_read_alike(node: ET.Element, name: str) -> None:
    """Refuse what svgelements reads otherwise than SVG does: a radius in percent (of
    the drawing's diagonal, not SVG's diagonal over the square root of 2; a rectangle's
    other corner radius from its own side), a transform about a point of its own
    (transform-origin, which svgelements leaves out), a declaration marked !important
    (which wins in a browser)."""
    style = node.get("style") or ""
    if "!important" in style:
        raise ArtError(_IMPORTANT.format(style.strip()))
    for key in _RADII.get(name, ()):
        value = (node.get(key) or style_value(style, key)).strip()
        if value.endswith("%"):
            raise ArtError(f"a radius in percent ({key}=\"{value}\"); write it in the "
                           f"drawing's units")
    origin = (node.get("transform-origin") or style_value(style, "transform-origin")).strip()
    if origin and not _at_origin(origin) and (node.get("transform") or
                                              style_value(style, "transform")):
        raise ArtError(_ORIGIN.format(origin))


def _at_origin(origin: str) -> bool:
    """Whether a transform-origin is the drawing's origin, SVG's default for shapes."""
    return all(part in ("0", "0px", "0%", "left", "top") for part in origin.split())


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
    if "!important" in css:
        raise ArtError(_IMPORTANT.format("in <style>"))
    for origin in _SHEET_ORIGIN.findall(css):
        if not _at_origin(origin.strip()):
            raise ArtError(_ORIGIN.format(origin.strip()))
    for selectors in _RULE.findall(css):
        for selector in selectors.split(","):
            if not _SELECTOR.fullmatch(selector.strip()):
                raise ArtError(f"the CSS selector {selector.strip()!r} in <style>")


def _paint_server(node: ET.Element, tag: str, named: dict[str, ET.Element]
                  ) -> Gradient | str:
    """The gradient, or why it cannot be drawn (said only when a shape uses it)."""
    key = node.get("id")
    if tag == "pattern":  # (a shape's own pattern fill is drawn: `svgpattern`)
        return (f"a pattern (#{key}) on a stroke, in another pattern's tile, or given by "
                f"a group or a style sheet; "
                f"tkg fills with a pattern a shape whose own fill it is: ungroup the shapes "
                f"(Inkscape: Object > Ungroup) and give each the pattern, or make a "
                f"stroke a shape (Path > Stroke to Path)")
    if tag not in _GRADIENTS:
        return f"a {tag} (#{key})"
    try:
        chain = _chain(node, named)
        value = _inherited(chain, tag)
        spread = value("spreadMethod", "pad")
        if spread not in ("pad", "reflect", "repeat"):
            return f"a gradient spread by {spread!r} (#{key}): pad, reflect or repeat"
        user = value("gradientUnits", "objectBoundingBox") == "userSpaceOnUse"
        number = _user_number if user else fraction
        stops = _stops(next((n for n in chain if n.find(_NS + "stop") is not None), node))
        written = value("gradientTransform", "")
        matrix = transform_of(written) if written.strip() else None
        if tag == "radialGradient":
            found = _radial(value, number, stops, user, matrix, key)
            return found if isinstance(found, str) else replace(found, spread=spread)
        x1, y1, x2, y2 = (number(value(k, d), k) for k, d in
                          (("x1", "0%"), ("y1", "0%"), ("x2", "100%"), ("y2", "0%")))
        return Gradient(x1, y1, x2, y2, stops, user=user, matrix=matrix, spread=spread)
    except ArtError as exc:
        return f"{exc} in the gradient #{key}"


def _chain(node: ET.Element, named: dict[str, ET.Element]) -> list[ET.Element]:
    """The gradient and those it borrows from (href: Inkscape keeps the stops in one
    gradient that others name), nearest first."""
    chain = [node]
    while (href := node.get("href") or node.get(_XLINK)) is not None:
        borrowed = named.get(href.removeprefix("#")) if href.startswith("#") else None
        if borrowed is None:
            raise ArtError(f"it borrows from {href!r}, which the file does not define")
        if borrowed.tag.removeprefix(_NS) not in _GRADIENTS:
            raise ArtError(f"it borrows from {href!r}, which is no gradient")
        if borrowed in chain or len(chain) > _CHAIN:
            raise ArtError("its borrowing goes round in a loop")
        chain.append(borrowed)
        node = borrowed
    return chain


def _inherited(chain: list[ET.Element], tag: str):
    """An attribute as the gradient has it: its own, else the nearest it borrows from
    (its shape's attributes only from a gradient of its own kind)."""
    shared = ("gradientUnits", "gradientTransform", "spreadMethod")

    def value(name: str, default: str) -> str:
        for node in chain:
            if name in node.attrib and (name in shared or node.tag == _NS + tag):
                return node.attrib[name]
        return default
    return value


def _user_number(text: str, what: str) -> float:
    """A coordinate in the drawing's own units (userSpaceOnUse): a plain number, or
    nothing of the page (0 %: the defaults of x1, y1 and y2 are that, whatever its size)."""
    if text.strip().endswith("%"):
        if fraction(text, what) == 0:
            return 0.0
        raise ArtError(f"{what} is a share of the page ({text.strip()}) in user space units")
    return fraction(text, what)


def _radial(value, number, stops, user: bool, matrix, key: str | None) -> Gradient | str:
    """A radial gradient, or why it cannot be drawn: its focus must lie inside its
    circle, as PDF draws only those the same as SVG."""
    cx, cy, r = (number(value(k, "50%"), k) for k in ("cx", "cy", "r"))
    fx = number(value("fx", value("cx", "50%")), "fx")
    fy = number(value("fy", value("cy", "50%")), "fy")
    if fraction(value("fr", "0"), "fr"):
        return f"a radial gradient whose focus is a circle (fr, #{key})"
    if r <= 0:
        return f"a radial gradient of no radius (#{key})"
    if math.hypot(fx - cx, fy - cy) >= r * 0.999:
        return f"a radial gradient whose focus lies on or outside its circle (#{key})"
    focus = (fx, fy) if (fx, fy) != (cx, cy) else None
    return Gradient(cx, cy, cx, cy, stops, r, user, matrix, focus)


def _stops(node: ET.Element) -> tuple[tuple[float, str, float], ...]:
    stops, last = [], 0.0
    for stop in node.iter(_NS + "stop"):
        props = {**stop.attrib, **_declarations(stop.get("style", ""))}
        # SVG clamps offsets into 0-1 and never lets one go back before the previous.
        last = max(last, min(max(fraction(props.get("offset", "0"), "offset"), 0.0), 1.0))
        colour, alpha = colour_of(props.get("stop-color", "#000000").strip())
        stops.append((last, colour, alpha * fraction(props.get("stop-opacity", "1"),
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


def _plain_primitives(shape: PlainShape, paints: dict) -> list:
    """The primitives for a shape of a plain file (one; or its fill, then its stroke,
    at different opacities), as `svgelem` makes them from svgelements' shape
    (`plain_shapes` keeps out every case that would take another branch there)."""
    alpha, whole = shape_alpha(shape.values["attributes"], shape.values)
    styles = styles_of(shape.values, lambda: shape.stroke_width, alpha, paints)
    if shape.kind == "path":
        commands = shape.commands
        if not commands or all(c[0] == "M" for c in commands):
            return []
        check_finite([v for command in commands for v in command[1:]])
        items: list = [PathShape(commands, style) for style in styles]
    else:
        check_finite(shape.numbers)
        a, b, c, d = shape.numbers
        items = [Rect(a, b, c, d, style, 0.0) if shape.kind == "rect" else
                 Ellipse(a, b, c, d, style) for style in styles]
    return items if whole >= 1 else [Group(tuple(items), opacity=whole)]


def path_commands(d: str) -> tuple[tuple, ...]:
    """SVG path data (`d`) as absolute M/L/C/Z commands (the built-in silhouettes)."""
    commands = svgplain.path_commands(d)
    if commands is not None:
        return commands
    from generator.draw import svgelem

    return svgelem.path_commands(d)
