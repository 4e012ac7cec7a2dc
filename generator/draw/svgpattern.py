"""Pattern fills in SVG art, rewritten as the tiles a browser paints, before svgelements
reads the file.

A shape filled with a <pattern> (Inkscape's Fill and Stroke > Fill > Pattern: stripes,
checkers, dots, a texture drawn once) shows the pattern's tile repeated across it. SVG
sets the tiles on a grid: the tile's box (x, y, width, height; fractions of the shape's
box by default, patternUnits), turned by patternTransform, its content fitted to the
tile by a viewBox or drawn in the shape's own units (or its box's, patternContentUnits)
and cut to the tile. svgelements draws no pattern, so each such shape becomes groups it
draws as SVG does: the shape's outline as a clipping path around a copy of the content
for every tile the shape's box meets, each cut to its tile, and the shape again with no
fill above them for its stroke. The content takes its inherited paint (a stroke's width,
a fill) from the pattern's place in the file, as in SVG, not from the shape's.

Only a shape's own fill is drawn so (the fill in its attributes or style attribute, as
Inkscape writes it); a pattern on a stroke, or reaching a shape from a group or a style
sheet, is still refused by name (`generator.draw.svgart`).
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET

from generator.core.limits import SVG_ELEMENTS
from generator.draw.svgpaint import ArtError, fraction, transform_of
from generator.draw.svgrewrite import (
    TOGETHER,
    by_id,
    copies,
    draws,
    element_name,
    enclosing,
    fitted_to,
    inherited_value,
    matrix_text,
    number_text,
    own_value,
    paint_at,
    parents_of,
    without,
)

_NS = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_URL = re.compile(r"\s*url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)")
_CHAIN = 8  # patterns one may borrow through (Inkscape borrows once): more is a loop
_SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
def needs_tiles(root: ET.Element, named: dict[str, ET.Element]) -> bool:
    """Whether a shape of the file is filled with a pattern of its own."""
    if not any(e.tag == _NS + "pattern" for e in named.values()):
        return False  # (most art: no pattern to look for)
    return any(_pattern_of(node, named) is not None for node in root.iter())


def as_tiles(root: ET.Element, named: dict[str, ET.Element]) -> ET.Element:
    """A copy of the file with every shape filled with a pattern of its own made the
    groups that draw its tiles (`named`: the file's elements by id)."""
    root = copy.deepcopy(root)
    named = by_id(root)
    parents = parents_of(root)
    counter = 0
    for node in list(root.iter()):
        pattern = _pattern_of(node, named)
        if pattern is None or enclosing(node, parents, {"pattern"}) is not None:
            continue  # (a pattern inside a pattern's tile: refused where it is read)
        counter += 1
        parent = parents[node]
        parent[list(parent).index(node)] = _tiled(node, pattern, named, parents,
                                                  f"tkg-pattern-{counter}")
    return root


def _pattern_of(node: ET.Element, named: dict[str, ET.Element]) -> ET.Element | None:
    """The <pattern> a shape's own fill names, if it does."""
    if node.tag.removeprefix(_NS) not in _SHAPES:
        return None
    found = _URL.match(own_value(node, "fill"))
    target = named.get(found.group(1)) if found else None
    return target if target is not None and target.tag == _NS + "pattern" else None


def _tiled(shape: ET.Element, pattern: ET.Element, named: dict[str, ET.Element],
           parents: dict, key: str) -> ET.Element:
    """The groups that draw `shape` with its pattern fill as tiles, then its stroke."""
    if shape.get("class"):
        raise ArtError(f"a pattern fill on {element_name(shape)}, which a style sheet may "
                       f"style too (class={shape.get('class')!r}); remove its class")
    chain = _chain(pattern, named)
    outer = ET.Element(_NS + "g", {k: v for k in TOGETHER if (v := own_value(shape, k))})
    fill = _fill(shape, chain, parents, key)
    if inherited_value(shape, parents, "stroke") in ("", "none"):
        outer.extend(fill)
    else:  # the shape again, with no fill, for its stroke
        stroked = without(shape, (*TOGETHER, "fill", "id"), fill="none")
        first = "stroke" in own_value(shape, "paint-order").split()[:1]
        outer.extend([stroked, *fill] if first else [*fill, stroked])
    if shape.get("id"):  # (the stroke's copy keeps none: the group stands for the shape)
        outer.set("id", shape.get("id", ""))
    return outer


def _fill(shape: ET.Element, chain: list[ET.Element], parents: dict, key: str
          ) -> list[ET.Element]:
    """The clipping path of the shape's outline and the group of tiles it cuts (none
    when the pattern paints nothing)."""
    box = _box(shape)
    tile = _tile(chain, box)
    content = next((list(p) for p in chain if any(draws(c) for c in p)), [])
    if box is None or tile is None or not content:
        return []  # no area, or an empty tile: SVG paints no fill
    x, y, width, height = tile
    turn = transform_of(_value(chain, "patternTransform", ""))
    columns, rows = _grid(box, tile, turn)
    elements = sum(1 for c in content for _ in c.iter())
    count = len(columns) * len(rows)
    if SVG_ELEMENTS.over(count * (elements + 1)):
        raise ArtError(f"{SVG_ELEMENTS.says(count * (elements + 1))}: the pattern "
                       f"{element_name(chain[0])} fills {element_name(shape)} with {count:,} "
                       f"tiles; make its tiles larger (Inkscape: Object > Transform), or make "
                       f"the shape a picture (Edit > Make a Bitmap Copy, at 300 dpi)")
    clip = ET.Element(_NS + "clipPath", {"id": f"{key}-shape"})
    outline = without(shape, (*TOGETHER, "id", "style", "fill", "stroke"))
    rule = own_value(shape, "fill-rule")
    if rule:
        outline.set("clip-rule", rule)
    clip.append(outline)
    cut = ET.Element(_NS + "clipPath", {"id": f"{key}-tile"})
    ET.SubElement(cut, _NS + "rect", {"width": number_text(width), "height": number_text(height)})
    tiles = ET.Element(_NS + "g", {"clip-path": f"url(#{key}-shape)"})
    inner = ET.SubElement(tiles, _NS + "g", {
        **paint_at(chain[-1], parents), "transform": matrix_text(turn)})
    opacity = own_value(shape, "fill-opacity")
    if opacity and fraction(opacity, "fill-opacity") < 1:
        inner.set("opacity", opacity)
    placed = _content_place(chain, box, tile)
    # Content inside its tile is drawn uncut: cut, tiles meeting edge to edge would
    # show the seam between them on screen; so is a stripe that reaches past its tile
    # only where the next tile's stripe lies.
    cuts = not (_inside(content, placed, inner.attrib, width, height)
                or _stripe(content, placed, inner.attrib, width, height))
    for column in columns:
        for row in rows:
            corner = f"{number_text(x + column * width)} {number_text(y + row * height)}"
            at = ET.SubElement(inner, _NS + "g", {
                "transform": f"translate({corner})",
                **({"clip-path": f"url(#{key}-tile)"} if cuts else {})})
            holder = ET.SubElement(at, _NS + "g", {"transform": placed})
            holder.extend(copies(content))
    return [clip, cut, tiles] if cuts else [clip, tiles]


def _inside(content: list[ET.Element], placed: str, paint: dict[str, str], width: float,
            height: float) -> bool:
    """Whether the tile's content, strokes included, lies inside the tile (0, 0,
    width, height)."""
    import io

    import svgelements as se

    if any(e.tag in (_NS + "use", _NS + "image") for c in content for e in c.iter()):
        return False  # (what they show is elsewhere in the file, or in a picture)
    holder = ET.Element(_NS + "g", {**paint, "transform": placed})
    holder.extend(copies(content))
    page = ET.Element(_NS + "svg")
    page.append(holder)
    try:
        shapes = [e for e in se.SVG.parse(io.BytesIO(ET.tostring(page))).elements()
                  if isinstance(e, se.Shape)]
        boxes = [e.bbox(with_stroke=True) for e in shapes]
    except (ValueError, TypeError, ArithmeticError):  # the tiles are cut, as SVG cuts them
        return False
    boxes = [b for b in boxes if b is not None]
    return not boxes or (min(b[0] for b in boxes) >= 0 and min(b[1] for b in boxes) >= 0
                         and max(b[2] for b in boxes) <= width
                         and max(b[3] for b in boxes) <= height)


def _chain(pattern: ET.Element, named: dict[str, ET.Element]) -> list[ET.Element]:
    """The pattern and those it borrows from (href), nearest first."""
    chain = [pattern]
    while True:
        href = (chain[-1].get("href") or chain[-1].get(_XLINK) or "").strip()
        target = named.get(href[1:]) if href.startswith("#") else None
        if target is None or target.tag != _NS + "pattern":
            return chain
        if target in chain or len(chain) >= _CHAIN:
            raise ArtError(f"the pattern {element_name(pattern)} borrows from itself "
                           f"through {href}")
        chain.append(target)


def _value(chain: list[ET.Element], key: str, default: str) -> str:
    """An attribute of the pattern, or of the first one it borrows from that has it."""
    return next((v for p in chain if (v := p.get(key)) is not None), default).strip()


def _box(shape: ET.Element) -> tuple[float, float, float, float] | None:
    """The shape's own box (x, y, width, height) in its units, before its transform;
    None when it has no area."""
    name = shape.tag.removeprefix(_NS)
    if name == "rect":
        x, y, w, h = (_length(shape, k) for k in ("x", "y", "width", "height"))
        box = (x, y, w, h)
    elif name in ("circle", "ellipse"):
        rx = _length(shape, "r" if name == "circle" else "rx")
        ry = rx if name == "circle" else _length(shape, "ry")
        cx, cy = _length(shape, "cx"), _length(shape, "cy")
        box = (cx - rx, cy - ry, 2 * rx, 2 * ry)
    else:
        import svgelements as se  # (a file with a pattern is read by svgelements anyway)

        if name == "path":
            found = se.Path(shape.get("d") or "").bbox()
        elif name == "line":
            found = se.SimpleLine(*(_length(shape, k) for k in ("x1", "y1", "x2", "y2"))).bbox()
        else:
            found = se.Polyline(shape.get("points") or "").bbox()
        if found is None:
            return None
        box = (found[0], found[1], found[2] - found[0], found[3] - found[1])
    return box if box[2] > 0 and box[3] > 0 and all(map(math.isfinite, box)) else None


def _length(node: ET.Element, key: str) -> float:
    text = (node.get(key) or "0").strip().removesuffix("px")
    try:
        value = float(text)
    except ValueError:
        raise ArtError(f"the {key} {node.get(key)!r} of {element_name(node)}, filled with a "
                       f"pattern: give it in the drawing's units") from None
    if not math.isfinite(value):
        raise ArtError("a number too large to draw")
    return value


def _tile(chain: list[ET.Element], box: tuple[float, float, float, float] | None
          ) -> tuple[float, float, float, float] | None:
    """The tile's box in the shape's units (before patternTransform); None for a tile
    with no area, which paints nothing."""
    if box is None:
        return None
    own_units = _value(chain, "patternUnits", "objectBoundingBox") == "userSpaceOnUse"
    numbers = []
    for key in ("x", "y", "width", "height"):
        text = _value(chain, key, "0")
        if own_units and text.endswith("%"):
            raise ArtError(f"the {key} {text!r} of the pattern {element_name(chain[0])}, a "
                           f"percentage of the page; give it in the drawing's units")
        numbers.append(fraction(text.removesuffix("px"), f"pattern {key}"))
    x, y, w, h = numbers
    if not own_units:
        bx, by, bw, bh = box
        x, y, w, h = bx + x * bw, by + y * bh, w * bw, h * bh
    return (x, y, w, h) if w > 0 and h > 0 and all(map(math.isfinite, (x, y, w, h))) else None


def _grid(box: tuple[float, float, float, float], tile: tuple[float, float, float, float],
          turn: tuple[float, ...]) -> tuple[range, range]:
    """The columns and rows of tiles that meet the shape's box, counted from the tile
    at (x, y) in the pattern's turned grid."""
    a, b, c, d, e, f = turn
    det = a * d - b * c
    if det == 0:
        return range(0), range(0)  # a grid squashed flat: nothing shows
    bx, by, bw, bh = box
    corners = [(px - e, py - f) for px, py in ((bx, by), (bx + bw, by), (bx, by + bh),
                                                (bx + bw, by + bh))]
    xs = [(d * px - c * py) / det for px, py in corners]
    ys = [(-b * px + a * py) / det for px, py in corners]
    x, y, w, h = tile
    return (range(math.floor((min(xs) - x) / w), math.ceil((max(xs) - x) / w)),
            range(math.floor((min(ys) - y) / h), math.ceil((max(ys) - y) / h)))


def _content_place(chain: list[ET.Element], box: tuple[float, float, float, float],
                   tile: tuple[float, float, float, float]) -> str:
    """How the content sits in its tile, from the tile's corner: fitted by a viewBox, or
    in units of the shape's box, or in the shape's own units."""
    view = next((p for p in chain if p.get("viewBox") is not None), None)
    if view is not None:
        aspect = _value(chain, "preserveAspectRatio", "xMidYMid meet")
        return fitted_to(view.get("viewBox", ""), aspect, view, 0.0, 0.0, *tile[2:])
    if _value(chain, "patternContentUnits", "userSpaceOnUse") == "objectBoundingBox":
        return f"scale({number_text(box[2])} {number_text(box[3])})"  # (from the tile's corner too)
    return ""


def _stripe(content: list[ET.Element], placed: str, paint: dict[str, str], width: float,
            height: float) -> bool:
    """Whether the tile holds one opaque rectangle, unstroked and upright, that reaches
    past the tile only across the whole tile (Inkscape's stripes: a bar of the tile's
    height and half more above and below): what it lays past its tile lies on the next
    tile's bar, in the same colour, so the tiles uncut draw what the tiles cut draw,
    without a seam where they meet."""
    drawn = [c for c in content if draws(c)]
    if placed or len(drawn) != 1 or drawn[0].tag != _NS + "rect" or len(drawn[0]):
        return False
    rect = drawn[0]
    paint = {**paint, **{k: v for k in ("stroke", "fill-opacity") if (v := own_value(rect, k))}}
    if any(own_value(rect, k) not in ("", "1") for k in ("opacity",)) or \
            rect.get("transform") or own_value(rect, "transform") or rect.get("clip-path") \
            or paint["stroke"] not in ("none", "") or float(paint["fill-opacity"]) < 1 \
            or own_value(rect, "fill") in ("none", "transparent"):
        return False
    try:
        x, y, w, h = (float(rect.get(k) or 0) for k in ("x", "y", "width", "height"))
    except ValueError:
        return False
    return all((start >= 0 and start + size <= side) or (start <= 0 and start + size >= side)
               for start, size, side in ((x, w, width), (y, h, height)))
