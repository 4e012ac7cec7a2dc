"""The player aids' words in their fonts (TKG504), checked without drawing the cards.

The cards are drawn by `generator.products.aids`, which the checks may not import; what
can go wrong with their type, though, is a character its font lacks, and that is known
from the rendered aid templates alone. The fonts are the cards': the Oink's name in the
title font, the line under it in bold, headings in black, **bold** runs in bold, the
rest and the footer in body (as `products/aids.py` sets them). The cards' colours are
fixed in that module, not in a layout, so they are not checked here.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.check.preflight_glyphs import lacking, missing
from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.errors import ContentError
from generator.core.model import Location, Oink
from generator.core.paths import display_path
from generator.draw.kit import Kit

AID = "aid.md.j2"
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def aid_glyphs(kit: Kit, templates_dir: Path) -> list[Diagnostic]:
    """TKG504 for each character of a player aid its font lacks (nothing if the aid
    templates do not render: their own checks say why)."""
    from generator.text.context import RULEBOOK_DIR, game_context
    from generator.text.sections import rendered_aids

    game = kit.game
    context = game_context(game, kit.memo)
    try:
        aids = rendered_aids(templates_dir, game, context, kit.memo)
    except ContentError:
        return []
    footer = f"{game.title} \u00b7 {context['edition']} \u00b7 v{game.version}"
    template = templates_dir / RULEBOOK_DIR / AID
    source = template.read_text(encoding="utf-8") if template.is_file() else ""
    found = []
    for oink, aid in zip(game.oinks, aids, strict=True):
        runs = _runs(oink.name, f"{game.element(oink.element).name} \u00b7 player aid",
                     aid.markdown)
        found += [diagnostic("TKG504", _where(oink, gone, template, source), lacking(
                      kit.fonts, role, text, f"the player aid of {oink.name!r}:"))
                  for role, text in [*runs, ("body", footer)]
                  if (gone := missing(kit.fonts, role, text))]
    return list(dict.fromkeys(found))


def _where(oink: Oink, gone: str, template: Path, source: str) -> Location:
    """The Oink's line when its name holds a missing character, else the template's."""
    if any(c in oink.name for c in gone):
        return oink.where
    return _line_of(template, source, gone)


def _runs(name: str, subtitle: str, markdown: str) -> list[tuple[str, str]]:
    """(font role, text) of everything a card prints, as the card sets it."""
    runs = [("title", name), ("bold", subtitle)]
    for line in markdown.splitlines():
        if line.startswith("#"):
            runs.append(("black", line.lstrip("#").strip()))
            continue
        runs += [("bold", bold) for bold in _BOLD.findall(line)]
        plain = _BOLD.sub(" ", line).lstrip("-* ").strip()
        if plain:
            runs.append(("body", plain))
    return runs


def _line_of(template: Path, source: str, chars: str) -> Location:
    """Where the template first writes one of `chars` (else its top: the characters
    came from the game, through the template's placeholders)."""
    for number, line in enumerate(source.splitlines(), 1):
        for column, char in enumerate(line, 1):
            if char in chars:
                return Location(display_path(template), number, column)
    return Location(display_path(template), 1, 1)
