"""SVG art that svgelements would draw otherwise than a browser, rewritten as plain
groups before it reads the file.

Symbols and nested <svg>: a symbol placed from Inkscape's Symbols dialog (a <use> of a
<symbol>) and an <svg> inside the file each draw their content in a box of their own:
their viewBox fitted to the box (x, y, width, height) as preserveAspectRatio says, and
cut to the box unless their overflow is visible. svgelements fits neither a symbol's
viewBox nor cuts either to its box, so each becomes groups it draws as SVG does: the
<use>'s own attributes (its transform, paint, opacity) on an outer group, the box's cut
as a clipping path inside it, and the viewBox's fit as the transform of a group holding
a copy of the content.

A <switch> (Illustrator's "Save As" SVG wraps its art in one, beside a copy only
Illustrator reads) shows the first of its elements whose conditions hold: it becomes a
group of that one. A file without any of these is left as it was.
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET

from generator.draw.svgpaint import ArtError, style_value

_NS = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_BOX = ("x", "y", "width", "height")
_ALIGNS = {"none", *(f"x{x}Y{y}" for x in ("Min", "Mid", "Max") for y in ("Min", "Mid", "Max"))}
NOT_DRAWN = frozenset({"title", "desc", "metadata"})  # elements that draw nothing
# The extensions a browser reads (an HTML or MathML page inside the SVG).
_BROWSER_EXTENSIONS = {"http://www.w3.org/1999/xhtml", "http://www.w3.org/1998/Math/MathML"}
_LENGTH = re.compile(r"\s*([-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?)\s*([a-z%]*)\s*")


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    """The file's elements that have an id, by it."""
    return {key: e for e in root.iter() if (key := e.get("id"))}


def needs_rewrite(root: ET.Element, named: dict[str, ET.Element]) -> bool:
    """Whether the file holds an <svg> inside it, a <use> of a <symbol> or a <switch>."""
    return any((node is not root and node.tag == _NS + "svg") or node.tag == _NS + "switch"
               or (node.tag == _NS + "use" and _symbol(node, named) is not None)
               for node in root.iter())


def as_groups(root: ET.Element, box: tuple[float, float, float, float] | None
              ) -> ET.Element:
    """A copy of the file with every nested <svg>, every <use> of a <symbol> and every
    <switch> made groups (`box`: the file's viewBox, None when its width and height
    stand in)."""
    root = copy.deepcopy(root)
    named = by_id(root)
    page = box[2:] if box else (_absolute(root, "width"), _absolute(root, "height"))
    _rewrite(root, named, page, [0])
    return root


_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54,
          "in": 96.0}  # CSS pixels each, as a file without a viewBox counts its units


def _absolute(root: ET.Element, key: str) -> float:
    found = _LENGTH.fullmatch(root.get(key) or "")
    if found is None or found.group(2) not in _UNITS:
        raise ArtError(f"the file's {key} {root.get(key)!r}, in units other than the drawing's")
    return float(found.group(1)) * _UNITS[found.group(2)]


def _rewrite(node: ET.Element, named: dict[str, ET.Element], page: tuple[float, float],
             counter: list[int]) -> None:
    """Rewrite the viewports under `node`, whose box is `page` (what 100 % is)."""
    for index, child in enumerate(list(node)):
        if child.tag == _NS + "svg":
            node[index], inner, box = _viewport(child, child, list(child), page, counter)
            _rewrite(inner, named, box, counter)
        elif child.tag == _NS + "use" and (symbol := _symbol(child, named)) is not None:
            node[index], inner, box = _viewport(child, symbol, copies(list(symbol)), page,
                                                counter)
            _rewrite(inner, named, box, counter)
        else:
            if child.tag == _NS + "switch":
                node[index] = child = _switched(child)
            _rewrite(child, named, page, counter)


def _switched(switch: ET.Element) -> ET.Element:
    """A <switch> as the group of the one element it shows: the first whose conditions
    hold. An extension (requiredExtensions) is one tkg reads none of, as a browser
    reads none of Illustrator's; a language (systemLanguage) would be the reader's."""
    group = ET.Element(_NS + "g", dict(switch.attrib))
    for child in switch:
        if not isinstance(child.tag, str) or not child.tag.startswith(_NS):
            continue  # another vocabulary's: no SVG reader weighs it
        if child.tag.removeprefix(_NS) in NOT_DRAWN:  # Chromium shows it: nothing
            raise ArtError(f"a <switch> whose first choice is its <{child.tag[len(_NS):]}>, "
                           f"which draws nothing in a browser; move it out of the <switch>")
        if child.get("systemLanguage") is not None:
            raise ArtError(f"a <switch> that shows its elements by the reader's language "
                           f"(systemLanguage={child.get('systemLanguage')!r}); keep the one "
                           f"to print and remove the <switch>")
        extensions = child.get("requiredExtensions")
        if extensions is None:
            group.append(child)
            break
        if extensions.split() and set(extensions.split()) <= _BROWSER_EXTENSIONS:
            raise ArtError(f"a <switch> whose first choice is a browser's web page "
                           f"(requiredExtensions={extensions!r}); remove it")
    return group


def _symbol(use: ET.Element, named: dict[str, ET.Element]) -> ET.Element | None:
    href = (use.get("href") or use.get(_XLINK) or "").strip()
    target = named.get(href[1:]) if href.startswith("#") else None
    return target if target is not None and target.tag == _NS + "symbol" else None


def _viewport(placing: ET.Element, viewport: ET.Element, content: list[ET.Element],
              page: tuple[float, float], counter: list[int]
              ) -> tuple[ET.Element, ET.Element, tuple[float, float]]:
    """The groups that draw `content` as `viewport` (an <svg>, or a <symbol> placed by
    the <use> `placing`) draws it: the outer one, the one holding the content, and
    the size of the viewport's own units (what 100 % is inside it)."""
    x, y = (_length(placing, key, 0.0, page) for key in ("x", "y"))
    width, height = (_side(placing, viewport, key, page) for key in ("width", "height"))
    outer = ET.Element(_NS + "g", {k: v for k, v in placing.attrib.items()
                                   if k not in (*_BOX, "href", _XLINK, "viewBox",
                                                "preserveAspectRatio", "overflow")})
    if placing.tag == _NS + "use":
        # A <use>'s x and y move it after its transform, and what it names in its own
        # units (a clipping path, a mask) moves with them.
        outer.set("transform", f"{placing.get('transform', '')} translate({number_text(x)} "
                               f"{number_text(y)})".strip())
        x = y = 0.0
    inner = ET.Element(_NS + "g", {"transform": _fit(viewport, x, y, width, height)})
    if viewport is not placing:  # a symbol's own paint and style reach its content
        inner.attrib.update({k: v for k, v in viewport.attrib.items()
                             if k not in ("id", "viewBox", "preserveAspectRatio", "overflow")})
    inner.extend(content)
    if _cut(viewport):
        counter[0] += 1
        key = f"tkg-viewport-{counter[0]}"
        clip = ET.SubElement(outer, _NS + "clipPath", {"id": key})
        ET.SubElement(clip, _NS + "rect", {"x": number_text(x), "y": number_text(y),
                                           "width": number_text(width),
                                           "height": number_text(height)})
        holder = ET.SubElement(outer, _NS + "g", {"clip-path": f"url(#{key})"})
        holder.append(inner)
    else:
        outer.append(inner)
    return outer, inner, _units(viewport) or (width, height)


def _side(placing: ET.Element, viewport: ET.Element, key: str,
          page: tuple[float, float]) -> float:
    """The box's width or height: the <use>'s, else the viewport's own, else 100 %."""
    for node in (placing, viewport):
        found = _length(node, key, None, page)
        if found is not None:
            return found
    return page[0 if key == "width" else 1]


def _units(viewport: ET.Element) -> tuple[float, float] | None:
    """The size of the viewport's viewBox (None: it has none)."""
    text = viewport.get("viewBox")
    if text is None:
        return None
    return _viewbox(viewport, text)[2:]


def _fit(viewport: ET.Element, x: float, y: float, width: float, height: float) -> str:
    """The transform that fits the viewport's viewBox to the box (x, y, width, height)
    as its preserveAspectRatio says (a move to the box alone without a viewBox)."""
    text = viewport.get("viewBox")
    if text is None:
        return f"translate({number_text(x)} {number_text(y)})"
    return fitted_to(text, viewport.get("preserveAspectRatio") or "xMidYMid meet", viewport,
                     x, y, width, height)


def fitted_to(view_box: str, aspect: str, owner: ET.Element, x: float, y: float,
              width: float, height: float) -> str:
    """The transform that fits a viewBox to the box (x, y, width, height) as the
    preserveAspectRatio `aspect` says (`owner`: the element that gives them, named in
    an error)."""
    tx, ty, sx, sy = fit_numbers(view_box, aspect, owner, x, y, width, height)
    return (f"translate({number_text(tx)} {number_text(ty)}) "
            f"scale({number_text(sx)} {number_text(sy)})")


def fit_numbers(view_box: str, aspect: str, owner: ET.Element, x: float, y: float,
                width: float, height: float) -> tuple[float, float, float, float]:
    """`fitted_to`'s transform as numbers: the move, then the scale across and down."""
    vx, vy, vw, vh = _viewbox(owner, view_box)
    align, _, rule = aspect.strip().partition(" ")
    if align not in _ALIGNS or rule.strip() not in ("", "meet", "slice"):
        raise ArtError(f"the preserveAspectRatio {aspect!r} of {element_name(owner)}")
    sx, sy = width / vw, height / vh
    if align != "none":
        sx = sy = max(sx, sy) if rule.strip() == "slice" else min(sx, sy)
        x += (width - vw * sx) * {"Min": 0.0, "Mid": 0.5, "Max": 1.0}[align[1:4]]
        y += (height - vh * sy) * {"Min": 0.0, "Mid": 0.5, "Max": 1.0}[align[5:8]]
    return x - vx * sx, y - vy * sy, sx, sy


def _viewbox(viewport: ET.Element, text: str) -> tuple[float, float, float, float]:
    try:
        vx, vy, vw, vh = (float(v) for v in re.split(r"[\s,]+", text.strip()))
    except ValueError:
        raise ArtError(f"the viewBox {text!r} of {element_name(viewport)} is not four numbers") \
            from None
    if not (vw > 0 and vh > 0 and all(map(math.isfinite, (vx, vy, vw, vh)))):
        raise ArtError(f"the viewBox {text!r} of {element_name(viewport)} has no area")
    return vx, vy, vw, vh


def _cut(viewport: ET.Element) -> bool:
    """Whether the viewport cuts its content to its box (SVG's default, overflow
    hidden); a style's overflow wins over the attribute's."""
    style = viewport.get("style") or ""
    found = re.search(r"(?:^|;)\s*overflow\s*:\s*([\w-]+)", style)
    value = found.group(1) if found else (viewport.get("overflow") or "hidden").strip()
    return value not in ("visible", "auto")


def _length(node: ET.Element, key: str, default, page: tuple[float, float]):
    """A length of the box in the drawing's units: a number, px, or a percentage of the
    file's own width (x, width) or height (y, height)."""
    text = (node.get(key) or "").strip()
    if not text or text == "auto":
        return default
    found = _LENGTH.fullmatch(text)
    if found is not None and found.group(2) in ("", "px"):
        return float(found.group(1))
    if found is not None and found.group(2) == "%":
        return float(found.group(1)) / 100 * page[0 if key in ("x", "width") else 1]
    raise ArtError(f"the {key} {text!r} of {element_name(node)}, in units other than the "
                   f"drawing's")


def element_name(node: ET.Element) -> str:
    """An element as an author finds it in the file: its tag and id."""
    key = node.get("id")
    return f"<{node.tag.removeprefix(_NS)}{f' id={key!r}' if key else ''}>"


# What the rewrites share: properties as an element sets and inherits them, and copies.

# The paint content drawn elsewhere than it is defined inherits (a pattern's tile, a
# marker), and each property's value where nothing sets it: set on the copies' group,
# so that the groups around the place they are drawn give them none of theirs.
INHERITED_PAINT = {"fill": "black", "fill-opacity": "1", "fill-rule": "nonzero",
                   "stroke": "none", "stroke-width": "1", "stroke-opacity": "1",
                   "stroke-linecap": "butt", "stroke-linejoin": "miter",
                   "stroke-miterlimit": "4", "stroke-dasharray": "none",
                   "stroke-dashoffset": "0", "color": "black"}


# What an element lays on all it paints together: kept on a group around what it
# becomes when rewritten (its fill's tiles, its stroke, its markers).
TOGETHER = ("transform", "opacity", "clip-path", "mask", "filter", "mix-blend-mode",
            "isolation", "display", "visibility")


def without(node: ET.Element, keys: tuple[str, ...], **values: str) -> ET.Element:
    """A copy of the element, not of its children, without the properties `keys` (in
    its attributes or its style), and with `values` set."""
    kept = ET.Element(node.tag, {k: v for k, v in node.attrib.items()
                                 if k not in (*keys, "style")})
    style = [d for d in (node.get("style") or "").split(";")
             if d.strip() and d.partition(":")[0].strip() not in keys]
    if style:
        kept.set("style", ";".join(style))
    kept.attrib.update(values)
    return kept


def own_value(node: ET.Element, key: str) -> str:
    """A property the element sets itself: its style attribute's, else its attribute
    ("" where it sets none)."""
    return style_value(node.get("style") or "", key) or node.get(key) or ""


def inherited_value(node: ET.Element, parents: dict, key: str) -> str:
    """An inherited property's value at the element: its own, else its nearest
    ancestor's ("" where none sets it; `parents`: each element's parent)."""
    while True:
        value = own_value(node, key).strip()
        if (value and value != "inherit") or node not in parents:
            return "" if value == "inherit" else value
        node = parents[node]


def paint_at(node: ET.Element, parents: dict) -> dict[str, str]:
    """The inherited paint at an element's place in the file (`INHERITED_PAINT`): its
    own, else its ancestors', else SVG's initial values."""
    line = [node]
    while line[-1] in parents:
        line.append(parents[line[-1]])
    found = dict(INHERITED_PAINT)
    for step in reversed(line):
        found.update({k: v for k in INHERITED_PAINT
                      if (v := own_value(step, k)) and v != "inherit"})
    return found


def draws(node: ET.Element) -> bool:
    """Whether the element is one that can draw (an SVG element, not a title)."""
    return isinstance(node.tag, str) and node.tag.removeprefix(_NS) not in NOT_DRAWN


def parents_of(root: ET.Element) -> dict[ET.Element, ET.Element]:
    """Each element's parent."""
    return {child: parent for parent in root.iter() for child in parent}


def enclosing(node: ET.Element, parents: dict, names: set[str]) -> ET.Element | None:
    """The nearest ancestor of the element whose tag is one of `names`, if any."""
    while node in parents:
        node = parents[node]
        if node.tag.removeprefix(_NS) in names:
            return node
    return None


def copies(content: list[ET.Element]) -> list[ET.Element]:
    """Copies of the elements that draw, without ids (which would name two elements)."""
    found = [copy.deepcopy(c) for c in content if draws(c)]
    for element in found:
        for inner in element.iter():
            inner.attrib.pop("id", None)
    return found


def matrix_text(m: tuple[float, ...]) -> str:
    """A matrix (a b c d e f) as an SVG transform ("" for none)."""
    return "" if m == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) else \
        f"matrix({' '.join(number_text(v) for v in m)})"


def number_text(value: float) -> str:
    """A number as the rewrites write it: to nine places (a numpy number, which
    svgelements' measures give, as a plain one: its repr names numpy)."""
    return repr(round(float(value), 9))
