"""What a product is asked to make: the validated game and the build's options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.artefacts import PAPERS
from generator.core.model import Game


@dataclass(frozen=True)
class BuildRequest:
    """Everything a producer needs: the validated game and the chosen options."""

    game: Game
    templates_dir: Path
    papers: tuple[str, ...] = PAPERS  # "a4", "letter"
    layout: str = "default"  # name of the tile layout under templates/layouts/
    compare: tuple[str, ...] = ()  # layouts to show side by side (empty: no comparison)
