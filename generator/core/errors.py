"""The project's exceptions, each saying when it is raised.

The CLI turns a `GeneratorError` into a message and an exit code; anything else is
a bug and shows a traceback only under `--debug`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.words import counted

if TYPE_CHECKING:
    from generator.core.diagnostics import Diagnostic


class GeneratorError(Exception):
    """Base of every error the user can cause and fix. `exit_code` is the CLI's."""

    exit_code = 3


class ContentError(GeneratorError):
    """Raised by `build` when validation found errors; carries every diagnostic."""

    exit_code = 1

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        errors = sum(1 for d in self.diagnostics if d.is_error)
        warnings = sum(1 for d in self.diagnostics if d.severity.value == "warning")
        if errors or not warnings:
            super().__init__(f"the content has {counted(errors, 'error')}; nothing was written")
        else:  # only --strict stops a build for warnings
            super().__init__(f"the content has {counted(warnings, 'warning')}, which "
                             "--strict counts as errors; nothing was written")

    def __reduce__(self):
        # Rebuilt from its diagnostics (not its message) when it crosses from a forked
        # rendering worker back to the build (generator.build.parallel pickles it).
        return (type(self), (self.diagnostics,))


class RenderError(GeneratorError):
    """Raised when a drawing or a PDF cannot be made (a broken art file, a bad font)."""

    exit_code = 3


class BudgetError(GeneratorError):
    """Raised before rendering when a build would make more than a limit of
    `generator.core.limits` allows (an image of too many pixels, a PDF of too many pages)."""

    exit_code = 1


class OutputError(GeneratorError):
    """Raised when the output folder cannot be written; the old output stays whole."""

    exit_code = 3


class ReportError(GeneratorError):
    """Raised when a saved simulation report (`tkg simulate --baseline FILE`) cannot be
    read or is not one run's report; the message names the file, line and column."""

    exit_code = 1


class UsageError(GeneratorError):
    """Raised when a command asks for what the content does not have, found only once
    there is work to do (`tkg build --only` naming no kind: a build with nothing
    changed answers before the kinds are loaded); exit 2, as click's usage errors."""

    exit_code = 2
