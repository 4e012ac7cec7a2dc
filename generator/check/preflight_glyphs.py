"""Every character of every text in its font (TKG504): a font without a glyph prints
an empty box ("Caf□ No□l"), so a missing glyph is an error, saying which characters,
which font, and which of the game's fonts have them."""

from __future__ import annotations

from pathlib import Path

from generator.check.preflight_findings import CONTENT, LAYOUT, Finding
from generator.draw.fonts import FontBook
from generator.draw.scene import Scene, Text


def missing(fonts: FontBook, role: str, text: str) -> str:
    """The characters of `text` the role's font lacks, in order, each once (spaces,
    which print nothing, are never missing)."""
    glyphs = fonts.metrics(role).glyph_of
    return "".join(dict.fromkeys(c for c in text if not c.isspace() and c not in glyphs))


def having(fonts: FontBook, chars: str) -> list[str]:
    """The game's font roles whose files have every one of `chars`."""
    return [role for role in fonts.paths if not missing(fonts, role, chars)]


def lacking(fonts: FontBook, role: str, text: str, what: str) -> str:
    """Why `text` cannot print in the role's font ("" when it can)."""
    gone = missing(fonts, role, text)
    if not gone:
        return ""
    others = having(fonts, gone)
    names = ", ".join(others[:-1]) + " and " * (len(others) > 1) + "".join(others[-1:])
    suggestion = (f"the {names} font{'s have' if len(others) > 1 else ' has'} "
                  f"{'them' if len(gone) > 1 else 'it'}" if others else
                  "no font of the game has " + ("them" if len(gone) > 1 else "it"))
    boxes = "empty boxes" if len(gone) > 1 else "an empty box"
    return (f"{what} {text!r} uses {', '.join(gone)}, which the {role} font "
            f"({Path(fonts.paths[role]).name}) lacks, so it would print {boxes}; {suggestion}")


def missing_glyphs(fonts: FontBook, scene: Scene) -> list[Finding]:
    """TKG504 for each text of the scene with characters its font lacks."""
    found = []
    for part in scene.parts:
        for line in (t for t in scene.items_of(part) if isinstance(t, Text)):
            why = lacking(fonts, line.font, line.text, f"the {part.name}")
            if why:
                found.append(Finding("TKG504", f"{part.name}: {line.text}", f"{part.source}.font",
                                     why, part.box, 0.0, CONTENT if part.content else LAYOUT,
                                     part.field))
    return found
