"""The preflight: a drawn piece examined as it will print (TKG501-TKG516).

Every piece, built-in or declared, is drawn by `generator.draw.piece` exactly as a
build draws it (`generator.check.pieces` does the drawing), and its scene's parts
(what each run of items is and which layout entry placed it) are examined here: the
safe zone (inside the disc of a round piece) and every shape against the piece, the
art's cover, overlaps, glyphs, contrast, sentences left unfinished, type and insignia
sizes, the art's resolution and crop. The game's element colours are compared once
per validation.

What a piece's examination finds is kept in the build's memo under the drawing's own
digest and the look's rules it is judged by, so a second validation examines nothing
again and a one-tile edit examines one tile (see docs/preflight.md).
"""

from __future__ import annotations

from generator.check.preflight_colours import element_colours
from generator.check.preflight_contrast import contrasts
from generator.check.preflight_findings import Examined, Piece
from generator.check.preflight_glyphs import missing_glyphs
from generator.check.preflight_pictures import art_pictures
from generator.check.preflight_place import art_cover, off_piece, outside_safe, overlaps, round_safe
from generator.check.preflight_sizes import bare_sizes, small_insignias, small_text
from generator.check.preflight_words import unfinished
from generator.core.diagnostics import Diagnostic
from generator.core.digest import digest
from generator.draw.art import picture_digests
from generator.draw.kit import Kit
from generator.draw.scene import Scene
from generator.layout.look import Look
from generator.layout.model import Layout
from generator.load.digests import code_digest, file_digest


def layout_findings(kit: Kit, layouts: tuple[Layout, ...]) -> list[Diagnostic]:
    """What the preflight finds beside the pieces: font sizes written without a unit
    (TKG514) in each layout, and element colours alike for some eyes (TKG511/512)."""
    return [*(d for layout in layouts for d in bare_sizes(layout)), *element_colours(kit)]


def examined(kit: Kit, look: Look, scene: Scene, piece: Piece) -> Examined:
    """What the preflight finds on one drawn piece, remembered by what it reads."""
    key = digest("preflight", code_digest(), scene.name, scene.digest, repr(scene.parts),
                 look.shape, repr(look.safe), repr(look.face), repr(piece.insignias),
                 str(piece.art), *_files_read(scene, piece), *kit.assets)
    return kit.memo.get(key, lambda: examine(kit, look, scene, piece))


def _files_read(scene: Scene, piece: Piece) -> list[str]:
    """Digests of the files the examination reads beyond the scene, which names them
    only by path: the pictures it shows (their pixels: resolution, contrast) and the
    piece's art (its size: the crop). A picture saved again in the same proportions is
    placed as before, and must still be examined again."""
    art = piece.art
    return [*picture_digests(scene), file_digest(art) if art and art.is_file() else ""]


def examine(kit: Kit, look: Look, scene: Scene, piece: Piece) -> Examined:
    """Everything the preflight finds on one drawn piece."""
    fonts = kit.fonts
    placed = round_safe(fonts, scene, look.face, look.safe) if look.shape == "round" else \
        outside_safe(fonts, scene, look.safe)
    findings = [*placed, *off_piece(scene), *art_cover(scene), *overlaps(fonts, scene),
                *missing_glyphs(fonts, scene), *contrasts(fonts, scene, kit.memo),
                *unfinished(scene), *small_text(scene),
                *(small_insignias(scene) if piece.insignias else ()),
                *art_pictures(kit.memo, scene, piece)]
    return Examined(scene.name, (scene.width, scene.height), tuple(findings))
