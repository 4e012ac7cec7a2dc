"""The look of a declared kind of piece, as plain frozen data (a layout's `pieces:`).

A look is the piece's size, shape, bleed and how it is printed, and two lists of
primitives, its front and its back, placed in millimetres from the top-left corner of
the trim. Lengths are read once into mm; every text, colour, element and count may be
a format string over the item's fields and the game (`generator.load.formats`),
filled per item when the piece is drawn (`generator.draw.declared`).
"""

from __future__ import annotations

from dataclasses import dataclass

SHAPES = ("square", "round", "rectangle")
SHEETS = ("grid", "uncut", "split")  # imposed with crop marks; one a page, uncut; glued
BACKS = ("none", "shared", "per-item")
PRIMITIVES = ("rect", "circle", "line", "text", "symbol", "image", "grid", "repeat")


@dataclass(frozen=True)
class Prim:
    """One primitive: what it draws, its settings and the layout entry it is written at
    (e.g. "pieces.marker.front.2.text"), for the diagnostics of what it draws."""

    op: str  # one of PRIMITIVES
    entry: str
    values: tuple[tuple[str, object], ...]  # lengths in mm, formats as written
    children: tuple[Prim, ...] = ()  # a repeat's primitives

    def get(self, key: str, default: object = None) -> object:
        """A setting, or `default` when the layout leaves it out."""
        return dict(self.values).get(key, default)


@dataclass(frozen=True)
class Look:
    """How a declared kind of piece looks and prints."""

    kind: str  # the kind's name, its key under `pieces:`
    shape: str  # one of SHAPES: a round piece is a disc on a square cut, like a token
    size: tuple[float, float]  # the trim, mm
    bleed: float
    safe: float  # text keeps this far inside the cut (inside the disc of a round piece)
    sheets: str  # one of SHEETS
    gutter: float  # between neighbouring trims on a grid sheet
    overlap: float  # the glue flap of a piece split over pages
    backs: str  # one of BACKS
    background: str | None  # a colour (format) painting the piece, bleed included
    surround: str | None  # a round piece's square round the disc, up to the bleed
    front: tuple[Prim, ...]
    back: tuple[Prim, ...]

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
