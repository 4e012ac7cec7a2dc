"""The rulebook's template context as a build makes it: the game's context and the
example of play (a seeded game the simulator plays), worked out once per build."""

from __future__ import annotations

from generator.core.memo import Memo
from generator.draw.kit import Kit
from generator.text.context import game_context


def rulebook_context(kit: Kit) -> dict:
    """The rulebook's template context, worked out once per build, with the example of
    play (a seeded game the simulator plays: `play`) and what simulated games say
    (`played`)."""
    return kit.memo.per(kit.game, "rulebook context with play",
                        lambda game: with_play(game, game_context(game, kit.memo), kit.memo))


def with_play(game, context: dict, memo: Memo) -> dict:
    """The context, the example of play's words (`play`) and the simulated games'
    figures (`played`, kept in `memo`)."""
    from generator.sim.book import book_games
    from generator.sim.example import remembered_example
    from generator.text.play import play_words

    played = book_games(game, memo)
    return {**context, **play_words(game, remembered_example(game, memo), played)}

