"""A scene as PDF content-stream text, with the list of resources that text names.

Everything is written here, not through reportlab's canvas, so a drawing's bytes
depend on nothing but the drawing: text is set as the font's own glyph numbers
(`generator.load.fonts`), opacity and gradients are named after their values.
That is what lets a compiled drawing be kept between builds and shared by every
document that places it (`generator.backends.pdf.forms`).

The content is in millimetres with y pointing down, like the scene; the form that
holds it maps that onto points.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path as FilePath

from generator.backends.numbers import fmt as num
from generator.backends.pdf.dashstart import as_dashes
from generator.draw.blend import PDF_NAMES
from generator.draw.geometry import Bounds, bounds, cubic_at
from generator.draw.gradients import apply, focus, invert, placement, reaches_over
from generator.draw.scene import (
    Ellipse,
    Gradient,
    Group,
    Image,
    Path,
    Rect,
    Scene,
    Style,
    Text,
    blends_here,
    has_blend,
    stacks,
)
from generator.layout.look import CAPS, JOINS
from generator.layout.units import PT

K = 0.5522847498  # Bezier handle length for a quarter circle


def rgb(hex_colour: str) -> str:
    """The three components of #rrggbb as PDF numbers."""
    return " ".join(num(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


@dataclass(frozen=True)
class Recorded:
    """A drawing's content stream and the resources it names."""

    code: str
    glyphs: tuple[tuple[str, frozenset[int]], ...]  # font role -> glyph ids used
    states: tuple[tuple[str, str], ...]  # ExtGState name -> its dictionary
    shadings: tuple[tuple[str, str], ...]  # shading name -> its dictionary
    images: tuple[tuple[str, FilePath], ...]  # XObject name -> picture file
    forms: tuple[tuple[str, object], ...] = ()  # XObject name -> a placed piece's form
    masks: tuple[tuple[str, bytes], ...] = ()  # a fading gradient's soft mask: its group


def record(items, metrics, form_of: Callable[[Scene], object | None] | None = None,
           group_of: Callable[..., object] | None = None) -> Recorded:
    """The items as content-stream text; `metrics(role)` gives a font role's FaceMetrics.

    With `form_of`, a group that places a whole piece (`Group.piece`) is drawn by naming
    the piece's own form, `form_of(piece)` (None: drawn item by item): a figure showing
    twenty tiles names twenty forms compiled once, instead of holding their drawings.
    A see-through group (`Group.opacity`) is drawn by naming the transparency group
    `group_of(children, box)` makes of its children, painted at its opacity: the box
    bounds them in the coordinates they are drawn in. A masked group's mask is such a
    group too, `group_of(mask, box, True)`: one whose luminosity masks."""
    recorder = _Recorder(metrics, form_of, group_of)
    recorder.blends = has_blend(items)  # (most drawings have none: no group asks again)
    recorder.items(items)
    return Recorded("\n".join(recorder.out),
                    tuple((r, frozenset(g)) for r, g in sorted(recorder.glyphs.items())),
                    tuple(sorted(recorder.states.items())), tuple(recorder.shadings),
                    tuple(recorder.images.items()), tuple(recorder.forms.items()),
                    tuple(recorder.masks))


class _Recorder:
    def __init__(self, metrics, form_of=None, group_of=None):
        self.metrics, self.form_of, self.group_of = metrics, form_of, group_of
        self.out: list[str] = []
        self.glyphs: dict[str, set[int]] = {}
        self.states: dict[str, str] = {}
        self.shadings: list[tuple[str, str]] = []
        self.masks: list[tuple[str, bytes]] = []
        self.images: dict[str, FilePath] = {}
        self.forms: dict[str, object] = {}
        self._form_names: dict[int, str] = {}  # id(piece) -> its XObject name
        self._colours: dict[str, str] = {}  # #rrggbb -> its components (a drawing repeats a few)
        self.blends = True  # whether any group of the drawing blends (`record` says)

    def items(self, items) -> None:
        for item in items:
            getattr(self, "_" + type(item).__name__.lower())(item)

    def _shape(self, style: Style, outline: str, bbox) -> None:
        out = self.out
        out.append("q")
        if style.opacity < 1:
            out.append(f"/{self._alpha(style.opacity)} gs")
        if isinstance(style.fill, Gradient):
            out += ["q", f"{outline}\n{'W*' if style.evenodd else 'W'} n",
                    *self._shading(style.fill, bbox), "Q"]
        fill = isinstance(style.fill, str)
        if isinstance(style.fill, str):
            out.append(f"{self._rgb(style.fill)} rg")
        if style.stroke:
            cap, join = CAPS.index(style.cap), JOINS.index(style.join)
            # A mitred corner's limit always said: PDF's default (10) is not SVG's (4).
            limit = f" {num(style.miter)} M" if style.join == "miter" else ""
            # (a closed outline whose last dash runs into its first: drawn as its dashes)
            drawn = as_dashes(outline, style.dashes, style.dash_offset) \
                if style.dashes else None
            dashes = (f" [{' '.join(map(num, style.dashes))}] {num(style.dash_offset)} d"
                      if style.dashes and drawn is None else "")
            out.append(f"{self._rgb(style.stroke)} RG {num(style.stroke_width)} w {cap} J "
                       f"{join} j{limit}{dashes}")
            if drawn is not None:
                star = "*" if style.evenodd else ""
                out += [f"{outline}\nf{star}"] if fill else []
                out += [f"{drawn}\nS", "Q"]
                return
        star = "*" if style.evenodd else ""
        paint = ("B" + star) if fill and style.stroke else ("f" + star) if fill else \
            "S" if style.stroke else "n"
        out += [f"{outline}\n{paint}", "Q"]

    def _rgb(self, colour: str) -> str:
        known = self._colours.get(colour)
        if known is None:
            known = self._colours[colour] = rgb(colour)
        return known

    def _alpha(self, value: float, blend: str = "normal") -> str:
        mode = PDF_NAMES[blend]
        name, how = (f"A{num(value)}", "") if blend == "normal" else \
            (f"A{num(value)}{mode}", f" /BM /{mode}")
        self.states[name] = f"<< /Type /ExtGState /ca {num(value)} /CA {num(value)}{how} >>"
        return name

    def _shading(self, g: Gradient, bbox) -> list[str]:
        """The operators painting the gradient over the clipped shape's box (and first,
        if its stops fade, the soft mask that fades it)."""
        name = f"Sh{len(self.shadings)}"
        laid = _geometry(g, bbox, name)
        if not laid.ops:
            return []
        self.shadings.append((name, laid.dictionary("/DeviceRGB", _stops_function(g.stops))))
        return [*self._fade(g, bbox), *laid.ops]

    def _fade(self, g: Gradient, bbox) -> list[str]:
        """A soft mask of the stops' opacities over the box, as SVG fades a gradient
        whose stops are not all opaque (none: they are)."""
        if all(alpha >= 1 for _, _, alpha in g.stops):
            return []
        name = f"M{len(self.masks)}"
        laid = _geometry(g, bbox, "A")
        dictionary = laid.dictionary("/DeviceGray", _stops_function(
            g.stops, lambda _, alpha: num(min(max(alpha, 0.0), 1.0))))
        self.masks.append((name, _mask_form(bbox, "\n".join(laid.ops), dictionary)))
        self.states[name] = (f"<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity "
                             f"/G {MASK_MARK}{name}{MASK_MARK} >> >>")
        return [f"/{name} gs"]

    def _rect(self, r: Rect) -> None:
        if not r.r:
            outline = f"{num(r.x)} {num(r.y)} {num(r.w)} {num(r.h)} re"
        else:
            outline = _round_rect(r.x, r.y, r.w, r.h, min(r.r, r.w / 2, r.h / 2))
        self._shape(r.style, outline, (r.x, r.y, r.w, r.h))

    def _ellipse(self, e: Ellipse) -> None:
        self._shape(e.style, ellipse_path(e.cx, e.cy, e.rx, e.ry),
                    (e.cx - e.rx, e.cy - e.ry, 2 * e.rx, 2 * e.ry))

    def _path(self, p: Path) -> None:
        self._shape(p.style, _outline(p.commands), _bbox(p.commands))

    def _text(self, t: Text) -> None:
        from generator.backends.pdf.fonts import encode
        from generator.load.fonts import text_width

        face = self.metrics(t.font)
        hex_text, used = encode(face, t.text)
        self.glyphs.setdefault(t.font, set()).update(used)
        shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[t.anchor]
        dx = -text_width(face, t.text, t.size) * shift
        # The drawing is y-down; text is set in a flipped frame so it stays upright.
        self.out.append(f"q 1 0 0 -1 {num(t.x)} {num(t.y)} cm {self._rgb(t.fill)} rg BT "
                        f"/F.{t.font} {num(t.size)} Tf {num(dx)} 0 Td {hex_text} Tj ET Q")

    def _image(self, i: Image) -> None:
        # Upright frame with its origin at the box's lower-left corner, clipped to it.
        self.out.append(f"q 1 0 0 -1 {num(i.x)} {num(i.y + i.h)} cm")
        self.out.append(self._picture(i))
        self.out.append("Q")

    def _picture(self, i: Image) -> str:
        from generator.draw.pictures import fitted, picture_size

        # Placed in the box as the SVG's preserveAspectRatio places it (a tile's art:
        # covering it, centred and cropped): the same picture in both outputs. The frame
        # is upright (y up), so the offset from the box's top is taken from its bottom.
        iw, ih = picture_size(i.path)
        dx, dy, w, h = fitted(i.fit, i.w, i.h, iw, ih)
        name = next((n for n, p in self.images.items() if p == i.path), None)
        if name is None:
            name = f"Im{len(self.images)}"
            self.images[name] = i.path
        return (f"0 0 {num(i.w)} {num(i.h)} re W n {w:.6f} 0 0 {h:.6f} "
                f"{num(dx)} {num(i.h - h - dy)} cm /{name} Do")

    def _group(self, g: Group) -> None:
        self.out.append("q")
        if g.clip_path:
            self.out.append(f"{_outline(g.clip_path)}\n{'W*' if g.clip_evenodd else 'W'} n")
        if g.clip is not None:
            x, y, w, h = g.clip
            self.out.append(f"{num(x)} {num(y)} {num(w)} {num(h)} re W n")
        if g.mask and not self._soft_mask(g.mask):
            self.out.append("Q")  # a mask that shows nothing hides the whole group
            return
        if g.translate != (0.0, 0.0) or g.scale != 1.0:
            s = num(g.scale) if g.scale >= 0.01 else f"{g.scale:.6f}"
            self.out.append(f"{s} 0 0 {s} {num(g.translate[0])} {num(g.translate[1])} cm")
        piece = g.piece
        name = self._piece_form(piece) if piece is not None else None
        # A masked group's children are a group of their own too: a fading gradient
        # among them sets its own soft mask, which would take the group's place.
        if g.opacity < 1 or g.blend != "normal" or g.mask or (
                self.blends and stacks(g) and blends_here(g.children)):
            self._see_through(g)
        elif piece is None or name is None:
            self.items(g.children)
        else:
            # The piece's form maps its millimetres (y down) onto points (y up); undo
            # that here, so its drawing lands where its items would.
            self.out.append(f"{1 / PT:.6f} 0 0 {-1 / PT:.6f} 0 {num(piece.height)} cm "
                            f"/{name} Do")
        self.out.append("Q")

    def _soft_mask(self, mask: tuple) -> bool:
        """Set the mask's items as a luminosity soft mask, as SVG masks by luminance
        (False: they paint nothing, so nothing shows through them)."""
        if self.group_of is None:  # (every drawing of a build is compiled with it)
            raise ValueError("a masked group recorded without `group_of`")
        box = bounds(mask)
        if box is None:
            return False
        form = self.group_of(mask, _padded(box), True)
        name = f"G{len(self.forms)}"
        self.forms[name] = form  # (named, so the document numbers it as a form it places)
        state = f"SM{len(self.forms)}"
        self.states[state] = (f"<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity "
                              f"/G {FORM_MARK}{form.key}{FORM_MARK} >> >>")
        self.out.append(f"/{state} gs")
        return True

    def _see_through(self, g: Group) -> None:
        """The group's children as one transparency group, laid at its opacity (SVG's
        group opacity: where they overlap, only the top one shows through), blended by
        its mode, or through its mask. One that blends, or holds a blend, is isolated:
        what its children blend with is the group's own (SVG isolates the clipped,
        masked, see-through or blended groups art's blends come from)."""
        if self.group_of is None:  # (every drawing of a build is compiled with it)
            raise ValueError("a see-through group recorded without `group_of`")
        box = bounds(g.children)
        if box is None:
            return  # its shapes paint nothing (art, where these groups come from, has no text)
        name = f"G{len(self.forms)}"
        blending = g.blend != "normal" or (self.blends and blends_here(g.children))
        self.forms[name] = self.group_of(g.children, _padded(box), isolated=blending) \
            if blending else self.group_of(g.children, _padded(box))
        if g.opacity >= 1 and g.blend == "normal":  # (a masked group: laid as it is)
            self.out.append(f"/{name} Do")
        else:
            self.out.append(f"/{self._alpha(g.opacity, g.blend)} gs /{name} Do")

    def _piece_form(self, piece: Scene) -> str | None:
        """The XObject name of a placed piece's form (None: draw its items here)."""
        name = self._form_names.get(id(piece))
        if name is None and self.form_of is not None:
            form = self.form_of(piece)
            if form is None:
                return None
            name = f"P{len(self.forms)}"
            self.forms[name], self._form_names[id(piece)] = form, name
        return name


# Where a form's soft mask is named in its state, before the mask has an object number:
# the document that links the form writes the number there (`forms._form_object`).
MASK_MARK = "@"
# Likewise, around the key of a form the drawing places (a mask's group).
FORM_MARK = "@@"


def _padded(box: Bounds) -> Bounds:
    """A box that surely holds what paints in `box`: half a unit more all round, and a
    twentieth of its size (a stroke's mitred corner may reach past the bounds)."""
    margin = 0.5 + max(box[2] - box[0], box[3] - box[1]) / 20
    return box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin


@dataclass(frozen=True)
class _Laid:
    """A gradient laid over a shape's box: the operators painting shading `name`, its
    type (2 axial, 3 radial), its coordinates, and the stretch of its stops they span
    (beyond 0-1 when it is reflected or repeated)."""

    ops: tuple[str, ...]
    kind: int = 2
    coords: tuple[float, ...] = ()
    span: tuple[int, int] = (0, 1)
    reflect: bool = False

    def dictionary(self, space: str, function: str) -> str:
        """The shading's dictionary, its stops' `function` spread over its span."""
        low, high = self.span
        domain = ""
        if self.span != (0, 1):
            domain, function = f"/Domain [{low} {high}] ", _spread(function, low, high,
                                                                   self.reflect)
        return (f"<< /ShadingType {self.kind} /ColorSpace {space} {domain}/Coords "
                f"[{' '.join(map(num, self.coords))}] /Extend [true true] "
                f"/Function {function} >>")


def _geometry(g: Gradient, bbox, name: str) -> _Laid:
    """How the gradient `name` is painted over the box (no operators: nothing to)."""
    x, y, w, h = bbox
    if not (g.radius or g.user or g.matrix) and g.spread == "pad" and (
            g.x1 == g.x2 or g.y1 == g.y2):
        # Along the box's side: the same at the box's size as in its unit square.
        return _Laid((f"/{name} sh",), 2, (x + g.x1 * w, y + g.y1 * h, x + g.x2 * w,
                                           y + g.y2 * h))
    # Drawn in the gradient's own coordinates (the box's unit square, or the drawing's
    # through its transform), where its circles are circles and its lines square to
    # its axis, as SVG draws it; the map stretches them as it stretches the shape.
    matrix = placement(g, bbox)
    back = invert(matrix)
    if back is None:
        return _Laid(())  # a box of no area: nothing to paint, and no space to map onto
    ops = (f"{' '.join(map(num, matrix))} cm", f"/{name} sh")
    fx, fy = focus(g)
    if g.spread == "pad":
        return _Laid(ops, 3, (fx, fy, 0.0, g.x1, g.y1, g.radius)) if g.radius else \
            _Laid(ops, 2, (g.x1, g.y1, g.x2, g.y2))
    low, high = reaches_over(g, [apply(back, px, py) for px in (x, x + w)
                                 for py in (y, y + h)])
    reflect = g.spread == "reflect"
    if g.radius:
        ex, ey = g.x1 - fx, g.y1 - fy
        return _Laid(ops, 3, (fx, fy, 0.0, fx + ex * high, fy + ey * high, g.radius * high),
                     (0, high), reflect)
    dx, dy = g.x2 - g.x1, g.y2 - g.y1
    return _Laid(ops, 2, (g.x1 + dx * low, g.y1 + dy * low, g.x1 + dx * high,
                          g.y1 + dy * high), (low, high), reflect)


def _spread(function: str, low: int, high: int, reflect: bool) -> str:
    """One length's function over every length from `low` to `high`, each the stops
    again, or every other one back (reflected)."""
    lengths = range(low, high)
    encode = " ".join("1 0" if reflect and k % 2 else "0 1" for k in lengths)
    bounds = " ".join(str(k) for k in lengths[1:])
    return (f"<< /FunctionType 3 /Domain [{low} {high}] /Functions "
            f"[{' '.join([function] * len(lengths))}] /Bounds [{bounds}] /Encode [{encode}] >>")


def _mask_form(bbox, code: str, shading: str) -> bytes:
    """A luminosity soft mask's group: the opacities as greys over the box, in the
    coordinates of the drawing that sets it."""
    x, y, w, h = bbox
    data = zlib.compress(code.encode("latin-1"), 6)
    head = (f"<< /Type /XObject /Subtype /Form /FormType 1 /BBox [{num(x)} {num(y)} "
            f"{num(x + w)} {num(y + h)}] /Group << /S /Transparency /CS /DeviceGray >> "
            f"/Resources << /Shading << /A {shading} >> >> /Filter /FlateDecode "
            f"/Length {len(data)} >>\nstream\n")
    return head.encode("latin-1") + data + b"\nendstream"


def _stops_function(stops, part: Callable[[str, float], str] = lambda colour, _: rgb(colour)
                    ) -> str:
    """A PDF function from 0..1 to the gradient's colours (or, with `part`, to what it
    makes of each stop's colour and opacity: the opacity, for the fade's mask)."""
    # By offset alone: two stops at one offset are a hard edge, in the order given (the
    # colour as a second key turned red-then-blue into blue-then-red).
    stops = [(offset, part(colour, alpha))
             for offset, colour, alpha in sorted(stops, key=lambda s: s[0])]
    if stops[0][0] > 0:
        stops.insert(0, (0.0, stops[0][1]))
    if stops[-1][0] < 1:
        stops.append((1.0, stops[-1][1]))
    pieces = [f"<< /FunctionType 2 /Domain [0 1] /C0 [{a}] /C1 [{b}] /N 1 >>"
              for (_, a), (_, b) in pairwise(stops)]
    if len(pieces) == 1:
        return pieces[0]
    bounds = " ".join(num(offset) for offset, _ in stops[1:-1])
    return (f"<< /FunctionType 3 /Domain [0 1] /Functions [{' '.join(pieces)}] "
            f"/Bounds [{bounds}] /Encode [{' '.join(['0 1'] * len(pieces))}] >>")


def _outline(commands: tuple[tuple, ...]) -> str:
    """Path commands (M/L/C/Z) as path operators."""
    parts = []
    for command in commands:
        op = command[0]
        if op == "Z":
            parts.append("h")
        else:
            args = " ".join(map(num, command[1:]))
            parts.append(f"{args} {'m' if op == 'M' else 'l' if op == 'L' else 'c'}")
    return "\n".join(parts)


def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> str:
    """An ellipse's outline as path operators (four Bezier quarters), closed."""
    kx, ky = rx * K, ry * K
    pts = [(cx + rx, cy),
           (cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
           (cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
           (cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
           (cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)]
    lines = [f"{num(pts[0][0])} {num(pts[0][1])} m"]
    lines += [" ".join(map(num, seg)) + " c" for seg in pts[1:]]
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
    """The box (x, y, w, h) a path's outline spans: its curves' own extremes, not their
    control points' (a gradient in the box's units spans this box, as SVG's does)."""
    xs: list[float] = []
    ys: list[float] = []
    at: tuple[float, float] | None = None
    for command in commands:
        if command[0] == "C" and at is not None:
            for axis, found in ((0, xs), (1, ys)):
                found += _extremes(at[axis], command[1 + axis], command[3 + axis],
                                   command[5 + axis])
        if len(command) > 2:
            at = command[-2], command[-1]
            xs.append(at[0])
            ys.append(at[1])
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _extremes(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """Where a cubic curve (one coordinate: its ends p0, p3, its controls p1, p2) turns
    back between its ends."""
    a, b, c = -p0 + 3 * p1 - 3 * p2 + p3, 2 * (p0 - 2 * p1 + p2), p1 - p0
    if abs(a) < 1e-12:
        roots = [-c / b] if abs(b) > 1e-12 else []
    else:
        disc = b * b - 4 * a * c
        roots = [] if disc < 0 else [(-b + sign * math.sqrt(disc)) / (2 * a)
                                     for sign in (1, -1)]
    return [cubic_at(p0, p1, p2, p3, t) for t in roots if 0 < t < 1]
