"""`svg/tiles.json`: the tiles as the content lists them, for tools that show the SVGs.

The live preview reads it to caption each tile with its number and real name, to order
the cards as the content does, to filter them by element, and to draw the bleed and
safe-zone guides on an enlarged tile. Each tile also says how many `copies` of it print
(one SVG serves them all), so a tool can show "x2". It is a file of the `tiles` kind, written in the
same transaction as the tile SVGs, so it always describes the SVGs beside it (also after
a broken edit, while the last good output stays); it is one of the kind's inputs, so the
tiles' fingerprint changes when it does.
"""

from __future__ import annotations

import json

from generator.core.model import Game
from generator.layout.look import Look

INDEX = "svg/tiles.json"


def tile_index(game: Game, look: Look) -> tuple[str, bytes]:
    """Each tile's id, number, name, elements, copies and SVG in content order; the back's
    SVG; the tile's trim, bleed and safe zone in mm."""
    data = {"tiles": [{"id": t.id, "number": t.number, "name": t.name,
                       "elements": list(t.insignias), "copies": t.copies,
                       "svg": f"svg/tiles/{t.id}.svg"}
                      for t in game.tiles],
            "back": "svg/back.svg", "trim": look.size[0], "bleed": look.bleed,
            "safe": look.safe}
    text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    return INDEX, text.encode()
