"""The `aids` kind: one player aid card per Oink, coloured for its element, from
templates/rulebook/aid.md.j2.

Each card is a scene (SVG first, like every piece); the PDF sheets impose the same
scenes with `generator.products.sheets.draw_sheets`, crop marks and all. `SECTION` is
the aids' part of the print-and-play bundle.
"""

from __future__ import annotations

from pathlib import Path

from generator.backends.pdf.document import render_pdf
from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.model import Game, Oink
from generator.draw.colour import DARK, contrast, tint
from generator.draw.kit import Kit
from generator.draw.parts import badge
from generator.draw.scene import Rect, Scene, Style, Text
from generator.layout.imposition import Grid, grid_for
from generator.layout.model import SheetLayout
from generator.load.digests import code_digest, tree_digest
from generator.products.bundle import Row, Section
from generator.products.fingerprint import rulebook_context, words
from generator.products.fontfiles import font_files
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Piece, draw_sheets, sheet_pages
from generator.text.context import RULEBOOK_DIR
from generator.text.sections import rendered_aids

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


def aid_scene(kit: Kit, oink: Oink, markdown: str, edition: str) -> Scene:
    """One player aid: a band in the Oink's colour over the rules summary."""
    game = kit.game
    element = game.element(oink.element)
    w, h = TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED
    band = BLEED + 21.0
    items: list = [Rect(0, 0, w, h, Style(fill=tint(element.colour, 0.10))),
                   Rect(0, 0, w, band, Style(fill=element.colour))]
    items += badge(kit.memo, element, BLEED + PAD + 6.5, BLEED + 10.5, 13.0, 9.0, "#FFFFFF", 0.6,
                   "#FFFFFF")
    title_ink = "#FFFFFF" if _dark_enough(element.colour) else DARK
    x_text = BLEED + PAD + 15.5
    items.append(Text(x_text, BLEED + 10.2, oink.name, "title", 16 * PT_MM, title_ink))
    items.append(Text(x_text, BLEED + 15.6, f"{element.name} \u00b7 player aid", "bold",
                      8 * PT_MM, title_ink))
    body_top, foot = band + 4.0, h - BLEED - PAD
    # Imported here: they bring Markdown and Jinja2, which a build whose cards are
    # remembered (the build's memo) never needs.
    from generator.products.rulebook.richtext import Fonts, blocks, set_blocks

    lines, _ = set_blocks(blocks(markdown), BLEED + PAD, body_top, TRIM[0] - 2 * PAD,
                          foot - 4.5 - body_top, (9.8 * PT_MM, 6.5 * PT_MM), kit.fonts,
                          Fonts(heading_ink=_heading_ink(element.colour)))
    items += lines
    items.append(Text(w / 2, foot, f"{game.title} \u00b7 {edition} \u00b7 v{game.version}",
                      "body", 6.2 * PT_MM, "#5A5A5A", "middle"))
    fonts = tuple((r, game.font(r)) for r in FONT_ROLES if game.font(r))
    return Scene(f"aid-{element.id}", w, h, BLEED, tuple(items),
                 f"{game.title}: player aid, {oink.name}", fonts)


def _dark_enough(colour: str) -> bool:
    return contrast(colour, "#FFFFFF") >= 3.0


def _heading_ink(colour: str) -> str:
    # A heading in the element's colour, unless it is too pale to read on the card.
    return colour if _dark_enough(colour) else DARK


def aid_scenes(kit: Kit, templates_dir: Path) -> list[Scene]:
    """One aid scene per Oink, in content order.

    Setting the cards' text is the slow part of the aids, so the scenes are kept in the
    build's memo (and so remembered between builds), keyed on all they are made from.
    """
    context = rulebook_context(kit)
    key = aid_scenes_key(kit, templates_dir, context)
    return kit.memo.get(key, lambda: _aid_scenes(kit, templates_dir, context))


def _aid_scenes(kit: Kit, templates_dir: Path, context: dict) -> list[Scene]:
    game = kit.game
    aids = rendered_aids(templates_dir, game, context, kit.memo)
    return [aid_scene(kit, oink, aid.markdown, context["edition"])
            for oink, aid in zip(game.oinks, aids, strict=True)]


def aid_grid(sheet: SheetLayout, paper: str) -> Grid:
    """Where the aid cards sit on `paper`: the largest centred grid with crop marks."""
    return grid_for(sheet, paper, TRIM, BLEED, SHEET_KIND)


def draw_aid_sheets(canvas, kit: Kit, pieces: list[Piece], sheet: SheetLayout,
                    paper: str, duplex: bool = False) -> int:
    """Impose the aid cards on `paper` with crop marks; return the pages drawn.

    The cards are one-sided. With `duplex` (the print-and-play bundle, printed
    double-sided) each sheet is followed by a blank back page, so the sheets after it
    keep their fronts and backs together and no aid is printed behind another.
    """
    game = kit.game
    # Raised by the font's descent, so the "p" and "y" of "player" stay printable.
    lift = -kit.fonts.metrics("body").descent * LABEL_SIZE / 1000
    label = Label(f"{game.title} v{game.version} \u00b7 player aids", ("body", game.font("body")),
                  LABEL_SIZE, lift, first_column=True, what="aid-label")
    return draw_sheets(canvas, pieces, aid_grid(sheet, paper), sheet, label, blank_backs=duplex)


def produce(request: BuildRequest, kit: Kit) -> list[Artefact]:
    """An SVG per aid and imposed PDF sheets per paper."""
    game, sheet = request.game, request.layout.sheets
    scenes = aid_scenes(kit, request.templates_dir)
    out = [Artefact(f"svg/aids/{o.element}.svg",
                    scene_svg(s, kit.memo, "../../fonts").encode("utf-8"), KIND)
           for o, s in zip(game.oinks, scenes, strict=True)]
    out += font_files(game, FONT_ROLES, KIND)
    pieces = [Piece(s) for s in scenes]
    for paper in request.papers:
        data, pages = render_pdf(kit, f"player aids, {paper.upper()} sheets",
                                 lambda c, p=paper: draw_aid_sheets(c, kit, pieces, sheet, p))
        out.append(Artefact(f"pdf/{paper}/player-aids.pdf", data, KIND, pages))
    return out


def fingerprint(request: BuildRequest, kit: Kit) -> str:
    """The player aids: their text's context and template, and the sheet layout."""
    return digest(*words(request, kit, KIND), repr(request.layout.sheets))


def aid_page_count(game: Game, sheet: SheetLayout, paper: str, duplex: bool = False) -> int:
    """Pages `draw_aid_sheets` will draw for the game's Oinks (for a bundle's contents)."""
    return sheet_pages(len(game.oinks), aid_grid(sheet, paper), duplex)


def aid_scenes_key(kit: Kit, templates_dir: Path, context: dict) -> str:
    """Everything the player-aid cards depend on: the rulebook context and templates,
    the Oinks and elements, and the fonts."""
    game = kit.game
    return digest("aids", code_digest(), repr(context), tree_digest(templates_dir / RULEBOOK_DIR),
                  repr(game.oinks), repr(game.elements), game.title, game.version,
                  *kit.assets)


def _pieces(request: BuildRequest, kit: Kit) -> list[Piece]:
    return [Piece(scene) for scene in aid_scenes(kit, request.templates_dir)]


def _rows(request: BuildRequest, kit: Kit, pictures: bool) -> list[Row]:
    count = len(request.game.oinks)
    shown = aid_scenes(kit, request.templates_dir) if pictures else ()
    return [Row("Player aids", f"{count} cards, one per player, printed on one side", shown)]


# In the bundle, printed double-sided: each aid sheet gets a blank back.
SECTION = Section(
    lambda request, kit, paper: aid_page_count(request.game, request.layout.sheets, paper,
                                               duplex=True),
    lambda canvas, request, kit, paper: draw_aid_sheets(
        canvas, kit, _pieces(request, kit), request.layout.sheets, paper, duplex=True),
    _rows, lambda request, kit: aid_scenes(kit, request.templates_dir))
