"""The `rulebook` producer: templates + content -> PDF (A4, Letter) and one HTML file.

Everything is gathered in memory and returned as artefacts; the writer saves them.
Work shared by both papers (context, templates, figures) is done once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from generator.artefacts import Artefact, BuildRequest
from generator.layout.loader import load_layout
from generator.model import Game
from generator.render.scene import Scene
from generator.rulebook.context import build_context
from generator.rulebook.diagrams import cover, draw_figure, figure_names
from generator.rulebook.figures import FigureKit, make_kit
from generator.rulebook.html import rulebook_html
from generator.rulebook.markdown_flow import to_flowables
from generator.rulebook.pdf import Meta, build_pdf
from generator.rulebook.scene_flow import scene_flowable
from generator.rulebook.styles import ACCENT, PAPER_TINT, Styles, make_styles
from generator.rulebook.templating import Rendered, render_rulebook

KIND = "rulebook"


@dataclass(frozen=True)
class Prepared:
    """What both papers share: the rendered Markdown, the figures, the styles."""

    game: Game
    context: dict
    sections: tuple[Rendered, ...]
    figures: dict[str, Scene | None]
    cover: Scene
    styles: Styles


def prepare(request: BuildRequest) -> Prepared:
    """Render the templates and draw every figure once."""
    game = request.game
    context = build_context(game)
    names = figure_names()
    sections = tuple(render_rulebook(request.templates_dir, context, names))
    kit: FigureKit = make_kit(game, load_layout(request.templates_dir, request.layout))
    used = {n for s in sections for n in names if f"(figure:{n})" in s.markdown}
    figures = {n: draw_figure(kit, n) for n in sorted(used)}
    return Prepared(game, context, sections, figures, cover(kit), make_styles(game))


def _figure(prep: Prepared, name: str, caption: str) -> list[Flowable]:
    scene = prep.figures.get(name)
    if scene is None:
        return []
    # No KeepTogether: platypus will not chain a heading's keepWithNext into one, so
    # the picture itself keeps with its caption and a heading keeps with the picture.
    picture = scene_flowable(scene, space_before=2 * mm)
    if not caption:
        return [picture]
    picture.keepWithNext = 1
    return [picture, Paragraph(caption, prep.styles.caption)]


def _cover(prep: Prepared) -> list[Flowable]:
    s, c = prep.styles, prep.context
    title, _, subtitle = prep.game.title.partition(":")
    big = s.h1.clone("cover-title", fontSize=40, leading=44, alignment=1, spaceAfter=4)
    sub = s.h1.clone("cover-sub", fontName=s.fonts["italic"], fontSize=24, leading=28,
                     alignment=1, spaceAfter=18)
    line = s.body.clone("cover-line", alignment=1, fontSize=13, leading=18)
    edition = s.h2.clone("cover-edition", alignment=1, fontSize=17, leading=22)
    r = c["rules"]
    return [Paragraph(title.strip(), big), Paragraph(subtitle.strip() or "Rulebook", sub),
            scene_flowable(prep.cover, max_width=132 * mm), Spacer(1, 12 * mm),
            Paragraph(f"Rulebook \u00b7 {c['edition']} \u00b7 version {c['version']}", edition),
            Paragraph(f"{r.players_min}\u2013{r.players_max} players \u00b7 "
                      f"{c['element_names']}", line)]


def rulebook_pdf(prep: Prepared, paper: str) -> tuple[bytes, int]:
    """The rulebook PDF for one paper size, and its page count."""
    keys: dict[str, int] = {}
    body: list[Flowable] = []
    for section in prep.sections:
        body += to_flowables(section.markdown, prep.styles, partial(_figure, prep), keys)
    meta = Meta(prep.game.title, prep.game.version, prep.context["edition"])
    return build_pdf(paper, meta, prep.styles, _cover(prep), body, _cover_painter(prep))


def _cover_painter(prep: Prepared):
    """The cover's paper: a warm ground, a thin frame, a band of the element colours."""
    colours = [HexColor(e.colour) for e in prep.game.elements]

    def paint(canvas, doc) -> None:
        width, height = doc.pagesize
        canvas.saveState()
        canvas.setFillColor(PAPER_TINT)
        canvas.rect(0, 0, width, height, stroke=0, fill=1)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.8)
        canvas.rect(10 * mm, 10 * mm, width - 20 * mm, height - 20 * mm, stroke=1, fill=0)
        band = (width - 20 * mm) / max(len(colours), 1)
        for i, colour in enumerate(colours):
            canvas.setFillColor(colour)
            canvas.rect(10 * mm + i * band, 10 * mm, band, 7 * mm, stroke=0, fill=1)
            canvas.rect(10 * mm + i * band, height - 17 * mm, band, 7 * mm, stroke=0, fill=1)
        canvas.restoreState()
    return paint


def build_rulebook(request: BuildRequest) -> list[Artefact]:
    """Producer of kind `rulebook`: a PDF per paper and a self-contained HTML file."""
    prep = prepare(request)
    artefacts = []
    for paper in request.papers:
        data, pages = rulebook_pdf(prep, paper)
        artefacts.append(Artefact(f"rulebook/rulebook-{paper}.pdf", data, KIND, pages))
    artefacts.append(Artefact("rulebook/rulebook.html", rulebook_html(prep).encode("utf-8"),
                              KIND))
    return artefacts
