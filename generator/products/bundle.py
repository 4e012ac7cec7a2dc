"""The print-and-play bundle: a cover page of instructions and a checklist, then sheets.

One file per paper size, `pnp-<paper>.pdf`. The cover tells the player how to print
(100 % scale, long-edge flip, one test sheet first), shows a scale bar to check it,
and lists every component with its count, a picture and the pages it is on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.backends.pdf.canvas import place, place_furniture
from generator.backends.pdf.document import layout_key, render_pdf
from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.errors import RenderError
from generator.core.model import Game
from generator.draw.fonts import role_fonts
from generator.draw.kit import Kit
from generator.draw.scene import Path, Rect, Scene, Style, Text, scenes_digest
from generator.layout.units import PT
from generator.products.fingerprint import art_digests, common
from generator.products.request import BuildRequest
from generator.products.sheets import Run, draw_runs, run_pages, run_ranges, run_sheets

KIND = "pnp"
INK, SOFT, ACCENT = "#1B1A24", "#5A5566", "#B5542A"


@dataclass(frozen=True)
class Row:
    """A line of the cover's checklist: a component, its count, pictures of it."""

    name: str
    detail: str
    pictures: Sequence[Scene] = ()
    part: int = 0  # which of its section's parts holds it (tokens: 0 tokens, 1 Oinks)


@dataclass(frozen=True)
class Section:
    """A kind's part of the bundle: its sheets and its lines on the cover.

    `pages(request, kit, paper)` and `draw(canvas, request, kit, paper)` must agree;
    `rows(request, kit, pictures)` gives the checklist lines (pictures only when asked:
    a kind not in the file is listed without them); `scenes(request, kit)` every drawing
    the sheets place. `parts(request, kit, paper)`, when given, is the first and last
    page (0-based within the section) of each of its parts, so each row's `part` gets
    its own page range on the cover (parts may share a sheet); without it every row
    gets the whole section's.
    """

    pages: Callable[[BuildRequest, Kit, str], int]
    draw: Callable[[object, BuildRequest, Kit, str], None]
    rows: Callable[[BuildRequest, Kit, bool], list[Row]]
    scenes: Callable[[BuildRequest, Kit], list[Scene]]
    parts: Callable[[BuildRequest, Kit, str], list[tuple[int, int]]] | None = None
    # Its sheets in words for the build's summary (default: its pages).
    sheets: Callable[[BuildRequest, Kit, str], list[str]] | None = None

    def in_words(self, name: str, request: BuildRequest, kit: Kit, paper: str) -> list[str]:
        """The section's sheets in words, e.g. ["world tiles 4 sheets (12 a sheet)"]."""
        if self.sheets is None:
            return [f"{name} {self.pages(request, kit, paper)} pages"]
        return self.sheets(request, kit, paper)

    def part_ranges(self, request: BuildRequest, kit: Kit, paper: str
                    ) -> list[tuple[int, int]]:
        """First and last page of each part within the section (one part: all of it)."""
        if self.parts is None:
            return [(0, self.pages(request, kit, paper) - 1)]
        return self.parts(request, kit, paper)


def imposed(runs: Callable[[BuildRequest, Kit, str], Sequence[Run]],
            rows: Callable[[BuildRequest, Kit, bool], list[Row]],
            scenes: Callable[[BuildRequest, Kit], list[Scene]]) -> Section:
    """The section of a kind whose sheets are runs of pieces in a grid (tiles, tokens);
    each run is a part (a row with `part=i` lists the pages of run i)."""
    return Section(lambda request, kit, paper: run_pages(runs(request, kit, paper),
                                                         request.layout.sheets),
                   lambda canvas, request, kit, paper: draw_runs(
                       canvas, runs(request, kit, paper), request.layout.sheets),
                   rows, scenes,
                   lambda request, kit, paper: run_ranges(runs(request, kit, paper),
                                                          request.layout.sheets),
                   lambda request, kit, paper: run_sheets(runs(request, kit, paper),
                                                          request.layout.sheets))


def produce_bundle(request: BuildRequest, kit: Kit, sections: Sequence[tuple[str, Section]],
                   listed: Sequence[tuple[str, Section]]) -> list[Artefact]:
    """pnp-<paper>.pdf for each paper: the cover, then the sheets of `sections` in order.

    `listed` are every kind with a section, bundled or not: the cover names them all.
    """
    scenes = [s for _, section in sections for s in section.scenes(request, kit)]
    names = [name for name, _ in sections]
    out = []
    for paper in request.papers:
        ranges, page = {}, FIRST_SHEET_PAGE
        for name, section in sections:
            for part, (first, last) in enumerate(section.part_ranges(request, kit, paper)):
                ranges[name, part] = (page + first, page + last)
            page += section.pages(request, kit, paper)

        def draw(canvas, paper=paper, ranges=ranges):
            print_dialog(canvas)
            cover(canvas, request, kit, paper, _checklist_rows(request, kit, listed, ranges))
            for _, section in sections:
                section.draw(canvas, request, kit, paper)

        key = layout_key("pnp", kit, scenes, paper, repr(names), repr(request.layout),
                         repr([look.placing for look in request.layout.pieces]))
        data, pages = render_pdf(kit, f"print-and-play, {paper.upper()}", draw, key, scenes)
        if pages != page - 1:  # the cover's page ranges would point at the wrong sheets
            raise RenderError(f"pnp-{paper}.pdf has {pages} pages, its cover lists {page - 1}")
        words = [w for name, s in sections for w in s.in_words(name, request, kit, paper)]
        out.append(Artefact(f"pnp-{paper}.pdf", data, KIND, pages,
                            note=f"pnp-{paper}.pdf: {pages} pages; " + ", ".join(words)))
    return out


def fingerprint_bundle(request: BuildRequest, kit: Kit,
                       sections: Sequence[tuple[str, Section]]) -> str:
    """The bundle: every piece it imposes, the sheet layout and the counts on its cover."""
    game = request.game
    scenes = [s for _, section in sections for s in section.scenes(request, kit)]
    return digest(*common(request, kit, KIND), *art_digests(game),
                  repr([name for name, _ in sections]), repr(request.layout),
                  scenes_digest(scenes), repr(game.tokens.per_element), repr(game.rules),
                  # how many of each piece the sheets and the cover count
                  repr([t.copies for t in game.tiles]), repr(game.pieces),
                  repr(request.layout.pieces))


def print_dialog(canvas) -> None:
    """Ask the print dialog for actual size and a long-edge flip, the settings the cover
    asks for (wrong scaling is the commonest way a print-and-play goes wrong).

    PDF can only ask this of the whole file; the one-sided sections have blank backs
    instead, so the whole file prints double-sided.
    """
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")


def _checklist_rows(request: BuildRequest, kit: Kit, listed: Sequence[tuple[str, Section]],
                    ranges: dict[tuple[str, int], tuple[int, int]]) -> list[tuple[Row, str]]:
    """Each checklist line with where it is in the file."""
    rows = []
    for name, section in listed:
        bundled = (name, 0) in ranges
        rows += [(row, _where(ranges.get((name, row.part))))
                 for row in section.rows(request, kit, bundled)]
    return rows


class _Pen:
    """Collects the cover's lines of text and rules, in mm from the page's top-left."""

    def __init__(self, game: Game):
        self.game = game
        self.items: list = []

    def text(self, x: float, y: float, text: str, role: str, size_pt: float,
             ink: str = INK, align: str = "start") -> None:
        self.items.append(Text(x, y, text, role, size_pt / PT, ink, align))

    def rule(self, x0: float, x1: float, y: float, ink: str = ACCENT, width: float = 0.4):
        self.items.append(Path((("M", x0, y), ("L", x1, y)), Style(stroke=ink,
                                                                   stroke_width=width)))

    def box(self, x: float, y: float, w: float, h: float, fill: str | None = None,
            stroke: str | None = None, width: float = 0.0) -> None:
        self.items.append(Rect(x, y, w, h, Style(fill=fill, stroke=stroke, stroke_width=width)))

    def draw(self, canvas, what: str, width: float, height: float) -> None:
        """Place everything collected as one drawing the size of the page."""
        roles = {item.font for item in self.items if isinstance(item, Text)}
        place_furniture(canvas, what, width, height, self.items, role_fonts(self.game, roles))


# Page 2 is the cover's blank back, so every sheet front lands on an odd page and the
# whole file prints double-sided with each back behind its front.
FIRST_SHEET_PAGE = 3

INSTRUCTIONS = (
    ("Print at 100 % scale.", "Choose “Actual size”; turn off “Fit to page”. "
     "The bar at the bottom of this page must measure exactly 50 mm."),
    ("Print double-sided, flip on the long edge.", "The file asks your printer for this; "
     "each back follows its front, mirrored, and one-sided sheets have a blank back."),
    ("Print one test sheet first.", f"Print pages {FIRST_SHEET_PAGE}–{FIRST_SHEET_PAGE + 1} "
     "only, hold the sheet to the light and check that fronts and backs line up."),
    ("Cut on the crop marks.", "The short lines in the margins mark every cut; where two "
     "pieces touch, one cut parts them."),
)


def cover(canvas, request: BuildRequest, kit: Kit, paper: str,
          rows: Sequence[tuple[Row, str]]) -> None:
    """The first page: title, how to print, the component checklist, a scale bar.

    `rows` are the checklist's lines, each with where it is in the file.
    """
    width, height = request.layout.sheets.paper(paper)
    canvas.setPageSize((width * PT, height * PT))
    pen, game, m = _Pen(kit.game), kit.game, 20.0
    pen.text(m, 30, game.title, "title", 26)
    edition = " · Playtest edition" if game.rules.is_draft else ""
    pen.text(m, 39, f"Print-and-play · version {game.version}{edition} · {paper.upper()}",
             "italic", 13, SOFT)
    pen.rule(m, width - m, 44)
    y = _instructions(pen, m, 54, width - m)
    y = _checklist(canvas, pen, game, rows, m, y + 6, width - m, height, paper)
    _scale_bar(pen, m, height - 22)
    pen.draw(canvas, f"cover-{paper}", width, height)
    canvas.showPage()
    _blank_back(canvas, game, width, height)


def _blank_back(canvas, game: Game, width: float, height: float) -> None:
    """Page 2: the back of the instructions, left blank on purpose."""
    canvas.setPageSize((width * PT, height * PT))
    pen = _Pen(game)
    pen.text(width / 2, height / 2, "This page is left blank: it is the back of the "
             "instructions, so that every sheet and its back print on one piece of paper.",
             "italic", 9, SOFT, "middle")
    pen.draw(canvas, "blank-back", width, height)
    canvas.showPage()


def _instructions(pen: _Pen, x: float, y: float, right: float) -> float:
    pen.text(x, y, "Before you print", "heading", 16)
    y += 8
    for number, (head, body) in enumerate(INSTRUCTIONS, start=1):
        pen.text(x, y, f"{number}", "black", 11, ACCENT)
        pen.text(x + 7, y, head, "bold", 10.5)
        y += 5
        pen.text(x + 7, y, body, "body", 8.8, SOFT)
        y += 8
    return y


def _checklist(canvas, pen: _Pen, game: Game, rows: Sequence[tuple[Row, str]], x: float,
               y: float, right: float, height: float, paper: str) -> float:
    pen.text(x, y, "What to print and cut", "heading", 16)
    y += 6
    # The rows share what the page has left above the scale bar, up to a full row each;
    # on a shorter page (Letter) their pictures shrink to fit.
    room = height - BOTTOM_ROOM - y - 2 * TEXT_ROW
    step = min(PICTURE_ROW, room / max(len(rows), 1))
    for row, where in rows:
        _box(pen, x, y + 4)
        pen.text(x + 7, y + 7, row.name, "bold", 11)
        pen.text(x + 7, y + 12, row.detail, "body", 9, SOFT)
        pen.text(x + 7, y + 17, where, "body_italic", 9, SOFT)
        px = right
        for scene in reversed(row.pictures):
            px -= _picture(canvas, height, scene, px, y + 1, step - 3) + 3
        y += step
    _box(pen, x, y + 4)
    pen.text(x + 7, y + 7, "Rulebook", "bold", 11)
    pen.text(x + 7, y + 12, f"a file of its own: rulebook/rulebook-{paper}.pdf (or "
             "rulebook.html to read on a screen)", "body", 9, SOFT)
    y += TEXT_ROW
    _box(pen, x, y + 4)
    pen.text(x + 7, y + 7, "Not printed", "bold", 11)
    # Declared pieces (the shipped table mat) print the spaces; without any, they are
    # areas on the table.
    areas = "" if game.pieces else (
        f"; the trade zone and spaces {', '.join(game.rules.face_up_spaces)} and "
        f"{game.rules.blind_space} are areas on the table")
    pen.text(x + 7, y + 12, f"an opaque bag for the life tokens{areas}", "body", 9, SOFT)
    return y + 16


PICTURE_ROW = 27.0  # mm a checklist row with pictures takes at most
TEXT_ROW = 17.0  # mm a row of two lines of text takes
BOTTOM_ROOM = 30.0  # mm kept for the scale bar at the bottom of the cover


def _where(pages: tuple[int, int] | None) -> str:
    if pages is None:
        return "not in this file"
    first, last = pages
    return f"page {first}" if first == last else f"pages {first}–{last}"


def _picture(canvas, height: float, scene, right: float, top: float, most: float) -> float:
    # Pictures show the cut piece (bleed clipped away), tiles and cards larger than
    # tokens, none larger than `most`; the longer side of the trim sets the size.
    # Returns the width drawn.
    trim_w, trim_h = scene.width - 2 * scene.bleed, scene.height - 2 * scene.bleed
    longest = max(trim_w, trim_h)
    size = min(most, 24.0 if longest > 50 else 18.0 if longest > 30 else 13.0)
    scale = size / longest
    w, h = trim_w * scale, trim_h * scale
    x, bottom = right - w, height - top - h
    clip = (x * PT, bottom * PT, w * PT, h * PT)
    place(canvas, scene, (x - scene.bleed * scale) * PT, (bottom - scene.bleed * scale) * PT,
          scale=scale, clip=clip)
    return w


def _box(pen: _Pen, x: float, y: float) -> None:
    pen.box(x, y, 4, 4, stroke=INK, width=0.35)


def _scale_bar(pen: _Pen, x: float, y: float) -> None:
    for i in range(5):  # alternating 10 mm blocks read more precisely than one long bar
        if i % 2 == 0:
            pen.box(x + i * 10, y - 2.5, 10, 2.5, fill=INK)
    pen.rule(x, x + 50, y, INK, 0.3)
    pen.text(x + 55, y - 0.2, "50 mm at 100 % scale: measure this bar before you print the "
             "rest", "body", 8.5, SOFT)
