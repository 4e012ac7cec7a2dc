"""Layouts as plain frozen data, every length in millimetres.

A layout says where things sit on a tile face, the shared back, a life token and an
Oink, and how pieces are imposed on a sheet of paper. It is read from YAML under
`templates/layouts/` by `generator.layout.loader`; nothing here draws or does I/O.
Positions are measured from the top-left corner of a piece's trim, y pointing down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.core.model import NOWHERE, Location
from generator.layout.look import Look


@dataclass(frozen=True)
class Box:
    """A rectangle in mm: top-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class TextStyle:
    """A line or paragraph of text in a box: font role, size (mm), colour, plate.

    A layout writes sizes in points (`13pt`, or a bare `13`) or with another unit.
    """

    box: Box
    font: str  # a font role of content/game.yaml, e.g. "title"
    size: float  # mm (the layout writes "13pt", or 13 meaning points)
    min_size: float  # mm; long text shrinks down to this before it wraps
    colour: str
    align: str = "middle"  # start | middle | end
    plate: str | None = None  # colour of a rounded plate behind the text
    plate_opacity: float = 1.0
    plate_radius: float = 0.0
    text: str = ""  # fixed text (back title); pieces usually fill their own
    format: str = ""  # a str.format pattern, e.g. "{number}/{count}"
    # On an element's colour (an Oink's disc): the ink used instead of `colour` where it
    # reads better, so light element colours get dark text.
    colour_on_light: str | None = None
    layer: bool = False  # the layout lets other parts overlap this text


@dataclass(frozen=True)
class Insignias:
    """How insignia badges look on a tile face, and where 1-4 of them sit."""

    badge: float  # disc diameter, mm
    symbol: float  # silhouette size, mm
    ring: str
    ring_width: float
    symbol_colour: str
    slots: tuple[tuple[tuple[float, float], ...], ...]  # slots[n - 1] = n badge centres
    layer: bool = False  # the layout lets badges overlap each other and other parts

    def centres(self, count: int) -> tuple[tuple[float, float], ...]:
        """Badge centres for a tile with `count` insignias."""
        return self.slots[count - 1]


@dataclass(frozen=True)
class TileLayout:
    """The tile face: trim, bleed, safe zone and every box."""

    trim: float
    bleed: float
    safe: float
    background: str
    art: Box
    name: TextStyle
    insignias: Insignias
    flavour: TextStyle
    number: TextStyle


@dataclass(frozen=True)
class Seal:
    """The emblem on the shared back: four badges in a ring."""

    centre: tuple[float, float]
    radius: float
    badge: float
    symbol: float
    ring: str
    ring_width: float


@dataclass(frozen=True)
class BackLayout:
    """The back shared by every tile (the size is the tile's)."""

    background: str
    pattern: str
    seal: Seal
    title: TextStyle
    subtitle: TextStyle


@dataclass(frozen=True)
class DiscLayout:
    """A round piece on a square cut: a life token, or an Oink (which has text too)."""

    trim: float
    bleed: float
    disc: float
    symbol: float
    ring: str
    ring_width: float
    symbol_colour: str
    surround: str
    name: TextStyle | None = None
    capacity: TextStyle | None = None


@dataclass(frozen=True)
class Marks:
    """Crop marks: drawn in the margin outside the grid, never over a piece."""

    length: float
    offset: float
    width: float
    colour: str


@dataclass(frozen=True)
class SheetLayout:
    """Sheet imposition: paper sizes, printable margin, crop marks, gutters per piece."""

    papers: tuple[tuple[str, tuple[float, float]], ...]  # name -> (width, height) mm
    margin: float
    marks: Marks
    gutters: tuple[tuple[str, float], ...]  # piece kind -> gap between trims, mm
    # Where the `sheets:` section is, for "a piece does not fit" (left out of repr and
    # equality: moving a line in the YAML changes no drawing).
    where: Location = field(default=NOWHERE, repr=False, compare=False)
    # The piece kinds the layout was read with (`generator.products.kinds.gutter_keys`).
    pieces: tuple[str, ...] = field(default=(), repr=False, compare=False)
    densest: tuple[str, ...] = ()  # piece kinds whose gutter is `densest` (imposition.py)

    def paper(self, name: str) -> tuple[float, float]:
        """Width and height of a paper, mm (KeyError if the layout lacks it)."""
        return dict(self.papers)[name]

    def gutter(self, kind: str) -> float:
        """Gap between neighbouring trims for a piece kind (one of `pieces`).

        A kind the layout leaves out has no gap; a kind no layout can name is a bug,
        so it raises instead of quietly giving 0.
        """
        if kind not in self.pieces:
            raise ValueError(f"no piece kind {kind!r}; sheets know {', '.join(self.pieces)}")
        return dict(self.gutters).get(kind, 0.0)


@dataclass(frozen=True)
class Layout:
    """A complete layout, as named by `tkg build --layout NAME`."""

    name: str
    tile: TileLayout
    back: BackLayout
    token: DiscLayout
    oink: DiscLayout
    sheets: SheetLayout
    fonts: tuple[str, ...] = ()  # every font role the layout uses
    # Where each entry is written, by its dotted name ("tile.number", "back.seal",
    # "tile.insignias.slots.3.2"), for the preflight's diagnostics; left out of repr and
    # equality, as moving a line in the YAML changes no drawing.
    places: tuple[tuple[str, Location], ...] = field(default=(), repr=False, compare=False)
    # Font sizes written without a unit (read as points): (entry, number, where).
    bare_sizes: tuple[tuple[str, float, Location], ...] = field(default=(), repr=False,
                                                                compare=False)
    # The looks of the declared kinds of piece (`pieces:`). Left out of repr and
    # equality: the built-in pieces' drawings hash the layout's repr, and an edited mat
    # must not redraw a tile; each declared kind hashes its own look.
    pieces: tuple[Look, ...] = field(default=(), repr=False, compare=False)

    def look(self, kind: str) -> Look | None:
        """The look of a declared kind of piece (None if the layout has none)."""
        return next((look for look in self.pieces if look.kind == kind), None)

    def where(self, entry: str) -> Location:
        """Where `entry` (or the nearest enclosing entry) is written in the layout files."""
        places = dict(self.places)
        while entry:
            if entry in places:
                return places[entry]
            entry = entry.rpartition(".")[0]
        return NOWHERE
