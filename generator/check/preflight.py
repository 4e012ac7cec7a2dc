"""The preflight: every piece drawn as it will print, in every layout asked for, and
what would print badly reported at the layout line (or the content) that causes it.

Each piece is drawn by `generator.draw.pieces`, exactly as a build draws it, and its
scene's parts (what each run of items is and which layout entry placed it) are
examined: the safe zone and the art's cover, overlaps, glyphs, contrast, type and
insignia sizes, the art's resolution and crop. The game's element colours are
compared once, and the player aids' words are checked against their fonts.

What a piece's examination finds is kept in the build's memo under everything the
drawing depends on, so a second validation draws nothing; the tile faces drawn on the
way are kept there too, under the key the build draws them by, so a build after its
validation reuses them (see docs/preflight.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from generator.check.preflight_aids import aid_glyphs
from generator.check.preflight_colours import element_colours
from generator.check.preflight_contrast import contrasts
from generator.check.preflight_findings import Examined, Piece, grouped, seen
from generator.check.preflight_glyphs import missing_glyphs
from generator.check.preflight_pictures import art_pictures
from generator.check.preflight_place import art_cover, outside_safe, overlaps
from generator.check.preflight_sizes import bare_sizes, small_insignias, small_text
from generator.core.diagnostics import Diagnostic
from generator.core.digest import digest
from generator.core.model import Tile
from generator.draw.kit import Kit
from generator.draw.pieces import back_scene, oink_scene, tile_scene, tile_scene_key, token_scene
from generator.draw.scene import Scene
from generator.layout.model import Layout
from generator.load.digests import code_digest


def preflight(kit: Kit, layouts: tuple[Layout, ...],
              templates_dir: Path | None = None) -> list[Diagnostic]:
    """Every preflight diagnostic of the game's pieces in `layouts` (TKG501-TKG514); with
    `templates_dir`, the player aids' words too."""
    found = []
    for layout in layouts:
        for piece, examined in examined_pieces(kit, layout):
            found += seen(examined, piece, layout)
    diagnostics = grouped(found)
    diagnostics += [d for layout in layouts for d in bare_sizes(layout)]
    diagnostics += element_colours(kit)
    if templates_dir is not None:
        diagnostics += aid_glyphs(kit, templates_dir)
    return diagnostics


def examined_pieces(kit: Kit, layout: Layout) -> Iterator[tuple[Piece, Examined]]:
    """Each piece of the game in the layout, with what its examination found."""
    game = kit.game
    for tile in game.tiles:
        yield _tile(kit, layout, tile)
    yield _drawn(kit, layout, back_scene(kit, layout), Piece("the back", "back",
                                                              insignias=False))
    for element in game.elements:
        scene = token_scene(kit, element.id, layout)
        yield _drawn(kit, layout, scene, Piece(f"token {element.id!r}", "token"))
    for oink in game.oinks:
        scene = oink_scene(kit, oink, layout)
        yield _drawn(kit, layout, scene, Piece(f"Oink {oink.name!r}", "Oink", oink.where))


def _tile(kit: Kit, layout: Layout, tile: Tile) -> tuple[Piece, Examined]:
    # Kept under the face's own key: a tile the memo knows is neither drawn nor examined.
    piece = Piece(f"tile {tile.id!r}", "tile", tile.where, tile.art, tile.art_where)
    key = digest("preflight", tile_scene_key(kit, tile, layout))
    return piece, kit.memo.get(key, lambda: examine(kit, layout, tile_scene(kit, tile, layout),
                                                     piece))


def _drawn(kit: Kit, layout: Layout, scene: Scene, piece: Piece) -> tuple[Piece, Examined]:
    # These scenes are cheap to draw and not kept; their examination is, by what it reads.
    key = digest("preflight", code_digest(), scene.name, scene.digest, repr(scene.parts),
                 repr(layout.tile.safe), repr(piece.insignias), *kit.assets)
    return piece, kit.memo.get(key, lambda: examine(kit, layout, scene, piece))


def examine(kit: Kit, layout: Layout, scene: Scene, piece: Piece) -> Examined:
    """Everything the preflight finds on one drawn piece."""
    fonts = kit.fonts
    findings = [*outside_safe(fonts, scene, layout.tile.safe), *art_cover(scene),
                *overlaps(fonts, scene), *missing_glyphs(fonts, scene), *contrasts(scene),
                *small_text(scene), *(small_insignias(scene) if piece.insignias else ()),
                *art_pictures(kit.memo, scene, piece)]
    return Examined(scene.name, (scene.width, scene.height), tuple(findings))
