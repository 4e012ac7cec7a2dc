"""The shipped font files and their licences, copied next to the SVGs that load them."""

from __future__ import annotations

from collections.abc import Iterable

from generator.core.artefacts import Artefact
from generator.core.model import Game
from generator.draw.scene import Scene


def font_files(game: Game, roles: Iterable[str], kind: str) -> list[Artefact]:
    """The TTFs of `roles` and the licence files beside them, as artefacts of `kind`.

    The SVGs load the shipped fonts from output/fonts/; the licences travel with them.
    """
    paths = sorted({path for r in set(roles) if (path := game.font(r)) is not None})
    licences = sorted({p for f in paths for p in f.parent.glob("LICENSE*")})
    return [Artefact(f"fonts/{p.name}", p.read_bytes(), kind) for p in paths + licences]


def used_roles(scenes: Iterable[Scene]) -> set[str]:
    """The font roles the scenes set their text in."""
    return {role for scene in scenes for role, _ in scene.fonts}
