"""The last build's outcome, shared between the watcher and the preview server."""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import ClassVar

from generator.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class BuildOutcome:
    """One build: whether it succeeded, its diagnostics, what changed, how long it took.

    `changed` are the edited inputs that started it; `artefacts` the output files it wrote
    or removed (manifest paths), which the preview's open pages swap. `pending` marks the
    pieces' build of a rebuild whose other files are still being made; `preview` is how
    long the pieces took, when they were built first; `rendered` the kinds drawn anew.
    """

    ok: bool
    diagnostics: tuple[Diagnostic, ...] = ()
    changed: tuple[str, ...] = ()
    seconds: float = 0.0
    message: str = ""
    artefacts: tuple[str, ...] = ()
    pending: bool = False
    preview: float = 0.0
    rendered: tuple[str, ...] = ()


@dataclass
class BuildStatus:
    """A thread-safe holder of the latest outcome and a counter that waiters can watch.

    The server's event stream blocks in `wait_newer` and wakes when the watcher
    `publish`es a new outcome, so a page updates as soon as a build finishes. The files
    each of the last HISTORY builds changed are kept, so a page that missed a few builds
    (its stream was reconnecting) still learns every file they changed.
    """

    HISTORY: ClassVar[int] = 64

    outcome: BuildOutcome = field(default_factory=lambda: BuildOutcome(False, message="no build"))
    generation: int = 0
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _history: deque = field(default_factory=lambda: deque(maxlen=BuildStatus.HISTORY))

    def publish(self, outcome: BuildOutcome) -> None:
        """Record a finished build and wake every waiter."""
        with self._changed:
            self.outcome = outcome
            self.generation += 1
            self._history.append((self.generation, outcome.artefacts))
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

    def news(self, seen: int) -> tuple[int, tuple[str, ...] | None]:
        """The generation and every file the builds after `seen` changed, read together;
        None instead of the files when those builds are older than the history."""
        with self._changed:
            kept = [(g, files) for g, files in self._history if g > seen]
            if self.generation - max(seen, 0) > len(kept):
                return self.generation, None
            return self.generation, tuple(sorted({f for _, files in kept for f in files}))
