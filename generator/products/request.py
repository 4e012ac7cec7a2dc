"""What a product is asked to make: the validated game, its layouts and the options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.artefacts import PAPERS

if TYPE_CHECKING:  # a build with nothing changed asks for no layout and no game
    from generator.core.model import Game
    from generator.layout.model import Layout


PICKED = "picked"  # the kind of the test print of the pieces `Export.picked` names


@dataclass(frozen=True)
class Export:
    """How pieces leave for a print shop, a screen or a home printer (`tkg build
    --preset/--dpi/--base-url/--one-sided/--pick`).

    Read by the print-shop files (the preset's bleed), the PNGs (bleed and resolution),
    the Tabletop Simulator export (resolution and where its images are served) and the
    print-and-play bundle (printed on one side or both), the test print of a few pieces.
    """

    preset: str | None = None  # a name of `presets.PRESETS`; None: each kind's default
    dpi: int | None = None  # pixels an inch; None: the preset's (PNG) or TTS_PPI (TTS)
    base_url: str = ""  # put before the TTS JSON's image paths; "": relative to the JSON
    one_sided: bool = False  # the bundle for a printer that prints one side: no blank backs
    picked: tuple[str, ...] = ()  # the pieces a test print holds (`products.picked`)


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
    export: Export = Export()
    # Which share of a kind made one paper at a time this is (the build gives each paper
    # to a core): 0 for the first, which also makes what every paper shares.
    share: int = 0
    # False: the bundle is not made, though the kinds hold pieces it prints (the
    # preview's first step; the whole build that follows makes it).
    bundle: bool = True

    @property
    def layout(self) -> Layout:
        """The layout the pieces are built in."""
        return self.layouts[0]

    @property
    def compare(self) -> tuple[Layout, ...]:
        """The layouts shown side by side (none unless two or more were asked for)."""
        return self.layouts if len(self.layouts) > 1 else ()
