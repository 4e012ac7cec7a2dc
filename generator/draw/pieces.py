"""The printed pieces as scenes and as SVG: tile faces, the shared back, tokens, Oinks.

These are the public entry points for anyone who needs a piece as a picture (the
rulebook's figures, the player aids, the preview): build a `Scene` with `*_scene`,
then turn it into SVG text with `*_svg` or into a reportlab flowable with
`generator.products.rulebook.scene_flow.scene_flowable`.
"""

from __future__ import annotations

import math
from dataclasses import replace

from generator.backends.svg import scene_svg
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.model import Game, Oink, Tile
from generator.draw.fonts import role_fonts
from generator.draw.parts import DARK, badge, symbol, symbol_ink, text_block
from generator.draw.parts import art as art_items
from generator.draw.parts import overflows as overflows_box
from generator.draw.scene import (
    Ellipse,
    Rect,
    Scene,
    Style,
    drawing_digest,
    remember_digest,
)
from generator.layout.model import Layout
from generator.load.digests import code_digest, file_digest


def tile_scene(game: Game, tile: Tile, layout: Layout) -> Scene:
    """A tile's face: art, name plate, insignia badges, flavour text and number.

    Remembered between builds (`generator.build.memo`): an unchanged tile is not
    drawn again.
    """
    from generator.build.memo import MEMO
    from generator.draw.pieces import tile_scene_key

    def draw() -> tuple[Scene, str]:
        scene = _tile_scene(game, tile, layout)
        return scene, drawing_digest(scene)

    # The digest is remembered with the scene: every build hashes all 48 drawings.
    scene, digest = MEMO.get(tile_scene_key(game, tile, layout), draw)
    remember_digest(scene, digest)
    return scene


def _tile_texts(game: Game, tile: Tile, layout: Layout) -> dict[str, tuple]:
    """The tile face's texts: what -> (style, text, max lines)."""
    t = layout.tile
    number = (t.number.format or "{number}").format(number=tile.number, count=len(game.tiles),
                                                    id=tile.id)
    return {"name": (t.name, tile.name, 1), "flavour text": (t.flavour, tile.flavour, 2),
            "number": (t.number, number, 1)}


def _tile_scene(game: Game, tile: Tile, layout: Layout) -> Scene:
    t = layout.tile
    b, size = t.bleed, t.trim + 2 * t.bleed
    texts = _tile_texts(game, tile, layout)
    items: list = [Rect(0, 0, size, size, Style(fill=t.background))]
    items += art_items(tile, t.art, b, b)
    items += text_block(*texts["name"][:2], game, b, b, max_lines=texts["name"][2])
    ins = t.insignias
    for element_id, (x, y) in zip(tile.insignias, ins.centres(len(tile.insignias)), strict=True):
        items += badge(game.element(element_id), x + b, y + b, ins.badge, ins.symbol, ins.ring,
                       ins.ring_width, ins.symbol_colour)
    for what in ("flavour text", "number"):
        style, text, max_lines = texts[what]
        items += text_block(style, text, game, b, b, max_lines=max_lines)
    return Scene(f"tile-{tile.id}", size, size, b, tuple(items), f"{tile.name} ({tile.id})",
                 role_fonts(game, layout.fonts))


def overflows(game: Game, layout: Layout) -> list[Diagnostic]:
    """A TKG305 warning for each tile text that does not fit its box in `layout`.

    The face still prints, with the text cut and an ellipsis at the cut; the warning
    (at the tile, in content/tiles.yaml) says which tile and which text to shorten.
    """
    from generator.build.memo import MEMO
    from generator.draw.pieces import tile_scene_key

    found = []
    for tile in game.tiles:
        # Remembered like the faces themselves: fitting text needs the font metrics.
        key = "overflow:" + tile_scene_key(game, tile, layout)
        found += MEMO.get(key, lambda tile=tile: _tile_overflows(game, tile, layout))
    return found


def _tile_overflows(game: Game, tile: Tile, layout: Layout) -> list[Diagnostic]:
    found = []
    for what, (style, text, max_lines) in _tile_texts(game, tile, layout).items():
        if overflows_box(style, text, game, max_lines):
            found.append(diagnostic(
                "TKG305", tile.where, f"the {what} of tile {tile.id!r} does not fit its "
                f"box in the {layout.name!r} layout, so it is cut short: {text!r}"))
    return found


def back_scene(game: Game, layout: Layout) -> Scene:
    """The back shared by every tile: a seal of the four elements and the game's name."""
    t, k = layout.tile, layout.back
    b, size = t.bleed, t.trim + 2 * t.bleed
    items: list = [Rect(0, 0, size, size, Style(fill=k.background))]
    cx, cy = k.seal.centre[0] + b, k.seal.centre[1] + b
    for i in range(7, 0, -1):  # concentric rings fading outwards, centred on the seal
        items.append(Ellipse(cx, cy, i * 5.2, i * 5.2,
                             Style(stroke=k.pattern, stroke_width=0.6 + 0.15 * i)))
    items.append(Ellipse(cx, cy, k.seal.radius, k.seal.radius,
                         Style(stroke=k.seal.ring, stroke_width=k.seal.ring_width * 1.6)))
    count = len(game.elements)
    for i, element in enumerate(game.elements):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        x, y = cx + k.seal.radius * math.cos(angle), cy + k.seal.radius * math.sin(angle)
        items += badge(element, x, y, k.seal.badge, k.seal.symbol, k.seal.ring,
                       k.seal.ring_width, "#FFFFFF")
    items.append(Ellipse(cx, cy, k.seal.radius * 0.42, k.seal.radius * 0.42,
                         Style(fill=k.seal.ring, stroke=k.background, stroke_width=0.8)))
    items += text_block(k.title, k.title.text or game.title, game, b, b, max_lines=1)
    items += text_block(k.subtitle, k.subtitle.text, game, b, b, max_lines=1)
    return Scene("tile-back", size, size, b, tuple(items), f"{game.title}: tile back",
                 role_fonts(game, layout.fonts))


def token_scene(game: Game, element_id: str, layout: Layout) -> Scene:
    """A life token of one element: a round face on a square cut (both sides alike)."""
    d = layout.token
    element = game.element(element_id)
    size, mid = d.trim + 2 * d.bleed, d.trim / 2 + d.bleed
    items = _disc(d, element.colour, mid, size)
    items.append(symbol(element, mid, mid, d.symbol, symbol_ink(element.colour, d.symbol_colour)))
    return Scene(f"token-{element_id}", size, size, d.bleed, tuple(items),
                 f"{element.name} life token", role_fonts(game, layout.fonts))


def oink_scene(game: Game, oink: Oink, layout: Layout) -> Scene:
    """An Oink marker: a larger disc with the element, the Oink's name and its capacity."""
    d = layout.oink
    element = game.element(oink.element)
    size, mid = d.trim + 2 * d.bleed, d.trim / 2 + d.bleed
    items = _disc(d, element.colour, mid, size)
    ink = symbol_ink(element.colour, d.symbol_colour)
    items.append(symbol(element, mid, mid - d.disc * 0.04, d.symbol, ink))
    if d.name is not None:
        items += text_block(d.name, oink.name.upper(), game, d.bleed, d.bleed, max_lines=1)
    if d.capacity is not None:
        text = d.capacity.format.format(capacity=game.rules.oink_capacity)
        items += text_block(d.capacity, text, game, d.bleed, d.bleed, max_lines=1)
    return Scene(f"oink-{oink.element}", size, size, d.bleed, tuple(items), oink.name,
                 role_fonts(game, layout.fonts))


def _disc(d, colour: str, mid: float, size: float) -> list:
    r = d.disc / 2
    items = [Rect(0, 0, size, size, Style(fill=d.surround)),
             Ellipse(mid, mid, r, r, Style(fill=colour, stroke=d.ring, stroke_width=d.ring_width))]
    for share in (0.80, 0.62):  # engraved rings give the face some depth in greyscale too
        items.append(Ellipse(mid, mid, r * share, r * share,
                             Style(stroke=DARK, stroke_width=d.ring_width * 0.6, opacity=0.25)))
    return items


def tile_svg(game: Game, tile: Tile, layout: Layout, font_dir: str | None = None) -> str:
    """A tile face as SVG text (bleed included, size in mm); fonts from `font_dir` if given."""
    return scene_svg(tile_scene(game, tile, layout), font_dir)


def back_svg(game: Game, layout: Layout, font_dir: str | None = None) -> str:
    """The shared tile back as SVG text."""
    return scene_svg(back_scene(game, layout), font_dir)


def token_svg(game: Game, element_id: str, layout: Layout, font_dir: str | None = None) -> str:
    """A life token face as SVG text."""
    return scene_svg(token_scene(game, element_id, layout), font_dir)


def oink_svg(game: Game, oink: Oink, layout: Layout, font_dir: str | None = None) -> str:
    """An Oink marker as SVG text."""
    return scene_svg(oink_scene(game, oink, layout), font_dir)


def tile_scene_key(game: Game, tile: Tile, layout: Layout) -> str:
    """Everything a tile's face depends on: the tile, its art, the layout, the rest of the game."""
    return digest("tile", _shared_key(game, layout), repr(tile), file_digest(tile.art))


_SHARED: dict[tuple[int, int], tuple[Game, Layout, str]] = {}


def _shared_key(game: Game, layout: Layout) -> str:
    # The part every tile shares, worked out once per (game, layout) object pair rather
    # than once per tile; keyed by identity, since hashing a whole Game is not cheap.
    cached = _SHARED.get((id(game), id(layout)))
    if cached is None or cached[0] is not game or cached[1] is not layout:
        _SHARED.clear()  # one build at a time
        cached = (game, layout, _make_shared_key(game, layout))
        _SHARED[(id(game), id(layout))] = cached
    return cached[2]


def _make_shared_key(game: Game, layout: Layout) -> str:
    from generator.products.fingerprints import assets

    rest = replace(game, tiles=())  # the other tiles only matter through their count
    return digest(code_digest(), repr(layout), repr(rest), str(len(game.tiles)), *assets(game))
