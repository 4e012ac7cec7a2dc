"""What a product is asked to make: the validated game, its layouts and the options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.core.artefacts import PAPERS
from generator.core.model import Game
from generator.layout.model import Layout


@dataclass(frozen=True)
class BuildRequest:
    """Everything a producer needs besides the build's kit: frozen data, read only.

    The layouts were loaded and checked by validation; nothing downstream reads a
    layout file again.
    """

    game: Game
    templates_dir: Path
    layouts: tuple[Layout, ...]  # the layout built first; with two or more, compared
    papers: tuple[str, ...] = PAPERS  # "a4", "letter"
    kinds: tuple[str, ...] = ()  # the kinds this build makes

    @property
    def layout(self) -> Layout:
        """The layout the pieces are built in."""
        return self.layouts[0]

    @property
    def compare(self) -> tuple[Layout, ...]:
        """The layouts shown side by side (none unless two or more were asked for)."""
        return self.layouts if len(self.layouts) > 1 else ()
