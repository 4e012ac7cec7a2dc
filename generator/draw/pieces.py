"""The printed pieces as scenes: tile faces, the shared back, life tokens, Oinks.

These are the public entry points for anyone who needs a piece as a picture (the
sheets, the rulebook's figures, the player aids, the preview): `tile_scene(kit, tile,
layout)` and its siblings return a `Scene`, which `generator.backends.svg` writes as
SVG and `generator.backends.pdf` draws into a PDF.
"""

from __future__ import annotations

import math
from dataclasses import replace

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.digest import digest
from generator.core.model import Oink, Tile
from generator.draw.colour import DARK, best_ink, symbol_ink
from generator.draw.fonts import role_fonts
from generator.draw.kit import Kit
from generator.draw.parts import art as art_items
from generator.draw.parts import badge, symbol
from generator.draw.parts import overflows as overflows_box
from generator.draw.scene import Ellipse, Rect, Scene, Style
from generator.draw.sketch import Sketch, square
from generator.layout.model import BackLayout, Layout, TextStyle
from generator.load.digests import code_digest, file_digest


def tile_scene(kit: Kit, tile: Tile, layout: Layout) -> Scene:
    """A tile's face: art, name plate, insignia badges, flavour text and number.

    Remembered between builds (the build's memo): an unchanged tile is not drawn again.
    """
    def draw() -> Scene:
        scene = _tile_scene(kit, tile, layout)
        scene.digest  # noqa: B018 - worked out now, so the memo keeps it with the scene
        return scene

    return kit.memo.get(tile_scene_key(kit, tile, layout), draw)


def _tile_texts(kit: Kit, tile: Tile, layout: Layout) -> dict[str, tuple]:
    """The tile face's texts: what -> (style, text, max lines)."""
    t = layout.tile
    number = (t.number.format or "{number}").format(number=tile.number, count=len(kit.game.tiles),
                                                    id=tile.id)
    return {"name": (t.name, tile.name, 1), "flavour text": (t.flavour, tile.flavour, 2),
            "number": (t.number, number, 1)}


def _tile_scene(kit: Kit, tile: Tile, layout: Layout) -> Scene:
    game, fonts, t = kit.game, kit.fonts, layout.tile
    b, size = t.bleed, t.trim + 2 * t.bleed
    texts = _tile_texts(kit, tile, layout)
    s = Sketch()
    s.add("decor", "background", "tile.background", (0, 0, size, size),
          [Rect(0, 0, size, size, Style(fill=t.background))], layer=True)
    a = t.art
    s.add("art", "art", "tile.art", (a.x + b, a.y + b, a.w, a.h),
          art_items(kit.memo, tile, a, b, b), layer=True, content=True)
    style, text, max_lines = texts["name"]
    s.text("name", "tile.name", style, text, fonts, b, max_lines, content=True)
    ins = t.insignias
    count = len(tile.insignias)
    for i, (element_id, (x, y)) in enumerate(zip(tile.insignias, ins.centres(count),
                                                 strict=True)):
        s.add("badge", f"insignia {i + 1} of {count}", f"tile.insignias.slots.{count}.{i + 1}",
              square(x + b, y + b, ins.badge + ins.ring_width),
              badge(kit.memo, game.element(element_id), x + b, y + b, ins.badge, ins.symbol,
                    ins.ring, ins.ring_width, ins.symbol_colour), layer=ins.layer, round=True)
    for what, source in (("flavour text", "tile.flavour"), ("number", "tile.number")):
        style, text, max_lines = texts[what]
        s.text(what, source, style, text, fonts, b, max_lines, content=what != "number")
    return s.scene(f"tile-{tile.id}", size, b, f"{tile.name} ({tile.id})",
                   role_fonts(game, layout.fonts))


def overflows(kit: Kit, layout: Layout) -> list[Diagnostic]:
    """A TKG305 warning for each tile text that does not fit its box in `layout`.

    The face still prints, with the text cut and an ellipsis at the cut; the warning
    (at the tile, in content/tiles.yaml) says which tile and which text to shorten.
    """
    found = []
    for tile in kit.game.tiles:
        # Remembered like the faces themselves: fitting text needs the font metrics.
        key = "overflow:" + tile_scene_key(kit, tile, layout)
        found += kit.memo.get(key, lambda tile=tile: _tile_overflows(kit, tile, layout))
    return found


def _tile_overflows(kit: Kit, tile: Tile, layout: Layout) -> list[Diagnostic]:
    found = []
    for what, (style, text, max_lines) in _tile_texts(kit, tile, layout).items():
        if overflows_box(style, text, kit.fonts, max_lines):
            found.append(diagnostic(
                "TKG305", tile.where, f"the {what} of tile {tile.id!r} does not fit its "
                f"box in the {layout.name!r} layout, so it is cut short: {text!r}"))
    return found


def back_scene(kit: Kit, layout: Layout) -> Scene:
    """The back shared by every tile: a seal of the four elements and the game's name."""
    game, t, k = kit.game, layout.tile, layout.back
    b, size = t.bleed, t.trim + 2 * t.bleed
    s = Sketch()
    s.add("decor", "background", "back.background", (0, 0, size, size),
          [Rect(0, 0, size, size, Style(fill=k.background))], layer=True)
    cx, cy = k.seal.centre[0] + b, k.seal.centre[1] + b
    # Concentric rings fading outwards, centred on the seal.
    s.add("decor", "ring pattern", "back.pattern", (0, 0, size, size),
          [Ellipse(cx, cy, i * 5.2, i * 5.2, Style(stroke=k.pattern, stroke_width=0.6 + 0.15 * i))
           for i in range(7, 0, -1)], layer=True)
    _seal(s, kit, k, cx, cy)
    s.text("title", "back.title", k.title, k.title.text or game.title, kit.fonts, b, 1,
           content=not k.title.text)
    s.text("subtitle", "back.subtitle", k.subtitle, k.subtitle.text, kit.fonts, b, 1)
    return s.scene("tile-back", size, b, f"{game.title}: tile back",
                   role_fonts(game, layout.fonts))


def _seal(s: Sketch, kit: Kit, k: BackLayout, cx: float, cy: float) -> None:
    """The back's seal: a ring, the elements' badges round it, a disc in the middle."""
    seal = k.seal
    s.add("decor", "seal ring", "back.seal", square(cx, cy, 2 * seal.radius),
          [Ellipse(cx, cy, seal.radius, seal.radius,
                   Style(stroke=seal.ring, stroke_width=seal.ring_width * 1.6))], layer=True)
    count = len(kit.game.elements)
    for i, element in enumerate(kit.game.elements):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        x, y = cx + seal.radius * math.cos(angle), cy + seal.radius * math.sin(angle)
        s.add("badge", f"{element.id} badge of the seal", "back.seal",
              square(x, y, seal.badge + seal.ring_width),
              badge(kit.memo, element, x, y, seal.badge, seal.symbol, seal.ring,
                    seal.ring_width, "#FFFFFF"), round=True)
    s.add("decor", "seal centre", "back.seal", square(cx, cy, seal.radius * 0.84),
          [Ellipse(cx, cy, seal.radius * 0.42, seal.radius * 0.42,
                   Style(fill=seal.ring, stroke=k.background, stroke_width=0.8))], layer=True)


def token_scene(kit: Kit, element_id: str, layout: Layout) -> Scene:
    """A life token of one element: a round face on a square cut (both sides alike)."""
    game, d = kit.game, layout.token
    element = game.element(element_id)
    size, mid = d.trim + 2 * d.bleed, d.trim / 2 + d.bleed
    s = Sketch()
    _disc(s, "token", d, element.colour, mid, size)
    s.add("symbol", f"{element.id} symbol", "token.symbol", square(mid, mid, d.symbol),
          [symbol(kit.memo, element, mid, mid, d.symbol,
                  symbol_ink(element.colour, d.symbol_colour))])
    return s.scene(f"token-{element_id}", size, d.bleed, f"{element.name} life token",
                   role_fonts(game, layout.fonts))


def oink_scene(kit: Kit, oink: Oink, layout: Layout) -> Scene:
    """An Oink marker: a larger disc with the element, the Oink's name and its capacity."""
    game, d = kit.game, layout.oink
    element = game.element(oink.element)
    size, mid = d.trim + 2 * d.bleed, d.trim / 2 + d.bleed
    s = Sketch()
    _disc(s, "oink", d, element.colour, mid, size)
    ink = symbol_ink(element.colour, d.symbol_colour)
    centre = mid - d.disc * 0.04
    s.add("symbol", f"{element.id} symbol", "oink.symbol", square(mid, centre, d.symbol),
          [symbol(kit.memo, element, mid, centre, d.symbol, ink)])
    if d.name is not None:
        s.text("name", "oink.name", _on(d.name, element.colour), oink.name.upper(), kit.fonts,
               d.bleed, 1, content=True)
    if d.capacity is not None:
        text = d.capacity.format.format(capacity=game.rules.oink_capacity)
        s.text("capacity", "oink.capacity", _on(d.capacity, element.colour), text, kit.fonts,
               d.bleed, 1)
    return s.scene(f"oink-{oink.element}", size, d.bleed, oink.name,
                   role_fonts(game, layout.fonts))


def _on(style: TextStyle, colour: str) -> TextStyle:
    """The style with the ink that reads best on the element's colour (`colour_on_light`)."""
    if style.colour_on_light is None:
        return style
    return replace(style, colour=best_ink(colour, style.colour, style.colour_on_light))


def _disc(s: Sketch, piece: str, d, colour: str, mid: float, size: float) -> None:
    r = d.disc / 2
    s.add("decor", "surround", f"{piece}.surround", (0, 0, size, size),
          [Rect(0, 0, size, size, Style(fill=d.surround))], layer=True)
    disc = [Ellipse(mid, mid, r, r, Style(fill=colour, stroke=d.ring, stroke_width=d.ring_width))]
    for share in (0.80, 0.62):  # engraved rings give the face some depth in greyscale too
        disc.append(Ellipse(mid, mid, r * share, r * share,
                            Style(stroke=DARK, stroke_width=d.ring_width * 0.6, opacity=0.25)))
    s.add("decor", "disc", f"{piece}.disc", square(mid, mid, d.disc), disc, layer=True)


def tile_scene_key(kit: Kit, tile: Tile, layout: Layout) -> str:
    """Everything a tile's face depends on: the tile, its art, the layout, the rest of the game."""
    shared = kit.memo.per(layout, "tile scenes' shared key", lambda _: _shared_key(kit, layout))
    return digest("tile", shared, repr(tile), file_digest(tile.art))


def _shared_key(kit: Kit, layout: Layout) -> str:
    # The part every tile shares, worked out once per layout in a build rather than once
    # per tile: hashing a whole Game is not cheap. The other tiles only matter through
    # their count.
    rest = replace(kit.game, tiles=())
    return digest(code_digest(), repr(layout), repr(rest), str(len(kit.game.tiles)),
                  *kit.assets)
