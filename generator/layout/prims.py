"""The primitives of a look, read one by one: what each takes, checked as far as it can
be without the content (lengths, colours, the syntax of formats). What a format's
names mean is checked per item when the pieces are drawn (`generator.check.pieces`).

Every problem is positioned: TKG601 for a primitive nobody knows, TKG602 for the rest.
"""

from __future__ import annotations

import re

from generator.core.diagnostics import diagnostic
from generator.core.limits import CELLS
from generator.core.model import Location
from generator.core.nearest import did_you_mean, nearest, nearest_aside
from generator.layout.look import CAPS, JOINS, PRIMITIVES, Length, Prim
from generator.layout.values import ANY, NON_NEGATIVE, POSITIVE, ValueReader
from generator.load.content_schema import FONT_ROLES
from generator.load.formats import NAME, format_problem
from generator.load.schema import COLOUR
from generator.load.yamlsource import YList, YMap

ALIGN = ("start", "middle", "end")
CASES = ("as-written", "upper", "lower")
MAX_LINES = 6
MAX_COUNT = 100  # a repeat or a grid: more is a mistake, and would only slow the build
MAX_POINTS = 200  # a polygon's corners, a path's commands
PAINT = ("fill", "stroke", "stroke_width", "opacity", "tint")
STROKE = ("cap", "join")
WHEN = ("when", "equals", "differs")
TEXT = ("box", "text", "field", "font", "size", "min_size", "colour")
KEYS = {
    "rect": ("x", "y", "w", "h", "radius", *PAINT, "join"),
    "circle": ("cx", "cy", "r", *PAINT),
    "line": ("x1", "y1", "x2", "y2", "stroke", "stroke_width", "opacity", "cap"),
    "polygon": ("points", *PAINT, "join"),
    "path": ("d", *PAINT, *STROKE, "evenodd"),
    "text": (*TEXT, "align", "lines", "plate", "plate_opacity", "plate_radius", "layer",
             "case", "colour_on_light", "under"),
    "flow": (*TEXT, "bold", "italic", "heading", "heading_size", "heading_colour", "under",
             "more", "pictures"),
    "symbol": ("element", "cx", "cy", "size", "colour", "badge", "ring", "ring_width", "under",
               "layer"),
    "image": ("box", "file"),
    "grid": ("x", "y", "columns", "rows", "cell", "gap", "radius", "fit", *PAINT),
    "repeat": ("times", "per", "dx", "dy", "start", "columns", "at", "draw"),
}
_PATH = re.compile(r"([MLCZ])([^MLCZ]*)", re.IGNORECASE)
_ARGS = {"M": 2, "L": 2, "C": 6, "Z": 0}


def _written_in(value: object, path: str) -> bool:
    """Whether a mapping was written in one file alone, every key at every depth (a
    primitive that changes one of the layout it extends holds that one's keys too)."""
    return isinstance(value, YMap) and all(
        value.key_where(key).path == path and
        (not isinstance(item, YMap) or _written_in(item, path)) for key, item in value.items())


class PrimReader(ValueReader):
    """Reads a look's primitives, appending problems to a shared list."""

    code = "TKG602"

    def prims(self, m: YMap, key: str, entry: str, required: bool = False) -> tuple[Prim, ...]:
        """The primitives under `key`: a list, or a mapping that names each (a name may
        hold a list of primitives too), drawn in order. Names let a layout that extends
        this one change a primitive by its name, and the preflight say what it is."""
        listing = m.get(key)
        if listing is None:
            if required:
                self.fail(m, key, f"missing {key!r} (its primitives)")
            return ()
        if isinstance(listing, YMap):
            found: list[Prim | None] = []
            for name, value in listing.items():
                told = len(self.problems)
                if isinstance(value, YList):
                    found += self.listed(value, f"{entry}.{name}", name)
                else:
                    found.append(self.prim(value, listing.where(name), f"{entry}.{name}", name))
                if len(self.problems) > told:
                    self._new_name(listing, name)
            return tuple(p for p in found if p is not None)
        if not isinstance(listing, YList):
            self.fail(m, key, f"{key} must be a list of primitives, or a mapping naming each")
            return ()
        return tuple(p for p in self.listed(listing, entry, "") if p is not None)

    def _new_name(self, listing: YMap, name: str) -> None:
        """For a primitive that could not be read, named as none of the layout this one
        extends is but near one that is: a new name adds a primitive, when the designer
        may have meant to change that one (which has what this one lacks)."""
        here = listing.key_where(name).path
        if not _written_in(listing[name], here):  # it changes one of the extended layout
            return
        near = nearest(name, [n for n in listing if listing.key_where(n).path != here])
        if near is not None:
            self.problems.append(diagnostic(
                "TKG602", listing.key_where(name), f"{name!r} names no primitive of the "
                "layout this one extends, so it adds one",
                f"did you mean {near!r}, to change that one?"))

    def listed(self, listing: YList, entry: str, name: str) -> list[Prim | None]:
        """Each primitive of a list, its entry numbered from 1."""
        return [self.prim(item, listing.where(i), f"{entry}.{i + 1}", name)
                for i, item in enumerate(listing)]

    def prim(self, item: object, where: Location, entry: str, name: str = "") -> Prim | None:
        """One primitive: `- rect: {x: 0, ...}`."""
        if not isinstance(item, YMap) or len(item) != 1:
            self.problems.append(diagnostic(
                "TKG602", where, "each primitive is one key naming it, e.g. "
                "- rect: {x: 0, y: 0, w: 10, h: 10}"))
            return None
        op = next(iter(item))
        if op not in PRIMITIVES:
            self.problems.append(diagnostic("TKG601", item.key_where(op),
                                            f"unknown primitive {op!r}",
                                            did_you_mean(op, PRIMITIVES)))
            return None
        body = self.section(item, op, (*KEYS[op], *WHEN))
        values = {**getattr(self, f"_{op}")(body, f"{entry}.{op}"), **self.when(body)}
        children = self.prims(body, "draw", f"{entry}.{op}.draw", required=True) \
            if op == "repeat" else ()
        return Prim(op, f"{entry}.{op}", tuple(values.items()), children, name)

    # -- values a primitive takes ---------------------------------------------------

    def choice(self, m: YMap, key: str, allowed: tuple[str, ...], default: str) -> str:
        """One word of `allowed`."""
        value = self.text(m, key, default)
        if value not in allowed:
            self.fail(m, key, f"{key} must be one of {', '.join(allowed)}, not {value!r}")
            return default
        return value

    def paint(self, m: YMap, key: str, default: str | None = None) -> str | None:
        """A colour: "#rrggbb", an element id, or a format giving one of those."""
        if key not in m:
            return default
        value = self.text(m, key)
        if COLOUR.match(value):
            return value.upper()
        problem = format_problem(value)
        if problem or not value:
            self.fail(m, key, f"{key} {value!r} is no colour: write \"#rrggbb\", an element "
                      f"id or a format such as \"{{element}}\"{': ' + problem if problem else ''}")
            return None
        return value

    def template(self, m: YMap, key: str, default: str | None = None) -> str | None:
        """A format string (checked for syntax only: its names are the items')."""
        if key not in m:
            return default
        value = self.text(m, key)
        problem = format_problem(value)
        if problem:
            self.fail(m, key, f"{key} {value!r}: {problem}")
            return default
        return value

    def count(self, m: YMap, key: str) -> int | str:
        """How many: a whole number, or a format giving one ("{rules.world.rows}")."""
        value = m.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= MAX_COUNT:
                self.fail(m, key, f"{key} must be 0 to {MAX_COUNT}, not {value}")
                return 0
            return value
        if isinstance(value, str) and not format_problem(value):
            return value
        self.fail(m, key, f"{key} must be a whole number or a format such as "
                  f"\"{{rules.world.rows}}\", not {value!r}")
        return 0

    def whole(self, m: YMap, key: str, default: int, low: int, high: int) -> int:
        """A whole number within [low, high]."""
        value = m.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(m, key, f"{key} must be a whole number from {low} to {high}, "
                      f"not {value!r}")
            return default
        return value

    def role(self, m: YMap, key: str = "font", default: str = "body") -> str:
        """A font role of content/game.yaml."""
        role = self.text(m, key, default)
        if role not in FONT_ROLES:
            self.fail(m, key, f"font {role!r} is not a font role"
                      f"{nearest_aside(role, FONT_ROLES)}: {', '.join(FONT_ROLES)}")
            return default
        self.fonts.add(role)
        return role

    def required(self, m: YMap, key: str) -> str:
        """Report a missing setting; a placeholder so reading goes on."""
        if key not in m:
            self.fail(m, key, f"missing {key!r}")
        return ""

    def when(self, m: YMap) -> dict:
        """`when:` with `equals:` or `differs:`: draw only when the two agree (or not)."""
        given = [k for k in WHEN if k in m]
        if not given:
            return {}
        if "when" not in m or len(given) != 2:
            self.fail(m, given[0], "write when: with one of equals: or differs:")
            return {}
        other = "equals" if "equals" in m else "differs"
        return {"when": self.template(m, "when", ""), other: self.template(m, other, "")}

    def points(self, m: YMap, key: str) -> tuple[tuple[float, float], ...]:
        """A list of points [[x, y], ...] (at least three, for a polygon)."""
        listing = m.get(key)
        if not isinstance(listing, YList) or not 3 <= len(listing) <= MAX_POINTS:
            self.fail(m, key, f"{key} must list 3 to {MAX_POINTS} points [x, y]")
            return ()
        return tuple(self.pair(p, m, key) for p in listing)

    def outline(self, m: YMap, key: str) -> tuple[tuple, ...]:
        """Path data of absolute M, L, C and Z commands ("M 0 0 L 10 0 Z"), in mm."""
        d = self.text(m, key) if key in m else self.required(m, key)
        commands, rest = [], d
        for op, args in _PATH.findall(d):
            rest = rest.replace(op + args, "", 1)
            try:
                numbers = [float(v) for v in args.replace(",", " ").split()]
            except ValueError:
                numbers = []
            count = _ARGS[op.upper()]
            if op.islower() or len(numbers) % max(count, 1) or (count == 0) != (not numbers):
                self.fail(m, key, f"{key}: {op}{args.strip()} is not an absolute command "
                          "with its numbers (M x y, L x y, C x1 y1 x2 y2 x y, Z)")
                return ()
            for start in range(0, max(len(numbers), 1), max(count, 1)):
                commands.append((op, *numbers[start:start + count]))
        if rest.strip() or not commands or commands[0][0] != "M" or len(commands) > MAX_POINTS:
            self.fail(m, key, f"{key} must start with M and hold only M, L, C and Z commands "
                      f"(at most {MAX_POINTS})")
            return ()
        return tuple(commands)

    # -- the primitives ---------------------------------------------------------------

    def _paint(self, m: YMap) -> dict:
        return {"fill": self.paint(m, "fill"), "stroke": self.paint(m, "stroke"),
                "stroke_width": self.length(m, "stroke_width", 0.0, NON_NEGATIVE),
                "opacity": self.number(m, "opacity", 1.0, 0.0, 1.0),
                "tint": self.number(m, "tint", 1.0, 0.0, 1.0)}

    def _ends(self, m: YMap) -> dict:
        return {"cap": self.choice(m, "cap", CAPS, "butt"),
                "join": self.choice(m, "join", JOINS, "miter")}

    def _rect(self, m: YMap, entry: str) -> dict:
        return {"x": self.position(m, "x"), "y": self.position(m, "y"),
                "w": self.position(m, "w", bound=POSITIVE),
                "h": self.position(m, "h", bound=POSITIVE),
                "radius": self.length(m, "radius", 0.0, NON_NEGATIVE), **self._paint(m),
                "join": self.choice(m, "join", JOINS, "miter")}

    def _circle(self, m: YMap, entry: str) -> dict:
        return {"cx": self.position(m, "cx"), "cy": self.position(m, "cy"),
                "r": self.position(m, "r", bound=POSITIVE), **self._paint(m)}

    def _line(self, m: YMap, entry: str) -> dict:
        if "stroke" not in m:
            self.fail(m, "stroke", "a line needs a stroke: (its colour)")
        ends = {k: self.position(m, k) for k in ("x1", "y1", "x2", "y2")}
        return {**ends, "stroke": self.paint(m, "stroke"),
                "stroke_width": self.length(m, "stroke_width", 0.3),
                "opacity": self.number(m, "opacity", 1.0, 0.0, 1.0),
                "cap": self.choice(m, "cap", CAPS, "butt")}

    def _polygon(self, m: YMap, entry: str) -> dict:
        return {"points": self.points(m, "points"), **self._paint(m),
                "join": self.choice(m, "join", JOINS, "miter")}

    def _path(self, m: YMap, entry: str) -> dict:
        return {"d": self.outline(m, "d"), **self._paint(m), **self._ends(m),
                "evenodd": self.flag(m, "evenodd")}

    def _words(self, m: YMap, entry: str) -> dict:
        """What a text or a flow shows and in which type."""
        if ("text" in m) == ("field" in m):
            self.fail(m, "text", "a text shows text: (a format) or field: (an item's field), "
                      "one of them")
        field = self.text(m, "field") if "field" in m else None
        if field is not None and not NAME.match(field):
            self.fail(m, "field", f"field {field!r} is not a field's name")
        size = self.font_size(m, "size", entry)
        least = self.font_size(m, "min_size", entry, size)
        if "min_size" in m and size > 0 and least > size:
            self.fail(m, "min_size", f"min_size ({least:g} mm) must not be larger than size "
                      f"({size:g} mm)")
        return {"box": self.box(m, "box"), "text": self.template(m, "text"), "field": field,
                "font": self.role(m), "size": size, "min_size": least,
                "colour": self.paint(m, "colour") or self.required(m, "colour")}

    def _text(self, m: YMap, entry: str) -> dict:
        if "colour_on_light" in m and "under" not in m:
            self.fail(m, "colour_on_light", "colour_on_light needs under: (the colour under the "
                      "text, e.g. \"{element}\")")
        return {**self._words(m, entry), "align": self.choice(m, "align", ALIGN, "middle"),
                "lines": self.whole(m, "lines", 1, 1, MAX_LINES),
                "plate": self.paint(m, "plate"),
                "plate_opacity": self.number(m, "plate_opacity", 1.0, 0.0, 1.0),
                "plate_radius": self.length(m, "plate_radius", 0.0, NON_NEGATIVE),
                "layer": self.flag(m, "layer"),
                "case": self.choice(m, "case", CASES, "as-written"),
                "colour_on_light": self.paint(m, "colour_on_light"),
                "under": self.paint(m, "under")}

    def _flow(self, m: YMap, entry: str) -> dict:
        more = self.section(m, "more", ("y",)) if "more" in m else None
        return {**self._words(m, entry), "bold": self.role(m, "bold", "bold"),
                "italic": self.role(m, "italic", "body_italic"),
                "heading": self.role(m, "heading", "black"),
                "heading_size": self.font_size(m, "heading_size", entry, 0.0),
                "heading_colour": self.paint(m, "heading_colour"), "under": self.paint(m, "under"),
                "more": self.position(more, "y") if more is not None else None,
                "pictures": self.length(m, "pictures", 24.0)}

    def _symbol(self, m: YMap, entry: str) -> dict:
        return {"element": self.template(m, "element") or self.required(m, "element"),
                "cx": self.position(m, "cx"), "cy": self.position(m, "cy"),
                "size": self.length(m, "size"), "colour": self.paint(m, "colour"),
                "badge": self.length(m, "badge", 0.0, NON_NEGATIVE),
                "ring": self.paint(m, "ring"),
                "ring_width": self.length(m, "ring_width", 0.0, NON_NEGATIVE),
                "under": self.paint(m, "under"), "layer": self.flag(m, "layer")}

    def _image(self, m: YMap, entry: str) -> dict:
        if "file" not in m:
            self.required(m, "file")
        return {"box": self.box(m, "box"), "file": self.template(m, "file", "")}

    def _grid(self, m: YMap, entry: str) -> dict:
        columns, rows = self.count(m, "columns"), self.count(m, "rows")
        if isinstance(columns, int) and isinstance(rows, int) and CELLS.over(columns * rows):
            self.fail(m, "rows", f"{CELLS.says(columns * rows)}: {columns} x {rows}")
            rows = 0
        return {"x": self.position(m, "x"), "y": self.position(m, "y"),
                "columns": columns, "rows": rows,
                "cell": self.pair(m.get("cell"), m, "cell", POSITIVE), **self._holds(m),
                "fit": self.pair(m.get("fit"), m, "fit", POSITIVE) if "fit" in m else None,
                "gap": self.length(m, "gap", 0.0, NON_NEGATIVE),
                "radius": self.length(m, "radius", 0.0, NON_NEGATIVE), **self._paint(m)}

    def _holds(self, m: YMap) -> dict:
        """What a grid's cells hold, when measured from it ("tile + 1.5mm"): its name and
        size, so a cell made smaller to fit its room is told if it cannot hold it."""
        cell = m.get("cell")
        held = self.from_piece(cell[0]) if isinstance(cell, YList) and cell else ""
        return {"holds": held, "holds_mm": self.pieces[held]} if held in self.pieces else {}

    def _repeat(self, m: YMap, entry: str) -> dict:
        if ("times" in m) == ("per" in m):
            self.fail(m, "times", "a repeat goes times: (how many) or per: (elements, or a "
                      "list's name), one of them")
        per = self.text(m, "per") if "per" in m else None
        if per is not None and not NAME.match(per):
            self.fail(m, "per", f"per must be elements or a list's name, not {per!r}")
        if "at" in m and ("dx" in m or "dy" in m or "columns" in m):
            self.fail(m, "at", "a repeat steps by dx, dy (and columns) or sits at: places, "
                      "not both")
        return {"times": self.count(m, "times") if "times" in m else None, "per": per,
                "dx": self.length(m, "dx", 0.0, ANY), "dy": self.length(m, "dy", 0.0, ANY),
                "start": self.whole(m, "start", 1, -MAX_COUNT, MAX_COUNT),
                "columns": self.whole(m, "columns", 0, 0, MAX_COUNT),
                "at": self.places(m, "at") if "at" in m else None}

    def places(self, m: YMap, key: str) -> tuple[tuple[tuple[Length, Length], ...], ...]:
        """`at:` {1: [[x, y]], 2: [[x, y], [x, y]], ...}: where each of n repeats goes, by
        how many there are (the tile's insignia slots); a count not listed draws none."""
        s = m.get(key)
        if not isinstance(s, YMap) or not s:
            self.fail(m, key, f"{key} must map a count to its places, e.g. "
                      "1: [[31.75, 40]]")
            return ()
        found: dict[int, tuple[tuple[Length, Length], ...]] = {}
        for count in s:
            points = s[count]
            if not str(count).isdigit() or not 1 <= int(count) <= MAX_COUNT or not (
                    isinstance(points, YList) and len(points) == int(count)):
                self.fail(s, count, f"{count} must list {count} point(s) [x, y]")
                continue
            found[int(count)] = tuple(self.point(p, s, count, f"a place for {count}")
                                      for p in points)
        return tuple(found.get(n, ()) for n in range(1, max(found, default=0) + 1))
