"""Read plain SVG art at once, without svgelements: the shapes most art files hold.

svgelements (`generator.draw.svgart`) reads every SVG the project accepts, at several
milliseconds a file, and a tile sheet holds dozens of files. Most art is plainer than
what svgelements is there for: rectangles, circles, ellipses and paths set directly in
the <svg>, coloured by attributes, with no transforms, CSS, groups or arcs. This module
reads exactly that subset and nothing more. It gives the numbers svgelements gives (the
same arithmetic, in the same order: the tests compare the two readers on every shipped
file and on generated ones), and answers None for anything outside the subset, which
then goes to svgelements as before.

What it returns is geometry and the presentation values as svgelements would hold
them; `svgart` turns both into scene primitives, the same way for either reader.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

_NS = "{http://www.w3.org/2000/svg}"
_FLOAT = r"[-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?"  # a number as svgelements reads one
_NUMBER = re.compile(_FLOAT)
_WIDTH = re.compile(r"[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?")  # a stroke width: no sign
_PATH_TOKEN = re.compile(rf"([MmLlHhVvCcSsQqTtZz])|({_FLOAT})|(\s*,\s*)|(\s+)|(.)")
_ARITY = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4}

# Attributes a shape may carry and still be plain: what `svgart` styles it by, its id.
_PAINTING = frozenset({"id", "fill", "stroke", "stroke-width", "opacity", "fill-opacity",
                       "stroke-opacity", "fill-rule", "stroke-linecap"})
_GEOMETRY = {"rect": ("x", "y", "width", "height"), "circle": ("cx", "cy", "r"),
             "ellipse": ("cx", "cy", "rx", "ry"), "path": ("d",)}
_ROOT = frozenset({"viewBox", "width", "height", "version", "id", "baseProfile"})
_SKIPPED = frozenset({"title", "desc"})  # drawn by no renderer, holding only text
_IN_DEFS = frozenset({"linearGradient", "radialGradient", "stop"})  # read by `svgart`
_NOT_PLAIN_PAINT = ("currentcolor", "inherit", "var(")  # resolved by svgelements itself
_DEFAULTS = {"fill": "black", "stroke": "none"}  # SVG's, as svgelements fills them in


@dataclass(frozen=True)
class PlainShape:
    """One shape of a plain file: `kind` is rect (x, y, w, h), ellipse (cx, cy, rx, ry;
    a circle too) or path (`commands`, absolute M/L/C/Z as `svgart` makes them)."""

    kind: str
    numbers: tuple[float, ...]
    commands: tuple[tuple, ...]
    values: dict  # presentation values, as svgelements' `Shape.values` holds them
    stroke_width: float


def plain_shapes(root: ET.Element) -> list[PlainShape] | None:
    """The shapes of a plain file in drawing order, or None when the file is not plain.

    Plain: a viewBox from 0, 0 that the width and height repeat (so nothing is scaled),
    and under <svg> only a title, a description, <defs> of linear gradients, and rect,
    circle, ellipse and path elements whose attributes are plain numbers and paints.
    """
    if not _unscaled(root) or any(e.tag == _NS + "style" for e in root.iter()):
        return None
    shapes: list[PlainShape] = []
    for child in root:
        name = child.tag.removeprefix(_NS)
        if name == child.tag:
            return None  # another vocabulary: svgelements decides what it means
        if name in _SKIPPED:
            continue
        if name == "defs":
            if any(e.tag.removeprefix(_NS) not in _IN_DEFS for e in child.iter()
                   if e is not child):
                return None
            continue
        shape = _shape(name, child)
        if shape is None:
            return None
        shapes.append(shape)
    return shapes


def _unscaled(root: ET.Element) -> bool:
    if not set(root.attrib) <= _ROOT:
        return False
    box = root.get("viewBox", "").split()
    width, height = root.get("width"), root.get("height")
    if len(box) != 4 or width is None or height is None:
        return False
    numbers = [_number(text) for text in (*box, width, height)]
    if None in numbers:
        return False
    x, y, w, h, width_value, height_value = numbers
    return x == 0 and y == 0 and w == width_value and h == height_value


def _shape(name: str, node: ET.Element) -> PlainShape | None:
    geometry = _GEOMETRY.get(name)
    if geometry is None or len(node) or (node.text and node.text.strip()):
        return None
    attributes = dict(node.attrib)
    if not set(attributes) <= _PAINTING | set(geometry) or not _plain_paints(attributes):
        return None
    width = _stroke_width(attributes.get("stroke-width"))
    if width is None:
        return None
    values = {**_DEFAULTS, **attributes, "attributes": attributes}
    if name == "path":
        commands = path_commands(attributes.get("d", ""))
        return None if commands is None else PlainShape("path", (), commands, values, width)
    read = [_number(attributes.get(key)) for key in geometry]
    numbers = [n for n in read if n is not None]
    if len(numbers) < len(read) or any(n <= 0 for n in numbers[2:]):  # sizes: svgelements
        return None  # decides what a missing or empty one means
    if name == "circle":
        numbers.append(numbers[2])
    kind = "rect" if name == "rect" else "ellipse"
    return PlainShape(kind, tuple(_placed(n) for n in numbers), (), values, width)


def _plain_paints(attributes: dict[str, str]) -> bool:
    # (a gradient on a stroke is laid over a mask, by the other reader)
    return not any(word in attributes.get(key, "").lower()
                   for key in ("fill", "stroke") for word in _NOT_PLAIN_PAINT) \
        and "url(" not in attributes.get("stroke", "")


def _stroke_width(text: str | None) -> float | None:
    if text is None:
        return 1.0  # SVG's default, as svgelements gives it
    return float(text) if _WIDTH.fullmatch(text) else None


def _number(text: str | None) -> float | None:
    return float(text) if text is not None and _NUMBER.fullmatch(text) else None


def _placed(value: float) -> float:
    # svgelements maps every point through the (identity) transform, x * 1 + y * 0 + 0:
    # the same number, but a negative zero comes out positive.
    return value + 0.0


# Path data ------------------------------------------------------------------------------

def path_commands(d: str) -> tuple[tuple, ...] | None:
    """Path data as absolute M/L/C/Z commands, quadratics raised to cubics, as svgelements
    and `svgart` make them; None for data outside the plain subset (arcs, odd syntax)."""
    tokens = _tokens(d)
    if tokens is None or not tokens or tokens[0] not in ("M", "m"):
        return None
    return _Pen().trace(tokens)


def _tokens(d: str) -> list[str | float] | None:
    """Commands (str) and numbers (float); None for anything else, or a comma anywhere
    but between two numbers."""
    tokens: list[str | float] = []
    comma_after: set[int] = set()
    for command, number, comma, _space, other in _PATH_TOKEN.findall(d):
        if other:
            return None
        if command:
            tokens.append(command)
        elif number:
            tokens.append(float(number))
        elif comma:
            if not tokens or not isinstance(tokens[-1], float) or len(tokens) in comma_after:
                return None
            comma_after.add(len(tokens))
    if any(i >= len(tokens) or not isinstance(tokens[i], float) for i in comma_after):
        return None
    return tokens


class _Pen:
    """Follows path data as svgelements' parser does: where the pen is, where the
    subpath began, and the last segment's outgoing control point for S and T."""

    def __init__(self) -> None:
        self.at: tuple[float, float] | None = None
        self.begun: tuple[float, float] | None = None
        self.control: tuple[float, float] | None = None  # the last segment's, if a curve
        self.commands: list[tuple] = []

    def trace(self, tokens: list[str | float]) -> tuple[tuple, ...] | None:
        index, command = 0, ""
        while index < len(tokens):
            token = tokens[index]
            if isinstance(token, str):
                command, index = token, index + 1
                if command in "Zz":
                    if index < len(tokens) and isinstance(tokens[index], float):
                        return None  # numbers after a close: svgelements refuses them
                    self._close()
                    continue
            elif command in ("", "Z", "z"):
                return None
            arity = _ARITY[command.upper()]
            values = tokens[index:index + arity]
            if len(values) < arity or not all(isinstance(v, float) for v in values):
                return None
            self._step(command, values)  # type: ignore[arg-type]
            index += arity
            if command in "Mm":
                command = "l" if command == "m" else "L"  # pairs after a move are lines
        return tuple(self.commands)

    def _point(self, x: float, y: float, relative: bool) -> tuple[float, float]:
        if relative and self.at is not None:
            return x + self.at[0], y + self.at[1]
        return x, y

    def _step(self, command: str, v: list[float]) -> None:
        relative, kind = command.islower(), command.upper()
        if kind == "M":
            self.begun = self._point(v[0], v[1], relative)
            self._emit("M", (), self.begun, None)
        elif kind == "L":
            self._emit("L", (), self._point(v[0], v[1], relative), None)
        elif kind in "HV":
            x, y = self.at or (0.0, 0.0)
            if kind == "H":
                end = (x + v[0], y) if relative else (v[0], y)
            else:
                end = (x, y + v[0]) if relative else (x, v[0])
            self._emit("L", (), end, None)
        elif kind == "C":
            points = [self._point(v[i], v[i + 1], relative) for i in (0, 2, 4)]
            self._emit("C", points[:2], points[2], points[1])
        elif kind == "S":
            second, end = (self._point(v[i], v[i + 1], relative) for i in (0, 2))
            self._emit("C", (self._smooth(), second), end, second)
        elif kind == "Q":
            control, end = (self._point(v[i], v[i + 1], relative) for i in (0, 2))
            self._emit("Q", (control,), end, control)
        else:  # T
            control = self._smooth()
            self._emit("Q", (control,), self._point(v[0], v[1], relative), control)

    def _smooth(self) -> tuple[float, float]:
        """The previous curve's last control point reflected across the pen (any curve's,
        as svgelements has it), or the pen itself."""
        assert self.at is not None
        if self.control is None:
            return self.at
        (px, py), (cx, cy) = self.at, self.control
        return px + (px - cx), py + (py - cy)

    def _close(self) -> None:
        self.commands.append(("Z",))
        self.at, self.control = self.begun, None

    def _emit(self, kind: str, controls, end: tuple[float, float], control) -> None:
        x, y = _placed(end[0]), _placed(end[1])
        if kind == "Q":
            assert self.at is not None
            x0, y0 = _placed(self.at[0]), _placed(self.at[1])
            qx, qy = _placed(controls[0][0]), _placed(controls[0][1])
            self.commands.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                                  x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y))
        elif kind == "C":
            (ax, ay), (bx, by) = controls
            self.commands.append(("C", _placed(ax), _placed(ay), _placed(bx), _placed(by),
                                  x, y))
        else:
            self.commands.append((kind, x, y))
        self.at, self.control = end, control
