"""The tokens kind: life-token and Oink faces as SVG."""

from __future__ import annotations

from generator.backends.svg import scene_svg
from generator.core.artefacts import Artefact
from generator.products.fontfiles import _fonts
from generator.products.pieceset import piece_set
from generator.products.request import BuildRequest


def produce_tokens(request: BuildRequest) -> list[Artefact]:
    """Life-token and Oink faces as SVG (their sheets are pages of the bundle)."""
    ps = piece_set(request)
    game = request.game
    out = [Artefact(f"svg/tokens/{e}.svg", scene_svg(s, "../../fonts").encode(), "tokens")
           for e, s in zip(game.element_ids, ps.tokens, strict=True)]
    out += [Artefact(f"svg/oinks/{o.element}.svg", scene_svg(s, "../../fonts").encode(), "tokens")
            for o, s in zip(game.oinks, ps.oinks, strict=True)]
    out += _fonts(request, ps.layout, "tokens")
    return out
