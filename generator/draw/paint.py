"""The primitives of a declared piece's look, drawn one by one into a `Sketch`.

Each primitive's formats are filled in for the item being drawn (`Resolver`); what
cannot be drawn is skipped and recorded as a `Problem` naming its cause: a layout
entry (a format over an unknown name, a box outside the piece) or an item's field (a
field missing, a value that is no element). `generator.check.pieces` positions them.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.model import NOWHERE, Item, PieceKind
from generator.draw.art import png_art, reason, svg_art
from generator.draw.fonts import role_fonts
from generator.draw.kit import Kit
from generator.draw.names import Names
from generator.draw.parts import badge, overflows, symbol
from generator.draw.resolve import Problem, Resolver
from generator.draw.scene import Ellipse, Group, Image, Rect, Style
from generator.draw.scene import Path as Outline
from generator.draw.sketch import Sketch, square
from generator.layout.look import Look, Prim
from generator.layout.model import Box, TextStyle
from generator.load.files import content_file
from generator.load.formats import names_in, single_name

# Primitives one drawing may draw: repeats inside repeats multiply, and a piece with
# more is a mistake that would only make the build hang.
MAX_DRAWN = 5000
EDGE = 1e-6  # mm: lengths read from "8.5in" are not exact


class Painter(Resolver):
    """Draws primitives for one item into a sketch, collecting problems."""

    def __init__(self, kit: Kit, kind: PieceKind, look: Look, item: Item | None,
                 bleed: float):
        super().__init__(kit, kind, item)
        self.look, self.bleed = look, bleed
        self.sketch = Sketch()
        self.images: list[Path] = []
        self.roles: set[str] = set()
        self.drawn = 0

    def fonts(self):
        """The fonts the drawing's texts use, for the scene."""
        return role_fonts(self.kit.game, self.roles)

    # -- primitives ----------------------------------------------------------------

    def draw(self, prims: tuple[Prim, ...], names: Names, dx: float, dy: float) -> None:
        """Each primitive, `dx`, `dy` mm from where the look places it (a repeat's)."""
        for prim in prims:
            self.drawn += 1
            if self.drawn > MAX_DRAWN:
                if self.drawn == MAX_DRAWN + 1:  # told once; the rest is left undrawn
                    self.problems.append(Problem(
                        "TKG610", f"the look draws more than {MAX_DRAWN} primitives"
                        f"{self.on()}: its repeats multiply too far", prim.entry))
                return
            if self.shown(prim, names):
                getattr(self, f"_{prim.op}")(prim, names, dx, dy)

    def shown(self, prim: Prim, names: Names) -> bool:
        """False for a primitive whose `when:` does not agree with its equals/differs."""
        when = prim.get("when")
        if when is None:
            return True
        other = "equals" if prim.get("equals") is not None else "differs"
        a = self.fill(when, names, f"{prim.entry}.when")
        b = self.fill(prim.get(other), names, f"{prim.entry}.{other}")
        return a is not None and b is not None and (a == b) == (other == "equals")

    def style(self, prim: Prim, names: Names) -> Style:
        """Fill, stroke and opacity of a shape."""
        return Style(fill=self.colour(prim.get("fill"), names, f"{prim.entry}.fill"),
                     stroke=self.colour(prim.get("stroke"), names, f"{prim.entry}.stroke"),
                     stroke_width=prim.get("stroke_width", 0.0), opacity=prim.get("opacity", 1.0))

    def _rect(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        b = self.bleed
        x, y, w, h = prim.get("x") + dx + b, prim.get("y") + dy + b, prim.get("w"), prim.get("h")
        self.sketch.add("decor", "rectangle", prim.entry, (x, y, w, h),
                        [Rect(x, y, w, h, self.style(prim, names), prim.get("radius", 0.0))],
                        layer=True)

    def _circle(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        cx, cy, r = prim.get("cx") + dx + self.bleed, prim.get("cy") + dy + self.bleed, \
            prim.get("r")
        self.sketch.add("decor", "circle", prim.entry, square(cx, cy, 2 * r),
                        [Ellipse(cx, cy, r, r, self.style(prim, names))], layer=True)

    def _line(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        b = self.bleed
        x1, y1 = prim.get("x1") + dx + b, prim.get("y1") + dy + b
        x2, y2 = prim.get("x2") + dx + b, prim.get("y2") + dy + b
        style = Style(stroke=self.colour(prim.get("stroke"), names, f"{prim.entry}.stroke"),
                      stroke_width=prim.get("stroke_width"), opacity=prim.get("opacity", 1.0))
        box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        self.sketch.add("decor", "line", prim.entry, box,
                        [Outline((("M", x1, y1), ("L", x2, y2)), style)], layer=True)

    def _grid(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        columns = self.count(prim.get("columns"), names, f"{prim.entry}.columns")
        rows = self.count(prim.get("rows"), names, f"{prim.entry}.rows")
        (w, h), gap, b = prim.get("cell"), prim.get("gap", 0.0), self.bleed
        x0, y0 = prim.get("x") + dx + b, prim.get("y") + dy + b
        style = self.style(prim, names)
        cells = [Rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h, style, prim.get("radius"))
                 for r in range(rows) for c in range(columns)]
        box = (x0, y0, columns * w + max(columns - 1, 0) * gap,
               rows * h + max(rows - 1, 0) * gap)
        self.sketch.add("decor", "grid", prim.entry, box, cells, layer=True)

    def _repeat(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        step = (prim.get("dx", 0.0), prim.get("dy", 0.0))
        if prim.get("per") is not None:  # {each} is the element or the list's item
            inner = [names.inner(n=i + 1, each=value) for i, value in
                     enumerate(self.each(prim.get("per"), names, f"{prim.entry}.per"))]
        else:  # only {n}: an outer repeat's {each} stays in sight
            times = self.count(prim.get("times"), names, f"{prim.entry}.times")
            inner = [names.inner(n=i + 1) for i in range(times)]
        for i, these in enumerate(inner):
            self.draw(prim.children, these, dx + i * step[0], dy + i * step[1])

    def _text(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        field = prim.get("field")
        template = "{" + field + "}" if field else prim.get("text")
        words = self.fill(template, names, f"{prim.entry}.{'field' if field else 'text'}")
        colour = self.colour(prim.get("colour"), names, f"{prim.entry}.colour")
        if words is None or colour is None:
            return
        box = prim.get("box")
        box = Box(box.x + dx, box.y + dy, box.w, box.h)
        if not self.inside(box):
            w, h = self.look.size
            self.problems.append(Problem(
                "TKG606", f"the text's box {box.x:g}, {box.y:g}, {box.w:g} x {box.h:g} mm "
                f"runs outside the {w:g} x {h:g} mm {self.kind.name} piece{self.on()}",
                f"{prim.entry}.box"))
            return
        style = TextStyle(box, prim.get("font"), prim.get("size"), prim.get("min_size"), colour,
                          prim.get("align"), self.colour(prim.get("plate"), names,
                                                         f"{prim.entry}.plate"),
                          prim.get("plate_opacity"), prim.get("plate_radius"),
                          layer=prim.get("layer"))
        self.roles.add(style.font)
        lines = prim.get("lines", 1)
        if overflows(style, words, self.kit.fonts, lines):
            self.problems.append(Problem(
                "TKG305", f"the text {words!r} does not fit its box{self.on()}, so it is cut "
                "short", f"{prim.entry}.box"))
        # Words from the item's fields are the content's: a glyph they lack is told there.
        own = self.item is not None and any(
            "." not in n and n in ("id", *dict(self.item.fields)) for n in names_in(template))
        self.sketch.text(field or "text", prim.entry, style, words, self.kit.fonts, self.bleed,
                         lines, content=own)

    def inside(self, box: Box) -> bool:
        """True when the box lies within the piece's trim."""
        w, h = self.look.size
        return (box.x >= -EDGE and box.y >= -EDGE and box.x + box.w <= w + EDGE
                and box.y + box.h <= h + EDGE)

    def _symbol(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        template = prim.get("element")
        value = self.fill(template, names, f"{prim.entry}.element")
        if value is None:
            return
        element = names.element(value)
        if element is None:
            known = ", ".join(self.kit.game.element_ids)
            self.unsuited(template, names, f"{prim.entry}.element", f"{template!r} gives "
                          f"{value!r}, which is no element's id ({known})")
            return
        cx, cy = prim.get("cx") + dx + self.bleed, prim.get("cy") + dy + self.bleed
        size, disc = prim.get("size"), prim.get("badge", 0.0)
        memo = self.kit.memo
        if disc:
            ring = self.colour(prim.get("ring"), names, f"{prim.entry}.ring") or "#FFFFFF"
            light = self.colour(prim.get("colour"), names, f"{prim.entry}.colour") or "#FFFFFF"
            width = prim.get("ring_width", 0.0)
            self.sketch.add("badge", f"insignia {element.id}", prim.entry,
                            square(cx, cy, disc + width),
                            badge(memo, element, cx, cy, disc, size, ring, width, light),
                            round=True)
            return
        ink = self.colour(prim.get("colour"), names, f"{prim.entry}.colour") or element.colour
        self.sketch.add("symbol", f"{element.id} symbol", prim.entry, square(cx, cy, size),
                        [Group((symbol(memo, element, cx, cy, size, ink),),
                               label=f"insignia {element.id}")])

    def _image(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        template = prim.get("file")
        raw = self.fill(template, names, f"{prim.entry}.file")
        if raw is None:
            return
        found: list = []
        path = content_file(self.kit.game.content_dir, raw, NOWHERE, (".svg", ".png"), found)
        if path is None:
            self.missing_image(template, names, prim, found[0].message)
            return
        self.images.append(path)
        box = prim.get("box")
        b = self.bleed
        clip = (box.x + dx + b, box.y + dy + b, box.w, box.h)
        try:
            items = _picture(self.kit, path, clip)
        except (ValueError, OSError) as exc:  # ArtError is a ValueError
            self.missing_image(template, names, prim, f"{raw!r} cannot be drawn: {reason(exc)}")
            return
        self.sketch.add("art", "image", prim.entry, clip, items, layer=True,
                        content=single_name(template) is not None)

    def missing_image(self, template: str, names: Names, prim: Prim, why: str) -> None:
        """TKG607 at the field that names the file, or at the look's `file:`."""
        field = single_name(template)
        if field and self.item is not None and field in dict(self.item.fields):
            self.problems.append(Problem("TKG607", f"the image of item {self.item.id!r}: {why}",
                                         item=self.item.id, field=field))
        else:
            self.problems.append(Problem("TKG607", f"the image{self.on()}: {why}",
                                         f"{prim.entry}.file"))


def _picture(kit: Kit, path: Path, clip: tuple[float, float, float, float]) -> tuple:
    """A picture covering the box, cropped and never stretched, like a tile's art."""
    if path.suffix.lower() != ".svg":
        png_art(kit.memo, path)
        return (Group((Image(*clip, path),), clip=clip),)
    (vx, vy, vw, vh), shapes = svg_art(kit.memo, path)
    scale = max(clip[2] / vw, clip[3] / vh)
    tx = clip[0] + (clip[2] - vw * scale) / 2 - vx * scale
    ty = clip[1] + (clip[3] - vh * scale) / 2 - vy * scale
    return (Group((Group(shapes, translate=(tx, ty), scale=scale),), clip=clip),)
