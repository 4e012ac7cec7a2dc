"""Record a scene as PDF content-stream operators, once, for replay on any canvas.

Why not reportlab's path API: it formats every number in pure Python, which made the
geometry the slowest part of the build. Geometry and colours are written here as
operator text, once per scene; only what needs the document's resources (opacity
states, gradients, fonts, images) stays a call on the canvas at replay time.
"""

from __future__ import annotations

from functools import partial

from generator.render.scene import Ellipse, Gradient, Group, Image, Path, Rect, Style, Text

K = 0.5522847498  # Bezier handle length for a quarter circle


def num(v: float) -> str:
    """A compact, stable number for the content stream."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def rgb(hex_colour: str) -> str:
    """The three components of #rrggbb as PDF numbers."""
    return " ".join(num(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


def _save(canvas) -> None:
    canvas.saveState()


def _restore(canvas) -> None:
    canvas.restoreState()


def _alpha(value: float, stroke: bool, canvas) -> None:
    canvas.setFillAlpha(value)
    if stroke:
        canvas.setStrokeAlpha(value)


def record(items) -> list:
    """Operators for the items: strings (raw content) and callables taking a canvas."""
    out: list = []
    _Recorder(out).items(items)
    merged: list = []
    for op in out:  # join neighbouring text so replay appends few strings
        if isinstance(op, str) and merged and isinstance(merged[-1], str):
            merged[-1] += "\n" + op
        else:
            merged.append(op)
    return merged


class _Recorder:
    def __init__(self, out: list):
        self.out = out

    def items(self, items) -> None:
        for item in items:
            getattr(self, "_" + type(item).__name__.lower())(item)

    def _shape(self, style: Style, outline: str, bbox) -> None:
        out = self.out
        # Opacity lives in the canvas's tracked graphics state, so only then does the
        # shape go through saveState/restoreState; otherwise plain q/Q is enough.
        tracked = style.opacity < 1
        out.append(_save if tracked else "q")
        if tracked:
            out.append(partial(_alpha, style.opacity, bool(style.stroke)))
        if isinstance(style.fill, Gradient):
            out += ["q", f"{outline}\n{'W*' if style.evenodd else 'W'} n",
                    partial(_gradient, style.fill, bbox), "Q"]
        fill = isinstance(style.fill, str)
        if fill:
            out.append(f"{rgb(style.fill)} rg")
        if style.stroke:
            cap = 1 if style.round_caps else 0
            out.append(f"{rgb(style.stroke)} RG {num(style.stroke_width)} w {cap} J {cap} j")
        star = "*" if style.evenodd else ""
        paint = ("B" + star) if fill and style.stroke else ("f" + star) if fill else \
            "S" if style.stroke else "n"
        out += [f"{outline}\n{paint}", _restore if tracked else "Q"]

    def _rect(self, r: Rect) -> None:
        if not r.r:
            outline = f"{num(r.x)} {num(r.y)} {num(r.w)} {num(r.h)} re"
        else:
            outline = _round_rect(r.x, r.y, r.w, r.h, min(r.r, r.w / 2, r.h / 2))
        self._shape(r.style, outline, (r.x, r.y, r.w, r.h))

    def _ellipse(self, e: Ellipse) -> None:
        self._shape(e.style, _ellipse(e.cx, e.cy, e.rx, e.ry),
                    (e.cx - e.rx, e.cy - e.ry, 2 * e.rx, 2 * e.ry))

    def _path(self, p: Path) -> None:
        parts = []
        for command in p.commands:
            op = command[0]
            if op == "Z":
                parts.append("h")
            else:
                args = " ".join(num(v) for v in command[1:])
                parts.append(f"{args} {'m' if op == 'M' else 'l' if op == 'L' else 'c'}")
        self._shape(p.style, "\n".join(parts), _bbox(p.commands))

    def _text(self, t: Text) -> None:
        self.out.append(partial(_draw_text, t))

    def _image(self, i: Image) -> None:
        self.out.append(partial(_draw_image, i))

    def _group(self, g: Group) -> None:
        self.out.append("q")
        if g.clip is not None:
            x, y, w, h = g.clip
            self.out.append(f"{num(x)} {num(y)} {num(w)} {num(h)} re W n")
        if g.translate != (0.0, 0.0) or g.scale != 1.0:
            s = num(g.scale) if g.scale >= 0.01 else f"{g.scale:.6f}"
            self.out.append(f"{s} 0 0 {s} {num(g.translate[0])} {num(g.translate[1])} cm")
        self.items(g.children)
        self.out.append("Q")


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    kx, ky = rx * K, ry * K
    pts = [(cx + rx, cy),
           (cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
           (cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
           (cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
           (cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)]
    lines = [f"{num(pts[0][0])} {num(pts[0][1])} m"]
    lines += [" ".join(num(v) for v in seg) + " c" for seg in pts[1:]]
    return "\n".join([*lines, "h"])


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    k = r * (1 - K)
    x1, y1 = x + w, y + h
    segs = [f"{num(x + r)} {num(y)} m", f"{num(x1 - r)} {num(y)} l",
            f"{num(x1 - k)} {num(y)} {num(x1)} {num(y + k)} {num(x1)} {num(y + r)} c",
            f"{num(x1)} {num(y1 - r)} l",
            f"{num(x1)} {num(y1 - k)} {num(x1 - k)} {num(y1)} {num(x1 - r)} {num(y1)} c",
            f"{num(x + r)} {num(y1)} l",
            f"{num(x + k)} {num(y1)} {num(x)} {num(y1 - k)} {num(x)} {num(y1 - r)} c",
            f"{num(x)} {num(y + r)} l",
            f"{num(x)} {num(y + k)} {num(x + k)} {num(y)} {num(x + r)} {num(y)} c", "h"]
    return "\n".join(segs)


def _bbox(commands) -> tuple[float, float, float, float]:
    xs = [v for cmd in commands for v in cmd[1::2]]
    ys = [v for cmd in commands for v in cmd[2::2]]
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _gradient(g: Gradient, bbox, canvas) -> None:
    from generator.render.pdf import colour

    x, y, w, h = bbox
    canvas.linearGradient(x + g.x1 * w, y + g.y1 * h, x + g.x2 * w, y + g.y2 * h,
                          [colour(s[1]) for s in g.stops], [s[0] for s in g.stops],
                          extend=True)


def _draw_text(t: Text, canvas) -> None:
    from generator.render.pdf import colour

    canvas.saveState()
    canvas.transform(1, 0, 0, -1, t.x, t.y)  # text stays upright inside the y-down drawing
    canvas.setFont(f"TKG-{t.font}", t.size)
    canvas.setFillColor(colour(t.fill))
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString,
            "end": canvas.drawRightString}
    draw[t.anchor](0, 0, t.text)
    canvas.restoreState()


def _draw_image(i: Image, canvas) -> None:
    from generator.render.pdf import foreign_svg
    from generator.render.pictures import png_size

    canvas.saveState()
    canvas.transform(1, 0, 0, -1, i.x, i.y + i.h)
    if i.path.suffix.lower() == ".svg":
        foreign_svg(canvas, i)
    else:
        # Cover the box, centred and cropped, like the SVG's "xMidYMid slice": the same
        # picture in both outputs, and no bands of background beside a wide image.
        iw, ih = png_size(i.path)
        scale = max(i.w / iw, i.h / ih)
        w, h = iw * scale, ih * scale
        box = canvas.beginPath()
        box.rect(0, 0, i.w, i.h)
        canvas.clipPath(box, stroke=0, fill=0)
        canvas.drawImage(str(i.path), (i.w - w) / 2, (i.h - h) / 2, w, h)
    canvas.restoreState()
