"""Every piece as a print shop sees it: its face, its back, how many, at any bleed.

The print-shop files (a page per distinct face and back), the PNG export (a picture
per face and back, and a manifest pairing them) and the Tabletop Simulator export all
read these lists, so they agree on what the game is made of.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.draw.kit import Kit
from generator.draw.scene import Group, Scene
from generator.products.aids import aid_scenes
from generator.products.bleeds import layout_at, rebleed
from generator.products.pieceset import PieceSet, piece_set
from generator.products.request import BuildRequest


@dataclass(frozen=True)
class Design:
    """One printed piece: what is on each side and how many the game holds."""

    group: str  # the folder its pictures go in: tiles, tokens, oinks, aids
    key: str  # its file name: the tile's id, the element's id
    name: str  # in words, for manifests and tables
    face: Scene
    back: Scene | None  # None: printed on one side only
    count: int
    disc: float = 0.0  # mm across the round face (ring included); 0: a square piece


def pieces_at(request: BuildRequest, kit: Kit, bleed: float | None) -> PieceSet:
    """The layout's pieces drawn at `bleed` mm (None: each piece's bleed in the layout),
    made once per build."""
    if bleed is None:
        return piece_set(request, kit)
    layout = kit.memo.per(request.layout, f"layout at a bleed of {bleed!r} mm",
                          lambda layout: layout_at(layout, bleed))
    return piece_set(replace(request, layouts=(layout,)), kit)


def tile_designs(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
    """The world tiles, each with the shared back."""
    ps = pieces_at(request, kit, bleed)
    return [Design("tiles", t.id, t.name, scene, ps.back, t.copies)
            for t, scene in zip(request.game.tiles, ps.tiles, strict=True)]


def token_designs(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
    """The life tokens (one design per element) and the Oinks; both sides alike."""
    ps, game = pieces_at(request, kit, bleed), request.game
    d, o = ps.layout.token, ps.layout.oink
    tokens = [Design("tokens", e, f"{game.element(e).name} life token", s, s,
                     game.tokens.count(e), d.disc + d.ring_width)
              for e, s in zip(game.element_ids, ps.tokens, strict=True)]
    oinks = [Design("oinks", oink.element, oink.name, s, s, 1, o.disc + o.ring_width)
             for oink, s in zip(game.oinks, ps.oinks, strict=True)]
    return tokens + oinks


def aid_designs(request: BuildRequest, kit: Kit, bleed: float | None) -> list[Design]:
    """The player aids, one a player, printed on one side."""
    scenes = aid_scenes(kit, request.templates_dir)
    return [Design("aids", oink.element, f"{oink.name} player aid",
                   scene if bleed is None else rebleed(scene, bleed), None, 1)
            for oink, scene in zip(request.game.oinks, scenes, strict=True)]


def distinct(designs: list[Design]) -> list[Scene]:
    """Each different face, then each different back, in the designs' order."""
    found: dict[str, Scene] = {}
    for scene in [*(d.face for d in designs), *(d.back for d in designs if d.back)]:
        found.setdefault(scene.name, scene)
    return list(found.values())


def round_scene(design: Design) -> Scene:
    """A round piece's face alone: the square around it not painted, cut to the disc.

    The surround exists to be cut away; without it, and on a transparent ground, the
    face is what a screen or a tabletop program shows of the piece.
    """
    face = design.face
    drop = {i for p in face.parts if p.source.endswith(".surround") for i in range(*p.span)}
    kept = tuple(item for i, item in enumerate(face.items) if i not in drop)
    side = design.disc
    offset = face.width / 2 - side / 2  # the disc is centred on the piece
    return Scene(f"{face.name}-round", side, side, 0.0,
                 (Group(kept, translate=(-offset, -offset)),), f"{face.title} (round)",
                 face.fonts)
