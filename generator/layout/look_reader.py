"""Read a layout's `pieces:` section into `Look`s: each declared kind's size, shape,
sheets and backs, and its primitives. Every problem is positioned: TKG601 for a
primitive nobody knows, TKG605 for a piece no paper holds, TKG602 for the rest.

Values are checked here as far as they can be without the content (lengths, colours,
the syntax of formats, which keys a primitive takes); what a format's names mean is
checked per item when the pieces are drawn (`generator.check.pieces`).
"""

from __future__ import annotations

import difflib

from generator.core.artefacts import PAPERS
from generator.core.diagnostics import diagnostic
from generator.layout.look import BACKS, PRIMITIVES, SHAPES, SHEETS, Look, Prim
from generator.layout.look_fit import fit_problem
from generator.layout.model import SheetLayout
from generator.layout.values import ANY, NON_NEGATIVE, POSITIVE, ValueReader
from generator.load.content_schema import FONT_ROLES
from generator.load.formats import NAME, format_problem
from generator.load.schema import COLOUR
from generator.load.yamlsource import YList, YMap

ALIGN = ("start", "middle", "end")
MAX_LINES = 6
MAX_COUNT = 100  # a repeat or a grid: more is a mistake, and would only slow the build
PAINT = ("fill", "stroke", "stroke_width", "opacity")
WHEN = ("when", "equals", "differs")
KEYS = {
    "rect": ("x", "y", "w", "h", "radius", *PAINT),
    "circle": ("cx", "cy", "r", *PAINT),
    "line": ("x1", "y1", "x2", "y2", "stroke", "stroke_width", "opacity"),
    "text": ("box", "text", "field", "font", "size", "min_size", "colour", "align", "lines",
             "plate", "plate_opacity", "plate_radius", "layer"),
    "symbol": ("element", "cx", "cy", "size", "colour", "badge", "ring", "ring_width"),
    "image": ("box", "file"),
    "grid": ("x", "y", "columns", "rows", "cell", "gap", "radius", *PAINT),
    "repeat": ("times", "per", "dx", "dy", "draw"),
}
LOOK_KEYS = ("shape", "size", "bleed", "safe", "sheets", "gutter", "overlap", "backs",
             "background", "surround", "front", "back")


class LookReader(ValueReader):
    """Reads the looks of one merged layout, appending problems to a shared list."""

    code = "TKG602"

    def looks(self, data: YMap) -> tuple[Look, ...]:
        """Every look under `pieces:` (none without the section)."""
        if "pieces" not in data:
            return ()
        section = data["pieces"]
        if not isinstance(section, YMap):
            self.fail(data, "pieces", "pieces must map each kind's name to its look")
            return ()
        return tuple(self.look(kind, self.section(section, kind, LOOK_KEYS)) for kind in section)

    def fit_all(self, looks: tuple[Look, ...], sheets: SheetLayout, data: YMap) -> None:
        """Each look against the papers of sound `sheets` (TKG605)."""
        for look in looks:
            self.fits(look, sheets, data["pieces"][look.kind])

    def look(self, kind: str, m: YMap) -> Look:
        """One kind's look."""
        shape = self.choice(m, "shape", SHAPES, "square")
        backs = self.choice(m, "backs", BACKS, "none")
        sheets = self.choice(m, "sheets", SHEETS, "grid")
        entry = f"pieces.{kind}"
        if backs == "none" and "back" in m:
            self.fail(m, "back", "back: draws nothing with backs: none (say shared or per-item)")
        if backs != "none" and sheets == "split":
            self.fail(m, "backs", "a piece split over pages has no back: backs: none")
        if "surround" in m and shape != "round":
            self.fail(m, "surround", "surround paints round a round piece's disc only")
        back = self.prims(m, "back", f"{entry}.back") if backs != "none" else ()
        if backs != "none" and "back" not in m:
            self.fail(m, "backs", f"backs: {backs} needs a back: (its primitives)")
        return Look(kind, shape, self.size(m, shape), self.length(m, "bleed", 0.0, NON_NEGATIVE),
                    self.length(m, "safe", 3.0, NON_NEGATIVE), sheets,
                    self.length(m, "gutter", 4.0, NON_NEGATIVE),
                    self.length(m, "overlap", 12.0, POSITIVE), backs,
                    self.paint(m, "background"), self.paint(m, "surround"),
                    self.prims(m, "front", f"{entry}.front", required=True), back)

    def choice(self, m: YMap, key: str, allowed: tuple[str, ...], default: str) -> str:
        """One word of `allowed`."""
        value = self.text(m, key, default)
        if value not in allowed:
            self.fail(m, key, f"{key} must be one of {', '.join(allowed)}, not {value!r}")
            return default
        return value

    def size(self, m: YMap, shape: str) -> tuple[float, float]:
        """The trim: one length (square, round) or [width, height]."""
        value = m.get("size")
        if isinstance(value, YList):
            w, h = self.pair(value, m, "size", POSITIVE)
        else:
            w = h = self.length(m, "size")
        if shape != "rectangle" and abs(w - h) > 1e-9:
            self.fail(m, "size", f"a {shape} piece has one size, not {w:g} x {h:g} mm "
                      "(say shape: rectangle)")
        return w, h

    def fits(self, look: Look, sheets: SheetLayout, m: YMap) -> None:
        """TKG605 at the size when the piece cannot print on a paper the layout has."""
        for paper in PAPERS:
            if paper not in dict(sheets.papers):
                continue
            why = fit_problem(look, sheets, paper)
            if why:
                hint = "make it smaller, or its glue flaps (overlap:) narrower" \
                    if look.sheets == "split" else None
                self.problems.append(diagnostic("TKG605", m.where("size"), why, hint))

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

    def prims(self, m: YMap, key: str, entry: str, required: bool = False) -> tuple[Prim, ...]:
        """A list of primitives, each one key naming it."""
        listing = m.get(key)
        if listing is None:
            if required:
                self.fail(m, key, f"missing {key!r} (its primitives)")
            return ()
        if not isinstance(listing, YList):
            self.fail(m, key, f"{key} must be a list of primitives")
            return ()
        found = []
        for i, item in enumerate(listing):
            prim = self.prim(item, listing, i, f"{entry}.{i + 1}")
            if prim is not None:
                found.append(prim)
        return tuple(found)

    def prim(self, item: object, listing: YList, i: int, entry: str) -> Prim | None:
        """One primitive: `- rect: {x: 0, ...}`."""
        if not isinstance(item, YMap) or len(item) != 1:
            self.problems.append(diagnostic(
                "TKG602", listing.where(i), "each primitive is one key naming it, e.g. "
                "- rect: {x: 0, y: 0, w: 10, h: 10}"))
            return None
        op = next(iter(item))
        if op not in PRIMITIVES:
            close = difflib.get_close_matches(op, PRIMITIVES, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}?" if close else None
            self.problems.append(diagnostic("TKG601", item.key_where(op),
                                            f"unknown primitive {op!r}", hint))
            return None
        body = self.section(item, op, (*KEYS[op], *WHEN))
        values = {**getattr(self, f"_{op}")(body, f"{entry}.{op}"), **self.when(body)}
        children = self.prims(body, "draw", f"{entry}.{op}.draw", required=True) \
            if op == "repeat" else ()
        return Prim(op, f"{entry}.{op}", tuple(values.items()), children)

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

    def _paint(self, m: YMap) -> dict:
        return {"fill": self.paint(m, "fill"), "stroke": self.paint(m, "stroke"),
                "stroke_width": self.length(m, "stroke_width", 0.0, NON_NEGATIVE),
                "opacity": self.number(m, "opacity", 1.0, 0.0, 1.0)}

    def _rect(self, m: YMap, entry: str) -> dict:
        return {"x": self.length(m, "x", bound=ANY), "y": self.length(m, "y", bound=ANY),
                "w": self.length(m, "w"), "h": self.length(m, "h"),
                "radius": self.length(m, "radius", 0.0, NON_NEGATIVE), **self._paint(m)}

    def _circle(self, m: YMap, entry: str) -> dict:
        return {"cx": self.length(m, "cx", bound=ANY), "cy": self.length(m, "cy", bound=ANY),
                "r": self.length(m, "r"), **self._paint(m)}

    def _line(self, m: YMap, entry: str) -> dict:
        if "stroke" not in m:
            self.fail(m, "stroke", "a line needs a stroke: (its colour)")
        ends = {k: self.length(m, k, bound=ANY) for k in ("x1", "y1", "x2", "y2")}
        return {**ends, "stroke": self.paint(m, "stroke"),
                "stroke_width": self.length(m, "stroke_width", 0.3),
                "opacity": self.number(m, "opacity", 1.0, 0.0, 1.0)}

    def _text(self, m: YMap, entry: str) -> dict:
        if ("text" in m) == ("field" in m):
            self.fail(m, "text", "a text shows text: (a format) or field: (an item's field), "
                      "one of them")
        field = self.text(m, "field") if "field" in m else None
        if field is not None and not NAME.match(field):
            self.fail(m, "field", f"field {field!r} is not a field's name")
        size = self.font_size(m, "size", entry)
        lines = m.get("lines", 1)
        if isinstance(lines, bool) or not isinstance(lines, int) or not 1 <= lines <= MAX_LINES:
            self.fail(m, "lines", f"lines must be 1 to {MAX_LINES}, not {lines!r}")
            lines = 1
        return {"box": self.box(m, "box"), "text": self.template(m, "text"), "field": field,
                "font": self.role(m), "size": size,
                "min_size": self.font_size(m, "min_size", entry, size),
                "colour": self.paint(m, "colour") or self.required(m, "colour"),
                "align": self.choice(m, "align", ALIGN, "middle"), "lines": lines,
                "plate": self.paint(m, "plate"),
                "plate_opacity": self.number(m, "plate_opacity", 1.0, 0.0, 1.0),
                "plate_radius": self.length(m, "plate_radius", 0.0, NON_NEGATIVE),
                "layer": self.flag(m, "layer")}

    def _symbol(self, m: YMap, entry: str) -> dict:
        badge = self.length(m, "badge", 0.0, NON_NEGATIVE)
        return {"element": self.template(m, "element") or self.required(m, "element"),
                "cx": self.length(m, "cx", bound=ANY), "cy": self.length(m, "cy", bound=ANY),
                "size": self.length(m, "size"), "colour": self.paint(m, "colour"),
                "badge": badge, "ring": self.paint(m, "ring"),
                "ring_width": self.length(m, "ring_width", 0.0, NON_NEGATIVE)}

    def _image(self, m: YMap, entry: str) -> dict:
        return {"box": self.box(m, "box"),
                "file": self.template(m, "file") or self.required(m, "file")}

    def _grid(self, m: YMap, entry: str) -> dict:
        return {"x": self.length(m, "x", bound=ANY), "y": self.length(m, "y", bound=ANY),
                "columns": self.count(m, "columns"), "rows": self.count(m, "rows"),
                "cell": self.pair(m.get("cell"), m, "cell", POSITIVE),
                "gap": self.length(m, "gap", 0.0, NON_NEGATIVE),
                "radius": self.length(m, "radius", 0.0, NON_NEGATIVE), **self._paint(m)}

    def _repeat(self, m: YMap, entry: str) -> dict:
        if ("times" in m) == ("per" in m):
            self.fail(m, "times", "a repeat goes times: (how many) or per: (elements, or a "
                      "list's name), one of them")
        per = self.text(m, "per") if "per" in m else None
        if per is not None and not NAME.match(per):
            self.fail(m, "per", f"per must be elements or a list's name, not {per!r}")
        return {"times": self.count(m, "times") if "times" in m else None, "per": per,
                "dx": self.length(m, "dx", 0.0, ANY), "dy": self.length(m, "dy", 0.0, ANY)}

    def role(self, m: YMap) -> str:
        """A font role of content/game.yaml."""
        role = self.text(m, "font", "body")
        if role not in FONT_ROLES:
            self.fail(m, "font", f"font {role!r} is not a font role: {', '.join(FONT_ROLES)}")
            return "body"
        return role

    def required(self, m: YMap, key: str) -> str:
        """Report a missing setting; a placeholder so reading goes on."""
        if key not in m:
            self.fail(m, key, f"missing {key!r}")
        return ""
