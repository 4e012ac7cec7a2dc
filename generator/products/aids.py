"""Player aids: one card per Oink, coloured for its element, from templates/rulebook/aid.md.j2.

Each card is a scene (SVG first, like every piece); the PDF sheets impose the same
scenes with the print engineer's `draw_page`, crop marks and all. `aid_pieces`,
`draw_aid_sheets` and `aid_page_count` are the print-and-play bundle's entry points.
"""

from __future__ import annotations

from pathlib import Path

from generator.backends.pdf.canvas import place_furniture
from generator.backends.pdf.document import render_pdf
from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.model import Game, Oink
from generator.draw.fonts import face_metrics
from generator.draw.parts import badge
from generator.draw.scene import Rect, Scene, Style, Text
from generator.layout.imposition import Grid, grid_for
from generator.layout.loader import load_layout
from generator.layout.model import SheetLayout
from generator.layout.units import PT
from generator.load.digests import code_digest
from generator.products.request import BuildRequest
from generator.products.sheets import Piece, draw_page
from generator.text.context import build_context, freeze

KIND = "aids"
TRIM = (88.9, 127.0)  # 3.5 x 5 in: four to a page on A4 and on Letter
BLEED = 3.0
PAD = 5.5  # mm of paper between the trim and the text (the safe zone and then some)
FONT_ROLES = ("body", "bold", "black", "title")
PT_MM = 25.4 / 72
# The layout's gutter key for cards (`sheets: gutter: card:`): the gap between two aids'
# trims, half of which shows each card's bleed round its cut.
SHEET_KIND = "card"
LABEL_SIZE = 2.0  # mm, like the other sheets' labels


def tint(colour: str, amount: float) -> str:
    """The colour mixed with white (amount 0 = white, 1 = the colour)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02X}" for c in rgb)


def aid_scene(game: Game, oink: Oink, markdown: str, edition: str) -> Scene:
    """One player aid: a band in the Oink's colour over the rules summary."""
    element = game.element(oink.element)
    w, h = TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED
    band = BLEED + 21.0
    items: list = [Rect(0, 0, w, h, Style(fill=tint(element.colour, 0.10))),
                   Rect(0, 0, w, band, Style(fill=element.colour))]
    items += badge(element, BLEED + PAD + 6.5, BLEED + 10.5, 13.0, 9.0, "#FFFFFF", 0.6,
                   "#FFFFFF")
    title_ink = "#FFFFFF" if _dark_enough(element.colour) else "#15141C"
    x_text = BLEED + PAD + 15.5
    items.append(Text(x_text, BLEED + 10.2, oink.name, "title", 16 * PT_MM, title_ink))
    items.append(Text(x_text, BLEED + 15.6, f"{element.name} \u00b7 player aid", "bold",
                      8 * PT_MM, title_ink))
    body_top, foot = band + 4.0, h - BLEED - PAD
    # Imported here: they bring Markdown and Jinja2, which a build whose cards are
    # remembered (generator.build.memo) never needs.
    from generator.products.rulebook.richtext import Fonts, blocks, set_blocks

    lines, _ = set_blocks(blocks(markdown), BLEED + PAD, body_top, TRIM[0] - 2 * PAD,
                          foot - 4.5 - body_top, (9.8 * PT_MM, 6.5 * PT_MM), game,
                          Fonts(heading_ink=_heading_ink(element.colour)))
    items += lines
    items.append(Text(w / 2, foot, f"{game.title} \u00b7 {edition} \u00b7 v{game.version}",
                      "body", 6.2 * PT_MM, "#5A5A5A", "middle"))
    fonts = tuple((r, game.font(r)) for r in FONT_ROLES if game.font(r))
    return Scene(f"aid-{element.id}", w, h, BLEED, tuple(items),
                 f"{game.title}: player aid, {oink.name}", fonts)


def _dark_enough(colour: str) -> bool:
    from generator.draw.parts import contrast

    return contrast(colour, "#FFFFFF") >= 3.0


def _heading_ink(colour: str) -> str:
    # A heading in the element's colour, unless it is too pale to read on the card.
    return colour if _dark_enough(colour) else "#15141C"


def aid_scenes(game: Game, templates_dir: Path, context: dict | None = None) -> list[Scene]:
    """One aid scene per Oink, in content order.

    Setting the cards' text is the slow part of the aids, so the scenes are remembered
    between builds (`generator.build.memo`), keyed on all they are made from.
    """
    from generator.build.memo import MEMO
    from generator.products.aids import aid_scenes_key

    context = context or build_context(game)
    key = aid_scenes_key(game, templates_dir, context)
    return MEMO.get(key, lambda: _aid_scenes(game, templates_dir, context))


def _aid_scenes(game: Game, templates_dir: Path, context: dict) -> list[Scene]:
    from generator.text.templating import render_aid

    scenes = []
    for oink in game.oinks:
        element = game.element(oink.element)
        local = {**context, "oink": freeze({"name": oink.name, "element": element.name,
                                            "colour": element.colour})}
        markdown = render_aid(templates_dir, local).markdown
        scenes.append(aid_scene(game, oink, markdown, context["edition"]))
    return scenes


def aid_pieces(game: Game, templates_dir: Path) -> list[Piece]:
    """The aids as sheet pieces (single-sided) for `draw_aid_sheets`."""
    return [Piece(scene) for scene in aid_scenes(game, templates_dir)]


def aid_grid(sheet: SheetLayout, paper: str) -> Grid:
    """Where the aid cards sit on `paper`: the largest centred grid with crop marks."""
    return grid_for(sheet, paper, TRIM, BLEED, SHEET_KIND)


def draw_aid_sheets(canvas, game: Game, pieces: list[Piece], sheet: SheetLayout,
                    paper: str, duplex: bool = False) -> int:
    """Impose the aid cards on `paper` with crop marks; return the pages drawn.

    The cards are one-sided. With `duplex` (the print-and-play bundle, printed
    double-sided) each sheet is followed by a blank back page, so the sheets after it
    keep their fronts and backs together and no aid is printed behind another.
    """
    grid = aid_grid(sheet, paper)
    chunks = [pieces[i:i + grid.per_page] for i in range(0, len(pieces), grid.per_page)]
    pages, title = 0, f"{game.title} v{game.version} \u00b7 player aids"
    for number, chunk in enumerate(chunks, start=1):
        name = f"{title} \u00b7 sheet {number}/{len(chunks)}"
        draw_page(canvas, [p.front for p in chunk], grid, sheet)
        # Under the first column, not the page's centre: the aids fill a Letter page so
        # far down that the marks of the middle cut reach into the bottom margin there.
        _label(canvas, game, sheet, grid, grid.left + grid.piece[0] / 2, name)
        canvas.showPage()
        pages += 1
        if duplex:
            canvas.setPageSize((grid.paper[0] * PT, grid.paper[1] * PT))
            _label(canvas, game, sheet, grid, grid.paper[0] / 2, f"{name} \u00b7 back, left blank")
            canvas.showPage()
            pages += 1
    return pages


def _label(canvas, game: Game, sheet: SheetLayout, grid: Grid, x: float, text: str) -> None:
    """A small line naming the sheet, centred on `x` (mm) in the bottom margin."""
    width, height = grid.paper
    font = ("body", game.font("body"))
    # Raised by the font's descent, so the "p" and "y" of "player" stay printable.
    descent = face_metrics(font[1]).descent * LABEL_SIZE / 1000
    baseline = height - (sheet.margin + 0.3 - descent)
    line = Text(x, baseline, text, "body", LABEL_SIZE, "#555555", "middle")
    place_furniture(canvas, "aid-label", width, height, [line], [font])


def _font_files(game: Game) -> list[Artefact]:
    paths = sorted({game.font(r) for r in FONT_ROLES if game.font(r)})
    licences = sorted({p for f in paths for p in f.parent.glob("LICENSE*")})
    return [Artefact(f"fonts/{p.name}", p.read_bytes(), KIND) for p in paths + licences]


def build_aids(request: BuildRequest) -> list[Artefact]:
    """Producer of kind `aids`: an SVG per aid and imposed PDF sheets per paper."""
    game = request.game
    sheet = load_layout(request.templates_dir, request.layout).sheets
    scenes = aid_scenes(game, request.templates_dir)
    out = [Artefact(f"svg/aids/{o.element}.svg", scene_svg(s, "../../fonts").encode("utf-8"),
                    KIND) for o, s in zip(game.oinks, scenes, strict=True)]
    out += _font_files(game)
    pieces = [Piece(s) for s in scenes]
    for paper in request.papers:
        data, pages = render_pdf(game, f"player aids, {paper.upper()} sheets",
                                 lambda c, p=paper: draw_aid_sheets(c, game, pieces, sheet, p))
        out.append(Artefact(f"pdf/{paper}/player-aids.pdf", data, KIND, pages))
    return out


def aid_page_count(game: Game, sheet: SheetLayout, paper: str, duplex: bool = False) -> int:
    """Pages `draw_aid_sheets` will draw for the game's Oinks (for a bundle's contents)."""
    sheets = -(-len(game.oinks) // aid_grid(sheet, paper).per_page)
    return 2 * sheets if duplex else sheets


def aid_scenes_key(game: Game, templates_dir: Path, context: dict) -> str:
    """Everything the player-aid cards depend on: the rulebook context and templates,
    the Oinks and elements, and the fonts."""
    from generator.load.digests import tree_digest
    from generator.products.fingerprints import assets

    return digest("aids", code_digest(), repr(context), tree_digest(templates_dir / "rulebook"),
                  repr(game.oinks), repr(game.elements), game.title, game.version,
                  *assets(game))
