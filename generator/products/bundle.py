"""The print-and-play bundle: a cover of instructions and a checklist, then the sheets.

One file per paper size, `pnp-<paper>.pdf`. The cover is a piece like any other, drawn
from the layout's `cover` look: its words (templates/rulebook/cover.md.j2: how to
print, at 100 % scale with a long-edge flip, one test sheet first, and every component
with its count, pictures and pages) flow on to a second page when the checklist is
long. Then the sheets: every grid kind's pieces packed together (`sheets.paginate`),
then the kinds printed one a page or split over pages.

The file prints double-sided: each page with nothing on its back is followed by a blank
one, so every back lands behind its front. For a printer that prints one side
(`tkg build --one-sided`), `pnp-<paper>-one-sided.pdf` leaves the blank pages out; a
sheet whose pieces have backs is still followed by its back page, and the cover says
how to print it or glue it on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from generator.backends.pdf.canvas import place, place_furniture
from generator.backends.pdf.document import layout_key, render_pdf
from generator.core.artefacts import Artefact
from generator.core.errors import RenderError
from generator.core.model import Item, PieceKind
from generator.core.words import N_, SOURCE_WORDS, Words
from generator.draw.kit import Kit
from generator.draw.piece import FRONT, Drawn, Picture, drawn, look_of
from generator.draw.scene import Scene, Text
from generator.layout.model import SheetLayout
from generator.layout.units import PT
from generator.load.builtin import COVER
from generator.products.inputs import fingerprint_of, shapes
from generator.products.piece_sheets import PiecePages
from generator.products.request import BuildRequest
from generator.products.sheets import (
    Run,
    Sheet,
    draw_runs,
    paginate,
    run_ranges,
    run_sheets,
    sheet_pages,
)
from generator.text.cover import Line, cover_context, cover_words, paper_name

KIND = "pnp"
Canvas = object  # reportlab's canvas (a SlotCanvas); only the backends touch it


@dataclass(frozen=True)
class Row:
    """A line of the cover's checklist: a component, its count, pictures of it."""

    name: str
    detail: str
    pictures: Sequence[Scene] = ()
    part: int = 0  # which of its section's parts holds it (tokens: 0 tokens, 1 Oinks)


@dataclass(frozen=True)
class Section:
    """A kind's part of the bundle: its lines on the cover, and its sheets.

    `rows(request, kit, pictures)` gives the checklist lines (pictures only when asked:
    a kind not in the file is listed without them); `scenes(request, kit)` every drawing
    its sheets place. A grid kind gives `runs(request, kit, paper)`, its pieces in
    grids, which the bundle packs with every other kind's (a row's `part` is its run);
    a kind printed otherwise gives `pages(request, kit, paper)`, its pages on a paper
    (None: it has none there).
    """

    rows: Callable[[BuildRequest, Kit, bool], list[Row]]
    scenes: Callable[[BuildRequest, Kit], list[Scene]]
    runs: Callable[[BuildRequest, Kit, str], list[Run]] | None = None
    pages: Callable[[BuildRequest, Kit, str], PiecePages | None] | None = None


@dataclass(frozen=True)
class Plan:
    """One paper's bundle after its cover: the grid sheets, then the other pages."""

    runs: tuple[Run, ...]
    owners: tuple[tuple[str, int], ...]  # each run's kind and part
    sheets: tuple[Sheet, ...]
    own: tuple[tuple[str, PiecePages], ...] = ()  # the other kinds' pages
    duplex: bool = True  # printed double-sided: a blank back behind each one-sided page

    @property
    def pages(self) -> int:
        """Pages after the cover: every sheet's front and back, and the other kinds'."""
        return self._sheet_pages + sum(pages.count for _, pages in self.own)

    @property
    def _sheet_pages(self) -> int:
        return sum(sheet_pages(s, self.duplex) for s in self.sheets)

    def test_pages(self, first: int, words: Words = SOURCE_WORDS) -> str:
        """The first sheet's pages in words, sheets from page `first`: its front and its
        back ("pages 3–4"), or its front alone ("page 2", one-sided with no backs)."""
        count = sheet_pages(self.sheets[0], self.duplex) if self.sheets else 2
        return _pages(words, first, first + count - 1)

    def ranges(self, first: int) -> dict[tuple[str, int], tuple[int, int]]:
        """Each kind's part's first and last page in the file, sheets from page `first`."""
        found = {self.owners[run]: (first + a, first + b)
                 for run, (a, b) in run_ranges(self.sheets, self.duplex).items()}
        page = first + self._sheet_pages
        for name, pages in self.own:
            if pages.count:
                found[name, 0] = (page, page + pages.count - 1)
            page += pages.count
        return found


def plan(request: BuildRequest, kit: Kit, sections: Sequence[tuple[str, Section]],
         paper: str) -> Plan:
    """How the kinds' pieces fill one paper's sheets (printed on both sides, unless the
    request is for a one-sided printer)."""
    runs, owners, own = [], [], []
    duplex = not request.export.one_sided
    for name, section in sections:
        found = section.runs(request, kit, paper) if section.runs else []
        runs += found
        owners += [(name, part) for part in range(len(found))]
        pages = section.pages(request, kit, paper) if section.pages else None
        if pages is not None:
            own.append((name, replace(pages, duplex=duplex)))
    return Plan(tuple(runs), tuple(owners), tuple(paginate(runs, request.layout.sheets)),
                tuple(own), duplex)


@dataclass(frozen=True)
class PaperBundle:
    """What one paper's print-and-play file is made from: its cover drawn, how the
    pieces fill its sheets, and the other kinds' pages."""

    paper: str
    sheet: SheetLayout
    cover: Cover
    laid: Plan
    drawings: tuple[Scene, ...]  # every drawing its sheets place, each once
    italic: tuple[str, Path]  # the blank back's font
    words: tuple[str, ...]  # its sheets in words, for the build's summary
    blank: str = ""  # what the cover's blank back says, in the file's language

    @property
    def size(self) -> tuple[float, float]:
        """The paper's width and height, mm."""
        return self.sheet.paper(self.paper)


def bundle_inputs(request: BuildRequest, kit: Kit, sections: Sequence[tuple[str, Section]],
                  listed: Sequence[tuple[str, Section]]) -> tuple[PaperBundle, ...]:
    """pnp-<paper>.pdf's inputs for each paper: the cover, then the sheets of `sections`.

    `listed` are every kind with a section, bundled or not: the cover names them all.
    """
    drawings = tuple(s for _, section in sections for s in section.scenes(request, kit))
    found = []
    for paper in request.papers:
        laid = plan(request, kit, sections, paper)
        cover, _ = cover_of(request, kit, paper, listed, laid)
        words = [w for name, _ in sections for w in _in_words(name, laid)]
        found.append(PaperBundle(paper, request.layout.sheets, cover, laid, drawings,
                                 ("italic", request.game.font_file("italic")), tuple(words),
                                 request.game.words.gettext(BLANK)))
    return tuple(found)


def bundle_files(bundles: Sequence[PaperBundle], kit: Kit) -> list[Artefact]:
    """The print-and-play files, from their inputs alone."""
    out = []
    for bundle in bundles:
        paper, cover, laid = bundle.paper, bundle.cover, bundle.laid

        def draw(canvas, bundle=bundle) -> None:
            print_dialog(canvas, bundle.laid.duplex)
            draw_cover(canvas, bundle)
            draw_runs(canvas, bundle.laid.runs, bundle.sheet, duplex=bundle.laid.duplex,
                      sheets=bundle.laid.sheets, owners=[name for name, _ in bundle.laid.owners])
            for _, pages in bundle.laid.own:
                pages.draw(canvas)

        drawings = [*cover.drawn.every_page, *bundle.drawings]
        words = kit.game.words  # the paper's name as the cover says it, in capitals
        what = words.gettext("print-and-play, {paper}").format(
            paper=paper_name(words, paper).upper())
        data, count = render_pdf(kit, what, draw,
                                 layout_key("pnp", kit, drawings, fingerprint_of(bundle, shapes)),
                                 drawings)
        name = bundle_name(paper, laid.duplex)
        if count != cover.pages + laid.pages:  # the cover's page ranges would point elsewhere
            raise RenderError(f"{name} has {count} pages, its cover lists "
                              f"{cover.pages + laid.pages}")
        said = words.ngettext("{count} page; {sheets}", "{count} pages; {sheets}", count)
        out.append(Artefact(name, data, KIND, count, paper=paper, note=said.format(
            count=count, sheets=words.gettext(", ").join(bundle.words))))
    return out


def bundle_name(paper: str, duplex: bool = True) -> str:
    """The bundle's file: pnp-a4.pdf, or pnp-a4-one-sided.pdf for a one-sided printer."""
    return f"pnp-{paper}.pdf" if duplex else f"pnp-{paper}-one-sided.pdf"


def _in_words(name: str, laid: Plan) -> list[str]:
    """A kind's sheets in words, e.g. ["world tiles 4 sheets (12 a sheet)"]."""
    mine = [i for i, (owner, _) in enumerate(laid.owners) if owner == name]
    words = [w for w in run_sheets(list(laid.runs), list(laid.sheets))
             if any(w.startswith(laid.runs[i].name + " ") for i in mine)]
    return words + [w for owner, pages in laid.own if owner == name for w in pages.words]


def print_dialog(canvas, duplex: bool = True) -> None:
    """Ask the print dialog for actual size and a long-edge flip (one side: simplex),
    the settings the cover asks for (wrong scaling is the commonest way a print-and-play
    goes wrong).

    PDF can only ask this of the whole file; in the double-sided file the one-sided
    sections have blank backs instead, so the whole file prints double-sided.
    """
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge" if duplex else "Simplex")


# -- the cover --------------------------------------------------------------------------

def cover_of(request: BuildRequest, kit: Kit, paper: str,
             listed: Sequence[tuple[str, Section]], laid: Plan) -> tuple[Cover, int]:
    """The cover drawn for `paper`, and the page its first sheet is on.

    The cover takes an even number of pages, so every sheet's front lands on an odd
    page and the file prints double-sided with each back behind its front; the page
    ranges it lists depend on how long it is, so it is drawn until they agree.
    """
    first = 3 if laid.duplex else 2
    for _ in range(4):
        lines, shown = checklist(request, kit, listed, laid.ranges(first))
        cover = draw_cover_piece(request, kit, paper, lines, shown,
                                 laid.test_pages(first, request.game.words))
        needed = cover.pages + 1
        if needed == first:
            return cover, first
        first = needed
    raise RenderError(f"the {paper} cover's length does not settle")


def checklist(request: BuildRequest, kit: Kit, listed: Sequence[tuple[str, Section]],
              ranges: dict[tuple[str, int], tuple[int, int]]
              ) -> tuple[list[Line], dict[str, Scene]]:
    """Each checklist line with where it is in the file, and the pieces they picture."""
    lines: list[Line] = []
    shown: dict[str, Scene] = {}
    for name, section in listed:
        bundled = any(owner == name for owner, _ in ranges)
        for row in section.rows(request, kit, bundled):
            shown.update((s.name, s) for s in row.pictures)
            lines.append(Line(row.name, row.detail,
                              _where(request.game.words, ranges.get((name, row.part))),
                              tuple(s.name for s in row.pictures)))
    return lines, shown


def _where(_: Words, pages: tuple[int, int] | None) -> str:
    """Where a checklist line's pieces are: "pages 3–4", "not in this file"."""
    if pages is None:
        return _("not in this file")
    return _pages(_, *pages)


def _pages(_: Words, first: int, last: int) -> str:
    """A run of pages in words: "page 2", "pages 3–4"."""
    if first == last:
        return _("page {first}").format(first=first)
    return _("pages {first}–{last}").format(first=first, last=last)


def cover_kind(paper: str, text: str, words: Words = SOURCE_WORDS) -> PieceKind:
    """The cover as a kind of piece with one item: this paper's, saying `text`."""
    _ = words
    item = Item(paper, 1, (("paper", paper_name(_, paper)), ("text", text)))
    return PieceKind(COVER, _("Cover"), "", (item,), prefix="cover",
                     captions=(_("{game.title}: print-and-play, {paper}"), ""))


@dataclass(frozen=True)
class Cover:
    """A paper's cover drawn, and the pieces its pages picture (by scene name)."""

    drawn: Drawn
    shown: Mapping[str, Scene]
    duplex: bool = True  # a blank back when it has an odd number of pages

    @property
    def pages(self) -> int:
        """The cover's pages, a blank back included when it has an odd number and is
        printed double-sided."""
        count = len(self.drawn.every_page)
        return 2 * -(-count // 2) if self.duplex else count


def draw_cover_piece(request: BuildRequest, kit: Kit, paper: str, lines: list[Line],
                     shown: dict[str, Scene], test_pages: str) -> Cover:
    """The cover's pages for `paper`, its words flowing from the template."""
    duplex = not request.export.one_sided
    context = cover_context(request.game, paper, lines, test_pages,
                            bool(request.game.pieces), duplex)
    text = cover_words(request.templates_dir, context, kit.memo)
    kind = cover_kind(paper, text, request.game.words)
    trims = {name: scene.trim for name, scene in shown.items()}
    cover = drawn(kit, kind, look_of(request.layout, COVER), kind.items[0], FRONT,
                  size=request.layout.sheets.paper(paper), pictures=trims)
    return Cover(cover, shown, duplex)


def draw_cover(canvas, bundle: PaperBundle) -> None:
    """The cover's pages with the pieces they picture, then a blank back if it has an
    odd number of pages."""
    cover, (width, height) = bundle.cover, bundle.size
    for page, pictures in zip(cover.drawn.every_page, cover.drawn.pictures, strict=True):
        canvas.setPageSize((width * PT, height * PT))
        place(canvas, page, 0, 0)
        for picture in pictures:
            _picture(canvas, height, cover.shown[picture[0]], picture)
        canvas.showPage()
    if cover.pages > len(cover.drawn.every_page):
        _blank_back(canvas, bundle.italic, width, height, bundle.blank)


def _picture(canvas, height: float, scene: Scene, picture: Picture) -> None:
    """A piece on the cover: the cut piece (its bleed clipped away), `w` mm wide."""
    _, x, y, w = picture
    trim_w, trim_h = scene.trim
    scale = w / trim_w
    h = trim_h * scale
    bottom = height - y - h
    clip = (x * PT, bottom * PT, w * PT, h * PT)
    place(canvas, scene, (x - scene.bleed * scale) * PT, (bottom - scene.bleed * scale) * PT,
          scale=scale, clip=clip)


BLANK = N_("This page is left blank: it is the back of the instructions, so that every "
           "sheet and its back print on one piece of paper.")


def _blank_back(canvas, italic: tuple[str, Path], width: float, height: float,
                said: str = BLANK) -> None:
    """The back of the cover, left blank on purpose (and saying so)."""
    canvas.setPageSize((width * PT, height * PT))
    line = Text(width / 2, height / 2, said or BLANK, "italic", 9 / PT, "#5A5566", "middle")
    place_furniture(canvas, "blank-back", width, height, [line],
                    [italic])
    canvas.showPage()
