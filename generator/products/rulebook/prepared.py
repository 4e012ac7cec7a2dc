"""What the rulebook's PDF pages and its HTML page are made from, worked out once."""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.model import Game
from generator.draw.scene import Scene
from generator.text.context import Rendered


@dataclass(frozen=True)
class Prepared:
    """What both papers and the HTML share: the rendered Markdown and the figures."""

    game: Game
    context: dict
    sections: tuple[Rendered, ...]
    figures: dict[str, Scene | None]
    cover: Scene
