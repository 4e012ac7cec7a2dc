"""What every drawing is made with: the game, its fonts, and the build's memo.

`build()` makes one kit per build and hands it down (DESIGN.md: the build context is
passed, never imported); a test or a tool makes its own with `Kit(game)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from generator.core.memo import Memo
from generator.core.model import Game
from generator.core.paths import anchored_name
from generator.draw.fonts import FontBook
from generator.load.digests import file_digest
from generator.load.fonts import font_licences


@dataclass(frozen=True, eq=False)
class Kit:
    """The game being drawn, its fonts measured, and the memo of this build."""

    game: Game
    memo: Memo = field(default_factory=Memo)

    @cached_property
    def fonts(self) -> FontBook:
        """The game's fonts by role, measured once for this build."""
        return FontBook(self.game.fonts, self.memo)

    @cached_property
    def assets(self) -> tuple[str, ...]:
        """Digests of the files every drawing may use: fonts, their licences (copied next
        to the SVGs) and the insignia symbols, and which font each role names (by its
        place in the content folders: a copy of the project elsewhere draws alike);
        worked out once per build."""
        fonts = sorted({path for _, path in self.game.fonts})
        licences = font_licences(fonts)
        symbols = [e.symbol_file for e in self.game.elements if e.symbol_file]
        folders = self.game.resolved_dirs
        return (*(f"{p.name}:{file_digest(p)}" for p in [*fonts, *licences, *symbols]),
                repr(tuple((role, anchored_name(path, folders))
                           for role, path in self.game.fonts)))
