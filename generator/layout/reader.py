"""Turn a merged layout mapping into `Layout` data: its sheets and the look of every
kind of piece, in the one dialect (docs/pieces.md).

A broken value is reported and replaced by a placeholder so reading goes on and finds
the other problems; the loader raises if anything was reported. Problems of the file
and its `sheets:` are TKG303; of a look TKG602 (TKG601 for an unknown primitive, TKG605
for a piece no paper holds). Besides types, the reader checks ranges and DESIGN.md's
print conventions: the margin and crop marks, and what the built-in kinds need of their
looks (`generator.load.builtin.CONVENTIONS`: a bleed, a token's size, the cover's page).
"""

from __future__ import annotations

from generator.core.artefacts import PAPERS
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.layout.look import BACKS, DENSEST, PAGE, SHAPES, SHEETS, Look
from generator.layout.look_fit import fit_problem
from generator.layout.model import Layout, Marks, SheetLayout
from generator.layout.prims import PrimReader
from generator.layout.tgc import PRODUCTS
from generator.layout.values import ANY, NON_NEGATIVE, PIECES, POSITIVE, places_of
from generator.load.builtin import CONVENTIONS, convention
from generator.load.yamlsource import YList, YMap

SECTIONS = ("extends", "sheets", "pieces")
OLD_SECTIONS = ("tile", "back", "token", "oink")  # the fixed schema before issue 21
PLACEHOLDER = 10.0  # mm: a tile or token size that cannot be read (it is told)
MIN_MARGIN = 6.35  # printers cannot print closer to the paper's edge (0.25 in)
MARK_WIDTH = (0.15, 0.25)  # thin crop marks
LOOK_KEYS = ("shape", "size", "bleed", "safe", "sheets", "gutter", "overlap", "backs",
             "disc", "background", "surround", "front", "back", "product")


class LayoutReader(PrimReader):
    """Reads one merged layout, appending problems to a shared list."""

    def layout(self, name: str, data: YMap) -> Layout:
        """Every section of the layout."""
        for key in data:
            if key in OLD_SECTIONS:
                self.problems.append(diagnostic(
                    "TKG303", data.key_where(key), f"{key}: is the old layout dialect: every "
                    "piece is now a look under pieces: (pieces: tile: front: ...)",
                    "see docs/pieces.md, and templates/layouts/default.yaml for the tile"))
            elif key not in SECTIONS:
                self.fail(data, key, f"unknown section {key!r}")
        sheets = self.sheets(data)
        written = self.written(data)
        self.pieces = _measures(written)
        looks = tuple(self.look(kind, m) for kind, m in written.items())
        layout = Layout(name, sheets, tuple(sorted(self.fonts)),
                        tuple(sorted(places_of(data).items())), tuple(self.bare_sizes), looks)
        if not self.problems:  # sizes are sound: every piece must print on every paper
            for look in looks:
                self.fits(look, sheets, written[look.kind])
        return layout

    def sheets(self, data: YMap) -> SheetLayout:
        """Paper sizes, margin and crop marks (TKG303)."""
        code, self.code = self.code, "TKG303"
        s = self.section(data, "sheets", ("papers", "margin", "marks"))
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
        margin = self.length(s, "margin", bound=ANY)
        self.at_least(s, "margin", margin, MIN_MARGIN, "printers cannot print nearer the edge")
        self.code = code
        return SheetLayout(papers, margin, marks, data.key_where("sheets"))

    def written(self, data: YMap) -> dict[str, YMap]:
        """Every look as written under `pieces:`, by kind; a built-in kind's missing is
        TKG608."""
        section = data.get("pieces")
        if not isinstance(section, YMap):
            self.fail(data, "pieces", "pieces must map each kind's name to its look"
                      if "pieces" in data else "missing 'pieces' (the look of every piece)")
            return {}
        for rule in CONVENTIONS:
            if rule.name not in section:
                self.problems.append(diagnostic(
                    "TKG608", data.key_where("pieces"), f"the layout has no look for the "
                    f"{rule.what} (pieces: {rule.name}:)",
                    "a layout that `extends: default` has the default's"))
        return {kind: self.section(section, kind, LOOK_KEYS) for kind in section}

    def look(self, kind: str, m: YMap) -> Look:
        """One kind's look."""
        shape = self.choice(m, "shape", SHAPES, "square")
        backs = self.choice(m, "backs", BACKS, "none")
        sheets = self.choice(m, "sheets", SHEETS, "grid")
        entry = f"pieces.{kind}"
        if backs in ("none", "face") and "back" in m:
            self.fail(m, "back", f"back: draws nothing with backs: {backs} (say shared or "
                      "per-item)")
        if backs != "none" and sheets == "split":
            self.fail(m, "backs", "a piece split over pages has no back: backs: none")
        for key in ("surround", "disc"):
            if key in m and shape != "round":
                self.fail(m, key, f"{key} is a round piece's only")
        back = self.prims(m, "back", f"{entry}.back") if backs in ("shared", "per-item") else ()
        if backs in ("shared", "per-item") and "back" not in m:
            self.fail(m, "backs", f"backs: {backs} needs a back: (its primitives)")
        size, page, disc = self.trim(kind, m, shape)
        look = Look(kind, shape, size, self.length(m, "bleed", 0.0, NON_NEGATIVE),
                    self.length(m, "safe", 3.0, NON_NEGATIVE), sheets, self.gutter(m),
                    self.length(m, "overlap", 12.0, POSITIVE), backs,
                    self.paint(m, "background"), self.paint(m, "surround"),
                    self.prims(m, "front", f"{entry}.front", required=True), back, disc, page,
                    self.product(m))
        self.conventions(look, m)
        return look

    def product(self, m: YMap) -> str:
        """The Game Crafter's product the piece is made as (`layout/tgc.py`), if named."""
        value = m.get("product")
        if value is None:
            return ""
        if value not in PRODUCTS:
            self.fail(m, "product", f"The Game Crafter has no product {value!r} here "
                      f"(known: {', '.join(PRODUCTS)})")
            return ""
        return str(value)

    def trim(self, kind: str, m: YMap, shape: str) -> tuple[tuple[float, float], bool, float]:
        """The look's size (and whether it is the page's) and its disc. A mat's may be
        measured from the tile or the token; the tile's and the token's own are plain
        lengths, as every look may be measured from them."""
        known = self.pieces
        if kind in PIECES:
            self.pieces = {}
        try:
            size, page = self.size(m, shape)
            return size, page, self.length(m, "disc", 0.0, POSITIVE)
        finally:
            self.pieces = known

    def size(self, m: YMap, shape: str) -> tuple[tuple[float, float], bool]:
        """The trim: one length (square, round), [width, height], or `page`."""
        value = m.get("size")
        if value == PAGE:
            return (0.0, 0.0), True
        if isinstance(value, YList):
            w, h = self.pair(value, m, "size", POSITIVE)
        else:
            w = h = self.length(m, "size")
        if shape != "rectangle" and abs(w - h) > 1e-9:
            self.fail(m, "size", f"a {shape} piece has one size, not {w:g} x {h:g} mm "
                      "(say shape: rectangle)")
        return (w, h), False

    def gutter(self, m: YMap) -> float | str:
        """Between neighbouring trims on a grid sheet: a length, or `densest`."""
        if m.get("gutter") == DENSEST:
            return DENSEST
        return self.length(m, "gutter", 4.0, NON_NEGATIVE)

    def conventions(self, look: Look, m: YMap) -> None:
        """What the rules and the print conventions ask of a built-in kind's look."""
        rule = convention(look.kind)
        if look.page and (rule is None or not rule.page):
            self.fail(m, "size", "only the cover is the size of the page; give a length "
                      "or [width, height]")
        if rule is None:
            return
        if rule.page and not look.page:
            self.fail(m, "size", f"the {rule.what} is a page of the bundle: size: page")
        if rule.bleed and look.bleed <= 0:
            self.fail(m, "bleed", f"the {rule.what} needs a bleed of more than 0 mm (its art "
                      f"must run past the cut), not {look.bleed:g} mm")
        face = look.face if look.shape == "round" else min(look.size)
        if rule.least and face < rule.least - 1e-9:
            key = "disc" if "disc" in m else "size"
            self.fail(m, key, f"a {rule.what} must be at least {rule.least:g} mm across (easy "
                      f"to pick up), not {face:g} mm")

    def fits(self, look: Look, sheets: SheetLayout, m: YMap) -> None:
        """TKG605 at the size when the piece cannot print on a paper the layout has."""
        if look.page:
            return
        for paper in PAPERS:
            if paper not in dict(sheets.papers):
                continue
            why = fit_problem(look, sheets, paper)
            if why:
                hint = "Make it smaller, or its glue flaps (overlap:) narrower" \
                    if look.sheets == "split" else None
                self.problems.append(diagnostic("TKG605", m.where("size"), why, hint))


def _measures(written: dict[str, YMap]) -> dict[str, float]:
    """The tile's and the token's sizes, that any look's lengths may be measured from
    (`values.PIECES`), read quietly: a size that cannot be read is told when its look is
    read, and a placeholder stands for it here."""
    quiet = LayoutReader([])
    sizes = {}
    for kind in PIECES:
        m = written.get(kind)
        if isinstance(m, YMap):
            told = len(quiet.problems)
            (width, _), _ = quiet.size(m, quiet.choice(m, "shape", SHAPES, "square"))
            sizes[kind] = width if width > 0 and len(quiet.problems) == told else PLACEHOLDER
        else:
            sizes[kind] = PLACEHOLDER
    return sizes


def read_layout(name: str, data: YMap, problems: list[Diagnostic]) -> Layout:
    """The layout `name` from its merged mapping; problems are appended to `problems`."""
    return LayoutReader(problems).layout(name, data)
