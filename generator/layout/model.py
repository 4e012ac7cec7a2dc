"""Layouts as plain frozen data, every length in millimetres.

A layout is how the sheets are printed (papers, margin, crop marks) and a look for
every kind of piece (`generator.layout.look`): the built-in ones (tile, token, Oink,
player aid, the bundle's cover) and the kinds content/pieces.yaml declares. It is read
from YAML under `templates/layouts/` by `generator.layout.loader`; nothing here draws
or does I/O. Positions are measured from the top-left corner of a piece's trim, y down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.core.model import NOWHERE, Location
from generator.layout.look import Box, Look

__all__ = ["Box", "Layout", "Marks", "SheetLayout", "TextStyle"]


@dataclass(frozen=True)
class TextStyle:
    """A line or paragraph of text in a box, as it is drawn: font role, size (mm),
    colour and plate. The painter makes one for each text of a look."""

    box: Box
    font: str  # a font role of content/game.yaml, e.g. "title"
    size: float  # mm
    min_size: float  # mm; long text shrinks down to this before it wraps
    colour: str
    align: str = "middle"  # start | middle | end
    plate: str | None = None  # colour of a rounded plate behind the text
    plate_opacity: float = 1.0
    plate_radius: float = 0.0
    layer: bool = False  # the layout lets other parts overlap this text


@dataclass(frozen=True)
class Marks:
    """Crop marks: drawn in the margin outside the grid, never over a piece."""

    length: float
    offset: float
    width: float
    colour: str


@dataclass(frozen=True)
class SheetLayout:
    """Sheet imposition: paper sizes, printable margin, crop marks."""

    papers: tuple[tuple[str, tuple[float, float]], ...]  # name -> (width, height) mm
    margin: float
    marks: Marks
    # Where the `sheets:` section is, for "a piece does not fit" (left out of repr and
    # equality: moving a line in the YAML changes no drawing).
    where: Location = field(default=NOWHERE, repr=False, compare=False)

    def paper(self, name: str) -> tuple[float, float]:
        """Width and height of a paper, mm (KeyError if the layout lacks it)."""
        return dict(self.papers)[name]


@dataclass(frozen=True)
class Layout:
    """A complete layout, as named by `tkg build --layout NAME`."""

    name: str
    sheets: SheetLayout
    fonts: tuple[str, ...] = ()  # every font role the looks use
    # Where each entry is written, by its dotted name ("pieces.tile.front.3.text.box"),
    # for the diagnostics; left out of repr and equality, as moving a line in the YAML
    # changes no drawing.
    places: tuple[tuple[str, Location], ...] = field(default=(), repr=False, compare=False)
    # Font sizes written without a unit (read as points): (entry, number, where).
    bare_sizes: tuple[tuple[str, float, Location], ...] = field(default=(), repr=False,
                                                                compare=False)
    # Every kind's look (`pieces:`). Left out of repr and equality: each kind hashes its
    # own look, so an edited mat redraws no tile.
    pieces: tuple[Look, ...] = field(default=(), repr=False, compare=False)

    def look(self, kind: str) -> Look | None:
        """The look of a kind of piece (None if the layout has none)."""
        return next((look for look in self.pieces if look.kind == kind), None)

    def where(self, entry: str) -> Location:
        """Where `entry` (or the nearest enclosing entry) is written in the layout files."""
        places = dict(self.places)
        while entry:
            if entry in places:
                return places[entry]
            entry = entry.rpartition(".")[0]
        return NOWHERE
