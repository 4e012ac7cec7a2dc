"""A scene to an SVG document (`generator.backends.svgxml`): size in mm, a viewBox in mm.

Fonts are named per role, falling back to a generic family. A standalone document (a
piece's SVG file) carries its fonts: for each role, a TrueType subset of just the
glyphs its text uses, in an @font-face data URL, so a single copied file renders as
the PDF does (the same subsets the PDF embeds: no kerning, as the PDF sets none). An
SVG inside another document (the rulebook's HTML) leaves the fonts to its host.
Numbers are rounded the way the PDF backend rounds them, so
both outputs show the same geometry.
"""

from __future__ import annotations

import base64
import functools
from pathlib import Path

from generator.backends.numbers import fmt
from generator.backends.svgxml import Element
from generator.core.digest import digest
from generator.core.memo import Memo
from generator.draw.art import picture_digests
from generator.draw.fonts import font_name, generic_family
from generator.draw.pictures import embedded
from generator.draw.scene import (
    MITER_LIMIT,
    Ellipse,
    Gradient,
    Group,
    Image,
    Rect,
    Scene,
    Style,
    Text,
    blends_here,
    scenes_digest,
    stacks,
)
from generator.draw.scene import Path as PathShape
from generator.load.digests import code_digest, file_digest

SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
EVENTS_NS = "http://www.w3.org/2001/xml-events"


def scene_svg(scene: Scene, memo: Memo, standalone: bool = False) -> str:
    """The scene as an SVG document (text, UTF-8 safe); `standalone`, with its fonts.

    Kept in the build's memo (and so remembered between builds), like the scenes.
    """
    standalone = bool(standalone)
    return memo.get(svg_key(scene, standalone),
                    lambda: _scene_svg(scene, _faces(scene, memo) if standalone else {}))


def svg_key(scene: Scene, standalone: bool) -> str:
    """Everything an SVG document depends on: the scene, its fonts, embedded files."""
    fonts = [file_digest(Path(path)) for _, path in scene.fonts] if standalone else []
    return digest("svg", code_digest(), scenes_digest([scene]), scene.title, repr(standalone),
                  *fonts, *picture_digests(scene))


def _faces(scene: Scene, memo: Memo) -> dict[str, str]:
    """Each font role's @font-face source: a data URL of the subset its text needs."""
    from generator.backends.pdf.subset import subset_program
    from generator.draw.fonts import FontBook

    book, used = FontBook((), memo), _characters(scene.items)
    faces = {}
    for role, path in scene.fonts:
        if not used.get(role):
            continue
        metrics = book.metrics_of(Path(path))
        gids = sorted({metrics.glyph_of[c] for c in used[role] if c in metrics.glyph_of})
        key = digest("web font", code_digest(), file_digest(Path(path)), repr(gids))
        program, _ = memo.get(key, functools.partial(subset_program, Path(path), gids, False,
                                                        metrics.glyph_of))
        faces[role] = "data:font/ttf;base64," + base64.b64encode(program).decode("ascii")
    return faces


def _characters(items, found: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """The characters each font role sets in these items, groups opened."""
    found = {} if found is None else found
    for item in items:
        if isinstance(item, Text):
            found.setdefault(item.font, set()).update(item.text)
        elif isinstance(item, Group):
            _characters(item.children, found)
    return found


def shared_pieces(scenes: list[Scene]) -> dict[int, str]:
    """The pieces drawn more than once over these scenes, each with an id for `<use>`:
    a figure places a tile by a group of the tile scene's own items, so one tuple of
    items drawn twice is one piece drawn twice. Ids follow the order of first use, so
    the same scenes give the same ids."""
    seen: dict[int, int] = {}
    for scene in scenes:
        for item in scene.items:
            if isinstance(item, Group) and item.label:
                seen[id(item.children)] = seen.get(id(item.children), 0) + 1
    repeated = [key for key, n in seen.items() if n > 1]
    return {key: f"piece{i}" for i, key in enumerate(repeated, start=1)}


def pieces_svg(scenes: list[Scene], shared: dict[int, str]) -> str:
    """An SVG of no size that defines each shared piece once (`shared_pieces`), for
    the scenes of one HTML page to `<use>`."""
    document = Element("svg", width="0", height="0", xmlns=SVG_NS)
    document["style"] = "position:absolute"
    defs = document.add(Element("defs"))
    writer, done = _Writer(defs, prefix="shared"), set()
    for scene in scenes:
        for item in scene.items:
            key = id(item.children) if isinstance(item, Group) else None
            if key in shared and key not in done:
                done.add(key)
                piece = defs.add(Element("g", id=shared[key]))
                for child in item.children:
                    piece.add(writer.element(child))
    return document.tostring()


def page_scene_svg(scene: Scene, shared: dict[int, str]) -> str:
    """The scene as an SVG inside a page whose `pieces_svg` defines the shared pieces:
    each of them is a `<use>` of its definition."""
    return _scene_svg(scene, {}, shared)


def _scene_svg(scene: Scene, faces: dict[str, str], shared: dict[int, str] | None = None
               ) -> str:
    w, h = fmt(scene.width), fmt(scene.height)
    document = Element("svg", baseProfile="full", height=f"{h}mm", version="1.1",
                       viewBox=f"0 0 {w} {h}", width=f"{w}mm", xmlns=SVG_NS)
    document["xmlns:ev"], document["xmlns:xlink"] = EVENTS_NS, XLINK_NS
    defs = document.add(Element("defs"))
    if scene.title:
        document.insert(Element("title", text=scene.title))
    if scene.fonts:
        defs.add(Element("style", type="text/css", cdata=_font_css(scene.fonts, faces)))
    writer = _Writer(defs, shared=shared or {})
    for item in scene.items:
        document.add(writer.element(item))
    return document.tostring()


def _font_css(fonts, faces: dict[str, str]) -> str:
    rules = []
    for role, _ in fonts:
        if role in faces:
            rules.append(f"@font-face{{font-family:'{font_name(role)}';"
                         f"src:url('{faces[role]}') format('truetype')}}")
        rules.append(f".f-{role}{{font-family:'{font_name(role)}',{generic_family(role)}}}")
    return "".join(rules)


class _Writer:
    """Makes the elements; numbers ids of gradients and clips in drawing order. A group
    of items in `shared` is a `<use>` of the piece a page defines once."""

    def __init__(self, defs: Element, prefix: str = "", shared: dict[int, str] | None = None):
        self.defs, self.prefix, self.shared = defs, prefix, shared or {}
        self.ids = 0

    def new_id(self, prefix: str) -> str:
        self.ids += 1
        return f"{self.prefix}{prefix}{self.ids}"

    def element(self, item) -> Element:
        return getattr(self, "_" + type(item).__name__.lower())(item)

    def paint(self, element: Element, style: Style) -> Element:
        fill = style.fill
        if isinstance(fill, Gradient):
            fill = f"url(#{self.gradient(fill)})"
        element["fill"] = fill or "none"
        if style.stroke:
            element["stroke"] = style.stroke
            element["stroke-width"] = fmt(style.stroke_width)
            if style.cap != "butt":
                element["stroke-linecap"] = style.cap
            if style.join != "miter":
                element["stroke-linejoin"] = style.join
            elif style.miter != MITER_LIMIT:
                element["stroke-miterlimit"] = fmt(style.miter)
            if style.dashes:
                element["stroke-dasharray"] = " ".join(map(fmt, style.dashes))
                if style.dash_offset:
                    element["stroke-dashoffset"] = fmt(style.dash_offset)
        if style.opacity < 1:
            element["opacity"] = fmt(style.opacity)
        if style.evenodd:
            element["fill-rule"] = "evenodd"
        return element

    def gradient(self, g: Gradient) -> str:
        gid = self.new_id("g")
        gradient = self.defs.add(
            Element("radialGradient", id=gid, cx=fmt(g.x1), cy=fmt(g.y1), r=fmt(g.radius))
            if g.radius else Element("linearGradient", id=gid, x1=fmt(g.x1), y1=fmt(g.y1),
                                     x2=fmt(g.x2), y2=fmt(g.y2)))
        if g.focus:
            gradient["fx"], gradient["fy"] = fmt(g.focus[0]), fmt(g.focus[1])
        if g.user:
            gradient["gradientUnits"] = "userSpaceOnUse"
        if g.matrix:
            gradient["gradientTransform"] = f"matrix({' '.join(map(fmt, g.matrix))})"
        if g.spread != "pad":
            gradient["spreadMethod"] = g.spread
        for offset, colour, opacity in g.stops:
            gradient.add(Element("stop", offset=fmt(offset), stop_color=colour,
                                 stop_opacity=fmt(opacity) if opacity < 1 else ""))
        return gid

    def clip(self, outline: Element) -> str:
        """A clipping path of the outline, in the defs: its url."""
        cid = self.new_id("c")
        self.defs.add(Element("clipPath", id=cid)).add(outline)
        return f"url(#{cid})"

    def _rect(self, r: Rect) -> Element:
        element = _box("rect", r.x, r.y, r.w, r.h)
        if r.r:
            element["rx"] = element["ry"] = fmt(r.r)
        return self.paint(element, r.style)

    def _ellipse(self, e: Ellipse) -> Element:
        centre = {"cx": fmt(e.cx), "cy": fmt(e.cy)}
        if e.rx == e.ry:
            return self.paint(Element("circle", **centre, r=fmt(e.rx)), e.style)
        return self.paint(Element("ellipse", **centre, rx=fmt(e.rx), ry=fmt(e.ry)), e.style)

    def _path(self, p: PathShape) -> Element:
        return self.paint(Element("path", d=path_d(p.commands)), p.style)

    def _text(self, t: Text) -> Element:
        element = Element("text", text=t.text, x=fmt(t.x), y=fmt(t.y), fill=t.fill)
        element["font-size"] = fmt(t.size)
        element["class"] = f"f-{t.font}"
        if t.anchor != "start":
            element["text-anchor"] = t.anchor
        return element

    def _image(self, i: Image) -> Element:
        mime, data = embedded(Path(i.path))
        element = _box("image", i.x, i.y, i.w, i.h)
        element["xlink:href"] = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        element["preserveAspectRatio"] = i.fit
        return element

    def _group(self, g: Group) -> Element:
        group = Element("g")
        if g.label:
            group["class"] = g.label
        if g.opacity < 1:
            group["opacity"] = fmt(g.opacity)
        if g.blend != "normal" or (stacks(g) and blends_here(g.children)):
            # Set apart, as the PDF's transparency group is: its blends mix with it alone
            # (a browser sets a clipped group apart already; Inkscape reads it so).
            group["style"] = ";".join(
                [*([f"mix-blend-mode:{g.blend}"] if g.blend != "normal" else []),
                 "isolation:isolate"])
        inner = group
        if g.clip_path:
            outline = Element("path", d=path_d(g.clip_path))
            if g.clip_evenodd:
                outline["clip-rule"] = "evenodd"
            inner["clip-path"] = self.clip(outline)
        if g.clip is not None:
            if g.clip_path:
                inner = inner.add(Element("g"))  # the two clips meet: one inside the other
            inner["clip-path"] = self.clip(_box("rect", *g.clip))
        if g.mask:
            mid = self.new_id("m")
            mask = self.defs.add(Element("mask", id=mid))
            for item in g.mask:
                mask.add(self.element(item))
            inner["mask"] = f"url(#{mid})"
        if g.translate != (0.0, 0.0) or g.scale != 1.0:
            transform = (f"translate({fmt(g.translate[0])} {fmt(g.translate[1])})"
                         f" scale({fmt(g.scale, 5)})")
            if g.clip is None and not g.clip_path and not g.mask:
                inner["transform"] = transform  # no clip to keep apart: one group does
            else:
                inner = inner.add(Element("g", transform=transform))
        if id(g.children) in self.shared:
            inner.add(Element("use", href=f"#{self.shared[id(g.children)]}"))
            return group
        for child in g.children:
            inner.add(self.element(child))
        return group


def _box(tag: str, x: float, y: float, w: float, h: float) -> Element:
    return Element(tag, x=fmt(x), y=fmt(y), width=fmt(w), height=fmt(h))


@functools.lru_cache(maxsize=4096)  # a symbol's outline recurs on every badge
def path_d(commands: tuple[tuple, ...], places: int = 3) -> str:
    """Path commands as compact SVG path data (rounded, so output is stable)."""
    return "".join(command[0] + " ".join(fmt(v, places) for v in command[1:])
                   for command in commands)
