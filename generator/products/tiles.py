"""The `tiles` kind: tile faces and the back as SVG, and the tile sheets of the
print-and-play bundle (its print-shop file is made from `PRINT_SHOP`)."""

from __future__ import annotations

from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.draw.kit import Kit
from generator.draw.scene import Scene, scenes_digest
from generator.layout.imposition import grid_for
from generator.products.bundle import Row, imposed
from generator.products.designs import tile_designs
from generator.products.fingerprint import art_digests, common
from generator.products.fontfiles import font_files
from generator.products.pieceset import piece_set
from generator.products.printshop import PrintShop
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Piece, Run
from generator.products.tileindex import tile_index

KIND = "tiles"


def produce(request: BuildRequest, kit: Kit) -> list[Artefact]:
    """Tile faces and the back as SVG.

    The duplex sheets are pages of the print-and-play bundle (`generator.products.bundle`),
    drawn once per paper rather than once more in a file of their own.
    """
    ps = piece_set(request, kit)
    out = [Artefact(f"svg/tiles/{t.id}.svg", scene_svg(s, kit.memo, standalone=True).encode(),
                    KIND) for t, s in zip(request.game.tiles, ps.tiles, strict=True)]
    back = scene_svg(ps.back, kit.memo, standalone=True)
    out.append(Artefact("svg/back.svg", back.encode(), KIND))
    out.append(tile_index(request.game, ps.layout.tile, KIND))  # svg/tiles.json
    return out + font_files(request.game, ps.layout.fonts, KIND)


def fingerprint(request: BuildRequest, kit: Kit) -> str:
    """Tile faces and the back (the print-shop file adds its bleed: `Kind.key`)."""
    ps = piece_set(request, kit)
    return digest(*common(request, kit, KIND), *art_digests(request.game),
                  scenes_digest([*ps.tiles, ps.back]), repr(ps.layout.tile),
                  repr(ps.layout.back), repr([t.copies for t in request.game.tiles]))


def _runs(request: BuildRequest, kit: Kit, paper: str) -> list[Run]:
    ps, game = piece_set(request, kit), request.game
    t = ps.layout.tile
    pieces = [Piece(scene, ps.back) for tile, scene in zip(game.tiles, ps.tiles, strict=True)
              for _ in range(tile.copies)]  # every printed tile (copies too), the shared back
    label = Label(f"{game.title} v{game.version}", ("body", game.font("body")))
    return [Run(pieces, grid_for(ps.layout.sheets, paper, (t.trim, t.trim), t.bleed, "tile"),
                label, "world tiles")]


def _rows(request: BuildRequest, kit: Kit, pictures: bool) -> list[Row]:
    ps = piece_set(request, kit)
    return [Row("World tiles", f"{len(request.game.deck)} tiles, one shared back",
                (*ps.tiles[:1], ps.back) if pictures else ())]


def _scenes(request: BuildRequest, kit: Kit) -> list[Scene]:
    ps = piece_set(request, kit)
    return [*ps.tiles, ps.back]


SECTION = imposed(_runs, _rows, _scenes)
PRINT_SHOP = PrintShop("world tiles", tile_designs, copies=True)
