"""The `tokens` kind: life-token and Oink faces as SVG, and their sheets in the bundle
(its print-shop file is made from `PRINT_SHOP`).

Both are drawn from the layout's `token` and `oink` looks like any piece; a life
token's copies are the tokens of its element in the bag.
"""

from __future__ import annotations

from generator.core.words import N_
from generator.draw.kit import Kit
from generator.draw.piece import built_in, look_of
from generator.layout.imposition import grid_for
from generator.load.builtin import OINK, TOKEN
from generator.products.bundle import Row, Section
from generator.products.designs import Design, disc_of
from generator.products.drawings import Side, printed, scenes, sides
from generator.products.inputs import PieceFiles, drawing, font_files
from generator.products.printshop import PrintShop
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Run

KIND = "tokens"
FOLDERS = {TOKEN: "tokens", OINK: "oinks"}  # where each one's SVGs go


def piece_sides(request: BuildRequest, kit: Kit, name: str,
                bleed: float | None = None) -> list[Side]:
    """The life tokens (one item per element) or the Oinks, both sides alike."""
    return sides(kit, built_in(kit, name), look_of(request.layout, name), bleed)


def _drawings(request: BuildRequest, kit: Kit) -> list:
    return [s for name in FOLDERS for s in scenes(piece_sides(request, kit, name))]


def inputs(request: BuildRequest, kit: Kit) -> PieceFiles:
    """Life-token and Oink faces as SVG (their sheets are pages of the bundle)."""
    drawn = tuple(drawing(f"svg/{folder}/{s.item.id}.svg", s.front, look_of(request.layout, name))
                  for name, folder in FOLDERS.items() for s in piece_sides(request, kit, name))
    return PieceFiles(KIND, drawn, font_files(request.game, _drawings(request, kit)))


def _runs(request: BuildRequest, kit: Kit, paper: str) -> list[Run]:
    game, sheet = request.game, request.layout.sheets
    label = Label(f"{game.title} v{game.version}", ("body", game.font_file("body")),
                  words=game.words)
    runs = []
    for name, what in ((TOKEN, N_("life tokens")), (OINK, N_("Oinks"))):
        look = look_of(request.layout, name)
        grid = grid_for(sheet, paper, look.size, look.bleed, look.gutter, what)
        runs.append(Run(printed(piece_sides(request, kit, name)), grid, label,
                        game.words.gettext(what)))
    return runs


def _rows(request: BuildRequest, kit: Kit, pictures: bool) -> list[Row]:
    game = request.game
    _, total = game.words, game.tokens.total

    def shown(name: str) -> tuple:
        return tuple(s.front for s in piece_sides(request, kit, name)) if pictures else ()

    tokens = _.ngettext("{total} token, {each} of each element",
                        "{total} tokens, {each} of each element", total).format(
        total=total, each=game.tokens.per_element[0][1])
    oinks = _.ngettext("{count} marker, one per player", "{count} markers, one per player",
                       len(game.oinks)).format(count=len(game.oinks))
    return [Row(_("Life tokens"), tokens, shown(TOKEN)),
            Row(_("Oinks"), oinks, shown(OINK), part=1)]


def designs(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
    """The life tokens (one design per element) and the Oinks; both sides alike."""
    game, found = request.game, []
    for name, group in FOLDERS.items():
        disc = disc_of(look_of(request.layout, name))
        for s in piece_sides(request, kit, name, bleed):
            what = game.words.gettext("{element} life token").format(
                element=game.element(s.item.id).name) if name == TOKEN else \
                str(s.item.value("name"))
            found.append(Design(group, s.item.id, what, s.front, s.back, s.item.copies, disc,
                                name))
    return found


SECTION = Section(_rows, _drawings, runs=_runs)
PRINT_SHOP = PrintShop(N_("life tokens and Oinks"), designs)
