"""What every kind's fingerprint starts from (each kind's own is in its module).

A kind's fingerprint changes exactly when its files would: it hashes the drawings
(scenes, which carry every shape, colour and line of text), the art and font files
they point at, the paper sizes and the sheet layout. `build` compares these with
the last build's to decide which kinds to render again; so editing one tile renders
the tiles and the sheets that hold them, but not the tokens or the player aids, and
the rulebook only when a tile it pictures (or a number it prints) changed.
"""

from __future__ import annotations

from generator.core.model import Game
from generator.draw.kit import Kit
from generator.load.digests import code_digest, file_digest, tree_digest
from generator.products.request import BuildRequest
from generator.text.context import RULEBOOK_DIR, game_context


def common(request: BuildRequest, kit: Kit, kind: str) -> list[str]:
    """What every kind depends on: the code, the papers, the layout, the game's name and
    the files every drawing may use."""
    game = request.game
    return [kind, code_digest(), repr(request.papers), request.layout.name, game.title,
            game.version, *kit.assets]


def art_digests(game: Game) -> list[str]:
    """Digests of the tiles' art files (scenes name a picture only by its path)."""
    files = sorted({t.art for t in game.tiles if t.art})
    return [f"{p.name}:{file_digest(p)}" for p in files]


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


def words(request: BuildRequest, kit: Kit, kind: str) -> list[str]:
    """What text made from the rulebook templates depends on: the context and the
    templates themselves (hashed instead of rendering them, which would cost Jinja2)."""
    game = request.game
    return [*common(request, kit, kind), repr(rulebook_context(kit)),
            tree_digest(request.templates_dir / RULEBOOK_DIR), repr(game.oinks),
            repr(game.elements)]
