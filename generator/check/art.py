"""Every art and insignia file read as the drawing will read it; each failure a TKG304."""

from __future__ import annotations

from generator.core.diagnostics import Diagnostic
from generator.core.errors import ContentError
from generator.draw.art import art_fault, art_problem
from generator.draw.kit import Kit
from generator.draw.symbols import element_symbol


def check_art(kit: Kit) -> list[Diagnostic]:
    """TKG304 for each tile art file and insignia file that cannot be drawn, all of them."""
    found = [art_problem(tile, why) for tile in kit.game.tiles
             if (why := art_fault(kit.memo, tile))]
    for element in kit.game.elements:
        try:
            element_symbol(kit.memo, element)
        except ContentError as exc:
            found += exc.diagnostics
    return found
