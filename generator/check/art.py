"""Every art and insignia file read as the drawing will read it; each failure a TKG304."""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic
from generator.core.errors import ContentError
from generator.draw.art import art_fault, art_problem
from generator.draw.kit import Kit
from generator.draw.symbols import element_symbol


def check_art(kit: Kit, share: int = 0, shares: int = 1) -> list[Diagnostic]:
    """TKG304 for each tile art file and insignia file that cannot be drawn, all of them;
    or one share of them, every `shares`-th file from the `share`-th (so two processes
    can read half each)."""
    tiles, elements = kit.game.tiles[share::shares], kit.game.elements[share::shares]
    found = [art_problem(tile, why) for tile in tiles if (why := art_fault(kit.memo, tile))]
    for element in elements:
        try:
            element_symbol(kit.memo, element)
        except ContentError as exc:
            found += exc.diagnostics
    return found
