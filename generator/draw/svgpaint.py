"""How a shape of SVG art is painted: its fill, stroke, opacity and colours, as a Style.

Both readers of art (`generator.draw.svgplain` for plain files, svgelements through
`generator.draw.svgelem` for the rest) hand over a shape's presentation values as
svgelements holds them; this module turns them into a `Style` the one way, and refuses
what a Style cannot hold with `ArtError`. svgelements is imported only for a colour
written other than as #RRGGBB.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import replace

from generator.draw.blend import NORMAL, PDF_NAMES
from generator.draw.gradients import IDENTITY, Matrix, compose
from generator.draw.scene import MITER_LIMIT, Gradient, Group, Style, blends_here, faded

# What each effect is, and what to do about it (Inkscape 1's menus: most art comes
# from it). Filters are read by `generator.draw.svgfilter`.
# (markers set on a line or its groups are drawn: `generator.draw.svgmarker`)
_MARKERS = ("markers set by a style sheet, or naming no <marker> ({}); set them on the line "
            "(Inkscape: Fill and Stroke > Stroke style > Markers), or make them shapes "
            "(Path > Stroke to Path)")
# Each effect, what it is and what to do about it, and the values that do nothing.
_EFFECTS = {
    **{key: (_MARKERS, ("none",)) for key in ("marker", "marker-start", "marker-mid",
                                              "marker-end")},
    # Its width would be the screen's, which a print has not.
    "vector-effect": ("a stroke that keeps its width when scaled ({}); make it a shape "
                      "(Inkscape: Path > Stroke to Path), or scale stroke widths with "
                      "objects (Preferences > Behavior > Transforms)", ("none",)),
}
URL = re.compile(  # a paint server or a clipping path, named by id
    r"url\(\s*['\"]?#([^'\")]+)['\"]?\s*\)")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_HEX6 = re.compile(r"#[0-9a-fA-F]{6}")
_FUNCTION = re.compile(r"(?:rgba?|hsla?)\(", re.IGNORECASE)


class ArtError(ValueError):
    """The file cannot be drawn faithfully; the message says why, in a few words."""


def shape_alpha(own: dict, values: dict) -> tuple[float, float]:
    """A shape's opacities: what its paints are laid at besides their own (fill-opacity,
    stroke-opacity: `styles_of`), and what the shape is laid at whole (1: nothing). A
    shape with a fill and a stroke at an `opacity` is laid whole, as SVG lays it: its
    stroke hides the fill under it (`own`: its attributes, `values`: its presentation
    values)."""
    opacity = group_opacity(own)
    if opacity < 1 and _painted(values.get("fill")) and _painted(values.get("stroke")):
        return 1.0, opacity
    return opacity, 1.0


def group_opacity(own: dict) -> float:
    """An element's own `opacity` (`own`: its attributes): what SVG lays it at whole,
    held between 0 and 1 as SVG holds it."""
    return min(max(fraction(own["opacity"], "opacity"), 0.0), 1.0) if "opacity" in own \
        else 1.0


def _painted(paint: str | None) -> bool:
    return (paint or "none").strip() != "none"


def laid_whole(items: list, opacity: float) -> list:
    """An element's items laid together at its `opacity` (a see-through group, as SVG
    lays one): one shape with one paint, or one group, simply takes the opacity on."""
    if opacity >= 1 or not items:
        return items
    if len(items) == 1 and isinstance(items[0], Group):
        return [replace(items[0], opacity=items[0].opacity * opacity)]
    style = getattr(items[0], "style", None) if len(items) == 1 else None
    if style is not None and not (style.fill and style.stroke):
        return [faded(items[0], opacity)]
    return [Group(tuple(items), opacity=opacity)]


def blend_of(own: dict) -> str:
    """An element's own blend mode (`own`: its attributes; a blend is not inherited):
    one of the sixteen a PDF draws alike (`generator.draw.blend`)."""
    mode = (own.get("mix-blend-mode") or NORMAL).strip()
    if mode in PDF_NAMES:
        return mode
    raise ArtError(f"a blend mode a PDF does not draw (mix-blend-mode: {mode}); choose "
                   f"another (Inkscape: Layers and Objects > Blend mode), or flatten the "
                   f"layer (Edit > Make a Bitmap Copy, at 300 dpi)")


def laid_blended(items: list, own: dict) -> list:
    """An element's items laid together and blended whole by its own blend mode with
    what lies under them; set apart (CSS's isolation: isolate), they are a group whose
    blends mix with its own items alone (`scene.stacks`)."""
    mode = blend_of(own)
    if mode == NORMAL:
        if (own.get("isolation") or "").strip() == "isolate" and blends_here(items):
            return [Group(tuple(items), isolate=True)]
        return items
    if len(items) == 1 and isinstance(items[0], Group) and items[0].blend == NORMAL:
        return [replace(items[0], blend=mode)]
    return [Group(tuple(items), blend=mode)] if items else items


def refuse_effects(values: dict) -> None:
    """ArtError for a marker or a stroke that does not scale, which tkg does not draw."""
    for key, (what, harmless) in _EFFECTS.items():
        value = values.get(key)
        if value and value.strip() not in harmless:
            raise ArtError(what.format(f"{key}: {value}"))


def stroke_first(values: dict) -> bool:
    """Whether the shape paints its stroke before its fill (SVG's paint-order: the
    parts it names first, the others after them in the order fill, stroke, markers)."""
    named = [part for part in (values.get("paint-order") or "normal").split()
             if part in _PARTS]
    order = [*named, *(part for part in _PARTS if part not in named)]
    return order.index("stroke") < order.index("fill")


_PARTS = ("fill", "stroke", "markers")  # what a shape paints, in SVG's order


def in_paint_order(items: list, values: dict) -> list:
    """A shape's items (`styles_of`: one, or its fill then its stroke), its stroke's
    first when the shape paints it first: one item with both is parted (its stroke
    alone, then its fill alone over it)."""
    if not stroke_first(values):
        return items
    if len(items) == 2:
        return items[::-1]
    (item,) = items
    style = item.style
    if not (style.fill and style.stroke):
        return items
    return [replace(item, style=_stroke_alone(style)), replace(item, style=_fill_alone(style))]


def _fill_alone(style: Style) -> Style:
    return replace(style, stroke=None, stroke_width=0.0)


def _stroke_alone(style: Style, opacity: float | None = None) -> Style:
    return replace(style, fill=None, opacity=style.opacity if opacity is None else opacity)


def styles_of(values: dict, stroke_width, alpha: float, paints: dict,
              scale: float = 1.0) -> list[Style]:
    """The style of a shape from its presentation values, or two (its fill alone, then
    its stroke alone) for a fill and a stroke at different opacities, painted so by
    SVG; `alpha` is the shape's own opacity, laid on both (fill-opacity and
    stroke-opacity, inherited as SVG inherits them, are in `values`);
    `stroke_width()` gives its stroke's width, asked only when it has a stroke;
    `paints` are the file's gradients by id (or why each cannot be drawn); `scale` is
    how much the shape's transform enlarges it, as its dashes are (its stroke's width
    comes enlarged)."""
    fill, fill_alpha = _paint(values.get("fill"), paints)
    stroke, stroke_alpha = _paint(values.get("stroke"), paints)
    if isinstance(stroke, Gradient):  # (the readers lay one over a mask: `stroke_gradient`)
        raise ArtError("a gradient on a stroke; make the stroke a shape (Inkscape: Path > "
                       "Stroke to Path)")
    if stroke and "%" in (values.get("stroke-width") or ""):
        # (of the drawing's diagonal, which svgelements measures otherwise than SVG)
        raise ArtError(f"stroke-width: {values['stroke-width']}, in percent; give it in "
                       "the drawing's units (as Inkscape writes it)")
    if fill and "fill-opacity" in values:
        fill_alpha *= fraction(values["fill-opacity"], "fill-opacity")
    if stroke and "stroke-opacity" in values:
        stroke_alpha *= fraction(values["stroke-opacity"], "stroke-opacity")
    style = _style(values, fill, stroke, stroke_width() if stroke else 0.0,
                   alpha * (fill_alpha if fill else stroke_alpha), scale)
    if fill and stroke and fill_alpha != stroke_alpha:
        return [_fill_alone(style), _stroke_alone(style, _held(alpha * stroke_alpha))]
    return [style]


def _held(opacity: float) -> float:
    return min(max(opacity, 0.0), 1.0)


def _style(values: dict, fill, stroke, width: float, opacity: float,
           scale: float) -> Style:
    """A shape's Style at `opacity`: its paints and the stroke's width as given, the
    rest from its presentation values."""
    ends = _choice(values.get("stroke-linecap"), ("butt", "round", "square"), "butt")
    # Round caps come with round joins unless the file says otherwise, as they always
    # have here (a stroke's ends and corners both soft): art drawn before the painter
    # read joins prints as it did.
    corners = _choice(values.get("stroke-linejoin"), ("miter", "round", "bevel"),
                      "round" if ends == "round" else "miter")
    dashes, offset = _dashes(values, scale) if stroke else ((), 0.0)
    return Style(fill, stroke, width, _held(opacity), values.get("fill-rule") == "evenodd",
                 ends, corners, _miter_limit(values.get("stroke-miterlimit")), dashes, offset)


def _dashes(values: dict, scale: float) -> tuple[tuple[float, ...], float]:
    """The stroke's dashes and gaps in turn, and how far into them it starts, in the
    drawing's units: none for a solid stroke, or for lengths SVG draws solid (a negative
    one, or only zeros). An odd list is said twice, as SVG repeats it; the start is
    taken into the first round of the pattern."""
    text = (values.get("stroke-dasharray") or "none").strip()
    if text == "none":
        return (), 0.0
    lengths = [_length(part, "stroke-dasharray") for part in re.split(r"[\s,]+", text)
               if part]
    if not lengths or any(length < 0 for length in lengths) or not any(lengths):
        return (), 0.0
    pattern = tuple(length * scale for length in lengths * (2 if len(lengths) % 2 else 1))
    offset = _length(values.get("stroke-dashoffset") or "0", "stroke-dashoffset") * scale
    return pattern, offset % sum(pattern)


def _length(text: str, name: str) -> float:
    """A length in the drawing's units (a plain number, or px); ArtError for another
    unit, which would need the document's size to measure."""
    try:
        value = float(text.strip().removesuffix("px"))
    except ValueError:
        raise ArtError(f"{name}: {text}, in units other than the drawing's; give it as "
                       "plain numbers (as Inkscape writes it)") from None
    if not math.isfinite(value):
        raise ArtError(f"{name}: {text} is no length")
    return value


def _miter_limit(value: str | None) -> float:
    """The file's stroke-miterlimit, or SVG's default where it gives none, or none SVG
    knows (a number under 1, or no number), as a browser draws it."""
    try:
        limit = float(value) if value is not None else MITER_LIMIT
    except ValueError:
        return MITER_LIMIT
    return limit if 1 <= limit < math.inf else MITER_LIMIT


def _choice(value: str | None, known: tuple[str, ...], otherwise: str) -> str:
    """`value` if it is one of `known` (SVG 2's "miter-clip" and "arcs" join as a miter
    where they are not drawn), else `otherwise`."""
    value = (value or "").strip()
    if value in ("miter-clip", "arcs"):
        return "miter"
    return value if value in known else otherwise


def stroke_gradient(values: dict, paints: dict) -> Gradient | None:
    """The gradient a shape's stroke is painted with (None: a colour, or nothing)."""
    if "url(" not in (values.get("stroke") or ""):  # most strokes: read once, in style_of
        return None
    stroke, _ = _paint(values.get("stroke"), paints)
    return stroke if isinstance(stroke, Gradient) else None


def _paint(text: str | None, paints: dict) -> tuple[str | Gradient | None, float]:
    """A fill or stroke value as (paint, the colour's own opacity)."""
    text = (text or "none").strip()
    if text == "none":
        return None, 1.0
    if not text.startswith("url("):
        return colour_of(text)
    match = URL.match(text)
    paint = paints.get(match.group(1)) if match else None
    if isinstance(paint, Gradient):
        return paint, 1.0
    if paint is None:
        raise ArtError(f"the paint {text}, which the file does not define as a gradient")
    raise ArtError(paint)


@functools.lru_cache(maxsize=1024)  # art repeats a handful of colours many times
def style_value(style: str, name: str) -> str:
    """A property's value in a style attribute ("" when it has none)."""
    for declaration in style.split(";"):
        key, _, value = declaration.partition(":")
        if key.strip() == name:
            return value.strip()
    return ""


def colour_of(text: str) -> tuple[str, float]:
    """'#RRGGBB' and the colour's own opacity (rgba, #RRGGBBAA, transparent)."""
    if _HEX6.fullmatch(text):  # most art's colours: what svgelements makes of them
        return "#" + text[1:].upper(), 1.0
    if not _known_colour(text):
        raise ArtError(f"the colour {text!r}")
    import svgelements as se  # only for colours written otherwise

    colour = se.Color(text)
    return f"#{colour.red:02X}{colour.green:02X}{colour.blue:02X}", colour.alpha / 255


def _known_colour(text: str) -> bool:
    # svgelements reads any word it does not know, and a broken #hex, as black.
    if text.startswith("#"):
        return _HEX.fullmatch(text) is not None
    import svgelements as se

    return bool(_FUNCTION.match(text)) or text.lower() == "black" \
        or se.Color.parse_color_lookup(text) != se.Color.parse_color_lookup("black")


def fraction(text: str, what: str) -> float:
    """A number, or a percentage as a fraction (offsets and opacities take both)."""
    text = text.strip()
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise ArtError(f"the {what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise ArtError(f"the {what} {text!r} is not a finite number")
    return value


def check_finite(numbers) -> None:
    """ArtError if any of the numbers is infinite or not a number."""
    if not all(map(math.isfinite, numbers)):
        raise ArtError("a number too large to draw")


_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)\s*,?")
_ARGUMENTS = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
              "skewX": (1,), "skewY": (1,)}


def transform_of(text: str) -> Matrix:
    """An SVG transform list ("translate(10 5) scale(2)") as one matrix (a-f); ArtError
    for one that is not written as SVG says."""
    matrix, rest = IDENTITY, text.strip()
    while rest:
        found = _TRANSFORM.match(rest)
        if found is None:
            raise ArtError(f"the transform {text.strip()!r} is not one SVG reads")
        name, numbers = found[1], [fraction(n, "transform") for n in
                                   re.split(r"[\s,]+", found[2].strip()) if n]
        if len(numbers) not in _ARGUMENTS[name]:
            raise ArtError(f"the transform {found[0].strip()!r} takes "
                           f"{' or '.join(map(str, _ARGUMENTS[name]))} numbers")
        matrix, rest = compose(matrix, _one(name, numbers)), rest[found.end():].strip()
    return matrix


def _one(name: str, n: list[float]) -> Matrix:
    if name == "matrix":
        return n[0], n[1], n[2], n[3], n[4], n[5]
    if name == "translate":
        return 1.0, 0.0, 0.0, 1.0, n[0], n[1] if len(n) > 1 else 0.0
    if name == "scale":
        return n[0], 0.0, 0.0, n[1] if len(n) > 1 else n[0], 0.0, 0.0
    if name in ("skewX", "skewY"):
        slope = math.tan(math.radians(n[0]))
        return (1.0, 0.0, slope, 1.0, 0.0, 0.0) if name == "skewX" else \
            (1.0, slope, 0.0, 1.0, 0.0, 0.0)
    cos, sin = math.cos(math.radians(n[0])), math.sin(math.radians(n[0]))
    turn = (cos, sin, -sin, cos, 0.0, 0.0)
    if len(n) == 1:
        return turn
    cx, cy = n[1], n[2]  # rotate(a, cx, cy): about that point
    return compose((1.0, 0.0, 0.0, 1.0, cx, cy), compose(turn, (1.0, 0.0, 0.0, 1.0, -cx, -cy)))
