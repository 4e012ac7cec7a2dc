"""The print-and-play bundle: a cover page of instructions and a checklist, then sheets.

One file per paper size, `pnp-<paper>.pdf`. The cover tells the player how to print
(100 % scale, long-edge flip, one test sheet first), shows a scale bar to check it,
and lists every component with its count, a picture and the pages it is on.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.backends.pdf.canvas import place, place_furniture
from generator.backends.pdf.document import layout_key, render_pdf
from generator.core.artefacts import Artefact
from generator.core.errors import RenderError
from generator.draw.fonts import role_fonts
from generator.draw.scene import Path, Rect, Scene, Style, Text
from generator.layout.units import PT
from generator.products.pieceset import PieceSet, draw_kind, piece_set, plan_pages, sheet_plan
from generator.products.request import BuildRequest
from generator.products.sheets import Piece

INK, SOFT, ACCENT = "#1B1A24", "#5A5566", "#B5542A"


def produce_bundle(request: BuildRequest, kinds: list[str]) -> list[Artefact]:
    """pnp-<paper>.pdf for each paper: the cover, then the sheets of `kinds` in order."""
    ps = piece_set(request)
    aids = _aid_pieces(request) if "aids" in kinds else []
    scenes = [*ps.tiles, ps.back, *ps.tokens, *ps.oinks,
              *(s for a in aids for s in (a.front, a.back) if s is not None)]
    out = []
    for paper in request.papers:
        ranges, page = {}, FIRST_SHEET_PAGE
        for kind in kinds:
            count = _page_count(request, ps, kind, paper)
            ranges[kind] = (page, page + count - 1)
            page += count

        def draw(canvas, paper=paper, ranges=ranges):
            cover(canvas, request, ps, paper, ranges, [a.front for a in aids])
            for kind in kinds:
                _draw(canvas, request, ps, kind, paper, aids)

        key = layout_key("pnp", request.game, scenes, paper, repr(kinds), repr(ps.layout))
        data, pages = render_pdf(request.game, f"print-and-play, {paper.upper()}", draw, key,
                                 scenes)
        if pages != page - 1:  # the cover's page ranges would point at the wrong sheets
            raise RenderError(f"pnp-{paper}.pdf has {pages} pages, its cover lists {page - 1}")
        out.append(Artefact(f"pnp-{paper}.pdf", data, "pnp", pages))
    return out


def _aid_pieces(request: BuildRequest) -> list[Piece]:
    # Imported here so a bundle without the aids never loads the rulebook's Jinja2 stack.
    from generator.products.aids import aid_pieces

    return aid_pieces(request.game, request.templates_dir)


def _page_count(request: BuildRequest, ps: PieceSet, kind: str, paper: str) -> int:
    if kind == "aids":
        from generator.products.aids import aid_page_count

        return aid_page_count(request.game, ps.layout.sheets, paper, duplex=True)
    return plan_pages(sheet_plan(request, ps, kind, paper))


def _draw(canvas, request: BuildRequest, ps: PieceSet, kind: str, paper: str,
          aids: list[Piece]) -> None:
    if kind == "aids":
        from generator.products.aids import draw_aid_sheets

        # Duplex: each aid sheet gets a blank back, as the whole bundle prints two-sided.
        draw_aid_sheets(canvas, request.game, aids, ps.layout.sheets, paper, duplex=True)
    else:
        draw_kind(canvas, request, ps, kind, paper)


class _Pen:
    """Collects the cover's lines of text and rules, in mm from the page's top-left."""

    def __init__(self, request: BuildRequest):
        self.game = request.game
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
    ("Print double-sided, flip on the long edge.", "Every back page follows its front "
     "page; its columns are mirrored so each back lands behind its front."),
    ("Print one test sheet first.", f"Print pages {FIRST_SHEET_PAGE}–{FIRST_SHEET_PAGE + 1} "
     "only, hold the sheet to the light and check that fronts and backs line up."),
    ("Cut on the crop marks.", "The short lines in the margins mark every cut; the art "
     "runs a little past each cut so small slips do not show."),
)


def cover(canvas, request: BuildRequest, ps: PieceSet, paper: str,
          ranges: dict[str, tuple[int, int]], aids: Sequence[Scene] = ()) -> None:
    """The first page: title, how to print, the component checklist, a scale bar.

    `ranges` gives the first and last page of each bundled kind; `aids` are the
    player-aid cards to picture (none when the aids are not in the bundle).
    """
    width, height = ps.layout.sheets.paper(paper)
    canvas.setPageSize((width * PT, height * PT))
    pen, game, m = _Pen(request), request.game, 20.0
    pen.text(m, 30, game.title, "title", 26)
    edition = " · Playtest edition" if game.rules.is_draft else ""
    pen.text(m, 39, f"Print-and-play · version {game.version}{edition} · {paper.upper()}",
             "italic", 13, SOFT)
    pen.rule(m, width - m, 44)
    y = _instructions(pen, m, 54, width - m)
    y = _checklist(canvas, pen, request, ps, aids, m, y + 6, ranges, width - m, height)
    _scale_bar(pen, m, height - 22)
    pen.draw(canvas, f"cover-{paper}", width, height)
    canvas.showPage()
    _blank_back(canvas, request, width, height)


def _blank_back(canvas, request: BuildRequest, width: float, height: float) -> None:
    """Page 2: the back of the instructions, left blank on purpose."""
    canvas.setPageSize((width * PT, height * PT))
    pen = _Pen(request)
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


def _checklist(canvas, pen: _Pen, request: BuildRequest, ps: PieceSet, aids: Sequence[Scene],
               x: float, y: float, ranges: dict[str, tuple[int, int]], right: float,
               height: float) -> float:
    game = request.game
    pen.text(x, y, "What to print and cut", "heading", 16)
    y += 6
    rows = [("World tiles", f"{len(game.tiles)} tiles, one shared back", "tiles",
             [*ps.tiles[:1], ps.back]),
            ("Life tokens", f"{game.tokens.total} tokens, {game.tokens.per_element[0][1]} "
             "of each element", "tokens", list(ps.tokens)),
            ("Oinks", f"{len(game.oinks)} markers, one per player", "tokens", list(ps.oinks)),
            ("Player aids", f"{len(game.oinks)} cards, one per player, printed on one side",
             "aids", list(aids))]
    for name, detail, kind, pictures in rows:
        pages = ranges.get(kind)
        where = _where(pages)
        _box(pen, x, y + 4)
        pen.text(x + 7, y + 7, name, "bold", 11)
        pen.text(x + 7, y + 12, detail, "body", 9, SOFT)
        pen.text(x + 7, y + 17, where, "body_italic", 9, SOFT)
        px = right
        for scene in reversed(pictures):
            px -= _picture(canvas, height, scene, px, y + 1) + 3
        y += 27
    _box(pen, x, y + 4)
    pen.text(x + 7, y + 7, "Not printed", "bold", 11)
    pen.text(x + 7, y + 12, "an opaque bag for the life tokens; the trade zone and spaces "
             f"{', '.join(game.rules.face_up_spaces)} and {game.rules.blind_space} are "
             "areas on the table", "body", 9, SOFT)
    return y + 16


def _where(pages: tuple[int, int] | None) -> str:
    if pages is None:
        return "not in this file"
    first, last = pages
    return f"page {first}" if first == last else f"pages {first}–{last}"


def _picture(canvas, height: float, scene, right: float, top: float) -> float:
    # Pictures show the cut piece (bleed clipped away), tiles and cards larger than
    # tokens; the longer side of the trim sets the size. Returns the width drawn.
    trim_w, trim_h = scene.width - 2 * scene.bleed, scene.height - 2 * scene.bleed
    longest = max(trim_w, trim_h)
    size = 24.0 if longest > 50 else 18.0 if longest > 30 else 13.0
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
