"""What a scene paints under a box, worked out from its shapes (nothing is rasterised).

The preflight's contrast check asks what lies under each glyph of a text. Every
shape painted before the text is a `Layer`; a layer covers a box wholly, in part or
not at all, judged from its geometry (`generator.draw.reach`). Going up the layers
from the paper gives the range of colours the box can show (`Range`: the least and
the most of each channel), and with it the worst contrast any ink can have there. That settles most
glyphs at once (a letter on a plain plate); where it cannot (a ring crossing a letter),
the colours are worked out at points across the box (`Beneath.colours`), each from
the shapes that hold the point (`generator.draw.pointpaint`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.draw.blend import NORMAL, TURNS, WHOLE_COLOUR, mix
from generator.draw.colour import contrast, luminance
from generator.draw.geometry import Bounds, Place, leaves, rough_bounds
from generator.draw.pointpaint import Rgb, fills, outline_of, painted, rgb
from generator.draw.reach import NONE, PART, WHOLE, holds_points, meets, reach
from generator.draw.scene import Gradient, Scene, Text

PAPER: Rgb = (255.0, 255.0, 255.0)
BAND = 5.0  # mm: layers are found by the horizontal bands of the scene they cross
STEP = 0.1  # mm between the points looked at across a box
MOST_POINTS = 12  # a side of the box is looked at in at most this many points


@dataclass(frozen=True)
class Layer:
    """A shape painted in the scene: its place in the drawing order (`seq`, counting
    every shape, text included), the shape, where its groups put it, and the scene
    rectangle it may paint."""

    seq: int
    order: int  # the scene's top-level item it belongs to
    item: object
    place: Place
    bounds: Bounds


@dataclass(frozen=True)
class Range:
    """The colours a box may show: the least and the most of each channel."""

    low: Rgb
    high: Rgb

    def worst(self, ink: str) -> float:
        """The lowest contrast `ink` can have with a colour in the range (1.0 when the
        ink's own luminance lies within it)."""
        dark, light = _luminance(self.low), _luminance(self.high)
        own = luminance(ink)
        if dark <= own <= light:
            return 1.0
        near = light if own > light else dark
        return (max(own, near) + 0.05) / (min(own, near) + 0.05)


def _luminance(colour: Rgb) -> float:
    """WCAG's relative luminance of a colour given as channels (0-255)."""
    def linear(c: float) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2])


def _hex(colour: Rgb) -> str:
    return "#" + "".join(f"{min(max(round(c), 0), 255):02X}" for c in colour)


def hexed(colour: Rgb) -> str:
    """A colour of the range or of a point as #RRGGBB."""
    return _hex(colour)


class Beneath:
    """The layers of a scene, to ask what lies under a box before a given item.

    The scene's items numbered in `hidden` (another part's words, say) are left out
    unless the question is about their own part (`own`): what one part puts over
    another is an overlap, told as such, not a background."""

    def __init__(self, scene: Scene, hidden: frozenset[int] = frozenset()):
        self.hidden = hidden
        self.layers: list[Layer] = []
        self.starts: list[int] = []  # each top-level item's first shape, as a seq
        seq = 0
        for order, item in enumerate(scene.items):
            self.starts.append(seq)
            for leaf, place in leaves((item,)):
                box = None if isinstance(leaf, Text) else _bounds(leaf, place)
                if box is not None:
                    self.layers.append(Layer(seq, order, leaf, place, box))
                seq += 1
        self.bands: dict[int, list[int]] = {}
        for number, layer in enumerate(self.layers):
            for band in _bands(layer.bounds):
                self.bands.setdefault(band, []).append(number)

    def start(self, order: int) -> int:
        """The drawing-order place (`seq`) of the scene's item number `order`."""
        return self.starts[order]

    def under(self, box: Bounds, before: int,
              own: range = range(0)) -> list[tuple[Layer, int, int]]:
        """The layers drawn before the shape `before` (a seq) that reach the box, in
        drawing order, with how much of it their fill and their stroke cover; of the
        hidden items, only those numbered in `own`."""
        numbers = sorted({n for band in _bands(box) for n in self.bands.get(band, ())})
        found = []
        for number in numbers:
            layer = self.layers[number]
            if layer.seq >= before or not meets(layer.bounds, box) or (
                    layer.order in self.hidden and layer.order not in own):
                continue
            fill, stroke = reach(layer.item, layer.place, box)
            if fill or stroke:
                found.append((layer, fill, stroke))
        return found

    def shapes(self, first: int, stop: int) -> list[Layer]:
        """The layers drawn from seq `first` up to `stop` (a silhouette's shapes)."""
        return [layer for layer in self.layers if first <= layer.seq < stop]

    def colour_range(self, box: Bounds, before: int, points: list | None = None,
                     own: range = range(0), until: int | None = None) -> Range:
        """The colours the box may show under the shape `before` (a seq); with
        `points` (an outline's, in the scene), a rectangle or a disc holding them all
        covers what they outline, though not the whole box. With `until` (a later seq),
        the shapes drawn from `before` up to it count as covering only some of the box,
        however much they cover: the range holds what the box may show under any shape
        drawn in between."""
        low = high = PAPER
        for layer, fill, stroke in self.under(box, before if until is None else until, own):
            if layer.seq >= before:  # a shape some of what is asked about lies under
                fill, stroke = min(fill, PART), min(stroke, PART)
            if points and fill == PART and holds_points(layer.item, layer.place, points, 0.0):
                fill = WHOLE
            if points and stroke == PART and holds_points(layer.item, layer.place, points,
                                                          _half(layer)):
                stroke = NONE  # every point lies within the outline's inner edge
            style = getattr(layer.item, "style", None)
            if style is None:  # a picture: any colour, over what it may leave bare
                low, high = _laid((low, high), ((0.0,) * 3, (255.0,) * 3), (0.0, 1.0), False)
                continue
            for covers, paint in ((fill, style.fill), (stroke, style.stroke)):
                if covers and paint:
                    colours, alphas = _paint_range(paint, style.opacity)
                    if layer.place.masks:  # a mask may show it at any opacity up to its own
                        alphas = (0.0, alphas[1])
                    low, high = _laid((low, high), colours, alphas, covers == WHOLE) \
                        if layer.place.blend == NORMAL else \
                        _blended((low, high), colours, alphas, covers == WHOLE,
                                 layer.place.blend)
        return Range(low, high)

    def colours(self, box: Bounds, before: int, within=None,
                own: range = range(0)) -> Counter[Rgb]:
        """The colours at points across the box under the shape `before` (a seq),
        counted; with `within` (shapes and their places), only at the points inside
        those shapes' fills (under a silhouette, not its box)."""
        layers = [(layer, outline_of(layer.item))
                  for layer, _, _ in self.under(box, before, own)]
        shapes = [(shape, at, outline_of(shape)) for shape, at in within or ()]
        x0, y0, x1, y1 = box
        across = max(2, min(MOST_POINTS, round((x1 - x0) / STEP)))
        down = max(2, min(MOST_POINTS, round((y1 - y0) / STEP)))
        found: Counter[Rgb] = Counter()
        for i in range(across):
            x = x0 + (x1 - x0) * (i + 0.5) / across
            for j in range(down):
                y = y0 + (y1 - y0) * (j + 0.5) / down
                if within is not None and not any(fills(s, at, x, y, o) for s, at, o in shapes):
                    continue
                found[_rounded(_at(layers, x, y))] += 1
        return found


def _at(layers: list, x: float, y: float) -> Rgb:
    """The colour at a point, laid up from the topmost opaque fill that holds it."""
    here = [(layer, outline) for layer, outline in layers
            if layer.bounds[0] <= x <= layer.bounds[2] and layer.bounds[1] <= y <= layer.bounds[3]]
    base = 0
    for i in range(len(here) - 1, -1, -1):
        layer, outline = here[i]
        if _opaque(layer) and fills(layer.item, layer.place, x, y, outline):
            base = i
            break
    colour = PAPER
    for layer, outline in here[base:]:
        colour = painted(layer.item, layer.place, x, y, colour, outline)
    return colour


def _opaque(layer: Layer) -> bool:
    style = getattr(layer.item, "style", None)
    return style is not None and style.opacity >= 1 and isinstance(style.fill, str) and \
        not layer.place.masks and layer.place.blend == NORMAL


def _rounded(colour: Rgb) -> Rgb:
    return float(round(colour[0])), float(round(colour[1])), float(round(colour[2]))


def _laid(now: tuple[Rgb, Rgb], paint: tuple[Rgb, Rgb], alphas: tuple[float, float],
          whole: bool) -> tuple[Rgb, Rgb]:
    """The range once a paint (a range of colours at a range of opacities) is laid over
    the whole box, or over some of it (`whole` False: what is there may still show)."""
    (low, high), (a, b) = now, alphas
    new_low = _channels(low, paint[0], a, b, min)
    new_high = _channels(high, paint[1], a, b, max)
    if not whole:
        new_low = (min(new_low[0], low[0]), min(new_low[1], low[1]), min(new_low[2], low[2]))
        new_high = (max(new_high[0], high[0]), max(new_high[1], high[1]),
                    max(new_high[2], high[2]))
    return new_low, new_high


def _blended(now: tuple[Rgb, Rgb], paint: tuple[Rgb, Rgb], alphas: tuple[float, float],
             whole: bool, mode: str) -> tuple[Rgb, Rgb]:
    """`_laid` for a paint blended by `mode`: each channel's least and most, of the
    mixes of the ends of what is there and of the paint's colours (and of where the
    mode's formula turns, or, for a difference, where the two meet) at either opacity;
    for a mode that mixes a colour whole, any colour."""
    if mode in WHOLE_COLOUR:  # any colour: the points across the box will tell
        return (0.0, 0.0, 0.0), (255.0, 255.0, 255.0)
    (low, high), (a, b) = now, alphas
    least, most = [], []
    for channel in range(3):
        below = _ends(low[channel], high[channel], mode)
        paints = _ends(paint[0][channel], paint[1][channel], mode)
        if mode == "difference":
            paints += [min(max(v, paint[0][channel]), paint[1][channel]) for v in below]
        found = [(1 - alpha) * v + alpha * 255 * mix(mode, v / 255, p / 255)
                 for v in below for p in paints for alpha in (a, b)]
        if not whole:
            found += [low[channel], high[channel]]
        least.append(min(found))
        most.append(max(found))
    return (least[0], least[1], least[2]), (most[0], most[1], most[2])


def _ends(low: float, high: float, mode: str) -> list[float]:
    return [low, high, *(255 * t for t in TURNS.get(mode, ()) if low < 255 * t < high)]


def _channels(below: Rgb, paint: Rgb, a: float, b: float, pick) -> Rgb:
    """Each channel of `paint` over `below`, the least or most (`pick`) of opacities
    a and b (a mix is straight in its opacity: its ends are its extremes)."""
    return (pick(a * paint[0] + (1 - a) * below[0], b * paint[0] + (1 - b) * below[0]),
            pick(a * paint[1] + (1 - a) * below[1], b * paint[1] + (1 - b) * below[1]),
            pick(a * paint[2] + (1 - a) * below[2], b * paint[2] + (1 - b) * below[2]))


def _paint_range(paint, opacity: float) -> tuple[tuple[Rgb, Rgb], tuple[float, float]]:
    """The colours a paint takes and the opacities it is laid at."""
    if not isinstance(paint, Gradient):
        colour = rgb(paint)
        return (colour, colour), (opacity, opacity)
    colours = [rgb(c) for _, c, _ in paint.stops]
    alphas = [opacity * a for _, _, a in paint.stops]
    low = tuple(min(c[i] for c in colours) for i in range(3))
    high = tuple(max(c[i] for c in colours) for i in range(3))
    return (low, high), (min(alphas), max(alphas))  # type: ignore[return-value]


def _half(layer: Layer) -> float:
    return layer.item.style.stroke_width / 2  # type: ignore[attr-defined]


def _bounds(item, place: Place) -> Bounds | None:
    style = getattr(item, "style", None)
    if style is not None and not style.fill and not (style.stroke and style.stroke_width > 0):
        return None  # an outline nothing paints
    box = rough_bounds(item, place)
    if box is None:
        return None
    if place.clip is not None:
        c = place.clip
        box = (max(box[0], c[0]), max(box[1], c[1]), min(box[2], c[2]), min(box[3], c[3]))
        if box[0] >= box[2] or box[1] >= box[3]:
            return None
    return box


def _bands(box: Bounds) -> range:
    return range(int(box[1] // BAND), int(box[3] // BAND) + 1)


def worst_colour(colours: Counter[Rgb], ink: str, least_share: float) -> tuple[float, Rgb]:
    """Of the colours covering at least `least_share` of the points, the one the ink
    contrasts least with, and that contrast."""
    total = sum(colours.values())
    shown = [c for c, n in colours.items() if n >= least_share * total] or list(colours)
    found = min(shown, key=lambda c: (contrast(ink, _hex(c)), c))
    return contrast(ink, _hex(found)), found


def mean_colour(colours: Counter[Rgb]) -> Rgb:
    """The average of the colours counted (white for none)."""
    total = sum(colours.values())
    if not total:
        return PAPER
    return tuple(sum(c[i] * n for c, n in colours.items()) / total  # type: ignore[return-value]
                 for i in range(3))
