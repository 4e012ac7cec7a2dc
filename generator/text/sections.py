"""The rulebook's and the player aids' Markdown, rendered once per templates and context.

Kept in the build's memo under a digest of the templates and the context, so a build
(or a validation) that changes neither skips Jinja2 altogether.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.digest import digest
from generator.core.memo import Memo
from generator.core.model import Game
from generator.core.paths import anchored_text
from generator.load.digests import code_digest, tree_digest
from generator.text.context import Rendered, freeze, rulebook_layers


def rendered_sections(templates_dir: Path, context: dict, memo: Memo) -> tuple[Rendered, ...]:
    """The section templates rendered with the context (ContentError: every problem)."""
    def render() -> tuple[Rendered, ...]:
        from generator.text.templating import render_rulebook

        return tuple(render_rulebook(templates_dir, context))

    folders = rulebook_layers(templates_dir, context.get("language", "")).folders
    key = digest("sections", code_digest(), tree_digest(*folders), repr(context))
    return memo.get(key, render)


def aid_context(game: Game, context: dict, element_id: str) -> dict:
    """The context of one Oink's player aid: the rulebook's, and the Oink itself."""
    element = game.element(element_id)
    oink = next(o for o in game.oinks if o.element == element_id)
    return {**context, "oink": freeze({"name": oink.name, "element": element.name,
                                       "colour": element.colour})}


def rendered_aids(templates_dir: Path, game: Game, context: dict,
                  memo: Memo) -> tuple[Rendered, ...]:
    """The player aid template rendered for each Oink, in content order."""
    def render() -> tuple[Rendered, ...]:
        from generator.text.templating import render_aids

        return tuple(render_aids(templates_dir, [aid_context(game, context, o.element)
                                                 for o in game.oinks]))

    folders = rulebook_layers(templates_dir, context.get("language", "")).folders
    # (where the content lies is no part of the words: a copy elsewhere has the same)
    said = anchored_text(repr((context, game.oinks, game.elements)), game.resolved_dirs)
    key = digest("aids", code_digest(), tree_digest(*folders), said)
    return memo.get(key, render)
