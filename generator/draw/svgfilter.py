"""Filters in SVG art, as Inkscape makes them (Filters > Blurs, Shadows and Glows; the
blur slider of Fill and Stroke): read into layers tkg draws.

A filter is a small graph of primitives. The ones that blur, move, flood, lay one
result over another and cut a colour to a shape are read here, each result as the
layers it is made of, bottom first: the element as drawn, or its silhouette in one
colour, each at an opacity, blurred and moved. A blur is Inkscape's blur; a drop
shadow is the silhouette, blurred and moved, beneath the element; a glow the same,
unmoved. What the graph does otherwise (turbulence, lighting, colour matrices, a blur
of several layers at once) is refused with the way out, never drawn differently.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from typing import NoReturn

from generator.draw.svgpaint import ArtError, colour_of, fraction, style_value

_NS = "{http://www.w3.org/2000/svg}"
_WAY_OUT = ("remove it (Inkscape: Filters > Remove Filters), or make the filtered part a "
            "picture (Inkscape: Edit > Make a Bitmap Copy, at 300 dpi)")
_NUMBERS = re.compile(r"[\s,]+")
# The region a filter draws in unless it says otherwise: the element's box and a tenth
# of it round each side (SVG's default).
_DEFAULT_REGION = (-0.1, -0.1, 1.2, 1.2)


@dataclass(frozen=True)
class Layer:
    """One layer of a filter's result: the element as drawn (`colour` None) or its
    silhouette in `colour`, at `opacity`, blurred by `sigma` (x, y; the element's
    units) and moved by `offset`."""

    colour: str | None = None
    opacity: float = 1.0
    sigma: tuple[float, float] = (0.0, 0.0)
    offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Filter:
    """What a <filter> makes of an element: its `layers`, bottom first; each blurred one
    in linear light (SVG's default) or not (`linear`); all cut to the `region` (x, y, w,
    h: fractions of the element's box, or the element's own units when `user`)."""

    layers: tuple[Layer, ...]
    linear: bool
    region: tuple[float, float, float, float]
    user: bool


@dataclass(frozen=True)
class _Flood:
    colour: str
    opacity: float


def read_filter(element: ET.Element) -> Filter:
    """The filter a <filter> element describes; ArtError, with the way out, for one tkg
    cannot draw as SVG does."""
    if _property(element, "primitiveUnits", "userSpaceOnUse") != "userSpaceOnUse":
        _refuse("whose blurs and moves are in the units of the element's box "
                "(primitiveUnits=\"objectBoundingBox\")")
    results: dict[str, tuple[Layer, ...] | _Flood] = {}
    last: tuple[Layer, ...] | _Flood = (Layer(),)
    steps = [child for child in element if child.tag.startswith(_NS)]
    if not steps:
        _refuse("with nothing in it (SVG draws nothing where it applies)")
    for step in steps:
        last = _result(step, last, results)
        name = step.get("result")
        if name:
            results[name] = last
    linear = _property(element, "color-interpolation-filters", "linearRGB") != "sRGB"
    user = _property(element, "filterUnits", "objectBoundingBox") == "userSpaceOnUse"
    return Filter(_layers(last, "filter"), linear, _region(element), user)


def _result(step: ET.Element, last, results: dict):
    """What one primitive makes of its inputs (`last`: the result before it)."""
    name = step.tag.removeprefix(_NS)
    if name == "feFlood":
        colour, alpha = colour_of(_property(step, "flood-color", "black"))
        return _Flood(colour, alpha * _opacity(_property(step, "flood-opacity", "1")))
    source = _input(step.get("in"), last, results)
    if name == "feGaussianBlur":
        return _blurred(_layers(source, name), _pair(step.get("stdDeviation", "0")))
    if name == "feOffset":
        dx, dy = (_number(step.get(key, "0"), key) for key in ("dx", "dy"))
        return tuple(replace(layer, offset=(layer.offset[0] + dx, layer.offset[1] + dy))
                     for layer in _layers(source, name))
    if name == "feMerge":
        return tuple(layer for node in step if node.tag == _NS + "feMergeNode"
                     for layer in _layers(_input(node.get("in"), last, results), name))
    under = _input(step.get("in2"), last, results)
    if name == "feComposite" and step.get("operator", "over") == "in":
        return _cut(source, under)
    if (name == "feComposite" and step.get("operator", "over") == "over") or \
            (name == "feBlend" and step.get("mode", "normal") == "normal"):
        return (*_layers(under, name), *_layers(source, name))
    _refuse(f"with <{name}>{_operation(step)}, which tkg does not draw")


def _input(name: str | None, last, results: dict):
    """The result a primitive's `in` names: the element, its silhouette, a named result,
    or (none named) the one before."""
    if name is None or not name.strip():
        return last
    name = name.strip()
    if name == "SourceGraphic":
        return (Layer(),)
    if name == "SourceAlpha":
        return (Layer(colour="#000000"),)
    if name in results:
        return results[name]
    _refuse(f"that takes {name!r}, which tkg does not draw (or no primitive makes)")


def _layers(result, primitive: str) -> tuple[Layer, ...]:
    """The layers of a result; a flood is refused (the whole region in one colour)."""
    if isinstance(result, _Flood):
        _refuse("that floods its region with a colour" if primitive == "filter" else
                f"whose <{primitive}> takes a whole flood of colour")
    return result


def _blurred(layers: tuple[Layer, ...], sigma: tuple[float, float]) -> tuple[Layer, ...]:
    """The layers blurred by `sigma`: one layer blurs again (the deviations add as
    squares); several laid together would have to be blurred as one."""
    if sigma == (0.0, 0.0):
        return layers
    if len(layers) != 1:
        _refuse("that blurs what it has already laid together")
    layer = layers[0]
    return (replace(layer, sigma=(math.hypot(layer.sigma[0], sigma[0]),
                                  math.hypot(layer.sigma[1], sigma[1]))),)


def _cut(source, shape) -> tuple[Layer, ...]:
    """A flood cut to a shape (feComposite operator="in"): the shape's silhouette in the
    flood's colour."""
    if not isinstance(source, _Flood):
        _refuse("that cuts the element to another result (feComposite operator=\"in\")")
    return tuple(replace(layer, colour=source.colour, opacity=layer.opacity * source.opacity)
                 for layer in _layers(shape, "feComposite"))


def _region(element: ET.Element) -> tuple[float, float, float, float]:
    sides = []
    for key, default in zip(("x", "y", "width", "height"), _DEFAULT_REGION, strict=True):
        value = element.get(key)
        sides.append(default if value is None else fraction(value, f"filter's {key}"))
    return sides[0], sides[1], sides[2], sides[3]


def _pair(text: str) -> tuple[float, float]:
    """stdDeviation: one number for both directions, or x and y."""
    numbers = [_number(part, "stdDeviation") for part in _NUMBERS.split(text.strip()) if part]
    if len(numbers) not in (1, 2) or min(numbers) < 0:
        _refuse(f"whose blur is stdDeviation={text!r} (one or two numbers, none below 0)")
    return (numbers[0], numbers[-1])


def _number(text: str, what: str) -> float:
    value = fraction(text, what)
    if text.strip().endswith("%"):
        _refuse(f"whose {what} is a percentage")
    return value


def _opacity(text: str) -> float:
    return min(max(fraction(text, "flood-opacity"), 0.0), 1.0)


def _operation(step: ET.Element) -> str:
    for key in ("operator", "mode"):
        if step.get(key):
            return f" {key}={step.get(key)!r}"
    return ""


def _property(element: ET.Element, name: str, default: str) -> str:
    """A presentation property of the element: its style's declaration, else its
    attribute, else `default`."""
    return style_value(element.get("style") or "", name) or \
        (element.get(name) or default).strip()


def _refuse(what: str) -> NoReturn:
    raise ArtError(f"a filter {what}; {_WAY_OUT}")
