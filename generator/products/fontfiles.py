"""The shipped font files and their licences, copied next to the SVGs that load them."""

from __future__ import annotations

from generator.core.artefacts import Artefact
from generator.layout.model import Layout
from generator.products.request import BuildRequest


def _fonts(request: BuildRequest, layout: Layout, kind: str) -> list[Artefact]:
    # The SVGs load the shipped fonts from output/fonts/; the licences travel with them.
    game, roles = request.game, set(layout.fonts)
    paths = sorted({game.font(r) for r in roles if game.font(r)})
    licences = sorted({p for f in paths for p in f.parent.glob("LICENSE*")})
    return [Artefact(f"fonts/{p.name}", p.read_bytes(), kind) for p in paths + licences]
