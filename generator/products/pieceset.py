"""Every distinct drawing of the game's pieces in one layout, made once per build.

The tiles, the tokens and the bundle all draw from one `PieceSet`: the scenes are
shared by the SVG files, the sheets, the print-and-play bundle and the print-shop
file.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.kit import Kit
from generator.draw.pieces import back_scene, oink_scene, tile_scene, token_scene
from generator.draw.scene import Scene
from generator.layout.model import Layout
from generator.products.request import BuildRequest


@dataclass(frozen=True)
class PieceSet:
    """Every distinct drawing of the game for one layout."""

    layout: Layout
    tiles: tuple[Scene, ...]
    back: Scene
    tokens: tuple[Scene, ...]  # one per element
    oinks: tuple[Scene, ...]


def piece_set(request: BuildRequest, kit: Kit) -> PieceSet:
    """The scenes of every piece in the request's layout, made once per build."""
    return kit.memo.per(request.layout, "piece set", lambda layout: _draw(kit, layout))


def _draw(kit: Kit, layout: Layout) -> PieceSet:
    game = kit.game
    return PieceSet(layout, tuple(tile_scene(kit, t, layout) for t in game.tiles),
                    back_scene(kit, layout),
                    tuple(token_scene(kit, e, layout) for e in game.element_ids),
                    tuple(oink_scene(kit, o, layout) for o in game.oinks))
