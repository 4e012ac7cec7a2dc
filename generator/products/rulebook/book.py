"""The `rulebook` kind: templates + content -> PDF (A4, Letter) and one HTML file.

Everything is gathered in memory and returned as artefacts; the writer saves them.
Work shared by both papers (context, templates, figures) is done once.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from generator.backends.pdf.document import layout_key, layout_remembered, linked_pdf
from generator.core.artefacts import Artefact
from generator.core.errors import RenderError
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.products.request import BuildRequest
from generator.products.rulebook.context import rulebook_context
from generator.products.rulebook.diagrams import drawn_figures
from generator.products.rulebook.html import rulebook_html
from generator.products.rulebook.pictures import with_pictures
from generator.products.rulebook.prepared import Prepared, book_of
from generator.text.context import FIGURES
from generator.text.sections import rendered_sections

KIND = "rulebook"


def prepare(request: BuildRequest, kit: Kit) -> Prepared:
    """Render the templates and draw every figure once, the pictures they show too."""
    context = rulebook_context(kit)
    sections = rendered_sections(request.templates_dir, context, kit.memo)
    drawn = drawn_figures(kit, request.layout)
    used = {n for s in sections for n in FIGURES if f"(figure:{n})" in s.markdown}
    figures: dict[str, Scene | None] = {n: drawn.figures[n] for n in sorted(used)}
    sections, pictures = with_pictures(sections, kit)
    return Prepared(book_of(request.game), context, sections, {**figures, **pictures},
                    drawn.cover)


def rulebook_pdf(prep: Prepared, kit: Kit, paper: str) -> tuple[bytes, int]:
    """The rulebook PDF for one paper size, and its page count.

    Laying out the pages is most of the work, and it does not depend on what the
    figures look like: that layout is remembered, so an edit that only changes a
    pictured tile links the new figures into the old layout.
    """
    def lay_out():
        from generator.products.rulebook.pages import lay_out

        return lay_out(prep, paper)

    return linked_pdf(lay_out, kit, _layout_key(prep, kit, paper), _scenes(prep))


def _scenes(prep: Prepared) -> list[Scene]:
    """The drawings the pages show: the figures and the cover."""
    return [*(s for s in prep.figures.values() if s is not None), prep.cover]


def _layout_key(prep: Prepared, kit: Kit, paper: str) -> str:
    # The words are the templates rendered with the context, tiles' names included.
    return layout_key("rulebook", kit, _scenes(prep), paper, repr(prep.sections),
                      repr(prep.context))


@dataclass(frozen=True)
class Rulebook:
    """The rulebook's inputs: what it says and shows, and which files to make of it."""

    prep: Prepared
    papers: tuple[str, ...]
    html: bool  # the one HTML file for every paper (made by the first share)


def inputs(request: BuildRequest, kit: Kit) -> Rulebook:
    """The rulebook's words and figures, for the request's papers (and the HTML with the
    first share when the papers are shared out: `BuildRequest.share`)."""
    return Rulebook(prepare(request, kit), request.papers, request.share == 0)


def ready(request: BuildRequest, kit: Kit) -> None:
    """What every paper's share needs to lay its pages out, done before the shares are
    forked: reportlab's page layout imported and the game's fonts registered with it.
    Nothing when every paper's pages are remembered (an edit to what a figure looks
    like): the shares only link the new figures into them (0.1 s saved on one core)."""
    # What the shares gather: in the memo once the fingerprints were worked out (an
    # edit), else made here, once, and the forked shares find it.
    prep = prepare(request, kit)
    if all(layout_remembered(kit, _layout_key(prep, kit, p)) for p in request.papers):
        return
    from generator.products.rulebook.pages import lay_out  # noqa: F401  (reportlab.platypus)
    from generator.products.rulebook.styles import font_names

    with contextlib.suppress(RenderError):  # the share that needs the font says so
        font_names(book_of(request.game))


def produce(book: Rulebook, kit: Kit) -> list[Artefact]:
    """A rulebook PDF per paper and a self-contained HTML file, from its inputs alone."""
    artefacts = []
    for paper in book.papers:
        data, pages = rulebook_pdf(book.prep, kit, paper)
        artefacts.append(Artefact(f"rulebook/rulebook-{paper}.pdf", data, KIND, pages,
                                  paper=paper))
    if book.html:
        artefacts.append(Artefact("rulebook/rulebook.html",
                                  rulebook_html(book.prep, kit).encode("utf-8"), KIND))
    return artefacts
