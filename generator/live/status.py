"""The last build's outcome, shared between the watcher and the preview server."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from generator.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class BuildOutcome:
    """One build: whether it succeeded, its diagnostics, what changed, how long it took."""

    ok: bool
    diagnostics: tuple[Diagnostic, ...] = ()
    changed: tuple[str, ...] = ()
    seconds: float = 0.0
    message: str = ""


@dataclass
class BuildStatus:
    """A thread-safe holder of the latest outcome and a counter that waiters can watch.

    The server's event stream blocks in `wait_newer` and wakes when the watcher
    `publish`es a new outcome, so a page refreshes as soon as a build finishes.
    """

    outcome: BuildOutcome = field(default_factory=lambda: BuildOutcome(False, message="no build"))
    generation: int = 0
    _changed: threading.Condition = field(default_factory=threading.Condition)

    def publish(self, outcome: BuildOutcome) -> None:
        """Record a finished build and wake every waiter."""
        with self._changed:
            self.outcome = outcome
            self.generation += 1
            self._changed.notify_all()

    def wait_newer(self, seen: int, timeout: float) -> int:
        """Block until the generation passes `seen` or the timeout ends; return it."""
        with self._changed:
            self._changed.wait_for(lambda: self.generation > seen, timeout=timeout)
            return self.generation

    def snapshot(self) -> tuple[int, BuildOutcome]:
        """The generation and outcome, read together."""
        with self._changed:
            return self.generation, self.outcome
