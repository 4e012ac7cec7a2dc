"""The values a layout is made of, read one at a time: lengths, font sizes, colours,
numbers, flags, pairs and boxes. Every problem is a TKG303 at the value's position.

A broken value is reported and replaced by a placeholder so reading goes on and finds
the other problems (`generator.layout.reader` reads the sections with these).
"""

from __future__ import annotations

import re

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Location
from generator.layout.look import Frame, Length, Rel
from generator.layout.units import parse_font_size, parse_length
from generator.load.schema import COLOUR, control_problem, type_error, unknown_keys
from generator.load.yamlsource import YList, YMap

# The range a length may take: sizes must be more than 0, gaps and offsets at least 0,
# positions anything (art starts in the bleed, at -3).
POSITIVE, NON_NEGATIVE, ANY = "positive", "non-negative", "any"
# A length measured from the piece's size: "width", "height / 2", "width - 20mm", or
# from a round piece's face: "disc / 2 - 0.3mm"; or from another piece's, so a mat
# follows what it holds: "tile + 1.5mm", "tile * 5 + 54.5mm", "token / 2 - 0.25mm".
_RELATIVE = re.compile(r"^\s*(width|height|disc|tile|token)\s*"
                       r"(?:([*/])\s*(\d+(?:\.\d+)?)\s*)?(?:([+-])\s*(\S.*?))?\s*$")
# The pieces a length of any look may be measured from: the tile's side and the life
# token's size (its cut, across). Their sizes are known once the layout is read, so a
# length measured from them is worked out then, into plain mm.
PIECES = ("tile", "token")

_MEASURED = 'write e.g. "width - 20mm", "height / 2" or "tile + 1.5mm"'


def _relative(value: object) -> Rel | None:
    """A length measured from a size (the piece's own or another piece's); None when
    `value` is written otherwise, ValueError when its parts are no lengths ("width - 2
    apples", "height / 0")."""
    match = _RELATIVE.match(value) if isinstance(value, str) else None
    if match is None:
        return None
    of, times, part, sign, rest = match.groups()
    plus = parse_length(rest) if rest else 0.0
    if part is not None and times == "/" and float(part) == 0:
        raise ValueError(f"{value!r} divides by 0")
    share = 1.0 if part is None else float(part) if times == "*" else 1.0 / float(part)
    return Rel(of, share, -plus if sign == "-" else plus)


class ValueReader:
    """Reads single values of one merged layout, appending problems to a shared list."""

    code = "TKG303"  # the code of its problems (a declared piece's look has its own)

    def __init__(self, problems: list[Diagnostic]):
        self.problems = problems
        self.fonts: set[str] = set()
        # Font sizes written as bare numbers: (entry, number, where), for the preflight.
        self.bare_sizes: list[tuple[str, float, Location]] = []
        # The sizes of the pieces a length may be measured from (PIECES), once known.
        self.pieces: dict[str, float] = {}

    def fail(self, m: YMap, key: str, message: str) -> None:
        """Record a problem (TKG303) at the position of `key` in `m`, unless one is told
        there already: a value that could not be read is not also too small for what it
        was taken as (a margin of "6.35 mn" is no length, not a margin of 0 mm)."""
        where = m.where(key)
        if key in m and any((d.path, d.line, d.column) == (where.path, where.line,
                                                           where.column)
                            for d in self.problems):
            return  # (a key that is missing is told where its mapping is: each of them)
        self.problems.append(diagnostic(self.code, where, message))

    def section(self, m: YMap, key: str, allowed: tuple[str, ...]) -> YMap:
        """The mapping under `key`, checked for unknown keys (an empty one if absent)."""
        value = m.get(key)
        if not isinstance(value, YMap):
            self.fail(m, key, f"{key!r} must be a mapping" if key in m else f"missing {key!r}")
            return YMap(m.where(key))
        self.problems.extend(unknown_keys(value, allowed, key, self.code))
        return value

    def length(self, m: YMap, key: str, default: float | None = None,
               bound: str = POSITIVE) -> float:
        """A finite length in mm within `bound` (POSITIVE, NON_NEGATIVE or ANY)."""
        if key not in m:
            if default is None:
                self.fail(m, key, f"missing length {key!r}")
            return default or 0.0
        try:
            value = self.millimetres(m[key])
        except ValueError as exc:
            self.fail(m, key, f"{key}: {exc}")
            return 0.0
        self.bounded(m, key, value, bound)
        return value

    def measured(self, value: object) -> Length:
        """A length in mm (one measured from another piece, "tile + 1.5mm", worked out
        in mm), or one measured from the piece's own size (`Rel`); ValueError: neither."""
        relative = _relative(value)
        if relative is None:
            return parse_length(value)
        if relative.of not in PIECES:
            return relative
        size = self.pieces.get(relative.of)
        if size is None:
            raise ValueError(f"{value!r} is measured from the {relative.of}, whose size "
                             "cannot be used here (a look's lengths may be measured from "
                             "it; the sheets, the tile's size and the token's may not)")
        return size * relative.share + relative.plus

    def millimetres(self, value: object) -> float:
        """A length in mm, perhaps measured from another piece ("tile + 1.5mm"), not
        from the piece's own size (ValueError)."""
        length = self.measured(value)
        if isinstance(length, Rel):
            raise ValueError(f"{value!r}: only a place, a box's side or a circle's radius "
                             "may be "
                             "measured from the piece's own size; a length here may be "
                             'measured from the tile or the token ("tile + 1.5mm")')
        return length

    def from_piece(self, value: object) -> str:
        """The other piece a length is measured from ("tile", "token"), or ""."""
        try:
            relative = _relative(value)
        except ValueError:
            return ""
        return relative.of if relative is not None and relative.of in PIECES else ""

    def font_size(self, m: YMap, key: str, entry: str, default: float | None = None) -> float:
        """A font size in mm, more than 0; a bare number is points, and is remembered so
        the preflight can say how it was read (TKG514)."""
        if key not in m:
            if default is None:
                self.fail(m, key, f"missing font size {key!r}")
            return default or 0.0
        written = m[key]
        try:
            value, bare = parse_font_size(written)
        except ValueError as exc:
            self.fail(m, key, f"{key}: {exc}")
            return 0.0
        if bare and isinstance(written, int | float):  # bare: it is a number
            self.bare_sizes.append((f"{entry}.{key}", float(written), m.where(key)))
        self.bounded(m, key, value, POSITIVE)
        return value

    def bounded(self, m: YMap, key: str, value: float, bound: str) -> None:
        """Report a length outside its range."""
        if bound == POSITIVE and value <= 0:
            self.fail(m, key, f"{key} must be more than 0 mm, not {value:g} mm")
        elif bound == NON_NEGATIVE and value < 0:
            self.fail(m, key, f"{key} must not be negative, not {value:g} mm")

    def at_least(self, m: YMap, key: str, value: float, least: float, why: str) -> None:
        """Report a print convention broken: `value` below `least` mm (if the key is there)."""
        if key in m and value < least - 1e-9:
            self.fail(m, key, f"{key} must be at least {least:g} mm ({why}), not {value:g} mm")

    def number(self, m: YMap, key: str, default: float, low: float, high: float) -> float:
        """A plain number within [low, high] (an opacity)."""
        value = m.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.problems.append(type_error(m.where(key), key, "float", value, self.code))
            return default
        if not low <= value <= high:  # also refuses .nan
            self.fail(m, key, f"{key} must be between {low:g} and {high:g}, not {value!r}")
            return default
        return float(value)

    def flag(self, m: YMap, key: str) -> bool:
        """true or false (false when absent)."""
        value = m.get(key, False)
        if not isinstance(value, bool):
            self.problems.append(type_error(m.where(key), key, "bool", value, self.code))
            return False
        return value

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
            self.problems.append(type_error(m.where(key), key, "str", value, self.code,
                                            m.commented.get(key)))
            return default
        problem = control_problem(value, m.where(key), key, self.code)
        if problem:  # it would be printed, or break the SVG that names it
            self.problems.append(problem)
            return default
        return value

    def font(self, m: YMap, key: str) -> str:
        """A font role; remembered so the build can check the content has it."""
        role = self.text(m, key, "body")
        self.fonts.add(role)
        return role

    def pair(self, value: object, m: YMap, key: str, bound: str = ANY) -> tuple[float, float]:
        """Two lengths within `bound`, e.g. a point [x, y] or a paper [width, height]."""
        if isinstance(value, YList) and len(value) == 2:
            try:
                a, b = self.millimetres(value[0]), self.millimetres(value[1])
            except ValueError as exc:
                self.fail(m, key, f"{key}: {exc}")
                return 0.0, 0.0
            self.bounded(m, key, min(a, b), bound)
            return a, b
        self.fail(m, key, f"{key} must be a pair like [31.75, 40]")
        return 0.0, 0.0

    def position(self, m: YMap, key: str, default: float | None = None,
                 bound: str = ANY) -> Length:
        """A length in mm, or one measured from the piece's size ("width - 20mm",
        "height / 2"): what a look places on a piece whose size may change."""
        try:
            measured = _relative(m.get(key))
        except ValueError as exc:
            self.fail(m, key, f"{key}: {exc} ({_MEASURED})")
            return 0.0
        if measured is None or measured.of in PIECES:  # mm, now or once worked out
            return self.length(m, key, default, bound)
        return measured

    def point(self, value: object, m: YMap, key: str, what: str) -> tuple[Length, Length]:
        """A point [x, y] placed on the piece (`what` it is, in words): each a length in
        mm, or one measured from the piece's size (["width / 2", "height - 23mm"])."""
        if not (isinstance(value, YList) and len(value) == 2):
            self.fail(m, key, f"{what} must be a pair like [31.75, 40]")
            return 0.0, 0.0
        try:
            x, y = (self.measured(v) for v in value)
        except ValueError as exc:
            self.fail(m, key, f"{what}: {exc}; a place may also be measured from the "
                      f"piece's size or another's ({_MEASURED})")
            return 0.0, 0.0
        return x, y

    def box(self, m: YMap, key: str) -> Frame:
        """A box {x, y, w, h}: anywhere (it may start in the bleed), but not empty; each
        side may be measured from the piece's size."""
        b = self.section(m, key, ("x", "y", "w", "h"))
        return Frame(self.position(b, "x"), self.position(b, "y"),
                     self.position(b, "w", bound=POSITIVE), self.position(b, "h", bound=POSITIVE))


def places_of(data: YMap, prefix: str = "") -> dict[str, Location]:
    """Where every entry of a merged layout is written, by dotted name: mapping keys by
    the key's position, list items (slot points) by their 1-based index."""
    found: dict[str, Location] = {}
    for key, value in data.items():
        entry = f"{prefix}{key}"
        found[entry] = data.key_where(key)
        found.update(_places_in(value, entry))
    return found


def _places_in(value: object, entry: str) -> dict[str, Location]:
    if isinstance(value, YMap):
        return places_of(value, entry + ".")
    found: dict[str, Location] = {}
    if isinstance(value, YList):
        for i, item in enumerate(value):
            found[f"{entry}.{i + 1}"] = value.where(i)
            found.update(_places_in(item, f"{entry}.{i + 1}"))
    return found
