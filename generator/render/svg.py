"""A scene to SVG text with svgwrite: width and height in mm, a viewBox in mm.

Text is escaped by svgwrite's XML serialiser. Fonts are named per role and, when
`font_dir` is given, loaded with @font-face from the shipped TTFs (a relative URL
from the SVG file to the output's fonts/ folder), falling back to a generic family.
"""

from __future__ import annotations

import base64
from pathlib import Path

from generator.render.fonts import font_name, generic_family
from generator.render.pathdata import fmt, path_d
from generator.render.scene import Ellipse, Gradient, Group, Image, Rect, Scene, Style, Text
from generator.render.scene import Path as PathShape

_MIME = {".png": "image/png", ".svg": "image/svg+xml"}


def scene_svg(scene: Scene, font_dir: str | None = None) -> str:
    """The scene as a standalone SVG document (text, UTF-8 safe).

    Remembered between builds (`generator.render.memo`), like the scenes themselves.
    """
    from generator.render.memo import MEMO, svg_key

    return MEMO.get(svg_key(scene, font_dir), lambda: _scene_svg(scene, font_dir))


def _scene_svg(scene: Scene, font_dir: str | None) -> str:
    import svgwrite

    w, h = fmt(scene.width), fmt(scene.height)
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False,
                           profile="full")
    if scene.title:
        dwg.set_desc(title=scene.title)
    if scene.fonts:
        dwg.defs.add(dwg.style(_font_css(scene.fonts, font_dir)))
    writer = _Writer(dwg)
    for item in scene.items:
        dwg.add(writer.element(item))
    return dwg.tostring()


def _font_css(fonts, font_dir: str | None) -> str:
    rules = []
    for role, path in fonts:
        if font_dir is not None:
            rules.append(f"@font-face{{font-family:'{font_name(role)}';"
                         f"src:url('{font_dir}/{Path(path).name}') format('truetype')}}")
        rules.append(f".f-{role}{{font-family:'{font_name(role)}',{generic_family(role)}}}")
    return "".join(rules)


class _Writer:
    """Makes svgwrite elements; numbers ids of gradients and clips in drawing order."""

    def __init__(self, dwg):
        self.dwg = dwg
        self.ids = 0

    def new_id(self, prefix: str) -> str:
        self.ids += 1
        return f"{prefix}{self.ids}"

    def element(self, item):
        return getattr(self, "_" + type(item).__name__.lower())(item)

    def paint(self, el, style: Style):
        fill = style.fill
        if isinstance(fill, Gradient):
            fill = f"url(#{self.gradient(fill)})"
        el["fill"] = fill or "none"
        if style.stroke:
            el["stroke"] = style.stroke
            el["stroke-width"] = fmt(style.stroke_width)
            if style.round_caps:
                el["stroke-linecap"] = el["stroke-linejoin"] = "round"
        if style.opacity < 1:
            el["opacity"] = fmt(style.opacity)
        if style.evenodd:
            el["fill-rule"] = "evenodd"
        return el

    def gradient(self, g: Gradient) -> str:
        gid = self.new_id("g")
        grad = self.dwg.linearGradient(start=(fmt(g.x1), fmt(g.y1)), end=(fmt(g.x2), fmt(g.y2)),
                                       id=gid)
        for offset, colour, opacity in g.stops:
            grad.add_stop_color(fmt(offset), colour, fmt(opacity) if opacity < 1 else None)
        self.dwg.defs.add(grad)
        return gid

    def _rect(self, r: Rect):
        el = self.dwg.rect(insert=(fmt(r.x), fmt(r.y)), size=(fmt(r.w), fmt(r.h)))
        if r.r:
            el["rx"] = el["ry"] = fmt(r.r)
        return self.paint(el, r.style)

    def _ellipse(self, e: Ellipse):
        if e.rx == e.ry:
            el = self.dwg.circle(center=(fmt(e.cx), fmt(e.cy)), r=fmt(e.rx))
        else:
            el = self.dwg.ellipse(center=(fmt(e.cx), fmt(e.cy)), r=(fmt(e.rx), fmt(e.ry)))
        return self.paint(el, e.style)

    def _path(self, p: PathShape):
        return self.paint(self.dwg.path(d=path_d(p.commands)), p.style)

    def _text(self, t: Text):
        el = self.dwg.text(t.text, insert=(fmt(t.x), fmt(t.y)), fill=t.fill,
                           font_size=fmt(t.size), class_=f"f-{t.font}")
        if t.anchor != "start":
            el["text-anchor"] = t.anchor
        return el

    def _image(self, i: Image):
        data = base64.b64encode(Path(i.path).read_bytes()).decode("ascii")
        href = f"data:{_MIME.get(Path(i.path).suffix.lower(), 'image/png')};base64,{data}"
        return self.dwg.image(href=href, insert=(fmt(i.x), fmt(i.y)), size=(fmt(i.w), fmt(i.h)),
                              preserveAspectRatio="xMidYMid slice")

    def _group(self, g: Group):
        el = self.dwg.g()
        if g.label:
            el["class"] = g.label
        if g.clip is not None:
            cid = self.new_id("c")
            clip = self.dwg.clipPath(id=cid)
            x, y, w, h = (fmt(v) for v in g.clip)
            clip.add(self.dwg.rect(insert=(x, y), size=(w, h)))
            self.dwg.defs.add(clip)
            el["clip-path"] = f"url(#{cid})"
        inner = el
        if g.translate != (0.0, 0.0) or g.scale != 1.0:
            transform = (f"translate({fmt(g.translate[0])} {fmt(g.translate[1])})"
                         f" scale({fmt(g.scale, 5)})")
            if g.clip is None:
                el["transform"] = transform  # no clip to keep apart: one group does
            else:
                inner = self.dwg.g(transform=transform)
                el.add(inner)
        for child in g.children:
            inner.add(self.element(child))
        return el
