"""What each kind of output is drawn from, as one digest per kind.

A kind's fingerprint changes exactly when its files would: it hashes the drawings
(scenes, which carry every shape, colour and line of text), the art and font files
they point at, the paper sizes and the sheet layout. `build` compares these with
the last build's to decide which kinds to render again; so editing one tile renders
the tiles and the sheets that hold them, but not the tokens or the player aids, and
the rulebook only when a tile it pictures (or a number it prints) changed.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.core.digest import digest
from generator.core.model import Game
from generator.core.per_object import PerObject
from generator.draw.scene import scenes_digest
from generator.load.digests import code_digest, file_digest
from generator.products.request import BuildRequest

_ASSETS: PerObject[Game, list[str]] = PerObject(limit=8)


def assets(game: Game) -> list[str]:
    """Digests of the files every kind draws with: fonts, their licences (copied next to
    the SVGs), and the insignia symbols. Worked out once per game object."""
    return list(_ASSETS.get(game, _assets))


def _assets(game: Game) -> list[str]:
    fonts = sorted({path for _, path in game.fonts})
    licences = sorted({p for f in fonts for p in f.parent.glob("LICENSE*")})
    symbols = [e.symbol_file for e in game.elements if e.symbol_file]
    return [f"{p.name}:{file_digest(p)}" for p in [*fonts, *licences, *symbols]] + [
        repr(game.fonts)]


def _common(request: BuildRequest, kind: str) -> list[str]:
    game = request.game
    return [kind, code_digest(), repr(request.papers), request.layout, game.title,
            game.version, *assets(game)]


def _art(game: Game) -> list[str]:
    files = sorted({t.art for t in game.tiles if t.art})
    return [f"{p.name}:{file_digest(p)}" for p in files]


def _pieces(request: BuildRequest):
    from generator.products.pieceset import piece_set

    return piece_set(request)


def tiles(request: BuildRequest) -> str:
    """Tile faces, the back, and the print-shop file."""
    ps = _pieces(request)
    return digest(*_common(request, "tiles"), *_art(request.game),
                  scenes_digest([*ps.tiles, ps.back]), repr(ps.layout.tile),
                  repr(ps.layout.back))


def tokens(request: BuildRequest) -> str:
    """Token and Oink faces."""
    ps = _pieces(request)
    game = request.game
    # No tile art: tokens and Oinks draw only the elements' symbols (in the assets).
    return digest(*_common(request, "tokens"), scenes_digest([*ps.tokens, *ps.oinks]),
                  repr(game.tokens.per_element))


def bundle(request: BuildRequest, kinds: list[str]) -> str:
    """The print-and-play bundle: every piece it imposes and the counts on its cover."""
    ps = _pieces(request)
    game = request.game
    parts = [*_common(request, "pnp"), *_art(game), repr(kinds), repr(ps.layout),
             scenes_digest([*ps.tiles, ps.back, *ps.tokens, *ps.oinks]),
             repr(game.tokens.per_element), repr(game.rules)]
    if "aids" in kinds:
        parts.append(aids(request))
    return digest(*parts)


def _rulebook_common(request: BuildRequest, kind: str) -> list[str]:
    # The rulebook's words are a function of the context and the templates, so both are
    # hashed instead of rendering the templates (which would cost Jinja2 and platypus).
    from generator.load.digests import tree_digest
    from generator.text.context import build_context

    context = build_context(request.game)
    return [*_common(request, kind), repr(context),
            tree_digest(request.templates_dir / "rulebook"), repr(request.game.oinks),
            repr(request.game.elements)]


def rulebook(request: BuildRequest) -> str:
    """The rulebook: the context and templates of its text, its figures and cover."""
    from generator.layout import load_layout
    from generator.products.rulebook.diagrams import drawn_figures

    drawn = drawn_figures(request.game, load_layout(request.templates_dir, request.layout))
    figures = [scenes_digest([f]) if f else "none" for _, f in sorted(drawn.figures.items())]
    return digest(*_rulebook_common(request, "rulebook"), *_art(request.game), *figures,
                  scenes_digest([drawn.cover]))


def aids(request: BuildRequest) -> str:
    """The player aids: their text's context and template, and the sheet layout."""
    from generator.layout import load_layout

    sheets = load_layout(request.templates_dir, request.layout).sheets
    return digest(*_rulebook_common(request, "aids"), repr(sheets))


def compare(request: BuildRequest) -> str:
    """The layout comparison: every tile in every compared layout."""
    from generator.products.compare import comparison_scenes

    if len(request.compare) < 2:
        return digest(*_common(request, "compare"), "no comparison")
    return digest(*_common(request, "compare"), *_art(request.game),
                  *(f"{name}:{scenes_digest(scenes)}"
                    for name, scenes in comparison_scenes(request).items()))


FINGERPRINTS: dict[str, Callable[[BuildRequest], str]] = {
    "tiles": tiles, "tokens": tokens, "rulebook": rulebook, "aids": aids, "compare": compare,
}


def fingerprint(kind: str, request: BuildRequest, everything: str) -> str:
    """The kind's fingerprint; a kind without one depends on `everything` (all inputs)."""
    known = FINGERPRINTS.get(kind)
    return known(request) if known else digest(kind, everything)

