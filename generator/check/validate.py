"""`validate`: load the content, run every check, and summarise the result."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.check.game import check_game
from generator.core.diagnostics import Diagnostic, Severity, sort_key
from generator.core.model import Game
from generator.load.content import load_content


@dataclass(frozen=True)
class Report:
    """The outcome of validation: the game (if it loaded) and every diagnostic, sorted."""

    game: Game | None
    diagnostics: tuple[Diagnostic, ...]
    game_checked: bool
    tiles_read: int = 0
    elements_read: int = 0

    def count(self, severity: Severity) -> int:
        """How many diagnostics have that severity."""
        return sum(1 for d in self.diagnostics if d.severity is severity)

    @property
    def errors(self) -> int:
        """Number of errors."""
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        """Number of warnings."""
        return self.count(Severity.WARNING)

    def passed(self, strict: bool = False) -> bool:
        """True with no errors (and, when strict, no warnings)."""
        return self.errors == 0 and not (strict and self.warnings)

    def summary(self) -> str:
        """One line: tiles, elements, errors, warnings."""
        line = (f"{self.tiles_read} tiles, {self.elements_read} elements: {self.errors} error(s), "
                f"{self.warnings} warning(s)")
        if not self.game_checked:
            line += " (game rules not checked until the file errors are fixed)"
        return line


def validate(content_dir: Path, balance: bool = False) -> Report:
    """Load and check the content in `content_dir`; never raises for bad content.

    With `balance`, a sound tile set is also played by the simulator and its findings
    become warnings (TKG401-TKG403).
    """
    loaded = load_content(content_dir)
    found = list(loaded.diagnostics)
    if loaded.game is not None:
        found.extend(check_game(loaded.game))
    if balance and loaded.game is not None and not any(d.is_error for d in found):
        from generator.sim.balance import balance_diagnostics  # heavy: only when asked

        found.extend(balance_diagnostics(loaded.game))
    game = loaded.game
    return Report(game, tuple(sorted(found, key=sort_key)), game is not None,
                  loaded.tiles_read, loaded.elements_read)
