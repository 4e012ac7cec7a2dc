"""The rulebook and player-aid templates rendered as the build renders them: every
syntax error (TKG301) and unknown name (TKG302) of every template."""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic
from generator.core.errors import ContentError
from generator.core.memo import Memo
from generator.core.model import Game
from generator.text.sections import rendered_aids, rendered_sections


def check_templates(templates_dir: Path, game: Game, context: dict,
                    memo: Memo) -> list[Diagnostic]:
    """The templates' problems (none when they render): the rulebook's, then the aid's."""
    found: list[Diagnostic] = []
    for render in (lambda: rendered_sections(templates_dir, context, memo),
                   lambda: rendered_aids(templates_dir, game, context, memo)):
        try:
            render()
        except ContentError as exc:
            found += [d for d in exc.diagnostics if d not in found]
    return found
