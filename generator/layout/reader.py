"""Turn a merged layout mapping into `Layout` data, reporting every problem as TKG303.

A broken value is reported and replaced by a placeholder so reading goes on and
finds the other problems; the loader raises if anything was reported. Besides types,
the reader checks ranges (no zero trims or negative sizes) and DESIGN.md's print
conventions (margin, crop marks, bleed, token and insignia sizes), and that every
piece fits on every paper, so a layout that loads can be drawn. The single values are
read by `generator.layout.values`.
"""

from __future__ import annotations

from generator.core.artefacts import PAPERS
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.layout.imposition import fit
from generator.layout.look_reader import LookReader
from generator.layout.model import (
    BackLayout,
    DiscLayout,
    Insignias,
    Layout,
    Marks,
    Seal,
    SheetLayout,
    TextStyle,
    TileLayout,
)
from generator.layout.textformat import FORMAT_FIELDS, format_problem
from generator.layout.values import ANY, NON_NEGATIVE, POSITIVE, ValueReader, places_of
from generator.load.yamlsource import YList, YMap

ALIGN = ("start", "middle", "end")
# DESIGN.md's print conventions, in mm.
MIN_INSIGNIA = 8.0
MIN_TOKEN = 19.0  # a life token's disc
MIN_MARGIN = 6.35  # printers cannot print closer to the paper's edge (0.25 in)
MARK_WIDTH = (0.15, 0.25)  # thin crop marks
DENSEST = "densest"  # a gutter the imposition picks: the most pieces a sheet can hold
TEXT_KEYS = ("box", "font", "size", "min_size", "colour", "align", "plate", "plate_opacity",
             "plate_radius", "text", "format", "colour_on_light", "layer")
# The texts that sit on an element's colour, where `colour_on_light` means something.
ON_ELEMENT = ("oink.name", "oink.capacity")


class LayoutReader(ValueReader):
    """Reads the sections of one merged layout, appending problems to a shared list."""

    def __init__(self, problems: list[Diagnostic], pieces: tuple[str, ...]):
        super().__init__(problems)
        self.pieces = pieces  # the piece kinds `sheets: gutter:` may name

    def template(self, s: YMap, where: str) -> str:
        """A text's `format`: only the names `where` provides, no attribute, index or !r."""
        text = self.text(s, "format")
        if not text:
            return text
        fields = FORMAT_FIELDS.get(where)
        if fields is None:
            self.fail(s, "format", f"{where} takes no format (only "
                      f"{' and '.join(FORMAT_FIELDS)} do)")
            return ""
        problem = format_problem(text, fields)
        if problem:
            known = ", ".join("{" + name + "}" for name in fields)
            self.problems.append(diagnostic("TKG303", s.where("format"),
                                            f"format {text!r}: {problem}", f"use {known}"))
            return ""
        return text

    def style(self, m: YMap, key: str, where: str = "") -> TextStyle:
        """A text style: box, font, size, colour, optional plate, optional format."""
        where = where or key
        s = self.section(m, key, TEXT_KEYS)
        size = self.font_size(s, "size", where)
        min_size = self.font_size(s, "min_size", where, size)
        if "min_size" in s and size > 0 and min_size > size:
            self.fail(s, "min_size", f"min_size ({min_size:g} mm) must not be larger than "
                      f"size ({size:g} mm)")
        align = self.text(s, "align", "middle")
        if align not in ALIGN:
            self.fail(s, "align", f"align must be one of {', '.join(ALIGN)}")
        plate = self.colour(s, "plate") if "plate" in s else None
        return TextStyle(self.box(s, "box"), self.font(s, "font"), size, min_size,
                         self.colour(s, "colour"), align, plate,
                         self.number(s, "plate_opacity", 1.0, 0.0, 1.0),
                         self.length(s, "plate_radius", 0.0, NON_NEGATIVE), self.text(s, "text"),
                         self.template(s, where), self.on_light(s, where), self.flag(s, "layer"))

    def on_light(self, s: YMap, where: str) -> str | None:
        """The dark ink of a text on an element's colour (only there)."""
        if "colour_on_light" not in s:
            return None
        if where not in ON_ELEMENT:
            self.fail(s, "colour_on_light", "colour_on_light is only for text on an element's "
                      f"colour ({', '.join(ON_ELEMENT)})")
            return None
        return self.colour(s, "colour_on_light")

    def layout(self, name: str, data: YMap) -> Layout:
        """Every section of the layout."""
        for key in data:
            if key not in ("extends", "tile", "back", "token", "oink", "sheets", "pieces"):
                self.fail(data, key, f"unknown section {key!r}")
        tile, back = self.tile(data), self.back(data)
        token, oink, sheets = self.disc(data, "token"), self.disc(data, "oink"), self.sheets(data)
        looks = LookReader(self.problems)  # the declared pieces' looks (docs/pieces.md)
        pieces = looks.looks(data)
        layout = Layout(name, tile, back, token, oink, sheets, tuple(sorted(self.fonts)),
                        tuple(sorted(places_of(data).items())),
                        tuple(self.bare_sizes + looks.bare_sizes), pieces)
        if not self.problems:  # sizes are sound: every piece must fit on every paper
            self.fits(layout)
        if not self.problems:
            looks.fit_all(pieces, sheets, data)
        return layout

    def fits(self, layout: Layout) -> None:
        """Report each piece that does not fit on a paper (at the `sheets:` section)."""
        sheets = layout.sheets
        pieces = {"tile": layout.tile, "token": layout.token, "oink": layout.oink}
        for paper, _ in sheets.papers:
            for kind, piece in pieces.items():
                grid = fit(sheets, paper, (piece.trim, piece.trim), piece.bleed, kind)
                if isinstance(grid, str):
                    self.problems.append(diagnostic("TKG303", sheets.where, grid))

    def tile(self, data: YMap) -> TileLayout:
        """The tile face section."""
        t = self.section(data, "tile", ("trim", "bleed", "safe", "background", "art", "name",
                                        "insignias", "flavour", "number"))
        return TileLayout(self.length(t, "trim"), self.bleed(t),
                          self.length(t, "safe", bound=NON_NEGATIVE), self.colour(t, "background"),
                          self.box(t, "art"), self.style(t, "name", "tile.name"),
                          self.insignias(t), self.style(t, "flavour", "tile.flavour"),
                          self.style(t, "number", "tile.number"))

    def insignias(self, t: YMap) -> Insignias:
        """Badge look and the slots for 1-4 insignias."""
        i = self.section(t, "insignias", ("badge", "symbol", "ring", "ring_width",
                                          "symbol_colour", "slots", "layer"))
        symbol = self.length(i, "symbol", bound=ANY)  # the minimum below says more than "> 0"
        if "symbol" in i and symbol < MIN_INSIGNIA:
            self.fail(i, "symbol", f"insignias must be at least {MIN_INSIGNIA:g} mm, "
                      f"not {symbol:g} mm")
        return Insignias(self.length(i, "badge"), symbol, self.colour(i, "ring"),
                         self.length(i, "ring_width", bound=NON_NEGATIVE),
                         self.colour(i, "symbol_colour"), self.slots(i), self.flag(i, "layer"))

    def bleed(self, m: YMap) -> float:
        """A piece's bleed: more than 0, so a slightly off cut shows no white edge."""
        value = self.length(m, "bleed", bound=ANY)
        if "bleed" in m and value <= 0:
            self.fail(m, "bleed", f"bleed must be more than 0 mm (art must run past the cut), "
                      f"not {value:g} mm")
        return value

    def slots(self, i: YMap) -> tuple[tuple[tuple[float, float], ...], ...]:
        """slots: {1: [[x, y]], 2: [[x, y], [x, y]], ...} for 1 to 4 insignias."""
        s = self.section(i, "slots", ("1", "2", "3", "4"))
        result = []
        for count in (1, 2, 3, 4):
            points = s.get(str(count))
            if not isinstance(points, YList) or len(points) != count:
                self.fail(s, str(count), f"slots {count} must list {count} point(s) [x, y]")
                points = []
            result.append(tuple(self.pair(p, s, str(count)) for p in points))
        return tuple(result)

    def back(self, data: YMap) -> BackLayout:
        """The shared back."""
        b = self.section(data, "back", ("background", "pattern", "seal", "title", "subtitle"))
        s = self.section(b, "seal", ("centre", "radius", "badge", "symbol", "ring",
                                     "ring_width"))
        seal = Seal(self.pair(s.get("centre"), s, "centre"), self.length(s, "radius"),
                    self.length(s, "badge"), self.length(s, "symbol"), self.colour(s, "ring"),
                    self.length(s, "ring_width", bound=NON_NEGATIVE))
        return BackLayout(self.colour(b, "background"), self.colour(b, "pattern"), seal,
                          self.style(b, "title", "back.title"),
                          self.style(b, "subtitle", "back.subtitle"))

    def disc(self, data: YMap, key: str) -> DiscLayout:
        """A token or Oink section."""
        d = self.section(data, key, ("trim", "bleed", "disc", "symbol", "ring", "ring_width",
                                     "symbol_colour", "surround", "name", "capacity"))
        extras = {k: self.style(d, k, f"{key}.{k}") for k in ("name", "capacity") if k in d}
        disc = self.length(d, "disc", bound=ANY if key == "token" else POSITIVE)
        if key == "token":
            self.at_least(d, "disc", disc, MIN_TOKEN, "life tokens must be easy to pick up")
        return DiscLayout(self.length(d, "trim"), self.bleed(d), disc, self.length(d, "symbol"),
                          self.colour(d, "ring"), self.length(d, "ring_width", bound=NON_NEGATIVE),
                          self.colour(d, "symbol_colour"), self.colour(d, "surround"), **extras)

    def sheets(self, data: YMap) -> SheetLayout:
        """Paper sizes, margin, crop marks and gutters."""
        s = self.section(data, "sheets", ("papers", "margin", "marks", "gutter"))
        named = s.get("papers")
        p = self.section(s, "papers", tuple(named) if isinstance(named, YMap) else ())
        papers = tuple((name, self.pair(p[name], p, name, POSITIVE)) for name in sorted(p))
        missing = [paper for paper in PAPERS if paper not in p]
        if isinstance(named, YMap) and missing:
            self.problems.append(diagnostic(
                "TKG303", s.key_where("papers"), "papers must give the size of every paper "
                f"a build can ask for; missing: {', '.join(missing)}",
                "e.g. a4: [210mm, 297mm] and letter: [8.5in, 11in]"))
        m = self.section(s, "marks", ("length", "offset", "width", "colour"))
        width = self.length(m, "width", bound=ANY)
        low, high = MARK_WIDTH
        if "width" in m and not low - 1e-9 <= width <= high + 1e-9:
            self.fail(m, "width", f"crop marks must be {low:g}-{high:g} mm wide, not {width:g} mm")
        marks = Marks(self.length(m, "length"), self.length(m, "offset", bound=NON_NEGATIVE),
                      width, self.colour(m, "colour"))
        g = self.section(s, "gutter", self.pieces)
        densest = tuple(k for k in sorted(g) if g[k] == DENSEST)
        gutters = tuple((k, self.length(g, k, bound=NON_NEGATIVE)) for k in sorted(g)
                        if k not in densest)
        margin = self.length(s, "margin", bound=ANY)
        self.at_least(s, "margin", margin, MIN_MARGIN, "printers cannot print nearer the edge")
        return SheetLayout(papers, margin, marks, gutters, data.key_where("sheets"),
                           self.pieces, densest)

