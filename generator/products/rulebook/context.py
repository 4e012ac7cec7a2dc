"""The rulebook's template context as a build makes it: the game's context and the
example of play (a seeded game the simulator plays), worked out once per build."""

from __future__ import annotations

from generator.draw.kit import Kit
from generator.text.context import game_context


def rulebook_context(kit: Kit) -> dict:
    """The rulebook's template context, worked out once per build, with the example of
    play (a seeded game the simulator plays: `play`)."""
    return kit.memo.per(kit.game, "rulebook context with play",
                        lambda game: with_play(game, game_context(game, kit.memo)))


def with_play(game, context: dict) -> dict:
    """The context and the example of play's words (`play`)."""
    from generator.sim.playlog import example_log
    from generator.text.context import PLAY_TURNS, freeze
    from generator.text.play import play_context

    return {**context, "play": freeze(play_context(game, example_log(game, PLAY_TURNS)))}

