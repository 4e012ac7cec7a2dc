"""Read SVG art with svgelements, for files the plain reader (`svgplain`) leaves alone.

svgelements resolves what a hand-written reader gets wrong or leaves out: transforms,
CSS (style attributes and simple <style> sheets), <use>, arcs, relative and smooth path
commands, lines, polylines and polygons. Its shapes become our primitives here: a plain
rectangle stays a Rect, an axis-aligned circle or ellipse an Ellipse, and everything
else becomes a Path of absolute M/L/C/Z commands. Shapes SVG itself would not draw are
left out. A group SVG lays as one (at an opacity, through a mask or a clipping path)
stays one Group; a picture the file embeds becomes an Image
(`generator.draw.svgpicture`). svgelements draws neither masks nor clipping paths, so
their shapes are read here, in the units of the element they apply to.
`generator.draw.svgart` imports this module only when a file needs it.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from pathlib import Path
from xml.sax.saxutils import quoteattr

import svgelements as se

from generator.core.limits import SVG_ELEMENTS, SVG_POINTS
from generator.draw import svgfilter, svgpicture
from generator.draw.colour import mask_grey
from generator.draw.geometry import bounds
from generator.draw.gradients import IDENTITY, Matrix, compose, invert
from generator.draw.scene import (
    Blur,
    Ellipse,
    Gradient,
    Group,
    Image,
    Rect,
    Style,
    has_blend,
    recolour,
)
from generator.draw.scene import Path as PathShape
from generator.draw.svgpaint import (
    URL,
    ArtError,
    check_finite,
    fraction,
    group_opacity,
    in_paint_order,
    laid_blended,
    laid_whole,
    refuse_effects,
    shape_alpha,
    stroke_first,
    stroke_gradient,
    style_value,
    styles_of,
)

_EPSILON = 1e-9  # what is left of an undone transform after reify
_NS = "{http://www.w3.org/2000/svg}"


def shapes(data: bytes, paints: dict, clips: dict | None = None, masks: dict | None = None,
           filters: dict | None = None) -> tuple[tuple[float, float], tuple]:
    """The document's (width, height) and its shapes as primitives; `paints` are the
    file's gradients by id, `clips` its clipping paths, `masks` its masks and `filters`
    its filters (<clipPath>, <mask> and <filter> elements), as `svgart` surveyed them."""
    document = _document(data)
    refuse_effects(document.values)
    found = _Defs(paints, clips or {}, masks or {}, filters or {})
    return (float(document.width), float(document.height)), tuple(_laid(document, found))


@dataclass(frozen=True)
class _Defs:
    """What the file's shapes name by id: gradients, clipping paths and masks, each
    clipping path's outline read once however many elements it clips."""

    paints: dict
    clips: dict
    masks: dict
    filters: dict
    copied: list = field(default_factory=lambda: [0])  # elements read for masks so far
    outlines: dict = field(default_factory=dict)  # id -> its shapes' (commands, evenodd)
    pictures: dict = field(default_factory=dict)  # an embedded picture's URL -> its file
    placed: list = field(default_factory=lambda: [0])  # points placed through clips
    effects: dict = field(default_factory=dict)  # a filter's id -> what it does

    def filter(self, key: str) -> svgfilter.Filter:
        """What filter `key` does (read once however many elements it filters)."""
        if key not in self.effects:
            self.effects[key] = svgfilter.read_filter(self.filters[key])
        return self.effects[key]

    def picture(self, href: str) -> Path:
        """The file of the picture `href` embeds (decoded once however often it is used)."""
        if href not in self.pictures:
            self.pictures[href] = svgpicture.kept_picture(href)
        return self.pictures[href]

    def outlines_of(self, key: str, ctm: se.Matrix) -> list[tuple[tuple[tuple, ...], bool]]:
        """The outlines of clipping path `key`'s shapes, each with whether it clips by
        the even-odd rule, placed by the transform `ctm` of the element it clips (none
        when it holds no shape). Each placing counts its points towards the file's
        limit: one large outline clipping thousands of elements is as much to draw as
        thousands of copies."""
        if key not in self.outlines:
            self.outlines[key] = _clip_outlines(self.clips[key])
        found = self.outlines[key]
        self.placed[0] += sum(len(commands) for commands, _ in found)
        if SVG_POINTS.over(self.placed[0]):
            raise ArtError(f"{SVG_POINTS.says(self.placed[0])}, through clipping paths")
        return [(tuple(_mapped(command, ctm) for command in commands), evenodd)
                for commands, evenodd in found]


def _mapped(command: tuple, m: se.Matrix) -> tuple:
    """A path command with its points mapped by `m` (a curve's control points map as
    its points do: the transform is affine)."""
    numbers = command[1:]
    out: list = [command[0]]
    for x, y in zip(numbers[::2], numbers[1::2], strict=True):
        out += [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]
    return tuple(out)


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



def _laid(node, defs: _Defs) -> list:
    """A group's shapes (or the document's), laid together at the group's opacity,
    through its mask and clipping path (a fill-opacity or stroke-opacity is inherited,
    as SVG inherits it: each shape's values hold it)."""
    own = node.values.get("attributes", {})
    items: list = []
    for child in node:
        if isinstance(child, (se.Group, se.Use)):
            refuse_effects(child.values)
            items += _laid(child, defs)
        elif isinstance(child, se.Shape):
            items += _shape(child, defs)
        elif isinstance(child, se.SVGImage):
            items += _picture(child, defs)
        # Anything else (title, desc, an editor's element) draws nothing.
    return laid_blended(_effects(laid_whole(_filtered(items, node, defs), group_opacity(own)),
                                 node, defs), own)


def _shape(shape: se.Shape, defs: _Defs) -> list:
    """The shape's primitives (none, for a shape SVG would not draw; its fill then its
    stroke, at their own opacities), laid whole at its opacity when it has a fill and a
    stroke, through its mask and clipping path."""
    alpha, whole = shape_alpha(shape.values.get("attributes", {}), shape.values)
    gradient = stroke_gradient(shape.values, defs.paints)
    if gradient is None:
        items = in_paint_order(_primitives(shape, alpha, defs.paints), shape.values)
    else:
        items = _gradient_stroked(shape, alpha, gradient, defs.paints)
        if stroke_first(shape.values):
            items.reverse()  # (its fill, if any, then its stroke: now the other way)
    if not items:
        return []
    return laid_blended(_effects(laid_whole(_filtered(items, shape, defs), whole), shape, defs),
                        shape.values.get("attributes", {}))


def _gradient_stroked(shape: se.Shape, alpha: float, gradient: Gradient, paints: dict
                      ) -> list:
    """A shape whose stroke is a gradient: its fill, then the gradient over all its
    stroke reaches, shown through the stroke painted white (a mask): a PDF strokes
    only in one colour."""
    values = shape.values
    fill = _primitive(shape, alpha, paints, {**values, "stroke": "none"})
    fill = fill if fill is not None and fill.style.fill else None
    outline = _primitive(shape, 1.0, paints, {**values, "fill": "none", "stroke": "#FFFFFF",
                                             "stroke-opacity": "1"})
    placed = _placed_gradient(gradient, shape, always=True)
    box = None if outline is None or placed is None else bounds((outline,))
    if box is None:
        return [] if fill is None else [fill]
    pad = 2 * outline.style.stroke_width  # a mitred corner reaches past the box
    opacity = alpha * fraction(values.get("stroke-opacity", "1"), "stroke-opacity")
    band = Rect(box[0] - pad, box[1] - pad, box[2] - box[0] + 2 * pad,
                box[3] - box[1] + 2 * pad, Style(fill=placed, opacity=min(max(opacity, 0.0),
                                                                          1.0)))
    return [*([] if fill is None else [fill]), Group((band,), mask=(outline,))]


def _picture(image: se.SVGImage, defs: _Defs) -> list:
    """A picture the file embeds, in its box, at its opacity, through its mask and
    clipping path (none, for one SVG would not draw)."""
    values = image.values
    if values.get("visibility") in ("hidden", "collapse"):
        return []
    refuse_effects(values)
    m = image.transform
    fit = svgpicture.fit_of(values.get("attributes", {}).get("preserveAspectRatio"))
    x, y, w, h = (float(v) for v in (image.x, image.y, image.width, image.height))
    check_finite((x, y, w, h))
    placed = svgpicture.placed(x, y, w, h, (m.a, m.b, m.c, m.d, m.e, m.f),
                               defs.picture(image.url or ""), fit)
    if placed is None:
        return []
    own = values.get("attributes", {})
    return laid_blended(_effects(laid_whole(_filtered([placed], image, defs),
                                            group_opacity(own)), image, defs), own)


# Masks and clipping paths -------------------------------------------------------------

def _effects(items: list, node, defs: _Defs) -> list:
    """The element's items through its mask, then its clipping path (either may be
    missing): as SVG applies both to what the element draws."""
    return _clipped(_masked(items, node, defs), node, defs)


def _filtered(items: list, node, defs: _Defs) -> list:
    """The element's items through the filter it names (`filter`), if any: each layer of
    what the filter makes (`generator.draw.svgfilter`) the items or their silhouette,
    blurred and moved in the element's units (through its transform), all cut to the
    filter's region. A group laid whole would lay its shapes' paint as one: the filter
    works on that, as SVG's does."""
    key = _named(node, "filter", defs.filters, "filter")
    if key is None or not items:
        return items
    found = defs.filter(key)
    ctm = se.Matrix(node.values.get("transform", ""))
    region = _filter_region(found, items, ctm)
    if region is None:
        return []  # a region of no area: SVG draws nothing
    layers = tuple(item for layer in found.layers
                   for item in _layer(items, layer, found.linear, ctm))
    return [Group(layers, clip_path=region)]


def _layer(items: list, layer: svgfilter.Layer, linear: bool, ctm: se.Matrix) -> tuple:
    """One layer of a filter's result, in the drawing's units."""
    if layer.colour is not None and _holds_picture(items):
        raise ArtError("a shadow or glow (a filter) of a picture; make the filtered part a "
                       "picture (Inkscape: Edit > Make a Bitmap Copy, at 300 dpi)")
    content = tuple(items) if layer.colour is None else recolour(tuple(items), layer.colour)
    dx, dy = layer.offset
    if any(layer.sigma) and has_blend(items):
        # (tkg paints a blur itself, as a picture of what the layer holds alone)
        raise ArtError("a blend mode in a blur, shadow or glow; set it to Normal (Inkscape: "
                       "Layers and Objects > Blend mode), or make the filtered part a "
                       "picture (Edit > Make a Bitmap Copy, at 300 dpi)")
    if any(layer.sigma) and _dashed(items):
        # (tkg paints a blur itself, `generator.draw.blur`, and draws no dashes there)
        raise ArtError("a dashed stroke in a blur, shadow or glow; make the stroke a "
                       "shape (Inkscape: Path > Stroke to Path)")
    moved = (ctm.a * dx + ctm.c * dy, ctm.b * dx + ctm.d * dy)
    across, down = (layer.sigma[0] * math.hypot(ctm.a, ctm.b),
                    layer.sigma[1] * math.hypot(ctm.c, ctm.d))
    blur = Blur(across, down, linear) if across > 0 or down > 0 else None
    if blur is None and moved == (0.0, 0.0) and layer.opacity >= 1 and layer.colour is None:
        return content
    return (Group(content, translate=moved, opacity=layer.opacity, blur=blur),)


def _dashed(items) -> bool:
    return any(_dashed(item.children) if isinstance(item, Group)
               else bool(getattr(getattr(item, "style", None), "dashes", ())) for item in items)


def _holds_picture(items) -> bool:
    return any(isinstance(item, Image) or (isinstance(item, Group)
                                           and _holds_picture(item.children))
               for item in items)


def _filter_region(found: svgfilter.Filter, items: list, ctm: se.Matrix
                   ) -> tuple[tuple, ...] | None:
    """The rectangle the filter draws in, as an outline in the drawing's units (None
    when it has no area): in the element's units through its transform, or as fractions
    of the box of what it filters."""
    x, y, w, h = found.region
    if w <= 0 or h <= 0:
        return None
    if found.user:
        return _rectangle(x, y, w, h, ctm)
    box = bounds(items)
    if box is None:
        return None
    return _rectangle(box[0] + x * (box[2] - box[0]), box[1] + y * (box[3] - box[1]),
                      w * (box[2] - box[0]), h * (box[3] - box[1]))


def _rectangle(x: float, y: float, w: float, h: float, ctm: se.Matrix | None = None
               ) -> tuple[tuple, ...]:
    """A rectangle (x, y, w, h) as an outline, placed by `ctm` if given."""
    corners = (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    return corners if ctm is None else tuple(_mapped(command, ctm) for command in corners)


def _named(node, attribute: str, known: dict, what: str) -> str | None:
    """The id of the mask, clipping path or filter the element's `attribute` names
    (None: it names none); ArtError when the file defines no such `what`."""
    value = (node.values.get("attributes", {}).get(attribute) or "none").strip()
    if value == "none":
        return None
    match = URL.fullmatch(value)
    if match is None or match.group(1) not in known:
        raise ArtError(f"the {what} {value}, which the file does not define")
    return match.group(1)


def _masked(items: list, node, defs: _Defs) -> list:
    """The element's items under the mask it names (`mask`), if any: one group whose
    mask is the <mask>'s shapes, read in the element's own units (through its
    transform), as SVG has them; a region the mask gives clips them too."""
    key = _named(node, "mask", defs.masks, "mask")
    if key is None or not items:
        return items
    element = defs.masks[key]
    _check_mask(element)
    defs.copied[0] += sum(1 for _ in element.iter())
    if SVG_ELEMENTS.over(defs.copied[0]):
        raise ArtError(f"{SVG_ELEMENTS.says(defs.copied[0])}, through masks")
    ctm = se.Matrix(node.values.get("transform", ""))
    wrapper = (f'<svg xmlns="http://www.w3.org/2000/svg"><g transform="matrix({ctm.a!r} '
               f'{ctm.b!r} {ctm.c!r} {ctm.d!r} {ctm.e!r} {ctm.f!r})">'
               + "".join(ET.tostring(child, encoding="unicode") for child in element)
               + "</g></svg>")
    mask = _laid(_parse(wrapper.encode(), None), defs)
    if not mask:
        return []  # a mask that shows nothing hides everything
    masked = [Group(tuple(items), mask=_greyed(mask))]
    region = _mask_region(element, ctm)
    return masked if region is None else [Group(tuple(masked), clip_path=region)]


def _greyed(items) -> tuple:
    """A mask's shapes, each colour the grey SVG sees in it (`mask_grey`): so the PDF's
    soft mask and the preflight's raster, which weigh colours otherwise, let through
    what SVG does. A picture in a mask keeps its pixels (weighed as each backend does)."""
    def one(item):
        if isinstance(item, Group):
            return replace(item, children=_greyed(item.children))
        style = getattr(item, "style", None)
        if style is None:
            return item
        fill = style.fill
        if isinstance(fill, Gradient):
            fill = replace(fill, stops=tuple((at, mask_grey(colour), alpha)
                                             for at, colour, alpha in fill.stops))
        return replace(item, style=replace(
            style, fill=mask_grey(fill) if isinstance(fill, str) else fill,
            stroke=style.stroke and mask_grey(style.stroke)))
    return tuple(one(item) for item in items)


def _check_mask(element) -> None:
    """ArtError for a mask tkg cannot read the same: its shapes in the units of the
    masked shape's box, or something in it no mask of Inkscape's holds."""
    if element.get("maskContentUnits", "userSpaceOnUse").strip() != "userSpaceOnUse":
        raise ArtError("a mask whose shapes are in the units of the masked shape's box "
                       "(maskContentUnits=\"objectBoundingBox\"); release the mask "
                       "(Inkscape: Object > Mask > Release Mask) and set it again")
    for inner in element.iter():
        name = inner.tag.removeprefix(_NS)
        if inner is not element and inner.tag.startswith(_NS) and name in _CLIP_FIX:
            raise ArtError(f"{_CLIP_REFUSED[name]} in a mask; release the mask (Inkscape: "
                           f"Object > Mask > Release Mask), {_CLIP_FIX[name]}, and mask "
                           f"again")
        if inner is not element and inner.get("mask", "none").strip() != "none":
            raise ArtError("a mask masked in turn; release the inner mask (Inkscape: "
                           "Object > Mask > Release Mask)")


def _mask_region(element, ctm: se.Matrix) -> tuple[tuple, ...] | None:
    """The rectangle a mask in the drawing's units gives as its region, as an outline
    placed by `ctm` (None: it gives none, or one in the box's units, which holds the
    masked shapes whole unless it says otherwise)."""
    sides = [element.get(key) for key in ("x", "y", "width", "height")]
    units = element.get("maskUnits", "objectBoundingBox").strip()
    if units != "userSpaceOnUse" or all(side is None for side in sides):
        if units != "userSpaceOnUse" and any(side is not None for side in sides):
            raise ArtError("a mask whose region is in the units of the masked shape's box; "
                           "give it in the drawing's units (maskUnits=\"userSpaceOnUse\"), "
                           "as Inkscape does, or remove its x, y, width and height")
        return None
    try:
        x, y, w, h = (float(side) for side in sides)
    except (TypeError, ValueError):
        raise ArtError(f"a mask's region ({', '.join(str(s) for s in sides)}) that is not "
                       "four numbers in the drawing's units") from None
    return _rectangle(x, y, w, h, ctm)


# Clipping paths -------------------------------------------------------------------------

_CLIP_SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
_RELEASE = "release the clip (Inkscape: Object > Clip > Release Clip)"


def _clipped(items: list, node, defs: _Defs) -> list:
    """The element's items inside the clipping path it names (`clip-path`), if any:
    one group, clipped to the path's outline, which lies in the element's own units
    (through its transform), as SVG has it."""
    key = _named(node, "clip-path", defs.clips, "clipping path")
    if key is None or not items:
        return items
    outlines = defs.outlines_of(key, se.Matrix(node.values.get("transform", "")))
    if not outlines:
        return []  # a clipping path of no shape hides everything
    if len(outlines) > 1:  # what any of its shapes covers shows: a mask of them in white
        return [Group(tuple(items), mask=tuple(
            PathShape(commands, Style(fill="#FFFFFF", evenodd=evenodd))
            for commands, evenodd in outlines))]
    [(commands, evenodd)] = outlines
    return [Group(tuple(items), clip_path=commands, clip_evenodd=evenodd)]


def _clip_outlines(clip) -> list[tuple[tuple[tuple, ...], bool]]:
    """The outlines of a <clipPath>'s shapes in the units of the element it clips,
    each with whether it clips by the even-odd rule (none when it holds no shape).
    Where its shapes are several, SVG shows what any of them covers."""
    if clip.get("clipPathUnits", "userSpaceOnUse").strip() != "userSpaceOnUse":
        raise ArtError(f"a clipping path in the units of its shape's box "
                       f"(clipPathUnits=\"{clip.get('clipPathUnits')}\"); {_RELEASE} and "
                       f"set it again (Object > Clip > Set Clip)")
    for element in clip.iter():
        name = element.tag.removeprefix(_NS)
        if element is not clip and name == "g":  # (a browser leaves its shapes out)
            raise ArtError(f"a group (<g>) in a clipping path, which a browser leaves out; "
                           f"{_RELEASE}, ungroup its shapes (Object > Ungroup), and clip "
                           f"again")
        if element is not clip and element.tag.startswith(_NS) and \
                name not in _CLIP_SHAPES | {"title", "desc"}:
            raise ArtError(f"{_CLIP_REFUSED.get(name, f'a <{name}>')} in a clipping path; "
                           f"{_RELEASE}, {_CLIP_FIX.get(name, 'make it a path')}, and clip "
                           f"again")
        if element.get("clip-path", "none").strip() != "none":
            raise ArtError(f"a clipping path clipped in turn; {_RELEASE} of its shape")
    rule = clip.get("clip-rule") or style_value(clip.get("style", ""), "clip-rule")
    inner = "".join(ET.tostring(child, encoding="unicode") for child in clip)
    rule_attribute = f" clip-rule={quoteattr(rule)}" if rule else ""
    wrapper = (f'<svg xmlns="http://www.w3.org/2000/svg"><g transform='
               f'{quoteattr(clip.get("transform", ""))}{rule_attribute}>{inner}</g></svg>')
    found = [shape for shape in _parse(wrapper.encode(), None).elements()
             if isinstance(shape, se.Shape) and not isinstance(shape, se.SVG)
             and shape.values.get("visibility") not in ("hidden", "collapse")]
    return [(tuple(commands), shape.values.get("clip-rule", "nonzero").strip() == "evenodd")
            for shape in found if (commands := _commands(shape))]


_CLIP_REFUSED = {"text": "text (<text>)", "tspan": "text (<tspan>)", "use": "a clone (<use>)",
                 "image": "a picture (<image>)"}
_CLIP_FIX = {"text": "convert the text to paths (Path > Object to Path)",
             "tspan": "convert the text to paths (Path > Object to Path)",
             "use": "unlink the clone (Edit > Clone > Unlink Clone)"}


def _primitive(shape: se.Shape, alpha: float, paints: dict, values: dict):
    """The primitive for one shape painted with one paint, as `values` say (None: SVG
    would not draw it)."""
    found = _primitives(shape, alpha, paints, values)
    return found[0] if found else None


def _primitives(shape: se.Shape, alpha: float, paints: dict, values: dict | None = None
                ) -> list:
    """The primitive for one shape (painted as `values` say, if given, else as its own),
    or two (its fill, then its stroke) for a fill and a stroke at different opacities;
    none for a shape SVG would not draw."""
    values = shape.values if values is None else values
    if values.get("visibility") in ("hidden", "collapse"):
        return []
    refuse_effects(values)
    # The transform, read again only where it matters: for dashes and strokes.
    transform = values.get("transform")
    scale = _enlarged(se.Matrix(transform)) if transform and "stroke-dasharray" in values \
        else 1.0
    styles = [_in_place(style, shape) for style in styles_of(
        values, lambda: float(shape.implicit_stroke_width), alpha, paints, scale)]
    make = _rect if isinstance(shape, se.Rect) else \
        _ellipse if isinstance(shape, (se.Circle, se.Ellipse)) else _outline
    if transform and any(style.stroke and style.stroke_width > 0 for style in styles) \
            and _uneven(se.Matrix(transform)):
        return _stretched(shape, styles, make, se.Matrix(transform))
    return [item for style in styles if (item := make(shape, style)) is not None]


# How much wider a stroke may be one way than another through its transform and still
# be drawn at one width, the mean's; past it, the area its pen covers is drawn.
UNEVEN_PEN = 1.05


def _uneven(m: se.Matrix) -> bool:
    """Whether the transform stretches a pen more one way than another, or skews it:
    SVG then draws its stroke wider across than down (or slanted)."""
    squares = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d
    area = abs(m.a * m.d - m.b * m.c)
    spread = math.sqrt(max(squares * squares - 4 * area * area, 0.0))
    widest, narrowest = (math.sqrt((squares + spread) / 2),
                         math.sqrt(max(squares - spread, 0.0) / 2))
    return narrowest > 0 and widest / narrowest > UNEVEN_PEN


def _stretched(shape: se.Shape, styles: list[Style], make, m: se.Matrix) -> list:
    """The shape's fill, then its stroke as the area its stretched pen covers
    (`generator.draw.svgstroke`), for each of its styles."""
    from generator.draw.svgstroke import stretched_stroke

    own = _commands(se.Path(shape) * ~m)  # the outline in the shape's own units
    found = []
    for style in styles:
        if style.fill is not None:
            fill = make(shape, replace(style, stroke=None, stroke_width=0.0))
            found += [] if fill is None else [fill]
        if style.stroke and style.stroke_width > 0:
            stroke = stretched_stroke(tuple(own), style, (m.a, m.b, m.c, m.d, m.e, m.f),
                                      _enlarged(m))
            found += [] if stroke is None else [stroke]
    return found


def _enlarged(m: se.Matrix) -> float:
    """How much a shape's transform enlarges lengths along its outline, as it enlarges
    its stroke's width (svgelements': the square root of the area's scale)."""
    return math.sqrt(abs(m.a * m.d - m.b * m.c))


def _in_place(style: Style, shape: se.Shape) -> Style:
    """The style with its gradient mapped as the shape is. The shape's points are
    transformed already (reified), and the gradient must follow them: one in user space
    units through the shape's transform; one in the box's, in the box the shape had
    before it (a rotated square's gradient turns with it, as in SVG)."""
    fill = style.fill
    if not isinstance(fill, Gradient):
        return style  # (most shapes: their transform is not read again)
    placed = _placed_gradient(fill, shape)
    return style if placed is None else replace(style, fill=placed)


def _placed_gradient(g: Gradient, shape: se.Shape, always: bool = False) -> Gradient | None:
    """The gradient in the drawing's units, through the shape's transform (and from the
    box the shape had before it); as it is when the shape has no transform, unless
    `always`. None for a shape flattened to nothing."""
    m = se.Matrix(shape.values.get("transform", ""))
    if _untransformed(m) and (g.user or not always):
        return g
    ctm: Matrix = (m.a, m.b, m.c, m.d, m.e, m.f)
    if invert(ctm) is None:
        return None  # drawn as nothing, whatever its paint
    own = g.matrix or IDENTITY
    if not g.user:  # its box: the shape's own, before the transform
        x0, y0, x1, y1 = (se.Path(shape) * ~m).bbox() or (0.0, 0.0, 0.0, 0.0)
        own = compose((x1 - x0, 0.0, 0.0, y1 - y0, x0, y0), own)
    return replace(g, user=True, matrix=compose(ctm, own))


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
    commands = _commands(shape)
    return PathShape(tuple(commands), style) if commands else None


def _commands(shape: se.Shape) -> list[tuple]:
    """The shape's outline as M/L/C/Z commands in the file's units (none: it has no
    outline that draws)."""
    commands: list[tuple] = []
    for segment in shape.segments(transformed=True):
        commands.extend(_CONVERT[type(segment)](segment))
    if not commands or commands[0][0] != "M" or all(c[0] == "M" for c in commands):
        return []  # path data must start with a moveto, and a moveto alone draws nothing
    check_finite([v for command in commands for v in command[1:]])
    return commands


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
