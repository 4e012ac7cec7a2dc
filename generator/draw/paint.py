"""The one painter: a look's primitives drawn one by one into a `Sketch`, for one item.

Every printed piece is drawn here, built-in or declared. Each primitive's formats are
filled in for the item being drawn (`Resolver`) and its lengths measured on the piece
(a look may write "width - 20mm"); what cannot be drawn is skipped and recorded as a
`Problem` naming its cause: a layout entry (a format over an unknown name, a box
outside the piece) or an item's field (a field missing, a value that is no element).
`generator.check.pieces` positions them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from generator.core.limits import CELLS, PRIMITIVES
from generator.core.model import NOWHERE, Item, PieceKind
from generator.draw.art import covering, reason
from generator.draw.colour import best_ink, readable, symbol_ink, tint
from generator.draw.flow import HEADING, FlowStyle, Set, Setter, blocks
from generator.draw.fonts import role_fonts
from generator.draw.kit import Kit
from generator.draw.names import Names
from generator.draw.parts import badge, overflows, symbol
from generator.draw.resolve import Problem, Resolver
from generator.draw.scene import Ellipse, Rect, Style, Text
from generator.draw.scene import Path as Outline
from generator.draw.sketch import Sketch, square
from generator.layout.look import Box, Length, Look, Prim, Rel, mm
from generator.layout.model import TextStyle
from generator.load.files import ART_SUFFIXES, content_file
from generator.load.formats import names_in, single_name

# Primitives one drawing may draw: repeats inside repeats multiply, and a piece with
# more is a mistake that would only make the build hang.
EDGE = 1e-6  # mm: lengths read from "8.5in" are not exact
REACH = 0.01  # mm: a side this close to the bleed's edge reaches it (layouts round to 0.1)


class Painter(Resolver):
    """Draws primitives for one item into a sketch, collecting problems.

    `size` is the trim it is drawn on (a page-sized look's: the paper's); `bleed` the
    paint beyond it (a print shop's may be larger than the look's: what reaches the
    look's bleed edge reaches the new one). `pictures` are the pieces a flow may show,
    by scene name, with their trims.
    """

    def __init__(self, kit: Kit, kind: PieceKind, look: Look, item: Item | None,
                 bleed: float, size: tuple[float, float],
                 pictures: Mapping[str, tuple[float, float]] | None = None):
        super().__init__(kit, kind, item)
        self.look, self.bleed, self.size = look, bleed, size
        # What a look's lengths are measured from: its width, height and disc across (a
        # piece that is not round: its width).
        self.measures = (*size, look.disc or size[0])
        self.pictures = dict(pictures or {})
        self.sketch = Sketch()
        self.images: list[Path] = []
        self.roles: set[str] = set()
        self.drawn = 0
        self.shown: list[tuple[str, float, float, float]] = []  # pictures a flow placed
        # A flow's words for the next pages: the flow, its format, the blocks of each page.
        self.later: list[tuple[Prim, str, list[list[Set]]]] = []

    def fonts(self):
        """The fonts the drawing's texts use, for the scene."""
        return role_fonts(self.kit.game, self.roles)

    def at(self, value) -> float:
        """A length of the look on this piece, in mm from the trim's corner."""
        return mm(value, self.measures)

    def frame(self, prim: Prim, dx: float, dy: float) -> Box | None:
        """The primitive's box on this piece, moved by a repeat's step; None (told) when
        a side measured from the piece's size comes to nothing on it."""
        frame = prim.frame("box")
        box = frame.on(self.measures)
        if not (self.positive(prim, "box.w", frame.w, box.w)
                and self.positive(prim, "box.h", frame.h, box.h)):
            return None
        return Box(box.x + dx, box.y + dy, box.w, box.h)

    def positive(self, prim: Prim, key: str, value: Length, length: float) -> bool:
        """Whether a width, a height or a radius is more than 0 mm on this piece: one
        measured from its size may come to less on a smaller piece (TKG602, told)."""
        if length > 0 or not isinstance(value, Rel):
            return True  # (a plain length was checked as the layout was read)
        measure = Rel(value.of).mm(self.measures)
        self.of_the_look("TKG602", f"{key} comes to {length:g} mm", f", where its {value.of} "
                         f"is {measure:g} mm: it must be more than 0 mm", f"{prim.entry}.{key}")
        return False

    def reach(self, box: Box) -> tuple[float, float, float, float]:
        """The box in the scene (x, y, w, h), each side on the look's bleed edge moved out
        to this drawing's larger bleed, so full-bleed paint stays full bleed."""
        old, new = self.look.bleed, self.bleed
        x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
        if new > old:
            w, h = self.size
            x0, y0 = (-new if v <= -old + REACH else v for v in (x0, y0))
            x1 = w + new if x1 >= w + old - REACH else x1
            y1 = h + new if y1 >= h + old - REACH else y1
        return x0 + new, y0 + new, x1 - x0, y1 - y0

    # -- primitives ----------------------------------------------------------------

    def draw(self, prims: tuple[Prim, ...], names: Names, dx: float, dy: float) -> None:
        """Each primitive, `dx`, `dy` mm from where the look places it (a repeat's)."""
        for prim in prims:
            if not self.spend(1, prim):
                return
            if self.shown_when(prim, names):
                getattr(self, f"_{prim.op}")(prim, names, dx, dy)

    def spend(self, shapes: int, prim: Prim) -> bool:
        """Count `shapes` more drawn on this piece: False past the limit (told once; the
        rest is left undrawn). A grid's cells count one each, as they are drawn so."""
        told = PRIMITIVES.over(self.drawn)
        self.drawn += shapes
        if not PRIMITIVES.over(self.drawn):
            return True
        if not told:
            self.of_the_look("TKG610", PRIMITIVES.says(self.drawn),
                             ": its repeats and grids multiply too far", prim.entry)
        return False

    def shown_when(self, prim: Prim, names: Names) -> bool:
        """False for a primitive whose `when:` does not agree with its equals/differs."""
        when = prim.word("when")
        if when is None:
            return True
        other = "equals" if prim.word("equals") is not None else "differs"
        a = self.fill(when, names, f"{prim.entry}.when")
        b = self.fill(prim.text(other), names, f"{prim.entry}.{other}")
        return a is not None and b is not None and (a == b) == (other == "equals")

    def style(self, prim: Prim, names: Names) -> Style:
        """Fill (tinted), stroke, opacity and stroke ends of a shape."""
        fill = self.colour(prim.word("fill"), names, f"{prim.entry}.fill")
        share = prim.number("tint", 1.0)
        if fill is not None and share < 1.0:
            fill = tint(fill, share)
        return Style(fill=fill,
                     stroke=self.colour(prim.word("stroke"), names, f"{prim.entry}.stroke"),
                     stroke_width=prim.number("stroke_width"),
                     opacity=prim.number("opacity", 1.0), evenodd=prim.flag("evenodd"),
                     cap=prim.text("cap", "butt"), join=prim.text("join", "miter"))

    def named(self, prim: Prim, default: str) -> str:
        """What a part shows, in words: the primitive's name in the look, or `default`."""
        return prim.name or default

    def _rect(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        width, height = prim.length("w"), prim.length("h")
        box = Box(self.at(prim.length("x")) + dx, self.at(prim.length("y")) + dy,
                  self.at(width), self.at(height))
        if not (self.positive(prim, "w", width, box.w)
                and self.positive(prim, "h", height, box.h)):
            return
        x, y, w, h = self.reach(box)
        self.sketch.add("decor", self.named(prim, "rectangle"), prim.entry, (x, y, w, h),
                        [Rect(x, y, w, h, self.style(prim, names), prim.number("radius"))],
                        layer=True)

    def _circle(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        cx = self.at(prim.length("cx")) + dx + self.bleed
        cy = self.at(prim.length("cy")) + dy + self.bleed
        radius = prim.length("r")
        r = self.at(radius)
        if not self.positive(prim, "r", radius, r):
            return
        self.sketch.add("decor", self.named(prim, "circle"), prim.entry, square(cx, cy, 2 * r),
                        [Ellipse(cx, cy, r, r, self.style(prim, names))], layer=True)

    def _line(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        b = self.bleed
        x1, y1 = self.at(prim.length("x1")) + dx + b, self.at(prim.length("y1")) + dy + b
        x2, y2 = self.at(prim.length("x2")) + dx + b, self.at(prim.length("y2")) + dy + b
        style = Style(stroke=self.colour(prim.word("stroke"), names, f"{prim.entry}.stroke"),
                      stroke_width=prim.number("stroke_width"),
                      opacity=prim.number("opacity", 1.0), cap=prim.text("cap", "butt"))
        box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        self.sketch.add("decor", self.named(prim, "line"), prim.entry, box,
                        [Outline((("M", x1, y1), ("L", x2, y2)), style)], layer=True)

    def _polygon(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        b = self.bleed
        points = [(x + dx + b, y + dy + b) for x, y in prim.points("points")]
        commands = (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))
        self._outline(prim, names, commands, points, "polygon")

    def _path(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        ox, oy = dx + self.bleed, dy + self.bleed
        commands = tuple((op, *(v + (ox if i % 2 == 0 else oy) for i, v in enumerate(args)))
                         for op, *args in prim.commands("d"))
        points = [(c[i], c[i + 1]) for c in commands for i in range(1, len(c) - 1, 2)]
        self._outline(prim, names, commands, points, "path")

    def _outline(self, prim: Prim, names: Names, commands: tuple, points: list,
                 default: str) -> None:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        self.sketch.add("decor", self.named(prim, default), prim.entry, box,
                        [Outline(commands, self.style(prim, names))], layer=True)

    def _grid(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        columns = self.count(prim.count("columns"), names, f"{prim.entry}.columns")
        rows = self.count(prim.count("rows"), names, f"{prim.entry}.rows")
        if CELLS.over(rows * columns):
            self.problems.append(Problem("TKG610", f"{CELLS.says(rows * columns)}: "
                                         f"{columns} x {rows}", f"{prim.entry}.rows"))
            return
        if not self.spend(rows * columns - 1, prim):  # the grid itself is counted already
            return
        (w, h, ox, oy), gap, b = _fitted(prim, columns, rows), prim.number("gap"), self.bleed
        self.holding(prim, w, h, columns, rows)
        x0, y0 = self.at(prim.length("x")) + dx + b + ox, self.at(prim.length("y")) + dy + b + oy
        style = self.style(prim, names)
        cells = [Rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h, style,
                      prim.number("radius"))
                 for r in range(rows) for c in range(columns)]
        box = (x0, y0, columns * w + max(columns - 1, 0) * gap,
               rows * h + max(rows - 1, 0) * gap)
        self.sketch.add("decor", self.named(prim, "grid"), prim.entry, box, cells, layer=True)

    def holding(self, prim: Prim, w: float, h: float, columns: int, rows: int) -> None:
        """TKG517 when a grid whose cells are measured from the tile (or the token) was
        made smaller to fit its room than the piece each cell holds: information, as the
        mat prints as it should, and still shows the world's shape (a 2 x 4 world on a
        mat made for 3 x 3), but the designer may want one that holds the tiles."""
        held, size = prim.text("holds"), prim.number("holds_mm")
        if not held or prim.get("fit") is None or min(w, h) >= size - EDGE:
            return
        room_w, room_h = prim.pair("fit")
        self.of_the_look("TKG517", f"the grid's cells come to {w:.1f} x {h:.1f} mm",
                         f", to fit {columns} x {rows} in its room ({room_w:g} x {room_h:g} "
                         f"mm): smaller than the {size:g} mm {held} each holds, which "
                         f"hangs {size - min(w, h):.1f} mm over its cell", f"{prim.entry}.cell")

    def _repeat(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        per = prim.word("per")
        if per is not None:  # {each} is the element or the list's item
            inner = [names.inner(each=value) for value in self.each(per, names,
                                                                      f"{prim.entry}.per")]
        else:  # only {n}: an outer repeat's {each} stays in sight
            inner = [names.inner() for _ in range(self.count(prim.count("times"), names,
                                                             f"{prim.entry}.times"))]
        start, placed, at = prim.whole("start", 1), self.sketch.placed, prim.places("at")
        for i, (these, (x, y)) in enumerate(zip(inner, self.steps(prim, len(inner)),
                                                strict=False)):
            if at is not None:  # a thing it draws is told at its place
                self.sketch.placed = f"{prim.entry}.at.{len(inner)}.{i + 1}"
            self.draw(prim.children, these.inner(n=start + i), dx + x, dy + y)
        self.sketch.placed = placed

    def steps(self, prim: Prim, count: int) -> list[tuple[float, float]]:
        """Where each of `count` repeats goes: its places for that many (`at:`), or
        steps of dx (and, after every `columns`, of dy)."""
        at = prim.places("at")
        if at is not None:
            if not 0 < count <= len(at):
                return []
            return [(self.at(x), self.at(y)) for x, y in at[count - 1]]
        step_x, step_y = prim.number("dx"), prim.number("dy")
        columns = prim.whole("columns")
        if not columns:
            return [(i * step_x, i * step_y) for i in range(count)]
        return [((i % columns) * step_x, (i // columns) * step_y) for i in range(count)]

    def words(self, prim: Prim, names: Names) -> tuple[str | None, str]:
        """What a text or a flow shows, filled in, and the format it came from."""
        field = prim.word("field")
        template = "{" + field + "}" if field else prim.text("text")
        return self.fill(template, names, f"{prim.entry}.{'field' if field else 'text'}"), \
            template

    def own(self, template: str) -> bool:
        """Whether the words come from the item's fields: a glyph they lack, or a text
        too long, is then told where the item is written."""
        return self.item is not None and any(
            "." not in n and n in ("id", *dict(self.item.fields)) for n in names_in(template))

    def whole_field(self, template: str) -> str:
        """The item's field the words are, whole ("" if they are not one field): what
        they cause is told where that field is written (for a language's words, the
        translation's own line)."""
        field = single_name(template) or ""
        return field if self.own(template) and field != "id" else ""

    def inside(self, box: Box, prim: Prim, what: str) -> bool:
        """True when the box lies within the piece's trim (else a TKG606)."""
        w, h = self.size
        if (box.x >= -EDGE and box.y >= -EDGE and box.x + box.w <= w + EDGE
                and box.y + box.h <= h + EDGE):
            return True
        self.of_the_look(
            "TKG606", f"the {what}'s box {box.x:g}, {box.y:g}, {box.w:g} x {box.h:g} mm runs "
            f"outside the {w:g} x {h:g} mm {self.kind.name} piece", "", f"{prim.entry}.box")
        return False

    def _text(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        words, template = self.words(prim, names)
        colour = self.colour(prim.word("colour"), names, f"{prim.entry}.colour")
        if words is None or colour is None:
            return
        box = self.frame(prim, dx, dy)
        if box is None or not self.inside(box, prim, "text"):
            return
        words = {"upper": words.upper(), "lower": words.lower()}.get(prim.text("case"), words)
        under = self.colour(prim.word("under"), names, f"{prim.entry}.under")
        light = self.colour(prim.word("colour_on_light"), names,
                            f"{prim.entry}.colour_on_light")
        if under is not None and light is not None:
            colour = best_ink(under, colour, light)
        style = TextStyle(box, prim.text("font", "body"), prim.number("size"),
                          prim.number("min_size"), colour, prim.text("align", "middle"),
                          self.colour(prim.word("plate"), names, f"{prim.entry}.plate"),
                          prim.number("plate_opacity", 1.0), prim.number("plate_radius"),
                          layer=prim.flag("layer"))
        self.roles.add(style.font)
        lines = prim.whole("lines", 1)
        name = self.named(prim, prim.word("field") or single_name(template) or "text")
        if overflows(style, words, self.kit.fonts, lines):
            self.too_long(prim, template, name, f": {words!r}")
        self.sketch.text(name, prim.entry, style, words, self.kit.fonts, self.bleed, lines,
                         content=self.own(template), field=self.whole_field(template))

    def too_long(self, prim: Prim, template: str, name: str, words: str = "") -> None:
        """TKG305: words cut short, told at the item when they are its own."""
        item = self.item.id if self.item is not None and self.own(template) else ""
        whose = f"{self.kind.name} {self.item.id!r}" if self.item is not None else \
            f"the back of {self.kind.name}"
        self.problems.append(Problem("TKG305", f"the {name} of {whose} does not fit its box, "
                                     f"so it is cut short{words}", f"{prim.entry}.box", item,
                                     self.whole_field(template)))

    def _flow(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        words, template = self.words(prim, names)
        ink = self.colour(prim.word("colour"), names, f"{prim.entry}.colour")
        heading = self.colour(prim.word("heading_colour"), names,
                              f"{prim.entry}.heading_colour") or ink
        box = self.frame(prim, dx, dy)
        if words is None or ink is None or heading is None or box is None or \
                not self.inside(box, prim, "flow"):
            return
        under = self.colour(prim.word("under"), names, f"{prim.entry}.under")
        size, b = prim.number("size"), self.bleed
        style = FlowStyle(prim.text("font", "body"), prim.text("bold", "bold"),
                          prim.text("italic", "body_italic"), prim.text("heading", "black"),
                          size, prim.number("heading_size") or size * HEADING, ink,
                          heading if under is None else readable(heading, under),
                          prim.number("pictures", 24.0))
        setter = Setter(self.kit.fonts, style, self.pictures)
        found = blocks(words)
        inner = Box(box.x + b, box.y + b, box.w, box.h)  # the setter works in the scene
        if prim.get("more") is None:
            placed, _, over = setter.shrunk(found, inner, prim.number("min_size"))
            if over:
                self.too_long(prim, template, self.named(prim, "flow"))
            self.place_flow(prim, placed, template)
            return
        top = self.at(prim.length("more")) + b
        first, *rest = setter.pages(found, inner, Box(inner.x, top, inner.w,
                                                      inner.y + inner.h - top))
        self.place_flow(prim, first, template)
        if rest:
            self.later.append((prim, template, rest))

    def place_flow(self, prim: Prim, placed: list[Set], template: str) -> None:
        """Each block of a flow as a text part of its own, its pictures noted."""
        self.roles.update(t.font for block in placed for t in block.items if isinstance(t, Text))
        for block in placed:  # a part a block, all named after the flow
            self.sketch.add("text", self.named(prim, "flow"), prim.entry, block.box,
                            block.items, content=self.own(template),
                            field=self.whole_field(template))
            self.shown += block.pictures

    def _symbol(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        template = prim.text("element")
        value = self.fill(template, names, f"{prim.entry}.element")
        if value is None:
            return
        element = names.element(value)
        if element is None:
            known = ", ".join(self.kit.game.element_ids)
            self.unsuited(template, names, f"{prim.entry}.element", f"{template!r} gives "
                          f"{value!r}, which is no element's id ({known})")
            return
        cx = self.at(prim.length("cx")) + dx + self.bleed
        cy = self.at(prim.length("cy")) + dy + self.bleed
        size, disc, memo = prim.number("size"), prim.number("badge"), self.kit.memo
        colour = self.colour(prim.word("colour"), names, f"{prim.entry}.colour")
        name = self.named(prim, f"insignia {element.id}")
        if disc:
            ring = self.colour(prim.word("ring"), names, f"{prim.entry}.ring") or "#FFFFFF"
            width = prim.number("ring_width")
            self.sketch.add("badge", name, prim.entry, square(cx, cy, disc + width),
                            badge(memo, element, cx, cy, disc, size, ring, width,
                                  colour or "#FFFFFF"), layer=prim.flag("layer"), round=True)
            return
        under = self.colour(prim.word("under"), names, f"{prim.entry}.under")
        ink = colour or element.colour
        if under is not None:
            ink = symbol_ink(under, ink)
        self.sketch.add("symbol", name, prim.entry, square(cx, cy, size),
                        [symbol(memo, element, cx, cy, size, ink, f"insignia {element.id}")],
                        layer=prim.flag("layer"))

    def _image(self, prim: Prim, names: Names, dx: float, dy: float) -> None:
        template = prim.text("file")
        raw = self.fill(template, names, f"{prim.entry}.file")
        if not raw:  # no picture named (a tile without art): nothing to show
            return
        found: list = []
        path = content_file(self.kit.game.content_dirs, raw, NOWHERE, ART_SUFFIXES, found)
        if path is None:
            self.missing_image(template, prim, found[0].message)
            return
        self.images.append(path)
        box = self.frame(prim, dx, dy)
        if box is None:
            return
        clip = self.reach(box)
        try:
            items = covering(self.kit.memo, path, clip)
        except (ValueError, OSError) as exc:  # ArtError is a ValueError
            self.missing_image(template, prim, f"{raw!r} cannot be drawn: {reason(exc)}")
            return
        self.sketch.add("art", self.named(prim, "image"), prim.entry, clip, items, layer=True,
                        content=single_name(template) is not None)

    def missing_image(self, template: str, prim: Prim, why: str) -> None:
        """TKG607 at the field that names the file, or at the look's `file:`."""
        field = single_name(template)
        if field and self.item is not None and field in dict(self.item.fields):
            self.problems.append(Problem("TKG607", f"the image of item {self.item.id!r}: {why}",
                                         item=self.item.id, field=field))
        else:
            self.of_the_look("TKG607", "the image", f": {why}", f"{prim.entry}.file")


def _fitted(prim: Prim, columns: int, rows: int) -> tuple[float, float, float, float]:
    """A grid's cell (w, h) and where the grid starts from its x, y: as the look gives
    them, or, with `fit:`, centred in the room it gives, the cells made smaller (in the
    same proportion) when the rules ask for more columns or rows than fit at full size
    (a 4 x 3 world on a mat made for 3 x 3), or the cells follow larger tiles."""
    w, h = prim.pair("cell")
    if prim.get("fit") is None or not columns or not rows:
        return w, h, 0.0, 0.0
    (room_w, room_h), gap = prim.pair("fit"), prim.number("gap")
    scale = min(1.0, (room_w - (columns - 1) * gap) / (columns * w),
                (room_h - (rows - 1) * gap) / (rows * h))
    w, h = w * scale, h * scale
    return (w, h, max(room_w - columns * w - (columns - 1) * gap, 0.0) / 2,
            max(room_h - rows * h - (rows - 1) * gap, 0.0) / 2)
