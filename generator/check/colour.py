"""The print-shop files' colour profiles, read as the files will embed them (TKG308)."""

from __future__ import annotations

from generator.backends.pdf.pdfx import press_fault, press_of
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Game, Location
from generator.core.paths import display_path


def check_colour(game: Game) -> list[Diagnostic]:
    """TKG308 at a colour profile of content/colour/ that cannot be used."""
    fault = press_fault(press_of(game))
    if fault is None:
        return []
    path, why = fault
    return [diagnostic("TKG308", Location(display_path(path), 1, 1),
                       f"the colour profile {display_path(path)} cannot be used: {why}")]
