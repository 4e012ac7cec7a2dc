"""The `tiles` kind: tile faces and the back as SVG, and the tile sheets of the
print-and-play bundle (its print-shop file is made from `PRINT_SHOP`).

A tile is drawn from the layout's `tile` look like any piece (`generator.draw.piece`);
what makes it a tile (its insignias, the rules) is the content's.
"""

from __future__ import annotations

from generator.core.words import N_
from generator.draw.kit import Kit
from generator.draw.piece import built_in, look_of
from generator.layout.imposition import grid_for
from generator.load.builtin import TILE
from generator.products.bundle import Row, Section
from generator.products.designs import Design
from generator.products.drawings import Side, printed, scenes, sides
from generator.products.inputs import PieceFiles, drawing, font_files
from generator.products.printshop import PrintShop
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Run
from generator.products.tileindex import tile_index

KIND = "tiles"


def tile_sides(request: BuildRequest, kit: Kit, bleed: float | None = None) -> list[Side]:
    """Every tile with its face and the shared back, in the request's layout."""
    return sides(kit, built_in(kit, TILE), look_of(request.layout, TILE), bleed)


def inputs(request: BuildRequest, kit: Kit) -> PieceFiles:
    """Tile faces and the back as SVG, and the index beside them.

    The duplex sheets are pages of the print-and-play bundle (`generator.products.bundle`),
    drawn once per paper rather than once more in a file of their own.
    """
    found, look = tile_sides(request, kit), look_of(request.layout, TILE)
    drawn = [drawing(f"svg/tiles/{s.item.id}.svg", s.front, look) for s in found]
    drawn += [drawing("svg/back.svg", s.back, look) for s in found[:1] if s.back]
    index = tile_index(request.game, look)  # svg/tiles.json
    return PieceFiles(KIND, tuple(drawn), font_files(request.game, scenes(found)), (index,))


def _runs(request: BuildRequest, kit: Kit, paper: str) -> list[Run]:
    game, look = request.game, look_of(request.layout, TILE)
    label = Label(f"{game.title} v{game.version}", ("body", game.font_file("body")),
                  words=game.words)
    grid = grid_for(request.layout.sheets, paper, look.size, look.bleed, look.gutter, "tile")
    return [Run(printed(tile_sides(request, kit)), grid, label, game.words.gettext("world tiles"))]


def _rows(request: BuildRequest, kit: Kit, pictures: bool) -> list[Row]:
    found = tile_sides(request, kit)
    shown = (found[0].front, *([found[0].back] if found[0].back else ())) if pictures else ()
    _, count = request.game.words, len(request.game.deck)
    return [Row(_("World tiles"), _.ngettext(
        "{count} tile, one shared back", "{count} tiles, one shared back", count).format(
        count=count), shown)]


def designs(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
    """The world tiles for a print shop, each with the shared back."""
    return [Design("tiles", s.item.id, str(s.item.value("name")), s.front, s.back,
                   s.item.copies, look=TILE) for s in tile_sides(request, kit, bleed)]


SECTION = Section(_rows, lambda request, kit: scenes(tile_sides(request, kit)), runs=_runs)
PRINT_SHOP = PrintShop(N_("world tiles"), designs, copies=True)
