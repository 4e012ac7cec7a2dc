"""A scene to SVG text: width and height in mm, a viewBox in mm.

Written directly as text (attributes sorted, XML-escaped), in the form svgwrite
writes it: importing svgwrite costs more than drawing one tile, and an edit
usually needs one new SVG. Fonts are named per role and, when `font_dir` is given,
loaded with @font-face from the shipped TTFs (a relative URL from the SVG file to
the output's fonts/ folder), falling back to a generic family.
"""

from __future__ import annotations

import base64
import functools
from pathlib import Path

from generator.backends.numbers import fmt
from generator.core.digest import digest
from generator.core.memo import Memo
from generator.draw.art import picture_digests
from generator.draw.fonts import font_name, generic_family
from generator.draw.scene import (
    Ellipse,
    Gradient,
    Group,
    Image,
    Rect,
    Scene,
    Style,
    Text,
    scenes_digest,
)
from generator.draw.scene import Path as PathShape
from generator.load.digests import code_digest

_MIME = {".png": "image/png", ".svg": "image/svg+xml"}
_NAMESPACES = {"xmlns": "http://www.w3.org/2000/svg",
               "xmlns:ev": "http://www.w3.org/2001/xml-events",
               "xmlns:xlink": "http://www.w3.org/1999/xlink"}


def scene_svg(scene: Scene, memo: Memo, font_dir: str | None = None) -> str:
    """The scene as a standalone SVG document (text, UTF-8 safe).

    Kept in the build's memo (and so remembered between builds), like the scenes.
    """
    return memo.get(svg_key(scene, font_dir), lambda: _scene_svg(scene, font_dir))


def _scene_svg(scene: Scene, font_dir: str | None) -> str:
    w, h = fmt(scene.width), fmt(scene.height)
    writer = _Writer()
    if scene.fonts:
        css = _font_css(scene.fonts, font_dir)
        writer.defs.append(f'<style type="text/css"><![CDATA[{css}]]></style>')
    body = "".join(writer.element(item) for item in scene.items)
    title = f"<title>{_escape(scene.title)}</title>" if scene.title else ""
    root = {"baseProfile": "full", "height": f"{h}mm", "version": "1.1",
            "viewBox": f"0 0 {w} {h}", "width": f"{w}mm", **_NAMESPACES}
    return _open("svg", root) + title + _element("defs", {}, "".join(writer.defs)) + body + \
        "</svg>"


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attribute(value: str) -> str:
    return (_escape(value).replace('"', "&quot;").replace("\r", "&#13;")
            .replace("\n", "&#10;").replace("\t", "&#09;"))


def _open(tag: str, attrs: dict[str, str]) -> str:
    pairs = "".join(f' {k}="{_attribute(str(v))}"' for k, v in sorted(attrs.items()))
    return f"<{tag}{pairs}>"


def _element(tag: str, attrs: dict[str, str], inner: str = "") -> str:
    """One element; empty ones close themselves, as svgwrite writes them."""
    opened = _open(tag, attrs)
    return f"{opened[:-1]} />" if not inner else f"{opened}{inner}</{tag}>"


def _font_css(fonts, font_dir: str | None) -> str:
    rules = []
    for role, path in fonts:
        if font_dir is not None:
            rules.append(f"@font-face{{font-family:'{font_name(role)}';"
                         f"src:url('{font_dir}/{Path(path).name}') format('truetype')}}")
        rules.append(f".f-{role}{{font-family:'{font_name(role)}',{generic_family(role)}}}")
    return "".join(rules)


class _Writer:
    """Writes elements; numbers ids of gradients and clips in drawing order."""

    def __init__(self):
        self.defs: list[str] = []
        self.ids = 0

    def new_id(self, prefix: str) -> str:
        self.ids += 1
        return f"{prefix}{self.ids}"

    def element(self, item) -> str:
        return getattr(self, "_" + type(item).__name__.lower())(item)

    def paint(self, tag: str, attrs: dict[str, str], style: Style) -> str:
        fill = style.fill
        if isinstance(fill, Gradient):
            fill = f"url(#{self.gradient(fill)})"
        attrs["fill"] = fill or "none"
        if style.stroke:
            attrs["stroke"] = style.stroke
            attrs["stroke-width"] = fmt(style.stroke_width)
            if style.round_caps:
                attrs["stroke-linecap"] = attrs["stroke-linejoin"] = "round"
        if style.opacity < 1:
            attrs["opacity"] = fmt(style.opacity)
        if style.evenodd:
            attrs["fill-rule"] = "evenodd"
        return _element(tag, attrs)

    def gradient(self, g: Gradient) -> str:
        gid = self.new_id("g")
        stops = []
        for offset, colour, opacity in g.stops:
            stop = {"offset": fmt(offset), "stop-color": colour}
            if opacity < 1:
                stop["stop-opacity"] = fmt(opacity)
            stops.append(_element("stop", stop))
        self.defs.append(_element("linearGradient", {
            "id": gid, "x1": fmt(g.x1), "y1": fmt(g.y1), "x2": fmt(g.x2), "y2": fmt(g.y2)},
            "".join(stops)))
        return gid

    def _rect(self, r: Rect) -> str:
        attrs = {"x": fmt(r.x), "y": fmt(r.y), "width": fmt(r.w), "height": fmt(r.h)}
        if r.r:
            attrs["rx"] = attrs["ry"] = fmt(r.r)
        return self.paint("rect", attrs, r.style)

    def _ellipse(self, e: Ellipse) -> str:
        if e.rx == e.ry:
            return self.paint("circle", {"cx": fmt(e.cx), "cy": fmt(e.cy), "r": fmt(e.rx)},
                              e.style)
        return self.paint("ellipse", {"cx": fmt(e.cx), "cy": fmt(e.cy), "rx": fmt(e.rx),
                                      "ry": fmt(e.ry)}, e.style)

    def _path(self, p: PathShape) -> str:
        return self.paint("path", {"d": path_d(p.commands)}, p.style)

    def _text(self, t: Text) -> str:
        attrs = {"x": fmt(t.x), "y": fmt(t.y), "fill": t.fill, "font-size": fmt(t.size),
                 "class": f"f-{t.font}"}
        if t.anchor != "start":
            attrs["text-anchor"] = t.anchor
        return f"{_open('text', attrs)}{_escape(t.text)}</text>"

    def _image(self, i: Image) -> str:
        data = base64.b64encode(Path(i.path).read_bytes()).decode("ascii")
        href = f"data:{_MIME.get(Path(i.path).suffix.lower(), 'image/png')};base64,{data}"
        return _element("image", {"xlink:href": href, "x": fmt(i.x), "y": fmt(i.y),
                                  "width": fmt(i.w), "height": fmt(i.h),
                                  "preserveAspectRatio": "xMidYMid slice"})

    def _group(self, g: Group) -> str:
        attrs: dict[str, str] = {}
        if g.label:
            attrs["class"] = g.label
        if g.clip is not None:
            cid = self.new_id("c")
            x, y, w, h = (fmt(v) for v in g.clip)
            self.defs.append(_element("clipPath", {"id": cid}, _element(
                "rect", {"x": x, "y": y, "width": w, "height": h})))
            attrs["clip-path"] = f"url(#{cid})"
        transform = None
        if g.translate != (0.0, 0.0) or g.scale != 1.0:
            transform = (f"translate({fmt(g.translate[0])} {fmt(g.translate[1])})"
                         f" scale({fmt(g.scale, 5)})")
            if g.clip is None:
                attrs["transform"] = transform  # no clip to keep apart: one group does
        inner = "".join(self.element(child) for child in g.children)
        if transform is not None and g.clip is not None:
            inner = _element("g", {"transform": transform}, inner)
        return _element("g", attrs, inner)


def svg_key(scene: Scene, font_dir: str | None) -> str:
    """Everything an SVG document depends on: the scene, the font folder, embedded files."""
    return digest("svg", code_digest(), scenes_digest([scene]), scene.title, repr(font_dir),
                  *picture_digests(scene))


@functools.lru_cache(maxsize=4096)  # a symbol's outline recurs on every badge
def path_d(commands: tuple[tuple, ...], places: int = 3) -> str:
    """Path commands as compact SVG path data (rounded, so output is stable)."""
    return "".join(command[0] + " ".join(fmt(v, places) for v in command[1:])
                   for command in commands)
