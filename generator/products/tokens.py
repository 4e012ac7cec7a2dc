"""The `tokens` kind: life-token and Oink faces as SVG, and their sheets in the bundle
(its print-shop file is made from `PRINT_SHOP`)."""

from __future__ import annotations

from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.draw.kit import Kit
from generator.draw.scene import Scene, scenes_digest
from generator.layout.imposition import grid_for
from generator.products.bundle import Row, imposed
from generator.products.designs import token_designs
from generator.products.fingerprint import common
from generator.products.fontfiles import font_files
from generator.products.pieceset import piece_set
from generator.products.printshop import PrintShop
from generator.products.request import BuildRequest
from generator.products.sheets import Label, Piece, Run

KIND = "tokens"


def produce(request: BuildRequest, kit: Kit) -> list[Artefact]:
    """Life-token and Oink faces as SVG (their sheets are pages of the bundle)."""
    ps = piece_set(request, kit)
    game = request.game
    out = [Artefact(f"svg/tokens/{e}.svg", scene_svg(s, kit.memo, standalone=True).encode(), KIND)
           for e, s in zip(game.element_ids, ps.tokens, strict=True)]
    out += [Artefact(f"svg/oinks/{o.element}.svg", scene_svg(s, kit.memo, standalone=True).encode(),
                     KIND) for o, s in zip(game.oinks, ps.oinks, strict=True)]
    out += font_files(game, ps.layout.fonts, KIND)
    return out


def fingerprint(request: BuildRequest, kit: Kit) -> str:
    """Token and Oink faces."""
    ps = piece_set(request, kit)
    # No tile art: tokens and Oinks draw only the elements' symbols (in the assets).
    return digest(*common(request, kit, KIND), scenes_digest([*ps.tokens, *ps.oinks]),
                  repr(request.game.tokens.per_element))


def _token_pieces(request: BuildRequest, kit: Kit) -> list[Piece]:
    """Every life token (both sides the element's face: drawn blind from a bag)."""
    ps, game = piece_set(request, kit), request.game
    out = []
    for element_id, scene in zip(game.element_ids, ps.tokens, strict=True):
        out += [Piece(scene, scene)] * game.tokens.count(element_id)
    return out


def _runs(request: BuildRequest, kit: Kit, paper: str) -> list[Run]:
    ps, game = piece_set(request, kit), request.game
    font, name = ("body", game.font("body")), f"{game.title} v{game.version}"
    sheet, d, o = ps.layout.sheets, ps.layout.token, ps.layout.oink
    tokens = grid_for(sheet, paper, (d.trim, d.trim), d.bleed, "token")
    oinks = grid_for(sheet, paper, (o.trim, o.trim), o.bleed, "oink")
    label = Label(name, font)
    return [Run(_token_pieces(request, kit), tokens, label, "life tokens"),
            Run([Piece(s, s) for s in ps.oinks], oinks, label, "Oinks")]


def _rows(request: BuildRequest, kit: Kit, pictures: bool) -> list[Row]:
    ps, game = piece_set(request, kit), request.game
    return [Row("Life tokens", f"{game.tokens.total} tokens, {game.tokens.per_element[0][1]} "
                "of each element", ps.tokens if pictures else ()),
            Row("Oinks", f"{len(game.oinks)} markers, one per player",
                ps.oinks if pictures else (), part=1)]


def _scenes(request: BuildRequest, kit: Kit) -> list[Scene]:
    ps = piece_set(request, kit)
    return [*ps.tokens, *ps.oinks]


SECTION = imposed(_runs, _rows, _scenes)
PRINT_SHOP = PrintShop("life tokens and Oinks", token_designs)
