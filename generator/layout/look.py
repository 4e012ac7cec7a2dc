"""The look of a kind of piece, as plain frozen data (a layout's `pieces:`).

Every printed piece has one: the tile face and its back, the life token, the Oink,
the player aid, the bundle's cover and every kind content/pieces.yaml declares. A
look is the piece's size, shape, bleed and how it is printed, and two lists of
primitives, its front and its back, placed in millimetres from the top-left corner of
the trim. Lengths are read once into mm (or, written as "width - 20mm", kept relative
to the piece's size: `Rel`); every text, colour, element and count may be a format
string over the item's fields and the game (`generator.load.formats`), filled per
item when the piece is drawn (`generator.draw.piece`).
"""

from __future__ import annotations

from dataclasses import dataclass

SHAPES = ("square", "round", "rectangle")
SHEETS = ("grid", "uncut", "split")  # imposed with crop marks; one a page, uncut; glued
# none: one-sided; shared: one back for all; per-item; face: the back is the face (tokens)
BACKS = ("none", "shared", "per-item", "face")
PRIMITIVES = ("rect", "circle", "line", "polygon", "path", "text", "flow", "symbol", "image",
              "grid", "repeat")
CAPS = ("butt", "round", "square")  # a stroke's ends, in PDF's order (0, 1, 2)
JOINS = ("miter", "round", "bevel")  # a stroke's corners, in PDF's order
DENSEST = "densest"  # a gutter the imposition picks: the most pieces a sheet can hold
PAGE = "page"  # a look whose size is the paper's own (the bundle's cover)


Measures = tuple[float, float, float]  # a piece's width, height and disc, mm
_MEASURED = ("width", "height", "disc")


@dataclass(frozen=True)
class Rel:
    """A length measured from the piece's trim: `share` of its width or height (or of a
    round piece's face, its disc), plus `plus` mm ("width - 20mm", "height / 2",
    "disc / 2 - 0.3mm"), so a look follows a change of its size."""

    of: str  # "width", "height" or "disc"
    share: float = 1.0
    plus: float = 0.0

    def mm(self, size: Measures) -> float:
        """The length on a piece of `size` (width, height, and its disc across)."""
        return size[_MEASURED.index(self.of)] * self.share + self.plus


Length = float | Rel


def mm(value: Length, size: Measures) -> float:
    """A length in mm on a piece of `size` (width, height, disc)."""
    return value.mm(size) if isinstance(value, Rel) else value


@dataclass(frozen=True)
class Box:
    """A rectangle in mm: top-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Frame:
    """A box as a look writes it: any side may be relative to the piece's size."""

    x: Length
    y: Length
    w: Length
    h: Length

    def on(self, size: Measures) -> Box:
        """The box in plain mm on a piece of `size` (width, height, disc)."""
        return Box(mm(self.x, size), mm(self.y, size), mm(self.w, size), mm(self.h, size))


@dataclass(frozen=True)
class Prim:
    """One primitive: what it draws, its settings and the layout entry it is written at
    (e.g. "pieces.marker.front.2.text"), for the diagnostics of what it draws."""

    op: str  # one of PRIMITIVES
    entry: str
    values: tuple[tuple[str, object], ...]  # lengths in mm (or Rel), formats as written
    children: tuple[Prim, ...] = ()  # a repeat's primitives
    name: str = ""  # its name in the look ("name", "insignias"), when the look names it

    def get(self, key: str, default: object = None) -> object:
        """A setting, or `default` when the layout leaves it out."""
        return dict(self.values).get(key, default)

    # Typed settings: the reader stored each key as one type (prims.py); finding another
    # is a bug of the code, not of the layout, so it raises.

    def _wrong(self, key: str, value: object) -> TypeError:
        return TypeError(f"{self.entry}: {key} is {value!r}")

    def number(self, key: str, default: float = 0.0) -> float:
        """A plain number in mm or a share (a radius, a width, an opacity)."""
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._wrong(key, value)
        return float(value)

    def length(self, key: str, default: float = 0.0) -> Length:
        """A length that may be measured from the piece's size."""
        value = self.get(key, default)
        if isinstance(value, Rel):
            return value
        return self.number(key, default)

    def word(self, key: str) -> str | None:
        """A text, a format or a choice as written (None when left out)."""
        value = self.get(key)
        if value is not None and not isinstance(value, str):
            raise self._wrong(key, value)
        return value

    def text(self, key: str, default: str = "") -> str:
        """A text that is always there (a choice the reader gave its default)."""
        value = self.word(key)
        return default if value is None else value

    def flag(self, key: str) -> bool:
        """True or false."""
        value = self.get(key, False)
        if not isinstance(value, bool):
            raise self._wrong(key, value)
        return value

    def whole(self, key: str, default: int = 0) -> int:
        """A whole number."""
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong(key, value)
        return value

    def count(self, key: str) -> int | str:
        """How many: a whole number, or a format giving one."""
        value = self.get(key, 0)
        if isinstance(value, str):
            return value
        return self.whole(key)

    def frame(self, key: str) -> Frame:
        """A box as the look writes it."""
        value = self.get(key)
        if not isinstance(value, Frame):
            raise self._wrong(key, value)
        return value

    def pair(self, key: str) -> tuple[float, float]:
        """Two numbers (a grid's cell)."""
        value = self.get(key, (0.0, 0.0))
        if not (isinstance(value, tuple) and len(value) == 2):
            raise self._wrong(key, value)
        return float(value[0]), float(value[1])

    def points(self, key: str) -> tuple[tuple[float, float], ...]:
        """Points [x, y] (a polygon's corners)."""
        value = self.get(key, ())
        if not isinstance(value, tuple):
            raise self._wrong(key, value)
        return tuple((float(x), float(y)) for x, y in value)

    def commands(self, key: str) -> tuple[tuple, ...]:
        """A path's commands, ("M", x, y), ("C", ...), ("Z",)."""
        value = self.get(key, ())
        if not isinstance(value, tuple):
            raise self._wrong(key, value)
        return value

    def places(self, key: str) -> tuple[tuple[tuple[Length, Length], ...], ...] | None:
        """A repeat's places by count (None when it steps instead)."""
        value = self.get(key)
        if value is not None and not isinstance(value, tuple):
            raise self._wrong(key, value)
        return value


@dataclass(frozen=True)
class Look:
    """How a kind of piece looks and prints."""

    kind: str  # the kind's name, its key under `pieces:`
    shape: str  # one of SHAPES: a round piece is a disc on a square cut, like a token
    size: tuple[float, float]  # the trim, mm ((0, 0) for a page-sized look)
    bleed: float
    safe: float  # text keeps this far inside the cut (inside the disc of a round piece)
    sheets: str  # one of SHEETS
    gutter: float | str  # between neighbouring trims on a grid sheet, or DENSEST
    overlap: float  # the glue flap of a piece split over pages
    backs: str  # one of BACKS
    background: str | None  # a colour (format) painting the piece, bleed included
    surround: str | None  # a round piece's square round the disc, up to the bleed
    front: tuple[Prim, ...]
    back: tuple[Prim, ...]
    disc: float = 0.0  # a round piece's face across, mm (0: the whole size)
    page: bool = False  # the paper's own size (`size: page`): drawn at each paper's
    product: str = ""  # The Game Crafter's product it is made as (`tgc.py`; "": default)

    @property
    def placing(self) -> tuple:
        """What places the piece on its sheets, without what it draws: a laid-out page
        depends on these, its drawings are linked in afterwards (`linked_pdf`)."""
        return (self.kind, self.shape, self.size, self.bleed, self.sheets, self.gutter,
                self.overlap, self.backs)

    @property
    def entry(self) -> str:
        """The look's own entry in the layout."""
        return f"pieces.{self.kind}"

    @property
    def whole(self) -> tuple[float, float]:
        """Width and height of the drawing: the trim and the bleed round it."""
        return self.size[0] + 2 * self.bleed, self.size[1] + 2 * self.bleed

    @property
    def face(self) -> float:
        """A round piece's face across (its disc), mm."""
        return self.disc or self.size[0]
