"""Turn a merged layout mapping into `Layout` data, reporting every problem as TKG303.

A broken value is reported and replaced by a placeholder so reading goes on and
finds the other problems; the loader raises if anything was reported.
"""

from __future__ import annotations

import re

from generator.diagnostics import Diagnostic, diagnostic
from generator.layout.model import (
    GUTTER_KINDS,
    BackLayout,
    Box,
    DiscLayout,
    Insignias,
    Layout,
    Marks,
    Seal,
    SheetLayout,
    TextStyle,
    TileLayout,
)
from generator.layout.units import parse_length
from generator.yamlsource import YList, YMap

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
ALIGN = ("start", "middle", "end")
MIN_INSIGNIA = 8.0  # mm; DESIGN.md's print conventions
TEXT_KEYS = ("box", "font", "size", "min_size", "colour", "align", "plate", "plate_opacity",
             "plate_radius", "text", "format")


class LayoutReader:
    """Reads the sections of one merged layout, appending problems to a shared list."""

    def __init__(self, problems: list[Diagnostic]):
        self.problems = problems
        self.fonts: set[str] = set()

    def fail(self, m: YMap, key: str, message: str) -> None:
        """Record a TKG303 at the position of `key` in `m`."""
        self.problems.append(diagnostic("TKG303", m.where(key), message))

    def section(self, m: YMap, key: str, allowed: tuple[str, ...]) -> YMap:
        """The mapping under `key`, checked for unknown keys (an empty one if absent)."""
        value = m.get(key)
        if not isinstance(value, YMap):
            self.fail(m, key, f"{key!r} must be a mapping" if key in m else f"missing {key!r}")
            return YMap(m.where(key))
        for k in value:
            if k not in allowed:
                self.problems.append(diagnostic("TKG303", value.key_where(k),
                                                f"unknown key {k!r} in {key}",
                                                "known keys: " + ", ".join(allowed)))
        return value

    def length(self, m: YMap, key: str, default: float | None = None) -> float:
        """A length in mm."""
        if key not in m:
            if default is None:
                self.fail(m, key, f"missing length {key!r}")
            return default or 0.0
        try:
            return parse_length(m[key])
        except ValueError as exc:
            self.fail(m, key, f"{key}: {exc}")
            return 0.0

    def number(self, m: YMap, key: str, default: float) -> float:
        """A plain number (an opacity)."""
        value = m.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(m, key, f"{key} must be a number")
            return default
        return float(value)

    def colour(self, m: YMap, key: str, default: str | None = None) -> str:
        """A #rrggbb colour, upper-cased."""
        value = m.get(key, default)
        if not isinstance(value, str) or not COLOUR.match(value):
            self.fail(m, key, f"{key} must be a colour like \"#1B1A24\", not {value!r}")
            return "#000000"
        return value.upper()

    def text(self, m: YMap, key: str, default: str = "") -> str:
        """A plain string."""
        value = m.get(key, default)
        if not isinstance(value, str):
            self.fail(m, key, f"{key} must be text")
            return default
        return value

    def font(self, m: YMap, key: str) -> str:
        """A font role; remembered so the build can check the content has it."""
        role = self.text(m, key, "body")
        self.fonts.add(role)
        return role

    def pair(self, value: object, m: YMap, key: str) -> tuple[float, float]:
        """Two lengths, e.g. a point [x, y] or a paper [width, height]."""
        if isinstance(value, YList) and len(value) == 2:
            try:
                return parse_length(value[0]), parse_length(value[1])
            except ValueError as exc:
                self.fail(m, key, f"{key}: {exc}")
                return 0.0, 0.0
        self.fail(m, key, f"{key} must be a pair like [31.75, 40]")
        return 0.0, 0.0

    def box(self, m: YMap, key: str) -> Box:
        """A box {x, y, w, h}."""
        b = self.section(m, key, ("x", "y", "w", "h"))
        return Box(*(self.length(b, k) for k in ("x", "y", "w", "h")))

    def style(self, m: YMap, key: str) -> TextStyle:
        """A text style: box, font, size, colour, optional plate."""
        s = self.section(m, key, TEXT_KEYS)
        size = self.length(s, "size")
        align = self.text(s, "align", "middle")
        if align not in ALIGN:
            self.fail(s, "align", f"align must be one of {', '.join(ALIGN)}")
        plate = self.colour(s, "plate") if "plate" in s else None
        return TextStyle(self.box(s, "box"), self.font(s, "font"), size,
                         self.length(s, "min_size", size), self.colour(s, "colour"), align,
                         plate, self.number(s, "plate_opacity", 1.0),
                         self.length(s, "plate_radius", 0.0), self.text(s, "text"),
                         self.text(s, "format"))

    def layout(self, name: str, data: YMap) -> Layout:
        """Every section of the layout."""
        for key in data:
            if key not in ("extends", "tile", "back", "token", "oink", "sheets"):
                self.fail(data, key, f"unknown section {key!r}")
        return Layout(name, self.tile(data), self.back(data), self.disc(data, "token"),
                      self.disc(data, "oink"), self.sheets(data), tuple(sorted(self.fonts)))

    def tile(self, data: YMap) -> TileLayout:
        """The tile face section."""
        t = self.section(data, "tile", ("trim", "bleed", "safe", "background", "art", "name",
                                        "insignias", "flavour", "number"))
        return TileLayout(self.length(t, "trim"), self.length(t, "bleed"),
                          self.length(t, "safe"), self.colour(t, "background"),
                          self.box(t, "art"), self.style(t, "name"), self.insignias(t),
                          self.style(t, "flavour"), self.style(t, "number"))

    def insignias(self, t: YMap) -> Insignias:
        """Badge look and the slots for 1-4 insignias."""
        i = self.section(t, "insignias", ("badge", "symbol", "ring", "ring_width",
                                          "symbol_colour", "slots"))
        symbol = self.length(i, "symbol")
        if "symbol" in i and symbol < MIN_INSIGNIA:
            self.fail(i, "symbol", f"insignias must be at least {MIN_INSIGNIA:g} mm, "
                      f"not {symbol:g} mm")
        return Insignias(self.length(i, "badge"), symbol, self.colour(i, "ring"),
                         self.length(i, "ring_width"), self.colour(i, "symbol_colour"),
                         self.slots(i))

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
                    self.length(s, "ring_width"))
        return BackLayout(self.colour(b, "background"), self.colour(b, "pattern"), seal,
                          self.style(b, "title"), self.style(b, "subtitle"))

    def disc(self, data: YMap, key: str) -> DiscLayout:
        """A token or Oink section."""
        d = self.section(data, key, ("trim", "bleed", "disc", "symbol", "ring", "ring_width",
                                     "symbol_colour", "surround", "name", "capacity"))
        extras = {k: self.style(d, k) for k in ("name", "capacity") if k in d}
        return DiscLayout(self.length(d, "trim"), self.length(d, "bleed"),
                          self.length(d, "disc"), self.length(d, "symbol"),
                          self.colour(d, "ring"), self.length(d, "ring_width"),
                          self.colour(d, "symbol_colour"), self.colour(d, "surround"), **extras)

    def sheets(self, data: YMap) -> SheetLayout:
        """Paper sizes, margin, crop marks and gutters."""
        s = self.section(data, "sheets", ("papers", "margin", "marks", "gutter"))
        p = self.section(s, "papers", tuple(s.get("papers") or ()))
        papers = tuple((name, self.pair(p[name], p, name)) for name in sorted(p))
        m = self.section(s, "marks", ("length", "offset", "width", "colour"))
        marks = Marks(self.length(m, "length"), self.length(m, "offset"),
                      self.length(m, "width"), self.colour(m, "colour"))
        g = self.section(s, "gutter", GUTTER_KINDS)
        gutters = tuple((k, self.length(g, k)) for k in sorted(g))
        return SheetLayout(papers, self.length(s, "margin"), marks, gutters)
