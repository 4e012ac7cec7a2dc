"""The rulebook, player-aid and cover templates rendered as the build renders them:
every syntax error (TKG301) and unknown name (TKG302) of every template, and what is
wrong with a picture the rulebook shows (`generator.check.rulebook_pictures`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from generator.check.rulebook_pictures import rulebook_pictures
from generator.core.diagnostics import Diagnostic
from generator.core.errors import ContentError
from generator.core.memo import Memo
from generator.core.model import Game
from generator.load.layers import template_layers
from generator.text.context import game_context
from generator.text.cover import Line, cover_context, cover_words
from generator.text.sections import rendered_aids, rendered_sections

# A checklist line like the bundle's, for the cover's template to be tried on.
SAMPLE = (Line("World tiles", "48 tiles, one shared back", "pages 3–10", ("tile-back",)),)


def check_templates(templates_dir: Path, game: Game, context: dict,
                    memo: Memo) -> list[Diagnostic]:
    """The templates' problems (none when they render): the rulebook's, the aid's, then
    the cover's."""
    found: list[Diagnostic] = []
    template_layers(templates_dir, found)  # what templates.yaml names to build on
    # The cover for both sides of the paper and for one (`tkg build --one-sided`).
    covers = [cover_context(game, "a4", SAMPLE, "pages 3–4", bool(game.pieces), duplex)
              for duplex in (True, False)]
    # The aids with the words a build gives them (no example of play): the same drawing
    # a build makes and remembers, so a validation after a build renders them no more.
    aid_words = game_context(game, memo)
    renders: list[Callable[[], object]] = [
        partial(rendered_sections, templates_dir, context, memo),
        partial(rendered_aids, templates_dir, game, aid_words, memo),
        *(partial(cover_words, templates_dir, cover, memo) for cover in covers)]
    made: list = []
    for render in renders:
        try:
            made.append(render())
        except ContentError as exc:
            found += [d for d in exc.diagnostics if d not in found]
    if not found:  # every template rendered: the pictures the book's sections show
        found += rulebook_pictures(made[0], templates_dir, context.get("language", ""),
                                   game, memo)
    return found
